"""The search's evaluation of an unfinished panzer battle (`games.panzer.bot.evaluate`)
scores what decides the game: the points scored, and the shots each side has now."""
from __future__ import annotations

from games.panzer import ENGINE
from games.panzer.bot import evaluate, firepower
from tests.panzer.helpers import board


def test_points_scored_decide_not_the_points_still_on_the_board():
    """10: "击毁得分：轻 1、中 2、重 4。10 回合后分高者胜" (points for destroying: light 1,
    medium 2, heavy 4; after 10 rounds the higher score wins). A side with a heavy tank
    against a light one, neither in sight of the other and nothing scored, is even; a point
    scored puts its side ahead."""
    state = board([("a1", "tiger", "a10", "n"), ("b1", "pz38t", "l1", "s")])
    assert firepower(state, 0) == firepower(state, 1) == 0.0
    assert evaluate(ENGINE, state, 2) == [0.5, 0.5]
    state.score = [0, 1]
    assert evaluate(ENGINE, state, 2)[1] > 0.5


def test_a_side_with_a_shot_at_an_enemy_is_ahead():
    """A tank with an enemy in range and sight may score with its next shot: its side is
    ahead of one whose tanks have no shot."""
    state = board([("a1", "tiger", "f6", "n"), ("b1", "pz38t", "f4", "n"), ("b9", "m4", "a1", "s")])
    assert firepower(state, 0) > 0
    assert firepower(state, 0) > firepower(state, 1)
    assert evaluate(ENGINE, state, 2)[0] > 0.5
