"""Frontline state and actions. The rules live in engine.py and rules.py.

Options and actions are pydantic models. The state and its parts are plain slotted
dataclasses, as panzer's: the rules read and write their fields hundreds of thousands of
times per game, and a pydantic BaseModel costs several times as much per read and far more
per write. The engine loads and dumps `FrontlineState` through a pydantic TypeAdapter
(STATE_JSON), which validates every field by its annotation and writes the same JSON the
BaseModels did (the fields keep their order).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, TypeAdapter

from games.core import ActionBase, GameRng

HQ_START = 20
SUPPORT_SIZE = 4
FRONT_SIZE = 5
HAND_LIMIT = 9
NATURAL_SLOTS = 12
MAX_KREDITS = 24
MAX_TURNS = 120  # hard cap (turns of both players together); see RULES.md


# kw_only: built by keyword only, as the models were
state_part = dataclass(slots=True, kw_only=True)

# The parts the rules make at every turn (a drawn card, a deployed unit, a chosen deck's cards)
# are made as `x = blank(Unit)` then `x.__init__(uid=..., ...)`: the very object `Unit(uid=...,
# ...)` makes, without type.__call__ gathering the keywords into a dict and spreading them out
# again (of a Unit's 23, most of its cost; callgrind: -2.8 % instructions a decision).
blank = object.__new__


@state_part
class HandCard:
    id: str  # secret token: only its owner ever sees it
    key: str
    revealed: bool = False  # 1.3.1: both players see the card
    captured: bool = False  # 3.3.8
    active: bool = False  # an activated counter-order (4.2): hidden from the opponent
    bonus: int = 0  # +N/+N gathered in the deck (3.4.6)
    tutored: str = ""  # 4.1.4.2: the unit type the table was told when a tutor fetched it


@state_part
class DeckCard:
    key: str
    bonus: int = 0


@state_part
class Unit:
    uid: str  # public board id, "u7"
    key: str
    owner: int
    atk: int
    hp: int
    max_hp: int  # the "original" defence used to tell damaged units (3.7, 4.1.13)
    peak_hp: int  # highest defence ever reached (full repair, 4.1.13)
    op: int
    armour: int = 0
    keywords: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)  # lasting effects from orders ("attrition")
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


@state_part
class Player:
    name: str
    hq: int = HQ_START
    slots: int = 0
    kredits: int = 0
    hidden_spent: int = 0  # kredits spent on an active counter-order this turn (2.3)
    next_kredits: int = 0
    next_draws: int = 0
    hand: list[HandCard] = field(default_factory=list)
    deck: list[DeckCard] = field(default_factory=list)
    support: list[str] = field(default_factory=list)
    fatigue: int = 0
    main: str | None = None
    ally: str | None = None
    deck_code: str | None = None
    mulligan: list[str] = field(default_factory=list)  # hand ids marked to swap
    ready: bool = False  # deck chosen (deck phase) / mulligan done (mulligan phase)
    hq_effects: list[str] = field(default_factory=list)
    # What the table knows of the player's hidden cards (unrevealed hand and deck), kept so
    # that a resampled world (determinize.py) never contradicts it: cards it saw go back into
    # the deck (a revealed card returned, 4.1.11), one dropped when such a card leaves in view;
    # and unit types a search found none of in the deck (4.1.4.2), until the deck may gain one.
    known_hidden: list[str] = field(default_factory=list)
    searched_none: list[str] = field(default_factory=list)


class FrontlineOptions(BaseModel):
    model_config = {"extra": "forbid"}
    first: Literal["random", "0", "1"] = "random"


@state_part
class FrontlineState:
    rng: GameRng
    phase: Literal["deck", "mulligan", "main", "over"] = "deck"
    players: list[Player]
    units: dict[str, Unit] = field(default_factory=dict)
    front: list[str] = field(default_factory=list)
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
    # unit id -> the number it got on coming onto the board while a unit of its card was there
    # (`Rearguard #2`: the lowest its twins on the board did not hold; 1 for the twin that was
    # alone, none for a unit that never met one): kept while it lives and after, so the log
    # names it as the table saw it (rules.place)
    numbers: dict[str, int] = field(default_factory=dict)


STATE_JSON = TypeAdapter(FrontlineState)  # loads (validating) and dumps the state as JSON


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
