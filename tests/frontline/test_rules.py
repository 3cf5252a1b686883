"""Rulebook sections 1 to 3, each on a fixed seed."""
import pytest

from games.core import RuleError
from games.frontline import ENGINE
from games.frontline import rules as R
from games.frontline.state import HandCard

from .helpers import act, attack_targets, battle, card, end_turn, keys, started, unit


# --- 1.1 / 1.2 ---------------------------------------------------------------------------
def test_1_1_hq_at_zero_loses():
    st = battle(1)
    st.players[1].hq = 2
    u = unit(st, 0, "sfh18")  # artillery reaches the HQ from anywhere
    act(st, 0, f"attack {u.uid} hq")
    out = ENGINE.outcome(st)
    assert out is not None and out.winners == [0]
    assert ENGINE.active_seats(st) == []


def test_1_2_frontline_control_passes_and_empties():
    st = battle(2)
    a = unit(st, 0, "grenadiers")
    b = unit(st, 1, "grenadiers")
    act(st, 0, f"move {a.uid}")
    assert st.front_owner == 0 and st.front == [a.uid]
    end_turn(st)
    assert "move" not in " ".join(x.code() for x in ENGINE.legal_actions(st, 1))  # enemy holds it
    with pytest.raises(RuleError) as err:
        act(st, 1, f"move {b.uid}")
    assert err.value.key == "frontline.front_enemy"
    act(st, 1, f"attack {b.uid} {a.uid}")  # 2 vs 2: both destroyed
    assert st.front == [] and st.front_owner is None


def test_1_2_frontline_holds_five():
    st = battle(3, kredits=20)
    for _ in range(5):
        unit(st, 0, "grenadiers", front=True)
    u = unit(st, 0, "grenadiers")
    with pytest.raises(RuleError) as err:
        act(st, 0, f"move {u.uid}")
    assert err.value.key == "frontline.front_full"


# --- 1.3 / 1.4 ---------------------------------------------------------------------------
def test_1_3_opening_hands_and_one_mulligan():
    st = ENGINE.setup([*__import__("tests.frontline.helpers", fromlist=["seats"]).seats()],
                      ENGINE.parse_options({"first": "1"}), 5).state
    act(st, 0, "deck blitz")
    act(st, 1, "deck winter")
    assert st.phase == "mulligan"
    assert len(st.players[1].hand) == 4 and len(st.players[0].hand) == 5  # seat 1 goes first
    old = [c.id for c in st.players[0].hand[:2]]
    for cid in old:
        act(st, 0, f"swap {cid}")
    act(st, 0, "keep")
    assert len(st.players[0].hand) == 5 and not set(old) & {c.id for c in st.players[0].hand}
    assert ENGINE.legal_actions(st, 0) == []  # one mulligan only
    act(st, 1, "keep")
    assert st.phase == "main" and st.turn == 1
    assert len(st.players[1].hand) == 5  # 4 + the turn's draw
    assert len(st.players[1].deck) + len(st.players[1].hand) == 39


def test_1_3_hand_limit_nine_removes_overflow():
    st = battle(4)
    for _ in range(9):
        card(st, 0, "grenadiers")
    st.players[0].hand.pop()
    cid = card(st, 0, "ultra")  # draw 2 with 9 in hand after paying: 8 + 2 -> one removed
    ev = act(st, 0, f"order {cid} -")
    assert len(st.players[0].hand) == 9
    assert keys(ev).count("frontline.hand_full") == 1


def test_1_4_fatigue_grows_1_2_3():
    st = battle(5)
    st.players[1].deck = []
    hq = st.players[1].hq
    end_turn(st)  # bob draws from an empty deck: 1
    assert st.players[1].hq == hq - 1
    end_turn(st)
    end_turn(st)  # 2
    assert st.players[1].hq == hq - 3
    end_turn(st)
    end_turn(st)  # 3
    assert st.players[1].hq == hq - 6 and st.players[1].fatigue == 3


# --- 2.1 to 2.3 -----------------------------------------------------------------------------
def test_2_1_slots_grow_to_12_then_refill():
    st = battle(6)
    st.players[1].slots = 11
    st.players[1].kredits = 0
    end_turn(st)
    assert st.players[1].slots == 12 and st.players[1].kredits == 12
    end_turn(st)
    end_turn(st)
    assert st.players[1].slots == 12  # no natural growth past 12


def test_2_1_effects_raise_slots_and_kredits_to_24_only():
    st = battle(7, kredits=23)
    st.players[0].slots = 24
    act(st, 0, f"order {card(st, 0, 'five_year_plan')} -")
    assert st.players[0].slots == 24
    st.players[0].kredits = 23
    st.front_owner = 0
    unit(st, 0, "grenadiers", front=True)
    act(st, 0, f"order {card(st, 0, 'iron_ore')} -")
    assert st.players[0].kredits == 24  # 23 - 1 + 3 = 25, capped


def test_2_2_cost_paid_before_kredits_gained():
    st = battle(8, kredits=1)
    unit(st, 0, "grenadiers", front=True)
    act(st, 0, f"order {card(st, 0, 'iron_ore')} -")
    assert st.players[0].kredits == 3  # 1 - 1 + 3: net +2
    st2 = battle(8, kredits=5)
    cid = card(st2, 0, "iron_ore")
    with pytest.raises(RuleError) as err:
        act(st2, 0, f"order {cid} -")
    assert err.value.key == "frontline.condition.hold_front"


def test_2_2_deploy_and_operation_costs():
    st = battle(9, kredits=3)
    cid = card(st, 0, "panzer4")  # cost 4
    with pytest.raises(RuleError) as err:
        act(st, 0, f"deploy {cid} -")
    assert err.value.key == "frontline.kredits"
    tank = unit(st, 0, "panzer4")  # op 2
    foe = unit(st, 1, "grenadiers", front=True)
    act(st, 0, f"attack {tank.uid} {foe.uid}")
    assert st.players[0].kredits == 1


# --- 3.1 unit types ----------------------------------------------------------------------------
def test_3_1_1_infantry_acts_once_and_reaches_adjacent_line_only():
    st = battle(10)
    inf = unit(st, 0, "grenadiers")
    unit(st, 1, "grenadiers")
    targets = [a.code() for a in ENGINE.legal_actions(st, 0) if a.code().startswith(f"attack {inf.uid}")]
    assert targets == []  # support line cannot reach the enemy support line
    act(st, 0, f"move {inf.uid}")
    assert not [a for a in ENGINE.legal_actions(st, 0) if a.code().startswith(f"attack {inf.uid}")]


def test_3_1_2_tank_moves_and_attacks_paying_twice():
    st = battle(11, kredits=10)
    tank = unit(st, 0, "panzer3")  # op 1
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"move {tank.uid}")
    act(st, 0, f"attack {tank.uid} {foe.uid}")
    assert st.players[0].kredits == 8
    assert foe.uid not in st.units and st.units[tank.uid].hp == 1


def test_3_1_3_artillery_takes_no_counter_damage():
    st = battle(12)
    art = unit(st, 0, "sfh18")
    foe = unit(st, 1, "tiger")
    act(st, 0, f"attack {art.uid} {foe.uid}")
    assert art.hp == 2 and foe.hp == 6 - (3 - 2)


def test_3_1_4_fighter_attacks_anywhere_and_takes_counter():
    st = battle(13)
    f = unit(st, 0, "bf109")
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"attack {f.uid} {foe.uid}")
    assert f.uid not in st.units and foe.uid not in st.units


def test_3_1_5_bomber_counter_only_from_fighters_and_fighter_screen():
    st = battle(14)
    bomber = unit(st, 0, "il2")
    inf = unit(st, 1, "grenadiers")
    act(st, 0, f"attack {bomber.uid} {inf.uid}")
    assert bomber.hp == 3  # infantry does not strike back at a bomber
    st = battle(14)
    bomber = unit(st, 0, "il2")
    inf = unit(st, 1, "grenadiers")
    fighter = unit(st, 1, "yak1")
    targets = attack_targets(st, bomber)
    assert targets == {fighter.uid}  # the fighter screens the line and the HQ
    act(st, 0, f"attack {bomber.uid} {fighter.uid}")
    assert bomber.hp == 2  # a fighter does strike back
    # a bomber never strikes back
    st = battle(14)
    bomber = unit(st, 1, "il2")
    f = unit(st, 0, "bf109")
    act(st, 0, f"attack {f.uid} {bomber.uid}")
    assert f.hp == 2 and bomber.hp == 1


def test_3_2_combat_exchanges_attack_values():
    st = battle(15)
    a = unit(st, 0, "t34", front=True)
    d = unit(st, 1, "guards_rifles")
    act(st, 0, f"attack {a.uid} {d.uid}")
    assert d.hp == 1 and a.hp == 3 - (2 - 1)  # heavy armour 1


def test_3_2_zero_attack_cannot_attack():
    st = battle(15)
    a = unit(st, 0, "grenadiers", front=True, atk=0)
    unit(st, 1, "grenadiers")
    assert not any(getattr(x, "unit", None) == a.uid and x.kind == "attack" for x in ENGINE.legal_actions(st, 0))


# --- 3.3 keywords ----------------------------------------------------------------------------
def test_3_3_1_guard_protects_neighbours_and_hq_not_against_artillery():
    st = battle(16)
    f = unit(st, 0, "bf109")
    left = unit(st, 1, "grenadiers")
    guard = unit(st, 1, "guards_rifles")
    right = unit(st, 1, "grenadiers")
    far = unit(st, 1, "grenadiers")
    targets = attack_targets(st, f)
    assert targets == {guard.uid, far.uid}  # neighbours and the HQ are covered
    art = unit(st, 0, "sfh18")
    targets = attack_targets(st, art)
    assert targets == {left.uid, guard.uid, right.uid, far.uid, "hq"}


def test_3_3_1_two_adjacent_guards_are_both_attackable():
    st = battle(17)
    f = unit(st, 0, "bf109")
    g1 = unit(st, 1, "guards_rifles")
    g2 = unit(st, 1, "guards_rifles")
    targets = attack_targets(st, f)
    assert targets == {g1.uid, g2.uid}


def test_3_3_2_smokescreen_hides_from_units_not_orders_and_is_lost_on_moving():
    st = battle(18)
    f = unit(st, 0, "bf109")
    smoke = unit(st, 1, "scouts")
    assert smoke.uid not in {getattr(a, "target", None) for a in ENGINE.legal_actions(st, 0)
                             if a.kind == "attack"}
    assert f"order {card(st, 0, 'artillery_strike')} {smoke.uid}" in [a.code() for a in ENGINE.legal_actions(st, 0)]
    st.turn = 1
    st.players[1].kredits = 5
    act(st, 1, f"move {smoke.uid}")
    assert "smokescreen" not in smoke.keywords
    st = battle(18)  # ... and on attacking
    smoke = unit(st, 0, "scouts", front=True)
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"attack {smoke.uid} {foe.uid}")
    assert "smokescreen" not in smoke.keywords


def test_3_3_2_smokescreen_does_not_escape_group_effects():
    st = battle(18)
    smoke = unit(st, 1, "scouts")
    act(st, 0, f"order {card(st, 0, 'winter_offensive')} -")
    assert smoke.uid not in st.units


def test_3_3_3_fury_attacks_twice_but_not_after_moving():
    st = battle(19)
    f = unit(st, 0, "bf109", hp=9)
    a, b = unit(st, 1, "yak1"), unit(st, 1, "yak1")
    act(st, 0, f"attack {f.uid} {a.uid}")
    act(st, 0, f"attack {f.uid} {b.uid}")
    assert a.uid not in st.units and b.uid not in st.units
    assert not ENGINE.can_attack(st, f)
    st = battle(19)
    inf = unit(st, 0, "grenadiers", keywords=["fury"])
    unit(st, 1, "grenadiers")
    act(st, 0, f"move {inf.uid}")
    assert not ENGINE.can_attack(st, inf)


def test_3_3_4_ambush_strikes_first_once_a_turn():
    st = battle(20)
    att = unit(st, 0, "grenadiers", front=True)
    amb = unit(st, 1, "partisans")  # 2/1 ambush
    act(st, 0, f"attack {att.uid} {amb.uid}")
    assert att.uid not in st.units and amb.hp == 1  # attacker died first: no damage dealt
    att2 = unit(st, 0, "tiger", front=True)
    act(st, 0, f"attack {att2.uid} {amb.uid}")
    assert amb.uid not in st.units and att2.hp == 6 - (2 - 2)  # second attack: no ambush


def test_3_3_4_ambush_fails_against_units_that_take_no_counter():
    st = battle(20)
    art = unit(st, 0, "sfh18")
    amb = unit(st, 1, "partisans")
    act(st, 0, f"attack {art.uid} {amb.uid}")
    assert art.hp == 2 and amb.uid not in st.units


def test_3_3_5_blitz_acts_on_deploy_tank_moves_and_attacks():
    st = battle(21)
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"deploy {card(st, 0, 'panzer3')} -")
    tank = st.units[st.players[0].support[-1]]
    act(st, 0, f"move {tank.uid}")
    act(st, 0, f"attack {tank.uid} {foe.uid}")
    assert foe.uid not in st.units
    act(st, 0, f"deploy {card(st, 0, 'grenadiers')} -")
    plain = st.units[st.players[0].support[-1]]
    with pytest.raises(RuleError) as err:
        act(st, 0, f"move {plain.uid}")
    assert err.value.key == "frontline.just_arrived"


def test_3_3_6_pincer_needs_two_and_ends_with_one():
    st = battle(22)
    a = unit(st, 0, "panzergrenadiers", front=True)
    b = unit(st, 0, "sdkfz251")
    foe = unit(st, 1, "kv1")
    act(st, 0, f"attack {a.uid} {foe.uid}")
    assert a.atk == 3 and foe.hp == 7 - (3 - 3)  # +1/+1 while pincered
    st = battle(22)
    a = unit(st, 0, "panzergrenadiers", front=True)
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"attack {a.uid} {foe.uid}")
    assert a.atk == 2  # alone: no pincer


def test_3_3_7_heavy_armour_example():
    """3.3.7: a 3/5 with heavy armour 1 fights a 1/2: the 1/2 dies, the other takes none."""
    st = battle(23)
    a = unit(st, 0, "t34", front=True, atk=3, hp=5, armour=1)
    d = unit(st, 1, "grenadiers", atk=1, hp=2)
    act(st, 0, f"attack {a.uid} {d.uid}")
    assert d.uid not in st.units and a.hp == 5 and not a.damaged


def test_3_3_7_heavy_armour_ignores_effect_damage():
    st = battle(23)
    kv = unit(st, 1, "kv1")
    act(st, 0, f"order {card(st, 0, 'artillery_strike')} {kv.uid}")
    assert kv.hp == 4


def test_3_3_8_capture_puts_a_1_1_copy_in_hand():
    st = battle(24)
    cap = unit(st, 0, "naval_infantry", front=True)
    foe = unit(st, 1, "pioneers", atk=1, hp=1)
    act(st, 0, f"attack {cap.uid} {foe.uid}")
    got = st.players[0].hand[-1]
    assert got.key == "pioneers" and got.captured and got.revealed
    act(st, 0, f"deploy {got.id} -")
    copy = st.units[st.players[0].support[-1]]
    assert (copy.atk, copy.hp) == (1, 1)


def test_3_3_9_mobilize_grows_until_damaged():
    st = battle(25)
    u = unit(st, 1, "rifle_squad")
    end_turn(st)
    assert (u.atk, u.hp) == (2, 3)
    act(st, 1, f"end")
    st.players[0].kredits = 5
    act(st, 0, f"deploy {card(st, 0, 'pioneers')} {u.uid}")
    assert "mobilize" not in u.keywords and u.hp == 2
    end_turn(st)
    assert (u.atk, u.hp) == (2, 2)


def test_3_3_9_silence_strips_mobilize_gains():
    st = battle(25)
    u = unit(st, 1, "rifle_squad", atk=3, hp=4)
    act(st, 0, f"order {card(st, 0, 'disrupt')} {u.uid}")
    assert (u.atk, u.hp) == (1, 2) and u.keywords == []


def test_3_3_10_immune_takes_no_damage_but_can_be_destroyed():
    st = battle(26)
    jet = unit(st, 1, "me262")
    act(st, 0, f"order {card(st, 0, 'winter_offensive')} -")
    assert jet.hp == 2
    st.players[0].kredits = 10
    act(st, 0, f"order {card(st, 0, 'night_raid')} -")
    assert jet.uid not in st.units


def test_3_3_11_mountain_counts_friendly_mountain_units():
    st = battle(27)
    unit(st, 0, "gebirgsjager")
    unit(st, 0, "alpini")
    unit(st, 1, "alpini")  # enemy mountain units do not count
    act(st, 0, f"deploy {card(st, 0, 'gebirgsjager')} -")
    new = st.units[st.players[0].support[-1]]
    assert (new.atk, new.hp) == (3, 4)


# --- 3.4 effects ---------------------------------------------------------------------------
def test_3_4_1_deploy_effect_and_added_units_skip_it():
    st = battle(28)
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"deploy {card(st, 0, 'pioneers')} {foe.uid}")
    assert foe.hp == 1
    act(st, 0, f"order {card(st, 0, 'reinforcements')} -")
    added = [st.units[x] for x in st.players[0].support if st.units[x].key == "landwehr"]
    assert len(added) == 2 and all(not ENGINE.can_act(st, u) for u in added)  # 4.1.9.1


def test_3_4_2_continuous_effects():
    st = battle(29)
    coastal = unit(st, 0, "coastal_battery")
    assert "hq" not in attack_targets(st, coastal)
    hg = unit(st, 1, "home_guard")
    tiger = unit(st, 0, "tiger", front=True)
    act(st, 0, f"attack {tiger.uid} {hg.uid}")
    assert hg.hp == 2  # takes at most 1 combat damage
    bb = unit(st, 1, "brandenburgers")
    cid = card(st, 0, "artillery_strike")
    assert f"order {cid} {bb.uid}" not in [a.code() for a in ENGINE.legal_actions(st, 0)]


def test_3_4_3_triggered_effects():
    st = battle(30)
    rats = unit(st, 0, "desert_rats")
    act(st, 0, f"order {card(st, 0, 'five_year_plan')} -")
    assert (rats.atk, rats.hp) == (3, 3)
    stuka = unit(st, 0, "stuka")
    kv = unit(st, 1, "kv1")
    act(st, 0, f"attack {stuka.uid} {kv.uid}")
    assert kv.hp == 7 - (2 * 2 - 3)


def test_3_4_4_destruction_effect():
    st = battle(31)
    rg = unit(st, 1, "rearguard")
    friend = unit(st, 1, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'artillery_strike')} {rg.uid}")
    assert (friend.atk, friend.hp) == (3, 3)


def test_3_4_5_discard_effect():
    st = battle(32)
    st.players[1].hand = []
    card(st, 1, "militia")
    deck = len(st.players[1].deck)
    act(st, 0, f"order {card(st, 0, 'sabotage')} -")
    assert len(st.players[1].deck) == deck - 1 and len(st.players[1].hand) == 1  # it drew


def test_3_4_6_in_deck_growth():
    st = battle(33)
    from games.frontline.state import DeckCard
    st.players[1].deck = [DeckCard(key="conscripts"), DeckCard(key="grenadiers"), DeckCard(key="grenadiers")]
    end_turn(st)
    end_turn(st)
    end_turn(st)
    assert st.players[1].deck[0].bonus == 2
    st.players[1].deck = st.players[1].deck[:1]
    end_turn(st)
    end_turn(st)
    drawn = st.players[1].hand[-1]
    assert drawn.key == "conscripts" and drawn.bonus == 3
    st.players[1].kredits = 5
    act(st, 1, f"deploy {drawn.id} -")
    u = st.units[st.players[1].support[-1]]
    assert (u.atk, u.hp) == (4, 4)


# --- 3.5 to 3.8 ------------------------------------------------------------------------------
def test_3_5_promotion_resets_stats_keeps_keywords():
    st = battle(34)
    m = unit(st, 0, "macchi", atk=5, hp=1, keywords=["guard"])
    act(st, 0, f"move {m.uid}")
    assert m.veteran and (m.atk, m.hp) == (3, 4) and m.keywords == ["guard"] and not m.damaged


def test_3_5_promotion_on_kill_needs_defence_left():
    st = battle(34)
    p4 = unit(st, 0, "panzer4", front=True)
    foe = unit(st, 1, "grenadiers")
    act(st, 0, f"attack {p4.uid} {foe.uid}")
    assert p4.veteran and (p4.atk, p4.hp) == (4, 5)
    st = battle(34)
    p4 = unit(st, 0, "panzer4", front=True, hp=1)
    foe = unit(st, 1, "grenadiers", atk=2)
    act(st, 0, f"attack {p4.uid} {foe.uid}")
    assert p4.uid not in st.units  # 0 defence: destroyed, never promoted


def test_3_5_silence_erases_veteran():
    st = battle(34)
    u = unit(st, 1, "panzer4", veteran=True, atk=4, hp=5, max_hp=5)
    act(st, 0, f"order {card(st, 0, 'disrupt')} {u.uid}")
    assert not u.veteran and (u.atk, u.hp) == (3, 4)


def test_3_6_retreat_front_to_support_support_to_hand():
    st = battle(35)
    f = unit(st, 1, "grenadiers", front=True)
    act(st, 0, f"order {card(st, 0, 'push_back')} {f.uid}")
    assert f.uid in st.players[1].support and st.front_owner is None
    act(st, 0, f"order {card(st, 0, 'push_back')} {f.uid}")
    assert f.uid not in st.units
    back = st.players[1].hand[-1]
    assert back.key == "grenadiers" and back.revealed
    assert "grenadiers" in ENGINE.view(st, 0)["players"][1]["revealed"]


def test_3_6_a_captured_unit_retreated_to_hand_stays_captured():
    """3.3.8: the captured mark is the card's; retreating it to hand (3.6) keeps it, so it
    comes back as a 1/1 when deployed again."""
    st = battle(35)
    u = unit(st, 1, "panzer4", captured=True, atk=1, hp=1, max_hp=1)
    act(st, 0, f"order {card(st, 0, 'push_back')} {u.uid}")
    back = st.players[1].hand[-1]
    assert back.key == "panzer4" and back.captured and back.revealed
    redeployed = R.new_unit(st, 1, back.key, back.bonus, back.captured)  # as deploying it does
    assert (redeployed.atk, redeployed.hp) == (1, 1)


def test_3_6_retreat_with_full_support_and_full_hand():
    st = battle(35)
    for _ in range(4):
        unit(st, 1, "grenadiers")
    f = unit(st, 1, "grenadiers", front=True)
    st.players[1].hand = [HandCard(id=st.rng.token("c"), key="grenadiers") for _ in range(9)]
    ev = act(st, 0, f"order {card(st, 0, 'push_back')} {f.uid}")
    assert f.uid not in st.units and len(st.players[1].hand) == 9
    assert "frontline.hand_full" in keys(ev)


def test_3_7_damaged_only_by_damage():
    st = battle(36)
    u = unit(st, 1, "guards_rifles")
    act(st, 0, f"order {card(st, 0, 'sirocco')} {u.uid}")  # -2/-1: a stat change, not damage
    assert u.hp == 3 and not u.damaged
    cid = card(st, 0, "precision_bombing")
    with pytest.raises(RuleError) as err:
        act(st, 0, f"order {cid} {u.uid}")
    assert err.value.key == "frontline.no_valid_target"
    act(st, 0, f"deploy {card(st, 0, 'pioneers')} {u.uid}")
    assert u.damaged
    act(st, 0, f"order {cid} {u.uid}")
    assert u.uid not in st.units


def test_3_7_2_raised_again_after_damage_is_undamaged():
    st = battle(36)
    u = unit(st, 0, "guards_rifles", hp=6)  # above its printed 4
    from games.frontline import rules as R
    R.damage_unit(u, 1)
    assert u.damaged and u.hp == 5
    act(st, 0, f"order {card(st, 0, 'forward_momentum')} {u.uid}")
    assert not u.damaged


def test_3_8_suppressed_unit_loses_its_next_turn_only():
    st = battle(37)
    u = unit(st, 1, "guards_rifles")
    act(st, 0, f"order {card(st, 0, 'commando_raid')} {u.uid}")
    act(st, 0, f"order {card(st, 0, 'commando_raid')} {u.uid}")  # no stacking
    end_turn(st)
    assert not ENGINE.can_move(st, u)
    with pytest.raises(RuleError) as err:
        act(st, 1, f"move {u.uid}")
    assert err.value.key == "frontline.pinned_now"
    end_turn(st)
    end_turn(st)
    assert ENGINE.can_move(st, u)
