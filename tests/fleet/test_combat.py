"""Combat: the worked example, every main weapon, mech weapon and mech trait (source 4.1, 4.2)."""
import pytest

from games.fleet import GAME
from games.fleet.state import SHIP_ROW
from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, pass_windows, put


def rolls(step):
    return [(e.params["what"], e.params["total"], e.params.get("need")) for e in step.events if e.key == "core.roll"]


def game(mains0="heavy_vulcan", mechs0="sword", ship1="hummingbird", mechs1="sword", ship0="bull", **kw):
    s = new_game(fleet(ship0, mains0, mechs0, kw.get("cap0", "tim"), kw.get("pil0", "zack")),
                 fleet(ship1, kw.get("mains1", "heavy_vulcan"), mechs1, kw.get("cap1", "tim"), kw.get("pil1", "zack")))
    clear_hands(s)
    my_turn(s, 0, ap=kw.get("ap", 4))
    return s


def test_13_worked_example_hit_then_evade():
    # attacker hit 15 (Bull), target evade 10 (Hummingbird): 10 <= 15 hits, 11 > 10 fails to evade
    s = game(mains0="heat_ray")
    dice(s, 10, 11)
    step = act(s, 0, "fire heat_ray ship")
    assert rolls(step) == [("@fleet.roll.hit", 10, 15), ("@fleet.roll.evade", 11, 10)]
    assert s.sides[1].ship.hp == 12


def test_13_miss_and_evade_do_no_damage():
    s = game(mains0="heat_ray")
    dice(s, 16)  # 16 > 15: miss, no evade roll
    step = act(s, 0, "fire heat_ray ship")
    assert rolls(step) == [("@fleet.roll.hit", 16, 15)]
    dice(s, 15, 10)  # hit, then 10 <= 10 evades
    act(s, 0, "fire heat_ray ship")
    assert s.sides[1].ship.hp == 15 and s.sides[1].evades == 1


def test_heavy_vulcan_minus5_vs_mech_and_double_after_two_hits():
    s = game()
    put(s, "b1", "C3")
    dice(s, 11)
    step = act(s, 0, "fire heavy_vulcan b1")
    assert rolls(step)[0][2] == 10  # 15 - 5 against a mech
    dice(s, 1, 20, 1, 20, 1, 20, 1, 20)
    act(s, 0, "fire heavy_vulcan ship")
    assert s.sides[1].ship.hp == 15 - (2 + 2 + 4 + 4)
    assert s.sides[0].ship.ammo["heavy_vulcan"] == 2


def test_tracer_vulcan_marks_plus5_per_hit():
    s = game(mains0="tracer_vulcan", ap=6)
    dice(s, 1, 20, 1, 20, 20)
    act(s, 0, "fire tracer_vulcan ship")
    assert s.sides[1].ship.hp == 13
    dice(s, 20, 10, 20, 10, 20, 10)  # all evaded: no new marks
    step = act(s, 0, "fire tracer_vulcan ship")
    # two hits marked the target: +10 to hit for the whole next attack, then the marks are spent
    assert [r[2] for r in rolls(step) if r[0] == "@fleet.roll.hit"] == [25, 25, 25]
    dice(s, 20)
    assert rolls(act(s, 0, "fire tracer_vulcan ship"))[0][2] == 15


def test_flak_aoe_no_rolls_against_mechs():
    s = game(mains0="flak", mechs1="sword,hammer,longbow")
    for uid, zone in (("b1", "L2"), ("b2", "L3"), ("b3", "R3")):
        m = mech(s, uid)
        m.status, m.zone, m.pilot = "field", zone, "zack"
    s.sides[1].pilots[0].status = "flying"
    step = act(s, 0, "fire flak L2")
    assert rolls(step) == []
    # Sword in L2 and Hammer in L3 (within 1 of L2) take 2; the Longbow in R3 is out of the blast
    assert (mech(s, "b1").hp, mech(s, "b2").hp, mech(s, "b3").hp) == (2, 2, 2)
    assert mech(s, "b3").max_hp == 2


def test_impact_flak_knocks_back_two_zones():
    s = game(mains0="impact_flak")
    put(s, "b1", "L2")
    dice(s, 1, 20)
    act(s, 0, "fire impact_flak L2")
    m = mech(s, "b1")
    assert m.hp == 3 and m.zone == "L4"


def test_railgun_minus10_vs_mech_plus5_vs_ship():
    s = game(mains0="railgun,heavy_vulcan", ship1="pegasus")
    put(s, "b1", "C3")
    dice(s, 20)
    assert rolls(act(s, 0, "fire railgun b1"))[0][2] == 5
    s.sides[0].ship.ammo["railgun"] = 1
    dice(s, 20, 20)
    step = act(s, 0, "fire railgun ship")
    assert rolls(step)[0][2] == 20 and s.sides[1].ship.hp == 35


def test_heat_ray_burns_three_turns():
    s = game(mains0="heat_ray", ap=2)
    dice(s, 1, 20)
    act(s, 0, "fire heat_ray ship")  # 3 damage, turn passes, burn ticks at B's turn start
    assert s.sides[1].ship.hp == 9
    for expected in (6, 3):
        act(s, 1, "end")
        act(s, 0, "end")
        assert s.sides[1].ship.hp == expected
    act(s, 1, "end")
    act(s, 0, "end")
    assert s.sides[1].ship.hp == 3 and s.sides[1].ship.burn == 0


def test_siege_laser_energy():
    s = game(mains0="siege_laser", ship1="pegasus")
    s.sides[0].ship.energy = 2
    dice(s, 1, 20)
    act(s, 0, "fire siege_laser ship")
    assert s.sides[1].ship.hp == 50 - 20 and s.sides[0].ship.energy == 0
    dice(s, 1, 20)
    act(s, 0, "fire siege_laser ship")
    pass_windows(s)  # 20 damage dealt: a hidden captain might now strike with precision
    assert s.sides[1].ship.hp == 30 - 2


def test_twin_laser_needs_energy_and_shoots_again_after_a_hit():
    s = game(mains0="twin_laser")
    put(s, "b1", "C3")
    import pytest
    from games.core import RuleError
    with pytest.raises(RuleError) as err:
        act(s, 0, "fire twin_laser ship")
    assert err.value.key == "fleet.err.no_energy"
    s.sides[0].ship.energy = 1
    dice(s, 1, 20)
    act(s, 0, "fire twin_laser ship")
    assert s.pending[0].kind == "twin" and s.sides[0].ship.energy == 0
    dice(s, 1, 20, 100)  # hit, not evaded, red armour 100: no halving
    act(s, 0, "second b1")
    assert mech(s, "b1").hp == 4 - 3


def test_claw_steals_energy_from_ship():
    s = game(mechs0="vampire")
    put(s, "a1", "C3")
    s.sides[1].ship.energy = 1
    mech(s, "a1").acts = 1
    dice(s, 1, 20)
    act(s, 0, "attack a1 claw ship")
    assert s.sides[1].ship.hp == 14 and s.sides[1].ship.energy == 0 and s.sides[0].ship.energy == 1
    assert mech(s, "a1").ammo["claw"] == 1


def test_laser_gun_plus2_per_energy():
    s = game(mechs0="vampire", mechs1="kagami")
    put(s, "a1", "C3"), put(s, "b1", "C3")
    s.sides[0].ship.energy = 2
    mech(s, "a1").acts = 1
    dice(s, 1, 20)
    step = act(s, 0, "attack a1 laser_gun b1")
    assert [e.params["dmg"] for e in step.events if e.key == "fleet.damage"] == [5]


def test_assault_rifle_two_shots_and_range():
    s = game(mechs0="sword", mechs1="kagami")
    put(s, "a1", "C2"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 1, 20)
    act(s, 0, "attack a1 assault_rifle b1")
    assert mech(s, "b1").hp == 1
    mech(s, "b1").zone = "C5"  # distance 3: out of range 0-1
    assert not any(a.kind == "attack" for a in __import__("games.fleet").fleet.ENGINE.legal_actions(s, 0)
                   if getattr(a, "target", "") == "b1")


def test_saber_70_percent_no_damage_against_melee_and_joint_boost():
    s = game(mechs0="hammer", mechs1="hammer", pil0="snow")
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 70, 51)  # hit; saber roll 70: no damage; joint boost 51: no second attack
    act(s, 0, "attack a1 saber b1")
    assert mech(s, "b1").hp == 4
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 71, 50, 1, 20, 71, 31, 31)  # hit 4; joint boost 50: a second melee hit 4; red armour 31 twice
    act(s, 0, "attack a1 saber b1")
    assert mech(s, "b1").status == "lost"


def test_mech_rifle_ammunition_runs_out():
    s = game(mechs0="hammer")
    put(s, "a1", "C4")
    for _ in range(3):
        mech(s, "a1").acts = 1
        dice(s, 20)
        act(s, 0, "attack a1 mech_rifle ship")
    mech(s, "a1").acts = 1
    import pytest
    from games.core import RuleError
    with pytest.raises(RuleError) as err:
        act(s, 0, "attack a1 mech_rifle ship")
    assert err.value.key == "fleet.err.no_ammo"


def test_sniper_range_exactly_2_with_aim_ai_plus3():
    s = game(mechs0="longbow")
    put(s, "a1", "C3")  # the enemy ship row is 2 away
    mech(s, "a1").acts = 1
    dice(s, 18, 20)
    step = act(s, 0, "attack a1 sniper ship")
    assert rolls(step)[0][2] == 18 and s.sides[1].ship.hp == 11
    mech(s, "a1").zone, mech(s, "a1").acts = "C4", 1
    import pytest
    from games.core import RuleError
    with pytest.raises(RuleError):
        act(s, 0, "attack a1 sniper ship")


def test_charger_doubles_friend_damage_and_nano_blade_counts_buffs():
    s = game(mechs0="kagami,tsurugi", mechs1="magatama", pil0="zack,hans")
    put(s, "a1", "C3", "zack"), put(s, "a2", "C3", "hans"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    act(s, 0, "attack a1 charger a2")
    assert mech(s, "a2").boost and mech(s, "a1").ammo["charger"] == 2
    mech(s, "a2").targeting = True
    mech(s, "a2").acts = 1
    dice(s, 20, 20)
    step = act(s, 0, "attack a2 nano_blade b1")
    # two buffs: hit 13 + 3*2 + 5 = 24; damage (1 + 2*2 + Hans' melee 1) doubled = 12
    assert rolls(step)[0][2] == 24
    assert [e.params["dmg"] for e in step.events if e.key == "fleet.damage"] == [12]


def test_repair_drone_restores_friend():
    s = game(mechs0="magatama,sword", pil0="zack,hans")
    put(s, "a1", "C2", "zack"), put(s, "a2", "C3", "hans")
    mech(s, "a2").hp = 1
    mech(s, "a1").acts = 1
    act(s, 0, "attack a1 repair_drone a2")
    assert mech(s, "a2").hp == 4


def test_red_armor_halves_laser_damage_on_30():
    s = game(mechs0="hammer", mechs1="sword")
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51, 30)  # saber hits 4 (sword has no melee), no joint boost, red armour 30: halved to 2
    act(s, 0, "attack a1 saber b1")
    assert mech(s, "b1").hp == 2


def test_link_shield_shares_damage():
    s = game(mechs0="hammer", mechs1="kagami,magatama", pil1="zack,hans")
    put(s, "a1", "C3"), put(s, "b1", "C3", "zack"), put(s, "b2", "C3", "hans")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51)
    act(s, 0, "attack a1 saber b1")  # 4 shared by two: 2 each
    assert mech(s, "b1").hp == 1 and mech(s, "b2").hp == 1


def test_warp_drive_moves_again_when_it_did_not_attack():
    s = game(mechs0="sword", ap=2)
    put(s, "a1", "C2")
    act(s, 0, "order a1")
    act(s, 0, "move a1 C3")
    act(s, 0, "end")
    assert s.pending and s.pending[0].kind == "warp"
    act(s, 0, "warp a1 C4")
    assert mech(s, "a1").zone == "C4" and s.turn == 1


def test_forward_move_blocked_by_enemy_in_zone():
    s = game()
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    from games.fleet import ENGINE
    moves = {a.zone for a in ENGINE.legal_actions(s, 0) if a.kind == "move"}
    assert moves == {"C2", "L3", "R3"}
    import pytest
    from games.core import RuleError
    before = ENGINE.dump_state(s)
    with pytest.raises(RuleError) as err:
        act(s, 0, "move a1 C4")
    assert err.value.key == "fleet.err.forward_blocked"
    assert ENGINE.dump_state(s) == before  # a refused command changes nothing


def test_ship_rows():
    assert SHIP_ROW == (1, 5)


@pytest.mark.parametrize("locale,doubled", [("en", ": Heavy ship vulcan 2, ×2 from the vulcan's third hit on (health"),
                                            ("zh-CN", "：重型舰装火神炮 2、火神炮第三次命中起 ×2（生命")])
def test_a_damage_line_says_what_made_it_differ_from_the_weapon_s(locale, doubled):
    """The console playtest read "takes 2 damage from strike 1 … 2 … 4 … 4" from a weapon that
    deals 2, with nothing saying why (issue 18: "damage with its terms"). RULES.md 6, heavy
    vulcan: "命中两次后，之后每次命中伤害 ×2" (2+2+4+4). The lines of strikes 3 and 4 say so,
    from the weapon's own 2; those of 1 and 2 add nothing."""
    s = game()
    dice(s, 1, 20, 1, 20, 1, 20, 1, 20)
    step = act(s, 0, "fire heavy_vulcan ship")
    while s.pending:  # a window for a hidden captain's skill: the damage lands after it
        step = act(s, s.pending[0].seat, "pass")
    lines = GAME.text.event_lines(s, [(e.key, e.params) for e in step.events if e.key == "fleet.damage"], locale)
    assert len(lines) == 4 and s.sides[1].ship.hp == 15 - (2 + 2 + 4 + 4), lines
    assert [doubled in x for x in lines] == [False, False, True, True], lines
