"""Ship skills, captain skills (with reaction windows), pilot talents, injury and recovery."""
import pytest

from games.fleet import ENGINE
from tests.fleet.helpers import act, clear_hands, dice, fleet, keys, mech, my_turn, new_game, put


def game(f0, f1, ap=4, goals=("annihilation", "annihilation")):
    s = new_game(f0, f1, goals=goals)
    clear_hands(s)
    my_turn(s, 0, ap=ap)
    return s


def legal(s, seat):
    return {a.code() for a in ENGINE.legal_actions(s, seat)}


# --- ship skills ----------------------------------------------------------------------
def test_quick_switch_first_draw_free():
    s = game(fleet("hummingbird"), fleet(), ap=2)
    act(s, 0, "draw ship")
    assert s.ap == 2 and len(s.sides[0].hand) == 1
    act(s, 0, "draw ship")
    assert s.ap == 1


def test_split_armor_evade_plus5_at_5_or_less():
    s = game(fleet("bull", "heat_ray"), fleet("hummingbird"))
    s.sides[1].ship.hp = 5
    dice(s, 1, 16)
    step = act(s, 0, "fire heat_ray ship")
    assert [e.params["need"] for e in step.events if e.key == "core.roll"] == [15, 15]
    assert s.sides[1].ship.hp == 2


def test_energy_management_and_energy_lost_without_gathering():
    s = game(fleet("bull"), fleet("hummingbird"), ap=2)
    act(s, 0, "gather")
    assert s.sides[0].ship.energy == 2  # kept: this turn gathered
    act(s, 1, "gather")
    assert s.sides[1].ship.energy == 1
    act(s, 0, "end")
    assert s.sides[0].ship.energy == 0  # A's turn without gathering


def test_boost_shield_halves_damage_with_energy():
    s = game(fleet("hummingbird", "heat_ray"), fleet("bull"))
    s.sides[1].ship.energy = 1
    dice(s, 1, 20)
    act(s, 0, "fire heat_ray ship")
    assert s.sides[1].ship.hp == 25 - 1  # 3 // 2


def test_giant_mech_below_10():
    s = game(fleet("hummingbird", "railgun"), fleet("pegasus", "heat_ray", "sword,hammer", "tim", "zack,hans"))
    put(s, "b1", "C4", "zack"), put(s, "b2", "C4", "hans")
    mech(s, "b1").hp = 3
    s.sides[1].ship.hp = 20
    dice(s, 1, 20)
    act(s, 0, "fire railgun ship")  # 15 damage: 5 left, below 10
    ship = s.sides[1].ship
    assert ship.giant and ship.hp == 3 + 4 and (ship.hit, ship.evade) == (10, 10)
    assert set(ship.weapons) == {"assault_rifle", "saber", "mech_rifle"} and ship.ammo["mech_rifle"] == 3
    assert all(m.status == "lost" for m in s.sides[1].mechs if m.uid in ("b1", "b2"))
    assert {p.status for p in s.sides[1].pilots if p.pid in ("zack", "hans")} == {"lost"}
    # the giant counts as a mech: the railgun's -10 against mechs applies
    s.sides[0].ship.ammo["railgun"] = 1
    dice(s, 20)
    step = act(s, 0, "fire railgun ship")
    assert [e.params["need"] for e in step.events if e.key == "core.roll"] == [5]


def test_split_supply_costs_12_and_mechs_act_again():
    s = game(fleet("pegasus", "heat_ray", "sword,hammer"), fleet(), ap=1)
    put(s, "a1", "C2")
    act(s, 0, "resupply a1")
    assert s.sides[0].ship.hp == 38 and mech(s, "a1").acts == 1
    assert "resupply a1" not in legal(s, 0)
    act(s, 0, "move a1 C3")


# --- captain skills ------------------------------------------------------------------
def test_tim_dodge_acquired_on_mech_hit_and_answers_an_attack():
    s = game(fleet("bull", "heat_ray", "sword", "tim"), fleet("bull", "heat_ray", "sword", "tim"))
    put(s, "a1", "C4")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 20)
    step = act(s, 0, "attack a1 assault_rifle ship")
    ready = [e for e in step.events if e.key == "fleet.skill.ready"]
    assert ready and ready[0].to == [0] and "dodge" in s.sides[0].ready
    # now B attacks A's ship: the window opens for A before damage
    my_turn(s, 1, ap=4)
    dice(s, 1, 20)
    act(s, 1, "fire heat_ray ship")
    assert s.pending[0].kind == "react" and s.pending[0].seat == 0
    assert "react dodge -" in legal(s, 0) and legal(s, 1) == set()
    act(s, 0, "react dodge -")
    assert s.sides[0].ship.hp == 25 and s.sides[0].immune
    assert not any(a.kind == "fire" for a in ENGINE.legal_actions(s, 1))  # immune this turn


def test_tim_redirect_after_five_evades():
    s = game(fleet("bull", "heat_ray", "sword", "aaron"), fleet("bull", "heat_ray", "sword", "tim"))
    put(s, "a1", "C2")
    s.sides[1].evades = 5
    act(s, 0, "end")  # settles: B's skill is acquired
    assert "redirect" in s.sides[1].ready
    my_turn(s, 0)
    dice(s, 1, 20, 100)
    act(s, 0, "fire heat_ray ship")
    assert "react redirect a1" in legal(s, 1)
    act(s, 1, "react redirect a1")
    assert s.sides[1].ship.hp == 25 and mech(s, "a1").hp == 1


def test_aaron_precision_doubles_this_attack_and_the_turn():
    s = game(fleet("bull", "heavy_vulcan", "sword", "aaron"), fleet("hummingbird", "heat_ray", "sword", "adam"), ap=4)
    s.sides[0].kills = 2
    dice(s, 1, 20, 20, 20, 20)
    act(s, 0, "fire heavy_vulcan ship")
    assert s.pending[0].seat == 0 and "react precision -" in legal(s, 0)
    act(s, 0, "react precision -")
    assert s.sides[1].ship.hp == 15 - 4
    dice(s, 1, 20, 20, 20, 20)
    act(s, 0, "fire heavy_vulcan ship")  # still doubled this turn, no window needed
    assert s.sides[1].ship.hp == 11 - 4


def test_aaron_transfer_after_three_rounds():
    s = game(fleet("bull", "heavy_vulcan,railgun", "sword", "aaron"), fleet())
    s.sides[0].ship.ammo["railgun"] = 0
    s.round = 4
    act(s, 0, "draw mech")
    assert "transfer" in s.sides[0].ready
    act(s, 0, "skill transfer heavy_vulcan railgun")
    assert s.sides[0].ship.ammo == {"heavy_vulcan": 0, "railgun": 1}
    assert s.sides[0].captain_revealed


def test_adam_rally_auto_and_revenge():
    s = game(fleet("bull", "heat_ray", "sword,hammer,longbow", "adam", "zack,hans,jack"), fleet("bull", "heat_ray", "sword"))
    for uid in ("a1", "a2"):
        put(s, uid, "C2")
    mech(s, "a1").hp = 1
    put(s, "a3", "L2")
    step = act(s, 0, "draw mech")
    assert "fleet.skill.used" in keys(step) and mech(s, "a1").hp == 4
    put(s, "b1", "C4")
    s.sides[0].losses = 3
    act(s, 0, "draw ship")
    assert "revenge" in s.sides[0].ready
    act(s, 0, "skill revenge b1 -")
    assert mech(s, "b1").status == "lost"


def test_tom_last_stand_and_sacrifice():
    s = game(fleet("bull", "heat_ray", "sword,hammer", "tom", "zack,hans"), fleet("hummingbird"))
    assert "skill last_stand - -" not in legal(s, 0)
    put(s, "b1", "C2")
    assert "skill last_stand - -" in legal(s, 0)
    act(s, 0, "skill last_stand - -")
    ship = s.sides[0].ship
    assert (ship.hp, ship.evade, ship.energy) == (100, 0, 3)
    s2 = game(fleet("hummingbird", "heat_ray", "sword,hammer", "tom", "zack,hans"), fleet("bull"))
    put(s2, "a1", "C2", "zack"), put(s2, "a2", "C2", "hans")
    s2.sides[0].ship.energy = 2
    act(s2, 0, "draw mech")
    assert "sacrifice" in s2.sides[0].ready  # 15 < 25
    dice(s2, 1, 20, 1, 20)
    act(s2, 0, "skill sacrifice - -")
    assert s2.sides[1].ship.hp == 25 - 12 and s2.sides[0].ship.energy == 0
    assert all(m.status == "lost" for m in s2.sides[0].mechs)


# --- pilots ---------------------------------------------------------------------------
def test_hans_melee_plus1_and_reveal():
    s = game(fleet("bull", "heat_ray", "hammer", "tim", "hans"), fleet("bull", "heat_ray", "kagami"))
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51)
    step = act(s, 0, "attack a1 saber b1")
    assert [e.params["dmg"] for e in step.events if e.key == "fleet.damage"] == [5]
    assert "fleet.pilot.revealed" in keys(step) and mech(s, "a1").revealed


def test_zack_awakening_when_own_ship_damaged():
    s = game(fleet("bull", "heat_ray", "sword", "tim", "zack"), fleet("bull", "heat_ray", "kagami"))
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 20, 20)
    step = act(s, 0, "attack a1 assault_rifle b1")
    assert [e.params["need"] for e in step.events if e.key == "core.roll"][0] == 15
    s.sides[0].ship.hp = 24
    mech(s, "a1").acts = 1
    dice(s, 20)
    step = act(s, 0, "attack a1 assault_rifle b1")
    assert [e.params["need"] for e in step.events if e.key == "core.roll"][0] == 19


def test_justin_damage_plus1_when_own_ship_damaged():
    s = game(fleet("bull", "heat_ray", "hammer", "tim", "justin"), fleet("bull", "heat_ray", "kagami"))
    put(s, "a1", "C3"), put(s, "b1", "C3")
    s.sides[0].ship.hp = 20
    mech(s, "a1").acts = 1
    dice(s, 1, 20)
    step = act(s, 0, "attack a1 mech_rifle b1")
    assert [e.params["dmg"] for e in step.events if e.key == "fleet.damage"] == [3]


def test_linus_double_evade_and_snow_double_hit():
    s = game(fleet("bull", "heat_ray", "hammer", "tim", "linus"), fleet("bull", "heat_ray", "kagami", "tim", "snow"))
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "b1").hp = 2  # damaged: Linus makes it evade twice, Snow makes attackers hit twice
    mech(s, "a1").acts = 1
    dice(s, 1, 1, 7, 8)  # two hits, first evade 7 ok, second 8 fails: hit lands
    step = act(s, 0, "attack a1 mech_rifle b1")
    assert len([e for e in step.events if e.key == "core.roll"]) == 4
    assert mech(s, "b1").status == "lost"


def test_jack_bail_out_and_injury_recovery():
    s = game(fleet("bull", "heat_ray", "sword,hammer", "tim", "jack,zack"), fleet("bull", "heavy_vulcan", "kagami"))
    put(s, "a1", "C3", "jack"), put(s, "a2", "L3", "zack")
    mech(s, "a1").hp = mech(s, "a2").hp = 1
    my_turn(s, 1, ap=4)
    dice(s, 1, 20, 20, 20, 20, 50)  # one hit kills; Jack rolls 50: not injured
    act(s, 1, "fire heavy_vulcan a1")
    assert next(p for p in s.sides[0].pilots if p.pid == "jack").status == "ready"
    dice(s, 1, 20, 20, 20, 20)
    act(s, 1, "fire heavy_vulcan a2")  # turn passes to A
    zack = next(p for p in s.sides[0].pilots if p.pid == "zack")
    assert zack.status == "injured" and zack.back_turn == s.sides[0].turns - 1 + 4
    for _ in range(3):
        assert zack.status == "injured"
        act(s, 0, "end")
        act(s, 1, "end")
    assert zack.status == "ready"


@pytest.mark.parametrize("loc, said, facts", [
    ("en", "Resupply: URA-01A Sword (prototype) #1, URA-01B Hammer (prototype)",  # B fields a Sword too
     "hull resupply: they act again, for 12 of the ship's health"),
    ("zh-CN", "补给：URA-01A 利剑（试做型） #1、URA-01B 重锤（试做型）", "分离式舰体补给：它们再行动一次，消耗战舰 12 生命")])
def test_resupply_is_named_by_its_mechs_with_what_it_does_beneath(loc, said, facts):
    """RULES.md, 白天马: "分离式舰体补给 `resupply`：每回合一次，消耗 12 生命（需 >12），最多 3 台战甲再行动一次".
    The label names the mechs, what it does is the option's description: with three long
    names both made 111 characters, past the 100 a select option shows. `/play` by the label
    still finds it."""
    from bot.host.names import match_actions
    from games.fleet import GAME

    s = game(fleet("pegasus", "heat_ray", "sword,hammer", "tim", "zack,hans"), fleet(), ap=1)
    put(s, "a1", "C2"), put(s, "a2", "C3")
    resupply = next(a for a in ENGINE.legal_actions(s, 0) if a.kind == "resupply")
    assert GAME.text.describe_action(s, 0, resupply, loc) == said
    assert GAME.text.action_facts(s, 0, resupply, loc) == facts
    assert [a.code() for a in match_actions(GAME, s, 0, said)] == [resupply.code()]
