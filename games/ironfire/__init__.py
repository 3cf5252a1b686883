"""铁与火 Iron & Fire: a military card game of combat values and logistics (seed 000)."""
from pathlib import Path

from games.core.i18n import register_catalog
from games.ironfire.data import design_card, design_text
from games.ironfire.engine import IronFireEngine

register_catalog(Path(__file__).parent / "locale")
ENGINE = IronFireEngine()

__all__ = ["ENGINE", "IronFireEngine", "design_card", "design_text"]
