"""The tank game's text board as a newcomer reads it (issue 18, second newcomer playtest):
while both sides load special ammunition in secret, the board said "Bot 1 to act (load
ammunition)" under "Waiting for: alice, Bot 1", and the player thought it was not their turn."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.panzer import ENGINE, GAME


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
