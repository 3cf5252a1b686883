"""What a newcomer still met in Frontline (issue 18, session 17), each with the rule quoted and a
fixed seed, read in both languages."""
from __future__ import annotations

import re

import pytest

from games.frontline import GAME
from tests.refusal_helpers import refusals, unreadable

IDS = re.compile(r"(?<![\w#.\-])(?:u\d+|c[0-9a-f]{6,}|hq)(?!\w)")  # a unit's, a hand card's id, the HQ's code


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_refusals_a_player_can_trigger_show_only_names(seed):
    """Issue 18: "Menus … show things by name in the user's language …, never internal ids". A
    stale menu's card, played since, read "cd897d00506 is not a valid target for this card."
    Over a seeded playout, every seat tries actions from earlier turns, another seat's actions
    made of what it sees, and wrong targets; each refusal, in English and Chinese, names units
    and cards, or says the unit or card is no longer there."""
    met, bad = set(), []
    for code, key, loc, text in refusals(GAME, seed, 300, passive=("end",)):
        met.add(key)
        if found := unreadable(text, loc, IDS, ()):
            bad.append((code, loc, text, found))
    assert not bad, bad[:5]
    assert {"frontline.no_unit", "frontline.acted"} <= met, met
