"""Dice notation speed: `python -m bench dice` (or `python -m bench.dice`).

Rolls/s for a plain and a heavy expression, and the slowest of a set of the worst
expressions the limits allow (each parsed without the parse cache, rolled and rendered,
or refused), which must stay well under 50 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from games.core import dice
from games.core.dice import DiceError

PLAIN = "1d20+5"
HEAVY = "100d6kh50+20d10e10"

_N = dice.MAX_DICE
WORST = [
    # the most dice, with every modifier that costs work
    f"{_N}d{dice.MAX_SIDES}kh{_N - 1}>=500f10",
    f"{_N}d6r1e",  # rerolls and explosions run into the dice limit
    f"{_N}d2e",  # explosion chains everywhere
    f"20 {_N // 20}d6kh{_N // 40}",  # repeats, and output simplified
    f"4 {_N // 16}d{dice.MAX_SIDES}dl3; 4 {_N // 16}d6!; 4 {_N // 16}dF; 4 {_N // 16}d%>=50",
    # sets, minimum/maximum, reroll-and-add, a test of the total; tags with subtotals
    f"+d20 + ({_N // 2}d{dice.MAX_SIDES}mi2ma999ra1kh{_N // 4}, {_N // 5}d6e>3k>2)kh1 >= 5",
    " + ".join(["1d1000 [fire]", "1d1000 [cold]"] * 6) + " >= 1d20",
    # the parser's worst: the longest inputs, most terms, deepest nesting
    "+".join(["1d1000"] * (dice.MAX_TERMS // 2)) + "*" + "*".join(["999999"] * 3),
    "(" * dice.MAX_DEPTH + "1" + ")" * dice.MAX_DEPTH + "+1" * 40,
    "20 " + "*".join([str(dice.MAX_NUMBER)] * 24),  # too long to show: refused at render
    "-" * (dice.MAX_INPUT_CHARS - 1) + "1",  # refused: too deep
    "1d6+" * 50,  # refused: syntax, at the end of the longest input
]


def rate(expr: str, seconds: float, rng: random.Random) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(100):
            dice.roll(expr, rng).render("en")
        done += 100
    return done / elapsed


def worst_ms(expr: str, rng: random.Random, repeats: int) -> tuple[float, float, str]:
    """Slowest and median of `repeats` cold runs (parse cache cleared): parse, roll, render."""
    times, outcome = [], ""
    for _ in range(repeats):
        dice._parse_normalized.cache_clear()
        start = time.perf_counter()
        try:
            dice.roll(expr, rng).render("en")
            outcome = "ok"
        except DiceError as exc:
            outcome = exc.key
        times.append((time.perf_counter() - start) * 1000)
    return max(times), statistics.median(times), outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench dice")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per rate measurement")
    parser.add_argument("--repeats", type=int, default=20, help="cold runs per worst expression")
    args = parser.parse_args(argv)
    rng = random.Random(1)

    plain = rate(PLAIN, args.seconds, rng)
    heavy = rate(HEAVY, args.seconds, rng)
    results = []
    for expr in WORST:
        ms, median, outcome = worst_ms(expr, rng, args.repeats)
        results.append((ms, median, expr, outcome))
        shown = expr if len(expr) <= 60 else expr[:57] + "..."
        print(f"  max {ms:6.2f} ms  median {median:6.2f} ms  {outcome:22}  {shown} ({len(expr)} chars)")
    ms, _, expr, outcome = max(results)
    slowest_median = max(median for _, median, _, _ in results)
    shown = expr if len(expr) <= 40 else expr[:37] + "..."
    # The max includes scheduler and GC pauses on a busy machine; the median is the cost.
    print(
        f"dice: plain {PLAIN} {plain:,.0f} rolls/s, heavy {HEAVY} {heavy:,.0f} rolls/s, "
        f"worst allowed: slowest median {slowest_median:.2f} ms, max {ms:.2f} ms ({outcome}: {shown})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
