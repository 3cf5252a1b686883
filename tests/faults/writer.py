"""A second host process for the two-writer tests.

`python -m tests.faults.writer DB COMMAND_JSON [REPEAT] [--pause]` sends the command REPEAT
times (default 1) through its own Host over DB and prints each reply as a JSON line. With
`--pause` it stops right after loading the table for the first command, prints `LOADED`
and waits for a line on stdin: the parent lets another process commit in that gap.
"""
from __future__ import annotations

import asyncio
import json
import sys

import tests.toygame
from bot.host import Host
from bot.outbox import Command
from games.registry import register
from tests.platform import tally

register(tests.toygame.GAME)
register(tally.ENGINE)


async def main(db: str, command: dict, repeat: int, pause: bool) -> None:
    host = await Host.create(db)
    if pause:
        # A channel command reads its table once (open_session_in_channel) and uses that read.
        real_load = host.repo.open_session_in_channel

        async def load_then_wait(channel_id: int):
            loaded = await real_load(channel_id)
            host.repo.open_session_in_channel = real_load  # only the first load waits
            print("LOADED", flush=True)
            await asyncio.to_thread(sys.stdin.readline)
            return loaded

        host.repo.open_session_in_channel = load_then_wait
    try:
        for _ in range(repeat):
            box = await host.handle(Command(**command))
            print(json.dumps({"reply": box.reply.text, "public": len(box.public), "private": len(box.private)},
                             ensure_ascii=False), flush=True)
    finally:
        await host.close()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--pause"]
    asyncio.run(main(args[0], json.loads(args[1]), int(args[2]) if len(args) > 2 else 1, "--pause" in sys.argv))
