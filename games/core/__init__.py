"""The engine protocol every game implements, and the pieces games share."""
from games.core.errors import RuleError
from games.core.events import Event, Step
from games.core.rng import GameRng
from games.core.engine import Engine, Outcome, Seat, ActionBase

__all__ = ["RuleError", "Event", "Step", "GameRng", "Engine", "Outcome", "Seat", "ActionBase"]
