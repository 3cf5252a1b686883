"""Fleet's table as a newcomer follows it (issue 18; session 17), each symptom a class:
1. the launch menu's mech step said only "5 choices": a newcomer could not see what each mech is.
   An option that opens further choices shows what the seat weighs in choosing the thing it names
   (`Text.token_facts`): a mech's health, its move and its weapons (range, shots × damage), within
   a select option's 100 characters, in both languages.
(The host's pass line given way to fleet's own is tests/platform/test_auto_pass_said_once.py.)"""
from __future__ import annotations

import pytest

from bot.host.core import build_menu
from games.core.i18n import t
from games.fleet import GAME
from games.fleet.data import DATA
from games.fleet.present import OPTION_TEXT
from tests.fleet.helpers import clear_hands, fleet, my_turn, new_game

LOCALES = ("en", "zh-CN")
D = DATA()
MODELS = sorted(D.mechs)


@pytest.mark.parametrize("loc", LOCALES)
@pytest.mark.parametrize("pair", [MODELS[i:i + 2] for i in range(0, len(MODELS), 2)])
def test_the_launch_menu_says_what_each_mech_is(loc, pair):
    """RULES.md 8 (利剑 sword 4/15/5：突击镭射步枪（0-1，2×1）；曲率推进装置 ...): under each mech
    of the launch menu's mech step, its health, hit and evade, that it moves one zone an action
    (a warp drive one more), and its weapons by name with their range; fixed seed 1."""
    s = new_game(fleet("bull", "heavy_vulcan", ",".join(pair), "tim", "zack"), fleet(), seed=1)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    options = build_menu(GAME, s, 1, 0, ["launch"], loc).options
    assert len(options) == len(pair)
    for option, model in zip(options, pair):
        m = D.mechs[model]
        facts = option.description
        assert facts != t(loc, "host.menu_choices", count=1) and len(facts) <= OPTION_TEXT, facts
        assert facts.startswith(t(loc, "fleet.facts.mech_now", hp=m.hp, max=m.hp, hit=m.hit, evade=m.evade)), facts
        assert t(loc, "fleet.facts.moves_warp" if "warp_drive" in m.traits else "fleet.facts.moves") in facts, facts
        for weapon in m.weapons.values():
            assert weapon.name[loc] in facts, facts
        if loc == "zh-CN":  # every figure fits in Chinese: each weapon's range, and shots × damage where it hurts
            for weapon in m.weapons.values():
                lo, hi = weapon.range
                span = str(lo) if lo == hi else f"{lo}–{hi}"
                shown = (f"{weapon.name[loc]}（射程 {span}）" if weapon.support else
                         f"{weapon.name[loc]}（射程 {span}，{weapon.shots}×{weapon.damage}）")
                assert shown in facts, facts


@pytest.mark.parametrize("loc,facts", [
    ("en", "health 4/4 · hit 15 · evade 5 · moves 1 zone (+1 warp) · Laser assault rifle (0–1, 2×1)"),
    ("zh-CN", "生命 4/4 · 命中 15 · 回避 5 · 移动 1 区（曲率推进 +1） · 突击镭射步枪（射程 0–1，2×1）")])
def test_a_sword_reads_as_the_rules_give_it(loc, facts):
    """RULES.md 8: "利剑 sword 4/15/5：突击镭射步枪（0-1，2×1）；曲率推进装置：回合结束时本回合未攻击则可
    `warp` 再移动一次"; a damaged mech shows the health it has now."""
    s = new_game(fleet(mechs="sword"), fleet(), seed=1)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    assert [o.description for o in build_menu(GAME, s, 1, 0, ["launch"], loc).options] == [facts]
    s.sides[0].mechs[0].hp = 2
    assert build_menu(GAME, s, 1, 0, ["launch"], loc).options[0].description == facts.replace("4/4", "2/4", 1)
