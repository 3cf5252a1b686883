"""`/game log` of rows stored before the host kept each step's lines (session 15): their
events are named anew, with the board right after their step, replayed from the game's seed
and its log (`Host._boards_then`), never with the board of now.

A conflict game is played through the host (fixed seed, both languages); its log is read with
the kept lines, then every stored row's events lose their `lines`, as a row written the old
way has none, and the log must read the same, word for word. Named with today's board, as
it was before, it differs: a unit later joined by a second of its name read "#1" in the steps
before the second existed (checked below, so the comparison can fail). A table whose log
cannot be replayed (a seed from before 256-bit secrets) is named as it stands now, and the
page says so."""
from __future__ import annotations

import json
import random

import pytest

from bot.host import core, fair
from games.core.i18n import t
from tests.platform.test_log_as_seen_live import Table, open_table, play, read_log


async def _forget_lines(host, sid: int) -> None:
    """Every stored row of the session as written before session 15: events without `lines`
    (nor the start's `opening`, kept since then too)."""
    rows = await host.repo.log_entries(sid)
    async with host.repo.transaction() as db:
        for row in rows:
            events = [{k: v for k, v in ev.items() if k not in ("lines", "opening")} for ev in row.events]
            await db.execute("UPDATE action_log SET events = ? WHERE session_id = ? AND seq = ?",
                             (json.dumps(events), sid, row.seq))


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_old_rows_read_with_the_board_of_their_time(host, locale, monkeypatch):
    table = Table("conflict", locale, ["alice", "bob"])
    await open_table(host, table)
    await play(host, table, random.Random(7), 60)
    kept = {reader: await read_log(host, table, reader) for reader in ("alice", "bob", "mod")}
    await _forget_lines(host, table.sid)
    assert all("lines" not in ev for row in await host.repo.log_entries(table.sid) for ev in row.events)
    for reader, lines in kept.items():
        assert await read_log(host, table, reader) == lines, reader

    # the board of now names them otherwise: the comparison above could fail
    async def today(self, session, engine, rows, loc):
        return {}
    monkeypatch.setattr(core.Host, "_boards_then", today)
    assert await read_log(host, table, "alice") != kept["alice"]

    # no replay (a retired seed): named as things stand now, and the page says so
    monkeypatch.undo()
    monkeypatch.setattr(fair, "is_retired_seed", lambda session: True)
    assert t(locale, "host.log_named_now") in await read_log(host, table, "alice")
