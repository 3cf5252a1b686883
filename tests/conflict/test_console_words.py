"""Words met playing at the console table (session 13): the arrange choice said "2 in the inner
row" and left the rest unsaid, and a turn stopped at "end of turn · Waiting for: alice" with
nothing to say that the hand was over its limit."""
from __future__ import annotations

import pytest

from games.conflict import ENGINE
from games.conflict import rules as R
from games.conflict.present import describe, summary
from games.core import Seat
from tests.conflict.helpers import bare, give, play


@pytest.mark.parametrize("loc, inner, said", [
    ("en", 1, "Arrange: capital Old Citadel (alice, 6/6), 1 territory in the inner row (the capital among them), "
           "3 in the outer row"),
    ("en", 3, "Arrange: capital Old Citadel (alice, 6/6), 3 territories in the inner row (the capital among them), "
           "1 in the outer row"),
    ("zh-CN", 1, "布置：首都 古堡（alice，6/6），内排 1 块（含首都），外排 3 块")])
def test_the_arrange_choice_says_how_many_go_in_each_row(loc, inner, said):
    """RULES.md: "开局：每人 4 块领地，选 1 块作首都放在内排，内排放 1–3 块（`arrange 首都 内排数`），其余在外排"."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 1).state
    play(state, 0, f"faction {next(f for f in state.players[0].offer if f != 'flame')}")  # no fortress bonus
    capital = state.players[0].dealt[0]
    assert len(state.players[0].dealt) == 4
    labels = [describe(ENGINE, state, 0, a, loc) for a in ENGINE.legal_actions(state, 0)
              if a.kind == "arrange" and a.capital == capital]
    assert said in labels, labels
    play(state, 0, f"arrange {capital} {inner}")
    assert [len(row) for row in state.players[0].rows] == [inner, 4 - inner]  # the rule the label reads


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
