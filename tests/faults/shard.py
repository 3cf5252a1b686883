"""One bot process of the scale-out fault test (test_scale_out.py) and of bench's timer
takeover, as a Discord process that owns some shards would run: a Host on the shared
PostgreSQL database and the real Discord client and delivery over a fake Discord that every
process shares (a SQLite ledger of the messages made, which answers a nonce it has seen
within Discord's window with the message it made then, as Discord does with enforce_nonce).

    python -m tests.faults.shard DB LEDGER INDEX PROCESSES UNTIL_FILE TABLES [--drain] [--idle]

The tables are the open tables of channels FIRST_CHANNEL .. FIRST_CHANNEL + TABLES - 1; the
ones whose channel % PROCESSES == INDEX are this process's to play. Once UNTIL_FILE holds a
unix time (the test writes it when every process is up), until that time it plays moves at
its tables (an idle table, see `idle`, is left to its turn timer; a finished one gets a
rematch and its timer again), and every TICK_SECONDS, the Discord client's own interval,
ticks as the client does (the turn timers of every table, claimed by lease, and the outbox's
undelivered posts). It prints:

    SENT session user code          before a move
    ACK session user seq code       once the host answered it, with the log entry it wrote
    FIRED session kind time         after a turn timer (kind: _remind or _expire) committed, or the tick
                                    started a rematch its process left unstarted (_begin_lobby)
    HOLD time session...            see SIGUSR1

SIGUSR1 makes it stop playing, claim the next due turn timers as a tick would (the same
lease), print HOLD and freeze holding them: the test then kills it, and measures how long
the other processes take to fire those timers. With `--drain` it only sends what the outbox
holds until nothing is left, then exits. With `--idle` every table is idle.
"""
from __future__ import annotations

import asyncio
import json
import random
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import tests.toygame
from bot.discord.client import TICK_SECONDS
from bot.host import Host
from bot.host.core import TIMER_BATCH, TIMER_LEASE_SECONDS
from bot.outbox import Command
from games.registry import get_engine, register
from tests.discord.harness import GUILD_ID, NONCE_WINDOW, DiscordHarness, Recorder, Request

POST_LEASE = 2.0  # seconds: a dead process's posts are sent by another this soon (Discord's window: minutes)
FIRST_CHANNEL = 7000
TIMER_HOURS = 0.0004  # a turn timer of 1.44 s: reminders and expiries all through the run
IDLE_EVERY = 4  # one table in this many is never played: only its turn timer moves it


def idle(channel: int) -> bool:
    return (channel - FIRST_CHANNEL) % IDLE_EVERY == IDLE_EVERY - 1


def command(uid: int, verb: str, channel: int, **args: Any) -> Command:
    return Command(user_id=uid, user_name=f"u{uid}", verb=verb, args=args, guild_id=GUILD_ID, channel_id=channel,
                   locale="en", guild_locale="en")


class Ledger(Recorder):
    """The fake Discord's messages in a SQLite file shared by every process."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE IF NOT EXISTS made (nonce TEXT PRIMARY KEY, place TEXT NOT NULL, "
                       "body TEXT NOT NULL, at REAL NOT NULL, message TEXT NOT NULL)")
            db.execute("CREATE TABLE IF NOT EXISTS repeats (nonce TEXT NOT NULL, at REAL NOT NULL)")
        db.close()

    def create_message(self, channel_id: int, req: Request) -> dict[str, Any]:
        user = self.dm_channels.get(channel_id)
        place = f"dm:{user}" if user is not None else f"channel:{channel_id}"
        nonce = str(req.body.get("nonce"))
        assert req.body.get("enforce_nonce"), "every send carries its nonce"
        db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            kept = db.execute("SELECT at, message FROM made WHERE nonce = ?", (nonce,)).fetchone()
            if kept is not None and time.time() - kept[0] < NONCE_WINDOW:
                db.execute("INSERT INTO repeats VALUES (?, ?)", (nonce, time.time()))
                db.execute("COMMIT")
                req.repeat = True
                return json.loads(kept[1])
            assert kept is None, f"nonce {nonce} sent again after Discord's window"
            message = self.message(channel_id, req)
            body = json.dumps({k: v for k, v in req.body.items() if k not in ("nonce", "enforce_nonce")},
                              sort_keys=True, ensure_ascii=False)
            db.execute("INSERT INTO made VALUES (?, ?, ?, ?, ?)", (nonce, place, body, time.time(),
                                                                   json.dumps(message)))
            db.execute("COMMIT")
            return message
        finally:
            db.close()


def say(*words: Any) -> None:
    print(*words, flush=True)


async def answered(host: Host, box) -> None:
    """The reply shown under the command (no interaction here): marked sent as the delivery
    does once Discord took it. A kill before this leaves it to the outbox's late reply."""
    if box.reply is not None and box.reply.nonce is not None:
        await host.settle_posts([box.reply.nonce])


async def _send(host: Host, h: DiscordHarness, cmd: Command) -> bool:
    """One command, delivered as Discord would; whether the host accepted it."""
    box = await host.handle(cmd)
    await answered(host, box)
    await h.client.delivery.deliver(box, cmd)
    return box.reply is not None and box.reply.text.startswith(("✓", "Done"))


async def play_one(host: Host, h: DiscordHarness, rng: random.Random, channels: list[int],
                   all_idle: bool = False) -> None:
    """One command at one of this process's tables: a move by the awaited player, or for a
    finished table its rematch and turn timer."""
    channel = rng.choice(channels)
    session = await host.repo.open_session_in_channel(channel)
    if session is None:
        last = await host.repo.last_session_in_channel(channel)
        if last is None or last.state is None:
            return
        user = last.seats[0].user_id
        if await _send(host, h, command(user, "game.rematch", channel)):
            await _send(host, h, command(user, "game.timer", channel, hours=str(TIMER_HOURS), policy="skip"))
        return
    if session.status == "lobby":  # a rematch whose process died between opening and starting it
        await _send(host, h, command(session.creator_id, "game.start", channel))
        return
    if all_idle or idle(channel):
        return
    engine = get_engine(session.game)
    state = engine.load_state(session.state)
    if engine.outcome(state) is not None or not engine.active_seats(state):
        return
    seat = engine.active_seats(state)[0]
    user = session.user_of(seat)
    if user is None:
        return
    code = rng.choice(engine.legal_actions(state, seat)).code()
    say("SENT", session.id, user, code)
    box = await host.handle(command(user, "play", channel, code=code))
    await answered(host, box)
    if box.reply is not None and box.reply.text.startswith("✓"):
        # the entry this move wrote: nobody else moves for this user here, so it is the last such one
        entries = await host.repo.log_entries(session.id, last=8)
        seq = max(e.seq for e in entries if e.source == "user" and e.user_id == user and e.code == code)
        say("ACK", session.id, user, seq, code)
    await h.client.delivery.deliver(box, command(user, "play", channel, code=code))


def report_timers(host: Host) -> None:
    """Print FIRED once a turn timer's step is committed (the reminder or the expiry, or the
    start of a rematch that its process left unstarted)."""
    for name in ("_remind", "_expire"):
        original = getattr(host, name)

        async def fired(session, now, _original=original, _name=name):
            box = await _original(session, now)
            say("FIRED", session.id, _name, time.time())
            return box

        setattr(host, name, fired)

    begin_lobby = host._begin_lobby

    async def started(cmd, session, locale, note=None):
        box = await begin_lobby(cmd, session, locale, note)
        if cmd is None:  # the tick started a lobby due now: a rematch whose process died before starting it
            say("FIRED", session.id, "_begin_lobby", time.time())
        return box

    host._begin_lobby = started


async def deadline(path: Path) -> float:
    while not path.exists() or not path.read_text().endswith("\n"):
        await asyncio.sleep(0.1)
    return float(path.read_text())


async def hold_timers(host: Host) -> None:
    """Claim due timers as a tick would, say which, and freeze (until killed)."""
    while True:
        now = time.time()
        held = await host.repo.claim_due_timers(now, now + TIMER_LEASE_SECONDS, TIMER_BATCH)
        if held:
            say("HOLD", now, *held)
            await asyncio.Event().wait()
        await asyncio.sleep(0.02)


async def main(db: str, ledger: str, index: int, processes: int, until_file: Path, tables: int,
               drain: bool, all_idle: bool) -> None:
    host = await Host.create(db)
    host.post_lease_seconds = POST_LEASE
    report_timers(host)
    h = await DiscordHarness.start(host, recorder=Ledger(ledger))
    hold = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, hold.set)
    say("READY")
    try:
        if drain:
            while [p for p in await host.repo.posts() if p.sent_at is None and p.failed is None]:
                await h.client.delivery.resend_pending()
                await asyncio.sleep(0.2)
            return
        until = await deadline(until_file)
        rng = random.Random()
        mine = [c for c in range(FIRST_CHANNEL, FIRST_CHANNEL + tables) if c % processes == index]
        # the processes' ticks spread over the interval, as independent processes' are (started
        # together they would tick in step: the first fires every due timer, and no tick ever
        # comes in the reminder's half of a timer, only its expiry)
        next_tick = time.monotonic() + index * TICK_SECONDS / processes
        while time.time() < until:
            if hold.is_set():
                await hold_timers(host)
            if mine:
                await play_one(host, h, rng, mine, all_idle)
            if time.monotonic() >= next_tick:
                await h.client.tick_once()
                next_tick = time.monotonic() + TICK_SECONDS
            await asyncio.sleep(rng.uniform(0, 0.05))
    finally:
        await h.close()


if __name__ == "__main__":
    # The bare engine (plain faces) in this process only: registered on import, it replaced the
    # toy game's text for every test collected after tests/faults (views read as raw JSON)
    register(tests.toygame.ENGINE)
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main(args[0], args[1], int(args[2]), int(args[3]), Path(args[4]), int(args[5]),
                     "--drain" in sys.argv, "--idle" in sys.argv))
