"""Complete random games per second for each game, and decisions per game (one core)."""
from __future__ import annotations

import argparse
import time

from games.core.playout import play_one
from games.registry import GAME_MODULES, get_engine

PLAYERS = {"ironfire": 2, "conflict": 3}


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
        start = time.perf_counter()
        # check_every large: measure the rules, not the leak checker
        while time.perf_counter() - start < args.seconds:
            r = play_one(engine, 10_000 + games, players, check_every=10**9)
            games += 1
            decisions += r.decisions
            finished += r.finished
        elapsed = time.perf_counter() - start
        line = f"{key}: {games / elapsed:.1f} games/s, {decisions / max(games, 1):.0f} decisions/game, {finished}/{games} finished"
        print(line)
        figures.append(f"{key}={games / elapsed:.1f}/s")
    print("engines: " + ", ".join(figures))
    return 0
