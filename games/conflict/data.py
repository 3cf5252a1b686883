"""Game content (factions, territories, cards) loaded from the TOML files in data/ and
validated by pydantic; a bad entry raises an error naming the file and the entry."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, model_validator

from games.core.data import load_entries

DATA = Path(__file__).parent / "data"

TALENTS = {"guard_plus", "range_plus", "assault_plus", "vehicle_discount", "hand_plus", "unit_discount",
           "character_discount"}
CAPITAL_EFFECTS = {"capital_resource", "capital_draw", "capital_fortress", "capital_repair", "capital_guard"}
ABILITIES = {"flying", "charge", "bulwark", "demolition", "medic", "leader", "supply"}
STRATEGY = {"withdraw", "evade", "pact", "breakpact", "spy", "blockade", "recall", "aid", "airdrop", "wreck"}
UPGRADES = {"engine", "death", "aegis", "reactor", "camo", "augment", "ayrus", "tracker", "deflector",
            "catapult", "satellite", "rifle", "brain"}
SPECIALS = {"hbomb", "neutron", "smite", "emp", "plague", "hack", "assassinate"}
BASICS = {"attack", "move", "maintain", "retreat", "trade"}
FIELDED = ("unit", "character", "vehicle")


class Named(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    key: str
    zh: str
    en: str

    @property
    def name(self) -> dict[str, str]:
        return {"zh-CN": self.zh, "en": self.en}


class Faction(Named):
    talent: str
    capital: str

    @model_validator(mode="after")
    def _known(self) -> "Faction":
        if self.talent not in TALENTS:
            raise ValueError(f"unknown talent {self.talent!r}")
        if self.capital not in CAPITAL_EFFECTS:
            raise ValueError(f"unknown capital effect {self.capital!r}")
        return self


class TerritoryCard(Named):
    terrain: Literal["plain", "forest", "mountain", "desert", "coast", "city", "swamp"]
    durability: int

    @model_validator(mode="after")
    def _positive(self) -> "TerritoryCard":
        if not 1 <= self.durability <= 10:
            raise ValueError("durability must be 1..10")
        return self


class CardDef(Named):
    type: Literal["basic", "strategy", "upgrade", "special", "unit", "character", "vehicle"]
    count: int = 1
    cost: int = 0
    power: int = 0
    guard: int = 0
    range: int = 0
    abilities: list[str] = []
    loyalty: int = 0
    limit: int = 0
    crew: Literal["unit", "character", "any"] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> "CardDef":
        known = {"basic": BASICS, "strategy": STRATEGY, "upgrade": UPGRADES, "special": SPECIALS}.get(self.type)
        if known is not None and self.key not in known:
            raise ValueError(f"{self.type} card {self.key!r} has no rules in the engine")
        if self.count < 1:
            raise ValueError("count must be at least 1")
        bad = [a for a in self.abilities if a not in ABILITIES]
        if bad:
            raise ValueError(f"unknown abilities {bad}")
        if self.type in FIELDED:
            if self.range < 1 or self.power < 0 or self.guard < 1 or self.cost < 0:
                raise ValueError("a fielded card needs range >= 1, guard >= 1, power and cost >= 0")
        if self.type == "character" and self.loyalty < 1:
            raise ValueError("a character needs loyalty >= 1")
        if self.type == "vehicle" and (self.limit < 1 or self.crew is None):
            raise ValueError("a vehicle needs limit >= 1 and crew")
        return self

    @property
    def fielded(self) -> bool:
        return self.type in FIELDED


class Content(BaseModel):
    factions: dict[str, Faction]
    territories: dict[str, TerritoryCard]
    cards: dict[str, CardDef]


def load_content(folder: Path = DATA) -> Content:
    factions = load_entries(folder / "factions.toml", "faction", Faction, label="entry {key!r}")
    territories = load_entries(folder / "territories.toml", "territory", TerritoryCard, label="entry {key!r}")
    cards = load_entries(folder / "cards.toml", "card", CardDef, label="entry {key!r}")
    need = {"basic": BASICS, "strategy": STRATEGY, "upgrade": UPGRADES, "special": SPECIALS}
    for kind, keys in need.items():
        missing = keys - {k for k, c in cards.items() if c.type == kind}
        if missing:
            raise ValueError(f"cards.toml: missing {kind} cards {sorted(missing)}")
    if len(factions) < 6 or len(territories) < 24:
        raise ValueError("need at least 6 factions and 24 territories")
    return Content(factions=factions, territories=territories, cards=cards)


@lru_cache(maxsize=1)
def content() -> Content:
    return load_content()
