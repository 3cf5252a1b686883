"""SQL for /roll: the rolls made and the saved aliases (tables in 0002_rolls.sql)."""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncContextManager, AsyncIterator, Callable

import aiosqlite

from storage.db import write_transaction


@dataclass
class RollRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    user_id: int
    user_name: str
    expr: str
    label: str | None
    private: bool
    result: dict[str, Any]
    at: float


@dataclass
class AliasRow:
    scope: str  # "user" or "server"
    owner_id: int
    name: str
    expr: str


class RollStore:
    """Uses a connection in autocommit mode (storage.db.connect opens it so); `lock` is the
    lock every user of that connection takes, so our transaction never interleaves. With a
    repository's `transaction` (SQLite or PostgreSQL) writes run in its transactions."""

    def __init__(self, conn: aiosqlite.Connection, lock: asyncio.Lock | None = None,
                 transaction: Callable[[], AsyncContextManager[Any]] | None = None):
        self.conn = conn
        self.lock = lock or asyncio.Lock()
        self._transaction = transaction

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._transaction is not None:
            async with self._transaction() as db:
                yield db
            return
        async with write_transaction(self.conn, self.lock) as conn:
            yield conn

    async def _fetchall(self, sql: str, params: tuple) -> list[tuple]:
        async with self.lock:
            async with self.conn.execute(sql, params) as cur:
                return [tuple(row) for row in await cur.fetchall()]

    # --- rolls ------------------------------------------------------------------
    async def add_roll(self, *, guild_id: int | None, channel_id: int | None, user_id: int, user_name: str,
                       expr: str, label: str | None, private: bool, result: dict[str, Any], at: float) -> int:
        async with self._write() as db:
            cur = await db.execute(
                "INSERT INTO rolls (guild_id, channel_id, user_id, user_name, expr, label, private, result, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, user_id, user_name, expr, label, int(private),
                 json.dumps(result, ensure_ascii=False, separators=(",", ":")), at),
            )
            return (await cur.fetchone())[0]

    async def recent_rolls(self, *, channel_id: int | None, viewer_id: int, limit: int) -> list[RollRow]:
        """Newest first: the channel's public rolls and the viewer's own private ones. In a
        DM (no channel) only the viewer's own DM rolls."""
        columns = "id, guild_id, channel_id, user_id, user_name, expr, label, private, result, at"
        if channel_id is None:
            sql = f"SELECT {columns} FROM rolls WHERE channel_id IS NULL AND user_id = ? ORDER BY id DESC LIMIT ?"
            params: tuple = (viewer_id, limit)
        else:
            sql = (f"SELECT {columns} FROM rolls WHERE channel_id = ? AND (private = 0 OR user_id = ?) "
                   "ORDER BY id DESC LIMIT ?")
            params = (channel_id, viewer_id, limit)
        rows = await self._fetchall(sql, params)
        return [RollRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), json.loads(r[8]), r[9]) for r in rows]

    # --- aliases ------------------------------------------------------------------
    async def set_alias(self, *, scope: str, owner_id: int, name: str, expr: str, created_by: int, at: float,
                        max_count: int) -> bool:
        """Create or replace. False, and nothing written, when a new name would pass max_count."""
        async with self._write() as db:
            async with db.execute(
                "SELECT COUNT(*), COUNT(CASE WHEN name = ? THEN 1 END) FROM roll_aliases WHERE scope = ? AND owner_id = ?",
                (name, scope, owner_id),
            ) as cur:
                count, exists = await cur.fetchone()
            if not exists and count >= max_count:
                return False
            await db.execute(
                "INSERT INTO roll_aliases (scope, owner_id, name, expr, created_by, at) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(scope, owner_id, name) DO UPDATE SET expr = excluded.expr, "
                "created_by = excluded.created_by, at = excluded.at",
                (scope, owner_id, name, expr, created_by, at),
            )
            return True

    async def delete_alias(self, *, scope: str, owner_id: int, name: str) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "DELETE FROM roll_aliases WHERE scope = ? AND owner_id = ? AND name = ?", (scope, owner_id, name)
            )
            return cur.rowcount > 0

    async def find_alias(self, *, user_id: int, guild_id: int | None, name: str) -> AliasRow | None:
        """The user's own alias wins over the server's."""
        rows = await self._fetchall(
            "SELECT scope, owner_id, name, expr FROM roll_aliases WHERE name = ? AND "
            "((scope = 'user' AND owner_id = ?) OR (scope = 'server' AND owner_id = ?)) "
            "ORDER BY scope = 'user' DESC LIMIT 1",
            (name, user_id, guild_id if guild_id is not None else -1),
        )
        return AliasRow(*rows[0]) if rows else None

    async def list_aliases(self, *, user_id: int, guild_id: int | None) -> list[AliasRow]:
        rows = await self._fetchall(
            "SELECT scope, owner_id, name, expr FROM roll_aliases WHERE "
            "(scope = 'user' AND owner_id = ?) OR (scope = 'server' AND owner_id = ?) ORDER BY scope DESC, name",
            (user_id, guild_id if guild_id is not None else -1),
        )
        return [AliasRow(*r) for r in rows]
