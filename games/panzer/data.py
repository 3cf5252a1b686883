"""The roster and the maps: data files beside the engine, validated on load."""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from games.core.data import load_model
from games.core.hexgrid import Hex, hex_name, offset_to_axial

DATA = Path(__file__).parent / "data"

Nation = Literal["de", "su", "us", "uk", "it", "jp", "fr"]
TankClass = Literal["light", "medium", "heavy"]
NATIONS: tuple[str, ...] = ("de", "su", "us", "uk", "it", "jp", "fr")


class Gun(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    name: str | dict[str, str]  # a calibre reads alike in both languages; "hull"/"turret" are words
    range: int = Field(ge=1, le=20)
    attack: int = Field(ge=0, le=30)
    turret: bool


class TankType(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    key: str = ""
    name: dict[str, str]
    nation: Nation
    tank_class: TankClass = Field(alias="class")
    price: int = Field(ge=1, le=200)
    move: int = Field(ge=1, le=8)
    armour: tuple[int, int]  # front, side
    turret_turns: int = Field(ge=0, le=6)
    guns: list[Gun] = Field(min_length=1)
    hybrid: bool = False  # optional rule 9 (hybrid drive)
    unreliable: Literal["hybrid", "every", "alternate"] | None = None  # optional rule 10

    @field_validator("name")
    @classmethod
    def _both_languages(cls, v: dict[str, str]) -> dict[str, str]:
        if not v.get("en") or not v.get("zh-CN"):
            raise ValueError("name needs en and zh-CN")
        return v

    @model_validator(mode="after")
    def _turret_consistent(self) -> "TankType":
        has_turret_gun = any(g.turret for g in self.guns)
        if has_turret_gun and self.turret_turns == 0:
            raise ValueError("a turret gun needs turret_turns >= 1")
        if not has_turret_gun and self.turret_turns != 0:
            raise ValueError("turret_turns must be 0 without a turret gun")
        return self

    @property
    def has_turret(self) -> bool:
        return self.turret_turns > 0


class Roster(BaseModel):
    model_config = {"extra": "forbid"}
    tanks: dict[str, TankType]


class GameMap(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    key: str = ""
    name: dict[str, str]
    terrain: list[str]
    zones: list[str]

    @model_validator(mode="after")
    def _shape(self) -> "GameMap":
        width = len(self.terrain[0]) if self.terrain else 0
        if not (4 <= width <= 26) or not (4 <= len(self.terrain) <= 30):
            raise ValueError("map must be 4..26 columns and 4..30 rows")
        if len(self.zones) != len(self.terrain):
            raise ValueError("zones must have as many rows as terrain")
        for i, (row, zrow) in enumerate(zip(self.terrain, self.zones)):
            if len(row) != width or len(zrow) != width:
                raise ValueError(f"row {i + 1} must be {width} characters wide")
            for j, (c, z) in enumerate(zip(row, zrow)):
                if c not in ".FMR":
                    raise ValueError(f"row {i + 1} column {j + 1}: unknown terrain {c!r}")
                if z not in ".NS":
                    raise ValueError(f"row {i + 1} column {j + 1}: unknown zone {z!r}")
                if z != "." and c in "FM":
                    raise ValueError(f"row {i + 1} column {j + 1}: a deployment hex must be passable")
        for z in "NS":
            if not any(z in r for r in self.zones):
                raise ValueError(f"zone {z} is empty")
        return self

    @property
    def width(self) -> int:
        return len(self.terrain[0])

    @property
    def height(self) -> int:
        return len(self.terrain)

    @cached_property
    def cells(self) -> dict[Hex, str]:
        """Every hex of the map and its terrain letter."""
        out = {}
        for row, line in enumerate(self.terrain):
            for col, c in enumerate(line):
                out[offset_to_axial(col, row)] = c
        return out

    @cached_property
    def names(self) -> dict[Hex, str]:
        return {h: hex_name(h) for h in self.cells}

    @cached_property
    def by_name(self) -> dict[str, Hex]:
        return {n: h for h, n in self.names.items()}

    @cached_property
    def sight_blockers(self) -> frozenset[Hex]:
        return frozenset(h for h, c in self.cells.items() if c in "FM")

    @cached_property
    def mountains(self) -> frozenset[Hex]:
        return frozenset(h for h, c in self.cells.items() if c == "M")

    @cached_property
    def forests(self) -> frozenset[Hex]:
        return frozenset(h for h, c in self.cells.items() if c == "F")

    def zone(self, side: str) -> list[Hex]:
        return list(self.zone_hexes["N" if side == "north" else "S"])

    @cached_property
    def zone_hexes(self) -> dict[str, tuple[Hex, ...]]:
        out: dict[str, list[Hex]] = {"N": [], "S": []}
        for row, line in enumerate(self.zones):
            for col, z in enumerate(line):
                if z in out:
                    out[z].append(offset_to_axial(col, row))
        return {z: tuple(hexes) for z, hexes in out.items()}


class MapFile(BaseModel):
    model_config = {"extra": "forbid"}
    maps: dict[str, GameMap]


def load_roster(path: Path = DATA / "roster.toml") -> dict[str, TankType]:
    roster = load_model(path, Roster)
    return {k: t.model_copy(update={"key": k}) for k, t in roster.tanks.items()}  # type: ignore[attr-defined]


def load_maps(path: Path = DATA / "maps.toml") -> dict[str, GameMap]:
    maps = load_model(path, MapFile)
    return {k: m.model_copy(update={"key": k}) for k, m in maps.maps.items()}  # type: ignore[attr-defined]


ROSTER = load_roster()
MAPS = load_maps()
