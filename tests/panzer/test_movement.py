"""Movement (standard rule 3, wrecks rule 5, free points rule 7) and defensive fire (phase 2-2).

Board: the map 真理 (zhenli); column h is plain from h1 to h10, g4/g5 are river, k5 forest,
i3 mountain.
"""
import pytest

from games.core import RuleError
from games.core.hexgrid import distance
from games.panzer import ENGINE
from tests.panzer.helpers import act, board, codes, event, keys, load


def moving(tanks, tid="a1", free=0, **opts):
    state = board(tanks, phase="move", **opts)
    act(state, f"drive {tid} {free}")
    return state


def test_forward_costs_1_and_reverse_2():
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    assert s.mover.ap == 3
    act(s, "go a1 h8")  # reverse: back to the hex behind
    assert s.mover.ap == 1
    assert "go a1 h9" not in codes(s)  # reversing needs 2 points
    with pytest.raises(RuleError) as err:
        act(s, "go a1 h9")
    assert err.value.key == "panzer.err.no_points_reverse"  # the refusal says why reversing costs 2


def test_only_front_or_rear_hex():
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    with pytest.raises(RuleError) as err:
        act(s, "go a1 i8")
    assert err.value.key == "panzer.err.not_adjacent"


def test_river_costs_2_to_enter_1_to_leave():
    s = moving([("a1", "m4", "g6", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 g5")
    assert s.mover.ap == 2
    s = moving([("a1", "m4", "g5", "s"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 g6")
    assert s.mover.ap == 3


def test_no_forest_no_mountain_no_stacking():
    s = moving([("a1", "m4", "k4", "s"), ("b1", "m4", "a1", "s")])
    assert not any(c.startswith("go a1 k5") for c in codes(s))  # forest
    s = moving([("a1", "m4", "i4", "n"), ("b1", "m4", "a1", "s")])
    assert "go a1 i3" not in codes(s)  # mountain
    s = moving([("a1", "m4", "h8", "n"), ("a2", "m4", "h7", "n"), ("b1", "m4", "a1", "s")])
    with pytest.raises(RuleError) as err:
        act(s, "go a1 h7")
    assert err.value.key == "panzer.err.blocked"


def test_rule_5_wreck_clearing_costs_2_light_medium_1_heavy():
    for typ, cost in (("m4", 2), ("bt7", 2), ("tiger", 1)):
        s = moving([("a1", typ, "h8", "n"), ("b1", "m4", "a1", "s")])
        s.wrecks.append(ENGINE.gmap(s).by_name["h7"])
        ap = s.mover.ap
        step = act(s, "go a1 h7")
        assert s.mover is None or s.mover.ap == ap - cost
        assert "panzer.ev.cleared" in keys(step) and s.wrecks == []


def test_rule_5_jump_shot_move_cannot_clear_wrecks():
    s = board([("a1", "m4", "h8", "n"), ("b1", "m4", "h3", "s")])  # in range; a move round the wreck sees it
    s.wrecks.append(ENGINE.gmap(s).by_name["h7"])
    act(s, "dash a1 b1")
    assert "go a1 h7" not in codes(s)


def test_turning_in_place_costs_1_and_is_not_a_move_for_defensive_fire():
    s = moving([("a1", "m4", "h8", "n"), ("b1", "pz4h", "h3", "s")])
    step = act(s, "turn a1 ne")
    assert s.mover.ap == 3 and s.phase == "moving" and "panzer.ev.react" not in keys(step)


def test_last_turn_rule_medium_pays_light_does_not():
    # medium: forward then turn costs a point that comes back only if another forward follows
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")  # 3 left
    act(s, "turn a1 ne")
    assert s.mover.ap == 2
    act(s, "go a1 i7")  # the turn was not after the last forward: refunded
    assert s.mover.ap == 2
    # light: the turn after a forward move is always free
    s = moving([("a1", "bt7", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    act(s, "turn a1 ne")
    assert s.mover.ap == 4


def test_legend_three_points_medium_cannot_finish_with_a_turn():
    # with 3 points a medium tank makes 3 forward moves but then cannot turn; a light one can
    for typ, can_turn in (("m4", False), ("bt7", True)):
        s = board([("a1", typ, "h9", "n"), ("b1", "m4", "a1", "s")], phase="move")
        act(s, "drive a1 0")
        s.mover.ap = 3
        for h in ("h8", "h7", "h6"):
            act(s, f"go a1 {h}")
        assert ("turn a1 ne" in codes(s)) == can_turn


def _start_turn_of_seat_0(tanks, value):
    s = board(tanks, phase="advance", seat=1)
    load(s, [value])
    step = act(s, "endturn")
    roll = next(e for e in step.events if e.key == "core.roll" and e.params["what"] == "@panzer.roll.free")
    return s, roll


def test_preparation_free_points_drawn_from_3_to_half_the_moves():
    # moves 5 + 4 + 3 = 12, half is 6: a uniform draw in 3..6
    s, roll = _start_turn_of_seat_0([("a1", "bt7", "h8", "n"), ("a2", "m4", "h6", "n"), ("a3", "tiger", "l8", "n"),
                                     ("b1", "m4", "a1", "s")], 6)
    assert (roll.params["lo"], roll.params["hi"], s.pool) == (3, 6, 6)
    # an immobilised tank does not count; the lower bound stays 3 (half of 4 rounds to 2)
    s, roll = _start_turn_of_seat_0([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")], 3)
    assert roll.params["hi"] == 3
    # half of 7 is 3.5, rounded half up to 4
    s, roll = _start_turn_of_seat_0([("a1", "m4", "h8", "n"), ("a2", "tiger", "h6", "n"), ("b1", "m4", "a1", "s")], 4)
    assert roll.params["hi"] == 4


def test_preparation_free_points_skip_a_tank_that_fired_defensively():
    """整备阶段：「计算双方存活并可以移动的坦克行动值总值,其一半的值(四舍五入取整)为随机数取值上限,下限为3」;
    2-2：「进行防御射击的单位,直到己方下次【移动阶段】结束之前,都无法移动和射击」. A tank that fired
    defensively in the opponent's turn cannot move in its own next turn, so its move is not counted."""
    s = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s"),
               ("b2", "cromwell", "a1", "s"), ("b3", "crusader", "c1", "s")], seed=5, phase="move")
    act(s, "drive a1 0")
    act(s, "go a1 h7")
    load(s, [1, 1])  # a miss
    act(s, "dfire b1 1 -")
    act(s, "halt a1")
    act(s, "endmove")
    load(s, [3])
    step = act(s, "endturn")  # Bob's turn: b1 (move 3) fired defensively, b2 and b3 move 5 each
    roll = next(e for e in step.events if e.key == "core.roll" and e.params["what"] == "@panzer.roll.free")
    assert ENGINE.tank(s, "b1").dfired
    assert roll.params["hi"] == 5  # (5 + 5) / 2; counting b1 would give round(13 / 2) = 7
    assert not any(c.startswith("drive b1") for c in (act(s, "endshots") and codes(s)))


def test_rule_7_caps_light_3_medium_1_heavy_1_and_the_pool():
    s = board([("a1", "bt7", "h8", "n"), ("a2", "m4", "h6", "n"), ("a3", "tiger", "l8", "n"),
               ("b1", "m4", "a1", "s")], phase="move")
    s.pool = 5
    c = codes(s)
    assert {"drive a1 3", "drive a2 1", "drive a3 1"} <= c
    assert "drive a1 4" not in c and "drive a2 2" not in c and "drive a3 2" not in c
    s.pool = 2
    assert "drive a1 3" not in codes(s)
    act(s, "drive a1 2")
    assert s.pool == 0 and s.mover.ap == 7


def test_phase_2_1_declared_free_points_must_all_be_spent():
    s = moving([("a1", "bt7", "h8", "n"), ("b1", "m4", "a1", "s")], free=1)
    assert "halt a1" not in codes(s)
    with pytest.raises(RuleError) as err:
        act(s, "halt a1")
    assert err.value.key == "panzer.err.must_spend"
    s = moving([("a1", "bt7", "h8", "n"), ("b1", "m4", "a1", "s")], free=0)
    act(s, "go a1 h7")
    act(s, "halt a1")  # without free points the base points may be left unused
    assert s.phase == "move" and s.mover is None


def _defence(defender="pz4h", facing="s", mover="m4"):
    s = moving([("a1", mover, "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", defender, "h3", facing)])
    return s


def test_phase_2_2_defensive_fire_window_at_each_step():
    s = _defence()
    step = act(s, "go a1 h7")
    assert s.phase == "react" and s.seat == 1 and "panzer.ev.react" in keys(step)
    assert codes(s) >= {"dfire b1 1 -", "hold"}
    act(s, "hold")
    assert s.phase == "moving" and s.seat == 0


def test_phase_2_2_no_window_outside_the_defenders_arc():
    s = _defence(facing="n")
    act(s, "go a1 h7")
    assert s.phase == "moving"


def test_phase_2_2_shot_judged_before_the_step_and_the_wreck_stays_there():
    s = _defence()
    act(s, "go a1 h7")
    load(s, [6, 6, 6, 6])  # hit, then damage 12 + 7 against front armour 11
    step = act(s, "dfire b1 1 -")
    hit = event(step, "panzer.ev.hit_result")
    assert hit.params["need"] == 5 and hit.params["mod"] == -2  # distance from h3 to h8, not h7
    a1 = ENGINE.tank(s, "a1")
    assert not a1.alive and ENGINE.gmap(s).names[a1.pos] == "h8"
    assert [ENGINE.gmap(s).names[w] for w in s.wrecks] == ["h8"]
    assert s.phase == "move" and s.seat == 0 and s.mover is None
    assert s.score == [0, 2]


def test_phase_2_2_british_defensive_fire_is_minus_1():
    s = _defence(defender="cromwell")
    act(s, "go a1 h7")
    load(s, [1, 1])
    step = act(s, "dfire b1 1 -")
    assert event(step, "panzer.ev.hit_result").params["mod"] == -1


def test_phase_2_2_defender_is_marked_until_its_own_movement_ends():
    s = _defence()
    act(s, "go a1 h7")
    load(s, [1, 1])  # a miss
    act(s, "dfire b1 1 -")
    b1 = ENGINE.tank(s, "b1")
    assert b1.dfired and s.phase == "moving"
    act(s, "halt a1")
    act(s, "endmove")
    act(s, "endturn")  # Bob's turn
    assert s.seat == 1
    c = codes(s)
    assert not any(x.startswith(("precise b1", "dash b1")) for x in c)
    act(s, "endshots")
    assert not any(x.startswith("drive b1") for x in codes(s))
    act(s, "endmove")
    assert not b1.dfired  # advance fire is allowed again


def test_phase_1_2_no_defensive_fire_against_a_jump_shot():
    s = board([("a1", "m4", "h8", "n"), ("b1", "pz4h", "h3", "s")])
    act(s, "dash a1 b1")
    act(s, "go a1 h7")
    assert s.phase == "dash"


def test_phase_1_2_cancelled_jump_shot_returns_to_the_start():
    s = board([("a1", "m4", "h8", "n"), ("b1", "pz4h", "a3", "s")])
    act(s, "dash a1 b1")
    act(s, "go a1 h7")
    act(s, "turn a1 ne")
    act(s, "cancel a1")
    a1 = ENGINE.tank(s, "a1")
    assert ENGINE.gmap(s).names[a1.pos] == "h8" and a1.hull == 0 and s.phase == "shots"
    assert "dash a1 b1" not in codes(s)  # b1 was tried; no other enemy is left to name
    assert "drive a1 0" in (act(s, "endshots") and codes(s))


def test_phase_1_2_note_2_a_cancelled_jump_shot_may_name_another_enemy_tank():
    """作战阶段 1-2 注2：「若此次【跃进射击】移动后,该车射程仍然不及目标车辆,须回到出发位置。取消本次【跃进射击】,
    可以再次指明另一辆敌军目标坦克,直到可以发动一次【跃进射击】或是找不到可以发动【跃进射击】的对象为止。」"""
    s = board([("a1", "m4", "h8", "n"), ("b1", "pz4h", "a3", "s"), ("b2", "pz4h", "h4", "s")], seed=3)
    assert {"dash a1 b1", "dash a1 b2"} <= codes(s)
    act(s, "dash a1 b1")
    act(s, "go a1 h7")
    assert not any(c.startswith("jumpfire a1 b2") for c in codes(s))  # only the declared target
    with pytest.raises(RuleError) as err:
        act(s, "jumpfire a1 b2 1 -")
    assert err.value.key == "panzer.err.dash_target"
    act(s, "cancel a1")
    a1 = ENGINE.tank(s, "a1")
    assert ENGINE.gmap(s).names[a1.pos] == "h8" and a1.turret_left == 2
    assert "dash a1 b1" not in codes(s) and "dash a1 b2" in codes(s)
    with pytest.raises(RuleError) as err:
        act(s, "dash a1 b1")
    assert err.value.key == "panzer.err.dash_tried"
    act(s, "dash a1 b2")
    act(s, "go a1 h7")
    load(s, [1, 1])  # a miss
    step = act(s, "jumpfire a1 b2 1 -")
    assert event(step, "panzer.ev.hit_result").params["mod"] == -2 and a1.done
    # the next turn every enemy may be named again
    act(s, "endshots")
    act(s, "endmove")
    act(s, "endturn")
    act(s, "endshots")
    act(s, "endmove")
    act(s, "endturn")
    assert a1.dash_tried == [] and {"dash a1 b1", "dash a1 b2"} <= codes(s)


def test_phase_1_2_ruling_only_enemies_a_move_could_bring_into_range_can_be_named():
    """**Ruling**: a jump shot names an enemy some legal move brings into a gun's range, arc and
    sight; one beyond the tank's base move plus its longest gun range never is (1-2 注2:
    「找不到可以发动【跃进射击】的对象」). tests/panzer/test_newcomer17.py: sight and arc too."""
    s = board([("a1", "cv33", "h8", "n"), ("b1", "m4", "a1", "s"), ("b2", "m4", "h4", "s")], seed=3)
    gmap = ENGINE.gmap(s)
    assert distance(gmap.by_name["h8"], gmap.by_name["a1"]) > 5 + 4  # CV33: move 5, range 4
    assert "dash a1 b2" in codes(s) and "dash a1 b1" not in codes(s)
    with pytest.raises(RuleError) as err:
        act(s, "dash a1 b1")
    assert err.value.key == "panzer.err.dash_far"


def test_typed_path_moves_step_by_step_and_stops_for_defensive_fire():
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "path a1 h7,ne,i7")  # i7 is north-east of h7
    assert ENGINE.gmap(s).names[ENGINE.tank(s, "a1").pos] == "i7" and s.mover.ap == 2
    # an illegal route changes nothing
    before = ENGINE.dump_state(s)
    with pytest.raises(RuleError) as err:
        act(s, "path a1 n,k1")
    assert err.value.key == "panzer.err.not_adjacent" and ENGINE.dump_state(s) == before
    # a route that meets defensive fire stops at that step and waits for the defender
    s = _defence()
    act(s, "path a1 h7,h6,h5")
    assert s.phase == "react" and ENGINE.gmap(s).names[ENGINE.tank(s, "a1").pos] == "h7"
