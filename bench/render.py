"""Milliseconds per board image for each game, rendered from the public view of a game
part-way through a random playout. Times are this process's CPU time per image (a busy
machine slows the wall clock, not the figure)."""
from __future__ import annotations

import argparse
import random
import time

from games.core.engine import Seat
from games.registry import GAME_MODULES, get_engine, get_game

PLAYERS = {"ironfire": 2, "conflict": 3}


def midgame_state(engine, players: int, seed: int, steps: int = 60):
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = engine.setup(seats, engine.parse_options({}), seed).state
    rnd = random.Random(seed)
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = rnd.choice(engine.active_seats(state))
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
    return state


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench render")
    parser.add_argument("--images", type=int, default=20)
    args = parser.parse_args(argv)
    figures = []
    for key in GAME_MODULES:
        try:
            engine = get_engine(key)
        except Exception as exc:
            figures.append(f"{key}=unavailable({type(exc).__name__})")
            continue
        state = midgame_state(engine, PLAYERS.get(key, engine.min_players), seed=7)
        view = engine.view(state, None)
        if get_game(key).render(view, "zh-CN") is None:
            figures.append(f"{key}=no-image")
            continue
        start = time.process_time()
        for _ in range(args.images):
            png = get_game(key).render(view, "zh-CN")
        ms = (time.process_time() - start) * 1000 / args.images
        print(f"{key}: {ms:.1f} ms per image, {len(png) // 1024} KiB")
        figures.append(f"{key}={ms:.1f}ms")
    print("render: " + ", ".join(figures))
    return 0
