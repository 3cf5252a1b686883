"""A restart over a large database: `python -m bench resume [--games 10000]`.

Builds a database of stored games (a few dozen played through the host, then copied to
10,000 tables with their seats and action logs), then starts a fresh Python process over
it and reports the time from spawning that process until its first command is answered,
split into imports, opening the database, and the first command itself.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.tables import clone_tables, games_for, open_tables, play_moves, without_images

CHILD = """
import asyncio, json, sys, time
t_spawned = float(sys.argv[1])
t0 = time.time()
from bot.host import Host
from bot.outbox import Command
t_imported = time.time()

async def main():
    host = await Host.create(sys.argv[2])
    t_open = time.time()
    cmd = Command(**json.loads(sys.argv[3]))
    box = await host.handle(cmd)
    t_done = time.time()
    await host.close()
    print(json.dumps({"reply": box.reply.text, "python": t0 - t_spawned, "imports": t_imported - t0,
                      "open": t_open - t_imported, "command": t_done - t_open, "total": t_done - t_spawned}))

asyncio.run(main())
"""


async def build(path: Path, games: list[str], tables: int, moves: int) -> None:
    from bot.host import Host

    without_images(games)
    host = await Host.create(path, seed_source=iter(range(1, 10**9)).__next__)
    placed = await open_tables(host, range(1000, 1000 + tables), games)
    await play_moves(host, placed, moves, random.Random(1))
    await host.close()


def first_command(path: Path) -> dict:
    """A legal move for the newest active table, chosen before the restart."""
    import sqlite3

    from bench.tables import GUILD, user_of
    from games.registry import get_engine, get_game

    conn = sqlite3.connect(path)
    sid, game, channel, state = conn.execute(
        "SELECT id, game, channel_id, state FROM sessions WHERE status = 'active' ORDER BY id DESC LIMIT 1").fetchone()
    conn.close()
    engine = get_engine(game)
    loaded = engine.load_state(state)
    seat = engine.active_seats(loaded)[0]
    code = get_game(game).bot_action(loaded, seat, random.Random(1)).code()
    uid = user_of(channel, seat)
    return {"user_id": uid, "user_name": f"u{uid}", "verb": "play", "args": {"code": code}, "guild_id": GUILD,
            "channel_id": channel, "locale": "zh-CN"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench resume")
    parser.add_argument("--games", type=int, default=10_000, help="stored games in the database")
    parser.add_argument("--played", type=int, default=50, help="tables played through the host before copying")
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5, help="restarts measured (the median is reported)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resume.sqlite3"
        asyncio.run(build(path, games_for("all"), args.played, args.moves))
        stored = clone_tables(str(path), args.games)
        size = path.stat().st_size
        print(f"  database: {stored} games, {size / 1e6:.1f} MB")
        runs = []
        for _ in range(args.runs):
            cmd = first_command(path)
            spawned = time.time()
            out = subprocess.run([sys.executable, "-c", CHILD, str(spawned), str(path), json.dumps(cmd)],
                                 capture_output=True, text=True, check=True)
            result = json.loads(out.stdout.strip().splitlines()[-1])
            if not result["reply"].startswith("✓"):
                raise RuntimeError(f"the first command was refused: {result['reply']}")
            runs.append(result)
            print("  " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in result.items() if k != "reply"))
    med = {k: sorted(r[k] for r in runs)[len(runs) // 2] for k in ("python", "imports", "open", "command", "total")}
    print(f"resume: {stored} stored games, first command served {med['total'] * 1000:.0f} ms after spawn "
          f"(python {med['python'] * 1000:.0f}, imports {med['imports'] * 1000:.0f}, open {med['open'] * 1000:.0f} ms), "
          f"first command latency {med['command'] * 1000:.0f} ms (median of {len(runs)})")
    return 0
