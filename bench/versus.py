"""Today's search against an older commit's, on today's engines: `python -m bench versus`.

The older `games/core/search.py` (`git show COMMIT:games/core/search.py`) is loaded as a module
of its own beside today's, so both bots think in one process and can sit at one table; the
engines, heuristics and evaluations are today's for both (a heuristic reads a deadline only
from today's search: the older one sets none), so what differs is the search alone. Budgets
count the thinking thread's CPU time (the arena's `--cpu`), the only fair measure on a loaded
machine.

    python -m bench versus --commit be20ab4^1 --game panzer --b old --games 20 --first 0
    python -m bench versus --commit be20ab4^1 --game panzer --points 40 --point-seed 31

The first plays an arena match (sides `new`, `old`, or any arena side), games seeded as
`shapan arena` seeds them, a line after each game; the second searches the tests' decision
points (`tests.platform.test_search._points`) with both bots twice, the same rng for each
point, and prints the rounds each counted and how often their choices agree (each bot with
itself run again gives the noise of a CPU-time budget).
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from games.core import arena
from games.core.search import Budget, make_bot
from games.registry import get_engine


def old_search(commit: str):
    """`games/core/search.py` at `commit`, as the module `search_at_commit`."""
    text = subprocess.run(["git", "show", f"{commit}:games/core/search.py"], capture_output=True, text=True,
                          check=True).stdout
    path = Path(tempfile.mkdtemp()) / "search_at_commit.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("search_at_commit", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["search_at_commit"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench versus")
    parser.add_argument("--commit", required=True, help="the older search's commit")
    parser.add_argument("--game", default="panzer")
    parser.add_argument("--a", default="new")
    parser.add_argument("--b", default="old")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds a decision (default: the level's)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--points", type=int, default=0, help="instead: compare choices at this many decision points")
    parser.add_argument("--point-seed", type=int, default=31)
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    old = old_search(args.commit)
    budget = Budget(seconds=args.seconds) if args.seconds is not None else None

    def bot(side: str):
        if side in ("new", "old"):
            made = (make_bot if side == "new" else old.make_bot)(engine, args.level, budget)
            made.clock = time.thread_time
            return made
        return arena.side_bot(engine, side, budget, cpu=True)

    if args.points:
        return _agreement(engine, bot, args)
    report = arena.ArenaReport(args.game, args.a, args.b, engine.min_players)
    bots = {"a": bot(args.a), "b": bot(args.b)}

    def progress(r: arena.ArenaReport) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] game {args.first + r.games - 1}: {r.line()}", flush=True)

    try:
        arena._play_games(engine, report, bots, range(args.first, args.first + args.games), args.seed,
                          engine.min_players, None, progress)
    except KeyboardInterrupt:
        report.stopped = True
    print(report.line())
    return 0


def _agreement(engine, bot, args) -> int:
    from tests.platform.test_search import _points  # the tests' decision points, one definition

    points = _points(engine, 2, {}, seed=args.point_seed, want=args.points)
    runs: dict[str, list[tuple[str, int]]] = {}
    for name in ("new", "old", "new again", "old again"):
        searcher = bot(name.split()[0])
        got = []
        for k, (state, seat) in enumerate(points):
            searcher.memory = type(searcher.memory)()
            action = searcher.choose(state, seat, random.Random(3 + k))
            got.append((action.code(), searcher.iterations // searcher.candidates))
        runs[name] = got
        print(f"{name}: rounds a decision {statistics.mean(r for _, r in got):.2f}, {[r for _, r in got]}", flush=True)
    for x, y in (("new", "new again"), ("old", "old again"), ("new", "old"), ("new again", "old again")):
        same = sum(a[0] == b[0] for a, b in zip(runs[x], runs[y]))
        print(f"{args.game}: {x} and {y} chose alike at {same} of {len(points)} points")
    return 0
