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
    """End to end: a table played by the normal bot until Anna's first advance fire with a tank
    holding a special round; `/play` with each such shot's zh-CN label (tank names with no space
    inside, "虎式 #2") is accepted as that shot, and the game moves on."""
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
        assert names.match_actions(GAME, state, seat, TEXT.describe_action(state, seat, other, "zh-CN")) == [other]
    reply = reply_text(await host.handle(cmd(users[seat], "play", code=label, locale="zh-CN")))
    assert reply.startswith("✓") and label in reply, reply
    after = engine.load_state((await host.repo.load_session(sid)).state)
    assert shot not in engine.legal_actions(after, seat) or after.phase != state.phase
