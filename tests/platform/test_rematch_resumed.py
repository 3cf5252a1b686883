"""Issue 23: "nothing lost when one dies". A `/game rematch` of a table without entropy opens
the new table (one transaction) and starts it (a second one): a process killed between the
two used to leave a full table that never started. The rematch is created due at once, so
the next timer tick of any process starts it, and the start happens exactly once whoever
gets there first. On SQLite and PostgreSQL."""
from __future__ import annotations

import pytest

from bot.host import fair
from games.core.i18n import t
from tests.platform.conftest import CHANNEL, cmd, duel_table, make_host, play_duel_to_end, reply_text
from tests.toygame import ENGINE


class Killed(BaseException):
    """The process dies here (nothing after this point runs)."""


async def finished_duel(host) -> int:
    sid = await duel_table(host)
    await play_duel_to_end(host, sid)
    return sid


async def started_posts(host, sid: int) -> int:
    """How many times the table announced its start (`host.started`, in the table's English)."""
    return sum(t("en", "host.started", hash="")[:16] in p.body for p in await host.repo.posts(sid))


async def verify(host, sid: int) -> str | None:
    session = await host.repo.load_session(sid)
    return fair.verify_session(ENGINE, session, await host.repo.log_entries(sid))


async def test_a_rematch_killed_between_its_two_steps_is_started_by_the_next_tick(host, db_path, clock):
    await finished_duel(host)
    begin = host._begin

    async def die(*args, **kwargs):
        raise Killed()

    host._begin = die
    with pytest.raises(Killed):
        await host.handle(cmd("bob", "game.rematch"))
    host._begin = begin
    rematch = await host.repo.open_session_in_channel(CHANNEL)
    assert rematch.status == "lobby" and len(rematch.seats) == 2
    # the answer to the command was kept with the new table: another process sends it (reply first,
    # then the channel's posts: the order a step's messages go out in, README)
    assert [p.kind for p in await host.repo.posts(rematch.id)] == ["reply", "public"]
    other = await make_host(db_path, clock)  # another process (or this one, restarted)
    try:
        await other.tick()
        session = await other.repo.load_session(rematch.id)
        assert session.status == "active" and [s.name for s in session.seats] == ["bob", "alice"]
        assert await started_posts(other, rematch.id) == 1
        version = session.version
        await other.tick()
        await host.tick()
        assert (await other.repo.load_session(rematch.id)).version == version  # started once
        await other.handle(cmd("alice", "game.concede"))
        assert (await other.repo.load_session(rematch.id)).status == "finished"
        assert await verify(other, rematch.id) is None
    finally:
        await other.close()


async def test_a_tick_between_the_two_steps_and_the_rematch_start_the_game_once(host):
    await finished_duel(host)
    create = host.repo.create_session

    async def create_then_tick(**kwargs):
        session_id = await create(**kwargs)
        await host.tick()  # the timer loop runs while the command is between its steps
        return session_id

    host.repo.create_session = create_then_tick
    box = await host.handle(cmd("bob", "game.rematch"))
    assert reply_text(box) == "Done."
    rematch = await host.repo.open_session_in_channel(CHANNEL)
    assert rematch.status == "active" and await started_posts(host, rematch.id) == 1
    assert await host.repo.count_log(rematch.id) == 0


async def test_an_ordinary_rematch_starts_at_once_and_leaves_no_timer(host):
    await finished_duel(host)
    box = await host.handle(cmd("bob", "game.rematch"))
    assert reply_text(box) == "Done."
    rematch = await host.repo.open_session_in_channel(CHANNEL)
    assert rematch.status == "active" and rematch.turn_deadline is None
    assert await started_posts(host, rematch.id) == 1
