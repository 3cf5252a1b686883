"""Iron & Fire: one fixed-seed test per numbered rule (100-208, 401) and ruling.

Where a test needs particular dice it scripts them (helpers.ScriptedRng); otherwise the
seeded generator rolls and the test checks the rule against the rolls shown in events.
"""
import pytest

from games.core import RuleError
from games.ironfire import ENGINE
from games.ironfire.data import round_half_up
from games.ironfire.engine import rounds_for
from tests.ironfire.helpers import battle, keys, new_game, play, rolls, script, unit

DECK20 = "guards*6,t34*6,il2*4,zis3*4"


def _deck_phase_done(state, codes):
    events = []
    for seat, code in enumerate(codes):
        events += play(state, seat, f"deck {code}").events
    return events


# ---- 100: decks, formats, bans, concession -------------------------------------------

def test_100_2_army_format_needs_30_cards_and_rejects_leave_state_unchanged():
    state = new_game(seed=3)
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        play(state, 0, f"deck {DECK20}")
    assert err.value.key == "ironfire.deck.too_small" and err.value.params == {"size": 20, "need": 30}
    for bad, key in [("tiger*0", "ironfire.deck.bad_count"), ("nosuch*30", "ironfire.deck.unknown_card"),
                     ("field_repair*30", "ironfire.deck.no_combat"), ("modern", "ironfire.deck.wrong_format")]:
        with pytest.raises(RuleError) as err:
            play(state, 0, f"deck {bad}")
        assert err.value.key == key
    assert ENGINE.dump_state(state) == before
    play(state, 0, "deck t34*30")
    assert state.players[0].deck == "t34*30" and state.players[0].deck_n == 30


def test_100_3_alternate_history_needs_20_and_100_4_has_no_maximum():
    state = new_game(seed=3, format="alt20")
    play(state, 0, f"deck {DECK20}")
    play(state, 1, "deck guards*60,guards*60,t34*60,t34*60,il2*10")  # 250 cards: no upper limit (100.4)
    assert state.players[1].deck_n == 250
    assert state.phase == "army"
    presets = {a.choice for a in ENGINE.legal_actions(new_game(format="alt20"), 0)}
    assert presets == {"modern", "what_if_1946"}


def test_100_5_bans_agreed_at_the_table():
    state = new_game(seed=3, bans="tiger, t34")
    assert state.options.bans == "t34,tiger"
    with pytest.raises(RuleError) as err:
        play(state, 0, "deck t34*10,guards*20")
    assert err.value.key == "ironfire.deck.banned" and err.value.params["cards"] == [{"en": "T-34/76", "zh-CN": "T-34/76坦克"}]
    offered = {a.choice for a in ENGINE.legal_actions(state, 0)}
    assert "wehrmacht" not in offered and "red_army" not in offered  # they hold banned cards
    assert "western_allies" in offered
    with pytest.raises(RuleError) as err:
        ENGINE.parse_options({"bans": "nosuchcard"})
    assert err.value.key == "ironfire.ban.unknown_none"  # names the option (tests/ironfire/test_newcomer.py)


def test_100_6_concession_two_players_the_other_wins():
    state = battle([["t34"], ["panther"]])
    ENGINE.resign(state, 1)
    out = ENGINE.outcome(state)
    assert out.winners == [0] and out.reason == "core.outcome.resign"
    assert ENGINE.active_seats(state) == []


def test_100_6_concession_four_players_the_game_goes_on():
    state = battle([["t34"], ["panther"], ["sherman"], ["kv1"]])
    assert state.turn == 0
    ENGINE.resign(state, 0)  # resigns on its own turn: the turn passes on
    assert ENGINE.outcome(state) is None and state.turn == 1 and state.players[0].out
    assert all(not a.code().endswith(" a1") for a in ENGINE.legal_actions(state, 1))
    ENGINE.resign(state, 2)
    ENGINE.resign(state, 1)
    out = ENGINE.outcome(state)
    assert out.winners == [3] and out.ranks[3] == 1


# ---- 101: first player, environment, logistics, army selection, fog ---------------------

def test_101_1_to_101_3_opening_rolls_in_order():
    state = script(new_game(seed=5), 6, 2, 5, 3, 4)  # P1 6, P2 2; env 5; logistics 3+4
    events = _deck_phase_done(state, ["red_army", "wehrmacht"])
    assert state.first == 0
    assert [r["what"] for r in rolls(events, "@ironfire.roll.first")] == ["@ironfire.roll.first"] * 2
    assert state.env == "city"  # 5 is city (101.2)
    assert [p.logistics for p in state.players] == [45, 45]  # shared: 38 + 2d6 (ruling)
    assert state.rounds == 2
    assert state.phase == "army" and ENGINE.active_seats(state) == [0, 1]


def test_101_1_ties_reroll():
    state = script(new_game(seed=5), 3, 3, 2, 5, 1, 1, 1)
    _deck_phase_done(state, ["red_army", "wehrmacht"])
    assert state.first == 1


@pytest.mark.parametrize("roll,env", [(1, "normal"), (2, "normal"), (3, "normal"), (4, "mountain"),
                                      (5, "city"), (6, "mountain")])
def test_101_2_environment_roll(roll, env):
    state = script(new_game(seed=5), 6, 1, roll)
    _deck_phase_done(state, ["red_army", "wehrmacht"])
    assert state.env == env


def test_101_3_logistics_each_and_fixed():
    state = script(new_game(seed=5, logistics="each"), 6, 1, 1, 1, 1, 6, 6)
    _deck_phase_done(state, ["red_army", "wehrmacht"])
    assert [p.logistics for p in state.players] == [40, 50]  # spread stays within 10
    assert state.rounds == 2  # from the lowest logistics
    state = new_game(seed=5, logistics="52")
    _deck_phase_done(state, ["red_army", "wehrmacht"])
    assert [p.logistics for p in state.players] == [52, 52] and state.rounds == 3
    with pytest.raises(RuleError):
        ENGINE.parse_options({"logistics": "39"})  # at least 40 (101.3)


def test_101_4_secret_army_within_budget_revealed_together():
    state = new_game(seed=5, logistics="40", format="alt20")
    _deck_phase_done(state, ["sherman*10,rangers*10,pershing*2,p47,p51", "modern"])
    for _ in range(4):
        play(state, 0, "pick sherman")  # 4 x 3 = 12 logistics
    assert state.players[0].picked[0].uid not in str(ENGINE.view(state, 1))
    assert "sherman" not in str(ENGINE.view(state, None)) and "sherman" not in str(ENGINE.view(state, 1))
    with pytest.raises(RuleError) as err:
        play(state, 1, "ready")
    assert err.value.key == "ironfire.army_empty"
    for _ in range(9):
        play(state, 0, "pick rangers")  # 12 + 18 = 30
    play(state, 0, "pick p47")  # 34
    play(state, 0, "pick p51")  # 38
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        play(state, 0, "pick pershing")  # 4 more would be 42 > 40
    assert err.value.key == "ironfire.over_budget" and err.value.params["room"] == 2
    assert ENGINE.dump_state(state) == before
    assert all(a.code() != "pick pershing" for a in ENGINE.legal_actions(state, 0))
    events = play(state, 0, "ready").events
    assert keys(events) == ["ironfire.army_ready"] and state.phase == "army"
    play(state, 1, "pick abrams")
    events = play(state, 1, "ready").events
    assert state.phase == "battle"
    armies = [e for e in events if e.key == "ironfire.army"]
    assert len(armies) == 2 and all(e.to is None for e in armies)
    # 101.4: laid out by class: infantry, armour, air, ranged
    classes = [ENGINE.pool.combat[u.card].cls for u in state.players[0].army]
    assert classes == sorted(classes, key=["infantry", "armour", "air", "ranged"].index)


def test_101_5_fog_of_war_face_down_reveal_and_shuffle():
    state = battle([["t34", "guards"], ["panther", "grenadier"]], fog=True)
    public = str(ENGINE.view(state, None))
    assert "panther" not in public and "t34" not in public
    assert "panther" not in str(ENGINE.view(state, 0)) and "t34" in str(ENGINE.view(state, 0))
    events = play(state, 0, "attack a1 armour").events  # the attacker is revealed first
    assert "ironfire.reveal" in keys(events) and unit(state, "a1").up
    hits = {a.code() for a in ENGINE.legal_actions(state, 0)}
    assert hits == {"hit b1", "hit b2", "stop"}  # face-down cards may be targeted
    script(state, 3)
    events = play(state, 0, "hit b2").events  # b2 turns out to be infantry: the shot is spent
    assert "ironfire.wrong_class" in keys(events) and unit(state, "b2").up
    assert unit(state, "b2").cv == 8
    # play the rest of round 1 through, then the armies are shuffled face down again
    uids = {u.uid for p in state.players for u in p.army}
    while state.round == 1:
        seat = ENGINE.active_seats(state)[0]
        ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    assert all(not u.up for p in state.players for u in p.army)
    assert not uids & {u.uid for p in state.players for u in p.army}  # fresh tokens
    assert [sorted(u.slot for u in p.army) for p in state.players] == [["a1", "a2"], ["b1", "b2"]]


# ---- 102: rounds, attacks, focus fire, recount, restore -----------------------------------

@pytest.mark.parametrize("logistics,rounds", [(10, 0), (11, 1), (29, 1), (30, 2), (40, 2), (49, 2), (50, 3), (70, 4)])
def test_102_1_rounds_from_logistics(logistics, rounds):
    assert rounds_for(logistics) == rounds


def test_102_2_players_alternate_and_each_card_attacks_once():
    state = battle([["t34", "guards"], ["panther", "grenadier"]], first=1)
    assert ENGINE.active_seats(state) == [1]
    script(state, 1)
    play(state, 1, "attack b2 infantry")  # 1d2 attacks rolled: 1
    play(state, 1, "hit a2")
    assert ENGINE.active_seats(state) == [0]
    assert all(a.unit != "b2" for a in ENGINE.legal_actions(state, 1) if hasattr(a, "unit"))
    with pytest.raises(RuleError) as err:
        play(state, 1, "attack b1 armour")
    assert err.value.key == "core.not_your_turn"


def test_102_2_number_of_attacks_and_targets_are_rolled():
    state = battle([["he111"], ["grenadier", "guards", "pak40", "zis3", "flak88"]])
    script(state, 3)  # 1d3 targets -> 3
    events = play(state, 0, "attack a1 bomb").events
    assert rolls(events, "@ironfire.roll.targets")[0]["total"] == 3 and state.attack.targets_left == 3
    play(state, 0, "hit b1")
    play(state, 0, "hit b3")
    play(state, 0, "hit b4")
    assert state.attack is None and state.turn == 1


def test_102_3_focus_fire_worked_example_75_percent_after_heavy_damage():
    """Three armour cards focus on one; the defender answers three times first: one focus
    card destroyed, one heavily damaged, whose strike is 1 - 50% + 25% = 75%."""
    state = battle([["panther", "panther", "panther"], ["abrams", "abrams", "abrams"]])
    play(state, 0, "focus b1")
    for slot in ("a1", "a2", "a3"):
        play(state, 0, f"with {slot} armour")
    events = play(state, 0, "fire").events
    assert "ironfire.focus_declared" in keys(events) and ENGINE.active_seats(state) == [1]
    script(state, 7, 7, 7, 4, 4)
    play(state, 1, "attack b1 armour")
    play(state, 1, "hit a1")  # 7 > 12/2: heavy
    play(state, 1, "attack b2 armour")
    play(state, 1, "hit a1")  # destroyed
    play(state, 1, "attack b3 armour")
    events = play(state, 1, "hit a2").events  # a2 heavy; that was the third answer: strike
    assert "ironfire.member_lost" in keys(events)
    strikes = rolls(events, "@ironfire.roll.damage")[-2:]
    assert [(r["pct"], r["dice"], r["total"]) for r in strikes] == [(75, [4], 3), (125, [4], 5)]
    damaged = [e.params for e in events if e.key == "ironfire.damaged"]
    assert damaged[-1]["cv"] == 20 - 3 - 5


def test_102_3_focus_rules():
    state = battle([["panther", "grenadier"], ["abrams", "grenadier"]])
    codes = {a.code() for a in ENGINE.legal_actions(state, 0)}
    assert "focus b2" in codes and "focus b1" not in codes  # only the panther can hit armour
    with pytest.raises(RuleError) as err:
        play(state, 0, "focus b1")
    assert err.value.key == "ironfire.focus_needs_two"
    fog = battle([["panther", "panther"], ["abrams"]], fog=True)
    with pytest.raises(RuleError) as err:
        play(fog, 0, "focus b1")
    assert err.value.key == "ironfire.focus_face_down"
    state = battle([["panther", "panther"], ["abrams", "grenadier"]])
    play(state, 0, "focus b1")
    play(state, 0, "with a1 armour")
    assert "fire" not in {a.code() for a in ENGINE.legal_actions(state, 0)}
    with pytest.raises(RuleError) as err:
        play(state, 0, "fire")
    assert err.value.key == "ironfire.focus_needs_two"
    play(state, 0, "with a2 armour")
    play(state, 0, "fire")
    events = play(state, 1, "pass").events  # the defender may give up its answers
    assert "ironfire.strike" in keys(events) and state.focus is None


def test_102_4_cut_off_worked_example_36_over_30():
    army = ["abrams", "abrams", "leclerc", "ztz99", "chieftain", "is2", "kv1", "ptrd"]
    state = battle([army, ["t34"]], logistics=45)
    assert ENGINE.army_logistics(state.players[0]) == 36
    state.players[0].logistics = 30
    events = ENGINE._end_round(state)
    assert state.phase == "recount" and state.players[0].need_cut == 6
    assert [e.params["need"] for e in events if e.key == "ironfire.must_cut"] == [6]
    assert ENGINE.active_seats(state) == [0]
    assert all(a.kind == "cut" for a in ENGINE.legal_actions(state, 0))
    with pytest.raises(RuleError) as err:
        play(state, 0, "ready")
    assert err.value.key == "ironfire.must_cut_first"
    play(state, 0, "cut a8")  # PTRD: 1 logistics, 5 still to cut
    assert state.phase == "recount" and state.players[0].need_cut == 5
    play(state, 0, "cut a1")  # Abrams: 5 more, 6 in all: enough (>= the difference)
    assert state.phase == "battle" and state.round == 2
    assert unit(state, "a1").cut and unit(state, "a8").cut
    assert all(a.unit not in ("a1", "a8") for a in ENGINE.legal_actions(state, 0) if a.kind == "attack")


def test_102_4_reinforcement_up_to_four_within_budget():
    state = battle([["t34"], ["panther"]], logistics=45, reserve=[["guards"] * 6 + ["abrams"], []])
    ENGINE._end_round(state)
    assert ENGINE.active_seats(state) == [0]  # seat 1 has no deck left: no reinforcement
    for _ in range(4):
        play(state, 0, "pick guards")
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"ready"}
    with pytest.raises(RuleError) as err:
        play(state, 0, "pick guards")
    assert err.value.key == "ironfire.reinforce_max"
    events = play(state, 0, "ready").events
    assert [e.params for e in events if e.key == "ironfire.reinforced"]
    assert [u.card for u in state.players[0].army] == ["t34"] + ["guards"] * 4
    assert state.players[0].reserve == ["guards", "guards", "abrams"]


def test_102_5_restore_after_a_round_but_not_heavy_damage_nor_after_the_last():
    state = battle([["t34", "panther"], ["sherman"]], logistics=45)
    unit(state, "a1").cv = 9  # 4 damage: not heavy
    unit(state, "a2").cv, unit(state, "a2").heavy = 4, True
    ENGINE._end_round(state)
    assert unit(state, "a1").cv == 13 and unit(state, "a2").cv == 4 and unit(state, "a2").heavy
    assert state.round == 2
    unit(state, "a1").cv = 9
    ENGINE._end_round(state)  # the last round: straight to the tally
    assert state.tallies[-1] == [9 + 4, 10] and state.phase == "over"


# ---- 103: victory -----------------------------------------------------------------------

def test_103_1_wiped_out_player_loses():
    state = battle([["abrams"], ["ba64"]])
    script(state, 7)
    events = play(state, 0, "attack a1 armour").events + play(state, 0, "hit b1").events
    assert "ironfire.wiped_out" in keys(events)
    out = ENGINE.outcome(state)
    assert out.winners == [0]


def test_103_2_tally_highest_total_wins_and_equal_is_a_draw():
    state = battle([["t34", "guards"], ["panther", "guards"]], logistics=40)
    state.round = state.rounds
    unit(state, "a1").cv = 10
    ENGINE._end_round(state)
    assert state.tallies[-1] == [19, 21]
    assert ENGINE.outcome(state).winners == [1]
    state = battle([["t34"], ["t34"]], logistics=40)
    state.round = state.rounds
    ENGINE._end_round(state)
    out = ENGINE.outcome(state)
    assert out.winners == [] and out.ranks == [1, 1]


def test_match_loser_chooses_first_and_after_a_draw_the_previous_chooser():
    state = battle([["abrams"], ["ba64"]], match="3", reserve=[[], ["t34"]])
    script(state, 7)
    play(state, 0, "attack a1 armour")
    play(state, 0, "hit b1")  # seat 1 wiped out: game 1 to seat 0
    assert state.phase == "first" and ENGINE.active_seats(state) == [1]
    assert {a.code() for a in ENGINE.legal_actions(state, 1)} == {"first 0", "first 1"}
    play(state, 1, "first 1")
    assert state.first == 1 and state.phase == "army" and state.game_no == 2
    play(state, 1, "pick t34")
    play(state, 1, "ready")
    play(state, 0, "pick abrams")
    play(state, 0, "ready")
    assert state.phase == "battle" and state.turn == 1
    for p in state.players:  # make game 2 a draw at the tally
        for u in p.army:
            u.cv = 3
    state.round = state.rounds
    ENGINE._end_round(state)
    assert state.game_ranks[-1] == [1, 1] and ENGINE.active_seats(state) == [1]  # seat 1 chose last time
    assert ENGINE.outcome(state) is None


# ---- 203, 207: combat value, damage, logistics -------------------------------------------

def test_203_1_heavy_damage_over_half_then_attacks_halved_and_destroyed_at_zero():
    state = battle([["panther", "bazooka"], ["panzer4", "panzer4"]])
    script(state, 4, 2, 3)
    play(state, 0, "attack a2 armour")
    play(state, 0, "hit b1")  # 4 damage: 6 of 10 left, not over half
    assert unit(state, "b1").cv == 6 and not unit(state, "b1").heavy
    play(state, 1, "attack b2 infantry")
    play(state, 1, "hit a2")  # bazooka 5 -> 3
    play(state, 0, "attack a1 armour")
    script(state, 3)
    events = play(state, 0, "hit b1").events  # 3 more: 7 taken of 10 > 5: heavy
    assert unit(state, "b1").heavy and "ironfire.heavy" in keys(events)
    script(state, 3)
    events = play(state, 1, "attack b1 infantry").events + play(state, 1, "hit a2").events
    dmg = rolls(events, "@ironfire.roll.damage")[0]
    assert dmg["pct"] == 50 and dmg["total"] == 2  # 3 halved, rounded half up
    assert "ironfire.destroyed" not in keys(events) and unit(state, "a2").cv == 1


def test_207_1_damage_within_the_range():
    state = battle([["t34"], ["kv1"]], seed=11)
    events = play(state, 0, "attack a1 armour").events + play(state, 0, "hit b1").events
    roll = rolls(events, "@ironfire.roll.damage")[0]
    assert 2 <= roll["dice"][0] <= 4 and roll["total"] == roll["dice"][0]
    assert unit(state, "b1").cv == 14 - roll["total"]


def test_207_2_negative_damage_heals_up_to_the_printed_value():
    state = battle([["medics", "guards", "grenadier"], ["panther"]])
    unit(state, "a2").cv = 4
    unit(state, "a3").cv = 7
    script(state, 2, -3, -4)  # 2 targets; heal 3 and 4
    play(state, 0, "attack a1 heal")
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"hit a1", "hit a2", "hit a3", "stop"}
    play(state, 0, "hit a2")
    play(state, 0, "hit a3")
    assert unit(state, "a2").cv == 7 and unit(state, "a3").cv == 8  # capped at 8


def test_207_3_logistics_cost_needs_more_spare_than_the_cost():
    state = battle([["abrams"], ["kv1"]])
    p = state.players[0]
    for spare, ok in [(1, False), (2, False), (3, True)]:
        p.logistics = ENGINE.army_logistics(p) + spare
        codes = {a.code() for a in ENGINE.legal_actions(state, 0)}
        assert ("attack a1 armour" in codes) is ok
    p.logistics = ENGINE.army_logistics(p) + 1
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        play(state, 0, "attack a1 armour")
    assert err.value.key == "ironfire.no_logistics" and err.value.params == {"cost": 2, "spare": 1}
    assert ENGINE.dump_state(state) == before
    p.logistics = ENGINE.army_logistics(p) + 3
    play(state, 0, "attack a1 armour")
    assert p.logistics == ENGINE.army_logistics(p) + 1  # the cost is spent


def test_207_4_cut_off_cannot_attack_unless_captured_weapons():
    state = battle([["ptrd", "t34"], ["panther"]])
    unit(state, "a1").cut = unit(state, "a2").cut = True
    assert ENGINE.legal_actions(state, 0) == []  # both cut off, neither may attack
    state = battle([["ptrd", "t34", "captured_arms"], ["panther"]])
    unit(state, "a1").cut = unit(state, "a2").cut = True
    codes = {a.code() for a in ENGINE.legal_actions(state, 0)}
    assert "attack a1 armour" in codes and not any(c.startswith("attack a2") for c in codes)
    with pytest.raises(RuleError) as err:
        play(state, 0, "attack a2 armour")
    assert err.value.key == "ironfire.cut_off"


def test_207_5_logistics_effects_apply_next_round():
    state = battle([["he111"], ["grenadier", "flak88"]], logistics=45)
    script(state, 1)
    play(state, 0, "attack a1 bomb")  # enemy logistics -2
    play(state, 0, "hit b1")
    assert state.players[1].logistics == 45 and state.players[1].pending == -2
    ENGINE._end_round(state)
    assert state.players[1].logistics == 43 and state.players[1].pending == 0


# ---- 401: special abilities --------------------------------------------------------------

def test_401_2_field_repair_needs_its_card_in_play():
    for cards, repaired in [(["t34"], False), (["t34", "field_repair"], True)]:
        state = battle([cards, ["panther"]])
        unit(state, "a1").cv, unit(state, "a1").heavy = 3, True
        ENGINE._end_round(state)
        assert (unit(state, "a1").cv, unit(state, "a1").heavy) == ((13, False) if repaired else (3, True))


def test_401_3_fortify_precision_veteran_and_environment():
    state = battle([["rangers", "fire_control"], ["nra_88", "entrench"]], env="mountain")
    script(state, 2)
    events = play(state, 0, "attack a1 infantry").events + play(state, 0, "hit b1").events
    roll = rolls(events, "@ironfire.roll.damage")[0]
    # 2 rolled + 1 mountain + 1 precision, then -1 fortify
    assert (roll["env"], roll["precise"], roll["fortify"], roll["total"]) == (1, 1, 1, 3)
    state = battle([["guards", "veterans"], ["grenadier"]])
    unit(state, "a1").heavy, unit(state, "a1").cv = True, 3
    script(state, 1, 3)
    events = play(state, 0, "attack a1 infantry").events + play(state, 0, "hit b1").events
    assert rolls(events, "@ironfire.roll.damage")[0]["pct"] == 100  # veteran: no halving
    state = battle([["panther"], ["grenadier"]], env="city")
    script(state, 1)
    events = play(state, 0, "attack a1 infantry").events + play(state, 0, "hit b1").events
    assert rolls(events, "@ironfire.roll.damage")[0]["total"] == 0  # 1 - 1 in the city


def test_rounding_half_up():
    assert [round_half_up(x, 100) for x in (150, 250, 249, 75 * 3, 125 * 3)] == [2, 3, 2, 2, 4]


def test_101_4_selection_changes_are_capped_but_a_seat_is_never_stuck():
    state = new_game(seed=5, logistics="40", format="alt20")
    _deck_phase_done(state, ["field_repair*30,ba64", "modern"])
    for _ in range(20):
        play(state, 0, "pick field_repair")  # 40 logistics of ability cards: no combat card fits
    for _ in range(20):
        play(state, 0, "drop field_repair")
        play(state, 0, "pick field_repair")
    assert state.players[0].edits == 60
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"drop field_repair"}
    play(state, 0, "drop field_repair")
    play(state, 0, "pick ba64")
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"ready"}  # no more drops now
    with pytest.raises(RuleError) as err:
        play(state, 0, "drop ba64")
    assert err.value.key == "ironfire.too_many_edits"


def test_102_4_no_reinforcement_without_combat_cards_in_the_deck():
    state = battle([["t34"], ["panther"]], reserve=[["field_repair", "entrench"], ["veterans", "guards"]])
    ENGINE._end_round(state)
    # seat 0 has only ability cards left: it may not reinforce, yet it is waited for like
    # seat 1, since passing it over would tell the table what its secret reserve holds
    assert ENGINE.active_seats(state) == [0, 1]
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"ready"}
    assert {a.code() for a in ENGINE.legal_actions(state, 1)} == {"pick veterans", "pick guards", "ready"}
    play(state, 1, "pick guards")
    with pytest.raises(RuleError) as err:
        play(state, 1, "pick veterans")  # the last combat card is taken
    assert err.value.key == "ironfire.no_combat_left"


def test_103_1_a_wiped_out_player_is_out_of_play_for_the_rest_of_a_one_game_match():
    """103.1: "作战牌全部被消灭的牌手输（出局）；只剩一名牌手时本盘结束。" With three players the
    other two play on; the one wiped out is never awaited again (Engine.seats_in_play)."""
    state = battle([["abrams"], ["ba64"], ["t34"]], seed=7)
    script(state, 7)
    play(state, 0, "attack a1 armour")
    events = play(state, 0, "hit b1").events
    assert "ironfire.wiped_out" in keys(events) and ENGINE.outcome(state) is None
    assert ENGINE.seats_in_play(state) == [0, 2] and ENGINE.active_seats(state) == [2]


def test_103_1_in_a_match_a_wiped_out_player_is_back_for_the_next_game_until_it_concedes():
    """103.1 ends one game for the wiped-out player; "多盘：每盘中比某人名次高得 1 分": the match
    goes on, so the seat stays in play. 100.6: "多人时该牌手出局，其余人继续" takes it out for good."""
    state = battle([["abrams"], ["ba64"], ["t34"]], seed=7, match="3")
    script(state, 7)
    play(state, 0, "attack a1 armour")
    play(state, 0, "hit b1")
    assert state.players[1].out and ENGINE.seats_in_play(state) == [0, 1, 2]
    ENGINE.resign(state, 1)
    assert ENGINE.seats_in_play(state) == [0, 2] and ENGINE.outcome(state) is None
