"""Concurrency: 200 commands at once, across 20 tables and on one table, sent through two
hosts over the same database (as when a DM reaches another process than the channel).
No update is lost (the stored state is exactly the replay of the logged moves, and every
accepted command is logged once), nothing deadlocks, and every refused command left the
state as it was (the version moved once per accepted command and no more)."""
from __future__ import annotations

import asyncio
import itertools
import json
import random

from bot.host import Host, fair
from bot.outbox import Command
from games.core.i18n import t
from games.registry import get_engine

GUILD = 1
STALE = t("en", "host.stale")


def cmd(uid: int, verb: str, channel: int, **args) -> Command:
    return Command(user_id=uid, user_name=f"u{uid}", verb=verb, args=args, guild_id=GUILD, channel_id=channel,
                   locale="en")


async def two_hosts(path) -> tuple[Host, Host]:
    seeds = itertools.count(500)
    return (await Host.create(path, seed_source=lambda: next(seeds)),
            await Host.create(path, seed_source=lambda: next(seeds)))


async def all_at_once(hosts: tuple[Host, Host], commands: list[Command]) -> list[str]:
    """Every command at the same moment, alternating between the hosts; a deadlock fails here."""
    runs = [hosts[i % 2].handle(c) for i, c in enumerate(commands)]
    boxes = await asyncio.wait_for(asyncio.gather(*runs), timeout=120)
    return [b.reply.text for b in boxes]


async def assert_consistent(host: Host, session_id: int, version_before: int, sent: list[Command],
                            replies: list[str]) -> int:
    """The stored state is the replay of its log, the log holds each accepted command once, and
    the version moved once per accepted command. Returns how many were accepted."""
    session = await host.repo.load_session(session_id)
    engine = get_engine(session.game)
    log = await host.repo.log_entries(session_id)
    accepted = [c for c, r in zip(sent, replies) if r.startswith("✓")]
    refused = [r for r in replies if not r.startswith("✓")]
    assert all(r and not r.startswith("host.") for r in refused), refused  # a clear, translated message
    assert sorted((e.user_id, e.code) for e in log) == sorted((c.user_id, c.args["code"]) for c in accepted)
    assert session.version == version_before + len(accepted)
    replayed = fair.replay(engine, session, log)
    assert json.loads(engine.dump_state(replayed)) == json.loads(session.state)
    return len(accepted)


async def test_200_commands_across_20_duel_tables(tmp_path):
    hosts = await two_hosts(tmp_path / "db.sqlite3")
    try:
        tables = {}
        for n in range(20):
            channel, alice, bob = 1000 + n, 10 * n + 1, 10 * n + 2
            await hosts[0].handle(cmd(alice, "game.new", channel, game="duel"))
            await hosts[0].handle(cmd(bob, "game.join", channel))
            await hosts[1].handle(cmd(alice, "game.start", channel))
            session = await hosts[0].repo.open_session_in_channel(channel)
            tables[channel] = (session, alice, bob)
        sent = []
        for channel, (session, alice, bob) in tables.items():
            state = get_engine("duel").load_state(session.state)
            # each player tries every card they hold, alice also passes; a spectator and garbage
            sent += [cmd(alice, "play", channel, code=f"play {c.id}") for c in state.hands[0]]
            sent += [cmd(bob, "play", channel, code=f"play {c.id}") for c in state.hands[1]]
            sent += [cmd(alice, "play", channel, code="pass"), cmd(bob, "play", channel, code="pass"),
                     cmd(99, "play", channel, code="pass"), cmd(alice, "play", channel, code="play nothing")]
        assert len(sent) == 200
        shuffled = random.Random(3).sample(sent, len(sent))
        replies = await all_at_once(hosts, shuffled)
        total = 0
        for channel, (session, _, _) in tables.items():
            mine = [(c, r) for c, r in zip(shuffled, replies) if c.channel_id == channel]
            total += await assert_consistent(hosts[0], session.id, session.version, *map(list, zip(*mine)))
        assert 20 <= total <= 200 - 20 * 2  # at least one move per table; the spectator and the garbage never
    finally:
        for h in hosts:
            await h.close()


async def test_200_commands_on_one_table(tmp_path):
    hosts = await two_hosts(tmp_path / "db.sqlite3")
    channel = 2000
    try:
        await hosts[0].handle(cmd(1, "game.new", channel, game="tally"))
        for uid in range(2, 51):
            await hosts[uid % 2].handle(cmd(uid, "game.join", channel))
        await hosts[0].handle(cmd(1, "game.start", channel))
        session = await hosts[0].repo.open_session_in_channel(channel)
        assert len(session.seats) == 50
        sent = [cmd(uid, "play", channel, code="add") for uid in range(1, 51) for _ in range(4)]
        replies = await all_at_once(hosts, sent)
        accepted = await assert_consistent(hosts[0], session.id, session.version, sent, replies)
        # one host serializes its own commands; only a race with the other host is refused
        assert set(r for r in replies if not r.startswith("✓")) <= {STALE}
        assert accepted > 0
        print(f"one table: {accepted} of 200 accepted, {200 - accepted} refused as stale")
        after = await hosts[1].repo.load_session(session.id)
        assert sum(json.loads(after.state)["counts"]) == accepted
    finally:
        for h in hosts:
            await h.close()
