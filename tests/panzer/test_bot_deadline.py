"""The tank heuristic's long paths stop at a searching decision's deadline (issue 21: "Time per
decision is a budget"; README, Bot levels: "its budget is a deadline for every step it begins").
The heuristic's choice in the move phase tries each drive on copies (`_drive_goes_somewhere`:
the drive, then the moving tank's steps while it has points, each step weighing its turns on
copies in `_drive_step`), up to 18 engine steps in one call in the search tests' decisions; with
10 ms a step, 45 % of a hard decision's simulated clock went there (`_drive_step` called alone
16 %, dash planning 3 %: search17's count over the tests' twelve panzer points of seed 21). Such
a call cannot be interrupted by the search, so, like the scouts' dash planning, it asks
`games.core.deadline.passed()` before each trial move and answers with what it has so far
(no drive shown to lead anywhere: the move phase ends).

The clock is the search tests' simulated one (`_Timed`: 10 ms an engine step, no wall time), the
states those of heuristic games of a fixed seed."""
from __future__ import annotations

import random

import pytest

from games.core import deadline
from games.core.engine import Seat
from games.panzer import ENGINE
from games.panzer.bot import choose
from tests.platform.test_search import _Timed

STEP = 0.01


def _costly_calls(phase: str, want: int, least: int) -> list[tuple]:
    """(state, seat, steps) where the heuristic's call in `phase` takes at least `least` engine
    steps without a deadline: heuristic games of seed 41."""
    clock = _Timed(STEP)
    slow = clock.engine(ENGINE)
    found, play = [], random.Random(41)
    for game in range(12):
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
        state = ENGINE.setup(seats, ENGINE.parse_options({}), 900 + game).state
        for _ in range(600):
            if ENGINE.outcome(state) is not None or len(found) >= want:
                break
            seat = ENGINE.active_seats(state)[0]
            if state.phase == phase:
                before = clock.steps
                choose(slow, state, seat, random.Random(1))
                if clock.steps - before >= least:
                    found.append((ENGINE.load_state(ENGINE.dump_state(state)), seat, clock.steps - before))
            state = ENGINE.apply(state, seat, choose(ENGINE, state, seat, play)).state
    return found


@pytest.mark.parametrize("phase,least,end", [("move", 6, 2.5), ("moving", 2, 0.5)])
def test_the_drive_checks_stop_at_the_deadline(phase, least, end):
    """A call that takes at least `least` steps without a deadline (the move phase's choice of
    a drive; a moving tank's step, which weighs its turns on copies), given one `end` steps
    away, begins no engine step after it and answers with a legal action; without the
    deadline (live play, `easy`, iteration budgets) the same call plays as before."""
    calls = _costly_calls(phase, want=4, least=least)
    assert len(calls) >= 3, f"{phase}: {len(calls)} costly calls"
    for state, seat, steps in calls:
        clock = _Timed(STEP)
        slow = clock.engine(ENGINE)
        clock.end = end * STEP
        with deadline.until(clock, clock.end):
            action = choose(slow, state, seat, random.Random(1))
        assert clock.late == 0, f"{phase}: {clock.late} steps begun after the deadline (the call takes {steps})"
        assert clock.steps < steps
        assert action.code() in {a.code() for a in ENGINE.legal_actions(state, seat)}
        free = _Timed(STEP)
        assert choose(free.engine(ENGINE), state, seat, random.Random(1)).code() == \
            choose(ENGINE, state, seat, random.Random(1)).code()
        assert free.steps == steps
