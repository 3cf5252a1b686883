"""A step the table cannot see (no public event, same public board, same awaited seats) gets
no public post and no line in /game log: even "(acted)" would count hidden steps."""
from __future__ import annotations

import random

from games.registry import get_engine, get_game
from tests.platform.conftest import cmd, public_text, reply_text

IRONFIRE = get_engine("ironfire")
NAMES = {0: "alice", 1: "bob"}


async def _ironfire_table(host) -> int:
    await host.handle(cmd("alice", "game.new", game="ironfire"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    return (await host.repo.open_session_in_channel(10)).id


async def test_hidden_picks_post_nothing_and_stay_out_of_the_log(host):
    sid = await _ironfire_table(host)
    rng = random.Random(3)
    hidden = seen = 0
    for _ in range(120):
        session = await host.repo.load_session(sid)
        if session.status != "active":
            break
        state = IRONFIRE.load_state(session.state)
        seat = IRONFIRE.active_seats(state)[0]
        action = get_game("ironfire").bot_action(state, seat, rng)
        before = (IRONFIRE.view(state, None), sorted(IRONFIRE.active_seats(state)))
        box = await host.handle(cmd(NAMES[seat], "play", code=action.code()))
        assert reply_text(box).startswith("✓")
        after_state = IRONFIRE.load_state((await host.repo.load_session(sid)).state)
        after = (IRONFIRE.view(after_state, None), sorted(IRONFIRE.active_seats(after_state)))
        last = (await host.repo.log_entries(sid))[-1]
        if before == after and not any(e.get("to") is None for e in last.events):
            hidden += 1
            assert box.public == [], f"{action.code()} was posted: {public_text(box)}"
            assert not last.public
        else:
            seen += 1
            assert box.public and last.public
    assert hidden >= 5 and seen >= 5  # the army-building picks are hidden, the rest is not

    log = reply_text(await host.handle(cmd("alice", "game.log", game=sid)))
    numbers = [int(line.split()[0][1:]) for line in log.splitlines() if line.startswith("#")]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # no gaps where hidden steps were
    assert numbers[-1] == seen
    stored = await host.repo.log_entries(sid)
    assert len(stored) == hidden + seen  # hidden steps are still kept for replays
