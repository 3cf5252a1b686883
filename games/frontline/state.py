"""Frontline state and actions (pydantic models). The rules live in engine.py."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core import ActionBase, GameRng

HQ_START = 20
SUPPORT_SIZE = 4
FRONT_SIZE = 5
HAND_LIMIT = 9
NATURAL_SLOTS = 12
MAX_KREDITS = 24
MAX_TURNS = 120  # hard cap (turns of both players together); see RULES.md


class HandCard(BaseModel):
    id: str  # secret token: only its owner ever sees it
    key: str
    revealed: bool = False  # 1.3.1: both players see the card
    captured: bool = False  # 3.3.8
    active: bool = False  # an activated counter-order (4.2): hidden from the opponent
    bonus: int = 0  # +N/+N gathered in the deck (3.4.6)
    tutored: str = ""  # 4.1.4.2: the unit type the table was told when a tutor fetched it


class DeckCard(BaseModel):
    key: str
    bonus: int = 0


class Unit(BaseModel):
    uid: str  # public board id, "u7"
    key: str
    owner: int
    atk: int
    hp: int
    max_hp: int  # the "original" defence used to tell damaged units (3.7, 4.1.13)
    peak_hp: int  # highest defence ever reached (full repair, 4.1.13)
    op: int
    armour: int = 0
    keywords: list[str] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    effects: list[str] = Field(default_factory=list)  # lasting effects from orders ("attrition")
    veteran: bool = False
    captured: bool = False
    silenced: bool = False  # 4.1.12: printed triggers no longer work
    damaged: bool = False
    arrived_turn: int = 0  # turn number it was deployed, added or taken over
    moved: bool = False
    attacks: int = 0
    pinned_turn: int = -1  # 3.8: the turn number in which it cannot act
    double_turn: int = -1  # deals double combat damage in this turn number
    ambush_turn: int = -1  # 3.3.4: ambush used in this turn number
    lent_by: int | None = None  # 4.1.5 temporary control: the seat it goes back to at the end of the turn


class Player(BaseModel):
    name: str
    hq: int = HQ_START
    slots: int = 0
    kredits: int = 0
    hidden_spent: int = 0  # kredits spent on an active counter-order this turn (2.3)
    next_kredits: int = 0
    next_draws: int = 0
    hand: list[HandCard] = Field(default_factory=list)
    deck: list[DeckCard] = Field(default_factory=list)
    support: list[str] = Field(default_factory=list)
    fatigue: int = 0
    main: str | None = None
    ally: str | None = None
    deck_code: str | None = None
    mulligan: list[str] = Field(default_factory=list)  # hand ids marked to swap
    ready: bool = False  # deck chosen (deck phase) / mulligan done (mulligan phase)
    hq_effects: list[str] = Field(default_factory=list)


class FrontlineOptions(BaseModel):
    model_config = {"extra": "forbid"}
    first: Literal["random", "0", "1"] = "random"


class FrontlineState(BaseModel):
    rng: GameRng
    phase: Literal["deck", "mulligan", "main", "over"] = "deck"
    players: list[Player]
    units: dict[str, Unit] = Field(default_factory=dict)
    front: list[str] = Field(default_factory=list)
    front_owner: int | None = None
    first: int = 0
    turn: int = 0  # seat whose turn it is
    turn_no: int = 0  # turns played so far, both players together
    next_uid: int = 1
    winner: int | None = None
    draw: bool = False
    end_reason: str = ""
    resigned: int | None = None
    counter_owner: int | None = None  # set while an action resolves, if a counter-order fired


# --- actions -------------------------------------------------------------------------
class ChooseDeck(ActionBase):
    kind: Literal["deck"] = "deck"
    deck: str  # a ready-made deck's name, or a deck code


class Swap(ActionBase):
    kind: Literal["swap"] = "swap"
    card: str


class Keep(ActionBase):
    kind: Literal["keep"] = "keep"


class Deploy(ActionBase):
    kind: Literal["deploy"] = "deploy"
    card: str
    target: str | None = None


class PlayOrder(ActionBase):
    kind: Literal["order"] = "order"
    card: str
    target: str | None = None


class SetCounter(ActionBase):
    kind: Literal["counter"] = "counter"
    card: str


class Move(ActionBase):
    kind: Literal["move"] = "move"
    unit: str


class Attack(ActionBase):
    kind: Literal["attack"] = "attack"
    unit: str
    target: str  # a unit id, or "hq"


class EndTurn(ActionBase):
    kind: Literal["end"] = "end"


FrontlineAction = ChooseDeck | Swap | Keep | Deploy | PlayOrder | SetCounter | Move | Attack | EndTurn
ACTIONS = (ChooseDeck, Swap, Keep, Deploy, PlayOrder, SetCounter, Move, Attack, EndTurn)
