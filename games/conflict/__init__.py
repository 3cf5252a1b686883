"""战地强装&冲突 Battlefield Armour & Conflict, for 2 to 6 players."""
from pathlib import Path

from games.core.i18n import register_catalog

from games.conflict.engine import ConflictEngine

register_catalog(Path(__file__).parent / "locale")
ENGINE = ConflictEngine()
