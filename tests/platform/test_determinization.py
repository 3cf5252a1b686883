"""Secrets proven hidden (issue 17, section 2): for a seat, every engine can draw again all
that seat cannot see (a determinization). Over many random games, at random points, the
seat's view, texts, legal actions and the seats the game awaits must be identical after
resampling; otherwise something hidden shows through order, timing or structure.

SHAPAN_DET_GAMES sets the number of games per engine and option set (default 1,000).
"""
from __future__ import annotations

import os
import random

import pytest

from games.core.engine import Seat
from games.core.playout import check_determinization
from games.registry import get_engine

GAMES = int(os.environ.get("SHAPAN_DET_GAMES", "1000"))

# (game, players, options): option sets under which something is hidden
CASES = [
    ("ironfire", 2, {"fog_of_war": "true"}),
    ("ironfire", 3, {}),
    ("frontline", 2, {}),
    ("panzer", 2, {}),
    ("conflict", 3, {}),
    ("fleet", 2, {}),
]


@pytest.mark.parametrize("game,players,options", CASES, ids=[f"{g}-{n}p-{o}" for g, n, o in CASES])
def test_resampling_what_a_seat_cannot_see_changes_nothing_it_sees(game, players, options):
    engine = get_engine(game)
    checked = changed = 0
    for g in range(GAMES):
        rnd = random.Random(f"det:{game}:{players}:{g}")
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
        state = engine.setup(seats, engine.parse_options(options), 10_000 + g).state
        # two random points per game, chosen before the game is played
        points = set(rnd.sample(range(1, 400), 2)) | {0}
        for n in range(20_000):
            if n in points:
                seat = rnd.randrange(players)
                try:
                    problems, did_change = check_determinization(engine, state, seat, rnd)
                except NotImplementedError:
                    pytest.skip(f"{game} has no determinize yet")  # TEMPORARY: removed once all five have one
                assert not problems, f"{game} game {g} step {n} seat {seat}: {problems[:3]}"
                checked += 1
                changed += did_change
            if engine.outcome(state) is not None:
                break
            active = engine.active_seats(state)
            seat = rnd.choice(active)
            state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
    assert checked >= GAMES
    # it must really draw hidden things again, not hand back a copy
    assert changed >= checked // 4, f"only {changed} of {checked} resampled states differed"
