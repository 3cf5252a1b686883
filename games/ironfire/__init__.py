"""铁与火 Iron & Fire: a military card game of combat values and logistics (seed 000)."""
from pathlib import Path
from typing import Any, Mapping

from games.core.game import Game
from games.core.i18n import register_catalog
from games.ironfire.bot import choose
from games.ironfire.data import design_card, design_text
from games.ironfire.engine import IronFireEngine
from games.ironfire.render import render
from games.ironfire import text

register_catalog(Path(__file__).parent / "locale")


def design(args: Mapping[str, Any], locale: str) -> str:
    """/design: the rule-301 card designer, components in, card numbers out."""
    return design_text(str(args.get("components") or "")[:400], locale)


GAME = Game(IronFireEngine(), text=text, render=render, bot=choose, tools={"design": design})
ENGINE = GAME.engine

__all__ = ["ENGINE", "GAME", "IronFireEngine", "design_card", "design_text"]
