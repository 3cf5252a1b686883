"""Scenario builders for panzer tests: a board with chosen tanks, and loaded dice."""
from __future__ import annotations

from games.core import GameRng, Seat
from games.core.hexgrid import DIRECTION_NAMES
from games.panzer import ENGINE
from games.panzer import rules as R
from games.panzer.models import Ammo, PanzerState, Tank
from tests.rng_helpers import seeded_part


class LoadedRng(GameRng):
    """A GameRng whose next integers come from a list (then falls back to the seed)."""

    queue: list[int] = []

    def randint(self, lo: int, hi: int) -> int:
        if self.queue:
            v = self.queue.pop(0)
            assert lo <= v <= hi, f"loaded value {v} outside {lo}..{hi}"
            return v
        return super().randint(lo, hi)


def seats() -> list[Seat]:
    return [Seat(index=0, name="Anna"), Seat(index=1, name="Bob")]


def board(tanks: list[tuple], seed: int = 1, phase: str = "shots", seat: int = 0, **options) -> PanzerState:
    """tanks: (id, type, hex name, facing name[, turret facing name]); owner from the id letter."""
    state = ENGINE.setup(seats(), ENGINE.parse_options({k: str(v) for k, v in options.items()}), seed).state
    gmap = ENGINE.gmap(state)
    state.tanks = []
    for spec in tanks:
        tid, typ, hexname, facing = spec[:4]
        turret = spec[4] if len(spec) > 4 else facing
        owner = 0 if tid[0] == "a" else 1
        t = Tank(id=tid, owner=owner, type=typ, pos=gmap.by_name[hexname], hull=DIRECTION_NAMES.index(facing),
                 turret=DIRECTION_NAMES.index(turret), turret_left=R.ROSTER[typ].turret_turns)
        t.turn_start = t.pos
        state.tanks.append(t)
    state.picks = [[t.type for t in state.tanks if t.owner == s] for s in (0, 1)]
    state.spent = [sum(R.ROSTER[k].price for k in p) for p in state.picks]
    state.counts = [len(p) for p in state.picks]
    state.draft_done = [True, True]
    state.ammo_ready = [True, True]
    state.first = 0
    state.turn_no = 1 if seat == 0 else 2
    state.own_turns = [1, 1 if seat == 1 else 0]
    state.phase = phase
    state.seat = seat
    state.pool = 3
    return state


def load(state: PanzerState, values: list[int]) -> None:
    """Make the next random integers exactly these values."""
    rng = LoadedRng(**seeded_part(state.rng))
    rng.queue = list(values)
    state.rng = rng


def give_ammo(state: PanzerState, tid: str, *kinds: str) -> None:
    t = ENGINE.tank(state, tid)
    for k in kinds:
        t.ammo.append(Ammo(id=state.rng.token("am"), kind=k))


def act(state: PanzerState, code: str, seat: int | None = None):
    seat = state.seat if seat is None else seat
    return ENGINE.apply(state, seat, ENGINE.parse_action(code))


def codes(state: PanzerState, seat: int | None = None) -> set[str]:
    seat = state.seat if seat is None else seat
    return {a.code() for a in ENGINE.legal_actions(state, seat)}


def keys(step) -> list[str]:
    return [e.key for e in step.events]


def event(step, key: str):
    return next(e for e in step.events if e.key == key)
