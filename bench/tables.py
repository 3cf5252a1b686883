"""Shared by the host, resume and memory benchmarks: many stored tables driven through the
whole host path, with every move chosen the way a bot seat chooses (`engine.bot_action`).

Each table sits in its own channel with human seats only (users 2*channel and 2*channel+1),
so every move is a real command through authorization, load, engine, commit and outbox.
"""
from __future__ import annotations

import random

from bot.host import Host
from bot.outbox import Command, Outbox
from games.registry import GAME_MODULES, get_engine

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


def opening(channel: int, game: str) -> list[Command]:
    """The commands that open and start a table in `channel`."""
    cmds = [command(channel, 0, "game.new", game=game)]
    cmds += [command(channel, seat, "game.join") for seat in range(1, players_for(game))]
    cmds.append(command(channel, 0, "game.start"))
    return cmds


async def open_tables(host: Host, channels: range, games: list[str]) -> dict[int, str]:
    """Start one table per channel, games taken in turn; returns channel -> game."""
    placed = {}
    for i, channel in enumerate(channels):
        game = games[i % len(games)]
        for cmd in opening(channel, game):
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


async def next_commands(host: Host, channel: int, game: str, rng: random.Random) -> list[Command]:
    """The next command(s) for the table in `channel`, chosen outside the measured path:
    a bot-chosen move for a seat that may act, or a fresh table when the game has ended."""
    session = await host.repo.open_session_in_channel(channel)
    if session is None:
        return opening(channel, game)
    engine = get_engine(game)
    state = engine.load_state(session.state)
    seat = rng.choice(engine.active_seats(state))
    action = engine.bot_action(state, seat, rng)
    return [command(channel, seat, "play", code=action.code())]
