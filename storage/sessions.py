"""The repository for game sessions, seats, the action log and users.

All SQL for these tables lives here. One command is one transaction (`commit`), guarded by
an optimistic version check: the row is updated only if its version is still the one the
command loaded, so a second writer (another process, a DM handled elsewhere) can never
overwrite a newer state; it gets `StaleVersion` instead.
"""
from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import aiosqlite

from storage.db import CACHE_KIB, DatabaseProblem, connect, run_sync, write_transaction

OPEN_STATUSES = ("lobby", "active")
OPEN_ROWS_KEPT = 4096  # channels whose open session stays in memory (a few KiB each)
T = TypeVar("T")


class StaleVersion(Exception):
    """The session changed since it was loaded (another writer won)."""


class TableExists(Exception):
    """The channel already has an open table."""


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    is_bot: bool = False
    level: str | None = None  # a bot seat's level (easy, normal, hard); None: the plain heuristic


@dataclass
class SessionRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    locale: str
    version: int
    state: str | None
    seed: int  # the server's 256-bit secret (older rows: a 64-bit seed), revealed at the end
    seed_hash: str  # its commitment, shown when the table opens (see bot.host.fair)
    thread: bool = False
    timer_hours: float | None = None
    timer_policy: str = "skip"
    turn_deadline: float | None = None
    timer_seats: list[int] = field(default_factory=list)
    reminded: bool = False
    created_at: float = 0.0
    updated_at: float = 0.0
    seats: list[SeatRow] = field(default_factory=list)
    error: str | None = None  # set when the host failed on this table (see Host.tick)
    # None: the table takes no player entropy; else user id (as text) -> the value they added
    entropy: dict[str, str] | None = None
    # the players' commitments (user id as text -> SHA-256 of the value they keep), and once
    # commitments are closed, until when the committed players may reveal (see bot.host.fair)
    commitments: dict[str, str] | None = None
    reveal_until: float | None = None
    bot_secret: str = ""  # what the bot seats draw from; never shown, never derived from the seed
    hints: bool = True  # the table offers /game hint (a table option; league tables never do)
    auto_pass: bool = True  # the host passes for a seat whose only choice is to decline (a table option)
    ended: str | None = None  # why the host ended it without a result: its final post's message key

    def seats_of(self, user_id: int) -> list[int]:
        return [s.seat for s in self.seats if s.user_id == user_id]

    def user_of(self, seat: int) -> int | None:
        return self.seats[seat].user_id if 0 <= seat < len(self.seats) else None


@dataclass
class LogRow:
    seq: int
    seat: int | None
    user_id: int | None
    source: str
    code: str
    events: list[dict[str, Any]]
    at: float
    public: bool = True  # False: a step the table did not see (not listed in /game log)


@dataclass
class PostRow:
    """One post in the outbox (migration 0010): a channel post (`public`, target = channel id),
    a DM (`private`, target = user id), or the answer to the command (`reply`, target = the
    caller's user id; migration 0012). `body` is the message as JSON, written and read by
    the host (bot.outbox); storage only keeps it. `lease`: the unix time until which the
    process that wrote it (or claimed it) is the one delivering it."""

    nonce: str
    kind: str
    target: int
    body: str
    session_id: int | None = None
    lease: float | None = None
    attempts: int = 0
    sent_at: float | None = None
    failed: str | None = None
    created_at: float | None = None


# Columns a command may change through `commit` (everything but identity and creation).
_MUTABLE = {
    "status", "state", "options", "locale", "timer_hours", "timer_policy", "turn_deadline",
    "timer_seats", "reminded", "creator_id", "error", "entropy", "commitments", "reveal_until", "ended",
}
_JSON = ("options", "timer_seats", "entropy", "commitments")

_LAST_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM action_log WHERE session_id = ?"
_DELETE_SEATS = "DELETE FROM seats WHERE session_id = ?"
_INSERT_SEAT = "INSERT INTO seats (session_id, seat, user_id, name, is_bot, level) VALUES (?, ?, ?, ?, ?, ?)"


_INSERT_LOG = ("INSERT INTO action_log (session_id, seq, seat, user_id, source, code, events, at, public) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_SESSION = (
    "INSERT INTO sessions (guild_id, channel_id, thread, game, options, status, creator_id, locale, seed, seed_hash, "
    "created_at, updated_at, entropy, bot_secret, hints, turn_deadline, commitments, auto_pass) "
    "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "RETURNING id"
)
# Due turn timers (half time passed: a reminder, or the deadline: the policy), and league
# lobbies whose time to gather the players' values has passed, that no live
# process holds, leased until the first `?`. `{lock}`: PostgreSQL skips rows another
# process has locked (claiming, or playing the table); SQLite has one writer anyway.
_CLAIM_TIMERS = (
    "UPDATE sessions SET timer_lease = ? WHERE id IN (SELECT id FROM sessions WHERE status IN ('active', 'lobby') "
    "AND turn_deadline IS NOT NULL AND turn_deadline - COALESCE(timer_hours, 0) * 1800 <= ? "
    "AND (reminded = 0 OR turn_deadline <= ?) AND (timer_lease IS NULL OR timer_lease <= ?) "
    "ORDER BY turn_deadline LIMIT ?{lock}) RETURNING id"
)
_INSERT_POST = ("INSERT INTO outbox (nonce, session_id, kind, target, body, created_at, lease) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)")
# Posts nobody is delivering (never sent, never refused, lease passed), oldest first, leased to
# the claiming process until the first `?`; `{lock}` as in _CLAIM_TIMERS.
_CLAIM_POSTS = (
    "UPDATE outbox SET lease = ? WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND failed IS NULL "
    "AND (lease IS NULL OR lease <= ?) ORDER BY id LIMIT ?{lock}) "
    "RETURNING id, nonce, session_id, kind, target, body, lease, attempts"
)
# Sent posts are kept this long (for an operator's questions), then removed a batch at a time.
_PRUNE_POSTS = "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < ? ORDER BY id LIMIT 500)"
SENT_POSTS_KEPT_SECONDS = 86400.0
# A user's name and locale as last seen (a process's first command from them); nothing is
# written when both are as stored, the usual case after a restart.
_REMEMBER_USER = (
    "INSERT INTO users (id, name, locale) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
    "name = COALESCE(excluded.name, users.name), locale = COALESCE(excluded.locale, users.locale) "
    "WHERE (excluded.name IS NOT NULL AND (users.name IS NULL OR users.name <> excluded.name)) "
    "OR (excluded.locale IS NOT NULL AND (users.locale IS NULL OR users.locale <> excluded.locale))"
)
# A command's write; `{sets}` lists the changed columns (see `_stored_changes`).
_UPDATE_SESSION = "UPDATE sessions SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND version = ?"


def _seat_rows(session_id: int, seats: list[SeatRow]) -> list[tuple]:
    return [(session_id, s.seat, s.user_id, s.name, int(s.is_bot), s.level) for s in seats]


def _post_rows(posts: list[PostRow], now: float) -> list[tuple]:
    return [(p.nonce, p.session_id, p.kind, p.target, p.body, now, p.lease) for p in posts]


def _settle_statements(now: float, sent: list[str], failed: dict[str, str],
                       retry: dict[str, float]) -> list[tuple[str, list[tuple]]]:
    """The writes that record how deliveries went (see Repository.settle_posts)."""
    return [
        ("UPDATE outbox SET sent_at = ?, lease = NULL WHERE nonce = ?", [(now, n) for n in sent]),
        ("UPDATE outbox SET failed = ?, attempts = attempts + 1, lease = NULL WHERE nonce = ?",
         [(why, n) for n, why in failed.items()]),
        ("UPDATE outbox SET attempts = attempts + 1, lease = ? WHERE nonce = ?",
         [(until, n) for n, until in retry.items()]),
    ]


def _stored_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """A command's column changes as stored: JSON for lists and dicts, 0/1 for flags."""
    bad = set(changes) - _MUTABLE
    if bad:
        raise ValueError(f"cannot change {sorted(bad)}")
    stored = {k: json.dumps(v) if k in _JSON and v is not None else v for k, v in changes.items()}
    return {k: int(v) if isinstance(v, bool) else v for k, v in stored.items()}


def _log_rows(session_id: int, log: list[LogRow], last_seq: int) -> list[tuple]:
    """The action-log rows after `last_seq`; numbers each entry (entry.seq) as it goes."""
    rows = []
    for entry in log:
        last_seq += 1
        entry.seq = last_seq
        rows.append((session_id, last_seq, entry.seat, entry.user_id, entry.source, entry.code,
                     json.dumps(entry.events, ensure_ascii=False), entry.at, int(entry.public)))
    return rows


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def open_repository(target: str | Path, *, readonly: bool = False) -> "Repository":
    """The repository for a database URL (`SHAPAN_DB`): `postgresql://...` opens PostgreSQL;
    a file path, `sqlite:PATH` or `sqlite:///PATH` opens SQLite (the default). `readonly`
    never changes the database (no migration either)."""
    if is_postgres_url(target):
        from storage.postgres import PgRepository

        return await PgRepository.open(str(target), readonly=readonly)
    if isinstance(target, str) and target.startswith("sqlite:"):
        target = target.removeprefix("sqlite:")
        target = target[2:] if target.startswith("//") else target
    return await Repository.open(target, readonly=readonly)


def _fair_columns(row: Any) -> dict[str, Any]:
    """The columns of migration 0007, absent from a database read (read-only) before it."""
    try:
        entropy, bot_secret = row["entropy"], row["bot_secret"]
    except (IndexError, KeyError):  # sqlite3.Row / asyncpg.Record without the column
        return {}
    found = {"entropy": None if entropy is None else json.loads(entropy), "bot_secret": bot_secret}
    try:  # migration 0013
        commitments, reveal_until = row["commitments"], row["reveal_until"]
    except (IndexError, KeyError):
        return found
    return {**found, "commitments": None if commitments is None else json.loads(commitments),
            "reveal_until": reveal_until}


class Repository:
    """SQLite. storage.postgres.PgRepository serves the same interface on PostgreSQL."""

    # what the database raises when the one-open-table-per-channel index refuses a row
    unique_violation: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    # sessions with their seats as a JSON list, in one statement (one consistent snapshot)
    sessions_sql = ("SELECT *, (SELECT json_group_array(json_array(seat, user_id, name, is_bot, level)) FROM seats "
                    "WHERE session_id = sessions.id) AS seat_list FROM sessions WHERE {where} ORDER BY id")

    def __init__(self, conn: aiosqlite.Connection, fast: sqlite3.Connection | None = None):
        self.conn = conn
        # The first read and the write of every command go through a second connection used
        # on the event loop's own thread, `fast`: an indexed read costs ~30 µs there and a
        # one-row commit ~60 µs, while each hop to aiosqlite's thread and back costs ~150 µs.
        # It never waits for a lock: its busy timeout is 0, and when another connection holds
        # the write lock the work goes to aiosqlite's thread, which may wait (see `_run`).
        # Under WAL with synchronous=NORMAL a commit is a write() to the OS, no fsync; only
        # SQLite's automatic checkpoint (every ~1,000 pages, ~300 commands) syncs, measured
        # at up to ~9 ms on our machines. A background checkpoint was tried and dropped:
        # while commits keep coming it never catches up and the log grows without bound.
        self.fast = fast
        # One connection serves every task of this process; a transaction must not interleave
        # with another task's statements, so every use of the connection takes this lock.
        self.lock = asyncio.Lock()
        # The version this process last wrote for each session: a session read before that
        # write is known to be stale without asking the database again (see Host._locked).
        self.committed: dict[int, int] = {}
        # The last action-log seq this process wrote for each session, with the version that
        # write produced: a commit whose version check passes at that version knows the log
        # ends there (every log write bumps the version), so it skips SELECT MAX(seq).
        self._last_seq: dict[int, tuple[int, int]] = {}
        # Each channel's open session as this process last read or wrote it, valid while no
        # other connection has committed: SQLite's `PRAGMA data_version` on `fast` changes
        # exactly when another connection (another process, or our own aiosqlite one) commits,
        # so one cheap pragma replaces the session's SELECT and parse on most commands.
        self._open_by_channel: OrderedDict[int, SessionRow] = OrderedDict()
        self._data_version: int | None = None
        self._keeps_rows = fast is not None

    @classmethod
    async def open(cls, path: str | Path, *, readonly: bool = False) -> "Repository":
        """Open (and migrate) the database; `readonly` opens it with SQLite's mode=ro and
        never changes it (for `shapan verify`). Raises storage.db.DatabaseProblem."""
        conn = await connect(path, readonly=readonly)
        fast = None
        if str(path) != ":memory:" and not readonly:  # a second connection to :memory: would be another database
            try:
                fast = sqlite3.connect(Path(path), isolation_level=None, check_same_thread=False)
                fast.row_factory = sqlite3.Row
                for pragma in ("busy_timeout = 0", "synchronous = NORMAL", "foreign_keys = ON",
                               f"cache_size = {CACHE_KIB}"):
                    fast.execute(f"PRAGMA {pragma}")
            except sqlite3.Error as exc:
                await conn.close()
                raise DatabaseProblem(f"the database {path} cannot be used: {exc}") from None
        return cls(conn, fast)

    async def close(self) -> None:
        if self.fast is not None:
            self.fast.close()
        await self.conn.close()

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` on the loop's connection if it can run without waiting, else
        in one hop on aiosqlite's thread (which waits for the lock up to its busy timeout)."""
        if self.fast is not None:
            try:
                result = work(self.fast)
            except sqlite3.OperationalError as exc:
                if exc.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):  # not a wait
                    raise
            else:
                return result
        async with self.lock:
            return await run_sync(self.conn, work)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction (for other repositories sharing this connection)."""
        async with write_transaction(self.conn, self.lock) as conn:
            yield conn

    async def _fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self.lock:
            return list(await self.conn.execute_fetchall(sql, params))  # one thread hop

    # --- saved loadouts (decks, armies, fleets) -----------------------------------------
    async def loadouts(self, user_id: int, game: str | None = None) -> list[aiosqlite.Row]:
        if game:
            return await self._fetchall("SELECT * FROM loadouts WHERE user_id = ? AND game = ? ORDER BY name",
                                        (user_id, game))
        return await self._fetchall("SELECT * FROM loadouts WHERE user_id = ? ORDER BY game, name", (user_id,))

    async def loadout(self, user_id: int, game: str, name: str) -> aiosqlite.Row | None:
        rows = await self._fetchall("SELECT * FROM loadouts WHERE user_id = ? AND game = ? AND name = ?",
                                    (user_id, game, name))
        return rows[0] if rows else None

    async def save_loadout(self, user_id: int, game: str, name: str, code: str, now: float) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO loadouts (user_id, game, name, code, saved_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(user_id, game, name) DO UPDATE SET code = excluded.code, saved_at = excluded.saved_at",
                (user_id, game, name, code, now),
            )

    async def delete_loadout(self, user_id: int, game: str, name: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM loadouts WHERE user_id = ? AND game = ? AND name = ?", (user_id, game, name))

    # --- users -------------------------------------------------------------------
    async def remember_user(self, user_id: int, name: str | None, locale: str | None) -> None:
        await self._write([(_REMEMBER_USER, [(user_id, name, locale)])])

    async def user_locale(self, user_id: int) -> str | None:
        rows = await self._fetchall("SELECT locale FROM users WHERE id = ?", (user_id,))
        return rows[0]["locale"] if rows else None

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO users (id, dm_closed) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET dm_closed = excluded.dm_closed",
                (user_id, int(closed)),
            )

    async def dm_closed(self, user_id: int) -> bool:
        rows = await self._fetchall("SELECT dm_closed FROM users WHERE id = ?", (user_id,))
        return bool(rows and rows[0]["dm_closed"])

    # --- sessions ------------------------------------------------------------------
    async def create_session(
        self, *, guild_id: int | None, channel_id: int, thread: bool, game: str, options: dict[str, Any],
        creator_id: int, locale: str, seed: int, seed_hash: str, seats: list[SeatRow], now: float,
        entropy: dict[str, str] | None = None, bot_secret: str | None = None, hints: bool = True,
        posts: Callable[[int], list[PostRow]] | None = None, turn_deadline: float | None = None,
        commitments: dict[str, str] | None = None,
        linked: Callable[[int], Awaitable[None]] | None = None, auto_pass: bool = True,
    ) -> int:
        """A new lobby. `bot_secret` (what its bot seats draw from) is drawn here unless given;
        `posts(session_id)`: the posts announcing it, kept in the same transaction;
        `turn_deadline`: when a lobby starts by itself (see Host._tick_table); `linked(session
        id)`: more writes in the same transaction, on this repository's connection (a league
        match linked to its table), so that nobody ever sees the table without them."""
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    _INSERT_SESSION,
                    (guild_id, channel_id, int(thread), game, json.dumps(options), creator_id, locale, str(seed),
                     seed_hash, now, now, None if entropy is None else json.dumps(entropy),
                     bot_secret or secrets.token_hex(32), int(hints), turn_deadline,
                     None if commitments is None else json.dumps(commitments), int(auto_pass)),
                )
                session_id = (await cur.fetchone())[0]
                await self._write_seats(db, session_id, seats)
                if posts is not None:
                    await db.executemany(_INSERT_POST, _post_rows(posts(int(session_id)), now))
                if linked is not None:
                    await linked(int(session_id))
        except self.unique_violation as exc:
            if "sessions" in str(exc) or "UNIQUE" in str(exc):
                raise TableExists() from None
            raise
        return int(session_id)

    @staticmethod
    async def _write_seats(db: aiosqlite.Connection, session_id: int, seats: list[SeatRow]) -> None:
        await db.execute(_DELETE_SEATS, (session_id,))
        await db.executemany(_INSERT_SEAT, _seat_rows(session_id, seats))

    @staticmethod
    def _row_to_session(row: sqlite3.Row) -> SessionRow:
        seats = sorted((SeatRow(seat, user, name, bool(bot), level)
                        for seat, user, name, bot, level in json.loads(row["seat_list"] or "[]")),
                       key=lambda s: s.seat)
        return SessionRow(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=json.loads(row["options"]), status=row["status"], creator_id=row["creator_id"],
            locale=row["locale"], version=row["version"], state=row["state"], seed=int(row["seed"]),
            seed_hash=row["seed_hash"], thread=bool(row["thread"]), timer_hours=row["timer_hours"],
            timer_policy=row["timer_policy"], turn_deadline=row["turn_deadline"],
            timer_seats=json.loads(row["timer_seats"] or "[]"), reminded=bool(row["reminded"]),
            created_at=row["created_at"], updated_at=row["updated_at"], seats=seats,
            error=row["error"] if "error" in row.keys() else None,  # absent in an older database opened read-only
            hints=bool(row["hints"]) if "hints" in row.keys() else True,
            auto_pass=bool(row["auto_pass"]) if "auto_pass" in row.keys() else True,
            ended=row["ended"] if "ended" in row.keys() else None,
            **_fair_columns(row),
        )

    async def _sessions_where(self, where: str, params: tuple) -> list[SessionRow]:
        """Sessions with their seats, in one statement (so one consistent snapshot)."""
        sql = self.sessions_sql.format(where=where)
        try:
            return await self._run(lambda db: [self._row_to_session(r) for r in db.execute(sql, params).fetchall()])
        except sqlite3.OperationalError as exc:
            if "level" not in str(exc):
                raise
            # a database from before migration 0011 opened read-only (verify): no bot levels
            old = sql.replace("is_bot, level)", "is_bot, NULL)")
            return await self._run(lambda db: [self._row_to_session(r) for r in db.execute(old, params).fetchall()])

    async def load_session(self, session_id: int) -> SessionRow | None:
        found = await self._sessions_where("id = ?", (session_id,))
        return found[0] if found else None

    async def open_session_in_channel(self, channel_id: int) -> SessionRow | None:
        if self._kept_rows_valid():
            kept = self._open_by_channel.get(channel_id)
            if kept is not None:
                self._open_by_channel.move_to_end(channel_id)
                return kept
        found = await self._sessions_where("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        if found:
            self._keep_open_row(found[0])
        return found[0] if found else None

    def _kept_rows_valid(self) -> bool:
        """Drops the kept rows when another connection has committed since the last look."""
        if self.fast is None:
            return False
        version = self.fast.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._open_by_channel.clear()
            self._data_version = version
        return True

    async def kept_open_session(self, channel_id: int) -> SessionRow | None:
        """The channel's open session for a command that will hold the table and check the
        session's version under that hold (see Host._locked). SQLite: exactly
        `open_session_in_channel`; PostgreSQL may answer from memory, possibly out of date."""
        return await self.open_session_in_channel(channel_id)

    def _keep_open_row(self, session: SessionRow) -> None:
        if not self._keeps_rows:
            return
        if session.status not in OPEN_STATUSES:
            self._open_by_channel.pop(session.channel_id, None)
            return
        self._open_by_channel[session.channel_id] = session
        self._open_by_channel.move_to_end(session.channel_id)
        if len(self._open_by_channel) > OPEN_ROWS_KEPT:
            self._open_by_channel.popitem(last=False)

    async def last_session_in_channel(self, channel_id: int) -> SessionRow | None:
        """The channel's newest table, open or over (a finished game stays viewable)."""
        found = await self._run(lambda db: db.execute(
            "SELECT MAX(id) FROM sessions WHERE channel_id = ?", (channel_id,)).fetchone()[0])
        return await self.load_session(found) if found is not None else None

    async def open_sessions_of_user(self, user_id: int) -> list[SessionRow]:
        return await self._sessions_where(
            "status IN ('lobby', 'active') AND id IN (SELECT session_id FROM seats WHERE user_id = ?)", (user_id,)
        )

    async def sessions_with_deadline(self) -> list[SessionRow]:
        return await self._sessions_where("status = 'active' AND turn_deadline IS NOT NULL", ())

    claim_lock = ""  # see _CLAIM_TIMERS

    async def claim_due_timers(self, now: float, lease_until: float, limit: int) -> list[int]:
        """Ids of tables whose timer is due at `now` and not held by a live lease, now leased
        to this process until `lease_until`. A process that dies holding some loses them
        when the lease passes; `release_timer` gives one back at once."""
        async with self.transaction() as db:
            cur = await db.execute(_CLAIM_TIMERS.format(lock=self.claim_lock), (lease_until, now, now, now, limit))
            return sorted(row[0] for row in await cur.fetchall())

    async def release_timer(self, session_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE sessions SET timer_lease = NULL WHERE id = ?", (session_id,))

    # --- the outbox (posts of committed steps, see migration 0010) ---------------------------
    async def store_posts(self, posts: list[PostRow], now: float) -> None:
        """Posts that belong to no session commit (a league's news), in their own transaction."""
        if posts:
            await self._write([(_INSERT_POST, _post_rows(posts, now))])

    async def add_posts(self, posts: list[PostRow], now: float) -> None:
        """Posts written in the transaction under way (`transaction()`), so that they are
        kept exactly when the change they report is (a league's news)."""
        if posts:
            await self.conn.executemany(_INSERT_POST, _post_rows(posts, now))

    async def claim_posts(self, now: float, lease_until: float, limit: int) -> list[PostRow]:
        """Undelivered posts whose lease has passed (their process died, or a retry is due),
        oldest first, now leased to this process until `lease_until`. Sent posts older than
        SENT_POSTS_KEPT_SECONDS are removed on the way."""
        sql = _CLAIM_POSTS.format(lock=self.claim_lock)
        async with self.transaction() as db:
            await db.execute(_PRUNE_POSTS, (now - SENT_POSTS_KEPT_SECONDS,))
            cur = await db.execute(sql, (lease_until, now, limit))
            rows = sorted(await cur.fetchall(), key=lambda r: r[0])
        return [PostRow(r[1], r[3], r[4], r[5], r[2], r[6], r[7]) for r in rows]

    async def settle_posts(self, now: float, sent: list[str] = (), failed: dict[str, str] | None = None,
                           retry: dict[str, float] | None = None) -> None:
        """Record deliveries by nonce: `sent` went out; `failed` Discord refused (the reason is
        kept, and they are not tried again); `retry` failed for a passing reason (a server
        error) and are tried again once their new lease (the value) has passed."""
        statements = [(sql, rows) for sql, rows in _settle_statements(now, list(sent), failed or {}, retry or {})
                      if rows]
        if statements:
            await self._write(statements)

    async def _write(self, statements: list[tuple[str, list[tuple]]]) -> None:
        """Statements (each with its rows) in one transaction, on the loop's connection when
        it is free (so that the kept open rows stay valid, see `_kept_rows_valid`)."""

        def write(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                for sql, rows in statements:
                    db.executemany(sql, rows)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

        await self._run(write)

    async def posts(self, session_id: int | None = None) -> list[PostRow]:
        """Every post kept in the outbox (of one table), oldest first (tests, operators)."""
        where, params = ("WHERE session_id = ?", (session_id,)) if session_id is not None else ("", ())
        rows = await self._fetchall(f"SELECT * FROM outbox {where} ORDER BY id", params)
        return [PostRow(r["nonce"], r["kind"], r["target"], r["body"], r["session_id"], r["lease"], r["attempts"],
                        r["sent_at"], r["failed"], r["created_at"]) for r in rows]

    @asynccontextmanager
    async def table_lock(self, session_id: int, expected: int | None = None,
                         optimistic: bool = False) -> AsyncIterator[int | None]:
        """Holds one table against other processes for the length of a command; yields its
        stored version when that is known (`expected`: the version the caller has loaded,
        a hint that may save a round trip). `optimistic`: the caller would rather not wait
        for a hold; it runs the command again (`optimistic` off) when the commit raises
        StaleVersion. SQLite: nothing to hold (one process serves a file; the version check
        refuses a stale commit), so None."""
        yield None

    async def commit(
        self, session: SessionRow, now: float, *, seats: list[SeatRow] | None = None,
        log: list[LogRow] | None = None, posts: list[PostRow] | None = None, **changes: Any,
    ) -> SessionRow:
        """Write one command's result in one transaction, if `session.version` is still current:
        the session's changes, its seats, its log entries and its posts (the outbox).

        Returns the session as stored (version + 1). Raises StaleVersion when another writer
        committed first; then nothing is written.
        """
        stored = _stored_changes(changes)
        update = _UPDATE_SESSION.format(sets="".join(f", {k} = ?" for k in stored))

        written: list[int | None] = [None]  # the last seq written, once the transaction is done

        def write(db: sqlite3.Connection) -> None:
            written[0] = None
            # The whole transaction as one function: on the loop's connection, or in one hop.
            db.execute("BEGIN IMMEDIATE")
            try:
                cur = db.execute(update, (now, *stored.values(), session.id, session.version))
                if cur.rowcount != 1:
                    raise StaleVersion()
                if seats is not None:
                    db.execute(_DELETE_SEATS, (session.id,))
                    db.executemany(_INSERT_SEAT, _seat_rows(session.id, seats))
                if log:
                    seq = self._known_last_seq(session)
                    if seq is None:
                        seq = db.execute(_LAST_SEQ, (session.id,)).fetchone()[0]
                    rows = _log_rows(session.id, log, seq)
                    db.executemany(_INSERT_LOG, rows)
                    written[0] = rows[-1][1]
                if posts:
                    db.executemany(_INSERT_POST, _post_rows(posts, now))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

        await self._run(write)
        return self._committed(session, now, seats, written[0], changes)

    def _known_last_seq(self, session: SessionRow) -> int | None:
        """The session's last log seq if this process wrote it at `session.version`, else None."""
        known = self._last_seq.get(session.id)
        return known[1] if known is not None and known[0] == session.version else None

    def _committed(self, session: SessionRow, now: float, seats: list[SeatRow] | None, written: int | None,
                   changes: dict[str, Any]) -> SessionRow:
        """Bookkeeping after a commit; returns the session as stored."""
        self.committed[session.id] = session.version + 1
        known = self._last_seq.pop(session.id, None)
        if written is not None:
            self._last_seq[session.id] = (session.version + 1, written)
        elif known is not None and known[0] == session.version:  # no log rows: the log ends where it did
            self._last_seq[session.id] = (session.version + 1, known[1])
        stored = replace(session, version=session.version + 1, updated_at=now,
                         seats=seats if seats is not None else session.seats, **changes)
        self._keep_open_row(stored)
        return stored

    async def log_entries(self, session_id: int, last: int | None = None) -> list[LogRow]:
        if last is None:
            rows = await self._fetchall("SELECT * FROM action_log WHERE session_id = ? ORDER BY seq", (session_id,))
        else:
            rows = await self._fetchall(
                "SELECT * FROM (SELECT * FROM action_log WHERE session_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq",
                (session_id, last),
            )
        return [self._log_row(r) for r in rows]

    @staticmethod
    def _log_row(r: sqlite3.Row) -> LogRow:
        return LogRow(r["seq"], r["seat"], r["user_id"], r["source"], r["code"], json.loads(r["events"]), r["at"],
                      bool(r["public"]))

    async def public_log(self, session_id: int, last: int, skip: int = 0) -> list[tuple[int, LogRow]]:
        """The last `last` steps the table saw (before the `skip` latest ones), each with its
        number among the seen steps (numbered without the hidden ones, so gaps do not count
        hidden steps)."""
        # only the numbers are counted over every seen step; the events' text is read for the
        # page's rows alone (numbering whole rows carried every row's events through the window)
        rows = await self._fetchall(
            "SELECT a.*, n.shown FROM (SELECT seq, ROW_NUMBER() OVER (ORDER BY seq) AS shown FROM action_log "
            "WHERE session_id = ? AND public = 1 ORDER BY seq DESC LIMIT ? OFFSET ?) AS n "
            "JOIN action_log AS a ON a.session_id = ? AND a.seq = n.seq ORDER BY a.seq",
            (session_id, last, skip, session_id))
        return [(r["shown"], self._log_row(r)) for r in rows]

    async def hidden_log(self, session_id: int, after: int, before: int | None) -> list[LogRow]:
        """The steps the table did not see with `after < seq < before` (`before` None: to the
        end): a seat's own DMs among them are its to read again in /game log."""
        sql = "SELECT * FROM action_log WHERE session_id = ? AND public = 0 AND seq > ?"
        if before is None:
            rows = await self._fetchall(sql + " ORDER BY seq", (session_id, after))
        else:
            rows = await self._fetchall(sql + " AND seq < ? ORDER BY seq", (session_id, after, before))
        return [self._log_row(r) for r in rows]

    async def count_public_log(self, session_id: int) -> int:
        rows = await self._fetchall("SELECT COUNT(*) FROM action_log WHERE session_id = ? AND public = 1",
                                    (session_id,))
        return rows[0][0]

    async def count_log(self, session_id: int) -> int:
        rows = await self._fetchall("SELECT COUNT(*) FROM action_log WHERE session_id = ?", (session_id,))
        return rows[0][0]
