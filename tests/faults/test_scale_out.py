"""Issue 23's fault test: four bot processes on one PostgreSQL database play many tables whose
turn timers keep firing, while one process at a time is killed with SIGKILL and started
again; every third kill is of a process that holds turn timers (tests.faults.fleet).

Afterwards:
- every table replays from its seed and log to its stored state;
- every move a process acknowledged is in the log exactly once (its own entry, no two
  acknowledgements on one entry), and no move is there more often than it was sent;
- every turn timer fired once: two expiries of one table are at least a timer apart (each
  restarts it), two reminders to one player at least half a timer; every timer a killed
  process held was fired by another process (or a move restarted it first); none is left
  held by a dead process;
- every post the outbox kept was made by the shared fake Discord exactly once (it answers a
  repeated nonce as Discord does), none is left unsent, and Discord holds no message that
  the outbox did not keep.
It prints the figures, takeover times included (worst and median; not asserted: timing).

CI runs a modest size (12 tables, 25 seconds of play); SHAPAN_FAULT_SCALE=N multiplies both
the tables and the play time (N=25: 300 tables for ten minutes and a half).
"""
from __future__ import annotations

import asyncio
import collections
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from bot.discord.client import TICK_SECONDS
from bot.host import Host
from bot.host.core import TIMER_BATCH, TIMER_LEASE_SECONDS
from bot.host.fair import verify_session
from games.registry import get_engine
from tests.faults.fleet import HANG_GUARD, ROOT, Process, Takeovers, fired_times, open_tables
from tests.faults.shard import POST_LEASE, TIMER_HOURS, report_timers

SCALE = max(1, int(os.environ.get("SHAPAN_FAULT_SCALE", "1")))
PROCESSES = 4
TABLES = 12 * SCALE
PLAY_SECONDS = 25.0 * SCALE
# a bigger run takes longer than the suite's per-test limit: opening the tables, the play, the checks
pytestmark = [pytest.mark.postgres, pytest.mark.timeout(max(600, 300 + 3 * PLAY_SECONDS))]
HOLD_EVERY = 3  # every third kill is of a process holding timers
TIMER_SECONDS = TIMER_HOURS * 3600


async def stored(url: str) -> tuple[list, dict, list]:
    host = await Host.create(url)
    try:
        ids = [row[0] for row in await host.repo._fetchall("SELECT id FROM sessions ORDER BY id")]
        sessions = [await host.repo.load_session(n) for n in ids]
        logs = {s.id: await host.repo.log_entries(s.id) for s in sessions}
        return sessions, logs, await host.repo.posts()
    finally:
        await host.close()


async def last_tick(url: str) -> tuple[list[int], list[int]]:
    """After the run, once every lease has passed: the tables whose timers are still leased
    (none should be), and the tables whose timers one more tick fires."""
    host = await Host.create(url)
    host.post_lease_seconds = 0  # its posts are left to the drain that follows
    fired: list[int] = []
    original = host._tick_table

    async def tick_table(session_id, now):
        fired.append(session_id)
        return await original(session_id, now)

    host._tick_table = tick_table
    try:
        now = time.time()
        held = [row[0] for row in await host.repo._fetchall(
            "SELECT id FROM sessions WHERE status = 'active' AND timer_lease > ?", (now,))]
        while True:  # every due timer, a batch at a time
            count = len(fired)
            await host.tick(now)
            if len(fired) - count < TIMER_BATCH:
                return held, fired
    finally:
        await host.close()


def test_four_processes_one_killed_again_and_again_lose_and_double_nothing(pg_url, tmp_path):
    started = time.time()
    asyncio.run(open_tables(pg_url, TABLES))
    ledger, until_file = tmp_path / "discord.sqlite3", tmp_path / "until.txt"
    running = [Process(pg_url, ledger, i, PROCESSES, until_file, TABLES) for i in range(PROCESSES)]
    for process in running:  # play starts when all four are up (starting takes seconds on a busy machine)
        assert process.ready.wait(HANG_GUARD) and process.proc.poll() is None, process.proc.stderr.read()[-3000:]
    until = time.time() + PLAY_SECONDS
    until_file.write_text(f"{until}\n")
    done: list[Process] = []
    held: list[tuple[float, list[int]]] = []
    rng = random.Random(23)
    kills = holds = 0
    while time.time() < until - 1:
        time.sleep(rng.uniform(1.0, 2.5))
        victim = rng.randrange(PROCESSES)
        if not running[victim].ready.is_set() or time.time() >= until - 1:
            continue  # still starting: killing it now would test nothing
        if kills % HOLD_EVERY == 0 and until - time.time() > TIMER_LEASE_SECONDS + TICK_SECONDS + 5:
            found = running[victim].hold_and_kill()
            holds += 1
            if found is not None:
                held.append(found)
        else:
            running[victim].kill()
        done.append(running[victim])
        kills += 1
        running[victim] = Process(pg_url, ledger, victim, PROCESSES, until_file, TABLES)
    for process in running:
        assert process.finish() == 0, process.proc.stderr.read()[-3000:]
    assert all(p.proc.returncode == -signal.SIGKILL for p in done)
    assert kills >= 3 and held, "the run was too short to kill anything"
    time.sleep(max(POST_LEASE, TIMER_LEASE_SECONDS))  # what the last killed process held is free again
    still_held, fired_last = asyncio.run(last_tick(pg_url))
    assert still_held == [], "turn timers still leased to a dead process"
    drain = Process(pg_url, ledger, 0, PROCESSES, until_file, TABLES, "--drain")
    assert drain.finish() == 0, drain.proc.stderr.read()[-3000:]

    sessions, logs, posts = asyncio.run(stored(pg_url))
    lines = [line for p in done + running for line in p.lines]
    sent = collections.Counter((int(w[1]), int(w[2]), w[3]) for w in (line.split(maxsplit=3) for line in lines)
                               if w[0] == "SENT")
    acks = [(int(w[1]), int(w[2]), w[4], int(w[3])) for w in (line.split(maxsplit=4) for line in lines)
            if w[0] == "ACK"]
    assert acks, "no move was acknowledged"
    # each acknowledged move has its own log entry, with its player and move
    assert len({(s, seq) for s, _, _, seq in acks}) == len(acks), "two acknowledgements share one log entry"
    entries = {(s.id, e.seq): e for s in sessions for e in logs[s.id]}
    for session_id, user, code, seq in acks:
        entry = entries.get((session_id, seq))
        assert entry is not None and (entry.source, entry.user_id, entry.code) == ("user", user, code), \
            f"acknowledged move {(session_id, user, code)} is not log entry {seq}"
    timer_steps = 0
    for session in sessions:
        log = logs[session.id]
        if session.status == "lobby":  # a rematch opened, its process killed before it started it
            assert log == [] and session.state is None
            continue
        # no step lost or applied twice: the stored state is the seed plus the log, replayed
        assert verify_session(get_engine(session.game), session, log) is None, session.id
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        moves = collections.Counter((session.id, e.user_id, e.code) for e in log if e.source == "user")
        for key, count in moves.items():
            assert count <= sent[key], f"move {key} in the log more often than it was sent"
        timer_steps += sum(e.source == "timer" for e in log)
    # Each timer step's posts are kept with it, at its commit time: an expiry's post in the
    # channel, a reminder's by DM. An expiry restarts the timer, so two of one table are a
    # timer apart at least; a reminder comes at half time, once per timer.
    expiries, reminders = collections.defaultdict(set), collections.defaultdict(set)
    for post in posts:
        text = json.loads(post.body)["message"]["text"]
        if post.kind == "public" and "⏰ Time is up" in text:
            expiries[post.session_id].add(post.created_at)
        elif post.kind == "private" and text.startswith("⏰"):
            reminders[(post.session_id, post.target)].add(post.created_at)
    for spacing, steps in ((TIMER_SECONDS, expiries), (TIMER_SECONDS / 2, reminders)):
        for key, times in steps.items():
            times = sorted(times)
            assert all(b - a >= spacing - 1e-6 for a, b in zip(times, times[1:])), f"{key}: a timer fired twice"
    assert timer_steps > 0 and expiries and reminders

    # every timer a killed process held was fired by another (or restarted by a move first)
    moved: dict[int, list[float]] = collections.defaultdict(list)
    for session in sessions:
        for e in logs[session.id]:
            if e.source == "user":
                moved[session.id].append(e.at)
    takeovers = Takeovers()
    for one in held:
        takeovers.add(one, fired_times(lines), moved)
    # held near the end of the run: fired by the last tick, once the lease had passed
    late = [table for table, _ in takeovers.lost if table in fired_last]
    assert [lost for lost in takeovers.lost if lost[0] not in fired_last] == [], "held timers never fired"

    # posts: every kept post sent, none refused, and Discord made each one's parts exactly once
    assert [(p.kind, p.attempts, p.failed) for p in posts if p.sent_at is None or p.failed] == []
    db = sqlite3.connect(ledger)
    made = [nonce for (nonce,) in db.execute("SELECT nonce FROM made")]
    repeats = db.execute("SELECT COUNT(*) FROM repeats").fetchone()[0]
    db.close()
    by_post = collections.Counter(nonce.rsplit("-", 1)[0] for nonce in made)
    # none lost, none that the outbox did not keep (a reply answered under its command, as the
    # processes do when not killed first, is no message; a late one is)
    assert {p.nonce for p in posts if p.kind != "reply"} <= set(by_post) <= {p.nonce for p in posts}
    print(f"scale-out faults: {TABLES} tables ({len(sessions)} games), {PROCESSES} processes, {kills} kills "
          f"({holds} holding timers), {sum(sent.values())} moves sent, {len(acks)} acknowledged, "
          f"{sum(map(len, expiries.values()))} timer expiries ({timer_steps} steps), "
          f"{sum(map(len, reminders.values()))} reminders, "
          f"{len(posts)} posts ({len(made)} messages), {repeats} repeated sends answered by nonce; "
          f"takeover: {takeovers.summary()}, {takeovers.superseded} restarted by a move first, "
          f"{len(late)} held until the end; "
          f"wall {time.time() - started:.0f} s")


def test_importing_the_shard_process_leaves_the_toy_game_its_text():
    """The shard script registers the bare toy engine for its own process only: on import it
    replaced the toy game's text for every test collected after tests/faults (a run of
    `pytest tests/platform ... tests/faults` read views as raw JSON in 18 tests)."""
    import importlib

    import tests.faults.shard
    import tests.toygame
    from games.registry import get_game, register

    register(tests.toygame.GAME)
    importlib.reload(tests.faults.shard)
    assert get_game(tests.toygame.ENGINE.key) is tests.toygame.GAME


def test_tables_open_in_a_process_of_their_own(pg_url):
    """`python -m bench scale` opens the takeover tables outside pytest (no conftest registers
    the toy game there): a fresh interpreter must open them too (it once answered "There is no
    open table in this channel")."""
    code = f"import asyncio; from tests.faults.fleet import open_tables; asyncio.run(open_tables({pg_url!r}, 1))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr[-3000:]
