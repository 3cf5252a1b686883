"""Fleet & mech (战舰战甲): a 1v1 game of fleets, mechs and captains."""
from pathlib import Path

from games.core.game import Game
from games.core.i18n import register_catalog
from games.fleet.bot import choose
from games.fleet.engine import FleetEngine
from games.fleet import present
from games.fleet.render import render_board

register_catalog(Path(__file__).parent / "locale")
GAME = Game(FleetEngine(), text=present, render=render_board, bot=choose)
ENGINE = GAME.engine
