"""A scripted game that a child process plays against a database, for the fault tests.

`python -m tests.faults.scripted DB GAME [PACE]` plays GAME (human seats only, users 1..n, in
channel 10) until it ends, continuing from whatever the database holds, so a process killed
at any point can be started again over the same file and carry on. The next command is
chosen from the stored state alone (a bot choice seeded by the table's version), so every
run, interrupted or not, plays the very same game. After each answered command it prints
`ANSWERED <log length> <code>` and flushes, so the parent knows what the host confirmed. PACE (seconds, default 0) waits between commands,
like players arriving one after another, so that a kill lands at a known rhythm rather than
after however many commands a fast machine managed to run.
"""
from __future__ import annotations

import asyncio
import random
import sys

from bot.host import Host
from bot.outbox import Command
from games.registry import get_engine, get_game

CHANNEL = 10
SEED = 4242


def command(by: int, verb: str, **args: object) -> Command:
    """`verb` sent by the user of seat `by` (users 1..n)."""
    return Command(user_id=by + 1, user_name=f"p{by + 1}", verb=verb, args=args, guild_id=1,
                   channel_id=CHANNEL, locale="en")


async def next_command(host: Host, game: str) -> Command | None:
    engine = get_engine(game)
    session = await host.repo.open_session_in_channel(CHANNEL)
    if session is None:
        ended = await host.repo.load_session(1)  # the only table a fresh database gets
        return None if ended else command(0, "game.new", game=game)
    if session.status == "lobby":
        players = max(engine.min_players, 2)
        if len(session.seats) < players:
            return command(len(session.seats), "game.join")
        return command(0, "game.start")
    state = engine.load_state(session.state)
    seat = engine.active_seats(state)[0]
    action = get_game(game).bot_action(state, seat, random.Random(session.version))
    return command(seat, "play", code=action.code(), seat=seat)


async def play(db: str, game: str, pace: float = 0.0) -> None:
    get_game(game).render = lambda view, locale: None  # pictures add time and nothing to check
    host = await Host.create(db, seed_source=lambda: SEED)
    try:
        while (cmd := await next_command(host, game)) is not None:
            if pace:
                await asyncio.sleep(pace)
            box = await host.handle(cmd)
            reply = box.reply.text if box.reply else ""
            if not (reply.startswith("✓") or reply.startswith("Done") or reply.startswith("Table #")):
                raise RuntimeError(f"{cmd.verb} {cmd.args} refused: {reply}")
            print(f"ANSWERED {await host.repo.count_log(1)} {cmd.verb} {cmd.args.get('code', '')}", flush=True)
    finally:
        await host.close()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 0.0))
