"""Fleet's table as a newcomer follows it (issue 18; session 17), each symptom a class:
1. the launch menu's mech step said only "5 choices": a newcomer could not see what each mech is.
   An option that opens further choices shows what the seat weighs in choosing the thing it names
   (`Text.step_facts`): a mech's health, its move and its weapons (range, shots × damage), within
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


# ------------------------------------------------------------------ findings17 (play17zh's playtest)

def public_lines(step, loc):
    return GAME.text.event_lines(step.state, [(e.key, e.params) for e in step.events if e.to is None], loc)


@pytest.mark.parametrize("loc,shape", [("en", "🎲 {who} rolls a d20 for first player: **{n}**"),
                                       ("zh-CN", "🎲 {who} 掷 d20 决定先手：**{n}**")])
def test_the_roll_for_first_player_names_its_die(loc, shape):
    """RULES.md 4: "双方各掷 d20，大者先手（平则重掷）". The line read "🎲 小明 掷 决定先手：7 = **7**":
    no die named, and the total said twice; fixed seed 1."""
    from games.core import Seat
    from games.fleet import ENGINE
    from games.fleet.state import FleetCode, Victory

    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 1).state
    ENGINE.apply(s, 0, FleetCode(loadout=fleet()))
    ENGINE.apply(s, 1, FleetCode(loadout=fleet()))
    ENGINE.apply(s, 0, Victory(goal="arms"))
    step = ENGINE.apply(s, 1, Victory(goal="arms"))
    rolls = [e.params for e in step.events if e.key == "core.roll"]
    assert len(rolls) >= 2
    lines = public_lines(step, loc)
    for roll in rolls:
        assert shape.format(who=roll["who"], n=roll["total"]) in lines, lines


@pytest.mark.parametrize("loc", LOCALES)
def test_each_ready_made_fleet_says_how_it_plays(loc):
    """The preset step named four fleets by name and parts only ("which is stronger, how do they
    play?"): under each, a few words on how it plays and its ship's health, hit and evade."""
    from games.core import Seat
    from games.fleet import ENGINE
    from games.fleet.data import parse_loadout

    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 1).state
    options = build_menu(GAME, s, 1, 0, ["preset"], loc).options
    assert {o.value for o in options} == set(D.presets)
    for option in options:
        ship = D.ships[parse_loadout(D.presets[option.value].code).ship]
        assert option.description == t(loc, "fleet.facts.preset_plays", plays=t(loc, f"fleet.preset_plays.{option.value}"),
                                       hp=ship.hp, hit=ship.hit, evade=ship.evade)
        assert len(option.description) <= OPTION_TEXT


@pytest.mark.parametrize("loc,hand,carries", [
    ("en", "hand: Booster ×2 (this mech moves to an adjacent zone, even forward past enemies), "
           "EMP grenade (enemy mechs in one zone within 2 cannot act for 2 turns)", "carries Smoke canister"),
    ("zh-CN", "手牌：助推器 ×2（该战甲移动到相邻区域，即使有敌方战甲也可向前）、EMP榴弹（2 范围内一个区域的敌方战甲 2 回合不能行动）",
     "携带 烟幕弹")])
def test_one_s_own_hand_says_what_each_card_does_and_a_mech_what_it_carries(loc, hand, carries):
    """RULES.md 11 (副武器): a hand read "自律修理机器人、泄能磁场、烟幕弹", and a newcomer holding a
    booster could not tell what it does; the seat's own board says each card's effect, two copies
    once, and what its own mechs carry (face down to the other seat, which reads neither)."""
    from games.fleet import ENGINE
    from games.fleet.state import Card
    from tests.fleet.helpers import give, put

    s = new_game(fleet(mechs="sword"), fleet(), seed=1)
    clear_hands(s)
    for card in ("booster", "emp", "booster"):
        give(s, 0, card)
    put(s, "a1", "L2")
    s.sides[0].mechs[0].cards.append(Card(id="c0smoke", card="smoke"))
    ENGINE.invalidate(s)
    own = GAME.text.summary(ENGINE.view(s, 0), loc)
    assert "  " + hand in own.splitlines(), own
    assert carries in own, own
    other = GAME.text.summary(ENGINE.view(s, 1), loc) + GAME.text.summary(ENGINE.view(s, None), loc)
    assert carries not in other and D.subs["booster"].name[loc] not in other


@pytest.mark.parametrize("loc,facts", [
    ("en", "Warp drive, a trait of URA-01A Sword (prototype) #1: no attack this turn, so one more move now"),
    ("zh-CN", "URA-01A 利剑（试做型） #1 的特性 曲率推进：本回合未攻击，回合结束时可再移动一次")])
def test_the_warp_drive_choice_says_whose_trait_it_is_and_why_now(loc, facts):
    """RULES.md 8: "利剑 ... 曲率推进装置：回合结束时本回合未攻击则可 `warp` 再移动一次". The menu read
    "曲率推进 - 3 个选项 / 放弃" with no word on what it is (findings17)."""
    from tests.fleet.helpers import act, put

    s = new_game(fleet(mechs="sword"), fleet(), seed=1)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    put(s, "a1", "C2")
    act(s, 0, "order a1")
    act(s, 0, "move a1 C3")
    act(s, 0, "end")
    assert s.pending and s.pending[0].kind == "warp"
    options = {o.value: o.description for o in build_menu(GAME, s, 1, 0, [], loc).options}
    assert options["warp"] == facts and len(facts) <= OPTION_TEXT
