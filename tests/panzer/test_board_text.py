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
