"""Unit against unit: every row of the source's combat table, empty slots, mirrored pairs,
reveal order from the attacker's left, durability 3 per battle phase, and a full fight."""
import pytest

from games.conflict import ENGINE
from games.conflict import rules as R
from games.conflict.rules import clash, slot_result

from tests.conflict.helpers import battle, codes, give, fit, keys, play, unit

# (mine, theirs, my power, my guard, their power, their guard) -> (damage to me, damage to them)
TABLE = [
    ("A", "A", 3, 3, 3, 3, (1, 1)),   # 攻击对攻击：双方各减少一点耐久
    ("A", "D", 4, 2, 2, 3, (0, 1)),   # 攻击对防御：战力大于守值时敌方减一
    ("A", "D", 2, 2, 2, 3, (1, 0)),   # ……战力小于守值时己方减一
    ("A", "D", 3, 2, 2, 3, (0, 0)),   # equal: nothing (the source names only > and <)
    ("A", "R", 3, 3, 3, 3, (0, 0)),   # 攻击对休整：无伤害
    ("A", "S", 3, 3, 3, 3, (1, 3)),   # 攻击对自爆：己方减一，敌方减三
    ("D", "D", 3, 3, 3, 3, (0, 0)),   # 防御对防御：无伤害
    ("D", "R", 3, 3, 3, 3, (0, -1)),  # 防御对休整：敌方回复一
    ("R", "R", 3, 3, 3, 3, (-1, -1)), # 休整对休整：双方回复一
    ("S", "D", 3, 3, 3, 5, (1, 1)),   # 自爆对防御：敌方守值小于己方战力两倍时，己方减一敌方减一
    ("S", "D", 2, 3, 3, 4, (1, 0)),   # ……反之，己方减一
    ("S", "R", 3, 3, 3, 3, (1, 2)),   # 自爆对休整：敌方减二，己方减一
    ("S", "S", 3, 3, 3, 3, (2, 2)),   # not in the source: ruling in RULES.md
]


@pytest.mark.parametrize("x,y,px,gx,py,gy,expected", TABLE)
def test_combat_table_row(x, y, px, gx, py, gy, expected):
    assert clash(x, y, px, gx, py, gy) == expected
    # the same pair seen from the other side is the mirror image
    assert clash(y, x, py, gy, px, gx) == (expected[1], expected[0])


def test_empty_slot_is_rest_without_recovery():
    assert slot_result("D", None, 3, 3, 3, 3) == (0, 0)  # D vs R would heal the rest side
    assert slot_result(None, None, 3, 3, 3, 3) == (0, 0)
    assert slot_result("S", None, 3, 3, 3, 3) == (1, 2)
    assert slot_result(None, "A", 3, 3, 3, 3) == (0, 0)
    assert slot_result("R", None, 3, 3, 3, 3) == (-1, 0)


def duel(seed=3, att_key="stormtrooper", def_key="rifleman"):
    """Seat A (turn player) with one unit in its outer row, seat B with one unit in its outer row."""
    return battle(att_key, def_key, seed, strike=False)


def start_fight(state, a, ua, ub):
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    assert f"strike {ua.id} {ub.id}" in codes(state, a)
    play(state, a, f"strike {ua.id} {ub.id}")
    assert state.pending.kind == "combat"


def test_full_fight_reveals_pairs_from_attackers_left_and_destroys_at_zero():
    state, a, b, ua, ub = duel()
    start_fight(state, a, ua, ub)
    assert sorted(ENGINE.active_seats(state)) == sorted([a, b])  # both lay in secret at once
    assert len(ENGINE.legal_actions(state, a)) == 41  # 0 to 3 of the four combat cards, in order
    assert "lay AAA" not in codes(state, a)  # one set: each combat card once
    play(state, b, "lay RDA")
    # the defender's choice is visible to nobody else until the reveal
    tok = state.pending.tok_other
    assert tok not in str(ENGINE.view(state, a)) and tok not in str(ENGINE.view(state, None))
    assert tok in str(ENGINE.view(state, b))
    step = play(state, a, "lay ADR")
    # A/R, D/D, R/A: no damage at all
    assert ua.hp == 3 and ub.hp == 3
    pairs = [e for e in step.events if e.key == "conflict.ev.pair"]
    assert [(p.params["x"][-1], p.params["y"][-1]) for p in pairs] == [("A", "R"), ("D", "D"), ("R", "A")]


def test_fight_with_self_destruct_kills_and_stops_early():
    state, a, b, ua, ub = duel()
    start_fight(state, a, ua, ub)
    play(state, a, "lay AS")
    step = play(state, b, "lay SRA")
    # pair 1: A vs S -> attacker -1, defender -3 -> defender at 0, fight stops
    assert "conflict.ev.destroyed" in keys(step.events)
    assert ub.id not in state.units and ua.hp == 2
    assert len([e for e in step.events if e.key == "conflict.ev.pair"]) == 1


def test_durability_three_each_battle_phase_and_restored_after():
    state, a, b, ua, ub = duel()
    start_fight(state, a, ua, ub)
    play(state, a, "lay A")
    play(state, b, "lay A")
    assert ua.hp == 2 and ub.hp == 2
    play(state, a, "halt")
    play(state, a, "next")  # leave the battle phase
    assert ua.hp == 3 and ub.hp == 3


def test_reactor_allows_a_fourth_combat_card_for_one_resource_and_repeated_attacks():
    state, a, b, ua, ub = duel()
    fit(state, a, "reactor")
    state.players[a].res = 1
    start_fight(state, a, ua, ub)
    assert "lay ADSR" in codes(state, a) and "lay ADSR" not in codes(state, b)
    play(state, a, "lay DRAS")
    play(state, b, "lay DRA")
    assert state.players[a].res == 0  # paid for the fourth card
    # the unit may attack again this turn (核动力炉: 多次攻击)
    if ub.id in state.units:
        assert any(c.startswith(f"strike {ua.id}") for c in codes(state, a))


def test_without_reactor_a_unit_attacks_once_per_turn():
    state, a, b, ua, ub = duel()
    start_fight(state, a, ua, ub)
    play(state, a, "lay D")
    play(state, b, "lay D")
    assert not any(c.startswith(f"strike {ua.id}") for c in codes(state, a))


def test_death_system_makes_guard_unlimited():
    state, a, b, ua, ub = duel()
    fit(state, b, "death")
    start_fight(state, a, ua, ub)
    play(state, a, "lay A")
    play(state, b, "lay D")
    assert ua.hp == 2 and ub.hp == 3  # power < guard: the attacker loses one


def test_aegis_coin_heads_cancels_one_damage():
    # find a seed where the defender's coin comes up heads, and one where it is tails
    for seed in range(1, 40):
        state, a, b, ua, ub = duel(seed=seed)
        fit(state, b, "aegis")
        start_fight(state, a, ua, ub)
        play(state, a, "lay A")
        step = play(state, b, "lay A")
        coin = next(e for e in step.events if e.key == "core.roll")
        assert ua.hp == 2
        assert ub.hp == (3 if coin.params["total"] == 1 else 2)
        if coin.params["total"] == 1:
            return
    raise AssertionError("no heads in 40 seeds")


def test_demolition_adds_one_to_self_destruct_and_medic_rests_for_two():
    state, a, b, ua, ub = duel(att_key="grenadier", def_key="fieldmedic")
    start_fight(state, a, ua, ub)
    play(state, a, "lay AS")
    play(state, b, "lay AR")
    # pair 1 A/A: 2/2; pair 2 S vs R: attacker -1, defender -2 -1 (demolition) -> 0
    assert ub.id not in state.units
    assert ua.hp == 1
    state, a, b, ua, ub = duel(att_key="rifleman", def_key="fieldmedic")
    start_fight(state, a, ua, ub)
    play(state, a, "lay AD")
    play(state, b, "lay AR")
    # A/A: 2/2; D vs R: the medic recovers two (capped at 3)
    assert ub.hp == 3 and ua.hp == 2


def test_charge_bulwark_and_leader_modify_power_and_guard():
    state, a, b, ua, ub = duel(att_key="stormtrooper", def_key="shieldline")
    base_a, base_b = R.cdef("stormtrooper"), R.cdef("shieldline")
    tal_g = 1 if R.talent(state, b) == "guard_plus" else 0
    assert R.stats(state, ua, "attack")[0] >= base_a.power + 1  # charge
    assert R.stats(state, ub, "defend")[1] == base_b.guard + 1 + tal_g + (
        1 if R.capital_effect(state, b) == "capital_guard" and ub.loc == state.players[b].capital else 0)
    before = R.stats(state, ub)[0]
    unit(state, b, "general_lin", ub.loc)
    assert R.stats(state, ub)[0] == before + 1  # leader in the same territory
