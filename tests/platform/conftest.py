"""Shared fixtures: a Host over a temporary database, with the Duel and Tally test games,
an injected clock and counting seeds, and small helpers to send commands."""
from __future__ import annotations

import itertools
import random

import pytest

import tests.toygame
from bot.host import Host
from bot.outbox import Command, Outbox
from games.registry import register
from tests.conftest import backend_params, database
from tests.platform import relay, tally

register(tests.toygame.GAME)
register(tally.ENGINE)
register(relay.ENGINE)

CHANNEL = 10
OTHER_CHANNEL = 20
GUILD = 1
USERS = {"alice": 1, "bob": 2, "carol": 3, "dave": 4, "mod": 9}


class Clock:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def cmd(name: str, verb: str, *, dm: bool = False, channel: int = CHANNEL, locale: str = "en",
        manager: bool = False, uid: int | None = None, **args) -> Command:
    uid = uid if uid is not None else USERS[name]
    return Command(user_id=uid, user_name=name, verb=verb, args=args, guild_id=None if dm else GUILD,
                   channel_id=None if dm else channel, is_dm=dm, locale=locale, can_manage_guild=manager)


def seeds(start: int = 100):
    counter = itertools.count(start)
    return lambda: next(counter)


async def make_host(path, clock=None, start_seed: int = 100) -> Host:
    host = await Host.create(path, clock=clock or Clock(), seed_source=seeds(start_seed))
    bot_secrets = seeds(start_seed)  # repeatable bot moves (in play, each table's secret is random)
    host.bot_secret_source = lambda: f"bot:{bot_secrets()}"
    return host


@pytest.fixture(params=backend_params())
def db_path(request, tmp_path):
    """Every test on a host runs on SQLite and on PostgreSQL."""
    return database(request, tmp_path)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def host(db_path, clock):
    h = await make_host(db_path, clock)
    yield h
    await h.close()


def reply_text(box: Outbox) -> str:
    assert box.reply is not None
    return box.reply.text


def public_text(box: Outbox) -> str:
    return "\n".join(m.text for _, m in box.public)


async def snapshot(host: Host, session_id: int):
    """Everything a refused command must leave untouched."""
    s = await host.repo.load_session(session_id)
    return (s.version, s.status, s.state, [(x.seat, x.user_id, x.name, x.is_bot) for x in s.seats],
            s.turn_deadline, await host.repo.count_log(session_id))


async def duel_table(host: Host, channel: int = CHANNEL, start: bool = True, game: str = "duel") -> int:
    """alice (seat 0) and bob (seat 1) at a Duel in `channel`; returns the session id."""
    box = await host.handle(cmd("alice", "game.new", channel=channel, game=game))
    session = await host.repo.open_session_in_channel(channel)
    assert session is not None, reply_text(box)
    await host.handle(cmd("bob", "game.join", channel=channel))
    if start:
        box = await host.handle(cmd("alice", "game.start", channel=channel))
        assert reply_text(box) == "Done."
    return session.id


async def bot_table(host: Host, game: str, bots: int, locale: str = "en") -> tuple[int, Outbox]:
    """alice (seat 0) and `bots` bot seats at a started table of `game`, in `locale`: the
    session id and the start's outbox."""
    await host.handle(cmd("alice", "game.new", game=game, locale=locale))
    for _ in range(bots):
        await host.handle(cmd("alice", "game.bot", locale=locale))
    box = await host.handle(cmd("alice", "game.start", locale=locale))
    return (await host.repo.open_session_in_channel(CHANNEL)).id, box


async def fleet_table(host: Host, timer_hours: str | None = None) -> int:
    """alice and bob at a fleet table, fleets built (ready-made) and victory conditions chosen;
    with `timer_hours`, a turn timer. Returns the session id."""
    await host.handle(cmd("alice", "game.new", game="fleet"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    if timer_hours:
        await host.handle(cmd("alice", "game.timer", hours=timer_hours))
    for user, code in (("alice", "preset raider"), ("bob", "preset carrier"), ("alice", "victory raid"),
                       ("bob", "victory arms")):
        await host.handle(cmd(user, "play", code=code))
    return (await host.repo.open_session_in_channel(CHANNEL)).id


async def bots_play_panzer_until(host: Host, found, moves: int, locale: str = "en", seed: int = 8):
    """A panzer table of alice (seat 0) and bob, seed 100 (the host's first), both seats playing
    the normal bot's move with random.Random(seed) until `found(game, state, seat)` (the seat to
    act) returns something: (session id, game, state, seat, what it returned)."""
    from games.registry import get_game

    users = ("alice", "bob")
    await host.handle(cmd("alice", "game.new", game="panzer", locale=locale))
    await host.handle(cmd("bob", "game.join", locale=locale))
    await host.handle(cmd("alice", "game.start", locale=locale))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    game, rng = get_game("panzer"), random.Random(seed)
    for _ in range(moves):
        state = game.engine.load_state((await host.repo.load_session(sid)).state)
        seat = game.engine.active_seats(state)[0]
        if (what := found(game, state, seat)):
            return sid, game, state, seat, what
        await host.handle(cmd(users[seat], "play", code=game.bot_action(state, seat, rng).code(), locale=locale))
    raise AssertionError(f"not found in {moves} moves")


async def play_duel_to_end(host: Host, session_id: int, channel: int = CHANNEL) -> None:
    """Both humans play their lowest legal card (or the first legal action) until the end."""
    from tests.toygame import ENGINE

    names = {0: "alice", 1: "bob"}
    for _ in range(20):
        s = await host.repo.load_session(session_id)
        if s.status != "active":
            return
        state = ENGINE.load_state(s.state)
        seat = ENGINE.active_seats(state)[0]
        code = ENGINE.legal_actions(state, seat)[0].code()
        box = await host.handle(cmd(names[seat], "play", channel=channel, code=code))
        assert reply_text(box).startswith("✓"), reply_text(box)
    raise AssertionError("the duel did not end")
