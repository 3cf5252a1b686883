"""Issue 23's fault test: four bot processes on one PostgreSQL database play many tables whose
turn timers keep firing, while one process at a time is killed with SIGKILL and started
again. Afterwards every table replays from its seed and log to its stored state, every move
a process acknowledged is in the log and no move is there more often than it was sent, the
timers fired, and every post the outbox kept was made by Discord exactly once (the fake
Discord, shared by the processes, answers a repeated nonce as Discord does), none is left
unsent, and Discord holds no message that the outbox did not keep.

CI runs a modest size (12 tables, about 15 seconds of play); SHAPAN_FAULT_SCALE=N multiplies
both the tables and the play time (N=10: 120 tables for two and a half minutes).
"""
from __future__ import annotations

import asyncio
import collections
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.host import Host
from bot.host.fair import verify_session
from bot.outbox import Command
from games.registry import get_engine
from tests.faults.shard import POST_LEASE

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
SCALE = max(1, int(os.environ.get("SHAPAN_FAULT_SCALE", "1")))
PROCESSES = 4
TABLES = 12 * SCALE
PLAY_SECONDS = 15.0 * SCALE
TIMER_HOURS = 0.0004  # a turn timer of 1.44 s: reminders and expiries all through the run
FIRST_CHANNEL = 7000
HANG_GUARD = 300  # seconds: a process that never ends is a failure, not a wait


def command(uid: int, verb: str, channel: int, **args) -> Command:
    return Command(user_id=uid, user_name=f"u{uid}", verb=verb, args=args, guild_id=1, channel_id=channel,
                   locale="en", guild_locale="en")


async def open_tables(url: str) -> None:
    """Duel tables, two players each, a short turn timer the bot plays out ('skip')."""
    host = await Host.create(url)
    try:
        for n in range(TABLES):
            channel, first, second = FIRST_CHANNEL + n, 10_000 + 2 * n, 10_001 + 2 * n
            await host.handle(command(first, "game.new", channel, game="duel"))
            await host.handle(command(second, "game.join", channel))
            await host.handle(command(first, "game.timer", channel, hours=str(TIMER_HOURS), policy="skip"))
            box = await host.handle(command(first, "game.start", channel))
            assert box.reply.text == "Done.", box.reply.text
        # these setup posts are never delivered here: the processes find them in the outbox
    finally:
        await host.close()


class Process:
    """One bot process, its output read as it comes (a killed one's last lines too)."""

    def __init__(self, url: str, ledger: Path, index: int, until: Path, drain: bool = False):
        args = [sys.executable, "-m", "tests.faults.shard", url, str(ledger), str(index), str(PROCESSES), str(until)]
        self.proc = subprocess.Popen(args + (["--drain"] if drain else []), cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("READY"):
                self.ready.set()

    def finish(self) -> int:
        self.proc.wait(HANG_GUARD)
        self.reader.join(HANG_GUARD)
        return self.proc.returncode


async def stored(url: str) -> tuple[list, dict, list]:
    host = await Host.create(url)
    try:
        sessions = [await host.repo.load_session(n) for n in range(1, TABLES + 1)]
        logs = {s.id: await host.repo.log_entries(s.id) for s in sessions}
        return sessions, logs, await host.repo.posts()
    finally:
        await host.close()


def test_four_processes_one_killed_again_and_again_lose_and_double_nothing(pg_url, tmp_path):
    asyncio.run(open_tables(pg_url))
    ledger, until_file = tmp_path / "discord.sqlite3", tmp_path / "until.txt"
    running = [Process(pg_url, ledger, i, until_file) for i in range(PROCESSES)]
    for process in running:  # play starts when all four are up (starting takes seconds on a busy machine)
        assert process.ready.wait(HANG_GUARD) and process.proc.poll() is None, process.proc.stderr.read()[-3000:]
    until = time.time() + PLAY_SECONDS
    until_file.write_text(f"{until}\n")
    done: list[Process] = []
    rng = random.Random(23)
    kills = 0
    while time.time() < until - 1:
        time.sleep(rng.uniform(1.0, 2.5))
        victim = rng.randrange(PROCESSES)
        if not running[victim].ready.is_set() or time.time() >= until - 1:
            continue  # still starting: killing it now would test nothing
        os.kill(running[victim].proc.pid, signal.SIGKILL)
        running[victim].finish()
        done.append(running[victim])
        kills += 1
        running[victim] = Process(pg_url, ledger, victim, until_file)
    for process in running:
        assert process.finish() == 0, process.proc.stderr.read()[-3000:]
    assert all(p.proc.returncode == -signal.SIGKILL for p in done)
    assert kills >= 3, "the run was too short to kill anything"
    time.sleep(POST_LEASE)  # the posts the last killed process held are free again
    drain = Process(pg_url, ledger, 0, until_file, drain=True)
    assert drain.finish() == 0, drain.proc.stderr.read()[-3000:]

    sessions, logs, posts = asyncio.run(stored(pg_url))
    lines = [line.split(maxsplit=3) for p in done + running for line in p.lines]
    sent = collections.Counter((int(w[1]), int(w[2]), w[3]) for w in lines if w[0] == "SENT")
    acked = collections.Counter((int(w[1]), int(w[2]), w[3]) for w in lines if w[0] == "ACK")
    timer_steps = 0
    for session in sessions:
        log = logs[session.id]
        # no step lost or applied twice: the stored state is the seed plus the log, replayed
        assert verify_session(get_engine(session.game), session, log) is None, session.id
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        moves = collections.Counter((session.id, e.user_id, e.code) for e in log if e.source == "user")
        for key, count in acked.items():
            if key[0] == session.id:
                assert moves[key] >= count, f"acknowledged move {key} lost"
        for key, count in moves.items():
            assert count <= sent[key], f"move {key} in the log more often than it was sent"
        timer_steps += sum(e.source == "timer" for e in log)
    assert sum(acked.values()) > 0 and timer_steps > 0

    # posts: every kept post sent, none refused, and Discord made each one's parts exactly once
    assert [p.nonce for p in posts if p.sent_at is None or p.failed] == []
    db = sqlite3.connect(ledger)
    made = [nonce for (nonce,) in db.execute("SELECT nonce FROM made")]
    repeats = db.execute("SELECT COUNT(*) FROM repeats").fetchone()[0]
    db.close()
    by_post = collections.Counter(nonce.rsplit("-", 1)[0] for nonce in made)
    assert set(by_post) == {p.nonce for p in posts}  # none lost, none that the outbox did not keep
    print(f"scale-out faults: {TABLES} tables, {PROCESSES} processes, {kills} kills, {sum(acked.values())} moves "
          f"acknowledged, {timer_steps} timer steps, {len(posts)} posts ({len(made)} messages), "
          f"{repeats} repeated sends answered by nonce")
