"""Instructions one `/game log` read costs on a long conflict game, counted by callgrind.

A four-seat conflict game (four people, each playing the heuristic's move) is played once
through the host into a database file; then callgrind runs twice over a copy of it, once
opening the host and reading the log's first page once (what a first read loads, about 600M
instructions, is not a page's cost), once doing that and then reading every page of the log
`--reads` times as alice, and the difference is divided by the reads. PYTHONHASHSEED is fixed so counts repeat.

    python -m bench log --moves 300 --reads 3
    python -m bench log --play 40   # and what a command costs to play (posts, kept log lines)
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import tempfile

from bench.instructions import callgrind
from bot.host import Host, core
from bot.outbox import Command
from games.registry import get_game

PEOPLE = {"alice": 1, "bob": 2, "carol": 3, "dave": 4}


def _cmd(name: str, verb: str, **args) -> Command:
    return Command(user_id=PEOPLE[name], user_name=name, verb=verb, args=args, guild_id=1, channel_id=10,
                   is_dm=False, locale="en", can_manage_guild=False)


async def _record(path: str, moves: int) -> int:
    """Plays `moves` commands of a four-seat conflict game into `path`; its session id."""
    seeds = iter(range(100, 10_000))
    host = await Host.create(path, clock=lambda: 1_000_000.0, seed_source=lambda: next(seeds))
    host.bot_secret_source = lambda: "bot:1"
    names = list(PEOPLE)
    await host.handle(_cmd(names[0], "game.new", game="conflict"))
    for name in names[1:]:
        await host.handle(_cmd(name, "game.join"))
    await host.handle(_cmd(names[0], "game.start"))
    session = await host.repo.open_session_in_channel(10)
    game, rng = get_game("conflict"), random.Random(5)
    for _ in range(moves):
        session = await host.repo.load_session(session.id)
        if session.status != "active":
            break
        state = game.engine.load_state(session.state)
        seat = min(game.engine.active_seats(state))
        action = game.bot_action(state, seat, rng)
        await host.handle(_cmd(names[seat], "play", code=action.code(), seat=str(seat)))
    await host.close()
    return session.id


async def _read(path: str, sid: int, reads: int) -> int:
    host = await Host.create(path, clock=lambda: 1_000_000.0)
    pages = max(1, -(-await host.repo.count_public_log(sid) // core.LOG_LINES))
    await host.handle(_cmd("alice", "game.log", game=str(sid)))  # a warm-up read: the first imports and loads
    for _ in range(reads):
        for page in range(1, pages + 1):
            await host.handle(_cmd("alice", "game.log", game=str(sid), page=str(page)))
    return pages


def _child(path: str, sid: int, reads: int) -> None:
    pages = asyncio.run(_read(path, sid, reads))
    print(pages, flush=True)
    os._exit(0)  # the interpreter's shutdown is not the read's


def _play_child(path: str, moves: int) -> None:
    asyncio.run(_record(path, moves))
    print(moves, flush=True)
    os._exit(0)


def _play_cost(moves: int) -> float:
    """Instructions a command of the game costs, its posts and the log's kept lines with it."""
    counts = []
    for n in (0, moves):
        with tempfile.TemporaryDirectory() as tmp:
            counts.append(callgrind(["log", "--play-child", f"{tmp}/play.db", "--moves", str(n)])[0])
    return (counts[1] - counts[0]) / moves


def _count(path: str, sid: int, reads: int) -> tuple[int, int]:
    """(instructions, pages) of a callgrind run of `_child` over a copy of the database."""
    with tempfile.TemporaryDirectory() as tmp:
        db = f"{tmp}/copy.db"
        shutil.copy(path, db)
        instructions, pages = callgrind(["log", "--child", db, "--session", str(sid), "--reads", str(reads)])
    return instructions, int(pages)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench log")
    parser.add_argument("--moves", type=int, default=300, help="commands played before the log is read")
    parser.add_argument("--reads", type=int, default=3, help="times every page is read")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--session", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--play-child", help=argparse.SUPPRESS)
    parser.add_argument("--play", type=int, default=0, help="also count the first N commands' cost, a command")
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.session, args.reads)
        return 0
    if args.play_child:
        _play_child(args.play_child, args.moves)
        return 0
    if args.play:
        print(f"conflict: {_play_cost(args.play) / 1e6:.2f}M instructions a command over its first {args.play}")
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/log.db"
        sid = asyncio.run(_record(path, args.moves))
        base, pages = _count(path, sid, 0)
        total, _ = _count(path, sid, args.reads)
    print(f"conflict, {args.moves} commands, {pages} pages: {(total - base) / (args.reads * pages) / 1e6:.1f}M "
          f"instructions a page of /game log ({(total - base) / args.reads / 1e6:.1f}M every page)")
    return 0
