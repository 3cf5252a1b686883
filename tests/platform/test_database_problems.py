"""A database that cannot be used stops `shapan` with one clear line and a non-zero exit, at
once: no traceback, no process left hanging on aiosqlite's thread. `shapan verify` opens the
database read-only and never changes it, not even to migrate it."""
from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host import Host
from bot.outbox import Command

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 120  # seconds; the commands end at once, this only turns a hang into a failure


def shapan(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "SHAPAN_DB")}
    environment.update(env or {}, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd, env=environment, capture_output=True,
                          text=True, timeout=HANG_GUARD)


def make_db(path: Path) -> None:
    """A real database: one frontline table, alice against a bot, started."""

    async def build() -> None:
        host = await Host.create(path, seed_source=lambda: 4242)
        base = dict(user_id=1, user_name="alice", guild_id=1, channel_id=10, locale="en")
        await host.handle(Command(verb="game.new", args={"game": "frontline"}, **base))
        await host.handle(Command(verb="game.bot", **base))
        await host.handle(Command(verb="game.start", **base))
        assert (await host.repo.load_session(1)).status == "active"
        await host.close()

    asyncio.run(build())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("db") / "good.sqlite3"
    make_db(path)
    return path


def broken_databases(good: Path, folder: Path) -> dict[str, Path]:
    data = good.read_bytes()
    corrupt = folder / "corrupt.sqlite3"
    corrupt.write_bytes(bytes((i * 7919) % 251 for i in range(5000)))
    truncated = folder / "truncated.sqlite3"
    truncated.write_bytes(data[: len(data) // 2])
    newer = folder / "newer.sqlite3"
    newer.write_bytes(data)
    with sqlite3.connect(newer) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 0)")
    conn.close()
    return {"corrupt": corrupt, "truncated": truncated, "newer": newer}


@pytest.mark.parametrize("kind", ["corrupt", "truncated", "newer"])
def test_an_unusable_database_gives_one_line_and_exit_2(good_db, tmp_path, kind):
    db = broken_databases(good_db, tmp_path)[kind]
    script = tmp_path / "script.txt"
    script.write_text("alice: /game status\n", encoding="utf-8")
    runs = [
        shapan("verify", "--db", str(db), "--session", "1", cwd=tmp_path),
        shapan("table", "--db", str(db), "--script", str(script), cwd=tmp_path),
        # the bot opens the database before it logs in, so this never reaches the network
        shapan(cwd=tmp_path, env={"DISCORD_TOKEN": "not-a-token", "SHAPAN_DB": str(db)}),
    ]
    for run in runs:
        assert run.returncode == 2, (run.args, run.stdout, run.stderr)
        assert "Traceback" not in run.stderr
        lines = [line for line in run.stderr.splitlines() if line.startswith("shapan:")]
        assert len(lines) == 1 and str(db) in lines[0], run.stderr
        expected = "newer version of Shapan" if kind == "newer" else "cannot be used"
        assert expected in lines[0]


def test_verify_reads_and_never_writes(good_db, tmp_path):
    db = tmp_path / "old.sqlite3"
    db.write_bytes(good_db.read_bytes())
    # an older schema (the last migration not applied yet): verify must not migrate it
    with sqlite3.connect(db) as conn:
        last = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0]
        conn.execute("DELETE FROM schema_migrations WHERE version = ?", (last,))
        conn.execute("ALTER TABLE sessions DROP COLUMN error")
    conn.close()
    before = digest(db)
    run = shapan("verify", "--db", str(db), "--session", "1", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.startswith("OK: session 1"), (run.stdout, run.stderr)
    assert digest(db) == before
    with sqlite3.connect(db) as conn:
        assert last not in {v for (v,) in conn.execute("SELECT version FROM schema_migrations")}
    conn.close()


def test_a_database_that_cannot_even_be_opened_gives_one_line(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("alice: /game status\n", encoding="utf-8")
    run = shapan("table", "--db", str(tmp_path / "no-such-folder" / "x.sqlite3"), "--script", str(script), cwd=tmp_path)
    assert run.returncode == 2 and run.stderr.startswith("shapan: cannot open the database"), run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1
