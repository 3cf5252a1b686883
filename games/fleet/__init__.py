"""Fleet & mech (战舰战甲): a 1v1 game of fleets, mechs and captains."""
from pathlib import Path

from games.core.i18n import register_catalog
from games.fleet.engine import FleetEngine

register_catalog(Path(__file__).parent / "locale")
ENGINE = FleetEngine()
