"""战地强装&冲突 Battlefield Armour & Conflict, for 2 to 6 players."""
from pathlib import Path

from games.core.game import Game
from games.core.i18n import register_catalog

from games.conflict import present
from games.conflict.bot import choose
from games.conflict.engine import ConflictEngine

register_catalog(Path(__file__).parent / "locale")
GAME = Game(ConflictEngine(), text=present.ConflictText, render=present.render, bot=choose)
ENGINE = GAME.engine
