"""The board picture's head (seventh newcomer playtest): it read "Round 2 · development", with
no round cap (the text board: "Round 2/30"), and nothing on it said that the right-hand column
is the outer row (RULES.md: only the outer row can be attacked) or what the gold frame marks."""
from __future__ import annotations

import pytest

from games.conflict import GAME
from games.conflict.present import picture_title
from games.core import Seat


@pytest.mark.parametrize("loc, head, word", [("en", "Round 30/30 · development", "outer row"),
                                             ("zh-CN", "第 30/30 轮 · 发展阶段", "外排")])
def test_the_picture_head_gives_the_round_of_the_cap_and_what_the_columns_mean(loc, head, word):
    engine = GAME.engine
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(3)], engine.parse_options({}), 3).state
    view = dict(engine.view(state, None), round=31, max_rounds=30, phase="develop")
    title, key = picture_title(view, loc)
    assert title == head, title
    assert word in key and "◆" in key, key
    assert GAME.render(dict(engine.view(state, None)), loc)  # the picture draws with its head
