"""The tank game's key of symbols ("Key: ↑↖ hull, then turret direction; in brackets F fired …")
came under every board post (words9's playtest, issue 18). It now comes on the first post whose
board has a tank on the map, and on the boards a player asks for (/game status, /hand)."""
from __future__ import annotations

import random

import pytest

from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import CHANNEL, cmd, public_text, reply_text


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_tank_game_s_key_comes_once_in_the_posts_and_on_every_asked_board(host, locale):
    engine, game = get_engine("panzer"), get_game("panzer")
    key = t(locale, "panzer.legend.marks")
    rng = random.Random(5)
    posts = [public_text(await host.handle(cmd("alice", "game.new", game="panzer", locale=locale)))]
    posts.append(public_text(await host.handle(cmd("alice", "game.bot", locale=locale))))
    posts.append(public_text(await host.handle(cmd("alice", "game.start", locale=locale))))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    on_map = 0
    for _ in range(300):
        session = await host.repo.load_session(sid)
        state = engine.load_state(session.state)
        if any(tk.alive and tk.pos is not None for tk in state.tanks):
            on_map += 1
            if on_map > 30:  # well into the deployment, past the first board with a tank
                break
        code = game.bot_action(state, 0, rng).code()
        posts.append(public_text(await host.handle(cmd("alice", "play", code=code, locale=locale))))
    else:
        raise AssertionError("no tank came onto the map")
    with_key = [i for i, text in enumerate(posts) if key in text]
    assert len(with_key) == 1, with_key
    first = next(i for i, text in enumerate(posts) if "@" in text.split(key)[0] and any(
        ch.isdigit() for ch in text))  # the first board naming a hex ("@I9↑")
    assert with_key == [first]
    assert sum(bool(text) for text in posts[first + 1:]) >= 10  # later boards were posted, without the key
    assert key in reply_text(await host.handle(cmd("alice", "game.status", locale=locale)))
    assert key in reply_text(await host.handle(cmd("alice", "hand", locale=locale)))
