"""Every post a table's step makes is kept in the outbox with that step (issue 17 §3: "never a
committed step whose messages were lost"): each verb that changes a table, and the timers,
hand back only posts that carry a nonce and are stored, in the same words; a refused command
keeps none. (Delivery, resending and nonces in Discord: tests/discord/test_outbox.py.)"""
from __future__ import annotations

import pytest

from bot.outbox import Outbox, read_post
from storage.sessions import PostRow, StaleVersion
from tests.toygame import ENGINE as DUEL
from tests.platform.conftest import CHANNEL, USERS, cmd, duel_table, play_duel_to_end, reply_text

HOUR = 3600


async def assert_kept(host, box: Outbox) -> None:
    rows = {p.nonce: p for p in await host.repo.posts()}
    for kind, pairs in (("public", box.public), ("private", box.private)):
        for target, message in pairs:
            assert message.nonce in rows, f"a {kind} post not kept: {message.text[:80]!r}"
            row = rows[message.nonce]
            kept, _ = read_post(row.body)
            assert (row.kind, row.target, kept.text, kept.pings) == (kind, target, message.text, message.pings)


async def test_every_post_of_a_tables_steps_is_kept_with_them(host, clock):
    boxes = [await host.handle(cmd("alice", "game.new", game="duel")),
             await host.handle(cmd("bob", "game.join")),
             await host.handle(cmd("bob", "game.leave")),
             await host.handle(cmd("bob", "game.join")),
             await host.handle(cmd("alice", "game.timer", hours="2", policy="skip")),
             await host.handle(cmd("alice", "game.start"))]
    clock.now += HOUR + 1
    boxes.append(await host.tick())  # the reminder
    clock.now += HOUR
    boxes.append(await host.tick())  # the deadline: the bot plays alice's turn
    session = await host.repo.open_session_in_channel(CHANNEL)
    state = DUEL.load_state(session.state)
    seat = DUEL.active_seats(state)[0]
    code = DUEL.legal_actions(state, seat)[0].code()
    boxes.append(await host.handle(cmd(["alice", "bob"][seat], "play", code=code)))
    boxes.append(await host.handle(cmd("alice", "game.concede")))
    boxes.append(await host.handle(cmd("bob", "game.rematch")))
    boxes.append(await host.handle(cmd("bob", "game.kick", user_id=str(USERS["alice"]), then="bot")))
    boxes.append(await host.handle(cmd("bob", "game.abandon")))
    assert all(b.public or b.private for b in boxes), [b.reply.text for b in boxes if b.reply]
    for box in boxes:
        await assert_kept(host, box)
    # each command's reply is kept with its step too (issue 23), addressed to its caller
    rows = {p.nonce: p for p in await host.repo.posts()}
    replies = [b.reply for b in boxes if b.reply is not None]
    assert len(replies) == len(boxes) - 2  # the two ticks answer nobody
    assert all(r.nonce in rows and rows[r.nonce].kind == "reply" for r in replies)
    assert len(rows) == sum(len(b.public) + len(b.private) for b in boxes) + len(replies)


async def test_a_refused_or_stale_step_keeps_no_post(host):
    sid = await duel_table(host)
    before = await host.repo.posts()
    box = await host.handle(cmd("bob", "play", code="pass"))  # not bob's turn
    assert box.public == box.private == [] and reply_text(box)
    assert await host.repo.posts() == before
    stale = await host.repo.load_session(sid)
    await play_duel_to_end(host, sid)
    after = await host.repo.posts()
    with pytest.raises(StaleVersion):
        await host.repo.commit(stale, 0.0, posts=[PostRow("stale-post", "public", CHANNEL, "{}", sid)])
    assert await host.repo.posts() == after  # the losing writer's post went with its step
