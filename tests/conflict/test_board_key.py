"""The board says what its marks mean, and /hand what each card does (issue 18, the conflict
newcomer: "★经济制霸" shown on the board without what it means; hand cards with no effect).
RULES.md, Achievements: "经济制霸 Economic Supremacy | ⚖ 资源牌唯一最多（随时计算，并列则无人）|
部署单位费用 −1"; Upgrade cards: "高性能作战引擎 Combat Engine | 作战范围无限 · unlimited range"."""
from __future__ import annotations

import pytest

from games.conflict import GAME
from tests.conflict.helpers import bare, board_text, fit, give, to_develop


@pytest.mark.parametrize("loc, said", [
    ("en", "★ Economic Supremacy: holds the most resource cards alone: deploying costs 1 less"),
    ("zh-CN", "★ 经济制霸：资源牌唯一最多：部署单位费用 −1")])
def test_the_board_key_says_what_economic_supremacy_means(loc, said):
    state, a, b = bare(3, 3, to_develop)
    state.players[a].res = 3  # the most alone
    state.players[b].res = 1
    board = board_text(state, a, loc)
    assert said in board.splitlines(), board
    assert said not in board_text(state, a, loc, key=False)  # the key only where the host asks for it


@pytest.mark.parametrize("loc, said", [
    ("en", "⚙ P{a}'s High-Performance Combat Engine: own units: unlimited range"),
    ("zh-CN", "⚙ P{a} 的高性能作战引擎：本方单位作战范围无限")])
def test_the_board_key_says_what_a_fitting_does(loc, said):
    state, a, _ = bare(3, 3, to_develop)
    fit(state, a, "engine")
    board = board_text(state, a, loc)
    assert said.format(a=a) in board.splitlines(), board


def test_a_board_without_marks_has_no_key():
    state, a, _ = bare(3, 3, to_develop)  # no resources anywhere: nobody holds Economic Supremacy
    assert not GAME.text.has_key(GAME.engine.view(state, a))


@pytest.mark.parametrize("loc, said", [
    ("en", "Hand: Maintain (+1 durability to an own territory), Colonel Ross (cost 3 · power 3 · guard 3 · range 2)"),
    ("zh-CN", "手牌：整备（本方一块领地耐久 +1）、罗斯上校（费用 3 · 战力 3 · 守值 3 · 范围 2）")])
def test_the_hand_says_what_each_card_does(loc, said):
    state, a, _ = bare(3, 3, to_develop)
    give(state, a, "maintain")
    give(state, a, "colonel_ross")
    board = board_text(state, a, loc)
    assert said in board.splitlines(), board


@pytest.mark.parametrize("loc, old, new", [
    ("en", "⚙ P{b}'s High-Performance Combat Engine", "★ Economic Supremacy: holds the most resource cards alone"),
    ("zh-CN", "⚙ P{b} 的高性能作战引擎", "★ 经济制霸：资源牌唯一最多")])
def test_a_post_s_key_explains_only_the_marks_the_host_names_as_new(loc, old, new):
    """Issue 18: the whole "Key:" block came again each time a mark was new, the old marks
    repeated. Where the host names the new marks (`has_key`'s, in `view["table"]["key"]`), the
    key explains those alone; a board a player asks for (`key` True) explains every mark."""
    state, a, b = bare(3, 3, to_develop)
    fit(state, b, "engine")
    view = GAME.engine.view(state, a)
    before = set(GAME.text.has_key(view))
    state.players[a].res = 3  # a now holds Economic Supremacy: a new mark
    view = GAME.engine.view(state, a)
    fresh = sorted(set(GAME.text.has_key(view)) - before)
    assert fresh == ["economy"], fresh
    post = GAME.text.summary({**view, "table": {"key": fresh}}, loc).splitlines()
    asked = GAME.text.summary({**view, "table": {"key": True}}, loc).splitlines()
    assert any(line.startswith(new) for line in post) and not any(line.startswith(old.format(b=b)) for line in post), post
    assert any(line.startswith(new) for line in asked) and any(line.startswith(old.format(b=b)) for line in asked), asked
    head = {"en": "Key:", "zh-CN": "图例："}[loc]
    assert post.count(head) == 1 and asked.count(head) == 1
    none_new = GAME.text.summary({**view, "table": {"key": []}}, loc).splitlines()
    assert head not in none_new  # no key without a mark to explain
