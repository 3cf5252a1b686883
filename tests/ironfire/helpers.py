"""Helpers for Iron & Fire tests: armies laid out directly, and dice that roll what a test says."""
from __future__ import annotations

from games.core import Seat
from games.core.rng import GameRng
from games.ironfire import ENGINE
from games.ironfire.engine import DeckCard, IronState, rounds_for
from tests.rng_helpers import seeded_part


class ScriptedRng(GameRng):
    """Rolls the given values, in order, for every randint (die, dice, damage); then falls
    back to the seeded generator. Tests use it to replay the source's worked examples."""

    script: list[int] = []

    def randint(self, lo: int, hi: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert lo <= value <= hi, f"scripted {value} outside {lo}..{hi}"
            return value
        return super().randint(lo, hi)


def seats(n: int = 2) -> list[Seat]:
    return [Seat(index=i, name=f"P{i + 1}") for i in range(n)]


def new_game(n: int = 2, seed: int = 1, **options: str) -> IronState:
    return ENGINE.setup(seats(n), ENGINE.parse_options(options), seed).state


def battle(armies: list[list[str]], logistics: int = 45, reserve: list[list[str]] | None = None,
           env: str = "normal", fog: bool = False, seed: int = 7, first: int = 0, **options: str) -> IronState:
    """A game in its first round of attacks with exactly these armies (card keys; ability
    card keys put the ability card in play). Slots are a1, a2 ... in the order given."""
    opts = {"logistics": str(logistics), "fog_of_war": "true" if fog else "false", **options}
    state = new_game(len(armies), seed, **opts)
    state.env = env
    state.first = first
    for s, army in enumerate(armies):
        p = state.players[s]
        extra = list((reserve or [[]] * len(armies))[s])
        p.deck = ",".join(army + extra)
        p.deck_n = len(army) + len(extra)
        p.logistics = logistics
        p.reserve = extra
        p.reserve_id = state.rng.token("r")
        p.picked = [DeckCard(uid=state.rng.token("k"), card=k) for k in army]
        p.ready = True
    state.rounds = rounds_for(logistics)
    # lay out in the given order (the engine sorts a chosen army by class; tests want
    # slots exactly as given), then start the first round as the engine does
    for s in range(len(armies)):
        ENGINE._place(state, s, state.players[s].picked)
        state.players[s].picked = []
    ENGINE._start_round(state)
    return state


def script(state: IronState, *values: int) -> IronState:
    """Replace the state's dice by scripted values (then seeded ones)."""
    state.rng = ScriptedRng(**seeded_part(state.rng), script=list(values))
    return state


def unit(state: IronState, slot: str):
    return ENGINE._unit(state, slot)


def play(state: IronState, seat: int, code: str):
    return ENGINE.apply(state, seat, ENGINE.parse_action(code))


def keys(events) -> list[str]:
    return [e.key for e in events]


def rolls(events, what: str) -> list[dict]:
    return [e.params for e in events if e.key == "core.roll" and e.params.get("what") == what]
