"""Iron & Fire: the table's options and the game state (plain slotted dataclasses)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from games.core import GameRng
from games.ironfire.cards import ban_keys

LETTERS = "abcd"
MAX_EDITS = 60  # army selection actions per seat; after this `drop` is no longer offered
MAX_REINFORCE = 4  # 102.4


class IronOptions(BaseModel):
    model_config = {"extra": "forbid"}
    format: Literal["army30", "alt20"] = "army30"  # 排兵布阵赛 / 架空历史赛
    logistics: str = "shared"  # shared (one roll), each (a roll per seat) or a number >= 40
    fog_of_war: bool = False
    bans: str = ""  # card keys banned by agreement (100.5), comma-separated (names taken too)
    match: int = Field(default=1, ge=1, le=7)  # games in the match

    @field_validator("logistics")
    @classmethod
    def _logistics(cls, v: str) -> str:
        v = v.strip().lower()
        if v in ("shared", "each"):
            return v
        if v.isdigit() and 40 <= int(v) <= 200:
            return str(int(v))
        raise ValueError("logistics must be shared, each, or a number from 40 to 200")

    @field_validator("bans")
    @classmethod
    def _bans(cls, v: str) -> str:
        return ",".join(sorted(set(ban_keys(v))))  # names refused with their candidates

    def banned(self) -> set[str]:
        return set(self.bans.split(",")) - {""}


# The state and its parts are plain slotted dataclasses, not pydantic models: the rules read
# and write their fields many times per decision, and BaseModel's `__getattr__`/`__setattr__`
# make each access several times slower. The engine loads and dumps `IronState` through a
# pydantic TypeAdapter (`_STATE`), which validates every field by its annotation and writes
# the same JSON the BaseModel did (same fields, same order).


@dataclass(slots=True)
class DeckCard:
    uid: str  # secret token
    card: str


@dataclass(slots=True)
class Unit:
    """A combat card in an army."""

    uid: str  # secret token (changes at every fog-of-war shuffle)
    card: str
    slot: str  # public label, e.g. a3
    cv: int  # remaining combat value
    heavy: bool = False  # 203.1 heavily damaged
    cut: bool = False  # 207.4 cut off from logistics this round
    attacked: bool = False
    up: bool = True  # face up (fog of war keeps cards face down)
    shown: bool = True  # the table has seen this card (face up now or at some time): it is known to be in the army


@dataclass(slots=True)
class Player:
    name: str
    deck: str = ""  # normalized deck code (secret from the others)
    deck_n: int = 0  # cards in the deck
    reserve: list[str] = field(default_factory=list)  # keys of the deck cards not in the army (a hidden pile)
    reserve_id: str = ""  # secret token naming the hidden pile
    picked: list[DeckCard] = field(default_factory=list)  # secret army selection / reinforcements being chosen
    army: list[Unit] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)  # special ability cards in the army (401)
    discard: list[str] = field(default_factory=list)
    logistics: int = 0  # 牌手后勤点数
    pending: int = 0  # 207.5 change that applies next round
    ready: bool = True
    need_cut: int = 0  # logistics still to cut off in this recount (102.4)
    done: bool = False  # under fog, ended its attacks for this round (ruling 22)
    seen: dict[str, int] = field(default_factory=dict)  # deck cards the table saw in earlier games of the match, most copies at once
    edits: int = 0
    out: bool = False  # army wiped out or resigned in this game
    resigned: bool = False
    out_order: int = 0  # when it went out (later is better)
    next_slot: int = 1


@dataclass(slots=True)
class AttackCtx:
    seat: int
    unit: str
    option: str
    n: int  # attacks on each target
    targets_left: int
    hit: list[str] = field(default_factory=list)
    hit_seats: list[int] = field(default_factory=list)


@dataclass(slots=True)
class FocusCtx:
    seat: int
    target: str
    members: list[list[str]] = field(default_factory=list)  # [slot, option]
    declared: bool = False
    answers_left: int = 0


@dataclass(slots=True)
class IronState:
    rng: GameRng
    options: IronOptions
    players: list[Player]
    phase: str = "deck"  # deck, first, army, battle, recount, over
    game_no: int = 1
    first: int = 0
    chooser: int | None = None  # who chose the first player of this game
    env: str = "normal"
    rounds: int = 0
    round: int = 0
    turn: int = 0
    attack: AttackCtx | None = None
    focus: FocusCtx | None = None
    game_ranks: list[list[int]] = field(default_factory=list)  # per finished game, the ranks of the seats
    tallies: list[list[int]] = field(default_factory=list)  # per finished game, the tally (103.2) per seat; [] when none was made
    out_count: int = 0
    finished: bool = False
    # card key -> the slots of its cards in the order they were turned face up in this game
    # ("" for one since shuffled face down, 101.5): a label keeps its ordinal (`Sniper Team
    # #2`) after its twin leaves the board (empty in states stored before)
    shown_order: dict[str, list[str]] = field(default_factory=dict)
