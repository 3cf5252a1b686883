"""Memory: `python -m bench memory [--tables 1000] [--finished 2]`.

- Resident memory per active session: one process opens `--tables` tables (every game in
  turn) and makes one move at each; the growth of its resident set size (VmRSS) after a
  warm-up table of every game, divided by the number of tables.
- Bytes per stored finished game: games played to the end through the host in a fresh
  database; the growth of the database file (checkpointed and vacuumed) per game, and the
  share of it that is state and action log.
- Per game, one state of an active table (random playouts through the engine, halfway
  through their games): its stored JSON, and the memory its parsed objects take once
  loaded (what tracemalloc counts while `load_state` runs and the state is kept).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sqlite3
import tempfile
import tracemalloc
from pathlib import Path

from bench.engines import PLAYERS
from bench.tables import check, games_for, next_commands, open_tables, play_moves, without_images
from bot.host import Host
from games.core.engine import Seat
from games.registry import get_engine


def rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status (Linux only)")


def compact_size(path: Path) -> int:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("VACUUM")
    conn.close()
    return path.stat().st_size


async def per_active_session(folder: Path, games: list[str], tables: int) -> float:
    host = await Host.create(folder / "active.sqlite3", seed_source=iter(range(1, 10**9)).__next__)
    rng = random.Random(1)
    warm = await open_tables(host, range(10, 10 + len(games)), games)  # imports, catalogs, caches
    await play_moves(host, warm, 20, rng)
    gc.collect()
    before = rss_bytes()
    placed = await open_tables(host, range(1000, 1000 + tables), games)
    for channel, game in placed.items():
        for cmd in await next_commands(host, channel, game, rng):
            check(await host.handle(cmd), cmd)
    gc.collect()
    grown = rss_bytes() - before
    await host.close()
    return grown / tables


async def play_to_end(host: Host, channel: int, game: str, rng: random.Random) -> None:
    await open_tables(host, range(channel, channel + 1), [game])
    while await host.repo.open_session_in_channel(channel) is not None:
        for cmd in await next_commands(host, channel, game, rng):
            check(await host.handle(cmd), cmd)


async def per_finished_game(folder: Path, games: list[str], per_game: int) -> tuple[float, dict[str, float]]:
    path = folder / "finished.sqlite3"
    host = await Host.create(path, seed_source=iter(range(1, 10**9)).__next__)
    await host.close()
    empty = compact_size(path)
    host = await Host.create(path, seed_source=iter(range(1, 10**9)).__next__)
    rng = random.Random(2)
    channel = 1000
    for game in games:
        for _ in range(per_game):
            await play_to_end(host, channel, game, rng)
            channel += 1
    await host.close()
    total = compact_size(path) - empty
    conn = sqlite3.connect(path)
    parts = {}
    for game in games:
        state, log, n = conn.execute(
            "SELECT SUM(LENGTH(s.state)), (SELECT SUM(LENGTH(a.code) + LENGTH(a.events)) FROM action_log a "
            "JOIN sessions t ON t.id = a.session_id WHERE t.game = ?), COUNT(*) FROM sessions s "
            "WHERE s.game = ? AND s.status = 'finished'", (game, game)).fetchone()
        parts[game] = ((state or 0) + (log or 0)) / max(n, 1)
    finished = conn.execute("SELECT COUNT(*) FROM sessions WHERE status = 'finished'").fetchone()[0]
    conn.close()
    return total / finished, parts


def state_sizes(game: str, games: int = 5) -> tuple[float, float]:
    """(stored JSON bytes, bytes of parsed objects) of a state halfway through a random game,
    the mean over `games` seeded games."""
    engine = get_engine(game)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(PLAYERS.get(game, engine.min_players))]
    stored = parsed = 0
    for seed in range(games):
        rnd = random.Random(seed)
        states = [engine.setup(seats, engine.parse_options({}), seed).state]
        while engine.outcome(states[-1]) is None:
            state = engine.load_state(engine.dump_state(states[-1]))  # each step's state apart
            seat = rnd.choice(engine.active_seats(state))
            states.append(engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state)
        data = engine.dump_state(states[len(states) // 2])
        del states
        gc.collect()
        tracemalloc.start()
        kept = engine.load_state(data)
        parsed += tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del kept
        stored += len(data.encode())
    return stored / games, parsed / games


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench memory")
    parser.add_argument("--tables", type=int, default=1000, help="active sessions")
    parser.add_argument("--finished", type=int, default=2, help="finished games per game")
    parser.add_argument("--game", default="all")
    args = parser.parse_args(argv)
    games = games_for(args.game)
    without_images(games)  # pictures are drawn and dropped; they hold no memory between commands
    with tempfile.TemporaryDirectory() as tmp:
        active = asyncio.run(per_active_session(Path(tmp), games, args.tables))
        stored, parts = asyncio.run(per_finished_game(Path(tmp), games, args.finished))
    for game, size in parts.items():
        print(f"  {game}: {size / 1024:.1f} KiB of state + action log per finished game")
    for game in games:
        stored_state, parsed = state_sizes(game)
        print(f"  {game}: a state halfway through a game: {stored_state / 1024:.1f} KiB stored, "
              f"{parsed / 1024:.1f} KiB in memory once loaded")
    print(f"memory: {active / 1024:.1f} KiB resident per active session ({args.tables} tables), "
          f"{stored / 1024:.1f} KiB stored per finished game (file growth, {args.finished} per game)")
    return 0
