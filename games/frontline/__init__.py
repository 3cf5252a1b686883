"""Frontline (前线): a two-player card game of supply lines and a shared frontline,
after the rulebook in `seeds/001`, with the project's own card pool."""
from pathlib import Path

from games.core.i18n import register_catalog

from .engine import FrontlineEngine

register_catalog(Path(__file__).parent / "locale")
ENGINE = FrontlineEngine()

__all__ = ["ENGINE", "FrontlineEngine"]
