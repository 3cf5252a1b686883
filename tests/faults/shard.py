"""One bot process of the scale-out fault test (test_scale_out.py), as a Discord process that
owns some shards would run: a Host on the shared PostgreSQL database and the real Discord
client and delivery over a fake Discord that every process shares (a SQLite ledger of the
messages made, which answers a nonce it has seen within Discord's window with the message it
made then, as Discord does with enforce_nonce).

    python -m tests.faults.shard DB LEDGER INDEX PROCESSES UNTIL_FILE [--drain]

Once UNTIL_FILE holds a unix time (the test writes it when every process is up), until that
time it plays moves on the tables whose channel falls to it (channel %
PROCESSES == INDEX), every few moves ticks (the turn timers of every table, claimed by lease,
and the outbox's undelivered posts), and prints `SENT session user code` before a move and
`ACK session user code` once the host answered it. With `--drain` it only sends what the
outbox holds until nothing is left, then exits.
"""
from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import tests.toygame
from bot.host import Host
from bot.outbox import Command
from games.registry import get_engine, register
from tests.discord.harness import GUILD_ID, NONCE_WINDOW, DiscordHarness, Recorder, Request

register(tests.toygame.ENGINE)
POST_LEASE = 2.0  # seconds: a dead process's posts are sent by another this soon (Discord's window: minutes)
TICK_EVERY = 0.5  # seconds between ticks


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


async def play_one(host: Host, h: DiscordHarness, rng: random.Random, index: int, processes: int) -> None:
    """One move by an awaited player at one of this process's tables, delivered as Discord would."""
    mine = [s for s in await host.repo.sessions_with_deadline() if s.channel_id % processes == index]
    if not mine:
        return
    session = rng.choice(mine)
    engine = get_engine(session.game)
    state = engine.load_state(session.state)
    if engine.outcome(state) is not None or not engine.active_seats(state):
        return
    seat = engine.active_seats(state)[0]
    user = session.user_of(seat)
    if user is None:
        return
    code = rng.choice(engine.legal_actions(state, seat)).code()
    cmd = Command(user_id=user, user_name=f"u{user}", verb="play", args={"code": code}, guild_id=GUILD_ID,
                  channel_id=session.channel_id, locale="en", guild_locale="en")
    say("SENT", session.id, user, code)
    box = await host.handle(cmd)
    if box.reply is not None and box.reply.text.startswith("✓"):
        say("ACK", session.id, user, code)
    await h.client.delivery.deliver(box, cmd)


async def deadline(path: Path) -> float:
    while not path.exists() or not path.read_text().endswith("\n"):
        await asyncio.sleep(0.1)
    return float(path.read_text())


async def main(db: str, ledger: str, index: int, processes: int, until_file: Path, drain: bool) -> None:
    host = await Host.create(db)
    host.post_lease_seconds = POST_LEASE
    h = await DiscordHarness.start(host, recorder=Ledger(ledger))
    say("READY")
    try:
        if drain:
            while [p for p in await host.repo.posts() if p.sent_at is None and p.failed is None]:
                await h.client.delivery.resend_pending()
                await asyncio.sleep(0.2)
            return
        until = await deadline(until_file)
        rng = random.Random()
        last_tick = 0.0
        while time.time() < until:
            await play_one(host, h, rng, index, processes)
            if time.monotonic() - last_tick >= TICK_EVERY:
                await h.client.tick_once()
                last_tick = time.monotonic()
            await asyncio.sleep(rng.uniform(0, 0.05))
    finally:
        await h.close()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--drain"]
    asyncio.run(main(args[0], args[1], int(args[2]), int(args[3]), Path(args[4]), "--drain" in sys.argv))
