"""PostgreSQL (asyncpg): the same repository as storage.sessions, for several processes on
one database.

The SQL is the SQLite repository's own, written with `?` placeholders; `to_pg` numbers them
($1, $2, ...) for PostgreSQL. Migrations live in migrations/postgresql/ with the same numbers
and the same tables and columns as the SQLite ones (a test compares the two schemas).

`PgConnection` offers the small part of aiosqlite's connection that the leagues and the dice
rolls use (`execute` as an awaitable or `async with`, cursors with fetchone/fetchall and
rowcount), so their SQL runs unchanged on either database. A transaction holds one pooled
connection for the task that opened it; statements outside a transaction take any.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, AsyncIterator, Iterable
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from storage.db import MIGRATIONS, DatabaseProblem, check_schema, migration_files
from storage.sessions import (
    _DELETE_SEATS, _INSERT_SEAT, OPEN_STATUSES, LogRow, PostRow, Repository, SeatRow, SessionRow,
    StaleVersion, _seat_rows, _stored_changes,
)

log = logging.getLogger(__name__)

PG_MIGRATIONS = MIGRATIONS / "postgresql"
POOL_SIZE = 10  # connections per process; a command holds one only while it reads or commits
# pg_advisory_lock key held while migrating, so two processes starting together apply each once
MIGRATION_LOCK = 0x5348_4150_414E  # "SHAPAN"

_TOKENS = re.compile(r"'(?:[^']|'')*'|\?")  # string literals (left alone) and placeholders
_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=2048)
def to_pg(sql: str) -> str:
    """`?` placeholders as PostgreSQL's $1, $2, ... (not inside string literals)."""
    count = 0

    def number(match: re.Match) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _TOKENS.sub(number, sql)


def display_url(url: str) -> str:
    """The URL as it may be printed: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def _rowcount(status: str) -> int:
    """Rows touched, from a command tag such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgCursor:
    def __init__(self, rows: list[asyncpg.Record], rowcount: int):
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    async def fetchone(self) -> asyncpg.Record | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[asyncpg.Record]:
        rest, self._next = self._rows[self._next:], len(self._rows)
        return rest


class _Pending:
    """A statement that runs when awaited or entered, like aiosqlite's `execute` result."""

    def __init__(self, run):
        self._run = run

    def __await__(self):
        return self._run().__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run()

    async def __aexit__(self, *exc: Any) -> None:
        return None


class PgConnection:
    # appended to a SELECT that claims rows of `{table}` for the transaction (none on SQLite)
    skip_locked = " FOR UPDATE OF {table} SKIP LOCKED"

    def __init__(self, pool: asyncpg.Pool):
        self.pool = pool
        self._in_transaction: ContextVar[asyncpg.Connection | None] = ContextVar("pg_transaction", default=None)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator["PgConnection"]:
        """One transaction on one pooled connection; a nested call joins the enclosing one."""
        if self.in_transaction():
            yield self
            return
        async with self.begin():
            yield self

    def in_transaction(self) -> bool:
        return self._in_transaction.get() is not None

    @asynccontextmanager
    async def begin(self, first: str | None = None) -> AsyncIterator[str | None]:
        """A new transaction on one pooled connection (never nested): COMMIT when the block
        ends, ROLLBACK on any error. `first`, a statement without parameters, is sent with the
        BEGIN in the same round trip (the simple query protocol takes several statements at
        once); yields its command tag ("SELECT 1": it found one row)."""
        async with self.pool.acquire() as conn:
            status = await conn.execute("BEGIN" if first is None else f"BEGIN; {first}")
            token = self._in_transaction.set(conn)
            try:
                yield status if first is not None else None
            except BaseException:
                with contextlib.suppress(Exception):  # a broken connection: the pool drops it on release
                    await conn.execute("ROLLBACK")
                raise
            else:
                await conn.execute("COMMIT")
            finally:
                self._in_transaction.reset(token)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """The current transaction's connection, or any pooled one for a single statement."""
        conn = self._in_transaction.get()
        if conn is not None:
            yield conn
        else:
            async with self.pool.acquire() as conn:
                yield conn

    async def _execute(self, sql: str, params: Iterable[Any]) -> PgCursor:
        sql = to_pg(sql)
        async with self.connection() as conn:
            if _RETURNS_ROWS.search(sql):
                rows = await conn.fetch(sql, *params)
                return PgCursor(rows, len(rows))
            return PgCursor([], _rowcount(await conn.execute(sql, *params)))

    def execute(self, sql: str, params: Iterable[Any] = ()) -> _Pending:
        return _Pending(lambda: self._execute(sql, params))

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        return await (await self._execute(sql, params)).fetchall()

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        async with self.connection() as conn:
            await conn.executemany(to_pg(sql), [tuple(r) for r in rows])


async def applied_versions(conn: asyncpg.Connection, create: bool = True) -> set[int]:
    if not create:
        if not await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
            raise DatabaseProblem("is not a Shapan database (no schema_migrations table)")
        return {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                       "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)")
    return {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}


async def migrate(conn: asyncpg.Connection, folder: Path = PG_MIGRATIONS) -> list[int]:
    """Apply every migration not applied yet, each in its own transaction; returns the
    versions applied now. An advisory lock makes processes starting together take turns.
    Refuses (DatabaseProblem) a database that a newer version of Shapan has migrated."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        done = await applied_versions(conn)
        check_schema(done, folder)
        applied = []
        for version, path in migration_files(folder):
            if version in done:
                continue
            async with conn.transaction():
                await conn.execute(path.read_text(encoding="utf-8"))
                await conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                                   version, path.name, time.time())
            applied.append(version)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


async def _prepare_locks(conn: asyncpg.Connection) -> None:
    await conn.execute(_PREPARE_LOCKS)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection back in the pool is not reset: asyncpg's default runs a reset query
    (advisory unlock, RESET ALL, ...) on every release, a round trip costing up to a third
    of a command's time, for session state this code never sets. (asyncpg still rolls back
    a transaction left open.)"""


# Commands' steps in one statement (group commit: the steps a process's commands send while
# one is in flight wait for it and go together; see PgRepository._step). Each step is three
# CTEs: the session's update with its version check, its action-log rows (numbered after the
# log's last seq) and its posts, the rows passed as one array per column. A step whose version
# check finds no row inserts nothing and the others go on (under READ COMMITTED a concurrent
# writer's UPDATE waits for ours, then finds the version moved on, so only one of them can
# commit). Every column a step may change is in its UPDATE, taken from the parameters when its
# bit is in the step's mask and kept otherwise, so the statement's text (and its plan) depends
# only on how many steps it holds. The statement also marks sent this process's earlier posts
# that went out ($1, see PgRepository.settle_posts), whether the checks pass or not.
_STEP_COLUMNS = (  # what `commit` may change (storage.sessions._MUTABLE), with its type
    ("status", "text"), ("state", "text"), ("options", "text"), ("locale", "text"),
    ("timer_hours", "double precision"), ("timer_policy", "text"), ("turn_deadline", "double precision"),
    ("timer_seats", "text"), ("reminded", "integer"), ("creator_id", "bigint"), ("error", "text"),
    ("entropy", "text"), ("commitments", "text"), ("reveal_until", "double precision"), ("ended", "text"),
)
_STEP_ARRAYS = ("integer", "bigint", "text", "text", "text", "double precision", "integer",  # log rows
                "text", "bigint", "text", "bigint", "text", "double precision")  # posts
_STEP_PARAMS = 4 + len(_STEP_COLUMNS) + len(_STEP_ARRAYS)  # now, id, version, mask, the columns, the arrays
_STEP = """step{i} AS (
    UPDATE sessions SET version = version + 1, updated_at = ${now}{sets}
    WHERE id = ${id} AND version = ${version} RETURNING id),
logged{i} AS (
    INSERT INTO action_log (session_id, seq, seat, user_id, source, code, events, at, public)
    SELECT step{i}.id, last.seq + entry.n, entry.seat, entry.user_id, entry.source, entry.code, entry.events,
           entry.at, entry.public
    FROM step{i}, (SELECT COALESCE(MAX(seq), 0) AS seq FROM action_log WHERE session_id = ${id}) AS last,
         unnest({log}) WITH ORDINALITY AS entry(seat, user_id, source, code, events, at, public, n)
    RETURNING seq),
posted{i} AS (
    INSERT INTO outbox (nonce, session_id, kind, target, body, created_at, lease)
    SELECT post.nonce, post.session_id, post.kind, post.target, post.body, ${now}, post.lease
    FROM step{i}, unnest({posts}) WITH ORDINALITY AS post(nonce, session_id, kind, target, body, lease, n)
    ORDER BY post.n)"""
MAX_GROUP = 8  # steps in one statement at most


@lru_cache(maxsize=MAX_GROUP)
def _steps_sql(count: int) -> str:
    """The statement for `count` steps: $1 the sent marks, then _STEP_PARAMS for each step;
    it returns stepped{i} (1: the version check passed) and last_seq{i}."""
    steps, results = [], []
    for i in range(count):
        base = 2 + i * _STEP_PARAMS
        values = base + 4
        sets = "".join(f",\n        {name} = CASE WHEN (${base + 3}::integer & {1 << bit}) <> 0 "
                       f"THEN ${values + bit}::{kind} ELSE {name} END"
                       for bit, (name, kind) in enumerate(_STEP_COLUMNS))
        arrays = [f"${values + len(_STEP_COLUMNS) + k}::{kind}[]" for k, kind in enumerate(_STEP_ARRAYS)]
        steps.append(_STEP.format(i=i, now=base, id=base + 1, version=base + 2, sets=sets,
                                  log=", ".join(arrays[:7]), posts=", ".join(arrays[7:])))
        results.append(f"(SELECT COUNT(*) FROM step{i}) AS stepped{i}, (SELECT MAX(seq) FROM logged{i}) AS last_seq{i}")
    # marked sent at the first step's time ($2)
    marked = "marked AS (UPDATE outbox SET sent_at = $2, lease = NULL WHERE nonce = ANY($1::text[]))"
    return f"WITH {', '.join(steps)},\n{marked}\nSELECT {', '.join(results)}"


@dataclass
class _Step:
    """A step waiting for its group's statement (see PgRepository._step)."""

    session_id: int
    params: tuple  # _STEP_PARAMS values
    done: asyncio.Future  # (stepped, last_seq) once the statement holding it has committed


# Posts that went out, marked sent on their own when no step has carried them (see settle_posts).
_MARK_SENT = "UPDATE outbox SET sent_at = $1, lease = NULL WHERE nonce = ANY($2::text[])"
# How long a post's sent mark may wait for the next step's statement to carry it (see
# settle_posts); far below the posts' lease (20 s; 2 s in the fault test), after which
# another process would send them again (answered by nonce, so never doubled).
SETTLE_DELAY = 0.2
# Lock the session row (if its version is still the one given). Sent with BEGIN in one
# round trip (see PgConnection.begin), so run by name with their values written in (integers,
# formatted by table_lock): prepared once on each pooled connection, they are not planned
# again each time as a statement sent as text would be.
_PREPARE_LOCKS = (
    "PREPARE lock_table(bigint) AS SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE; "
    "PREPARE lock_table_at(bigint, integer) AS SELECT 1 FROM sessions WHERE id = $1 AND version = $2 FOR UPDATE"
)
_LOCK = "SELECT version FROM sessions WHERE id = $1 FOR UPDATE"


@dataclass
class _OptimisticHold:
    """A command's optimistic hold on a table (see PgRepository.table_lock)."""

    session_id: int
    later: contextlib.AsyncExitStack  # closed when the command ends
    committed: bool = False  # the command's step passed its version check


class PgRepository(Repository):
    """The SQLite repository's interface and SQL over an asyncpg pool. What differs: seats
    gathered with json_agg, and `commit` written for asyncpg as one statement. A session
    kept in memory is only a hint here (another process may have changed it since): a
    command's commit checks its version, and a command on a stale one runs again under the
    table's lock (`kept_open_session`, `table_lock`)."""

    unique_violation = (asyncpg.UniqueViolationError,)
    sessions_sql = ("SELECT *, (SELECT json_agg(json_build_array(seat, user_id, name, is_bot, level)) FROM seats "
                    "WHERE session_id = sessions.id) AS seat_list FROM sessions WHERE {where} ORDER BY id")

    def __init__(self, pool: asyncpg.Pool):
        super().__init__(PgConnection(pool))  # type: ignore[arg-type]
        self.pool = pool
        # Nothing here needs the process-wide lock of the single SQLite connection: every
        # transaction has its own connection. `lock` stays for callers that take it anyway.
        self.lock = asyncio.Lock()
        self._keeps_rows = True  # each channel's open session as last read or written (a hint)
        # set while a command holds its table optimistically (see `table_lock`): where the
        # transaction a commit opens is closed, when the command ends
        self._optimistic: ContextVar[_OptimisticHold | None] = ContextVar("pg_optimistic", default=None)
        # posts that went out and are not yet marked sent (see settle_posts), and when
        self._sent: list[str] = []
        self._sent_at = 0.0
        self._settle_later: asyncio.TimerHandle | None = None
        self._settling: asyncio.Task | None = None
        # steps waiting for the statement in flight to end, and the task that sends them (see _step)
        self._waiting: list[_Step] = []
        self._writer: asyncio.Task | None = None
        self.grouped = (0, 0)  # steps written by _step, and in how many statements (bench scale prints it)

    @classmethod
    async def open(cls, url: str, *, readonly: bool = False) -> "PgRepository":  # type: ignore[override]
        """Open the pool and migrate; `readonly`: every transaction read-only, no migration."""
        settings = {"default_transaction_read_only": "on"} if readonly else {}
        # migrated first, on a connection of its own: the pool's connections prepare
        # statements on the tables (see `_prepare_locks`)
        conn = await asyncpg.connect(url, server_settings=settings)
        try:
            if readonly:
                check_schema(await applied_versions(conn, create=False), PG_MIGRATIONS)
            else:
                await migrate(conn)
        except DatabaseProblem as exc:
            raise DatabaseProblem(f"the database {display_url(url)} {exc}") from None
        finally:
            await conn.close()
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, reset=_keep_session,
                                         init=_prepare_locks, server_settings=settings)
        return cls(pool)

    async def close(self) -> None:
        await self.flush_sent()
        await self.pool.close()

    async def settle_posts(self, now: float, sent: list[str] = (), failed: dict[str, str] | None = None,
                           retry: dict[str, float] | None = None) -> None:
        """As Repository.settle_posts, but a post that went out is marked sent with this
        process's next step, in the step's own statement, or SETTLE_DELAY later on its own
        (one statement for all waiting): marking a command's reply and posts was two more
        statements, each its own transaction and round trip, as much server CPU as the step's
        statement. Until then the post stays leased to this process; if it dies first, another
        process sends it again after the lease with the same nonce, which Discord answers with
        the message it made (a reply answered under its command is then posted late, once).
        Refusals and retries are written at once, with the marks waiting."""
        if failed or retry:
            await self.flush_sent()
            await super().settle_posts(now, sent, failed, retry)
            return
        if not sent:
            return
        self._sent.extend(sent)
        self._sent_at = now
        if self._settle_later is None and self._settling is None:
            self._settle_later = asyncio.get_running_loop().call_later(SETTLE_DELAY, self._settle_waiting)

    def _settle_waiting(self) -> None:
        self._settle_later = None
        self._settling = asyncio.ensure_future(self.flush_sent())
        self._settling.add_done_callback(self._settled)

    def _settled(self, task: asyncio.Task) -> None:
        self._settling = None
        if not task.cancelled() and task.exception() is not None:  # kept waiting: the next try carries them
            log.error("could not mark %s posts sent", len(self._sent), exc_info=task.exception())
        if self._sent and self._settle_later is None:
            self._settle_later = asyncio.get_running_loop().call_later(SETTLE_DELAY, self._settle_waiting)

    def _take_sent(self) -> list[str]:
        waiting, self._sent = self._sent, []
        return waiting

    async def flush_sent(self) -> None:
        """Write the waiting sent marks now (a tick before it claims posts, the end of a process)."""
        if self._settle_later is not None:
            self._settle_later.cancel()
            self._settle_later = None
        waiting = self._take_sent()
        if not waiting:
            return
        try:
            async with self.conn.connection() as db:
                await db.execute(_MARK_SENT, self._sent_at, waiting)
        except BaseException:
            self._sent[:0] = waiting
            raise

    async def claim_posts(self, now: float, lease_until: float, limit: int) -> list[PostRow]:
        await self.flush_sent()
        return await super().claim_posts(now, lease_until, limit)

    async def posts(self, session_id: int | None = None) -> list[PostRow]:
        await self.flush_sent()
        return await super().posts(session_id)

    def transaction(self):  # type: ignore[override]
        return self.conn.transaction()

    async def _fetchall(self, sql: str, params: tuple = ()) -> list[asyncpg.Record]:  # type: ignore[override]
        return await self.conn.execute_fetchall(sql, params)

    claim_lock = " FOR UPDATE SKIP LOCKED"

    @asynccontextmanager
    async def table_lock(self, session_id: int, expected: int | None = None,
                         optimistic: bool = False) -> AsyncIterator[int | None]:
        """The session row locked (FOR UPDATE) in a transaction that the command's reads and
        its commit join: a command on the same table in another process waits here until
        this one commits or rolls back, then reads what it wrote. A process that dies
        mid-command drops its connection and so its lock.

        The lock goes with the BEGIN, in one round trip. With `expected`, on the condition
        that the version is still that one: then it is the stored version, yielded; if not,
        a second statement locks the row and reads its version. Without, None is yielded
        (the caller reads the session under the lock).

        `optimistic` (with `expected`): nothing is locked and `expected` is yielded unchecked.
        The commit's own version check stands for the lock (see `commit`); a command that
        ends without committing (a refusal, a read) has decided on the version `expected`,
        so that version is read once more at the end. Either way, when another process has
        changed the table, StaleVersion is raised (nothing written): the caller runs the
        command again under the lock, on the table as stored."""
        if self.conn.in_transaction():  # inside another transaction (a league step): join it
            async with self.conn.connection() as db:
                yield await db.fetchval(_LOCK, session_id)
            return
        if optimistic and expected is not None:
            async with contextlib.AsyncExitStack() as later:  # closes the transaction a commit may open
                hold = _OptimisticHold(session_id, later)
                token = self._optimistic.set(hold)
                try:
                    yield expected
                except StaleVersion:
                    raise
                except Exception as exc:
                    if await self._decided_on_stale(hold, expected):
                        raise StaleVersion() from exc
                    raise
                else:
                    if await self._decided_on_stale(hold, expected):
                        raise StaleVersion()
                finally:
                    self._optimistic.reset(token)
            return
        lock = (f"EXECUTE lock_table({int(session_id)})" if expected is None
                else f"EXECUTE lock_table_at({int(session_id)}, {int(expected)})")
        async with self.conn.begin(lock) as status:
            if expected is None or status == "SELECT 1":
                yield expected
            else:
                async with self.conn.connection() as db:
                    version = await db.fetchval(_LOCK, session_id)
                yield version

    async def _decided_on_stale(self, hold: _OptimisticHold, expected: int) -> bool:
        """Whether a command that wrote no step (a refusal, a read) decided on a version that
        another process has moved on from since. (A transaction still open here is one its
        step opened and then failed in: that failure is the command's answer.)"""
        if hold.committed or self.conn.in_transaction():
            return False
        async with self.conn.connection() as db:
            return await db.fetchval("SELECT version FROM sessions WHERE id = $1", hold.session_id) != expected

    async def last_session_in_channel(self, channel_id: int) -> SessionRow | None:
        found = await self._fetchall("SELECT MAX(id) FROM sessions WHERE channel_id = ?", (channel_id,))
        return await self.load_session(found[0][0]) if found[0][0] is not None else None

    async def open_session_in_channel(self, channel_id: int) -> SessionRow | None:
        """Read from the database each time (the kept row is only a hint, see `kept_open_session`)."""
        found = await self._sessions_where("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        if not found:
            self._open_by_channel.pop(channel_id, None)
        return found[0] if found else None

    async def kept_open_session(self, channel_id: int) -> SessionRow | None:
        """The channel's open session as this process last read or wrote it, without asking
        the database: another process may have changed it since, so the caller must check
        its version (the commit's check, or under the table's lock; see `table_lock`) and
        look again if the table has closed."""
        kept = self._open_by_channel.get(channel_id)
        if kept is not None:
            self._open_by_channel.move_to_end(channel_id)
            return kept
        return await self.open_session_in_channel(channel_id)

    async def _sessions_where(self, where: str, params: tuple) -> list[SessionRow]:
        sql = self.sessions_sql.format(where=where)
        try:
            rows = await self._fetchall(sql, params)
        except asyncpg.UndefinedColumnError as exc:
            if "level" not in str(exc):
                raise
            # a database from before migration 0011 opened read-only (verify): no bot levels
            rows = await self._fetchall(sql.replace("is_bot, level)", "is_bot, NULL)"), params)
        found = [self._row_to_session(r) for r in rows]
        for session in found:
            if session.status in OPEN_STATUSES:
                self._keep_open_row(session)
        return found

    async def _write(self, statements: list[tuple[str, list[tuple]]]) -> None:
        if len(statements) == 1 and len(statements[0][1]) == 1 and not self.conn.in_transaction():
            (sql, [row]), = statements  # one statement is atomic on its own: one round trip, no BEGIN
            async with self.conn.connection() as db:
                await db.execute(to_pg(sql), *row)
            return
        async with self.conn.transaction(), self.conn.connection() as db:
            for sql, rows in statements:
                await db.executemany(to_pg(sql), rows)

    async def commit(
        self, session: SessionRow, now: float, *, seats: list[SeatRow] | None = None,
        log: list[LogRow] | None = None, posts: list[PostRow] | None = None, **changes: Any,
    ) -> SessionRow:
        stored = _stored_changes(changes)
        log, posts = log or [], posts or []
        entries = [(e.seat, e.user_id, e.source, e.code, json.dumps(e.events, ensure_ascii=False), e.at,
                    int(e.public)) for e in log]
        columns = [list(c) for c in zip(*entries)] if entries else [[] for _ in range(7)]
        post_columns = [list(c) for c in zip(*[(p.nonce, p.session_id, p.kind, p.target, p.body, p.lease)
                                               for p in posts])] if posts else [[] for _ in range(6)]
        mask = sum(1 << bit for bit, (name, _) in enumerate(_STEP_COLUMNS) if name in stored)
        params = (now, session.id, session.version, mask, *(stored.get(name) for name, _ in _STEP_COLUMNS),
                  *columns, *post_columns)
        hold = self._optimistic.get()
        if hold is not None and hold.session_id != session.id:
            hold = None
        if hold is not None and not self.conn.in_transaction() and (seats is not None or "status" in changes):
            # A table that opens, closes or reseats under an optimistic hold: what the command
            # does after this step (a league's result, its news) joins the step's transaction,
            # as it would under the lock; the step's UPDATE takes the row's lock from here on.
            await hold.later.enter_async_context(self.conn.begin())
        if seats is None and not self.conn.in_transaction():
            stepped, written = await self._step(session.id, params)  # atomic on its own, with others
        else:  # in a transaction, or with the seats' rewrite: its own statement in that transaction
            async with self.conn.transaction(), self.conn.connection() as db:
                if seats is not None:
                    await db.execute(to_pg(_DELETE_SEATS), session.id)
                    await db.executemany(to_pg(_INSERT_SEAT), _seat_rows(session.id, seats))
                stepped, written = await db.fetchrow(_steps_sql(1), [], *params)  # marks wait: it may roll back
                if stepped != 1:
                    raise StaleVersion()  # rolls back the seats' rewrite with it
        if stepped != 1:
            raise StaleVersion()
        if hold is not None:
            hold.committed = True
        for n, entry in enumerate(log):
            entry.seq = written - len(log) + 1 + n
        return self._committed(session, now, seats, written, changes)

    async def _step(self, session_id: int, params: tuple) -> tuple[int, int | None]:
        """Group commit: a step is sent at once if no statement of this process's steps is in
        flight; if one is, it waits for that one's answer and then goes with every step that
        came meanwhile, in one statement (one round trip, one transaction, one commit on the
        server, whose fixed cost is about half of a step's). Returns (stepped, last_seq) once the
        statement holding it has committed; a stale version fails only its own step."""
        step = _Step(session_id, params, asyncio.get_running_loop().create_future())
        self._waiting.append(step)
        if self._writer is None:
            self._writer = asyncio.ensure_future(self._write_steps())
        return await step.done

    async def _write_steps(self) -> None:
        try:
            while self._waiting:
                group: list[_Step] = []
                later: list[_Step] = []
                for step in self._waiting:
                    if step.done.cancelled():  # its command was cancelled before it was sent
                        continue
                    # one step a table in a statement (an UPDATE cannot change a row twice);
                    # a table's second step goes next, and finds its version moved on
                    if len(group) == MAX_GROUP or any(s.session_id == step.session_id for s in group):
                        later.append(step)
                    else:
                        group.append(step)
                self._waiting = later
                if group:
                    # in the order of their rows, so two processes' statements lock rows in one order
                    await self._write_group(sorted(group, key=lambda s: s.session_id))
        finally:
            self._writer = None
            for step in self._waiting:  # left when this task is cancelled (the loop closing)
                step.done.cancel()
            self._waiting = []

    async def _write_group(self, group: list[_Step]) -> None:
        marks = self._take_sent()
        try:
            async with self.conn.connection() as db:
                row = await db.fetchrow(_steps_sql(len(group)), marks, *(p for s in group for p in s.params))
        except BaseException as exc:
            self._sent[:0] = marks  # the statement wrote nothing: they wait on
            if len(group) > 1 and isinstance(exc, asyncpg.PostgresError):
                # one step's error (or a deadlock) fails the statement: each alone, so it fails only its own
                for step in group:
                    await self._write_group([step])
                return
            for step in group:  # not known to be written: no command of the group is acknowledged
                if step.done.done():
                    continue
                if isinstance(exc, Exception):
                    step.done.set_exception(exc)
                else:
                    step.done.cancel()
            if not isinstance(exc, Exception):
                raise
            return
        self.grouped = (self.grouped[0] + len(group), self.grouped[1] + 1)
        for i, step in enumerate(group):
            if not step.done.done():
                step.done.set_result((row[f"stepped{i}"], row[f"last_seq{i}"]))
