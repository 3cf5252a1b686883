"""One seeded random game, hashed: the loop the engines' fingerprint tests share.

Each step hashes the listed codes and the events; the final stored state is hashed on its
own too, so a re-recording can tell a change of text (events) from a change of rules (state).
"""

from __future__ import annotations

import hashlib
import json
import random

from games.core import Seat


def random_game_fingerprint(engine, seed: int, players: int, options: dict[str, str],
                            passive: tuple[str, ...] = (), reload_every: int | None = 10) -> tuple[str, str]:
    """(steps hash, final-state hash) of one random game. `passive`: action kinds skipped
    while anything else is legal (an aggressive player); `reload_every`: the state goes
    through JSON every that many steps, as the host stores it."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = engine.setup(seats, engine.parse_options(options), seed).state
    steps = hashlib.sha256()
    for n in range(20_000):
        if engine.outcome(state) is not None:
            break
        if reload_every and n % reload_every == reload_every - 1:
            state = engine.load_state(engine.dump_state(state))
        seat = rnd.choice(engine.active_seats(state))
        legal = engine.legal_actions(state, seat)
        steps.update("|".join(a.code() for a in legal).encode())
        pool = [a for a in legal if a.kind not in passive] if passive else []
        step = engine.apply(state, seat, rnd.choice(pool or legal))
        state = step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = engine.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]
