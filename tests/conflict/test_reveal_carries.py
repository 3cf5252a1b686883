"""A reveal says that durability carries from one fight to the next within a battle phase
(issue 18, the conflict newcomer: "休整 对 自爆 → 防守方 1" looked one off: the defender had
started that fight at 2). RULES.md: "每次战事阶段开始时所有单位 3 点耐久，结束时回满"."""
from __future__ import annotations

import pytest

from tests.conflict.helpers import codes, outer, play, public_lines, unit
from tests.conflict.test_combat import duel, start_fight


@pytest.mark.parametrize("loc, said, pair", [
    ("en", "Revealed: Storm Troopers #2 Rest against Riflemen Self-destruct. The attacker's power 6 (4 + talent 1 + "
           "charge 1) against the defender's guard 2; the defender's power 2 against the attacker's guard 3. Durability carries over from "
           "earlier fights in this battle phase (3 at its start).",
     "Pair 1: the attacker's Rest against the defender's Self-destruct: attacker −2, defender −1; durability left: attacker 1, defender 1."),
    ("zh-CN", "翻开：突击队 #2 休整 对 步枪兵 自爆。进攻方战力 6（4 + 天赋 1 + 冲锋 1） 对 防守方守值 2；"
              "防守方战力 2 对 进攻方守值 3。"
              "耐久沿用本战事阶段之前作战后的值（阶段开始时为 3）。",
     "第 1 组：进攻方 休整 对 防守方 自爆：进攻方 −2、防守方 −1；剩余耐久：进攻方 1，防守方 1。")])
def test_the_second_fight_says_durability_carries_over(loc, said, pair):
    state, a, b, ua, ub = duel(seed=3)
    start_fight(state, a, ua, ub)
    play(state, a, "lay A")
    play(state, b, "lay A")
    assert ua.hp == 2 and ub.hp == 2  # first fight: Attack against Attack, 1 each
    uc = unit(state, a, "stormtrooper", outer(state, a)[0])  # a second unit strikes the same defender
    assert f"strike {uc.id} {ub.id}" in codes(state, a)
    play(state, a, f"strike {uc.id} {ub.id}")
    play(state, a, "lay R")
    step = play(state, b, "lay S")
    # Rest against Self-destruct: the defender's line reads 1 from 2, not from 3
    lines = public_lines(state, step, loc)
    assert lines[-2:] == [said, pair], lines
    assert ub.hp == 1  # the rule: Self-destruct costs its layer 1 (2 -> 1), Rest is hit for 2 (3 -> 1)
