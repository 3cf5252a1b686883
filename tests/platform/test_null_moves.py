"""No null moves (issue 21): "A bot never makes a move that changes nothing (turning a tank
back and forth, passing with useful actions left) unless nothing else is legal."

The class: a seat's own moves, in one unbroken run of its turn, that bring back a position it
already had (its view and the seats the game awaits), while it had another choice. Turning
left then right again, or declaring a drive and halting at once, are two of it. A move whose
result the dice decided (a shot that missed) is not a choice to change nothing and is left out.
"""
from __future__ import annotations

import json
import random

import pytest

from games.core.engine import Seat
from games.core.search import Budget, EasyBot, SearchBot, heuristic, is_null_move
from games.registry import get_engine

GAMES = ["ironfire", "frontline", "panzer", "conflict", "fleet"]


def _position(engine, state, seat: int) -> str:
    return json.dumps([engine.view(state, seat), sorted(engine.active_seats(state))], sort_keys=True, default=str)


def _null_moves(engine, choose, games: int, seed: int, max_steps: int = 1500) -> list[str]:
    found = []
    for g in range(games):
        play = random.Random(f"null:{seed}:{g}")
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
        state = engine.setup(seats, engine.parse_options({}), seed + g).state
        run: dict[int, set[str]] = {}  # per seat, the positions of its current run of moves
        for n in range(max_steps):
            if engine.outcome(state) is not None:
                break
            seat = engine.active_seats(state)[0]
            run.setdefault(seat, set()).add(_position(engine, state, seat))
            choices = len(engine.legal_actions(state, seat))
            action = choose(engine, state, seat, play)
            step = engine.apply(state, seat, action)
            state = step.state
            rolled = any(e.key == "core.roll" for e in step.events)
            if choices > 1 and not rolled and _position(engine, state, seat) in run[seat]:
                found.append(f"game {g} step {n}: seat {seat} played {action.code()!r} back to where it was")
            for s in list(run):
                if s not in engine.active_seats(state):
                    del run[s]  # its run of moves ended
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_heuristic_makes_no_null_move(game):
    engine = get_engine(game)
    found = _null_moves(engine, heuristic, games=4, seed=11)
    assert not found, found[:5]


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
@pytest.mark.parametrize("game", ["panzer", "fleet"])
def test_easy_and_the_search_make_no_null_move(game, paired):
    engine = get_engine(game)
    easy = EasyBot(engine)
    # paired: enough rounds (4 candidates, 3 rounds) that the search may overrule the heuristic
    search = SearchBot(engine, Budget(seconds=None, iterations=12 if paired else 3), rollout_steps=20, paired=paired)
    found = _null_moves(engine, lambda e, s, seat, rng: easy.choose(s, seat, rng), games=2, seed=5)
    found += _null_moves(engine, lambda e, s, seat, rng: search.choose(s, seat, rng), games=1, seed=6, max_steps=300)
    assert not found, found[:5]


def test_is_null_move_sees_a_turn_back_as_a_change_and_leaves_the_state_alone():
    """One step alone: a turn changes the facing (not null); the state given is untouched."""
    engine = get_engine("panzer")
    play = random.Random(2)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
    state = engine.setup(seats, engine.parse_options({}), 3).state
    while state.phase != "moving":
        seat = engine.active_seats(state)[0]
        state = engine.apply(state, seat, heuristic(engine, state, seat, play)).state
    seat = engine.active_seats(state)[0]
    before = engine.dump_state(state)
    turns = [a for a in engine.legal_actions(state, seat) if a.kind == "turn"]
    assert turns and not any(is_null_move(engine, state, seat, a) for a in turns)
    assert engine.dump_state(state) == before
