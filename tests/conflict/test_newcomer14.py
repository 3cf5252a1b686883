"""Conflict played by a newcomer with two bots (issue 18, session 13): the table read
"alice deploys face-down unit #3 in Tundra." and "In High Pass, face-down unit #1 turned face
up: revealed as Mortar Team." (a label where English wants a sentence, with no article)."""
from __future__ import annotations

import pytest

from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.core.i18n import localize_value
from tests.conflict.helpers import bare, give, play, unit


def _lines(state, step, loc):
    post = [(e.key, e.params) for e in step.events if e.to is None]
    return GAME.text.event_lines(state, post, loc)


def test_a_face_down_deployment_reads_as_a_sentence_in_both_languages():
    """RULES 4.2: "deploy (pay, choose a territory, face up or down)". The table is told that a
    unit went down face down where, and by the label the board gives it, never by its name."""
    state, a, _ = bare(seed=3)
    state.players[a].res = 10
    cid = give(state, a, "stormtrooper")
    where = state.players[a].capital
    step = play(state, a, f"deploy {cid} {where} down")
    name_en, name_zh = (localize_value(R.content().territories[state.territories[where].key].name, loc) for loc in ("en", "zh-CN"))
    player = state.players[a].name
    assert _lines(state, step, "en") == [f"{player} deploys a unit face down in {name_en}: face-down unit."]
    assert _lines(state, step, "zh-CN") == [f"{player} 在 {name_zh} 部署 暗置单位。"]


def test_a_unit_turned_face_up_reads_with_its_article():
    """RULES 5: a face-down unit turned face up is revealed; the line names it as the table knew
    it ("the face-down unit #1"), then by its card."""
    state, a, _ = bare(seed=3)
    where = state.players[a].capital
    trooper = unit(state, a, "stormtrooper", where, up=False)
    unit(state, a, "stormtrooper", where, up=False)
    step = play(state, a, f"flip {trooper.id}")
    name_en, name_zh = (localize_value(R.content().territories[state.territories[where].key].name, loc) for loc in ("en", "zh-CN"))
    assert _lines(state, step, "en") == [
        f"In {name_en}, the face-down unit #1 turned face up: revealed as Storm Troopers."]
    assert _lines(state, step, "zh-CN") == [f"{name_zh}的暗置单位 #1 翻为明置：是 突击队。"]
    assert ENGINE.outcome(state) is None


@pytest.mark.parametrize("loc,marks", [("en", "★Anti-Peace, Economic Supremacy"), ("zh-CN", "★反和平、经济制霸")])
def test_a_players_marks_are_listed_in_the_readers_language(loc, marks):
    """The board read "★Anti-Peace,Economic Supremacy" and "★反和平,经济制霸": a comma with no
    space in English, an ASCII comma in Chinese."""
    state, a, b = bare(seed=3)
    state.players[a].achievements.append("antipeace")
    state.players[a].res, state.players[b].res = 3, 1  # the most resource cards alone
    board = GAME.text.summary(ENGINE.view(state, a), loc)
    assert marks in board, board

