"""Fault tests register the two platform test games: Duel (hidden hands, turns) and Tally
(every seat may act at any moment, to hammer one table)."""
from __future__ import annotations

import tests.toygame
from games.registry import register
from tests.platform import tally

register(tests.toygame.GAME)
register(tally.ENGINE)
