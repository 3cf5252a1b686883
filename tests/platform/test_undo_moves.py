"""No bot undoes its own moves (issue 21: "A bot never makes a move that changes nothing
(turning a tank back and forth, passing with useful actions left) unless nothing else is
legal"; the newcomer playtest saw the tank game's plain bot drive "E3 → D2", "D2 → E3",
"E3 → D2", "D2 → E3" in one turn and conflict's hint turn the same unit face down and up
again every turn).

The class, counted here by an observer that sees every move: a seat's move brings one of its
units back to a pose (place, facing, face up or down, crew: each game's `poses`) that the unit
had since the start of the seat's previous turn, without anyone else having moved the unit in
between, while another legal move would not have done so. Seeded bot-against-bot games of
every game, for the plain heuristic, `easy` and `normal` (the level `/game hint` asks).

`python -m tests.platform.test_undo_moves [games] [levels]` prints undo pairs per 100 bot turns.
"""
from __future__ import annotations

import random
import sys

import pytest

from games.core.engine import Seat
from games.core.search import Budget, heuristic, make_bot
from games.core.undo import new_trail, poses
from games.registry import get_engine

GAMES = ["panzer", "conflict", "fleet", "frontline", "ironfire"]
# a search with as few samples as may overrule the heuristic (4 candidates, 3 paired rounds)
SEARCH_BUDGET = Budget(seconds=None, iterations=12)


def _chooser(engine, level: str):
    if level == "heuristic":
        return heuristic
    bots = {}  # one bot per seat: its memory is the seat's, as a host keeps it

    def choose(engine, state, seat, rng):
        if seat not in bots:
            bots[seat] = make_bot(engine, level, SEARCH_BUDGET if level != "easy" else None, rollout_steps=6)
        return bots[seat].choose(state, seat, rng)
    return choose


def undo_pairs(game: str, level: str, games: int, seed: int, max_steps: int) -> tuple[list[str], int]:
    """The undos the bots of `level` made in seeded games, and the bot turns played."""
    engine = get_engine(game)
    choose = _chooser(engine, level)
    found, turns = [], set()
    for g in range(games):
        play = random.Random(f"undo:{seed}:{g}")
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
        state = engine.setup(seats, engine.parse_options({}), seed + g).state
        trails = {s: new_trail(engine, len(seats)) for s in range(len(seats))}
        for n in range(max_steps):
            if engine.outcome(state) is not None:
                break
            seat = engine.active_seats(state)[0]
            turn, now = poses(engine, state, seat)
            turns.add((g, seat, turn))
            trail = trails[seat]
            trail.see(turn, now)
            legal = engine.legal_actions(state, seat)
            dumped = engine.dump_state(state)
            action = choose(engine, state, seat, play)
            if engine.dump_state(state) != dumped:  # trying moves must leave the real game alone
                found.append(f"game {g} step {n}: seat {seat} changed the state while choosing {action.code()!r}")
            before = engine.load_state(dumped)
            state = engine.apply(state, seat, action).state
            after = poses(engine, state, seat)[1]
            back = trail.undone(now, after)
            if back and len(legal) > 1:
                others = (engine.apply(engine.load_state(dumped), seat, a).state for a in legal if a != action)
                if any(not trail.undone(now, poses(engine, o, seat)[1]) for o in others):
                    found.append(f"game {g} step {n}: seat {seat} played {action.code()!r}, back to "
                                 f"{[(u, after[u]) for u in back]} (turn {turn}, lately {[trail.had[u][-4:] for u in back]})")
            trail.moved(after)
    return found, len(turns)


@pytest.mark.parametrize("game", GAMES)
def test_the_plain_heuristic_undoes_none_of_its_moves(game):
    found, turns = undo_pairs(game, "heuristic", games=3, seed=11, max_steps=1500)
    assert turns >= 10  # Iron & Fire's turns are its battle rounds: few
    assert not found, found[:5]


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("game", GAMES)
def test_easy_and_normal_the_hints_level_undo_none_of_their_moves(game, level):
    found, turns = undo_pairs(game, level, games=1, seed=5, max_steps=150 if level == "normal" else 1500)
    assert turns >= 3  # 150 steps reach the tank game's first round of movement
    assert not found, found[:5]


if __name__ == "__main__":
    for game in (sys.argv[1].split(",") if len(sys.argv) > 1 else GAMES):
        for level in (sys.argv[2].split(",") if len(sys.argv) > 2 else ["heuristic", "easy", "normal"]):
            many = level != "normal"
            found, turns = undo_pairs(game, level, games=6 if many else 2, seed=101, max_steps=3000 if many else 600)
            print(f"{game:10} {level:10} undos {len(found):4} in {turns:5} bot turns: "
                  f"{100 * len(found) / max(1, turns):6.2f} per 100", flush=True)
            for line in found[:3]:
                print("   ", line)
