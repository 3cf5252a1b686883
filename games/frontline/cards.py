"""Card data: pydantic models for `data/cards.toml` and `data/decks.toml`, loaded and
checked once at import, plus deck codes (build, parse, validate)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from games.core.data import DataError, load_entries, read_toml, validate
from games.core.errors import RuleError

DATA = Path(__file__).parent / "data"

DECK_SIZE = 39
MAX_ALLIED = 12
MAX_COPIES = 3
MAX_ARMOUR = 3

UnitType = Literal["infantry", "tank", "artillery", "fighter", "bomber"]
Keyword = Literal[
    "guard", "smokescreen", "fury", "ambush", "blitz", "pincer", "capture", "mobilize", "immune", "mountain"
]
# Continuous (always-on) properties a card may print; silence removes them.
# shield_hq (adj. 6): enemy effects deal no damage to its owner's HQ while it is on the
# battlefield, which lasts to the end of the effect that destroys it.
Flag = Literal["no_hq_attack", "combat_damage_one", "order_proof", "shield_hq"]
# Who an effect touches. "target" is the target chosen with the action; "trigger" is the
# unit that set off a triggered effect or counter-order.
Selector = Literal[
    "target", "self", "trigger", "enemy_units", "friendly_units", "other_friendly_units", "all_units",
    "enemy_hq", "own_hq", "enemies", "both_hqs", "random_enemy", "random_friend", "damaged_enemies",
]
Op = Literal[
    "damage", "stat", "opcost", "kredits", "kredits_next", "slots", "draw", "draw_next", "tutor", "control",
    "borrow", "destroy", "heal_hq", "grant", "hq_effect", "create", "summon", "shuffle", "discard", "silence",
    "repair", "intel", "retreat", "pin", "double", "cancel", "return",
]
TargetKind = Literal["none", "enemy_unit", "friendly_unit", "any_unit", "enemy_target", "damaged_enemy"]
Promotion = Literal["deploy", "enter_front", "kill", "turn_start"]
CounterTrigger = Literal["enemy_deploy", "enemy_order", "hq_attacked", "enemy_move"]
UNIT_OPS = {"damage", "stat", "opcost", "control", "borrow", "destroy", "grant", "silence", "repair", "retreat", "pin",
            "double", "cancel"}
GRANTS = {"guard", "smokescreen", "fury", "ambush", "blitz", "pincer", "capture", "mobilize", "immune", "mountain",
          "attrition"}
Condition = Literal["hold_front", "front_empty"]


class Effect(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    do: Op
    to: Selector | None = None  # only for ops that touch units or HQs (UNIT_OPS)
    amount: int = 0  # damage, kredits, slots, cards to draw, tutor: +N/+N on the drawn card ...
    atk: int = 0  # stat changes
    hp: int = 0
    who: Literal["self", "enemy"] = "self"  # whose kredits, slots, deck, hand
    card: str | None = None  # create / summon / shuffle
    type: UnitType | None = None  # tutor
    keyword: str | None = None  # grant: a keyword or a lasting effect ("attrition")
    hq: Literal["retaliate"] | None = None  # hq_effect name

    @model_validator(mode="after")
    def _check(self) -> "Effect":
        if (self.do in UNIT_OPS) != (self.to is not None):
            raise ValueError(f"effect {self.do}: 'to' is needed exactly for {sorted(UNIT_OPS)}")
        if self.do in ("create", "summon", "shuffle") and self.card is None:
            raise ValueError(f"effect {self.do} needs a card")
        if self.do == "tutor" and (self.type is None or self.amount < 0):
            raise ValueError("effect tutor needs a type and a bonus of 0 or more")
        if self.do == "grant" and self.keyword not in GRANTS:
            raise ValueError(f"effect grant needs a keyword among {sorted(GRANTS)}")
        return self


class Card(BaseModel):
    model_config = {"extra": "forbid", "frozen": True}
    key: str
    code: str  # short id used in deck codes
    nation: Literal["de", "su", "it", "uk", "token"]
    kind: Literal["unit", "order", "counter"]
    name: dict[str, str]
    text: dict[str, str] = Field(default_factory=dict)
    cost: int
    collectible: bool = True
    # units
    type: UnitType | None = None
    op: int = 1
    atk: int = 0
    hp: int = 0
    armour: int = 0
    keywords: list[Keyword] = Field(default_factory=list)
    flags: list[Flag] = Field(default_factory=list)
    promote: Promotion | None = None
    vet_atk: int = 0
    vet_hp: int = 0
    deck_growth: int = 0  # in-deck effect: +N/+N for each of your turns spent in the deck
    # effects: on deploy (units) or on play (orders and counter-orders)
    target: TargetKind = "none"
    condition: Condition | None = None
    effects: list[Effect] = Field(default_factory=list)
    destroyed: list[Effect] = Field(default_factory=list)
    discarded: list[Effect] = Field(default_factory=list)
    turn_start: list[Effect] = Field(default_factory=list)
    on_attack: list[Effect] = Field(default_factory=list)
    on_order: list[Effect] = Field(default_factory=list)  # whenever its owner plays an order
    trigger: CounterTrigger | None = None  # counter-orders

    @model_validator(mode="after")
    def _check(self) -> "Card":
        if set(self.name) != {"en", "zh-CN"} or (self.text and set(self.text) != {"en", "zh-CN"}):
            raise ValueError("name and text need exactly the en and zh-CN entries")
        if self.kind == "unit":
            if self.type is None or self.hp < 1 or self.atk < 0:
                raise ValueError("a unit needs a type, attack >= 0 and defence >= 1")
            if not 0 <= self.armour <= MAX_ARMOUR:
                raise ValueError(f"heavy armour goes from 0 to {MAX_ARMOUR}")
            if self.promote and self.vet_hp < 1:
                raise ValueError("a unit that promotes needs veteran stats")
        elif self.type is not None:
            raise ValueError("only units have a type")
        if (self.kind == "counter") != (self.trigger is not None):
            raise ValueError("counter-orders, and only they, have a trigger")
        needs_target = any(e.to == "target" for e in self.effects)
        if needs_target and self.target == "none":
            raise ValueError("an effect aims at 'target' but the card names no target kind")
        if self.cost < 0:
            raise ValueError("cost below zero")
        return self


class PresetDeck(BaseModel):
    model_config = {"extra": "forbid"}
    name: dict[str, str]
    code: str


@lru_cache(maxsize=1)
def load_cards(path: Path = DATA / "cards.toml") -> dict[str, Card]:
    """All cards by key; a bad entry raises ValueError naming the file and the card."""
    cards = load_entries(path, "card", Card)
    if len({card.code for card in cards.values()}) != len(cards):
        raise DataError(f"{path.name}: two cards share a code")
    for card in cards.values():
        for eff in card.effects + card.destroyed + card.discarded + card.turn_start + card.on_attack + card.on_order:
            if eff.card is not None and eff.card not in cards:
                raise ValueError(f"{path.name}: card {card.key}: effect names unknown card {eff.card}")
    return cards


CARDS = load_cards()
BY_CODE = {c.code: c for c in CARDS.values()}
MAIN_NATIONS = ("de", "su")
ALLY_NATIONS = ("it", "uk")


def parse_deck(code: str) -> tuple[str, str, list[str]]:
    """`de/it/g01x3,g02x2,...` → (main nation, ally nation, 39 card keys), or RuleError."""
    parts = code.strip().split("/")
    if len(parts) != 3:
        raise RuleError("frontline.deck.format")
    main, ally, body = parts[0].lower(), parts[1].lower(), parts[2]
    if main not in MAIN_NATIONS:
        raise RuleError("frontline.deck.main", nation=main[:8])
    if ally not in ALLY_NATIONS:
        raise RuleError("frontline.deck.ally", nation=ally[:8])
    keys: list[str] = []
    seen: set[str] = set()
    for item in filter(None, body.split(",")):
        short, _, count = item.partition("x")
        card = BY_CODE.get(short)
        if card is None or not card.collectible:
            raise RuleError("frontline.deck.unknown", card=short[:12])
        if not count.isdigit() or not 1 <= int(count) <= MAX_COPIES or short in seen:
            raise RuleError("frontline.deck.copies", card=short, limit=MAX_COPIES)
        if card.nation not in (main, ally):
            raise RuleError("frontline.deck.nation", card=short)
        seen.add(short)
        keys += [card.key] * int(count)
    if len(keys) != DECK_SIZE:
        raise RuleError("frontline.deck.size", size=len(keys), need=DECK_SIZE)
    allied = sum(CARDS[k].nation == ally for k in keys)
    if allied > MAX_ALLIED:
        raise RuleError("frontline.deck.allied", count=allied, limit=MAX_ALLIED)
    return main, ally, keys


def deck_code(main: str, ally: str, keys: list[str]) -> str:
    """The normalized, shareable code of a deck (cards in pool order)."""
    order = list(CARDS)
    counts: dict[str, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    body = ",".join(f"{CARDS[k].code}x{counts[k]}" for k in sorted(counts, key=order.index))
    return f"{main}/{ally}/{body}"


@lru_cache(maxsize=1)
def load_presets(path: Path = DATA / "decks.toml") -> dict[str, PresetDeck]:
    presets: dict[str, PresetDeck] = {}
    for name, entry in read_toml(path).get("deck", {}).items():
        preset = validate(PresetDeck, entry, f"{path.name}: deck {name}")
        try:
            parse_deck(preset.code)
        except RuleError as exc:
            raise DataError(f"{path.name}: deck {name}: {exc.key} {exc.params}") from None
        presets[name] = preset
    return presets
