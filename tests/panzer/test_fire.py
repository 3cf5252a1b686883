"""Fire: standard rule 4 (sight, hit, destruction), special rules 3-7, phase modifiers by nation.

Board 真理 (zhenli): column h is plain; shooters at h8 facing north see h7..h1.
"""
import pytest

from games.core import RuleError
from games.panzer import ENGINE, GAME
from tests.panzer.helpers import act, board, codes, event, give_ammo, keys, load


def duel(shooter="tiger", target="m4", t_face="s", s_at="h8", t_at="h4", extra=(), **opts):
    return board([("a1", shooter, s_at, "n"), ("a9", "m4", "l10", "n"), ("b1", target, t_at, t_face),
                  ("b9", "m4", "a1", "s"), *extra], **opts)


def hit_mod(step):
    return event(step, "panzer.ev.hit_result").params["mod"]


@pytest.mark.parametrize("shooter,mod", [("tiger", 1), ("m4", 0), ("t34_76", 0), ("cromwell", 0)])
def test_phase_1_1_precision_shot_0_german_plus_1(shooter, mod):
    s = duel(shooter)
    load(s, [1, 1])
    step = act(s, "precise a1 b1 1 -")
    assert hit_mod(step) == mod
    assert ENGINE.tank(s, "a1").done and s.phase == "shots"
    assert not any(c.startswith(("precise a1", "dash a1 b1")) for c in codes(s))


@pytest.mark.parametrize("shooter,mod", [("m4", -2), ("tiger", -3), ("t34_76", -3)])
def test_phase_1_2_jump_shot_minus_3_american_minus_2(shooter, mod):
    s = duel(shooter)
    act(s, "dash a1 b1")
    act(s, "go a1 h7")
    load(s, [1, 1])
    step = act(s, "jumpfire a1 b1 1 -")
    assert hit_mod(step) == mod and event(step, "panzer.ev.hit_result").params["need"] == 3


@pytest.mark.parametrize("shooter,mod", [("t34_76", 0), ("m4", -1), ("tiger", -1)])
def test_phase_3_advance_fire_minus_1_soviet_0(shooter, mod):
    s = duel(shooter, phase="advance")
    load(s, [1, 1])
    step = act(s, "advfire a1 b1 1 -")
    assert hit_mod(step) == mod


def test_rule_4_hit_needs_2d6_plus_modifiers_at_least_the_distance():
    s = duel("m4")  # distance 4, modifier 0
    load(s, [1, 2])
    step = act(s, "precise a1 b1 1 -")
    assert event(step, "panzer.ev.hit_result").params["result"] == "@panzer.miss"
    assert "panzer.ev.damage_result" not in keys(step)
    s = duel("m4")
    load(s, [2, 2, 1, 1])
    step = act(s, "precise a1 b1 1 -")
    assert event(step, "panzer.ev.hit_result").params["result"] == "@panzer.hit"
    assert "panzer.ev.damage_result" in keys(step)


def test_rule_4_destroyed_when_2d6_plus_attack_reaches_armour_front_or_side():
    # M4 attack 6; Pz IV H front 11, side 9. Facing the shooter (south): front armour.
    s = duel("m4", "pz4h", t_face="s")
    load(s, [6, 6, 2, 2])  # damage 4 + 6 = 10 < 11
    step = act(s, "precise a1 b1 1 -")
    dmg = event(step, "panzer.ev.damage_result").params
    assert dmg["armour"] == 11 and dmg["total"] == 10 and ENGINE.tank(s, "b1").alive
    s = duel("m4", "pz4h", t_face="n")  # turned away: side armour
    load(s, [6, 6, 2, 2])
    step = act(s, "precise a1 b1 1 -")
    assert event(step, "panzer.ev.damage_result").params["armour"] == 9
    assert not ENGINE.tank(s, "b1").alive and s.score == [2, 0]
    assert "panzer.ev.destroyed" in keys(step) and ENGINE.gmap(s).by_name["h4"] in s.wrecks


@pytest.mark.parametrize("t_at,close", [("h7", 3), ("h6", 1), ("h5", 0)])
def test_special_rule_3_close_range_bonus(t_at, close):
    s = duel("m4", "tiger", t_at=t_at)
    load(s, [6, 6, 1, 1])
    step = act(s, "precise a1 b1 1 -")
    assert event(step, "panzer.ev.damage_result").params["close"] == close


def test_out_of_range_no_shot():
    s = duel("t26", "m4", t_at="h2")  # T-26 range 5, distance 6
    assert not any(c.startswith("precise a1") for c in codes(s))
    with pytest.raises(RuleError) as err:
        act(s, "precise a1 b1 1 -")
    assert err.value.key == "panzer.err.no_shot"


def test_rule_4_sight_blocked_by_wreck_forest_mountain():
    s = duel("m4")
    s.wrecks.append(ENGINE.gmap(s).by_name["h6"])
    assert not any(c.startswith("precise a1 b1") for c in codes(s))
    # forest k5 between k4 and k6? k6 is mountain; use i8/j8 forest: h9 -> j8 line crosses i8
    s = board([("a1", "m4", "g9", "ne"), ("b1", "m4", "k7", "s"), ("a9", "m4", "a10", "n"), ("b9", "m4", "a1", "s")])
    assert not any(c.startswith("precise a1 b1") for c in codes(s))


def test_special_rule_6_recon_sees_past_wrecks_at_medium_not_light():
    for target, sees in (("m4", True), ("bt7", False)):
        s = duel("bt7", target)
        s.wrecks.append(ENGINE.gmap(s).by_name["h6"])
        assert not any(c.startswith("precise a1 b1") for c in codes(s))  # only in a jump shot
        act(s, "dash a1 b1")
        assert any(c.startswith("jumpfire a1 b1") for c in codes(s)) == sees


def test_special_rule_6_recon_does_not_see_past_mountains():
    # i3 is a mountain: from i5 to i1 the line crosses i4, i3, i2
    s = board([("a1", "bt7", "i5", "n"), ("b1", "m4", "i1", "s"), ("a9", "m4", "a10", "n"), ("b9", "m4", "a1", "s")])
    act(s, "dash a1 b1")
    assert not any(c.startswith("jumpfire a1 b1") for c in codes(s))


def test_rule_6_v_the_turret_keeps_turning_after_any_own_shot():
    """标准规则 6 v：「己方任何形式的射击后若一回合炮塔转动次数尚未用完,可以继续转动。」 A precision or
    jump shot ends the tank's combat phase, not its turret turns (M4: two a turn)."""
    s = duel("m4", seed=2)
    load(s, [1, 1])  # a miss
    act(s, "precise a1 b1 1 -")
    a1 = ENGINE.tank(s, "a1")
    assert a1.done and a1.turret_left == 2
    assert {"turret a1 nw", "turret a1 ne"} <= codes(s)
    act(s, "turret a1 ne")
    act(s, "endshots")
    assert "turret a1 se" in codes(s)  # in the movement phase too
    act(s, "turret a1 se")
    assert a1.turret_left == 0 and not any(c.startswith("turret a1") for c in codes(s))
    # after a jump shot
    s = duel("m4", seed=2)
    act(s, "dash a1 b1")
    act(s, "go a1 h7")
    load(s, [1, 1])
    act(s, "jumpfire a1 b1 1 -")
    act(s, "turret a1 nw")
    assert ENGINE.tank(s, "a1").turret == 5
    # after advance fire
    s = duel("m4", phase="advance", seed=2)
    load(s, [1, 1])
    act(s, "advfire a1 b1 1 -")
    assert "turret a1 ne" in codes(s)
    act(s, "turret a1 ne")


def test_rule_6_turret_turns_limit_the_arc_and_are_spent():
    # Tiger: one turret turn per turn. Straight behind needs 3 turns: no shot.
    s = duel("tiger", t_at="h10", t_face="n")
    assert not any(c.startswith("precise a1 b1") for c in codes(s))
    # d7 lies in the north-west arc only: one turn, then the turret turns are used up
    s = duel("tiger", t_at="d7", t_face="n")
    assert "precise a1 b1 1 -" in codes(s)
    load(s, [1, 1])
    step = act(s, "precise a1 b1 1 -")
    a1 = ENGINE.tank(s, "a1")
    assert a1.turret == 5 and a1.hull == 0 and a1.turret_left == 0 and "panzer.ev.turret" in keys(step)
    assert not any(c.startswith("turret a1") for c in codes(s))


def test_turretless_fires_along_the_hull():
    s = duel("hetzer", t_at="d7")
    assert not any(c.startswith("precise a1 b1") for c in codes(s))
    s = duel("hetzer", t_at="h3")
    assert "precise a1 b1 1 -" in codes(s)


def test_special_rule_7_multi_turret_choose_one_gun():
    # M3 Lee: gun 1 in the hull (north), gun 2 in a turret. d7 lies in the north-west arc only.
    s = duel("m3", t_at="d7")
    c = codes(s)
    assert "precise a1 b1 2 -" in c and "precise a1 b1 1 -" not in c
    s = duel("m3", t_at="h4")
    c = codes(s)
    assert {"precise a1 b1 1 -", "precise a1 b1 2 -"} <= c
    load(s, [1, 1])
    act(s, "precise a1 b1 1 -")
    assert not any(x.startswith("advfire a1") for x in codes(s))  # one gun, one shot a turn


def test_special_rule_5_light_tank_second_shot_at_medium():
    s = duel("bt7", "m4", t_at="h5")
    load(s, [1, 1])  # miss
    act(s, "precise a1 b1 1 -")
    assert s.phase == "second" and codes(s) == {"again -", "noagain"}
    load(s, [6, 6, 1, 1])
    step = act(s, "again -")
    assert "panzer.ev.damage_result" in keys(step) and s.phase == "shots"
    s = duel("bt7", "t26", t_at="h5")  # light target: no second shot
    load(s, [1, 1])
    act(s, "precise a1 b1 1 -")
    assert s.phase == "shots"


def test_rule_4_1_overcharge_multiplies_the_damage_dice_by_class():
    for shooter, expected in (("bt7", 14), ("m4", 10), ("tiger", 8)):
        s = duel(shooter, "maus", t_at="h5")
        give_ammo(s, "a1", "overcharge")
        load(s, [6, 6, 3, 4])
        step = act(s, "precise a1 b1 1 overcharge")
        assert event(step, "panzer.ev.damage_result").params["dice"] == expected
        assert "panzer.ev.ammo_used" in keys(step) and ENGINE.tank(s, "a1").ammo == []


@pytest.mark.parametrize("loc,line", [
    ("en", "🎲 M4 Sherman #1 rolls to hit: [1, 2] + 5 (APFSDS: the lower die counts as 6) = **8**, against Maus #3: "
           "needs ≥ 6 (the distance): **hit (precision shot)**"),
    ("zh-CN", "🎲 M4 #1 掷 命中判定：[1, 2] + 5（尾翼脱壳稳定弹：较小的骰视为 6） = **8**，对 鼠式 #3：需要 ≥ 6（距离）：**命中（精准射击）**")])
def test_rule_4_2_apfsds_turns_one_die_into_a_six(loc, line):
    """"尾翼脱壳稳定弹 APFSDS：命中骰中一枚视为 6" (the engine always replaces the lower die). Fifth
    newcomer playtest: "Hetzer #3 fires a special round: APFSDS." then "rolls to hit: [6, 6] − 2
    (defensive fire) = **10**": which die did the round change, and by how much? The line shows
    the dice as rolled and what the round added."""
    s = duel("m4", "maus", t_at="h2")  # distance 6
    give_ammo(s, "a1", "apfsds")
    load(s, [1, 2, 1, 1])
    step = act(s, "precise a1 b1 1 apfsds")
    roll = next(e for e in step.events if e.key == "core.roll")
    assert roll.params["dice"] == [1, 2] and roll.params["total"] == 8  # 2 + 6
    assert event(step, "panzer.ev.hit_result").params["result"] == "@panzer.hit"
    assert event(step, "panzer.ev.hit_result").params["natural"] == 8  # rule 12 reads the dice after the 6
    public = [(e.key, e.params) for e in step.events if e.to is None]
    assert line in GAME.text.event_lines(s, public, loc)


@pytest.mark.parametrize("d6,effect", [(1, "immobile"), (2, "immobile"), (3, "gun_broken"), (4, "gun_broken"),
                                       (5, "destroyed"), (6, "destroyed")])
def test_rule_4_3_hesh_table(d6, effect):
    s = duel("m4", "maus", t_at="h5")
    give_ammo(s, "a1", "hesh")
    load(s, [6, 6, d6])
    step = act(s, "precise a1 b1 1 hesh")
    b1 = ENGINE.tank(s, "b1")
    assert "panzer.ev.damage_result" not in keys(step)
    if effect == "destroyed":
        assert not b1.alive and s.score[0] == 4
    else:
        assert b1.alive and getattr(b1, effect)
    if effect == "immobile":  # can still shoot, never moves again
        assert not ENGINE._can_drive(s, b1) and ENGINE._can_shoot_now(s, b1)
    if effect == "gun_broken":
        assert not ENGINE._can_shoot_now(s, b1)


def test_used_special_round_is_revealed_and_leaves_the_secrets():
    s = duel("m4")
    give_ammo(s, "a1", "hesh", "overcharge")
    token = next(m.id for m in ENGINE.tank(s, "a1").ammo if m.kind == "hesh")
    assert token in ENGINE.secrets(s)[0]
    load(s, [1, 1])
    step = act(s, "precise a1 b1 1 hesh")
    assert event(step, "panzer.ev.ammo_used").params["ammo"] == "@panzer.ammo.hesh"
    assert token not in ENGINE.secrets(s)[0] and len(ENGINE.tank(s, "a1").ammo) == 1


def test_refused_fire_leaves_state_unchanged():
    s = duel("m4")
    before = ENGINE.dump_state(s)
    for code in ("precise a1 b1 1 hesh", "precise a1 b1 3 -", "precise a1 a9 1 -", "precise b1 a1 1 -"):
        with pytest.raises(RuleError):
            act(s, code)
        assert ENGINE.dump_state(s) == before


def test_the_overcharged_damage_roll_reads_as_a_multiplication():
    """RULES.md 4-1: "超量装药 overcharge：伤害骰之和 × 2（轻）、× 1.5（中）、× 1.2（重，舍去小数），
    再加其他修正". The roll line shows the factor, never an added term ("+ 3 (overcharge)")."""
    for shooter, factor, dice in (("bt7", "2", 14), ("m4", "1.5", 10), ("tiger", "1.2", 8)):
        s = duel(shooter, "maus", t_at="h5")
        give_ammo(s, "a1", "overcharge")
        load(s, [6, 6, 3, 4])
        step = act(s, "precise a1 b1 1 overcharge")
        events = [(e.key, e.params) for e in step.events if e.to is None]
        damage = next(line for line in GAME.text.event_lines(s, events, "en") if "3, 4" in line)
        assert f"[3, 4] × {factor} (overcharged round) → {dice} + " in damage, damage
        assert "+ 3 (overcharged round)" not in damage and "(超量装药)" not in damage
