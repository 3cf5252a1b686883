"""Words met playing at the console table (session 13; the arrange choice's rows are named by
tests/conflict/test_newcomer14.py): a turn stopped at "end of turn · Waiting for: alice" with
nothing to say that the hand was over its limit."""
from __future__ import annotations

import pytest

from games.conflict import ENGINE
from games.conflict import rules as R
from games.conflict.present import summary
from tests.conflict.helpers import bare, give, play


@pytest.mark.parametrize("loc, said", [("en", "Round 2/30 · end of turn: discarding down to the hand limit"),
                                       ("zh-CN", "第2/30轮 · 回合结束：弃牌至手牌上限")])
def test_the_end_of_turn_says_the_hand_is_discarded_down_to_its_limit(loc, said):
    """RULES.md: the hand limit (7; 9 for the hand_plus talent) is checked at the end of the turn."""
    state, a, _ = bare(3, 3)
    state.round = 2
    limit = R.hand_limit(state, a)
    for _ in range(limit + 1):
        give(state, a, "maintain")
    play(state, a, "next")  # development -> battle
    play(state, a, "next")  # battle -> post-battle development
    play(state, a, "next")  # the hand is over its limit: the turn waits for a discard
    assert state.phase == "end" and state.turn == a
    assert summary(ENGINE.view(state, None), loc).splitlines()[0] == said
