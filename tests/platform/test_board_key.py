"""The tank game's key of symbols ("Key: ↑↖ hull, then turret direction; in brackets F fired …")
came under every board post (words9's playtest, issue 18). It comes on the first post whose
board has a tank on the map, again on a post that shows a symbol the board before did not (the
first [F], [*3] or ✗ came unexplained, session 15), and on the boards a player asks for (/game
status, /hand); it explains the symbols in use."""
from __future__ import annotations

import random

import pytest

from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import CHANNEL, cmd, public_text, reply_text


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_tank_game_s_key_comes_once_in_the_posts_and_on_every_asked_board(host, locale):
    engine, game = get_engine("panzer"), get_game("panzer")
    key = t(locale, "panzer.legend.key", parts=t(locale, "panzer.legend.facing", arrows="↑↖"))
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
    first = next(i for i, text in enumerate(posts) if "@" in text.split(key)[0] and any(
        ch.isdigit() for ch in text))  # the first board naming a hex ("@I9↑")
    assert with_key[0] == first, with_key
    # again only where a new symbol shows: the special rounds' [*3] once both sides are ready
    again = with_key[1:]
    assert len(again) <= 1 and all("[*" in posts[i] for i in again), [posts[i] for i in again]
    assert sum(bool(text) for i, text in enumerate(posts[first + 1:], first + 1)
               if i not in again) >= 10  # later boards were posted, without the key
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


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_key_comes_again_for_a_new_symbol_and_explains_those_in_use(locale):
    """A board with a tank that has fired, one with special rounds and one destroyed: its key
    names [F], [*] and ✗ (and no mark nobody shows); the board before the shot showed no F, so the
    host gives the key again (`has_key` names the marks, see Host._first_key)."""
    from games.panzer import ENGINE
    from tests.panzer.helpers import act, board, give_ammo, load

    state = board([("a1", "tiger", "h8", "n"), ("a2", "m4", "c9", "n"), ("b1", "m4", "h5", "s")])
    give_ammo(state, "a2", "hesh", "apfsds")
    game = get_game("panzer")
    before = game.text.has_key(ENGINE.view(state, None))
    load(state, [6, 6, 6, 6])
    act(state, "precise a1 b1 1 -")
    view = ENGINE.view(state, None)
    assert {"F", "✗"} <= game.text.has_key(view) - before
    key = next(line for line in game.text.summary({**view, "table": {"key": True}}, locale).splitlines()
               if line.startswith(t(locale, "panzer.legend.key", parts="")))
    for name in ("fired", "ammo", "destroyed"):
        assert t(locale, f"panzer.mark.{name}") in key, key
    for name in ("immobile", "gun_out", "dry", "spotted", "veteran"):
        assert t(locale, f"panzer.mark.{name}") not in key, key
