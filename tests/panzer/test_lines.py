"""How the tank game's lines read to a newcomer (issue 18, second newcomer playtest, left over):
"CV33 #11 moves with 1 free points (6 points)." said neither what free points are nor what the
6 was; "🎲 alice rolls free action points: 3 = **3**: **3 free points (drawn from 3 to 3)**"
showed a draw in a range as a die; a tied first-pick roll was rolled again without a word."""
from __future__ import annotations

import copy

import pytest

from games.panzer import ENGINE
from games.registry import get_game
from tests.panzer.helpers import act, board, seats

TEXT = get_game("panzer").text
FEW = [("a1", "m4", "h9", "n"), ("b1", "m4", "a1", "s")]  # Bob: one M4, 4 moves
MANY = FEW[:1] + [("b1", "bt7", "a1", "s"), ("b2", "bt7", "c1", "s"), ("b3", "bt7", "e1", "s")]  # 3 × 5 moves


def lines(step, locale):
    return TEXT.event_lines(step.state, [(e.key, e.params) for e in step.events], locale)


def free_line(step, locale):
    return next(line for line, e in zip(lines(step, locale), step.events) if e.key == "core.roll")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_free_points_no_draw_at_the_least(locale):
    """RULES 4.1: "Free points: a uniform integer 3 … max(3, round-half-up(sum of base moves of own
    mobile tanks / 2))". Bob's one M4 (4 moves) gives 3 … 3: no draw, and the line says so."""
    step = act(board(FEW, phase="advance"), "endturn")  # Bob's turn begins (seed 1)
    line = free_line(step, locale)
    assert step.state.pool == 3
    assert "**3**" in line and "3 = " not in line and "🎲" not in line, line  # not a die
    assert {"en": "from 3 to 3", "zh-CN": "3 到 3"}[locale] not in line, line
    assert {"en": "the least there can be", "zh-CN": "最低值"}[locale] in line, line
    assert {"en": "more than 6", "zh-CN": "超过 6"}[locale] in line, line  # 6 / 2 = 3: no more
    assert {"en": "add some of them to its own points", "zh-CN": "可从中加用"}[locale] in line, line


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_free_points_drawn_in_a_range_say_the_range(locale):
    """Three BT-7 (15 moves): a whole number from 3 to 8 (15 / 2 = 7.5, rounded half up)."""
    step = act(board(MANY, phase="advance"), "endturn")
    line = free_line(step, locale)
    pool = step.state.pool
    assert f"**{pool}**" in line and f"{pool} = " not in line, line  # the number, not a die adding up
    assert {"en": "a whole number from 3 to 8", "zh-CN": "3 到 8 之间的整数"}[locale] in line, line


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_drive_line_says_what_its_points_are(locale):
    """RULES 4.3: "Drive one tank at a time; declared free points force all points to be spent."
    The M4's 4 own points and 1 free point: the line names both, and that all must be spent."""
    moving = act(act(board(FEW, phase="advance"), "endturn").state, "endshots").state
    with_free = lines(act(copy.deepcopy(moving), "drive b1 1"), locale)[0]
    plain = lines(act(copy.deepcopy(moving), "drive b1 0"), locale)[0]
    if locale == "en":
        assert "moves with 5 action points (its own 4 + 1 free from this turn's pool; all must be spent)" in with_free
        assert plain == "M4 Sherman #2 moves with 4 action points.", plain
    else:
        assert "共 5 行动点（自身 4 点 + 本回合池中自由行动点 1 点，须全部用完）" in with_free, with_free
        assert plain == "M4 #2 开始移动，共 4 行动点。", plain


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_first_pick_tie_says_both_roll_again(locale):
    """RULES 3.1: "Both roll until one is higher; the higher picks first." seed 4 ties at 4:4, then 4:5.
    The tied pair's second line says it was a tie; the deciding pair says nothing of a tie."""
    step = ENGINE.setup(seats(), ENGINE.parse_options({}), 4)
    rolls = [line for line, e in zip(lines(step, locale), step.events) if e.key == "core.roll"]
    tie = {"en": "a tie: both roll again", "zh-CN": "平局：双方重掷"}[locale]
    assert [tie in line for line in rolls] == [False, True, False, False], rolls
