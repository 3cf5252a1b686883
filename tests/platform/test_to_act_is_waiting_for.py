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


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,bots,seed", [("frontline", 1, 2), ("fleet", 1, 2), ("panzer", 1, 2), ("conflict", 2, 2),
                                           ("ironfire", 2, 2)])
async def test_the_pictures_to_act_is_the_texts_waiting_for(host, key, bots, seed, locale):
    """Each game, alice and the bots, her moves at random (fixed seed): every post with a
    picture says "Waiting for: X" for exactly the X its picture's strip says is to act."""
    sid, box = await bot_table(host, key, bots, locale)
    engine = get_engine(key)
    rng = random.Random(seed)
    compared = 0
    for _ in range(40):
        for to_act, text in pictures_and_waiting(box, locale):
            assert t(locale, "host.waiting", names=to_act) in text.splitlines(), (to_act, text[-300:])
            compared += 1
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state):
            break
        box = await host.handle(cmd("alice", "play", code=rng.choice(engine.legal_actions(state, 0)).code(),
                                    locale=locale))
    assert compared >= 3


async def test_the_faction_choice_waits_for_alice_in_the_picture_too(host):
    """Conflict's start with two bots: all three choose a faction at once, the bots after her;
    the text and the picture both name alice only."""
    sid, box = await bot_table(host, "conflict", 2)
    state = get_engine("conflict").load_state((await host.repo.load_session(sid)).state)
    assert len(get_engine("conflict").active_seats(state)) == 3
    assert pictures_and_waiting(box, "en") == [(["alice"], box.public[0][1].text)]
    assert t("en", "host.waiting", names=["alice"]) in box.public[0][1].text.splitlines()
