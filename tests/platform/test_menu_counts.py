"""A menu option's count is what the click shows (issue 18, session 14): conflict's menu read
"Discard — 8 choices" and the click showed 7 options, two copies of one card being one option
(`names.distinct`). The count under an option ("N choices") now says how many choices the
menu it opens offers: its options, and "confirm" when the choice so far is itself a whole action."""
from __future__ import annotations

import random

import pytest

from bot.host.core import build_menu, skip_forced
from games.core.engine import Seat
from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import bot_table, cmd

COUNTS = range(1, 400)


def counted(description: str, locale: str) -> int | None:
    """The count an option's description states, if it states one."""
    for n in COUNTS:
        if description == t(locale, "host.menu_choices", count=n):
            return n
    return None


async def check_counts(host, locale: str) -> int:
    """Opens alice's menu, then each option that states a count: the menu that click opens
    shows that many choices. Returns how many counts were checked."""
    box = await host.handle(cmd("alice", "menu", locale=locale))
    menu = box.reply.menu
    checked = 0
    for option in menu.options:
        n = counted(option.description, locale)
        if n is None:
            continue
        opened = (await host.handle(cmd("alice", "menu", prefix=[*menu.prefix, option.value], locale=locale))).reply
        shown = len(opened.menu.options) + opened.menu.complete
        assert n == shown, (option.label, n, [o.label for o in opened.menu.options], opened.menu.complete)
        checked += 1
    return checked


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,bots,seed", [("frontline", 1, 1), ("fleet", 1, 1), ("panzer", 1, 1), ("conflict", 2, 1),
                                           ("ironfire", 1, 1)])
async def test_a_count_under_an_option_is_what_its_click_shows(host, key, bots, seed, locale):
    """Each game against the bots, alice's moves at random (fixed seed): at each of her turns,
    every counted option of her menu, clicked, shows as many choices as it said."""
    sid, _ = await bot_table(host, key, bots, locale)
    engine = get_engine(key)
    rng = random.Random(seed)
    checked = 0
    for _ in range(25):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state):
            break
        checked += await check_counts(host, locale)
        await host.handle(cmd("alice", "play", code=rng.choice(engine.legal_actions(state, 0)).code(), locale=locale))
    assert checked >= 3


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_two_copies_of_a_card_are_one_choice_in_the_count(locale):
    """Conflict, three players, seed 0, the bots' heuristic for every seat: at step 134 a
    player over the hand limit must discard one of 8 cards, two kinds of them held twice (since
    cf17 the rules offer one discard per kind: 6 actions). The "Discard" option says 6 choices,
    and the menu it opens (as `Host._menu` builds it) shows 6."""
    engine, game = get_engine("conflict"), get_game("conflict")
    rng = random.Random(0)
    state = engine.setup([Seat(index=i, name=n) for i, n in enumerate(["alice", "Bot 1", "Bot 2"])],
                         engine.parse_options({}), 0).state
    for _ in range(134):
        seat = engine.active_seats(state)[0]
        state = engine.apply(state, seat, game.bot_action(state, seat, rng)).state
    seat = engine.active_seats(state)[0]
    discards = [a for a in engine.legal_actions(state, seat) if a.code().startswith("discard ")]
    keys = [c.key for c in state.players[seat].hand]
    assert len(keys) == 8 and len(discards) == len(set(keys)) == 6
    menu = build_menu(game, state, 1, seat, [], locale)
    option = [o for o in menu.options if o.value == "discard"][0]
    assert counted(option.description, locale) == 6
    codes = [game.text.menu_steps(state, seat, a) for a in engine.legal_actions(state, seat)]
    opened = build_menu(game, state, 1, seat, skip_forced(codes, ["discard"]), locale)
    assert len(opened.options) + opened.complete == 6
    assert len({o.label for o in opened.options}) == 6  # six kinds, each once
