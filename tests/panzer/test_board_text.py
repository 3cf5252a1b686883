"""The tank game's text board as a newcomer reads it (issue 18, second newcomer playtest):
while both sides load special ammunition in secret, the board said "Bot 1 to act (load
ammunition)" under "Waiting for: alice, Bot 1", and the player thought it was not their turn."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.panzer import ENGINE, GAME
from games.panzer.data import ROSTER


@pytest.mark.parametrize("locale,both", [("en", "Both sides act at once"), ("zh-CN", "双方同时行动")])
def test_a_phase_both_sides_play_at_once_is_nobody_s_turn_in_particular(locale, both):
    rnd = random.Random(2)
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 2).state
    seen = set()
    for _ in range(400):
        active = ENGINE.active_seats(state)
        text = GAME.text.summary(ENGINE.view(state, None), locale)
        if len(active) == 2:  # loading ammunition: both at once
            seen.add(state.phase)
            assert both in text and "alice to act" not in text and "bob to act" not in text, text
            assert not any(f"{name} 行动（" in text for name in ("alice", "bob")), text
        elif active:  # one side left to act (the other is ready): named
            assert both not in text
            name = ("alice", "bob")[active[0]]
            assert (f"{name} to act" if locale == "en" else f"{name} 行动（") in text, text
        if state.phase == "shots":
            break
        state = ENGINE.apply(state, active[0], GAME.bot_action(state, active[0], rnd)).state
    assert "ammo" in seen


@pytest.mark.parametrize("locale,label", [("en", "Stop picking (8 of 200 pt spent)"), ("zh-CN", "结束挑选（已用 8/200pt）")])
def test_stopping_the_draft_says_how_much_of_the_budget_is_spent(locale, label):
    """Third newcomer playtest: the menu offered "结束挑选" (Stop picking) after one 10-pt tank;
    alice clicked it and fought ten tanks (196 of 200 pt) with one: nothing said that stopping
    is for good with 190 pt left. The choice says what is spent of the budget (rule: each side
    picks tanks up to the budget, 200 by default)."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 2).state
    while not any(a.kind == "done" for a in ENGINE.legal_actions(state, state.seat)):
        pick = next(a for a in ENGINE.legal_actions(state, state.seat) if a.kind == "pick" and a.tank == "cv33")
        state = ENGINE.apply(state, state.seat, pick).state
    seat = state.seat
    assert [8] == [sum(ROSTER[k].price for k in state.picks[seat])]
    done = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "done")
    assert GAME.text.describe_action(state, seat, done, locale) == label


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_a_destroyed_tank_s_special_rounds_are_no_longer_listed_as_the_player_s(locale):
    """Fifth newcomer playtest: alice's Hetzer #3 and Hetzer #7 were destroyed in rounds 1 and
    2, and every /hand until the end of round 10 still read "Your special rounds: Hetzer #3:
    overcharged round, Hetzer #7: HESH". Rule 4: special rounds are loaded on a tank and fired
    by it ("特种炮弹装在坦克上"); a wreck fires nothing, so its rounds are not the player's any more."""
    from games.panzer.text import tank_label, tank_numbers
    from tests.panzer.helpers import act, board, give_ammo, load

    state = board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "pz4h", "h4", "n"),
                   ("b9", "m4", "a1", "s")])
    give_ammo(state, "b1", "hesh")
    give_ammo(state, "b9", "overcharge")
    mine = t_mine(locale)
    numbers = tank_numbers(state.tanks)
    wreck, live = tank_label(numbers, "b1", locale), tank_label(numbers, "b9", locale)
    before = GAME.text.summary(ENGINE.view(state, 1), locale)
    assert wreck in _line(before, mine) and live in _line(before, mine)
    load(state, [6, 6, 6, 6])  # hit, then 12 + 6 against the side armour 9: destroyed
    act(state, "precise a1 b1 1 -")
    assert not ENGINE.tank(state, "b1").alive
    after = _line(GAME.text.summary(ENGINE.view(state, 1), locale), mine)
    assert wreck not in after and live in after, after


def t_mine(locale: str) -> str:
    from games.core.i18n import t
    return t(locale, "panzer.ui.mine")


def _line(text: str, start: str) -> str:
    return next((line for line in text.splitlines() if line.startswith(start)), "")
