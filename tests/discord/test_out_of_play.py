"""A conflict table of one player and three bots, through the adapter, in both languages:
once the rules put her out the bots finish the game in a few messages Discord accepts (the
fake refuses any payload outside Discord's limits, and the harness fails the test if one was
sent), and she is told once, by DM, in her language (issue 18: about 1,000 lines of bot moves
after her elimination)."""
from __future__ import annotations

import pytest

from bot import markdown
from games.core.i18n import localize_value, t
from games.registry import get_engine
from tests.discord.harness import CHANNEL_ID, User

ENGINE = get_engine("conflict")
LANGUAGES = {"en": "en-US", "zh-CN": "zh-CN"}
PASSIVE = ("next", "halt", "allow", "void")  # she plays for time: she falls early


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_the_bots_finish_in_a_few_messages_after_the_last_player_falls(harness, lang):
    h, rec = harness, harness.recorder
    ada = User(5001, "ada", LANGUAGES[lang], display="Ada " + "Wellington-Smythe" + "x" * 11)
    slash = lambda path, **kw: h.slash(ada, path, guild_locale=LANGUAGES[lang], **kw)  # noqa: E731
    h.client.host.bot_secret_source = lambda: "bot:5"  # the bots' choices, repeatable
    await slash("game new", game="conflict")
    for _ in range(3):
        await slash("game bot")
    await slash("game start")
    out_since = before = None
    for _ in range(1000):
        session = await h.client.host.repo.load_session(1)
        if session.status != "active":
            break
        state = ENGINE.load_state(session.state)
        if out_since is None and 0 not in ENGINE.seats_in_play(state):
            out_since = before  # the command, or the tick, that put her out
            told = [r.body.get("content", "") for r in rec.dm_messages(ada.id)]
            told = [text for text in told if t(lang, "host.out_bots_play_on", channel=CHANNEL_ID) in text]
            assert len(told) == 1 and t(lang, "host.out_notice", id=1, game=localize_value(ENGINE.title, lang),
                                        name=markdown.escape(ada.display)) in told[0]
        before = len(rec.requests)
        if 0 in ENGINE.active_seats(state):
            codes = [a.code() for a in ENGINE.legal_actions(state, 0)]
            await slash("play", action=next((c for c in codes if c in PASSIVE), codes[0]))
        else:
            await h.client.tick_once()
            await h.drain()
    else:
        raise AssertionError("the game did not end")
    assert session.status == "finished" and out_since is not None
    after = rec.public(out_since)
    assert 1 <= len(after) <= 4, [r.text[:200] for r in after]  # before: 24 messages of about 4,400 characters, 5 pictures
    assert sum(len(r.files) for r in after) == 1  # the final picture, once
    assert len(rec.dm_messages(ada.id, out_since)) == 1  # the notice, and nothing after it
