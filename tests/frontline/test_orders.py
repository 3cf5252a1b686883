"""Section 4: every order kind, counter-orders, and the adjudication appendix."""
import json

import pytest

from games.core import RuleError
from games.frontline import ENGINE
from games.frontline.state import DeckCard

from .helpers import act, battle, card, end_turn, keys, unit


# --- 4.1 orders ----------------------------------------------------------------------------
def test_4_1_1_stat_and_operation_cost():
    st = battle(40)
    u = unit(st, 0, "panzer4")
    act(st, 0, f"order {card(st, 0, 'forward_momentum')} {u.uid}")
    assert (u.atk, u.hp) == (5, 5)
    act(st, 0, f"order {card(st, 0, 'fuel_depot')} {u.uid}")
    assert u.op == 1


def test_4_1_2_1_single_and_group_unit_damage():
    st = battle(41)
    a, b = unit(st, 1, "guards_rifles"), unit(st, 1, "guards_rifles", front=True)
    act(st, 0, f"order {card(st, 0, 'artillery_strike')} {a.uid}")
    assert a.hp == 1 and b.hp == 4
    hq = st.players[1].hq
    act(st, 0, f"deploy {card(st, 0, 'katyusha')} -")
    assert b.hp == 3 and a.uid not in st.units and st.players[1].hq == hq


def test_4_1_2_2_hq_only_damage():
    st = battle(42)
    u = unit(st, 1, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'air_raid')} -")
    assert st.players[1].hq == 17 and u.hp == 2


def test_4_1_2_3_group_damage_to_hq_and_units():
    st = battle(43)
    u = unit(st, 1, "guards_rifles")
    own = unit(st, 0, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'winter_offensive')} -")
    assert st.players[1].hq == 18 and u.hp == 2 and own.hp == 2


def test_4_1_2_3_single_target_may_be_the_hq():
    st = battle(44)
    u = unit(st, 1, "guards_rifles")
    cid = card(st, 0, "advance")
    codes = [a.code() for a in ENGINE.legal_actions(st, 0)]
    assert f"order {cid} hq" in codes and f"order {cid} {u.uid}" in codes
    act(st, 0, f"order {cid} hq")
    assert st.players[1].hq == 18


def test_4_1_3_kredits_now_and_next_turn_slots_up_and_down():
    st = battle(45, kredits=5)
    act(st, 0, f"order {card(st, 0, 'convoy')} -")
    act(st, 0, f"order {card(st, 0, 'scorched_earth')} -")
    assert st.players[1].slots == 4
    act(st, 0, "end")
    act(st, 1, "end")
    assert st.players[0].slots == 6 and st.players[0].kredits == 8  # 6 slots + 2 delayed
    assert len(st.players[0].hand) == 2  # 1 + 1 delayed draw
    act(st, 0, f"order {card(st, 0, 'five_year_plan')} -")
    assert st.players[0].slots == 7


def test_4_1_3_2_slot_loss_at_12_is_regrown():
    st = battle(45, kredits=12)
    st.players[1].slots = 12
    act(st, 0, f"order {card(st, 0, 'scorched_earth')} -")
    assert st.players[1].slots == 11
    end_turn(st)
    assert st.players[1].slots == 12


def test_4_1_4_draws_random_and_directed():
    st = battle(46)
    act(st, 0, f"order {card(st, 0, 'ultra')} -")
    assert len(st.players[0].hand) == 2
    st.players[0].deck = [DeckCard(key="tiger"), DeckCard(key="grenadiers"), DeckCard(key="air_raid")]
    st.players[0].hand = []
    act(st, 0, f"order {card(st, 0, 'logistics')} -")
    assert sorted(c.key for c in st.players[0].hand) == ["grenadiers", "tiger"]
    assert [d.key for d in st.players[0].deck] == ["air_raid"]
    st.players[0].deck = []
    hq = st.players[0].hq
    act(st, 0, f"order {card(st, 0, 'logistics')} -")
    assert st.players[0].hq == hq  # directed draws never fatigue


def test_4_1_4_2_directed_draw_with_a_bonus_keeps_it_on_deploy():
    st = battle(46)
    st.players[0].deck = [DeckCard(key="grenadiers", bonus=1), DeckCard(key="tiger")]
    ev = act(st, 0, f"order {card(st, 0, 'stavka_reserve')} -")
    assert "frontline.tutored" in keys(ev)
    (hc,) = st.players[0].hand
    assert hc.key == "grenadiers" and hc.bonus == 1 + 2  # in-deck growth and the order's +2/+2
    act(st, 0, f"deploy {hc.id} -")
    u = st.units[st.players[0].support[-1]]
    assert (u.atk, u.hp, u.max_hp) == (5, 5, 5)


def test_4_1_5_control_change_three_cases():
    st = battle(47, kredits=20)
    lone = unit(st, 1, "grenadiers", front=True)
    act(st, 0, f"order {card(st, 0, 'defector')} {lone.uid}")
    assert lone.owner == 0 and st.front_owner == 0 and st.front == [lone.uid]
    st = battle(47, kredits=20)
    a = unit(st, 1, "grenadiers", front=True)
    b = unit(st, 1, "grenadiers", front=True)
    act(st, 0, f"order {card(st, 0, 'defector')} {a.uid}")
    assert a.uid in st.players[0].support and st.front == [b.uid] and st.front_owner == 1
    st = battle(47, kredits=20)
    for _ in range(4):
        unit(st, 0, "grenadiers")
    c = unit(st, 1, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'defector')} {c.uid}")
    assert c.uid not in st.units  # no room: removed


def test_4_1_5_control_change_breaks_pincer():
    st = battle(47, kredits=20)
    p1 = unit(st, 1, "panzergrenadiers")
    unit(st, 1, "sdkfz251")
    act(st, 0, f"order {card(st, 0, 'defector')} {p1.uid}")
    p1.arrived_turn = -10
    unit(st, 0, "grenadiers", front=True)
    target = unit(st, 1, "kv1")
    st.players[0].support.remove(p1.uid)  # attack from the frontline
    st.front.append(p1.uid)
    act(st, 0, f"attack {p1.uid} {target.uid}")
    assert p1.atk == 2  # its pincer partner stayed with the enemy


def test_4_1_6_destroy_targeted_random_and_by_condition():
    st = battle(48, kredits=20)
    proof = unit(st, 1, "brandenburgers", damaged=True)
    cid = card(st, 0, "precision_bombing")
    with pytest.raises(RuleError) as err:  # 4.1.6.1: no valid target, cannot be played
        act(st, 0, f"order {cid} {proof.uid}")
    assert err.value.key == "frontline.no_valid_target"
    act(st, 0, f"order {card(st, 0, 'mop_up')} -")  # 4.1.6.2: not targeted
    assert proof.uid not in st.units
    a = unit(st, 1, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'night_raid')} -")
    assert a.uid not in st.units


def test_4_1_7_hq_heal_up_to_20():
    st = battle(49)
    st.players[0].hq = 10
    act(st, 0, f"order {card(st, 0, 'shelters')} -")
    assert st.players[0].hq == 14
    st.players[0].hq = 19
    act(st, 0, f"order {card(st, 0, 'shelters')} -")
    assert st.players[0].hq == 20


def test_4_1_8_lasting_effects_on_units_and_hq():
    st = battle(50)
    u = unit(st, 1, "guards_rifles")
    act(st, 0, f"order {card(st, 0, 'frozen_supply')} -")
    end_turn(st)
    assert u.hp == 3
    act(st, 1, "end")
    act(st, 0, f"order {card(st, 0, 'disrupt')} {u.uid}")  # silence clears it
    end_turn(st)
    assert u.hp == 3
    st = battle(50)
    act(st, 0, f"order {card(st, 0, 'fortified_hq')} -")
    st.turn = 1
    st.players[1].kredits = 5
    attacker = unit(st, 1, "bf109")
    act(st, 1, f"attack {attacker.uid} hq")
    assert attacker.hp == 1 and st.players[0].hq == 18


def test_4_1_9_cards_from_outside_the_deck():
    st = battle(51)
    act(st, 0, f"order {card(st, 0, 'rations_drop')} -")
    got = [c for c in st.players[0].hand if c.key == "rations"]
    assert len(got) == 2 and all(c.revealed for c in got)
    act(st, 0, f"order {got[0].id} -")
    assert st.players[0].kredits == 10 - 1 + 1


def test_4_1_10_shuffle_into_deck():
    st = battle(52)
    n = len(st.players[0].deck)
    act(st, 0, f"order {card(st, 0, 'call_up')} -")
    assert len(st.players[0].deck) == n + 3
    assert sum(d.key == "militia" for d in st.players[0].deck) == 3
    assert [d.key for d in st.players[0].deck][-3:] != ["militia"] * 3  # the deck is shuffled after (seed 52)


def test_4_1_11_discard_from_enemy_hand():
    st = battle(53)
    card(st, 1, "tiger")
    act(st, 0, f"order {card(st, 0, 'sabotage')} -")
    assert st.players[1].hand == []


def test_4_1_12_silence_resets_and_keeps_lower_defence():
    st = battle(54)
    u = unit(st, 1, "t34", atk=6, hp=2, op=0, keywords=["guard"], effects=["attrition"])
    act(st, 0, f"order {card(st, 0, 'disrupt')} {u.uid}")
    assert (u.atk, u.hp, u.op, u.keywords, u.effects, u.armour) == (3, 2, 2, [], [], 0)


def test_4_1_13_full_repair_to_the_highest_value():
    st = battle(55)
    u = unit(st, 0, "guards_rifles")
    act(st, 0, f"order {card(st, 0, 'hold_the_line')} {u.uid}")  # 3/6, highest 6
    from games.frontline import rules as R
    R.damage_unit(u, 4)
    act(st, 0, f"order {card(st, 0, 'field_repair')} {u.uid}")
    assert u.hp == 6 and u.max_hp == 6 and not u.damaged


def test_4_1_14_intel_reveals_cards_to_both():
    st = battle(56)
    st.players[1].hand = []
    card(st, 1, "tiger")
    card(st, 1, "kv1")
    card(st, 1, "il2")
    act(st, 0, f"order {card(st, 0, 'propaganda')} -")
    revealed = ENGINE.view(st, 0)["players"][1]["revealed"]
    assert len(revealed) == 2 and set(revealed) <= {"tiger", "kv1", "il2"}


# --- 4.2 counter-orders ------------------------------------------------------------------------
def _set_counter(st, seat, key):
    """`seat` activates a counter-order, which ends its turn: the other seat's turn starts
    (slots +1, refill, draw)."""
    st.turn = seat
    cid = card(st, seat, key)
    act(st, seat, f"counter {cid}")
    assert st.turn == 1 - seat
    return cid


def _twin(st):
    return ENGINE.load_state(ENGINE.dump_state(st))


def test_4_2_counter_is_invisible_to_the_opponent():
    """Activating a counter-order ends the turn; the opponent, a spectator and every public
    event see exactly what a plain end of turn shows."""
    st = battle(60, kredits=5)
    cid = card(st, 0, "minefield")
    plain = _twin(st)
    ev = act(st, 0, f"counter {cid}")
    ev_plain = act(plain, 0, "end")
    for seat in (1, None):
        assert ENGINE.view(st, seat) == ENGINE.view(plain, seat)  # kredits, hand, counters: no sign
    assert [e for e in ev if e.to != [0]] == [e for e in ev_plain if e.to != [0]]
    assert [e.key for e in ev if e.to == [0]] == ["frontline.counter_set"]
    assert st.players[0].kredits == 3 and ENGINE.view(st, 0)["players"][0]["kredits"] == 3
    assert ENGINE.view(st, None)["players"][0]["kredits"] == 5
    text = json.dumps(ENGINE.view(st, 1)) + json.dumps(ENGINE.view(st, None))
    assert cid not in text and "minefield" not in text and '"active": true' not in text
    act(st, 1, "end")  # alice's next turn: the first one is still active
    cid2 = card(st, 0, "minefield")
    assert not any(a.kind == "counter" for a in ENGINE.legal_actions(st, 0))
    with pytest.raises(RuleError) as err:  # one at a time
        act(st, 0, f"counter {cid2}")
    assert err.value.key == "frontline.counter_already"


def test_4_2_counter_fires_only_on_the_opponents_turn():
    st = battle(61)
    _set_counter(st, 1, "minefield")
    st.turn = 1
    act(st, 1, f"deploy {card(st, 1, 'grenadiers')} -")  # own deploy: no trigger
    assert any(c.active for c in st.players[1].hand)
    st.turn = 0
    ev = act(st, 0, f"deploy {card(st, 0, 'guards_rifles')} -")
    assert "frontline.counter_fired" in keys(ev)
    assert st.units[st.players[0].support[-1]].hp == 1
    assert not st.players[1].hand


def test_4_2_counter_cancels_an_order():
    st = battle(62)
    _set_counter(st, 1, "signal_jamming")
    ev = act(st, 0, f"order {card(st, 0, 'air_raid')} -")
    assert "frontline.cancelled" in keys(ev) and st.players[1].hq == 20
    assert st.players[0].kredits == 11 - 3  # paid all the same (slots 10 + 1 at the turn start)


def test_4_2_counter_on_move_and_on_hq_attack():
    st = battle(63)
    _set_counter(st, 1, "ambush_patrol")
    u = unit(st, 0, "guards_rifles")
    act(st, 0, f"move {u.uid}")
    assert u.hp == 2
    st = battle(63)
    _set_counter(st, 1, "counterattack")
    art = unit(st, 0, "sfh18")
    act(st, 0, f"attack {art.uid} hq")
    assert st.players[1].hq == 17 and st.players[0].hq == 17


# --- adjudication appendix ------------------------------------------------------------------------
def test_adj_1_turn_start_order_mobilize_then_attrition():
    st = battle(70)
    u = unit(st, 1, "rifle_squad", atk=1, hp=1, effects=["attrition"])
    end_turn(st)
    assert u.uid in st.units and (u.atk, u.hp) == (2, 1) and "mobilize" not in u.keywords


def test_adj_2_simultaneous_destructions_then_effects():
    """Two 1-defence rearguards ('destroyed: a random friendly unit +1/+1') die to attrition
    together: nobody gets the +1/+1."""
    st = battle(71)
    a = unit(st, 1, "rearguard", effects=["attrition"])
    b = unit(st, 1, "rearguard", effects=["attrition"])
    end_turn(st)
    assert a.uid not in st.units and b.uid not in st.units and st.players[1].support == []


def test_adj_3_both_hqs_zero_player_to_move_loses():
    st = battle(72)
    st.players[0].hq = 2
    st.players[1].hq = 2
    from games.frontline.cards import Effect
    from games.frontline import rules as R
    R.resolve(st, 0, Effect(do="damage", to="both_hqs", amount=2), [], None, None)
    R.check_victory(st, [])
    assert st.winner == 1


def test_adj_3_both_hqs_zero_counter_owner_loses():
    st = battle(73)
    st.players[0].hq = 3
    st.players[1].hq = 3
    _set_counter(st, 1, "counterattack")
    art = unit(st, 0, "sfh18")
    act(st, 0, f"attack {art.uid} hq")  # bob's HQ 0, then his counter-order takes alice's to 0
    assert st.players[0].hq <= 0 and st.players[1].hq <= 0
    assert ENGINE.outcome(st).winners == [0]


def test_adj_4_doubling_before_heavy_armour():
    """4 doubled against heavy armour 1 is 7."""
    st = battle(74)
    a = unit(st, 0, "grenadiers", front=True, atk=4, hp=20)
    d = unit(st, 1, "kv1", hp=10, armour=1)
    act(st, 0, f"order {card(st, 0, 'focused_fire')} {a.uid}")
    act(st, 0, f"attack {a.uid} {d.uid}")
    assert d.hp == 10 - 7


def test_adj_5_hand_bonus_then_promotion_then_counter():
    """Officer Cadets drawn by Stavka Reserve with +2/+2 arrive 2 higher, then promote on
    deploy (stats reset to veteran 2/4, the +2/+2 is gone), then the minefield hits."""
    st = battle(75)
    st.players[0].deck = [DeckCard(key="cadets"), DeckCard(key="tiger")]
    act(st, 0, f"order {card(st, 0, 'stavka_reserve')} -")
    cadets = next(c for c in st.players[0].hand if c.key == "cadets")
    assert cadets.bonus == 2 and [d.key for d in st.players[0].deck] == ["tiger"]
    _set_counter(st, 1, "minefield")
    ev = act(st, 0, f"deploy {cadets.id} -")
    order = [e for e in ev if e.key in ("frontline.deployed", "frontline.promoted", "frontline.counter_fired",
                                        "frontline.damage")]
    assert [e.key for e in order] == ["frontline.deployed", "frontline.promoted", "frontline.counter_fired",
                                      "frontline.damage"]
    assert (order[0].params["atk"], order[0].params["hp"]) == (1 + 2, 1 + 2)
    assert (order[1].params["atk"], order[1].params["hp"]) == (2, 4)
    u = st.units[st.players[0].support[-1]]
    assert u.veteran and (u.atk, u.hp) == (2, 4 - 3)


def test_adj_5_deploy_effect_resolves_though_a_counter_kills_the_unit():
    st = battle(75)
    _set_counter(st, 1, "minefield")
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"deploy {card(st, 0, 'pioneers')} {foe.uid}")
    assert foe.hp == 1 and st.players[0].support == []


def test_adj_6_damage_to_hq_and_units_lands_together():
    st = battle(76)
    st.players[1].hq = 2
    rg = unit(st, 1, "rearguard")
    act(st, 0, f"order {card(st, 0, 'winter_offensive')} -")
    assert rg.uid not in st.units and ENGINE.outcome(st).winners == [0]


def test_adj_1_full_order_mobilize_attrition_then_own_effects():
    """(1) mobilize +1/+1, (2) lasting damage 1, (3) the unit's own turn-start repair:
    1/3 → 2/4 → 2/3 → repaired to its highest, 4. Another order would end at 3."""
    st = battle(70)
    u = unit(st, 1, "sappers", keywords=["mobilize"], effects=["attrition"])
    end_turn(st)
    assert (u.atk, u.hp) == (2, 4) and not u.damaged and "mobilize" not in u.keywords


def test_3_5_promotion_at_turn_start():
    st = battle(70)
    u = unit(st, 1, "folgore")
    end_turn(st)
    assert u.veteran and (u.atk, u.hp) == (3, 3)


def test_1_3_1_revealed_counter_order_activation_stays_hidden():
    st = battle(77, kredits=5)
    cid = card(st, 0, "minefield", revealed=True)
    assert ENGINE.view(st, 1)["players"][0]["revealed"] == ["minefield"]
    plain = _twin(st)
    act(st, 0, f"counter {cid}")
    act(plain, 0, "end")
    assert ENGINE.view(st, 1) == ENGINE.view(plain, 1)
    assert ENGINE.view(st, 1)["players"][0]["revealed"] == ["minefield"]


def test_2_3_public_kredit_messages_hide_counter_spending():
    st = battle(78, kredits=5)
    _set_counter(st, 1, "minefield")  # bob: 5 - 2 = 3 kredits, the table still sees 5
    ev = act(st, 0, f"order {card(st, 0, 'scorched_earth')} -")  # bob loses a slot: a public kredit message
    shown = [e.params["total"] for e in ev if e.key == "frontline.fx.slots"]
    assert st.players[1].kredits == 3 and shown == [5]


def test_4_1_11_return_to_deck():
    st = battle(79)
    cid = card(st, 1, "tiger")
    n = len(st.players[1].deck)
    ev = act(st, 0, f"order {card(st, 0, 'false_orders')} -")
    assert st.players[1].hand == [] and len(st.players[1].deck) == n + 1
    assert cid not in str([e.model_dump() for e in ev]) and "frontline.returned" in keys(ev)


def test_4_1_4_1_random_draw_order_from_an_empty_deck_fatigues():
    st = battle(57)
    st.players[0].deck = [DeckCard(key="tiger")]
    act(st, 0, f"order {card(st, 0, 'ultra')} -")  # draw 2: one card, then fatigue 1
    assert [c.key for c in st.players[0].hand] == ["tiger"] and st.players[0].hq == 19
    act(st, 0, f"order {card(st, 0, 'ultra')} -")  # fatigue 2 and 3
    assert st.players[0].hq == 19 - 2 - 3 and st.players[0].fatigue == 3
