"""The whole host path under load: `python -m bench host [--tables 1000] [--commands 5000]
[--concurrency 8] [--bots] [--no-images]`.

1,000 stored tables; `--concurrency` players act at once, each on tables of its own picked
at random, each move chosen the way a bot seat chooses. Every seat is a human by default;
with `--bots` each table has one human and bot seats, which the host moves inside the
human's command. Each command is timed through `Host.handle`: authorization, load, engine,
one SQLite transaction on disk (WAL), outbox. Board pictures are then drawn the way the
Discord adapter draws them, after the answer on the drawing thread, and reported apart.
Choosing the move (a synchronous read through its own sqlite3 connection) and waiting
for the pictures are left out of the wall and CPU figures; when a game ends, the commands that open the next table in that channel
count as commands too. In the same run, the plain SQLite baseline: transactions that each
rewrite one row as large as a stored state, with the same pragmas, through `sqlite3` and
through `aiosqlite` (one thread hop per statement).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite

from bench.tables import check, choose_commands, games_for, open_tables, without_images
from bot.host import Host
from bot.outbox import DRAWER


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def sqlite_baseline(path: Path, row_bytes: int, rows: int, transactions: int) -> tuple[float, float]:
    """Transactions per second of wall time and per second of CPU time."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, state TEXT)")
    conn.executemany("INSERT INTO s VALUES (?, 1, ?)", [(i, "x" * row_bytes) for i in range(rows)])
    rnd = random.Random(1)
    start, cpu = time.perf_counter(), time.process_time()
    for n in range(transactions):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE s SET version = version + 1, state = ? WHERE id = ?",
                     (str(n % 10) * row_bytes, rnd.randrange(rows)))
        conn.execute("COMMIT")
    rates = transactions / (time.perf_counter() - start), transactions / (time.process_time() - cpu)
    conn.close()
    return rates


async def aiosqlite_baseline(path: Path, row_bytes: int, rows: int, transactions: int) -> float:
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, state TEXT)")
        await conn.executemany("INSERT INTO s VALUES (?, 1, ?)", [(i, "x" * row_bytes) for i in range(rows)])
        rnd = random.Random(1)
        start = time.perf_counter()
        for n in range(transactions):
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute("UPDATE s SET version = version + 1, state = ? WHERE id = ?",
                               (str(n % 10) * row_bytes, rnd.randrange(rows)))
            await conn.execute("COMMIT")
        return transactions / (time.perf_counter() - start)


async def run(args: argparse.Namespace, folder: Path) -> str:
    phases = None
    if args.phases:
        from bench.phases import Phases

        phases = Phases()
        phases.install()
    host = await Host.create(folder / "host.sqlite3", seed_source=iter(range(1, 10**9)).__next__)
    games = games_for(args.game)
    if not args.images:
        without_images(games)
    channels = range(1000, 1000 + args.tables)
    start = time.perf_counter()
    placed = await open_tables(host, channels, games, args.bots)
    print(f"  opened {args.tables} tables ({', '.join(games)}) in {time.perf_counter() - start:.1f} s")

    latencies: list[float] = []
    choosing = [0.0]  # CPU seconds spent choosing moves (synchronous, so exactly its own)
    aside = [0.0]  # wall seconds of choosing moves and waiting for pictures, not the host's
    drawing: list[float] = []  # CPU seconds per board picture, on the drawing thread
    reader = sqlite3.connect(folder / "host.sqlite3", check_same_thread=False)

    def timed_draw(image) -> None:
        t0 = time.thread_time()
        if image.data:  # engines without a picture (or --no-images) draw nothing
            drawing.append(time.thread_time() - t0)

    async def worker(lane: int, rng: random.Random) -> None:
        # each worker owns its own tables, so no move is chosen from a state another changes
        mine = [c for c in channels if c % args.concurrency == lane]
        loop = asyncio.get_running_loop()
        while len(latencies) < args.commands:
            channel = rng.choice(mine)
            c0, w0 = time.process_time(), time.perf_counter()
            cmds = choose_commands(reader, channel, placed[channel], rng, args.bots)
            choosing[0] += time.process_time() - c0
            aside[0] += time.perf_counter() - w0
            for cmd in cmds:
                t0 = time.perf_counter()
                box = await host.handle(cmd)
                latencies.append(time.perf_counter() - t0)
                check(box, cmd)
                # the pictures, as the Discord adapter draws them: after the answer, on a thread
                w0 = time.perf_counter()
                for _, message in box.public:
                    for image in message.images:
                        if image.pending:
                            await loop.run_in_executor(DRAWER, timed_draw, image)
                aside[0] += time.perf_counter() - w0

    wall = time.perf_counter()
    cpu0 = time.process_time()
    await asyncio.gather(*(worker(i, random.Random(args.seed * 1000 + i)) for i in range(args.concurrency)))
    # process CPU (event loop, database thread, drawing thread) minus move choosing and drawing
    cpu_used = time.process_time() - cpu0 - choosing[0] - sum(drawing)
    # wall time of the host's own work (at concurrency 1 exact; above it, approximate)
    wall = time.perf_counter() - wall - aside[0] / args.concurrency
    await host.close()
    with sqlite3.connect(folder / "host.sqlite3") as conn:
        sizes = [n for (n,) in conn.execute("SELECT LENGTH(state) FROM sessions WHERE state IS NOT NULL")]

    row_bytes = int(statistics.median(sizes))
    plain, plain_cpu = sqlite_baseline(folder / "plain.sqlite3", row_bytes, args.tables, args.baseline)
    threaded = await aiosqlite_baseline(folder / "aio.sqlite3", row_bytes, args.tables, args.baseline)
    reader.close()
    rate = len(latencies) / wall
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    print(f"  {len(latencies)} commands from {args.concurrency} concurrent players; median state {row_bytes} B")
    cpu_rate = len(latencies) / cpu_used
    print(f"  plain SQLite: sqlite3 {plain:.0f} tx/s ({plain_cpu:.0f} per CPU second), aiosqlite {threaded:.0f} tx/s")
    print(f"  per CPU second: host {cpu_rate:.0f} commands, SQLite {plain_cpu:.0f} tx, ratio {cpu_rate / plain_cpu:.3f}")
    if phases is not None:
        print(phases.report())
    if drawing:
        print(f"  board pictures (after the answer, drawing thread): {len(drawing)} drawn, "
              f"{statistics.mean(drawing) * 1000:.1f} ms CPU each; with them {len(latencies) / (cpu_used + sum(drawing)):.0f} "
              f"commands per CPU second")
    return (f"host: {rate:.0f} commands/s wall ({cpu_rate:.0f} per CPU second), p50 {p50:.2f} ms, p99 {p99:.2f} ms; "
            f"SQLite {plain:.0f} tx/s ({row_bytes} B rows); ratio {rate / plain:.3f} "
            f"(aiosqlite {threaded:.0f} tx/s, ratio {rate / threaded:.2f}); game {args.game}, "
            f"board images {'on' if args.images else 'off'}{', bot seats' if args.bots else ''}, "
            f"concurrency {args.concurrency}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench host")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=5000)
    parser.add_argument("--baseline", type=int, default=5000, help="transactions in the SQLite baseline")
    parser.add_argument("--game", default="all", help="'all' or comma-separated game keys")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", action="store_true",
                        help="one human per table, bot seats for the rest (the host plays them in each command)")
    parser.add_argument("--no-images", dest="images", action="store_false",
                        help="engines draw no board picture (to see what the rest of the path costs)")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="commands in flight at once (players acting at the same moment on different tables)")
    parser.add_argument("--phases", action="store_true",
                        help="also time each step of a /play command (resolve, load, engine, commit ...); "
                             "concurrency 1 only")
    parser.add_argument("--dir", help="where the databases go (default: a temporary folder)")
    args = parser.parse_args(argv)
    if args.phases and args.concurrency != 1:
        parser.error("--phases times one command at a time: use it with --concurrency 1")
    if args.dir:
        Path(args.dir).mkdir(parents=True, exist_ok=True)
        line = asyncio.run(run(args, Path(args.dir)))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            line = asyncio.run(run(args, Path(tmp)))
    print(line)
    return 0
