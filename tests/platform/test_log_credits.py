"""`/game log` hears only what the table saw, each step on its own, credited to whoever did it
(issue 18, session 11 playtest). README: "A step that shows nothing to the other players (a
hidden pick while building an army, ...) gets no post in the channel and no line in `/game
log` ... (even an "(acted)" line would tell everybody how many hidden steps you took)"."""
from __future__ import annotations

import random

from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd, reply_text

IRONFIRE = get_engine("ironfire")
LOCALES = ("en", "zh-CN")


async def _alice_against_the_bot(host, until) -> int:
    """Iron & Fire, alice against Bot 1; alice plays the heuristic's choice (seed 3) until
    `until(stored log)` holds."""
    await host.handle(cmd("alice", "game.new", game="ironfire"))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    rng = random.Random(3)
    for _ in range(150):
        if until(await host.repo.log_entries(sid)):
            return sid
        state = IRONFIRE.load_state((await host.repo.load_session(sid)).state)
        action = get_game("ironfire").bot_action(state, 0, rng)
        assert reply_text(await host.handle(cmd("alice", "play", code=action.code()))).startswith("✓")
    raise AssertionError("the game never got there")


async def test_the_bots_hidden_army_picks_have_no_line_after_a_step_the_table_saw(host):
    """The playtest's log read "Bot 1 acted (nothing shown to the table)" 18 times after
    "alice is ready.": the bot's secret picks came in the same command as her public "ready",
    and the whole command was marked seen. Each step's own visibility decides its line."""
    sid = await _alice_against_the_bot(host, lambda log: any(e.seat == 1 and e.code == "ready" for e in log))
    stored = await host.repo.log_entries(sid)
    bot_picks = [e for e in stored if e.seat == 1 and e.code.startswith("pick ")]
    assert len(bot_picks) >= 5 and not any(e.public for e in bot_picks)  # kept for replays, out of the log
    army = stored[:stored.index(next(e for e in stored if e.seat == 1 and e.code == "ready")) + 1]
    assert [(e.seat, e.code) for e in army if e.public][-2:] == [(0, "ready"), (1, "ready")]
    for loc in LOCALES:
        log = reply_text(await host.handle(cmd("alice", "game.log", locale=loc)))
        heads = [line for line in log.splitlines() if line.startswith("#") and not line.startswith("#0 ")]
        assert not [line for line in heads if t(loc, "host.log_acted", who="Bot 1") in line], log
        assert heads[2:4] == ["#3 " + t(loc, "ironfire.army_ready", name="alice"),
                              "#4 " + t(loc, "ironfire.army_ready", name="Bot 1")], log


async def test_a_reveal_that_follows_the_bots_step_is_not_credited_to_the_bot(host):
    """The playtest's log read "Bot 1 acted; the table saw: / alice reinforces: KV-1.": the bot's
    "ready" (no words of its own) closed the recount, which shows every player's reinforcements.
    The header says only that Bot 1 acted; the lines under it name their own players, as the lines
    under a mover's own line do ("#4 Bot 1 is ready. / alice's army: ...")."""
    def revealed(log):
        return any(ev["key"] == "ironfire.reinforced" for e in log for ev in e.events)

    sid = await _alice_against_the_bot(host, revealed)
    step = next(e for e in await host.repo.log_entries(sid) if any(ev["key"] == "ironfire.reinforced"
                                                                    for ev in e.events))
    assert step.seat == 1 and step.code == "ready"
    reveal = next(ev["params"] for ev in step.events if ev["key"] == "ironfire.reinforced")
    assert reveal["name"] == "alice"
    for loc in LOCALES:
        lines = reply_text(await host.handle(cmd("alice", "game.log", locale=loc))).splitlines()
        said = next(i for i, line in enumerate(lines)
                    if line == "    " + t(loc, "ironfire.reinforced", name="alice", cards=reveal["cards"]))
        head = lines[said - 1]
        assert head.startswith("#") and head.split(" ", 1)[1] == t(loc, "host.log_after", who="Bot 1"), lines
        assert not head.endswith((":", "：")), head  # nothing under it is introduced as Bot 1's
