"""Opening the SQLite database and applying forward migrations.

Plain aiosqlite with a small migration table: every `migrations/NNNN_*.sql` file is applied
once, in filename order, inside one transaction that also records its version. Other
features (dice rolls, leagues) add their own numbered files; nothing else needs to change.
"""
from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Callable, TypeVar
from urllib.parse import quote

import aiosqlite

T = TypeVar("T")

MIGRATIONS = Path(__file__).parent / "migrations"
# Page cache per connection, in KiB (negative = KiB for SQLite): SQLite's default 2 MiB
# holds only a few hundred stored games, so a busy server's tables would come from disk.
CACHE_KIB = -32768
_NAME = re.compile(r"^(\d{4})_[\w.-]+\.sql$")


def migration_files(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    found = []
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    versions = [v for v, _ in found]
    if len(versions) != len(set(versions)):
        raise RuntimeError(f"two migrations share a version number in {folder}")
    return found


class DatabaseProblem(Exception):
    """The database cannot be used (unreadable, not a database, damaged, or written by a newer
    version of Shapan). Its text is one line for the person running the bot."""


def readonly_uri(path: str | Path) -> str:
    """An SQLite URI that opens `path` read-only: nothing is created, written or migrated."""
    return f"file:{quote(str(Path(path).resolve()))}?mode=ro"


async def connect(path: str | Path, *, readonly: bool = False) -> aiosqlite.Connection:
    """Open the database (WAL, foreign keys on) and bring its schema up to date; read-only,
    only check that this code can read it. Raises DatabaseProblem, with the connection (and
    its thread, which would keep the process alive) closed, when it cannot be used."""
    target, uri = (readonly_uri(path), True) if readonly else (str(path), False)
    try:
        # Opened once plainly first: when aiosqlite itself fails to open a file it leaves its
        # thread to report to an event loop that may be gone (a traceback at exit).
        sqlite3.connect(target, uri=uri).close()
    except sqlite3.Error as exc:
        raise DatabaseProblem(f"cannot open the database {path}: {exc}") from None
    conn = await aiosqlite.connect(target, uri=uri, isolation_level=None)  # we issue BEGIN ourselves
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA busy_timeout = 10000")  # another process may hold the write lock
        if str(path) != ":memory:" and not readonly:
            await conn.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL never corrupts the database; a power cut may only lose the last commits.
            await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA cache_size = {CACHE_KIB}")
        if readonly:
            check_schema(await applied_versions(conn, create=False))
        else:
            await migrate(conn)
    except BaseException as exc:
        await conn.close()
        if isinstance(exc, sqlite3.Error):
            raise DatabaseProblem(f"the database {path} cannot be used: {exc}") from None
        if isinstance(exc, DatabaseProblem):
            raise DatabaseProblem(f"the database {path} {exc}") from None
        raise
    return conn


def check_schema(applied: set[int], folder: Path = MIGRATIONS) -> None:
    """Refuse a database that a newer version of this code has migrated."""
    known = {v for v, _ in migration_files(folder)}
    newer = sorted(v for v in applied - known if v > max(known, default=0))
    if newer:
        raise DatabaseProblem(f"was written by a newer version of Shapan (schema {newer[-1]}; this version "
                              f"knows up to {max(known, default=0)}): update Shapan to use it")


@asynccontextmanager
async def write_transaction(conn: aiosqlite.Connection, lock: asyncio.Lock) -> AsyncIterator[aiosqlite.Connection]:
    """One write transaction on an autocommit connection: BEGIN IMMEDIATE takes SQLite's write
    lock at once (a second writer waits for it rather than failing at its first write), COMMIT
    when the block ends, ROLLBACK on any error. `lock` keeps the connection's other users out."""
    async with lock:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")


async def run_sync(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(sqlite3_connection)` on aiosqlite's own database thread and await its result.

    aiosqlite hops to its thread and back for every statement and every fetch; a command's
    reads, or its whole write transaction, done as one function make one hop instead of
    five to ten. The hops, not SQLite, were most of the host's time per command. This uses
    aiosqlite's queue (`_execute`, `_conn`), the same path its own methods take; the storage
    tests fail loudly if a new aiosqlite version renames them.
    """
    return await conn._execute(lambda: work(conn._conn))


async def applied_versions(conn: aiosqlite.Connection, create: bool = True) -> set[int]:
    if create:
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                           "name TEXT NOT NULL, applied_at REAL NOT NULL)")
    else:
        async with conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'") as cur:
            if await cur.fetchone() is None:
                raise DatabaseProblem("is not a Shapan database (no schema_migrations table)")
    async with conn.execute("SELECT version FROM schema_migrations") as cur:
        return {row[0] for row in await cur.fetchall()}


async def migrate(conn: aiosqlite.Connection, folder: Path = MIGRATIONS) -> list[int]:
    """Apply every migration not applied yet; returns the versions applied now."""
    done = await applied_versions(conn)
    check_schema(done, folder)
    applied = []
    for version, path in migration_files(folder):
        if version in done:
            continue
        sql = path.read_text(encoding="utf-8")
        name = path.name.replace("'", "''")
        script = (
            f"BEGIN IMMEDIATE;\n{sql}\n;\n"
            f"INSERT INTO schema_migrations (version, name, applied_at) VALUES ({version}, '{name}', {time.time()});\n"
            "COMMIT;"
        )
        try:
            await conn.executescript(script)
        except Exception:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            # Another process may have applied it at the same moment: that is fine.
            if version in await applied_versions(conn):
                continue
            raise
        applied.append(version)
    return applied
