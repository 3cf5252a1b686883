"""Iron & Fire's ready-made decks in the heuristic's hands: `python -m bench decks [--games 100]`.

The search scores a deck before any army exists by `DECK_SCORE` (games/ironfire/bot.py). This
plays the heuristic against itself with every preset of a format against every preset, each
ordered pair (which deck sits at seat 0) `--games` times, and prints each deck's share of the
points (a win 1, a draw 1/2) over all its games, to paste into DECK_SCORE.
"""
from __future__ import annotations

import argparse
import random

from games.core.engine import Seat
from games.core.search import heuristic
from games.ironfire.cards import PRESETS
from games.ironfire.engine import ChooseDeck
from games.registry import get_engine


def play(engine, decks: tuple[str, str], seed: int) -> list[float]:
    """One game of the heuristic against itself with these decks at seats 0 and 1: the points of each seat."""
    seats = [Seat(index=s, name=f"P{s}", is_bot=True) for s in range(2)]
    state = engine.setup(seats, engine.parse_options({}), seed).state
    rngs = [random.Random(f"decks:{seed}:{s}") for s in range(2)]
    while engine.outcome(state) is None:
        seat = engine.active_seats(state)[0]
        action = ChooseDeck(choice=decks[seat]) if state.phase == "deck" else \
            heuristic(engine, state, seat, rngs[seat])
        state = engine.apply(state, seat, action).state
    winners = engine.outcome(state).winners
    return [1.0 if winners == [s] else 0.5 if len(winners) != 1 else 0.0 for s in range(2)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench decks")
    parser.add_argument("--games", type=int, default=100, help="games per ordered pair of decks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", default="army30")
    args = parser.parse_args(argv)
    engine = get_engine("ironfire")
    decks = [name for name, (fmt, _, _) in PRESETS.items() if fmt == args.format]
    points = dict.fromkeys(decks, 0.0)
    for i, first in enumerate(decks):
        for j, second in enumerate(decks):
            pair = [0.0, 0.0]
            for g in range(args.games):
                got = play(engine, (first, second), ((args.seed * 100 + i) * 100 + j) * 100_003 + g)
                pair = [a + b for a, b in zip(pair, got)]
            points[first] += pair[0]
            points[second] += pair[1]
            print(f"{first} (seat 0) against {second}: {pair[0]:g} to {pair[1]:g} of {args.games}", flush=True)
    games = 2 * len(decks) * args.games
    print("DECK_SCORE = {" + ", ".join(f'"{d}": {points[d] / games:.3f}' for d in decks) + "}"
          + f"  # {games} games a deck")
    return 0
