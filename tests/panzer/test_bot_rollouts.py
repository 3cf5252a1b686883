"""Panzer's paired search plays its rollouts with the heuristic alone (`SEARCH_OPTIONS`,
`rollout_randomness` 0): a rollout is scored where the turn ends, and a random move among the
turn's thirty or so (an early `endmove` or `endturn`, a stray turret turn) would change what
the turn is worth more than the candidate being compared. What may differ between two
rollouts from one drawn world is the world's dice, not the rollout's own random numbers."""
from __future__ import annotations

import random

from games.core.engine import Seat
from games.core.search import Budget, heuristic, make_bot
from games.panzer import ENGINE
from games.panzer.bot import SETUP_PHASES, turn_of


def _battle(seed: int) -> object:
    """A seeded game played by the heuristic into its second turn, at a decision with a choice."""
    rng = random.Random(f"rollouts:{seed}")
    state = ENGINE.setup([Seat(index=s, name=f"P{s}", is_bot=True) for s in range(2)], ENGINE.parse_options({}),
                         seed).state
    while state.phase in SETUP_PHASES or state.turn_no < 2 or state.phase != "move":
        seat = ENGINE.active_seats(state)[0]
        state = ENGINE.apply(state, seat, heuristic(ENGINE, state, seat, rng)).state
    return state


def test_a_rollout_from_one_world_is_worth_the_same_whatever_the_rollout_seed():
    """4 (a turn: shots, movement, defensive fire, advance fire; then the other side's turn):
    from one world, rollouts with two different random seeds play the same turn and are scored
    alike; the same search with a tenth of the rollout's moves random scores them apart."""
    state = _battle(5)
    seat = ENGINE.active_seats(state)[0]
    bot = make_bot(ENGINE, "hard", Budget(seconds=None, iterations=48))
    world = ENGINE.determinize(state, seat, random.Random(0))
    turn = turn_of(world)

    def scored(randomness: float, rollout_seed: int) -> float:
        bot.rollout_randomness = randomness
        start = ENGINE.load_state(ENGINE.dump_state(world))
        return bot._rollout(start, 2, random.Random(rollout_seed), None, seat, turn)[seat]

    assert bot.rollout_randomness == 0.0
    assert len({scored(0.0, s) for s in range(6)}) == 1
    assert len({scored(0.1, s) for s in range(6)}) > 1
