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
