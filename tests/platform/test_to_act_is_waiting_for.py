"""The picture's "To act" names whom the text's "Waiting for" names (issue 18, session 14):
conflict's picture said "To act: alice, Bot 1, Bot 2" at the faction choice while the text said
"Waiting for: alice" (the bots choose after the humans, `Host._bots_to_move`). Both now come
from `Host._awaited`. (A board's own marks of whose turn it is, as Iron & Fire's ▶, come from
the view, in the text board and the picture alike.)"""
from __future__ import annotations

import random

import pytest

from games.core.i18n import t
from games.registry import get_engine
from tests.platform.conftest import bot_table, cmd


def pictures_and_waiting(box, locale: str) -> list[tuple[list[str], str]]:
    """Each table post with a board picture: (the picture's "To act" names, the post's text)."""
    out = []
    for _, message in box.public:
        for image in message.images:
            if image.board is not None and not image.board[1]["table"]["over"]:
                out.append((image.board[1]["table"]["to_act"], message.text))
    return out


async def alice_at_random(host, sid: int, box, key: str, seed: int, locale: str, steps: int):
    """The posts of a table where alice plays at random (fixed seed) against the bots: the
    first box, then the box of each of her moves, until the game ends or she is not to act."""
    engine = get_engine(key)
    rng = random.Random(seed)
    for _ in range(steps):
        yield box
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state):
            return
        box = await host.handle(cmd("alice", "play", code=rng.choice(engine.legal_actions(state, 0)).code(),
                                    locale=locale))


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,bots,seed", [("frontline", 1, 2), ("fleet", 1, 2), ("panzer", 1, 2), ("conflict", 2, 2),
                                           ("ironfire", 2, 2)])
async def test_the_pictures_to_act_is_the_texts_waiting_for(host, key, bots, seed, locale):
    """Each game, alice and the bots, her moves at random (fixed seed): every post with a
    picture says "Waiting for: X" for exactly the X its picture's strip says is to act."""
    sid, box = await bot_table(host, key, bots, locale)
    compared = 0
    async for box in alice_at_random(host, sid, box, key, seed, locale, 40):
        for to_act, text in pictures_and_waiting(box, locale):
            assert t(locale, "host.waiting", names=to_act) in text.splitlines(), (to_act, text[-300:])
            compared += 1
    assert compared >= 3


async def test_the_faction_choice_waits_for_alice_in_the_picture_too(host):
    """Conflict's start with two bots: all three choose a faction at once, the bots after her;
    the text and the picture both name alice only."""
    sid, box = await bot_table(host, "conflict", 2)
    state = get_engine("conflict").load_state((await host.repo.load_session(sid)).state)
    assert len(get_engine("conflict").active_seats(state)) == 3
    assert pictures_and_waiting(box, "en") == [(["alice"], box.public[0][1].text)]
    assert t("en", "host.waiting", names=["alice"]) in box.public[0][1].text.splitlines()


def marked_on_the_text_board(text: str, names: list[str]) -> set[str]:
    """The seats Iron & Fire's text board marks with ▶ ("[b] Bot 1 ▶ · deck 0")."""
    return {name for line in text.splitlines() for name in names
            if line.startswith("[") and "▶" in line and f"] {name} " in line.split("▶")[0] + " "}


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,bots,seed", [("frontline", 1, 3), ("fleet", 1, 3), ("panzer", 1, 3), ("conflict", 2, 3),
                                           ("ironfire", 2, 3), ("ironfire", 1, 4)])
async def test_the_boards_marks_are_the_seats_waited_for(host, key, bots, seed, locale):
    """Iron & Fire's ▶ marked every seat choosing at once, bots included ("[b] Bot 1 ▶" at the
    deck choice), while "Waiting for" named alice only. The host now hands every board it
    posts the seats it waits for (`Host._awaited`), and the marks come from them
    (`games.core.game.marked_to_act`), in the text board and the picture alike. Each game,
    alice at random (fixed seed) against the bots: every picture's view marks exactly the seats
    its post waits for, and Iron & Fire's text board puts ▶ on exactly those."""
    from games.core.game import marked_to_act

    sid, box = await bot_table(host, key, bots, locale)
    names = [s.name for s in (await host.repo.load_session(sid)).seats]
    marked = 0
    async for box in alice_at_random(host, sid, box, key, seed, locale, 60):
        for _, message in box.public:
            for image in message.images:
                view = image.board[1]
                seats = marked_to_act(view, view.get("active") or range(len(names)))
                assert sorted(names[s] for s in seats) == sorted(view["table"]["to_act"]), message.text[-300:]
                if key == "ironfire" and not view["table"]["over"]:
                    assert marked_on_the_text_board(message.text, names) == set(view["table"]["to_act"]), \
                        message.text
                    marked += 1
    assert key != "ironfire" or marked >= 2


def test_a_view_without_the_hosts_table_keeps_the_games_own_marks():
    """A view the host did not dress (a test, a tool) marks the game's own active seats; an
    over table marks nobody."""
    from games.core.game import marked_to_act

    assert marked_to_act({"active": [0, 1]}, [0, 1]) == {0, 1}
    assert marked_to_act({"table": {"awaited": [1]}}, [0, 1]) == {1}
    assert marked_to_act({"table": {"over": True, "awaited": [1]}}, [0, 1]) == set()
