"""`/play` a tank game's shot by its Chinese label, through the host (issue 18, "`/play` accepts
names"; the unit tests of the shots' names are tests/panzer/test_fire_choices.py)."""
from __future__ import annotations

import random

from bot.host import names
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd, reply_text

GAME = get_game("panzer")
TEXT = GAME.text


async def test_play_a_shot_by_its_chinese_label_through_the_host(host):
    """End to end, seed 100 (the host's first): both seats played by the normal bot with
    random.Random(3) until the seat to act may fire a special round. Every such shot's label, in
    both languages, names that shot alone (a tank's name once listed its rounds, so a shot with
    APFSDS named the plain one too); `/play` with the first one's zh-CN label plays that shot."""
    users = ("alice", "bob")
    await host.handle(cmd("alice", "game.new", game="panzer"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    engine, rng = get_engine("panzer"), random.Random(3)
    for _ in range(3000):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        seat = engine.active_seats(state)[0]
        fire = [a for a in engine.legal_actions(state, seat) if a.kind in ("precise", "advfire", "dfire")
                and a.ammo is not None]
        if fire:
            break
        await host.handle(cmd(users[seat], "play", code=GAME.bot_action(state, seat, rng).code()))
    else:
        raise AssertionError("no shot with a special round in 3000 moves")
    shot = fire[0]
    label = TEXT.describe_action(state, seat, shot, "zh-CN")
    for other in fire:
        for locale in ("en", "zh-CN"):
            typed = TEXT.describe_action(state, seat, other, locale)
            assert names.match_actions(GAME, state, seat, typed) == [other], typed
    reply = reply_text(await host.handle(cmd(users[seat], "play", code=label, locale="zh-CN")))
    assert reply.startswith("✓") and label in reply, reply
    assert (await host.repo.log_entries(sid, last=1))[-1].code == shot.code()
