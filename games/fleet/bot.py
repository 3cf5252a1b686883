"""The bot seat of fleet & mech (placeholder replaced below)."""
from __future__ import annotations

import random


def choose(engine, state, seat: int, rng: random.Random):
    return rng.choice(engine.legal_actions(state, seat))
