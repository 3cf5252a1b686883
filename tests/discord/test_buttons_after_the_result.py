"""Every button on a post leads somewhere valid when it is posted (issue 18, "After the game"):
the result post carried "Show my hand" (and could carry "Choose my move"), whose answer is
only "this table is not in play". The adapter gave the hand button by the command's verb
(`play`, `game.start`, any timer post); now the host says which posts are of a game that
goes on (`Message.game_on`), and only those offer the hand and the move.

Each of the five games is played to its natural end by two players (the game's own bot
heuristic choosing, fixed seeds) straight through the host, except the move that ends it,
typed through the adapter: that is the result post the players see."""
from __future__ import annotations

import random

import pytest

from bot.discord.i18n import text
from bot.outbox import Command
from games.registry import GAME_MODULES, get_engine, get_game
from tests.discord.harness import CHANNEL_ID, User

MOVE_CAP = 1500  # moves; conflict, the longest, ends in about 750

LANGUAGES = {"en": "en-US", "zh-CN": "zh-CN"}


def seated(lang: str) -> list[User]:
    return [User(5001, "ada", LANGUAGES[lang]), User(5002, "bo", LANGUAGES[lang])]


def ends_the_game(engine, stored: str, seat: int, action) -> bool:
    """Whether `action` ends the game (played on a copy of the stored state)."""
    state = engine.load_state(stored)
    return engine.outcome(engine.apply(state, seat, action).state) is not None


async def open_table(h, game: str, lang: str) -> list[User]:
    players = seated(lang)
    for user, path in ((players[0], "game new"), (players[1], "game join")):
        await h.slash(user, path, guild_locale=LANGUAGES[lang], **({"game": game} if path == "game new" else {}))
    for _ in range(get_engine(game).min_players - 2):
        await h.slash(players[0], "game bot", guild_locale=LANGUAGES[lang])
    await h.slash(players[0], "game start", guild_locale=LANGUAGES[lang])
    return players


def hand_and_move_buttons(req) -> list[str]:
    return [c for c in req.custom_ids if c.startswith("sp:hand") or c.startswith("sp:v:menu")]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_the_result_post_offers_no_hand_and_no_move(harness, game, lang):
    h, rec = harness, harness.recorder
    engine, faces = get_engine(game), get_game(game)
    players = await open_table(h, game, lang)
    by_id = {u.id: u for u in players}
    rng = random.Random(f"{game}:{lang}")
    on_posts = 0
    for _ in range(MOVE_CAP):
        session = await h.client.host.repo.load_session(1)
        state = engine.load_state(session.state)
        seat = next(s for s in engine.active_seats(state) if not session.seats[s].is_bot)
        user = by_id[session.seats[seat].user_id]
        action = faces.bot_action(state, seat, rng)
        if ends_the_game(engine, session.state, seat, action):
            break
        box = await h.client.host.handle(Command(user.id, user.name, "play", {"code": action.code(), "seat": seat},
                                                 guild_id=session.guild_id, channel_id=CHANNEL_ID,
                                                 locale=LANGUAGES[lang], guild_locale=LANGUAGES[lang]))
        on_posts += sum(1 for _, m in box.public if m.game_on)
    else:
        pytest.fail("the game did not end")
    assert on_posts, "no post of the game in play offered the hand"
    since = len(rec.requests)
    await h.slash(user, "play", guild_locale=LANGUAGES[lang], action=action.code(), seat=seat)
    assert (await h.client.host.repo.load_session(1)).status == "finished"
    posts = rec.channel_messages(CHANNEL_ID, since)
    result = [p for p in posts if text(lang, "msg.done") not in p.text]
    assert result, [p.text[:200] for p in posts]
    for post in result:
        assert hand_and_move_buttons(post) == [], post.text[-300:]


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_a_forfeit_by_the_turn_timer_offers_nothing_either(harness, lang):
    """A post with no command behind it (the timer's) got the hand button whatever it said: a
    forfeit's result is one."""
    h, rec = harness, harness.recorder
    players = await open_table(h, "frontline", lang)
    await h.slash(players[0], "game timer", guild_locale=LANGUAGES[lang], hours=1, policy="forfeit")
    host = h.client.host
    session = await host.repo.load_session(1)
    since = len(rec.requests)
    box = await host.tick(session.turn_deadline + 1)
    await h.client.delivery.deliver(box, None)
    assert (await host.repo.load_session(1)).status == "finished"
    posts = rec.channel_messages(CHANNEL_ID, since)
    assert posts and session.turn_deadline is not None
    for post in posts:
        assert hand_and_move_buttons(post) == [], post.text[-300:]
