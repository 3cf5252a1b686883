"""Whole games of each of the five games, in English and in Chinese, played through the
Discord adapter by two players with long display names: typed moves, with the click menu,
the move autocomplete and the hand button along the way. The fake Discord refuses (HTTP
400) every payload outside Discord's limits, and the harness fails the test if any was sent
(see harness.close); every private message must be delivered, and no command may answer
"something went wrong". Each game is played to its natural end (moves chosen by the game's
own bot heuristic)."""
from __future__ import annotations

import random

import pytest

from bot.discord.i18n import text
from games.registry import GAME_MODULES, get_engine, get_game
from tests.discord.harness import CHANNEL_ID, User

MOVE_CAP = 1500  # human moves; all five end well before (conflict, the longest, in about 750)
LANGUAGES = {"en": "en-US", "zh-CN": "zh-CN"}


def players(lang: str) -> list[User]:
    locale = LANGUAGES[lang]
    # Discord display names are at most 32 characters; these use all of them
    return [User(5001, "ada", locale, display="Ada " + "Wellington-Smythe" + "x" * 11),
            User(5002, "bo", locale, display="博" * 32)]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_a_whole_game_through_the_adapter(harness, game, lang):
    engine = get_engine(game)
    guild_locale = LANGUAGES[lang]
    h = harness  # closed by the fixture, which fails the test if any payload was refused
    rec = h.recorder
    seated = players(lang)
    slash = lambda user, path, **kw: h.slash(user, path, guild_locale=guild_locale, **kw)  # noqa: E731
    await slash(seated[0], "game new", game=game)
    await slash(seated[1], "game join")
    for _ in range(engine.min_players - 2):
        await slash(seated[0], "game bot")
    await slash(seated[0], "game start")
    by_id = {u.id: u for u in seated}
    rng = random.Random(f"{game}:{lang}")
    moves = 0
    while True:
        session = await h.client.host.repo.load_session(1)
        if session.status != "active":
            break
        state = engine.load_state(session.state)
        seat = next(s for s in engine.active_seats(state) if not session.seats[s].is_bot)
        user = by_id[session.seats[seat].user_id]
        assert moves < MOVE_CAP, "the game did not end"
        if moves % 25 == 0:
            await slash(user, "act")  # the click menu's first step (a select of the choices)
            assert await h.autocomplete(user, "play", "action", action="")  # the typed move's choices
            post = rec.channel_messages(CHANNEL_ID)[-1]
            if "sp:hand" in post.custom_ids:
                await h.click(user, post.response, "sp:hand")
        action = get_game(game).bot_action(state, seat, rng)
        await slash(user, "play", action=action.code(), seat=seat)
        after = await h.client.host.repo.load_session(1)
        assert after.version > session.version, f"move {moves} ({action.code()}) was not played"
        moves += 1
    assert session.status == "finished"
    errors = [r for r in rec.requests if text("en", "msg.error") in r.text or text("zh-CN", "msg.error") in r.text]
    assert errors == []
    dm_sends = [r for r in rec.requests if r.method == "POST" and r.path.startswith("/channels/")
                and int(r.path.split("/")[2]) in rec.dm_channels]
    assert dm_sends and all(r.ok for r in dm_sends), [r for r in dm_sends if not r.ok]
    fallbacks = {text(loc, f"msg.dm_{kind}_other", mention=f"<@{u.id}>")
                 for loc in LANGUAGES.values() for kind in ("failed", "closed") for u in seated}
    fallbacks |= {text(loc, "msg.post_failed", channel=CHANNEL_ID) for loc in LANGUAGES.values()}
    assert not [r for r in rec.requests if any(note in r.text for note in fallbacks)]
