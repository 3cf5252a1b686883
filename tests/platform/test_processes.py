"""Several bot processes on one PostgreSQL database (each a Host with its own connection
pool): commands on one table take turns instead of failing, each turn timer and league
deadline fires once, and a dead process's claimed timers are taken over once its lease
has passed."""
from __future__ import annotations

import asyncio
import json

import asyncpg
import pytest

from bot.host.core import TIMER_LEASE_SECONDS
from bot.outbox import Command
from tests.platform.conftest import CHANNEL, USERS, Clock, cmd, duel_table, make_host, public_text, reply_text

pytestmark = pytest.mark.postgres
HOUR = 3600


@pytest.fixture
async def hosts(pg_url):
    """Two processes sharing one database and one clock."""
    clock = Clock()
    pair = [await make_host(pg_url, clock), await make_host(pg_url, clock)]
    yield pair
    for host in pair:
        await host.close()


async def test_moves_sent_to_two_processes_at_once_all_land_in_order(hosts):
    """Fifty players act at the same moment, half through each process: every move is taken
    (none refused as stale), each once, and the log numbers them 1..50."""
    first, second = hosts
    await first.handle(cmd("alice", "game.new", game="tally"))
    for i in range(49):
        await first.handle(cmd(f"p{i}", "game.join", uid=100 + i))
    await first.handle(cmd("alice", "game.start"))
    session = await first.repo.open_session_in_channel(CHANNEL)
    movers = [cmd("alice", "play", code="add")] + [cmd(f"p{i}", "play", uid=100 + i, code="add") for i in range(49)]
    boxes = await asyncio.gather(*((first, second)[i % 2].handle(c) for i, c in enumerate(movers)))
    assert [reply_text(b) for b in boxes] == ["✓ add"] * 50
    after = await second.repo.load_session(session.id)
    assert json.loads(after.state)["counts"] == [1] * 50
    assert after.version == session.version + 50
    log = await second.repo.log_entries(session.id)
    assert [e.seq for e in log] == list(range(1, 51))
    assert sorted(e.user_id for e in log) == sorted(c.user_id for c in movers)


async def timed_duels(host, count: int) -> list[int]:
    ids = []
    for n in range(count):
        channel = 1000 + n
        sid = await duel_table(host, channel=channel, start=False)
        await host.handle(cmd("alice", "game.timer", channel=channel, hours="2", policy="skip"))
        await host.handle(cmd("alice", "game.start", channel=channel))
        ids.append(sid)
    return ids


async def test_each_timer_fires_once_when_both_processes_tick_together(hosts):
    first, second = hosts
    ids = await timed_duels(first, 6)
    clock = first.clock
    start = clock.now
    clock.now = start + HOUR + 1  # half time: one reminder per table
    reminders = await asyncio.gather(first.tick(), second.tick())
    assert sorted(u for box in reminders for u, _ in box.private) == [USERS["alice"]] * 6
    clock.now = start + 2 * HOUR + 1  # the deadline: the bot plays alice's turn, once per table
    expired = await asyncio.gather(first.tick(), second.tick())
    assert sum(public_text(box).count("Time is up for alice") for box in expired) == 6
    for sid in ids:
        log = await first.repo.log_entries(sid)
        assert [(e.seat, e.source) for e in log] == [(0, "timer")]
    assert [(await h.tick()).public for h in hosts] == [[], []]  # nothing more is due


async def test_a_dead_process_timers_are_taken_over_when_its_lease_passes(hosts):
    first, second = hosts
    [sid] = await timed_duels(first, 1)
    due = first.clock.now = first.clock.now + 2 * HOUR + 1
    # the first process claims the due timer, then dies before it fires it
    assert await first.repo.claim_due_timers(due, due + TIMER_LEASE_SECONDS, 100) == [sid]
    await first.close()
    hosts.remove(first)
    second.clock.now = due + 1
    assert (await second.tick()).public == []  # still leased to the dead process
    second.clock.now = due + TIMER_LEASE_SECONDS
    box = await second.tick()
    assert "alice" in public_text(box)
    assert [(e.seat, e.source) for e in await second.repo.log_entries(sid)] == [(0, "timer")]


async def test_a_table_being_played_is_not_claimed_by_another_process_timer(hosts):
    """While one process holds a table for a command, another's tick passes it by (SKIP
    LOCKED) instead of waiting, and claims it on a later tick."""
    first, second = hosts
    [sid] = await timed_duels(first, 1)
    due = first.clock.now + 2 * HOUR + 1
    async with first._hold(sid):
        assert await second.repo.claim_due_timers(due, due + TIMER_LEASE_SECONDS, 100) == []
    assert await second.repo.claim_due_timers(due, due + TIMER_LEASE_SECONDS, 100) == [sid]


async def test_a_league_deadline_reminds_once_while_two_processes_tick(hosts):
    first, second = hosts
    def league(verb: str, user: str, **args) -> Command:
        return Command(user_id=USERS[user], user_name=user, verb=f"league.{verb}", args=args, guild_id=1,
                       channel_id=CHANNEL, locale="en", can_manage_guild=user == "mod")

    await first.handle(league("create", "mod", name="Spring", game="duel", format="round_robin", round_days=7))
    await first.handle(league("open", "mod"))
    for name in ("alice", "bob", "carol", "dave"):
        await first.handle(league("join", name))
        await first.handle(league("checkin", name))
    box = await first.handle(league("start_round", "mod"))
    assert len(box.private) == 4  # each player told their pairing
    first.clock.now += 6.5 * 86400
    # the first process is inside its tick's transaction when the second one ticks
    async with first.league._transaction():
        mine = await first.league._tick()
        # (had the second process claimed the round too, it would wait for the first one's
        # row lock while the first waits for it: the guard turns that into a failure)
        theirs = await asyncio.wait_for(second.league.tick(), 60)
    assert len(mine.private) == 4 and theirs.private == []
    assert (await second.league.tick()).private == []  # reminded once, for good


async def tally_table(host, players: list[str], channel: int = CHANNEL) -> int:
    await host.handle(cmd(players[0], "game.new", game="tally", channel=channel))
    for name in players[1:]:
        await host.handle(cmd(name, "game.join", channel=channel))
    assert reply_text(await host.handle(cmd(players[0], "game.start", channel=channel))) == "Done."
    return (await host.repo.open_session_in_channel(channel)).id


async def test_a_table_kept_in_memory_is_not_played_from_after_the_other_process_moved(hosts):
    """The first process keeps the table it last wrote; the second plays on it; the first's
    next move must start from the second's move (not refused as stale, nothing lost), and its
    read-only commands show the table as the database has it."""
    first, second = hosts
    sid = await tally_table(first, ["alice", "bob"])
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"
    assert (await first.repo.kept_open_session(CHANNEL)).version == (await first.repo.load_session(sid)).version
    assert reply_text(await second.handle(cmd("bob", "play", code="add"))) == "✓ add"
    kept = await first.repo.kept_open_session(CHANNEL)
    assert json.loads(kept.state)["counts"] == [1, 0]  # out of date, as a hint may be
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"
    stored = await second.repo.load_session(sid)
    assert json.loads(stored.state)["counts"] == [2, 1]
    assert [(e.seq, e.user_id) for e in await second.repo.log_entries(sid)] == [
        (1, USERS["alice"]), (2, USERS["bob"]), (3, USERS["alice"])]
    assert reply_text(await second.handle(cmd("bob", "play", code="add"))) == "✓ add"
    assert json.loads((await first.repo.kept_open_session(CHANNEL)).state)["counts"] == [2, 1]
    assert "[2, 2]" in reply_text(await first.handle(cmd("alice", "game.status")))


async def test_a_table_kept_in_memory_that_the_other_process_closed_gives_way_to_the_new_one(hosts):
    """The first process keeps the channel's table; the second ends it and opens a new one
    there. A move sent to the first process goes to the new table (not 'game over')."""
    first, second = hosts
    old = await tally_table(first, ["alice", "bob"])
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"
    await second.handle(cmd("alice", "game.abandon", manager=True))
    assert (await second.repo.load_session(old)).status == "abandoned"
    new = await tally_table(second, ["carol", "dave"])
    assert (await first.repo.kept_open_session(CHANNEL)).id == old  # still the old one, out of date
    assert reply_text(await first.handle(cmd("carol", "play", code="add"))) == "✓ add"
    assert [e.user_id for e in await first.repo.log_entries(new)] == [USERS["carol"]]
    assert (await first.repo.kept_open_session(CHANNEL)).id == new


async def test_the_table_lock_holds_the_row_whether_or_not_the_version_it_expects_is_current(hosts):
    """The lock goes with BEGIN on the condition that the version is the one the process
    expects; when it is not (another process wrote since), the row is locked all the same and
    the stored version is given; without an expected version the row is locked too."""
    first, second = hosts
    sid = await tally_table(first, ["alice"])
    stored = (await first.repo.load_session(sid)).version
    for expected, given in ((stored, stored), (stored - 1, stored), (None, None)):
        async with first.repo.table_lock(sid, expected) as version:
            assert version == given
            with pytest.raises(asyncpg.LockNotAvailableError):
                async with second.repo.transaction() as db:
                    await db.execute("SELECT 1 FROM sessions WHERE id = ? FOR UPDATE NOWAIT", (sid,))
    async with second.repo.transaction() as db:  # released at the end of each
        await db.execute("SELECT 1 FROM sessions WHERE id = ? FOR UPDATE NOWAIT", (sid,))


async def test_a_step_decided_on_a_table_another_process_just_played_is_decided_again(hosts):
    """A command on a table kept in memory takes no lock (the optimistic path): the commit's
    version check is what keeps two processes from both writing a step on one version. Here
    the second process commits bob's move while the first has decided alice's on the older
    table: the first's commit is refused and writes nothing, and alice's move is decided again
    on the table as stored. Both moves land, each once, with their posts once."""
    first, second = hosts
    sid = await tally_table(first, ["alice", "bob"])
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"
    kept = await first.repo.kept_open_session(CHANNEL)
    posts_per_move = len(await first.repo.posts(sid))
    assert reply_text(await first.handle(cmd("bob", "play", code="add"))) == "✓ add"
    posts_per_move = len(await first.repo.posts(sid)) - posts_per_move
    assert posts_per_move > 0
    kept = await first.repo.kept_open_session(CHANNEL)
    posts_before = len(await first.repo.posts(sid))
    real_commit = first.repo.commit
    tried: list[int] = []

    async def the_other_process_commits_first(session, now, **kwargs):
        tried.append(session.version)
        if len(tried) == 1:
            # (were the table locked, this would wait for the first process: a failure, not a hang)
            assert reply_text(await asyncio.wait_for(second.handle(cmd("bob", "play", code="add")), 30)) == "✓ add"
        return await real_commit(session, now, **kwargs)

    first.repo.commit = the_other_process_commits_first
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"
    assert tried == [kept.version, kept.version + 1]  # the stale try, then the stored table
    stored = await second.repo.load_session(sid)
    assert json.loads(stored.state)["counts"] == [2, 2]
    assert stored.version == kept.version + 2
    assert [(e.seq, e.user_id) for e in await second.repo.log_entries(sid)] == [
        (1, USERS["alice"]), (2, USERS["bob"]), (3, USERS["bob"]), (4, USERS["alice"])]
    assert len(await second.repo.posts(sid)) == posts_before + 2 * posts_per_move


async def test_a_refusal_decided_on_a_table_another_process_changed_is_decided_again(hosts):
    """A command that ends without a commit (here a refusal) decided on the table kept in
    memory: if another process has changed the table since, it is decided again on the table
    as stored, not answered from the old one. carol joined through the second process; her
    /game leave through the first must not be refused as 'not a player'."""
    first, second = hosts
    await first.handle(cmd("alice", "game.new", game="tally"))
    sid = (await first.repo.kept_open_session(CHANNEL)).id
    assert reply_text(await second.handle(cmd("carol", "game.join"))) == "Done."
    assert [s.name for s in (await first.repo.kept_open_session(CHANNEL)).seats] == ["alice"]  # out of date
    assert reply_text(await first.handle(cmd("carol", "game.leave"))) == "Done."
    assert [s.name for s in (await second.repo.load_session(sid)).seats] == ["alice"]


async def test_a_step_that_ends_the_game_holds_the_table_until_what_follows_it_is_written(hosts):
    """On the optimistic path, a step that closes the table opens a transaction that the
    game-over hooks (a league's result) join, as they would under the lock: while they run,
    the other process finds the row locked and the table still active; then it is finished."""
    first, second = hosts
    sid = await tally_table(first, ["alice", "bob"])
    assert reply_text(await first.handle(cmd("alice", "play", code="add"))) == "✓ add"  # kept in memory
    seen: list[tuple[str, str]] = []

    async def game_over(stored, outcome) -> None:
        try:
            async with second.repo.transaction() as db:
                await db.execute("SELECT 1 FROM sessions WHERE id = ? FOR UPDATE NOWAIT", (sid,))
            row = "free"
        except asyncpg.LockNotAvailableError:
            row = "locked"
        seen.append((row, (await second.repo.load_session(sid)).status))

    first.on_game_finished.append(game_over)
    await first.handle(cmd("alice", "game.concede"))
    assert seen == [("locked", "active")]
    assert (await second.repo.load_session(sid)).status == "finished"
