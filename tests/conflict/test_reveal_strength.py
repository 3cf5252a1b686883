"""A reveal says the power and guard the combat table compares (issue 18: "攻击 对 防御" ended
with a unit hit and nothing on the table said why). RULES.md, Unit against unit: "攻击 A | 防御 D |
战力 > 敌守值：敌 −1；战力 < 敌守值：己 −1" and "攻击者用攻击时的战力与守值（冲锋 +1 战力），防守者用防守时的
（坚守 +1 守值）". The engine records the four figures in the reveal event, modifiers in."""
from __future__ import annotations

import pytest

from games.conflict import GAME
from games.conflict import rules as R
from tests.conflict.helpers import fit, play, public_lines
from tests.conflict.test_combat import duel, start_fight


@pytest.mark.parametrize("loc, said, pair", [
    ("en", "Revealed: Storm Troopers Attack against Riflemen Defend. The attacker's power 6 (4 + talent 1 + charge 1) "
           "against the defender's guard 2; the defender's power 2 against the attacker's guard 3. Durability carries over from earlier "
           "fights in this battle phase (3 at its start).",
     "Pair 1: the attacker's Attack against the defender's Defend: defender −1; durability left: attacker 3, defender 2."),
    ("zh-CN", "翻开：突击队 攻击 对 步枪兵 防御。进攻方战力 6（4 + 天赋 1 + 冲锋 1） 对 防守方守值 2；防守方战力 2 对 进攻方守值 3。"
              "耐久沿用本战事阶段之前作战后的值（阶段开始时为 3）。",
     "第 1 组：进攻方 攻击 对 防守方 防御：防守方 −1；剩余耐久：进攻方 3，防守方 2。")])
def test_the_reveal_compares_power_and_guard(loc, said, pair):
    state, a, b, ua, ub = duel(seed=3)
    # seed 3: both seats are the Red Flame Legion ("进攻时战力 +1"), no guard +1 anywhere
    assert [R.talent(state, s) for s in (a, b)] == ["assault_plus", "assault_plus"]
    start_fight(state, a, ua, ub)
    play(state, b, "lay D")
    step = play(state, a, "lay A")
    # Storm Troopers: power 4, +1 charge and +1 Red Flame when attacking = 6, guard 3; Riflemen
    # defending: power 2 (the talent counts only when attacking), guard 2
    lines = public_lines(state, step, loc)
    assert said in lines and pair in lines, lines
    assert ub.hp == 2 and ua.hp == 3  # the rule: power 6 > guard 2, so the defender loses 1


@pytest.mark.parametrize("loc, part", [
    ("en", "against the defender's guard unlimited (Death System);"),
    ("zh-CN", "对 防守方守值 无限（Death系统）；")])
def test_death_system_guard_reads_unlimited(loc, part):
    """RULES.md: "Death系统 | 单位对单位时守值无限大": the reveal says unlimited, not 99, and the
    attack that meets it costs the attacker (power < guard: self −1)."""
    state, a, b, ua, ub = duel(seed=3)
    fit(state, b, "death")
    start_fight(state, a, ua, ub)
    play(state, b, "lay D")
    step = play(state, a, "lay A")
    lines = public_lines(state, step, loc)
    assert any(part in line for line in lines), lines
    assert ua.hp == 2 and ub.hp == 3


@pytest.mark.parametrize("loc, said", [
    ("en", "Revealed: Storm Troopers Attack against Riflemen Defend. Durability carries over from earlier fights in "
           "this battle phase (3 at its start)."),
    ("zh-CN", "翻开：突击队 攻击 对 步枪兵 防御。耐久沿用本战事阶段之前作战后的值（阶段开始时为 3）。")])
def test_an_older_reveal_without_the_figures_reads_as_before(loc, said):
    state, a, b, ua, ub = duel(seed=3)
    old = {"a": ua.id, "b": ub.id, "cards_a": "A", "cards_b": "D",
           "a_name": {"zh-CN": "突击队", "en": "Storm Troopers"}, "b_name": {"zh-CN": "步枪兵", "en": "Riflemen"}}
    assert GAME.text.event_lines(state, [("conflict.ev.reveal", old)], loc) == [said]


@pytest.mark.parametrize("loc, said, facts", [
    ("en", "Attack Riflemen @ Rainforest with Storm Troopers @ High Pass",
     "attacker: power 6 (4 + talent 1 + charge 1) · guard 3; target: power 2 · guard 2"),
    ("zh-CN", "突击队 @ 高隘口 进攻 步枪兵 @ 雨林", "进攻方：战力 6（4 + 天赋 1 + 冲锋 1） · 守值 3；目标：战力 2 · 守值 2")])
def test_the_attack_choice_shows_what_the_fight_would_compare(loc, said, facts):
    """The choice of a target already says the figures the reveal will compare: the attacker's
    when attacking (charge and Red Flame: 4 + 1 + 1), the defender's when defending; under
    the choice (a select option's description), as in the label they made 105 characters."""
    from bot.host.names import match_actions
    from tests.conflict.helpers import give

    state, a, b, ua, ub = duel(seed=3)
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    strike = next(x for x in GAME.engine.legal_actions(state, a) if x.kind == "strike" and x.target == ub.id)
    assert GAME.text.describe_action(state, a, strike, loc) == said
    assert GAME.text.action_facts(state, a, strike, loc) == facts
    assert match_actions(GAME, state, a, said) == [strike]  # `/play` by name

