"""Helpers for tests that script a game's dice."""
from __future__ import annotations

from typing import Any

from games.core.rng import GameRng


def seeded_part(rng: GameRng) -> dict[str, Any]:
    """The generator's own fields (key and counters), so that a scripted subclass built
    from them goes on drawing where `rng` left off once its script runs out."""
    return {name: getattr(rng, name) for name in GameRng.model_fields}
