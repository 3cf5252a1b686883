"""Shared by the host, resume and memory benchmarks: many stored tables driven through the
whole host path, with every move chosen the way a bot seat chooses (`Game.bot_action`).

Each table sits in its own channel with human seats only (users 2*channel and 2*channel+1),
so every move is a real command through authorization, load, engine, commit and outbox.
"""
from __future__ import annotations

import random
import sqlite3

from bot.host import Host
from bot.outbox import Command, Outbox
from games.registry import GAME_MODULES, get_engine, get_game

PLAYERS = {"ironfire": 2, "conflict": 3}
GUILD = 1


def players_for(game: str) -> int:
    return PLAYERS.get(game, get_engine(game).min_players)


def user_of(channel: int, seat: int) -> int:
    return channel * 10 + seat


def command(channel: int, seat: int, verb: str, **args: object) -> Command:
    uid = user_of(channel, seat)
    return Command(user_id=uid, user_name=f"u{uid}", verb=verb, args=args, guild_id=GUILD,
                   channel_id=channel, locale="zh-CN")


def games_for(spec: str) -> list[str]:
    """`all` (every game in turn) or a comma-separated list of game keys."""
    return list(GAME_MODULES) if spec == "all" else spec.split(",")


def opening(channel: int, game: str, bots: bool = False) -> list[Command]:
    """The commands that open and start a table in `channel`: every seat a human, or with
    `bots` one human and bot seats (the host then plays the bots inside each command)."""
    cmds = [command(channel, 0, "game.new", game=game)]
    for seat in range(1, players_for(game)):
        cmds.append(command(channel, 0, "game.bot") if bots else command(channel, seat, "game.join"))
    cmds.append(command(channel, 0, "game.start"))
    return cmds


async def open_tables(host: Host, channels: range, games: list[str], bots: bool = False) -> dict[int, str]:
    """Start one table per channel, games taken in turn; returns channel -> game."""
    placed = {}
    for i, channel in enumerate(channels):
        game = games[i % len(games)]
        for cmd in opening(channel, game, bots):
            box = await host.handle(cmd)
            check(box, cmd)
        placed[channel] = game
    return placed


def check(box: Outbox, cmd: Command) -> None:
    """A benchmark that measures refusals would be measuring nothing: stop loudly."""
    text = box.reply.text if box.reply else ""
    if cmd.verb == "play" and not text.startswith("✓"):
        raise RuntimeError(f"{cmd.verb} {cmd.args} refused in channel {cmd.channel_id}: {text}")
    if cmd.verb.startswith("game.") and text not in ("完成。", "Done.") and cmd.verb != "game.new":
        raise RuntimeError(f"{cmd.verb} refused in channel {cmd.channel_id}: {text}")


async def next_commands(host: Host, channel: int, game: str, rng: random.Random,
                        bots: bool = False) -> list[Command]:
    """The next command(s) for the table in `channel`, chosen outside the measured path:
    a bot-chosen move for a human seat that may act, or a fresh table when the game ended.
    The table as this process keeps it (`kept_open_session`): each benchmark process drives
    tables no other process touches, so that is the stored table, and the database serves
    the commands only (on SQLite the kept table is all `open_session_in_channel` reads too)."""
    session = await host.repo.kept_open_session(channel)
    if session is None:
        return opening(channel, game, bots)
    engine = get_engine(game)
    state = engine.load_state(session.state)
    seat = rng.choice([s for s in engine.active_seats(state) if not session.seats[s].is_bot])
    action = get_game(game).bot_action(state, seat, rng)
    return [command(channel, seat, "play", code=action.code())]


def choose_commands(db: sqlite3.Connection, channel: int, game: str, rng: random.Random,
                    bots: bool = False) -> list[Command]:
    """`next_commands` read through a plain sqlite3 connection: synchronous, so its CPU time
    is exactly its own even while other commands are in flight (WAL readers see the last commit)."""
    row = db.execute("SELECT id, state FROM sessions WHERE channel_id = ? AND status IN ('lobby', 'active')",
                     (channel,)).fetchone()
    if row is None:
        return opening(channel, game, bots)
    bot_seats = {s for (s,) in db.execute("SELECT seat FROM seats WHERE session_id = ? AND is_bot = 1", (row[0],))}
    engine = get_engine(game)
    state = engine.load_state(row[1])
    seat = rng.choice([s for s in engine.active_seats(state) if s not in bot_seats])
    action = get_game(game).bot_action(state, seat, rng)
    return [command(channel, seat, "play", code=action.code())]


def without_images(games: list[str]) -> None:
    """Games draw no board picture: a picture costs more than the rest of a command."""
    for game in games:
        get_game(game).render = lambda view, locale: None


async def play_moves(host: Host, placed: dict[int, str], moves: int, rng: random.Random) -> int:
    """`moves` commands spread over the tables at random; returns how many were sent."""
    channels = list(placed)
    sent = 0
    while sent < moves:
        channel = rng.choice(channels)
        for cmd in await next_commands(host, channel, placed[channel], rng):
            check(await host.handle(cmd), cmd)
            sent += 1
    return sent


def clone_tables(path: str, total: int) -> int:
    """Copy the stored tables (sessions, seats, action log) until there are `total`; each copy
    gets its own channel and users, so it behaves as a table of its own. Returns the count."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    templates = [dict(r) for r in conn.execute("SELECT * FROM sessions ORDER BY id")]
    seats = [dict(r) for r in conn.execute("SELECT * FROM seats")]
    logs = [dict(r) for r in conn.execute("SELECT * FROM action_log")]
    next_id = max(t["id"] for t in templates) + 1
    span = max(t["channel_id"] for t in templates) + 1
    conn.execute("BEGIN")
    copy = 1
    while next_id <= total:
        for t in templates:
            if next_id > total:
                break
            channel = t["channel_id"] + copy * span
            row = dict(t, id=next_id, channel_id=channel, creator_id=user_of(channel, 0))
            conn.execute(f"INSERT INTO sessions ({','.join(row)}) VALUES ({','.join('?' * len(row))})", tuple(row.values()))
            for s in (s for s in seats if s["session_id"] == t["id"]):
                s = dict(s, session_id=next_id, user_id=user_of(channel, s["seat"]))
                conn.execute(f"INSERT INTO seats ({','.join(s)}) VALUES ({','.join('?' * len(s))})", tuple(s.values()))
            for e in (e for e in logs if e["session_id"] == t["id"]):
                e = dict(e, session_id=next_id, user_id=e["user_id"] and user_of(channel, e["seat"]))
                conn.execute(f"INSERT INTO action_log ({','.join(e)}) VALUES ({','.join('?' * len(e))})", tuple(e.values()))
            next_id += 1
        copy += 1
    conn.execute("COMMIT")
    count = conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return count
