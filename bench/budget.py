"""How a searching decision spends its time budget, on a simulated clock (no wall time).

Every engine apply and determinize costs `--cost` seconds of a clock that moves only then
(as `tests/platform/test_search.py` does), so the figures repeat on a loaded machine. For
decision points of heuristic games (the tests' `_points`, seed 21), each searched with a
`--budget` second budget, it prints the rollouts a decision counted (the tree's root visits,
a walk cut short on the way down counting for nothing; the paired search's candidates times
its complete rounds), the tail it left unused (the budget
less the time the decision took, when it ended early) and how far past the budget it ended.

    python -m bench budget --game panzer --points 12
"""
from __future__ import annotations

import argparse
import random
import statistics

from games.core.search import Budget, SearchBot, make_bot
from games.registry import get_engine


class Clock:
    """Moves `cost` seconds at each engine apply or determinize, and only then."""

    def __init__(self, cost: float):
        self.now, self.cost = 0.0, cost

    def __call__(self) -> float:
        return self.now

    def engine(self, base):
        clock = self

        class Slow(type(base)):
            def apply(self, s, who, action):
                clock.now += clock.cost
                return super().apply(s, who, action)

            def determinize(self, s, who, rnd):
                clock.now += clock.cost
                return super().determinize(s, who, rnd)
        return Slow()


def main(argv: list[str]) -> int:
    from tests.platform.test_search import _points  # the tests' decision points, one definition

    parser = argparse.ArgumentParser(prog="python -m bench budget")
    parser.add_argument("--game", default="panzer")
    parser.add_argument("--points", type=int, default=12)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--cost", type=float, default=0.01, help="simulated seconds an apply costs")
    parser.add_argument("--level", default="", help="search as this level's bot (its evaluation, rollout length, "
                        "paired search) instead of the tests' bare tree and paired searches")
    args = parser.parse_args(argv)
    points = _points(get_engine(args.game), 2, {}, seed=21, want=args.points)
    for paired in (False, True):
        clock = Clock(args.cost)
        engine = clock.engine(get_engine(args.game))
        if args.level:
            if not paired:
                continue  # the levels search paired
            bot = make_bot(engine, args.level, Budget(seconds=args.budget))
            bot.clock = clock
        else:
            bot = SearchBot(engine, Budget(seconds=args.budget), rollout_steps=40, clock=clock, paired=paired)
        iterations, tails, over = [], [], []
        for k, (state, seat) in enumerate(points):
            started = clock.now
            bot.choose(state, seat, random.Random(3 + k))
            took = clock.now - started
            # rollouts that counted: the root's visits (a walk cut on the way down counts for
            # nothing), or the paired search's candidates times its complete rounds
            iterations.append(sum(v for v, _ in bot.last_tree.values()) if not paired else bot.iterations)
            tails.append(max(0.0, args.budget - took))
            over.append(max(0.0, took - args.budget))
        name = args.level or ("paired" if paired else "tree")
        print(f"{args.game} {name}: {len(points)} decisions of {args.budget:g} s, rollouts counted a decision "
              f"{statistics.mean(iterations):.1f} (total {sum(iterations)}), unused tail a decision "
              f"{statistics.mean(tails):.3f} s (max {max(tails):.2f}), past the budget {sum(o > 0 for o in over)} "
              f"decisions (max {max(over):.2f} s)")
    return 0
