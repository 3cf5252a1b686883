"""Storage: migrations, pragmas, and the optimistic version check."""
from __future__ import annotations

import re

import aiosqlite
import pytest

from storage.db import connect, migrate, migration_files
from storage.sessions import PostRow, Repository, SeatRow, StaleVersion, TableExists, is_postgres_url, open_repository
from tests.conftest import backend_params, database


@pytest.fixture(params=backend_params())
def target(request, tmp_path):
    """The database of a storage test that runs on both backends."""
    return database(request, tmp_path, "s.sqlite3")


async def test_migrations_apply_once_in_order(tmp_path):
    conn = await connect(tmp_path / "a.sqlite3")
    async with conn.execute("SELECT version FROM schema_migrations ORDER BY version") as cur:
        versions = [r[0] for r in await cur.fetchall()]
    assert versions == [v for v, _ in migration_files()] and versions[0] == 1
    assert await migrate(conn) == []  # nothing left to apply
    async with conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with conn.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1
    await conn.close()


async def test_runner_picks_up_new_files_and_rolls_back_a_broken_one(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_a.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "0002_b.sql").write_text("CREATE TABLE b (y INTEGER);")
    (folder / "notes.txt").write_text("not a migration")
    conn = await aiosqlite.connect(tmp_path / "m.sqlite3", isolation_level=None)
    assert await migrate(conn, folder) == [1, 2]
    (folder / "0003_bad.sql").write_text("CREATE TABLE c (z INTEGER); INSERT INTO nowhere VALUES (1);")
    with pytest.raises(Exception):
        await migrate(conn, folder)
    async with conn.execute("SELECT name FROM sqlite_master WHERE name = 'c'") as cur:
        assert await cur.fetchall() == []  # the half-applied migration left nothing behind
    (folder / "0003_bad.sql").write_text("CREATE TABLE c (z INTEGER);")
    assert await migrate(conn, folder) == [3]
    await conn.close()


async def make_session(repo: Repository, channel: int = 5) -> int:
    return await repo.create_session(guild_id=1, channel_id=channel, thread=False, game="duel", options={},
                                     creator_id=1, locale="en", seed=2**256 - 1, seed_hash="h",
                                     seats=[SeatRow(0, 1, "alice")], now=1.0)


async def test_version_check_refuses_a_stale_writer(target):
    repo = await open_repository(target)
    sid = await make_session(repo)
    loaded = await repo.load_session(sid)
    assert loaded.seed == 2**256 - 1  # a whole 256-bit secret survives storage
    assert re.fullmatch(r"[0-9a-f]{64}", loaded.bot_secret) and loaded.entropy is None
    await repo.commit(loaded, 2.0, seats=loaded.seats + [SeatRow(1, 2, "bob")])
    with pytest.raises(StaleVersion):
        await repo.commit(loaded, 3.0, status="abandoned", seats=[])
    now = await repo.load_session(sid)
    assert (now.version, now.status, len(now.seats)) == (loaded.version + 1, "lobby", 2)
    await repo.close()


async def test_one_open_table_per_channel(target):
    repo = await open_repository(target)
    sid = await make_session(repo)
    with pytest.raises(TableExists):
        await make_session(repo)
    await repo.commit(await repo.load_session(sid), 2.0, status="finished")
    assert await make_session(repo) != sid  # a finished table frees the channel
    await repo.close()


async def test_run_sync_is_one_call_on_the_database_thread_and_a_failed_commit_writes_nothing(tmp_path):
    """run_sync runs one function on aiosqlite's thread; a commit failing halfway rolls back."""
    import threading

    from storage.db import run_sync

    repo = await Repository.open(tmp_path / "s.sqlite3")
    sid = await make_session(repo)
    seen = await run_sync(repo.conn, lambda db: (threading.current_thread().name,
                                                  db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]))
    assert seen[0] != threading.current_thread().name and seen[1] == 1
    loaded = await repo.load_session(sid)
    bad_log = [None]  # not a LogRow: the insert fails after the UPDATE ran
    with pytest.raises(AttributeError):
        await repo.commit(loaded, 2.0, status="abandoned", log=bad_log)
    again = await repo.load_session(sid)
    assert (again.version, again.status) == (loaded.version, "lobby")  # rolled back
    assert not repo.fast.in_transaction and not repo.conn.in_transaction
    stored = await repo.commit(loaded, 3.0, status="active")  # the connection still works
    assert stored.version == loaded.version + 1 and repo.committed[sid] == stored.version
    await repo.close()


async def test_commands_use_the_loop_connection_and_wait_on_the_database_thread_only_when_locked(
        tmp_path, monkeypatch):
    """A table's read and commit run on the loop's connection (no thread hop) and see each
    other's commits; while another process holds the write lock, a read still answers at
    once with the last commit, and a commit waits for the lock on aiosqlite's thread while
    the event loop goes on."""
    import asyncio
    import sqlite3

    import storage.sessions as sessions

    hops = []
    real_run_sync = sessions.run_sync

    async def counting_run_sync(conn, work):
        hops.append(work)
        return await real_run_sync(conn, work)

    path = tmp_path / "s.sqlite3"
    repo = await Repository.open(path)
    assert repo.fast is not None
    sid = await make_session(repo)
    monkeypatch.setattr(sessions, "run_sync", counting_run_sync)
    loaded = await repo.load_session(sid)
    await repo.commit(loaded, 2.0, status="active", seats=loaded.seats + [SeatRow(1, 2, "bob")])
    now = await repo.load_session(sid)
    assert (now.version, now.status, [s.name for s in now.seats]) == (loaded.version + 1, "active", ["alice", "bob"])
    assert hops == []  # neither the reads nor the commit left the loop's thread

    other = sqlite3.connect(path, isolation_level=None)  # another process, mid-write
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE sessions SET timer_policy = 'forfeit' WHERE id = ?", (sid,))
    assert (await repo.load_session(sid)).timer_policy == "skip"  # the last commit, without waiting
    waiting = asyncio.create_task(repo.commit(now, 3.0, status="finished"))
    ticks = 0
    for _ in range(20):  # the loop keeps running while the commit waits for the lock
        await asyncio.sleep(0.01)
        ticks += 1
    assert ticks == 20 and not waiting.done() and len(hops) == 1
    other.execute("COMMIT")
    stored = await waiting
    assert stored.version == now.version + 1
    final = await repo.load_session(sid)
    assert (final.status, final.timer_policy, final.version) == ("finished", "forfeit", stored.version)
    other.close()
    await repo.close()


async def test_the_write_ahead_log_is_checkpointed_as_commits_go_on(tmp_path):
    """Commits on the loop's connection keep SQLite's automatic checkpoint (1,000 pages), so
    the log starts over instead of growing with every command."""
    path = tmp_path / "s.sqlite3"
    repo = await Repository.open(path)
    sid = await make_session(repo)
    session = await repo.load_session(sid)
    for n in range(300):  # 300 states of 20 KB: 6 MB of log if nothing were checkpointed
        session = await repo.commit(session, 2.0 + n, state=str(n % 10) * 20_000)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size < 4_500_000  # 1,000 pages of 4 KiB, plus the commit that crossed it
    assert (await repo.load_session(sid)).state == str(299 % 10) * 20_000
    await repo.close()


async def test_log_numbers_stay_right_when_another_writer_logs_in_between(target):
    """A process remembers where the log ended after its own commit; a commit from another
    process (or one without log rows) must not make it reuse a number."""
    from storage.sessions import LogRow

    def rows(n: int) -> list[LogRow]:
        return [LogRow(0, 0, 1, "user", f"step{i}", [], 1.0) for i in range(n)]

    a = await open_repository(target)
    b = await open_repository(target)
    try:
        sid = await make_session(a)
        s = await a.commit(await a.load_session(sid), 2.0, log=rows(2))  # a remembers seq 2
        s = await a.commit(s, 2.5, status="active")  # no log rows: still seq 2
        s = await a.commit(s, 2.6, log=rows(1))
        await b.commit(await b.load_session(sid), 3.0, log=rows(3))  # seq 4..6, by the other process
        await a.commit(await a.load_session(sid), 4.0, log=rows(1))
        assert [e.seq for e in await a.log_entries(sid)] == [1, 2, 3, 4, 5, 6, 7]
        assert [e.code for e in await a.log_entries(sid)][-1] == "step0"
    finally:  # open connections would keep their threads (and pytest) alive after a failure
        await a.close()
        await b.close()


async def test_public_log_pages_number_the_seen_steps_only(target):
    """/game log's pages: the last `last` seen steps before the `skip` latest, oldest first,
    each numbered among the seen steps (a hidden step takes no number), with its own events."""
    from storage.sessions import LogRow

    repo = await open_repository(target)
    try:
        sid = await make_session(repo)
        hidden = {3, 4, 8}  # seq of the steps the table did not see
        rows = [LogRow(0, 0, 1, "user", f"step{seq}", [{"key": f"k{seq}"}], 1.0, public=seq not in hidden)
                for seq in range(1, 11)]
        await repo.commit(await repo.load_session(sid), 2.0, log=rows)
        seen = [seq for seq in range(1, 11) if seq not in hidden]  # shown as 1..7
        assert await repo.count_public_log(sid) == len(seen)
        for last, skip in [(3, 0), (3, 3), (3, 6), (10, 0), (2, 7)]:
            page = await repo.public_log(sid, last=last, skip=skip)
            want = [(n + 1, seq) for n, seq in enumerate(seen)][max(0, len(seen) - skip - last):len(seen) - skip]
            assert [(shown, e.seq) for shown, e in page] == want, (last, skip)
            assert all(e.code == f"step{e.seq}" and e.events == [{"key": f"k{e.seq}"}] and e.public
                       for _, e in page)
    finally:
        await repo.close()


async def test_a_kept_open_session_is_read_again_after_another_writer_commits(target):
    """The channel's open session is kept in memory between commands; a commit by another
    connection (another process) must make the next lookup read the database again."""
    a = await open_repository(target)
    b = await open_repository(target)
    try:
        sid = await make_session(a, channel=7)
        first = await a.open_session_in_channel(7)
        mine = await a.commit(first, 2.0, locale="zh-CN")
        if not is_postgres_url(target):  # SQLite keeps the row (PostgreSQL reads it each time)
            assert await a.open_session_in_channel(7) is mine  # this process's own write is kept as written
            assert await a.open_session_in_channel(7) is mine  # kept: no second read
        theirs = await b.commit(await b.load_session(sid), 3.0, seats=mine.seats + [SeatRow(1, 2, "bob")])
        again = await a.open_session_in_channel(7)
        assert (again.version, len(again.seats)) == (theirs.version, 2)
        await b.commit(theirs, 4.0, status="abandoned")
        assert await a.open_session_in_channel(7) is None  # closed elsewhere: no table here now
    finally:
        await a.close()
        await b.close()


async def test_remembering_a_user_writes_only_what_changed(target):
    """A process remembers each user's name and locale at their first command; a missing one
    (None) keeps what is stored, and a user seen again as stored writes no new row version
    (PostgreSQL: the row's xmin stays; SQLite: no change counted)."""
    repo = await open_repository(target)
    try:
        await repo.remember_user(7, "alice", "en")
        await repo.remember_user(7, None, "zh-CN")
        await repo.remember_user(8, "bob", None)
        await repo.remember_user(8, "bobby", None)
        rows = await repo._fetchall("SELECT id, name, locale FROM users ORDER BY id")
        assert [tuple(r) for r in rows] == [(7, "alice", "zh-CN"), (8, "bobby", None)]
        async def written() -> object:
            if is_postgres_url(target):
                return (await repo._fetchall("SELECT xmin::text FROM users WHERE id = ?", (7,)))[0][0]
            return repo.fast.total_changes  # SQLite: the loop's connection, where the write goes

        before = await written()
        await repo.remember_user(7, "alice", "zh-CN")
        await repo.remember_user(7, None, None)
        assert await written() == before
        assert await repo.user_locale(7) == "zh-CN"
    finally:
        await repo.close()


async def test_settling_posts_marks_exactly_the_ones_named(target):
    """A command's posts delivered are marked sent together (PostgreSQL: one statement over
    their nonces); a post not named stays pending, one refused keeps its reason and is not
    marked sent, one to try again gets its new lease."""
    repo = await open_repository(target)
    try:
        sid = await make_session(repo, channel=7)
        session = await repo.load_session(sid)
        posts = [PostRow(f"n{i}", "public", 7, "{}", sid, 100.0) for i in range(5)]
        await repo.commit(session, 2.0, posts=posts)
        await repo.settle_posts(3.0, ["n0", "n2", "n3"])
        await repo.settle_posts(4.0, [], {"n1": "refused"}, {"n4": 50.0})
        stored = {p.nonce: (p.sent_at, p.lease, p.failed, p.attempts) for p in await repo.posts(sid)}
        assert stored == {"n0": (3.0, None, None, 0), "n1": (None, None, "refused", 1), "n2": (3.0, None, None, 0),
                          "n3": (3.0, None, None, 0), "n4": (None, 50.0, None, 1)}
    finally:
        await repo.close()


@pytest.mark.postgres
async def test_postgresql_marks_posts_sent_with_the_next_step_or_soon_after(pg_url):
    """PostgreSQL: a post that went out is marked sent by the process's next step, in the
    step's own statement (one statement a command instead of three), or on its own at most
    SETTLE_DELAY later, or when the process closes; until then it stays pending, leased to
    this process. Read here with plain SQL: `posts()` writes the waiting marks first."""
    import asyncio

    from storage.postgres import SETTLE_DELAY

    repo = await open_repository(pg_url)

    async def sent_at(sid: int) -> dict[str, float | None]:
        return {r[0]: r[1] for r in await repo._fetchall("SELECT nonce, sent_at FROM outbox WHERE session_id = ?",
                                                         (sid,))}

    try:
        sid = await make_session(repo, channel=7)
        session = await repo.commit(await repo.load_session(sid), 2.0,
                                    posts=[PostRow(f"n{i}", "public", 7, "{}", sid, 100.0) for i in range(2)])
        await repo.settle_posts(3.0, ["n0"])
        assert await sent_at(sid) == {"n0": None, "n1": None}  # waiting for a step
        session = await repo.commit(session, 4.0, posts=[PostRow("n2", "public", 7, "{}", sid, 100.0)])
        assert await sent_at(sid) == {"n0": 4.0, "n1": None, "n2": None}  # carried by the step, at its time
        await repo.settle_posts(5.0, ["n1"])
        for _ in range(200):  # no step comes: written on its own after SETTLE_DELAY
            await asyncio.sleep(SETTLE_DELAY / 4)
            if (await sent_at(sid))["n1"] is not None:
                break
        assert await sent_at(sid) == {"n0": 4.0, "n1": 5.0, "n2": None}
        await repo.settle_posts(6.0, ["n2"])
    finally:
        await repo.close()  # writes the marks still waiting
    repo = await open_repository(pg_url)
    try:
        assert await sent_at(sid) == {"n0": 4.0, "n1": 5.0, "n2": 6.0}
    finally:
        await repo.close()


@pytest.mark.postgres
async def test_postgresql_commits_steps_that_arrive_together_in_one_statement(pg_url):
    """PostgreSQL, group commit: steps a process's commands send while one is in flight wait
    and go together in one statement, one transaction (the rows it writes share the
    transaction id, xmin); a stale version among them fails only its own command, and the
    others are written with their log rows and posts, each numbered after its own log."""
    import asyncio

    from storage.sessions import LogRow

    repo = await open_repository(pg_url)
    try:
        sids = [await make_session(repo, channel=30 + i) for i in range(4)]
        sessions = [await repo.load_session(sid) for sid in sids]
        sessions[2] = await repo.commit(sessions[2], 1.5, log=[LogRow(0, 0, 1, "user", "before", [], 1.5)])
        stale = await repo.load_session(sids[3])
        await repo.commit(stale, 1.6, state="moved on")  # another writer: `stale` is behind
        results = await asyncio.gather(
            *(repo.commit(s, 2.0, state=f"s{i}", log=[LogRow(0, 0, 1, "user", f"move{i}", [], 2.0)],
                          posts=[PostRow(f"g{i}", "public", 30 + i, "{}", s.id, 100.0)])
              for i, s in enumerate(sessions[:3] + [stale])), return_exceptions=True)
        assert isinstance(results[3], StaleVersion) and not any(isinstance(r, Exception) for r in results[:3])
        xmins = await repo._fetchall("SELECT xmin::text FROM sessions WHERE id = ANY(?::bigint[])", (sids[:3],))
        logged = await repo._fetchall("SELECT xmin::text FROM action_log WHERE code LIKE 'move%'")
        posted = await repo._fetchall("SELECT xmin::text FROM outbox WHERE nonce LIKE 'g%'")
        assert len({r[0] for r in xmins + logged + posted}) == 1 and (len(logged), len(posted)) == (3, 3)
        assert [(await repo.load_session(sid)).state for sid in sids] == ["s0", "s1", "s2", "moved on"]
        assert [e.seq for e in await repo.log_entries(sids[2])] == [1, 2]
        assert [e.code for e in await repo.log_entries(sids[3])] == []  # the stale step wrote nothing
        assert {p.nonce for p in await repo.posts()} == {"g0", "g1", "g2"}
    finally:
        await repo.close()


@pytest.mark.postgres
async def test_postgresql_a_failing_step_of_a_group_fails_alone(pg_url):
    """A step whose statement fails (here a post nonce already used) takes its group's
    statement with it; then each step of the group is written on its own, so only its
    command fails. A table's second step in the same group waits for the next statement
    (an UPDATE cannot change a row twice) and finds its version moved on."""
    import asyncio

    repo = await open_repository(pg_url)
    try:
        sids = [await make_session(repo, channel=40 + i) for i in range(3)]
        sessions = [await repo.load_session(sid) for sid in sids]
        sessions[0] = await repo.commit(sessions[0], 1.5, posts=[PostRow("used", "public", 40, "{}", sids[0], 100.0)])
        results = await asyncio.gather(
            repo.commit(sessions[0], 2.0, state="a"),
            repo.commit(sessions[1], 2.0, state="b", posts=[PostRow("used", "public", 41, "{}", sids[1], 100.0)]),
            repo.commit(sessions[2], 2.0, state="c"),
            repo.commit(sessions[2], 2.0, state="c again"), return_exceptions=True)
        assert isinstance(results[1], repo.unique_violation) and isinstance(results[3], StaleVersion)
        assert not isinstance(results[0], Exception) and not isinstance(results[2], Exception)
        assert [(await repo.load_session(sid)).state for sid in sids] == ["a", None, "c"]
    finally:
        await repo.close()


async def test_a_write_of_several_rows_is_all_or_nothing(target):
    """A write of several rows (a command's posts marked sent) is one transaction: a row that
    fails takes the rows before it with it."""
    repo = await open_repository(target)
    try:
        sid = await make_session(repo, channel=7)
        insert = ("INSERT INTO outbox (nonce, session_id, kind, target, body, created_at, lease) "
                  "VALUES (?, ?, 'public', 7, '{}', 1.0, NULL)")
        with pytest.raises(repo.unique_violation):
            await repo._write([(insert, [("a", sid), ("b", sid), ("a", sid)])])
        assert await repo.posts(sid) == []
    finally:
        await repo.close()
