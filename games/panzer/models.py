"""State, options and actions of panzer.

Options and actions are pydantic models. The state and its parts (tanks, ammunition markers,
the mover, the reaction window, the second shot) are plain slotted dataclasses: the rules read
and write their fields hundreds of thousands of times per game, and a pydantic BaseModel costs
several times as much per read (it defines `__getattr__`, which keeps CPython from specialising
attribute access) and far more per write (its `__setattr__`). The engine loads and dumps
`PanzerState` through a pydantic TypeAdapter (STATE_JSON), which validates every field by its
annotation and writes the same JSON the BaseModels did; the fields keep the BaseModels' order.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter, field_validator, model_validator

from games.core import ActionBase, GameRng
from games.panzer.data import MAPS

Hex = tuple[int, int]
AMMO_KINDS = ("overcharge", "apfsds", "hesh")
MODES = ("precise", "jump", "defensive", "advance")


class PanzerOptions(BaseModel):
    model_config = {"extra": "forbid"}
    map: str = "zhenli"
    rounds: int = Field(10, ge=1, le=30)
    opening: Literal["draft", "armies"] = "draft"  # alternate picks (the source) or whole armies
    budget: int = Field(200, ge=30, le=1000)
    veteran: Literal["off", "on", "per_mode"] = "off"  # rule 8 and its alternative
    hybrid: bool = False  # rule 9
    unreliable: bool = False  # rule 10 (needs hybrid)
    spotting: bool = False  # rule 11, forced spotting
    shortage: bool = False  # rule 12, ammunition shortage
    # the maps by the names the game shows (`map=Pravda`, `map=真理` choose zhenli)
    value_names: ClassVar[dict[str, dict[str, dict[str, str]]]] = {"map": {key: dict(m.name) for key, m in MAPS.items()}}

    @field_validator("map")
    @classmethod
    def _map(cls, v: str) -> str:
        v = v.strip().lower()
        if v not in MAPS:
            raise ValueError(f"map must be one of {', '.join(MAPS)}")
        return v

    @model_validator(mode="after")
    def _check(self) -> "PanzerOptions":
        if self.unreliable and not self.hybrid:
            raise ValueError("@panzer.option.unreliable.needs")  # a message key: shown in the reader's language
        return self


# kw_only: built by keyword only, as the models were
state_part = dataclass(slots=True, kw_only=True)


@state_part
class Ammo:
    id: str  # secret token while the marker lies face down
    kind: str


@state_part
class Tank:
    id: str  # a1.. for seat 0, b1.. for seat 1
    owner: int
    type: str
    pos: Hex | None = None
    hull: int = 0
    turret: int = 0
    alive: bool = True
    done: bool = False  # fired a precision or jump shot: its combat phase is over
    fired: bool = False  # fired this turn (own turn) or defensively (until its own move ends)
    dfired: bool = False  # fired defensively: no move or shot until own movement phase ends
    dash_tried: list[str] = field(default_factory=list)  # enemies designated for a cancelled jump shot this turn
    moved: bool = False  # moved in this movement phase
    turret_left: int = 0
    immobile: bool = False  # HESH 1-2, permanent
    gun_broken: bool = False  # HESH 3-4, permanent
    spotted: int = 0  # forced spotting: bonus to hit this tank
    dry_until: int = -1  # ammunition shortage: no shot up to this turn number
    stalled_turn: int = -1  # unreliable engine: no move in this turn number
    veteran: int = 0
    veteran_modes: dict[str, int] = field(default_factory=dict)
    ammo: list[Ammo] = field(default_factory=list)
    turn_start: Hex | None = None
    visited: list[Hex] = field(default_factory=list)
    last_start: Hex | None = None  # where it stood when its owner's previous turn began (bots never drive back there)


@state_part
class Mover:
    """The tank being driven (movement phase) or dashing (jump shot)."""
    tank: str
    dash: bool
    ap: int  # points left
    free: int  # free points declared (must all be spent)
    reserve: int = 0  # medium/heavy: point paid for a turn after a forward move, refunded if another forward follows
    free_turn: bool = False  # a turn right after a forward move
    last: str = ""  # "step" or "turn"
    start: Hex | None = None
    start_hull: int = 0
    start_turret: int = 0
    start_turret_left: int = 0
    target: str = ""  # a jump shot's designated enemy tank (phase rule 1-2, note 2)
    watched: bool = False  # its last step opened a defensive-fire window (the next one is no news)


@state_part
class Reaction:
    """A defensive-fire window: the waiting seat may shoot at the mover."""
    mover: str
    before: Hex
    after: Hex
    aim_at: Hex  # where shots judge the target (before, or after for forced spotting / wreck clearing)
    wreck_at: Hex  # where the wreck lies if the mover dies
    cleared: Hex | None = None


@state_part
class SecondShot:
    """Rate-of-fire advantage: a light tank may fire again at a medium or heavy target."""
    shooter: str
    target: str
    gun: int
    mode: str
    aim_at: Hex
    seat: int
    back: str  # phase to return to


@state_part
class PanzerState:
    names: list[str]
    rng: GameRng
    options: PanzerOptions
    phase: str = "draft"
    seat: int = 0  # whose input the phase waits on (turn player, drafter, deployer)
    first: int = 0  # first player (先手)
    sides: list[str] = field(default_factory=lambda: ["north", "south"])
    round: int = 1
    turn_no: int = 0  # player turns started so far
    own_turns: list[int] = field(default_factory=lambda: [0, 0])
    tanks: list[Tank] = field(default_factory=list)
    wrecks: list[Hex] = field(default_factory=list)
    picks: list[list[str]] = field(default_factory=lambda: [[], []])
    draft_done: list[bool] = field(default_factory=lambda: [False, False])
    pending_army: list[str | None] = field(default_factory=lambda: [None, None])
    army_token: list[str] = field(default_factory=lambda: ["", ""])
    ammo_ready: list[bool] = field(default_factory=lambda: [False, False])
    placing: str | None = None  # tank waiting for its facing
    pool: int = 0  # free action points left this turn
    mover: Mover | None = None
    reaction: Reaction | None = None
    second: SecondShot | None = None
    score: list[int] = field(default_factory=lambda: [0, 0])
    spent: list[int] = field(default_factory=lambda: [0, 0])
    counts: list[int] = field(default_factory=lambda: [0, 0])
    resigned: int | None = None
    finished: bool = False
    end_reason: str = ""
    ammo_spent: list[list[str]] = field(default_factory=lambda: [[], []])  # special rounds fired, per seat (public)


STATE_JSON = TypeAdapter(PanzerState)  # loads (validating) and dumps the state as JSON


# --- actions -------------------------------------------------------------------------

class Army(ActionBase):
    kind: Literal["army"] = "army"
    loadout: str


class Pick(ActionBase):
    kind: Literal["pick"] = "pick"
    tank: str


class Done(ActionBase):
    kind: Literal["done"] = "done"


class Side(ActionBase):
    kind: Literal["side"] = "side"
    side: Literal["north", "south"]


class Deploy(ActionBase):
    kind: Literal["deploy"] = "deploy"
    tank: str
    hex: str


class Face(ActionBase):
    kind: Literal["face"] = "face"
    dir: str


class Load(ActionBase):
    kind: Literal["load"] = "load"
    tank: str
    ammo: Literal["overcharge", "apfsds", "hesh"]


class Ready(ActionBase):
    kind: Literal["ready"] = "ready"


class Precise(ActionBase):
    kind: Literal["precise"] = "precise"
    tank: str
    target: str
    gun: int
    ammo: str | None = None


class Dash(ActionBase):
    kind: Literal["dash"] = "dash"
    tank: str
    target: str  # the enemy tank the jump shot is declared against


class JumpFire(ActionBase):
    kind: Literal["jumpfire"] = "jumpfire"
    tank: str
    target: str
    gun: int
    ammo: str | None = None


class Cancel(ActionBase):
    kind: Literal["cancel"] = "cancel"
    tank: str


class EndShots(ActionBase):
    kind: Literal["endshots"] = "endshots"


class Drive(ActionBase):
    kind: Literal["drive"] = "drive"
    tank: str
    free: int


class Go(ActionBase):
    kind: Literal["go"] = "go"
    tank: str
    hex: str


class Route(ActionBase):
    """A typed route: hexes to move to and facings to turn to, in order (e.g. `path a1 e9,ne,f8`).
    Not listed in the legal actions (routes would explode); the menu goes step by step."""
    kind: Literal["path"] = "path"
    tank: str
    steps: list[str]


class Turn(ActionBase):
    kind: Literal["turn"] = "turn"
    tank: str
    dir: str


class Turret(ActionBase):
    kind: Literal["turret"] = "turret"
    tank: str
    dir: str


class Halt(ActionBase):
    kind: Literal["halt"] = "halt"
    tank: str


class EndMove(ActionBase):
    kind: Literal["endmove"] = "endmove"


class DFire(ActionBase):
    kind: Literal["dfire"] = "dfire"
    tank: str
    gun: int
    ammo: str | None = None


class Hold(ActionBase):
    kind: Literal["hold"] = "hold"
    waiver: ClassVar[bool] = True  # no defensive fire: alone, the host applies it (bot/host)
    worded: ClassVar[bool] = True  # its own event says the pass ("… holds fire at …")


class Again(ActionBase):
    kind: Literal["again"] = "again"
    ammo: str | None = None


class NoAgain(ActionBase):
    kind: Literal["noagain"] = "noagain"
    waiver: ClassVar[bool] = True  # no second shot
    worded: ClassVar[bool] = True  # its own event says the pass ("… passes up the second shot of …")


class AdvFire(ActionBase):
    kind: Literal["advfire"] = "advfire"
    tank: str
    target: str
    gun: int
    ammo: str | None = None


class EndTurn(ActionBase):
    kind: Literal["endturn"] = "endturn"


ALL_ACTIONS = (
    Army, Pick, Done, Side, Deploy, Face, Load, Ready, Precise, Dash, JumpFire, Cancel, EndShots,
    Drive, Go, Route, Turn, Turret, Halt, EndMove, DFire, Hold, Again, NoAgain, AdvFire, EndTurn,
)
PanzerAction = (
    Army | Pick | Done | Side | Deploy | Face | Load | Ready | Precise | Dash | JumpFire | Cancel | EndShots
    | Drive | Go | Route | Turn | Turret | Halt | EndMove | DFire | Hold | Again | NoAgain | AdvFire | EndTurn
)


# --- fast copies ------------------------------------------------------------------------

def _copier(cls: type, deep: dict[str, str], **helpers: Any) -> Callable[[Any], Any]:
    """A copy function for a slotted dataclass that assigns every field, the ones in `deep`
    by an expression of the original `o` (a copy of a list the rules append to, say; the
    expressions may call `helpers`), the others shared. Built by exec, as dataclasses builds
    its own methods: copy.copy of a slotted dataclass goes through __reduce_ex__ and is about
    8 times slower, and the bots copy states and tanks hundreds of thousands of times a game."""
    lines = [f"    n.{f.name} = {deep.get(f.name, 'o.' + f.name)}\n" for f in fields(cls)]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, **helpers}
    exec("def copy_of(o):\n    n = new(cls)\n" + "".join(lines) + "    return n\n", namespace)
    return namespace["copy_of"]


shallow_state = _copier(PanzerState, {})  # parts shared: replace what a move may change
shallow_tank = _copier(Tank, {})
copy_mover = _copier(Mover, {})  # its fields are all immutable
_deep_tank = _copier(Tank, {
    "dash_tried": "list(o.dash_tried)", "veteran_modes": "dict(o.veteran_modes)",
    "ammo": "[copy_ammo(m) for m in o.ammo]", "visited": "list(o.visited)",
}, copy_ammo=_copier(Ammo, {}))
_deep_state = _copier(PanzerState, {
    "names": "list(o.names)", "rng": "o.rng.model_copy()", "sides": "list(o.sides)",
    "own_turns": "list(o.own_turns)", "tanks": "[deep_tank(t) for t in o.tanks]", "wrecks": "list(o.wrecks)",
    "picks": "[list(p) for p in o.picks]", "draft_done": "list(o.draft_done)",
    "pending_army": "list(o.pending_army)", "army_token": "list(o.army_token)", "ammo_ready": "list(o.ammo_ready)",
    "mover": "o.mover and copy_mover(o.mover)", "reaction": "o.reaction and copy_reaction(o.reaction)",
    "second": "o.second and copy_second(o.second)", "score": "list(o.score)", "spent": "list(o.spent)",
    "counts": "list(o.counts)", "ammo_spent": "[list(k) for k in o.ammo_spent]",
}, deep_tank=_deep_tank, copy_mover=copy_mover, copy_reaction=_copier(Reaction, {}),
   copy_second=_copier(SecondShot, {}))  # the parts' fields are all immutable


def copy_state(state: PanzerState) -> PanzerState:
    """A copy of the state sharing nothing the rules change (the options are never changed,
    and every other field is immutable or copied: tests/panzer/test_bot_speed.py checks that
    no list, dict or part is shared), some 30 times faster than copy.deepcopy."""
    return _deep_state(state)
