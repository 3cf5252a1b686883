"""Bot processes on one PostgreSQL database, started, killed and read (tests.faults.shard
is one process): shared by the scale-out fault test and bench's timer takeover.

A *takeover* is measured from a process that holds turn timers: it is sent SIGUSR1, claims
the next due timers as its tick would (the production lease), says HOLD, and is killed with
SIGKILL at once. The takeover time of each held timer is from the kill to the moment
another process committed that timer's step (its FIRED line). A table whose player moved
first (the move restarts the timer, so nothing was left to take over) is not a sample.
"""
from __future__ import annotations

import asyncio
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import tests.toygame
from bot.host import Host
from bot.outbox import Command
from games.registry import register
from tests.faults.shard import FIRST_CHANNEL, TIMER_HOURS, command

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 300  # seconds: a process that never ends is a failure, not a wait
HOLD_WAIT = 20.0  # seconds a process may take to find a due timer to hold


async def open_tables(url: str, tables: int) -> None:
    """Duel tables, two players each, a short turn timer the bot plays out ('skip')."""
    register(tests.toygame.GAME)  # the toy game with its faces: `bench scale` runs this outside pytest's conftest
    host = await Host.create(url)
    try:
        for n in range(tables):
            channel, first, second = FIRST_CHANNEL + n, 10_000 + 2 * n, 10_001 + 2 * n
            steps: list[Command] = [
                command(first, "game.new", channel, game="duel"), command(second, "game.join", channel),
                command(first, "game.timer", channel, hours=str(TIMER_HOURS), policy="skip"),
                command(first, "game.start", channel)]
            for step in steps:
                box = await host.handle(step)
            assert box.reply.text == "Done.", box.reply.text
        # these setup posts are never delivered here: the processes find them in the outbox
    finally:
        await host.close()


class Process:
    """One bot process, its output read as it comes (a killed one's last lines too)."""

    def __init__(self, url: str, ledger: Path, index: int, processes: int, until: Path, tables: int,
                 *flags: str):
        args = [sys.executable, "-m", "tests.faults.shard", url, str(ledger), str(index), str(processes), str(until),
                str(tables), *flags]
        self.index = index
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.held = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            if not line.endswith("\n"):
                break  # killed while printing: a cut line says nothing
            self.lines.append(line.rstrip("\n"))
            if line.startswith("READY"):
                self.ready.set()
            elif line.startswith("HOLD"):
                self.held.set()

    def kill(self) -> float:
        """SIGKILL; returns when it was sent."""
        at = time.time()
        os.kill(self.proc.pid, signal.SIGKILL)
        self.finish()
        return at

    def hold_and_kill(self) -> tuple[float, list[int]] | None:
        """Make it hold due timers, then kill it: (kill time, the tables it held), or None if
        it found none to hold in time (it is killed all the same)."""
        os.kill(self.proc.pid, signal.SIGUSR1)
        found = self.held.wait(HOLD_WAIT)
        at = self.kill()
        if not found:
            return None
        words = next(line for line in self.lines if line.startswith("HOLD")).split()
        return at, [int(w) for w in words[2:]]

    def finish(self) -> int:
        self.proc.wait(HANG_GUARD)
        self.reader.join(HANG_GUARD)
        return self.proc.returncode


@dataclass
class Takeovers:
    """Held timers and how long the others took to fire them (seconds)."""

    samples: list[float] = field(default_factory=list)
    superseded: int = 0  # a move restarted the timer before anyone fired it
    lost: list[tuple[int, float]] = field(default_factory=list)  # (table, kill time): never fired nor moved

    def add(self, held: tuple[float, list[int]], fired: dict[int, list[float]],
            moved: dict[int, list[float]]) -> None:
        killed_at, tables = held
        for table in tables:
            fire = min((t for t in fired.get(table, []) if t > killed_at), default=None)
            move = min((t for t in moved.get(table, []) if t > killed_at), default=None)
            if move is not None and (fire is None or move < fire):
                self.superseded += 1
            elif fire is None:
                self.lost.append((table, killed_at))
            else:
                self.samples.append(fire - killed_at)

    def summary(self) -> str:
        if not self.samples:
            return "no timer taken over"
        return (f"{len(self.samples)} held timers taken over, worst {max(self.samples):.1f} s, "
                f"median {statistics.median(self.samples):.1f} s")


def fired_times(lines: list[str]) -> dict[int, list[float]]:
    """Each table's FIRED times from processes' output."""
    fired: dict[int, list[float]] = {}
    for words in (line.split() for line in lines):
        if words and words[0] == "FIRED":
            fired.setdefault(int(words[1]), []).append(float(words[3]))
    return fired


def measure_takeover(url: str, work: Path, tables: int, processes: int, holds: int) -> Takeovers:
    """`processes` processes over `tables` idle timed tables (nobody moves): `holds` times one
    holds timers and is killed, then started again. For bench (the test does it while playing)."""
    asyncio.run(open_tables(url, tables))
    ledger, until_file = work / "takeover-discord.sqlite3", work / "takeover-until.txt"
    running = [Process(url, ledger, i, processes, until_file, tables, "--idle") for i in range(processes)]
    for process in running:
        assert process.ready.wait(HANG_GUARD), process.proc.stderr.read()[-3000:]
    until_file.write_text(f"{time.time() + 3600}\n")
    done, held = [], []
    try:
        for n in range(holds):
            time.sleep(2.0)
            victim = running[n % processes]
            found = victim.hold_and_kill()
            done.append(victim)
            if found:
                held.append(found)
            running[victim.index] = Process(url, ledger, victim.index, processes, until_file, tables, "--idle")
            running[victim.index].ready.wait(HANG_GUARD)
        time.sleep(15.0)  # the last held timers are taken over
    finally:
        for process in running:
            process.kill()
    fired = fired_times([line for p in done + running for line in p.lines])
    result = Takeovers()
    for one in held:
        result.add(one, fired, {})
    return result
