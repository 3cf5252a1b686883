"""Two host processes over the same database, acting on the same table: the version check
refuses what the stale writer decided on the old table (nothing of it is kept), and its
command is decided again on the table as stored, answered in its language."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host import Host
from bot.outbox import Command
from games.core.i18n import t
from storage.sessions import is_postgres_url
from tests.conftest import backend_params, database
from tests.toygame import ENGINE as DUEL  # conftest registers Duel and Tally

ROOT = Path(__file__).resolve().parents[2]
CHANNEL = 10


def command(uid: int, verb: str, locale: str = "en", **args) -> dict:
    return {"user_id": uid, "user_name": f"u{uid}", "verb": verb, "args": args, "guild_id": 1,
            "channel_id": CHANNEL, "locale": locale}


def writer(db: Path, cmd: dict, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.faults.writer", str(db), json.dumps(cmd), *extra],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def replies(proc: subprocess.Popen, stdin: str | None = None) -> list[dict]:
    out, err = proc.communicate(stdin, timeout=120)
    assert proc.returncode == 0, err[-2000:]
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


async def open_table(db: Path, game: str, players: int) -> tuple[int, int]:
    """A started table in CHANNEL with users 1..players; returns (session id, version)."""
    host = await Host.create(db, seed_source=lambda: 77)
    try:
        await host.handle(Command(**command(1, "game.new", game=game)))
        for uid in range(2, players + 1):
            await host.handle(Command(**command(uid, "game.join")))
        await host.handle(Command(**command(1, "game.start")))
        session = await host.repo.open_session_in_channel(CHANNEL)
        assert session.status == "active"
        return session.id, session.version
    finally:
        await host.close()


async def stored(db: Path, session_id: int):
    host = await Host.create(db)
    try:
        return await host.repo.load_session(session_id), await host.repo.log_entries(session_id)
    finally:
        await host.close()


async def test_the_process_that_loaded_first_but_commits_second_is_decided_again(tmp_path):
    db = tmp_path / "db.sqlite3"
    sid, version = await open_table(db, "duel", 2)
    session, _ = await stored(db, sid)
    card = DUEL.load_state(session.state).hands[0][0].id

    # Process B (a Chinese-speaking player's DM, say) loads the table and is held there ...
    late = writer(db, command(1, "play", locale="zh-CN", code=f"play {card}"), "--pause")
    assert late.stdout.readline().strip() == "LOADED"
    # ... while process A takes the same turn and commits.
    first = replies(writer(db, command(1, "play", code="pass")))
    assert first[0]["reply"] == "✓ pass"
    second = replies(late, "go\n")
    # decided again on the stored table, where the turn it was for is over
    assert second == [{"reply": t("zh-CN", "host.not_your_turn", waiting="u2"), "public": 0, "private": 0}]

    after, log = await stored(db, sid)
    assert after.version == version + 1
    assert [e.code for e in log] == ["pass"]
    state = DUEL.load_state(after.state)
    assert state.passed and card in [c.id for c in state.hands[0]]  # B's card was not played


@pytest.fixture(params=backend_params())
def shared_db(request, tmp_path):
    return database(request, tmp_path, "db.sqlite3")


async def test_two_processes_hammering_one_table_lose_nothing(shared_db):
    """Four processes, 40 moves each, on one table. SQLite: what one process loaded stale is
    refused; PostgreSQL: the table is held per command, so every move is taken, in turn."""
    db = shared_db
    sid, version = await open_table(db, "tally", 4)
    procs = [writer(db, command(uid, "play", code="add"), "40") for uid in (1, 2, 3, 4)]
    answers = [replies(p) for p in procs]

    after, log = await stored(db, sid)
    accepted = [sum(a["reply"] == "✓ add" for a in seat) for seat in answers]
    refused = {a["reply"] for seat in answers for a in seat if a["reply"] != "✓ add"}
    assert refused <= {t("en", "host.stale")}
    if is_postgres_url(db):
        assert accepted == [40, 40, 40, 40]
    print(f"four processes: {sum(accepted)} of 160 accepted, the rest refused as stale")
    assert json.loads(after.state)["counts"] == accepted
    assert after.version == version + sum(accepted) == version + len(log)
    assert sorted(e.user_id for e in log) == sorted(uid for uid, n in zip((1, 2, 3, 4), accepted) for _ in range(n))
