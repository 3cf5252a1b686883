"""Random playouts of each game, measured against python-chess in the same run.

The loop is the rules and nothing else: setup, then for each step the active seats, the
legal actions of one of them, a random choice, apply, outcome. The checks that
`shapan playout` adds (invariants, secrets, code round trips) are left out on purpose.

A decision is one listing of legal actions plus one action applied. Shared machines are
noisy, so the figure that matters is the ratio to an anchor measured side by side: with
`--anchor chess` (python-chess installed, `pip install -e .[bench]`) every engine's slice of
time alternates with a slice of python-chess random games, and the ratio of the two rates
is printed (the median over slices). Rates are per second of this process's CPU time.
"""
from __future__ import annotations

import argparse
import random
import statistics
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


def chess_game(seed: int) -> int:
    """One python-chess game from random legal moves; returns its decisions."""
    import chess

    rnd = random.Random(seed)
    board = chess.Board()
    decisions = 0
    # python-chess's own idiom for a random game; `is_game_over` is its `outcome`, as the
    # engines' loop asks `engine.outcome` at every decision
    while not board.is_game_over():
        board.push(rnd.choice(list(board.legal_moves)))
        decisions += 1
    return decisions


class Meter:
    """Games and decisions played in CPU-time slices, one rate per slice."""

    def __init__(self, play) -> None:
        self.play = play  # seed -> (decisions, finished)
        self.games = self.decisions = self.finished = 0
        self.rates: list[float] = []

    def run(self, seconds: float) -> None:
        games = decisions = 0
        cpu = time.process_time()
        while time.process_time() - cpu < seconds:
            n, done = self.play(10_000 + self.games + games)
            games += 1
            decisions += n
            self.finished += done
        self.games += games
        self.decisions += decisions
        self.rates.append(decisions / (time.process_time() - cpu))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench engines")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per game")
    parser.add_argument("--game", action="append")
    parser.add_argument("--anchor", choices=["chess"], help="alternate slices with python-chess random games")
    parser.add_argument("--slices", type=int, default=5, help="slices per game with --anchor")
    args = parser.parse_args(argv)
    chess = Meter(lambda seed: (chess_game(seed), True)) if args.anchor else None
    figures = []
    for key in args.game or list(GAME_MODULES):
        try:
            engine = get_engine(key)
        except Exception as exc:  # a game that does not import is reported, not hidden
            figures.append(f"{key}=unavailable({type(exc).__name__})")
            continue
        players = PLAYERS.get(key, engine.min_players)
        meter = Meter(lambda seed: random_game(engine, seed, players))
        slices = args.slices if chess else 1
        ratios = []
        for _ in range(slices):
            if chess:
                chess.run(args.seconds / slices)
            meter.run(args.seconds / slices)
            if chess:
                ratios.append(meter.rates[-1] / chess.rates[-1])
        dps = statistics.median(meter.rates)
        line = (f"{key}: {dps:,.0f} decisions/s, {meter.decisions / meter.games:.0f} decisions/game, "
                f"{meter.finished}/{meter.games} finished")
        if chess:
            ratio = statistics.median(ratios)
            line += f", x{ratio:.2f} python-chess (slices {min(ratios):.2f}-{max(ratios):.2f})"
            figures.append(f"{key}=x{ratio:.2f}")
        else:
            figures.append(f"{key}={dps:,.0f}/s ({meter.decisions / meter.games:.0f} dec)")
        print(line)
    if chess:
        print(f"python-chess: {statistics.median(chess.rates):,.0f} decisions/s")
    print("engines: " + ", ".join(figures))
    return 0
