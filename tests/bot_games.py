"""A seeded game with the heuristic bot in every seat, step by step: the loop the event-text
tests of several games scan."""
from __future__ import annotations

import random
from typing import Any, Iterator

from games.core.engine import Seat


def bot_steps(engine: Any, game: Any, seed: int, options: dict[str, str] | None = None,
              limit: int = 3000) -> Iterator[Any]:
    """Each step of a two-seat game the bot plays against itself, as played, to the end (or `limit` steps)."""
    rnd = random.Random(seed)
    state = engine.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")],
                         engine.parse_options(options or {}), seed).state
    for _ in range(limit):
        if engine.outcome(state):
            return
        seat = sorted(engine.active_seats(state))[0]
        step = engine.apply(state, seat, game.bot_action(state, seat, rnd))
        state = step.state
        yield step
