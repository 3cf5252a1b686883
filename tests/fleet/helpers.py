"""Helpers for fleet tests: build a game from fleet codes and script the dice.

Tests set up their scenes by editing states by hand, outside the rules: each helper that edits
a state, and `act` before it applies (a test may have edited fields itself since the last
apply), calls `ENGINE.invalidate(state)`, so nothing the engine kept of the state is trusted."""
from __future__ import annotations

from games.core import GameRng, Seat
from games.fleet import ENGINE
from games.fleet.state import Card, FleetCode, FleetState, Victory
from tests.rng_helpers import seeded_part

SHIP_DECK = "emp*2,repair_bot*1,deck_bomb*1,spy_drone*1,warp_shield*1,convert_shield*1,drain_field*1,adv_weapons*1,turret*1"
MECH_DECK = "repair_kit*2,smoke*2,booster*2,ap_rounds*2,grenade*1,targeting*1"


class Dice(GameRng):
    """A GameRng that returns scripted results first (each checked against its range)."""
    queue: list[int] = []

    def randint(self, lo: int, hi: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            assert lo <= value <= hi, f"scripted {value} outside {lo}..{hi}"
            return value
        return super().randint(lo, hi)


def fleet(ship="bull", mains="heavy_vulcan", mechs="sword", captain="tim", pilots="zack") -> str:
    return f"{ship}/{mains}/{mechs}/{captain}/{pilots}/{SHIP_DECK}/{MECH_DECK}"


def new_game(c0: str, c1: str, goals=("annihilation", "annihilation"), seed: int = 1, options=None) -> FleetState:
    step = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options(options or {}), seed)
    s = step.state
    ENGINE.apply(s, 0, FleetCode(loadout=c0))
    ENGINE.apply(s, 1, FleetCode(loadout=c1))
    ENGINE.apply(s, 0, Victory(goal=goals[0]))
    ENGINE.apply(s, 1, Victory(goal=goals[1]))
    return s


def my_turn(s: FleetState, seat: int, ap: int = 2) -> None:
    s.turn, s.ap, s.pending, s.strike = seat, ap, [], None
    ENGINE.invalidate(s)


def put(s: FleetState, uid: str, zone: str, pilot: str | None = None) -> None:
    """Place a hangar mech on the field with a pilot (the first ready one by default)."""
    side = s.sides[0 if uid[0] == "a" else 1]
    m = next(m for m in side.mechs if m.uid == uid)
    p = next(p for p in side.pilots if p.status == "ready" and (pilot is None or p.pid == pilot))
    m.status, m.zone, m.pilot = "field", zone, p.pid
    p.status = "flying"
    ENGINE.invalidate(s)


def mech(s: FleetState, uid: str):
    return next(m for side in s.sides for m in side.mechs if m.uid == uid)


def dice(s: FleetState, *values: int) -> None:
    s.rng = Dice(**seeded_part(s.rng), queue=list(values))
    ENGINE.invalidate(s)


def act(s: FleetState, seat: int, code: str):
    ENGINE.invalidate(s)  # the test may have edited the state since the last apply
    return ENGINE.apply(s, seat, ENGINE.parse_action(code))


def pass_windows(s: FleetState) -> None:
    """Pass every open reaction window (a window opens for whoever might answer as the table
    sees it: a hidden captain, ship cards in hand)."""
    while s.pending and s.pending[0].kind == "react":
        act(s, s.pending[0].seat, "pass")


def give(s: FleetState, seat: int, card: str) -> str:
    """Put a card of that kind in the seat's hand; returns its id."""
    c = Card(id=s.rng.token("c"), card=card)
    s.sides[seat].hand.append(c)
    ENGINE.invalidate(s)
    return c.id


def clear_hands(s: FleetState) -> None:
    for side in s.sides:
        side.hand = []
    ENGINE.invalidate(s)


def keys(step) -> list[str]:
    return [e.key for e in step.events]
