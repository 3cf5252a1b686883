"""Card data of fleet & mech: pydantic models, loaded and validated from data/fleet.toml,
and the fleet code (a pasted loadout) with its validation."""
from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, model_validator

from games.core.data import DataError, load_model
from games.core.errors import RuleError

DATA_FILE = Path(__file__).parent / "data" / "fleet.toml"
DECK_SIDE_SIZE = 10  # ship cards and mech cards in the 20-card sub-weapon deck
MAX_COPIES = 2

Names = dict[str, str]  # {"zh-CN": ..., "en": ...}


class _Named(BaseModel):
    model_config = {"extra": "forbid"}
    name: Names

    @model_validator(mode="after")
    def _both_languages(self):
        if not self.name.get("zh-CN") or not self.name.get("en"):
            raise ValueError("name needs zh-CN and en")
        return self


class Weapon(_Named):
    kind: Literal["kinetic", "laser", "special"]
    ammo: int | None = None  # None: no ammunition needed (lasers)
    range: tuple[int, int]  # (min, max); max -1 = whole map
    shots: int = 1
    damage: int
    aoe: int = 0
    melee: bool = False
    support: bool = False  # used on a friendly mech, no rolls
    energy: int = 0  # energy counters needed and spent per use
    hit_vs_mech: int = 0
    hit_vs_ship: int = 0

    def in_range(self, dist: int) -> bool:
        lo, hi = self.range
        return dist >= lo and (hi < 0 or dist <= hi)


class ShipData(_Named):
    hp: int
    hit: int
    evade: int
    mains: int
    mechs: int
    pilots: int
    skills: list[str]


class MechData(_Named):
    hp: int
    hit: int
    evade: int
    traits: list[str]
    weapons: dict[str, Weapon]


class CaptainData(_Named):
    skills: list[str]


class PilotData(_Named):
    recovery: int
    talent: str


class SubData(_Named):
    side: Literal["ship", "mech"]
    timing: Literal["own", "any", "react"]


class EventData(_Named):
    kind: Literal["event", "weather"]
    count: int = 1


class PresetData(_Named):
    code: str


class FleetData(BaseModel):
    model_config = {"extra": "forbid"}
    ships: dict[str, ShipData]
    mains: dict[str, Weapon]
    mechs: dict[str, MechData]
    captains: dict[str, CaptainData]
    pilots: dict[str, PilotData]
    subs: dict[str, SubData]
    events: dict[str, EventData]
    presets: dict[str, PresetData]

    @cached_property
    def weapon_table(self) -> dict[str, Weapon]:
        """Every weapon by id, built once: a main weapon wins over a mech weapon of the same
        id, and the first mech that carries an id gives its numbers."""
        table: dict[str, Weapon] = {}
        for mech in reversed(list(self.mechs.values())):
            table.update(mech.weapons)
        table.update(self.mains)
        return table

    def weapon(self, weapon_id: str) -> Weapon:
        """A main weapon or a mech weapon by id (mech weapons with one id share numbers)."""
        return self.weapon_table[weapon_id]


def load_data(path: Path = DATA_FILE) -> FleetData:
    data = load_model(path, FleetData)
    for key, preset in data.presets.items():
        try:
            parse_loadout(preset.code, data)
        except RuleError as exc:
            raise DataError(f"{path.name}: entry presets.{key}: {exc.key} {exc.params}") from None
    return data


@lru_cache(maxsize=1)
def DATA() -> FleetData:  # noqa: N802 - reads as a constant
    return load_data()


class Loadout(BaseModel):
    ship: str
    mains: list[str]
    mechs: list[str]
    captain: str
    pilots: list[str]
    ship_cards: dict[str, int]
    mech_cards: dict[str, int]

    def code(self) -> str:
        def deck(cards: dict[str, int]) -> str:
            return ",".join(f"{k}*{v}" for k, v in sorted(cards.items()))

        return "/".join([self.ship, ",".join(self.mains), ",".join(self.mechs), self.captain,
                         ",".join(self.pilots), deck(self.ship_cards), deck(self.mech_cards)])


def _deck(text: str, side: str, data: FleetData) -> dict[str, int]:
    cards: dict[str, int] = {}
    for item in filter(None, text.split(",")):
        name, _, count = item.partition("*")
        sub = data.subs.get(name)
        if sub is None or sub.side != side:
            raise RuleError(f"fleet.code.bad_{side}_card", card=name)
        if not (count or "1").isdigit():
            raise RuleError("fleet.code.bad_format")
        cards[name] = cards.get(name, 0) + int(count or "1")
        if cards[name] > MAX_COPIES:
            raise RuleError("fleet.code.copies", card=name, max=MAX_COPIES)
    if sum(cards.values()) != DECK_SIDE_SIZE:
        raise RuleError(f"fleet.code.{side}_count", count=sum(cards.values()), need=DECK_SIDE_SIZE)
    return cards


def parse_loadout(code: str, data: FleetData | None = None) -> Loadout:
    """Parse `ship/mains/mechs/captain/pilots/ship-cards/mech-cards` or raise RuleError."""
    data = data or DATA()
    parts = code.strip().lower().split("/")
    if len(parts) != 7:
        raise RuleError("fleet.code.bad_format")
    ship_id, mains, mechs, captain, pilots, ship_cards, mech_cards = parts
    ship = data.ships.get(ship_id)
    if ship is None:
        raise RuleError("fleet.code.bad_ship", ship=ship_id)
    lists = {}
    for label, text, table, limit in (("main", mains, data.mains, ship.mains), ("mech", mechs, data.mechs, ship.mechs),
                                      ("pilot", pilots, data.pilots, ship.pilots)):
        items = [x for x in text.split(",") if x]
        for x in items:
            if x not in table:
                raise RuleError(f"fleet.code.bad_{label}", item=x)
        if len(set(items)) != len(items):
            raise RuleError(f"fleet.code.dup_{label}")
        if not 1 <= len(items) <= limit:
            raise RuleError(f"fleet.code.count_{label}", count=len(items), max=limit)
        lists[label] = items
    if captain not in data.captains:
        raise RuleError("fleet.code.bad_captain", item=captain)
    return Loadout(ship=ship_id, mains=lists["main"], mechs=lists["mech"], captain=captain, pilots=lists["pilot"],
                   ship_cards=_deck(ship_cards, "ship", data), mech_cards=_deck(mech_cards, "mech", data))
