"""Crash: a scripted game in a child process is killed with SIGKILL at many random points and
restarted over the same database until it ends. Every command the host answered is kept,
the database passes `PRAGMA integrity_check`, and the game ends exactly as the
uninterrupted run with the same seed."""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from storage.sessions import is_postgres_url
from tests.conftest import backend_params


ROOT = Path(__file__).resolve().parents[2]
GAME = "ironfire"
KILLS = 12
PACE = 0.003  # seconds between the child's commands; a command itself takes 1-3 ms


def start(db: Path, pace: float = 0.0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.faults.scripted", str(db), GAME, str(pace)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def answered(line: str) -> tuple[int, str] | None:
    """(log length after the command, code) from an `ANSWERED n verb [code]` line."""
    parts = line.split(maxsplit=3)
    if len(parts) < 3 or parts[0] != "ANSWERED":
        return None
    return int(parts[1]), parts[3].strip() if parts[2] == "play" and len(parts) > 3 else ""


def finish(db: Path) -> list[tuple[int, str]]:
    proc = start(db)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err[-2000:]
    return [a for a in map(answered, out.splitlines()) if a]


def stored(db: Path | str) -> tuple[str, str, list[tuple[int, int, str]]]:
    if is_postgres_url(db):
        return asyncio.run(stored_pg(str(db)))
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        status, state = conn.execute("SELECT status, state FROM sessions WHERE id = 1").fetchone()
        log = conn.execute("SELECT seq, seat, code FROM action_log WHERE session_id = 1 ORDER BY seq").fetchall()
        return status, state, log
    finally:
        conn.close()


async def stored_pg(url: str) -> tuple[str, str, list[tuple[int, int, str]]]:
    conn = await asyncpg.connect(url)
    try:
        status, state = await conn.fetchrow("SELECT status, state FROM sessions WHERE id = 1")
        log = await conn.fetch("SELECT seq, seat, code FROM action_log WHERE session_id = 1 ORDER BY seq")
        return status, state, [tuple(r) for r in log]
    finally:
        await conn.close()


@pytest.fixture(params=backend_params())
def databases(request, tmp_path):
    """Two databases (the reference run's and the crashed one's) on one backend."""
    if request.param == "postgres":
        make = request.getfixturevalue("pg_database")
        return make(), make()
    return tmp_path / "reference.sqlite3", tmp_path / "crashed.sqlite3"


def test_sigkill_at_random_points_then_resume_equals_uninterrupted_run(databases):
    """On SQLite the file stays whole after every kill; on PostgreSQL the dead process's
    transaction is rolled back and its table lock goes with its connection."""
    reference_db, db = databases
    finish(reference_db)
    ref_status, ref_state, ref_log = stored(reference_db)
    assert ref_status == "finished" and len(ref_log) > 3 * KILLS

    rng = random.Random(7)
    confirmed: list[tuple[int, str]] = []  # what the host answered before each kill
    kills = 0
    for _ in range(KILLS):
        proc = start(db, PACE)
        wanted = rng.randrange(0, 12)  # answered commands to wait for, then a random moment
        lines = 0
        while lines < wanted:
            line = proc.stdout.readline()
            if not line:
                break  # the game ended before this kill point
            if (a := answered(line)) is not None:
                confirmed.append(a)
                lines += 1
        time.sleep(rng.uniform(0, 0.05))  # often in the middle of the next command
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        confirmed += [a for a in map(answered, out.splitlines()) if a]
        kills += proc.returncode == -signal.SIGKILL
        stored(db)  # after every kill the database is whole and readable
    assert kills >= KILLS - 2  # a kill that came after the game's end does not count

    confirmed += finish(db)
    status, state, log = stored(db)
    for length, code in confirmed:
        assert length <= len(log), f"answered command #{length} lost"
        if code:
            assert log[length - 1][2] == code, f"answered command #{length} is not the one in the log"
    assert status == ref_status == "finished"
    assert log == ref_log
    assert json.loads(state) == json.loads(ref_state)
