"""Secrets proven hidden (issue 17, section 2): for a seat, every engine can draw again all
that seat cannot see (a determinization). Over many random games, at random points, the
seat's view, texts, legal actions and the seats the game awaits must be identical after
resampling, and so must its own secret tokens; otherwise something hidden shows through
order, timing or structure. The points are drawn from the whole game (a long panzer game
runs ~700 steps).

One state at a time cannot show a leak that lies in how states come about: a face-down army
laid out by class looks like any other order. Such leaks have their own fixed-seed tests
(tests/ironfire/test_hidden.py).

SHAPAN_DET_GAMES sets the number of games per engine (default 1,000), shared out among the
engine's option sets (conflict's four player counts play 250 games each).
"""
from __future__ import annotations

import os
import random

import pytest

from games.core.engine import Seat
from games.core.playout import check_determinization
from games.registry import get_engine, get_game

GAMES_PER_ENGINE = int(os.environ.get("SHAPAN_DET_GAMES", "1000"))
POINTS = 1  # random points per game besides its start, anywhere in the game, and one hand-off

# (game, players, options): option sets under which something is hidden
CASES = [
    ("ironfire", 2, {"fog_of_war": "true"}),
    ("ironfire", 3, {}),
    ("ironfire", 3, {"fog_of_war": "true"}),
    ("frontline", 2, {}),
    ("panzer", 2, {}),
    ("conflict", 2, {}),
    ("conflict", 3, {}),
    ("conflict", 4, {}),
    ("conflict", 6, {}),
    ("fleet", 2, {}),
]


# Leaks the play-on check (check_determinization's lockstep) finds and no engine fixes yet: for
# these cases it is left out, every other check still runs. Remove an entry with its fix.
KNOWN_LEAKS: set[tuple[str, int, str]] = set()


# 1,000 games take up to two minutes on an idle core; on a loaded machine far more, so this
# test's hang guard is wider than the suite's 600 s (a timeout there crashed an xdist worker)
@pytest.mark.timeout(2400)
@pytest.mark.parametrize("game,players,options", CASES, ids=[f"{g}-{n}p-{o}" for g, n, o in CASES])
def test_resampling_what_a_seat_cannot_see_changes_nothing_it_sees(game, players, options):
    engine = get_engine(game)
    cases_of_engine = sum(1 for c in CASES if c[0] == game)
    games = -(-GAMES_PER_ENGINE // cases_of_engine)  # rounded up: at least GAMES_PER_ENGINE per engine
    known = (game, players, "fog" if options.get("fog_of_war") == "true" else "") in KNOWN_LEAKS
    checked = changed = 0
    for g in range(games):
        play = random.Random(f"det:{game}:{players}:{g}")
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
        state = engine.setup(seats, engine.parse_options(options), 10_000 + g).state
        start = engine.load_state(engine.dump_state(state))  # playing on may change `state` in place
        for n, point in [(0, start)] + _random_points(engine, state, play, POINTS):
            # half the time a seat to act: the game is then played on in both states too
            active = engine.active_seats(point)
            seat = play.choice(active) if active and play.random() < 0.5 else play.randrange(players)
            problems, did_change = check_determinization(get_game(game), point, seat, play,
                                                         lockstep_branches=0 if known else 4)
            assert not problems, f"{game} game {g} step {n} seat {seat}: {problems[:3]}"
            checked += 1
            changed += did_change
    assert checked >= games
    # it must really draw hidden things again, not hand back a copy with new dice (at many
    # points nothing else is hidden: an Iron & Fire battle without fog shows every card)
    assert changed >= checked // 10, f"only {changed} of {checked} resampled states differed beyond the dice"


def _random_points(engine, state, play: random.Random, k: int) -> list[tuple[int, object]]:
    """Plays a random game to its end and returns `k` of its states (after step n), each step
    equally likely, however long the game, and one of the states where the game turns to
    other seats (a fight, a reaction window, a rescue: where a pause may tell something)
    (reservoir sampling; the states are copies, as engines may change a state in place)."""
    pick = random.Random(play.random())
    chosen: list[tuple[int, object]] = []
    handoff: list[tuple[int, object]] = []
    handoffs = 0
    for n in range(1, 20_001):
        if engine.outcome(state) is not None:
            break
        active = engine.active_seats(state)
        seat = play.choice(active)
        state = engine.apply(state, seat, play.choice(engine.legal_actions(state, seat))).state
        slot = n - 1 if n <= k else pick.randrange(n)
        if slot < k:
            copy = engine.load_state(engine.dump_state(state))
            if slot < len(chosen):
                chosen[slot] = (n, copy)
            else:
                chosen.append((n, copy))
        if engine.outcome(state) is None and engine.active_seats(state) != active:
            handoffs += 1
            if pick.randrange(handoffs) == 0:
                handoff = [(n, engine.load_state(engine.dump_state(state)))]
    return chosen + handoff
