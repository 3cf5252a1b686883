"""The arena as a benchmark: `python -m bench arena [--a hard --b heuristic --games N --seconds S]`.

One line per game with the win rate of A over B (95 % Wilson interval), draws, and the time
per decision of each side; the last line gathers them. Budgets below the levels' own (hard
thinks 1 s a decision) make a quick run on a busy machine; say which budget a figure used.
"""
from __future__ import annotations

import argparse

from games.core.arena import SIDES, play_match
from games.core.search import Budget
from games.registry import GAME_MODULES, get_engine


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench arena")
    parser.add_argument("--a", default="hard", choices=SIDES)
    parser.add_argument("--b", default="heuristic", choices=SIDES)
    parser.add_argument("--games", type=int, default=10, help="games per game (seats alternated)")
    parser.add_argument("--seconds", type=float, default=None, help="thinking time per decision (default: the level's)")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per decision instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    budget = None
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(seconds=args.seconds, iterations=args.iterations)
    figures = []
    for key in args.game or list(GAME_MODULES):
        report = play_match(get_engine(key), args.a, args.b, args.games, seed=args.seed, budget=budget)
        print(report.line(), flush=True)
        lo, hi = report.interval()
        figures.append(f"{key}={100 * report.a_rate:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}] "
                       f"worst {1000 * report.times['a'].worst:.0f} ms")
    print(f"arena {args.a} vs {args.b}: " + ", ".join(figures))
    return 0
