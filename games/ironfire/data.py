"""Card data of Iron & Fire: pydantic models, the loader and the rule-301 card designer.

Cards live in `data/*.toml` beside this module and are validated when loaded; a bad file
raises `DataError` naming the file and the entry. Armour cards carry their rule-301
components instead of numbers: the designer computes their combat value and logistics.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from games.core.data import DataError, load_entries, read_toml, validate
from games.core.errors import RuleError

DATA = Path(__file__).parent / "data"
CLASSES = ("infantry", "armour", "air", "ranged")
ENVIRONMENTS = ("normal", "mountain", "city")
ABILITIES = ("captured", "repair", "fortify", "precision", "veteran")
NATIONS = ("de", "su", "us", "uk", "jp", "fr", "cn", "it")

_DICE = re.compile(r"^(?:(\d+)d(\d+)(?:\+(\d+))?|(\d+))$")
_RANGE = re.compile(r"^(-?\d+)~(-?\d+)$")


def round_half_up(num: int, den: int = 1) -> int:
    """num/den rounded half away from zero, in integers (no float surprises)."""
    sign = -1 if (num < 0) != (den < 0) else 1
    num, den = abs(num), abs(den)
    return sign * ((2 * num + den) // (2 * den))


class Dice(BaseModel):
    """A fixed number (`2`) or a dice expression (`1d3`, `1d2+1`)."""

    count: int = 0
    sides: int = 0
    plus: int = 0

    @classmethod
    def parse(cls, text: str) -> "Dice":
        m = _DICE.match(str(text).strip())
        if not m:
            raise ValueError(f"not a number or dice expression: {text!r}")
        if m.group(4) is not None:
            return cls(plus=int(m.group(4)))
        count, sides = int(m.group(1)), int(m.group(2))
        if count < 1 or sides < 2:
            raise ValueError(f"bad dice expression: {text!r}")
        return cls(count=count, sides=sides, plus=int(m.group(3) or 0))

    @property
    def fixed(self) -> bool:
        return self.count == 0

    def text(self) -> str:
        if self.fixed:
            return str(self.plus)
        return f"{self.count}d{self.sides}" + (f"+{self.plus}" if self.plus else "")


class AttackOption(BaseModel):
    """One attack option of a combat card (206.1, 207): against which classes, the
    damage range (negative heals, 207.2), how many attacks and targets, and logistics."""

    model_config = {"extra": "forbid"}
    key: str = ""
    vs: list[str]
    own: bool = False  # targets own cards (healing, 207.2)
    dmg: str
    n: Dice = Field(default_factory=lambda: Dice(plus=1))
    targets: Dice = Field(default_factory=lambda: Dice(plus=1))
    cost: int = 0  # 207.3: logistics spent to make this attack
    enemy_logistics: int = 0  # 207.5: change to the target owner's logistics next round
    own_logistics: int = 0  # 207.5: change to own logistics next round
    dmg_min: int = 0
    dmg_max: int = 0

    @field_validator("vs", mode="before")
    @classmethod
    def _vs(cls, v: object) -> list[str]:
        items = [v] if isinstance(v, str) else list(v)  # type: ignore[arg-type]
        for item in items:
            if item not in CLASSES:
                raise ValueError(f"unknown class {item!r} (use {', '.join(CLASSES)})")
        if not items:
            raise ValueError("vs needs at least one class")
        return items

    @field_validator("n", "targets", mode="before")
    @classmethod
    def _dice(cls, v: object) -> Dice:
        return v if isinstance(v, Dice) else Dice.parse(str(v))

    @model_validator(mode="after")
    def _numbers(self) -> "AttackOption":
        m = _RANGE.match(self.dmg.replace(" ", ""))
        if not m:
            raise ValueError(f"dmg must look like 2~3 or -2~-3, got {self.dmg!r}")
        lo, hi = int(m.group(1)), int(m.group(2))
        if self.own:
            if not (hi <= lo < 0):
                raise ValueError("an own (healing) option needs negative damage like -2~-3")
            lo, hi = hi, lo
        elif not (0 <= lo <= hi):
            raise ValueError("damage against enemies must be 0 <= min <= max")
        self.dmg_min, self.dmg_max = lo, hi
        if self.cost < 0:
            raise ValueError("cost must be >= 0")
        if not self.key:
            self.key = "heal" if self.own else self.vs[0]
        return self


class Design(BaseModel):
    """Rule-301 components of a vehicle."""

    model_config = {"extra": "forbid"}
    chassis: str = "armoured"
    engine: str
    suspension: str
    transmission: str
    armour: list[str]


class CombatCard(BaseModel):
    model_config = {"extra": "forbid"}
    key: str
    name: dict[str, str]
    nation: str
    cls: Literal["infantry", "armour", "air", "ranged"] = Field(alias="class")
    cv: int = 0  # printed combat value (203.1)
    logistics: int = 0  # printed logistics (203.2)
    attack: list[AttackOption]
    env: dict[str, int] = Field(default_factory=dict)  # damage change per environment
    abilities: list[str] = Field(default_factory=list)
    design: Design | None = None
    text: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> "CombatCard":
        if not re.fullmatch(r"[a-z][a-z0-9_]{1,15}", self.key):
            raise ValueError("key must be 2-16 lowercase letters, digits or _")
        if set(self.name) != {"en", "zh-CN"}:
            raise ValueError("name needs en and zh-CN")
        if self.nation not in NATIONS:
            raise ValueError(f"unknown nation {self.nation!r}")
        for env in self.env:
            if env not in ("mountain", "city"):
                raise ValueError(f"env modifier for unknown environment {env!r}")
        for ab in self.abilities:
            if ab not in ABILITIES:
                raise ValueError(f"unknown ability {ab!r}")
        keys = [o.key for o in self.attack]
        if not keys or len(set(keys)) != len(keys):
            raise ValueError(f"attack options need distinct keys, got {keys}")
        if self.cls == "armour":
            if self.design is None:
                raise ValueError("armour cards are built with rule 301: give `design`")
            numbers = design_card(self.design.model_dump())
            if self.cv and self.cv != numbers.cv or self.logistics and self.logistics != numbers.logistics:
                raise ValueError(f"cv/logistics disagree with the 301 design ({numbers.cv}/{numbers.logistics})")
            self.cv, self.logistics = numbers.cv, numbers.logistics
        if self.cv < 1 or self.logistics < 1:
            raise ValueError("cv and logistics must be at least 1")
        return self

    def option(self, key: str) -> AttackOption | None:
        for opt in self.attack:
            if opt.key == key:
                return opt
        return None


class AbilityCard(BaseModel):
    """A special ability card (401): grants `ability` to own combat cards listing it."""

    model_config = {"extra": "forbid"}
    key: str
    name: dict[str, str]
    ability: str
    logistics: int
    text: dict[str, str]

    @field_validator("ability")
    @classmethod
    def _ability(cls, v: str) -> str:
        if v not in ABILITIES:
            raise ValueError(f"unknown ability {v!r}")
        return v


class EnvironmentCard(BaseModel):
    model_config = {"extra": "forbid"}
    key: Literal["normal", "mountain", "city"]
    name: dict[str, str]
    text: dict[str, str]


class Component(BaseModel):
    model_config = {"extra": "forbid", "populate_by_name": True}
    points: float
    base: int = 0
    en: str
    zh: str = Field(alias="zh-CN")


class CardPool:
    """Every card of the set, by key."""

    def __init__(self, combat: list[CombatCard], abilities: list[AbilityCard], envs: list[EnvironmentCard]):
        self.combat = {c.key: c for c in combat}
        self.abilities = {a.key: a for a in abilities}
        self.environments = {e.key: e for e in envs}

    def logistics(self, key: str) -> int:
        card = self.combat.get(key) or self.abilities[key]
        return card.logistics

    def name(self, key: str, locale: str) -> str:
        card = self.combat.get(key) or self.abilities.get(key)
        if card is None:
            return key
        return card.name.get(locale) or card.name["en"]


@lru_cache(maxsize=1)
def components() -> dict[str, dict[str, Component]]:
    path = DATA / "components.toml"
    data = read_toml(path)
    out: dict[str, dict[str, Component]] = {}
    for group in ("chassis", "engine", "suspension", "transmission", "armour"):
        out[group] = {}
        for key, raw in data.get(group, {}).items():
            out[group][key] = validate(Component, raw, f"{path.name}: {group}.{key}")
    return out


def load_pool(folder: Path = DATA) -> CardPool:
    combat = list(load_entries(folder / "cards.toml", "card", CombatCard).values())
    abilities = list(load_entries(folder / "abilities.toml", "ability", AbilityCard).values())
    envs = list(load_entries(folder / "environments.toml", "environment", EnvironmentCard).values())
    clash = set(c.key for c in combat) & set(a.key for a in abilities)
    if clash:
        raise DataError(f"cards.toml/abilities.toml: keys used twice: {sorted(clash)}")
    if sorted(e.key for e in envs) != sorted(ENVIRONMENTS):
        raise DataError("environments.toml: needs exactly normal, mountain and city")
    return CardPool(combat, abilities, envs)


# --- rule 301: the card designer ------------------------------------------------------


class CardNumbers(BaseModel):
    cv: int
    logistics: int
    mobility: float
    protection: float


def _parse_components(components_in: dict | str) -> dict[str, object]:
    """Accept a dict or a text like `engine=diesel suspension=christie armour=rolled,sloped`."""
    if isinstance(components_in, dict):
        return dict(components_in)
    out: dict[str, object] = {}
    for part in str(components_in).replace(";", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not value:
            raise RuleError("ironfire.design.bad_part", part=part[:40])
        out[name.strip().lower()] = value.strip().lower()
    return out


def design_card(components_in: dict | str) -> CardNumbers:
    """Rule 301 as the project defines it (RULES.md §301):

    mobility   M = engine + chassis + suspension + transmission base + transmission
    protection P = sum of the armour components (at least one, each at most once)
    combat value = round_half_up(M + 2P);  logistics = max(1, round_half_up((M + P) / 3))
    """
    parts = _parse_components(components_in)
    table = components()
    known = {"chassis", "engine", "suspension", "transmission", "armour"}
    for name in parts:
        if name not in known:
            raise RuleError("ironfire.design.unknown_group", group=str(name)[:30], groups=", ".join(sorted(known)))
    chosen: dict[str, Component] = {}
    for group in ("chassis", "engine", "suspension", "transmission"):
        value = parts.get(group, "armoured" if group == "chassis" else None)
        if value is None:
            raise RuleError("ironfire.design.missing", group=f"@ironfire.group.{group}")
        if value not in table[group]:
            raise RuleError("ironfire.design.unknown", group=f"@ironfire.group.{group}", value=str(value)[:30],
                            choices=", ".join(table[group]))
        chosen[group] = table[group][str(value)]
    armour = parts.get("armour")
    if not armour:
        raise RuleError("ironfire.design.missing", group="@ironfire.group.armour")
    plates = armour.split(",") if isinstance(armour, str) else list(armour)  # type: ignore[arg-type]
    if len(set(plates)) != len(plates):
        raise RuleError("ironfire.design.twice", group="@ironfire.group.armour")
    for plate in plates:
        if plate not in table["armour"]:
            raise RuleError("ironfire.design.unknown", group="@ironfire.group.armour", value=str(plate)[:30],
                            choices=", ".join(table["armour"]))
    trans = chosen["transmission"]
    mobility = (chosen["engine"].points + chosen["chassis"].points + chosen["suspension"].points
                + trans.base + trans.points)
    protection = sum(table["armour"][p].points for p in plates)
    # work in halves: every point in the table is a multiple of 0.5
    m2, p2 = round(mobility * 2), round(protection * 2)
    cv = round_half_up(m2 + 2 * p2, 2)
    logistics = max(1, round_half_up(m2 + p2, 6))
    return CardNumbers(cv=cv, logistics=logistics, mobility=mobility, protection=protection)


HELP_WORDS = ("", "help", "帮助")


def design_help(locale: str) -> str:
    """Every component group with its choices (the value to type, its name and points)."""
    from games.core.i18n import t

    name = (lambda c: c.zh) if locale == "zh-CN" else (lambda c: c.en)
    lines = [t(locale, "ironfire.design.help")]
    for group, choices in components().items():
        listed = ", ".join(f"`{key}` {name(c)} ({c.points:g})" for key, c in choices.items())
        lines.append(f"• `{group}` ({t(locale, f'ironfire.group.{group}')}): {listed}")
    lines.append(t(locale, "ironfire.design.example"))
    return "\n".join(lines)


def design_text(components_in: dict | str, locale: str = "zh-CN") -> str:
    """The designer as one line of text for the console or Discord (errors included);
    nothing, `help` or `帮助` lists the component groups."""
    from games.core.i18n import t

    if isinstance(components_in, str) and components_in.strip().lower() in HELP_WORDS:
        return design_help(locale)
    try:
        n = design_card(components_in)
    except RuleError as exc:
        return t(locale, exc.key, **exc.params)
    return t(locale, "ironfire.design.result", cv=n.cv, logistics=n.logistics,
             mobility=f"{n.mobility:g}", protection=f"{n.protection:g}")
