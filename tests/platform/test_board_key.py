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


async def test_a_post_names_only_the_marks_new_since_the_board_before(host, monkeypatch):
    """Conflict's "Key:" block came whole again each time a mark was new (cf16, issue 18): a
    game whose `has_key` names its marks gets only the new ones to explain; a yes/no key
    (the tank game's before panzer16) still gets True, once."""
    from types import SimpleNamespace

    def game(marks_of):
        return SimpleNamespace(text=SimpleNamespace(has_key=marks_of))

    session = SimpleNamespace(state="a state")  # not the first post
    named = game(lambda view: view["marks"])
    monkeypatch.setattr(host, "_view_before", lambda session, engine: {"marks": ("economy", "P1:engine")})
    assert host._first_key(session, None, named, {"marks": ("economy", "P1:engine", "capital")}) == ["capital"]
    assert host._first_key(session, None, named, {"marks": ("economy", "P1:engine")}) is False
    assert host._first_key(SimpleNamespace(state=None), None, named, {"marks": ("economy",)}) is True
    yes_no = game(lambda view: view["marks"] != ())
    assert host._first_key(session, None, yes_no, {"marks": ("x",)}) is False  # the board before had it too
    monkeypatch.setattr(host, "_view_before", lambda session, engine: {"marks": ()})
    assert host._first_key(session, None, yes_no, {"marks": ("x",)}) is True
