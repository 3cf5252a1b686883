"""The click menu as a newcomer meets it (issue 18, played at the console): an option that
names a whole action is ready to play after one click (it used to ask twice more, "Choose
the next part of your action (Order): 1. Play Railway Timetable"), the back button returns
to the last real choice, and two choices a player cannot tell apart (two copies of a card in
hand: "1. Deploy Panzer IV  2. Deploy Panzer IV") are one."""
from __future__ import annotations

import pytest

from bot.host import names
from bot.host.core import build_menu, skip_forced
from games.registry import get_game
from tests.platform.test_names_not_ids import sample

GAMES = ("ironfire", "frontline", "panzer", "conflict", "fleet")


def test_skip_forced_steps():
    codes = [["order", "c12", "x"], ["deploy", "c5", "s"], ["deploy", "c6", "s"], ["end"],
             ["fire", "t1"], ["fire", "t1", "hesh"]]
    assert skip_forced(codes, []) == []  # the first step is always shown
    assert skip_forced(codes, ["order"]) == ["order", "c12", "x"]
    assert skip_forced(codes, ["deploy"]) == ["deploy"]
    assert skip_forced(codes, ["deploy", "c5"]) == ["deploy", "c5", "s"]
    assert skip_forced(codes, ["fire"]) == ["fire", "t1"]  # a whole action: stop there
    assert skip_forced(codes, ["order", "c12", "x"], back=True) == []
    assert skip_forced(codes, ["deploy", "c5", "s"], back=True) == ["deploy"]
    assert skip_forced(codes, ["fire", "t1", "hesh"], back=True) == ["fire", "t1"]


@pytest.mark.parametrize("key", GAMES)
def test_one_click_on_a_whole_action_makes_it_ready(key):
    game = get_game(key)
    checked = 0
    for state, seat, _, _ in sample(key, seeds=(0,), steps=120):
        actions = game.engine.legal_actions(state, seat)
        codes = [a.code().split() for a in actions]
        root = build_menu(game, state, 1, seat, [], "en")
        for option in root.options:
            if option.description:  # a group: more to choose
                continue
            landed = skip_forced(codes, [option.value])
            menu = build_menu(game, state, 1, seat, landed, "en")
            action = game.engine.parse_action(" ".join(landed))
            assert menu.complete and not menu.options, (key, option.label, landed)
            assert game.text.describe_action(state, seat, action, "en") == option.label
            back = skip_forced(codes, landed, back=True)
            assert back == [] or len(build_menu(game, state, 1, seat, back, "en").options) > 1
            checked += 1
    assert checked


@pytest.mark.parametrize("key", GAMES)
def test_no_two_choices_read_the_same(key):
    """At every step of the menu, in both languages, no two whole-action options share a
    label; and `/play` with such a label plays it instead of asking to pick among copies."""
    game = get_game(key)
    for state, seat, _, _ in sample(key, seeds=(0, 1), steps=120):
        codes = [a.code().split() for a in game.engine.legal_actions(state, seat)]
        prefixes = {tuple(c[:n]) for c in codes for n in range(len(c))}
        for locale in ("en", "zh-CN"):
            for prefix in prefixes:
                menu = build_menu(game, state, 1, seat, list(prefix), locale)
                leaves = [o.label for o in menu.options if not o.description]
                assert len(leaves) == len(set(leaves)), (key, locale, prefix, leaves)
        for action in game.engine.legal_actions(state, seat):
            label = game.text.describe_action(state, seat, action, "en")
            found = names.match_actions(game, state, seat, label)
            labels = {tuple(game.text.describe_action(state, seat, a, loc) for loc in names.LOCALES) for a in found}
            assert len(labels) == len(found), (key, label, len(found))


async def test_the_back_button_skips_back_over_a_step_with_one_choice(host):
    """A click skips a step with a single choice ("Attack" with one unit able to attack goes
    straight to its targets); the back button (the adapter sends its menu's step with `back`)
    returns to the last step that offered a choice. Without `back` the host would take the
    step before it, skip forward over the single choice and show the same targets again."""
    import random

    from games.core.i18n import t
    from tests.platform.conftest import cmd, reply_text
    from tests.platform.test_game_log import frontline_against_the_bot

    sid = await frontline_against_the_bot(host)
    engine, rng = get_game("frontline").engine, random.Random(2)
    for _ in range(60):  # alice's random moves until a step of hers has a single choice before a real one
        state = engine.load_state((await host.repo.load_session(sid)).state)
        codes = [a.code().split() for a in engine.legal_actions(state, 0)]
        forced = [c[:2] for c in codes if len(c) > 2 and skip_forced(codes, c[:1]) == c[:2]]
        if forced:
            break
        await host.handle(cmd("alice", "play", code=" ".join(rng.choice(codes))))
    assert forced, "no step with a single choice in 60 moves"
    box = await host.handle(cmd("alice", "menu", prefix=forced[0][:1]))  # the click lands past the single choice
    assert box.reply.menu.prefix == forced[0], reply_text(box)
    box = await host.handle(cmd("alice", "menu", prefix=forced[0], back=True))
    assert box.reply.menu.prefix == [], reply_text(box)
    assert reply_text(box) == t("en", "host.menu_start")
