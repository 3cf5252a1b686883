"""`/league export` writes names as text: a cell that a spreadsheet app would run as a
formula (=, +, -, @, tab, CR first) gets a leading apostrophe (issue 17)."""
from __future__ import annotations

import csv
import io

from tests.league.test_league_service import cmd, setup_league, svc  # noqa: F401 (svc is a fixture)

EVIL = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2", "@SUM(A1)", "\tab", "\rcr"]


async def test_export_neutralizes_spreadsheet_formulas(svc):  # noqa: F811
    await setup_league(svc)
    for uid, name in zip((101, 102, 103, 104), EVIL):
        await svc.db.execute("UPDATE league_entrants SET name=? WHERE user_id=?", (name, uid))
    out = await svc.handle(cmd("league.export"))
    cells = [c for row in csv.reader(io.StringIO(out.reply.images[0].data.decode("utf-8-sig"))) for c in row]
    shown = [c for c in cells if c.lstrip("'") in EVIL[:4] or c.lstrip("'") in EVIL[4:]]
    assert shown and all(c.startswith("'") for c in shown)
    assert not any(c[:1] in "=+-@\t\r" for c in cells if c)  # no cell is a formula
