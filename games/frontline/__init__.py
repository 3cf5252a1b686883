"""Frontline (前线): a two-player card game of supply lines and a shared frontline,
after the rulebook in `seeds/001`, with the project's own card pool."""
from pathlib import Path

from games.core.game import Game
from games.core.i18n import register_catalog

from . import text
from .bot import choose
from .engine import FrontlineEngine
from .render import render

register_catalog(Path(__file__).parent / "locale")
GAME = Game(FrontlineEngine(), text=text, render=render, bot=choose)
ENGINE = GAME.engine

__all__ = ["ENGINE", "GAME", "FrontlineEngine"]
