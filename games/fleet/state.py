"""Game state and actions of fleet & mech, and the zone map (geometry stays here)."""
from __future__ import annotations

from typing import Any, ClassVar, Literal

from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from games.core import ActionBase, GameRng

# --- the zone map: 5 rows x 3 columns (L, C, R). Row 1 is seat 0's ship row, row 5 seat 1's.
COLS = "LCR"
ZONES = [f"{c}{r}" for r in range(1, 6) for c in COLS]
EVENT_ZONES = ("L3", "R3")
LAUNCH_ZONES = (("L2", "R2"), ("L4", "R4"))
SHIP_ROW = (1, 5)
MECH_PREFIX = ("a", "b")  # seat 0 mechs a1..a6, seat 1 b1..b6


def zrow(zone: str) -> int:
    return int(zone[1])


def _steps(a: str, b: str) -> int:
    return abs(zrow(a) - zrow(b)) + abs(COLS.index(a[0]) - COLS.index(b[0]))


def _adjacent(zone: str) -> tuple[str, ...]:
    r, c = zrow(zone), COLS.index(zone[0])
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 1 <= r + dr <= 5 and 0 <= c + dc <= 2:
            out.append(f"{COLS[c + dc]}{r + dr}")
    return tuple(out)


# the map is fixed and small: distances and neighbours are looked up, not computed (hot loop)
_DIST = {(a, b): _steps(a, b) for a in ZONES for b in ZONES}
NEIGHBOURS = {z: _adjacent(z) for z in ZONES}


def dist(a: str, b: str) -> int:
    """Moves between two zones (orthogonal steps)."""
    return _DIST[a, b]


def ship_dist(seat: int, zone: str) -> int:
    """Moves from a zone to the nearest zone of `seat`'s ship row (the ship zone)."""
    return abs(int(zone[1]) - SHIP_ROW[seat])


def neighbours(zone: str) -> list[str]:
    return list(NEIGHBOURS[zone])


def forward(seat: int) -> int:
    """Row step towards the enemy."""
    return 1 if seat == 0 else -1


# --- state ---------------------------------------------------------------------------
# The state classes are plain slotted dataclasses, not pydantic models: the rules build and
# read them in hot loops (a random game reads the state ~26,000 times), and a BaseModel's
# __getattr__ and __setattr__ hooks keep CPython from specialising attribute access, while a
# pydantic dataclass validates every part the rules build (a packet per hit, a pending
# decision per launch). FleetEngine.dump_state and load_state go through a pydantic
# TypeAdapter, which validates every field by its annotation and writes the same JSON.
# kw_only: the fields keep their order whatever their defaults.
state_model = dataclass(slots=True, kw_only=True)


@state_model
class Card:
    id: str  # secret token
    card: str  # sub-weapon id


@state_model
class Mech:
    uid: str
    model: str
    hp: int
    max_hp: int
    status: Literal["hangar", "field", "lost"] = "hangar"
    zone: str | None = None
    pilot: str | None = None
    revealed: bool = False  # pilot face up
    cards: list[Card] = field(default_factory=list)  # face-down mech sub-weapons
    ammo: dict[str, int] = field(default_factory=dict)
    acts: int = 0  # actions granted and not yet taken this turn
    attacked: bool = False  # this turn
    stun: int = 0  # own turns it cannot act
    banned_until: int = 0  # cannot launch before this round
    burn: int = 0  # burn ticks left
    boost: bool = False  # link charger: double damage
    smoke: bool = False
    ap_rounds: bool = False
    targeting: bool = False
    marks: int = 0  # tracer hit bonus against this unit
    mark_until: int = 0  # last global turn number the marks count


@state_model
class Ship:
    model: str
    hp: int
    max_hp: int
    hit: int
    evade: int
    energy: int = 0
    weapons: list[str]
    ammo: dict[str, int] = field(default_factory=dict)
    burn: int = 0
    marks: int = 0
    mark_until: int = 0
    giant: bool = False
    destroyed: bool = False


@state_model
class Pilot:
    pid: str
    token: str
    status: Literal["ready", "flying", "injured", "lost"] = "ready"
    back_turn: int = 0  # own turn number when an injured pilot is ready again
    revealed: bool = False


@state_model
class Build:
    token: str
    stage: Literal["ship", "main", "mech", "captain", "pilot", "deck", "victory", "ready"] = "ship"
    ship: str | None = None
    mains: list[str] = field(default_factory=list)
    mechs: list[str] = field(default_factory=list)
    captain: str | None = None
    pilots: list[str] = field(default_factory=list)
    ship_cards: dict[str, int] = field(default_factory=dict)
    mech_cards: dict[str, int] = field(default_factory=dict)
    victory: str | None = None


@state_model
class Side:
    build: Build
    ship: Ship | None = None
    mechs: list[Mech] = field(default_factory=list)
    captain: str | None = None
    captain_token: str = ""
    captain_revealed: bool = False
    pilots: list[Pilot] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    ship_pile: list[Card] = field(default_factory=list)
    mech_pile: list[Card] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # card ids (data), face up
    victory: str | None = None
    turns: int = 0  # own turns begun
    gathered: bool = False
    free_draw: bool = False
    resupply_used: bool = False
    turret: bool = False
    turret_used: bool = False
    precision: bool = False  # all attacks this turn deal double
    immune: bool = False  # this turn, from 动若脱兔
    hits_landed: int = 0
    evades: int = 0
    ship_damage: int = 0
    kills: int = 0
    losses: int = 0
    ready: list[str] = field(default_factory=list)  # captain skills acquired
    used: list[str] = field(default_factory=list)
    # every captain's skills whose condition this side has met (public facts, whatever the hidden
    # captain): reaction windows open by these, so a window does not tell which captain it is
    unlocked: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # ids of this side's cards the opponent has seen (spy drone)


@state_model
class Packet:
    target: str  # "ship" or a mech uid
    owner: int
    dmg: int
    nothing: str = ""  # what brought dmg to nothing (engine._shot_damage)
    laser: bool = False
    burn: bool = False
    knock: int = 0
    claw: bool = False
    strike: int = 0  # which roll of its attack landed it, when the attack rolled more than once (0: it did not)
    why: list[str] = field(default_factory=list)  # what made dmg differ from the weapon's (engine._shot_damage)


@state_model
class Strike:
    """An attack between its rolls and its damage: the reaction windows are open."""
    seat: int
    attacker: str
    weapon: str
    defender: int
    packets: list[Packet]
    windows: list[int]
    double: bool = False
    twin: bool = False


@state_model
class Pending:
    kind: Literal["react", "twin", "attach", "pick", "warp"]
    seat: int
    data: dict[str, Any] = field(default_factory=dict)


class FleetOptions(BaseModel):
    model_config = {"extra": "forbid"}
    arms_round: int = Field(default=20, ge=1, le=60)  # 军备竞赛 counts at the end of this round
    cap_round: int = Field(default=30, ge=1, le=99)  # hard cap when 军备竞赛 is not chosen


@state_model
class FleetState:
    names: list[str]
    rng: GameRng
    options: FleetOptions
    phase: Literal["build", "play", "over"] = "build"
    sides: list[Side]
    conditions: list[str] = field(default_factory=list)
    turn: int = 0
    first: int = 0
    round: int = 1
    turn_no: int = 0  # global count of turns begun
    ap: int = 0
    warp_done: bool = False
    weather: str | None = None
    event_pile: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    strike: Strike | None = None
    winner: int | None = None
    draw: bool = False
    reason: str = ""
    reason_params: dict[str, Any] = field(default_factory=dict)


# --- actions -------------------------------------------------------------------------
class Preset(ActionBase):
    kind: Literal["preset"] = "preset"
    name: str


class FleetCode(ActionBase):
    kind: Literal["fleet"] = "fleet"
    loadout: str


class PickShip(ActionBase):
    kind: Literal["ship"] = "ship"
    id: str


class PickMain(ActionBase):
    kind: Literal["main"] = "main"
    id: str


class PickMech(ActionBase):
    kind: Literal["mech"] = "mech"
    id: str


class PickCaptain(ActionBase):
    kind: Literal["captain"] = "captain"
    id: str


class PickPilot(ActionBase):
    kind: Literal["pilot"] = "pilot"
    id: str


class PickCard(ActionBase):
    kind: Literal["card"] = "card"
    id: str


class Done(ActionBase):
    kind: Literal["done"] = "done"


class Reset(ActionBase):
    kind: Literal["reset"] = "reset"


class Victory(ActionBase):
    kind: Literal["victory"] = "victory"
    goal: Literal["raid", "annihilation", "arms"]


class Fire(ActionBase):
    kind: Literal["fire"] = "fire"
    weapon: str
    target: str


class Draw(ActionBase):
    kind: Literal["draw"] = "draw"
    pile: Literal["ship", "mech"]


class Operate(ActionBase):
    kind: Literal["operate"] = "operate"


class Order(ActionBase):
    kind: Literal["order"] = "order"
    mech: str


class Launch(ActionBase):
    kind: Literal["launch"] = "launch"
    mech: str
    pilot: str
    zone: str


class Recall(ActionBase):
    kind: Literal["recall"] = "recall"
    mech: str


class Gather(ActionBase):
    kind: Literal["gather"] = "gather"


class PlayCard(ActionBase):
    kind: Literal["play"] = "play"
    card: str
    target: str | None = None


class EndTurn(ActionBase):
    kind: Literal["end"] = "end"


class UseSkill(ActionBase):
    kind: Literal["skill"] = "skill"
    name: str
    a: str | None = None
    b: str | None = None


class Turret(ActionBase):
    kind: Literal["turret"] = "turret"
    target: str


class Resupply(ActionBase):
    kind: Literal["resupply"] = "resupply"
    mechs: list[str]


class Move(ActionBase):
    kind: Literal["move"] = "move"
    mech: str
    zone: str


class Attack(ActionBase):
    kind: Literal["attack"] = "attack"
    mech: str
    weapon: str
    target: str


class UseCard(ActionBase):
    kind: Literal["use"] = "use"
    mech: str
    card: str
    target: str | None = None


class Stand(ActionBase):
    kind: Literal["stand"] = "stand"


class React(ActionBase):
    kind: Literal["react"] = "react"
    what: str  # a captain skill id or a card token
    target: str | None = None


class Pass(ActionBase):
    kind: Literal["pass"] = "pass"
    waiver: ClassVar[bool] = True  # declines a window: alone, the host applies it (bot/host)
    worded: ClassVar[bool] = True  # its own event says the pass ("… does not answer the launch.")


class Second(ActionBase):
    kind: Literal["second"] = "second"
    target: str


class Attach(ActionBase):
    kind: Literal["attach"] = "attach"
    card: str


class Go(ActionBase):
    kind: Literal["go"] = "go"


class Pick(ActionBase):
    kind: Literal["pick"] = "pick"
    card: str


class Warp(ActionBase):
    kind: Literal["warp"] = "warp"
    mech: str
    zone: str


ACTIONS = (Preset, FleetCode, PickShip, PickMain, PickMech, PickCaptain, PickPilot, PickCard, Done, Reset, Victory,
           Fire, Draw, Operate, Order, Launch, Recall, Gather, PlayCard, EndTurn, UseSkill, Turret, Resupply, Move,
           Attack, UseCard, Stand, React, Pass, Second, Attach, Go, Pick, Warp)


def window_answers(state: FleetState, p: Pending) -> str:
    """What a reaction window `p` answers, as the table names it (`fleet.window_for.*`): the
    opponent's launch or gathering, an attack, or the seat's own attack (精准打击's window)."""
    trigger = p.data["trigger"]
    if trigger == "strike" and state.strike is not None and state.strike.seat == p.seat:
        return "strike_own"
    return trigger
