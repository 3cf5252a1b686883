"""Complete random games per second for each game, and decisions per game (one core).

The loop is the rules and nothing else: setup, then for each step the active seats, the
legal actions of one of them, a random choice, apply, outcome. The checks that
`shapan playout` adds (invariants, secrets, code round trips) are left out on purpose.
Rates are per second of this process's CPU time, so a busy machine (other processes on the
same cores) slows the wall clock but not the figure; the wall-clock rate is printed beside it.
"""
from __future__ import annotations

import argparse
import random
import time

from games.core.engine import Seat
from games.registry import GAME_MODULES, get_engine

PLAYERS = {"ironfire": 2, "conflict": 3}
MAX_STEPS = 20_000


def random_game(engine, seed: int, players: int) -> tuple[int, bool]:
    """One game from random legal actions; returns (decisions, finished)."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = engine.setup(seats, engine.parse_options({}), seed).state
    for decisions in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return decisions, True
        seat = rnd.choice(engine.active_seats(state))
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
    return MAX_STEPS, False


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench engines")
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per game")
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    figures = []
    for key in args.game or list(GAME_MODULES):
        try:
            engine = get_engine(key)
        except Exception as exc:  # a game that does not import is reported, not hidden
            figures.append(f"{key}=unavailable({type(exc).__name__})")
            continue
        players = PLAYERS.get(key, engine.min_players)
        games = decisions = finished = 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.process_time() - cpu < args.seconds:
            n, done = random_game(engine, 10_000 + games, players)
            games += 1
            decisions += n
            finished += done
        elapsed, wall = time.process_time() - cpu, time.perf_counter() - start
        rate = games / elapsed
        print(f"{key}: {rate:.1f} games/s (wall {games / wall:.1f}), {decisions / games:.0f} decisions/game, "
              f"{decisions / elapsed:,.0f} decisions/s, {finished}/{games} finished")
        figures.append(f"{key}={rate:.1f}/s ({decisions / games:.0f} dec)")
    print("engines: " + ", ".join(figures))
    return 0
