"""The arena: two bot levels play each other, seats alternated (`shapan arena`, `python -m bench arena`).

Player A sits at seat `g % players` in game g and B fills every other seat, so neither side
keeps the first move. The report gives A's win rate with a 95 % Wilson interval, the draws
(and games cut off at the step limit), and each side's average and worst time per decision
(a decision with one legal action is not counted: nothing is thought about), on the wall
clock and in CPU time of the thinking thread. A match interrupted (Ctrl-C, `timeout -s INT`)
ends there and reports the games it finished, marked "stopped early": a long run on a busy
machine keeps what it measured.

With `cpu=True` a search's budget counts the CPU time its thread gets instead of the wall
clock: a decision thinks as much as it would on an idle core, whatever else the machine runs,
so that figures measured on a loaded machine are those of the budget, not of the load (the
wall time per decision then grows with the load).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Engine, Seat
from games.core.search import LEVELS, Budget, make_bot, heuristic

# besides the levels: today's heuristic as it is, and a uniformly random player
SIDES = LEVELS + ("heuristic", "random")
MAX_STEPS = 20_000


class _Plain:
    """`heuristic` and `random` as bots with the levels' interface."""

    def __init__(self, engine: Engine, random_moves: bool):
        self.engine, self.random_moves = engine, random_moves

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        if self.random_moves:
            return rng.choice(self.engine.legal_actions(state, seat))
        return heuristic(self.engine, state, seat, rng)


def side_bot(engine: Engine, side: str, budget: Budget | None = None, cpu: bool = False) -> Any:
    if side in ("heuristic", "random"):
        return _Plain(engine, side == "random")
    bot = make_bot(engine, side, budget)
    if cpu and hasattr(bot, "clock"):
        bot.clock = time.thread_time
    return bot


@dataclass
class SideTimes:
    decisions: int = 0
    seconds: float = 0.0
    worst: float = 0.0
    cpu: float = 0.0  # CPU time of the thinking thread
    cpu_worst: float = 0.0

    def add(self, took: float, cpu: float = 0.0) -> None:
        self.decisions += 1
        self.seconds += took
        self.worst = max(self.worst, took)
        self.cpu += cpu
        self.cpu_worst = max(self.cpu_worst, cpu)

    @property
    def average(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def cpu_average(self) -> float:
        return self.cpu / self.decisions if self.decisions else 0.0

    def figures(self, side: str) -> str:
        return (f"{side} avg {1000 * self.average:.0f} ms worst {1000 * self.worst:.0f} ms"
                f" (CPU avg {1000 * self.cpu_average:.0f} ms worst {1000 * self.cpu_worst:.0f} ms)")


@dataclass
class ArenaReport:
    game: str
    a: str
    b: str
    players: int
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    cut_off: int = 0  # games that reached the step limit (counted as draws)
    stopped: bool = False  # interrupted (Ctrl-C, `timeout -s INT`) before all its games: the finished ones stand
    times: dict[str, SideTimes] = field(default_factory=lambda: {"a": SideTimes(), "b": SideTimes()})
    seconds: float = 0.0

    @property
    def a_rate(self) -> float:
        return self.a_wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.a_wins, self.games)

    def line(self) -> str:
        lo, hi = self.interval()
        ta, tb = self.times["a"], self.times["b"]
        return (f"{self.game}: {self.a} vs {self.b}, {self.games} games ({self.players} players"
                + (", stopped early" if self.stopped else "") + "): "
                f"{self.a} wins {self.a_wins} ({100 * self.a_rate:.1f} %, 95 % CI {100 * lo:.1f}-{100 * hi:.1f} %), "
                f"{self.b} wins {self.b_wins}, draws {self.draws}"
                + (f" ({self.cut_off} cut off at {MAX_STEPS} steps)" if self.cut_off else "")
                + f"; per decision {ta.figures(self.a)}, {tb.figures(self.b)}")


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound near 0 and 1, unlike p ± 2σ)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(engine: Engine, a: str, b: str, games: int, seed: int = 1, players: int | None = None,
               options: dict[str, str] | None = None, budget: Budget | None = None,
               progress: Any = None, cpu: bool = False, first: int = 0) -> ArenaReport:
    """Games `first` .. `first + games - 1` of the match `seed` names: each game is seeded by its
    number alone and each starts its bots' memory afresh, so a match cut short resumes from
    `first` with the moves it would have made."""
    players = players or engine.min_players
    report = ArenaReport(engine.key, a, b, players)
    bots = {"a": side_bot(engine, a, budget, cpu), "b": side_bot(engine, b, budget, cpu)}
    started = time.perf_counter()
    try:
        _play_games(engine, report, bots, range(first, first + games), seed, players, options, progress)
    except KeyboardInterrupt:  # a long match cut short still reports every game it finished
        report.stopped = True
    report.seconds = time.perf_counter() - started
    return report


def _play_games(engine: Engine, report: ArenaReport, bots: dict[str, Any], games: range, seed: int, players: int,
                options: dict[str, str] | None, progress: Any) -> None:
    for g in games:
        for bot in bots.values():  # each game a table of its own, as the host keeps a memory per table
            if hasattr(bot, "memory"):
                bot.memory = type(bot.memory)()
        a_seat = g % players
        side_of = ["a" if s == a_seat else "b" for s in range(players)]
        rngs = [random.Random(f"arena:{seed}:{g}:{s}") for s in range(players)]
        seats = [Seat(index=s, name=f"{side_of[s].upper()}{s + 1}", is_bot=True) for s in range(players)]
        state = engine.setup(seats, engine.parse_options(options or {}), seed * 1_000_003 + g).state
        for _ in range(MAX_STEPS):
            if engine.outcome(state) is not None:
                break
            seat = engine.active_seats(state)[0]
            side = side_of[seat]
            choice_many = len(engine.legal_actions(state, seat)) > 1
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bots[side].choose(state, seat, rngs[seat])
            if choice_many:
                report.times[side].add(time.perf_counter() - t0, time.thread_time() - c0)
            state = engine.apply(state, seat, action).state
        outcome = engine.outcome(state)
        report.games += 1
        winners = {side_of[w] for w in outcome.winners} if outcome else set()
        if outcome is None:
            report.cut_off += 1
        if winners == {"a"}:
            report.a_wins += 1
        elif winners == {"b"}:
            report.b_wins += 1
        else:
            report.draws += 1
        if progress is not None:
            progress(report)
