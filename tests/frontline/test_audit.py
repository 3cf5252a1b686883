"""Rules closed by the completeness audit of issue #5: kill effects of a defender, stat
loss that is not damage (4.1.1, 3.7.1), group unit damage by order (4.1.2.1.2), damage to
all units and both HQs (4.1.2.3.1, adj. 3 on real cards), a continuous HQ shield that holds
to the end of the damage that destroys it (adj. 6), the secrecy of an active counter-order
that is discarded unfired, the opponent's view against every hidden fact, and the bot's
curve and HQ defence. Every test runs on a fixed seed."""
import random

import pytest

from games.core import RuleError, Seat
from games.frontline import ENGINE, GAME
from games.frontline.state import HandCard

from .helpers import act, battle, card, end_turn, keys, started, unit


def _set_counter(st, seat, key):
    st.turn = seat
    cid = card(st, seat, key)
    act(st, seat, f"counter {cid}")
    st.turn = 1 - seat
    return cid


# --- 3.3.8 / 3.5: a defender that destroys its attacker --------------------------------------
def test_3_3_8_capture_when_the_defender_destroys_the_attacker():
    st = battle(200)
    att = unit(st, 0, "grenadiers", front=True)  # 2/2
    cap = unit(st, 1, "naval_infantry")  # 2/3 capture
    ev = act(st, 0, f"attack {att.uid} {cap.uid}")
    assert att.uid not in st.units and cap.hp == 1
    assert "frontline.captured" in keys(ev)
    got = st.players[1].hand[-1]
    assert (got.key, got.captured, got.revealed) == ("grenadiers", True, True)
    assert st.players[0].hand == []


def test_3_5_promotion_on_a_kill_when_defending():
    st = battle(201)
    att = unit(st, 0, "grenadiers", front=True)  # 2/2: deals 2 - 1 armour = 1
    p4 = unit(st, 1, "panzer4")  # 3/4 heavy armour 1, promotes on a kill (4/5)
    ev = act(st, 0, f"attack {att.uid} {p4.uid}")
    assert att.uid not in st.units and "frontline.promoted" in keys(ev)
    assert p4.veteran and (p4.atk, p4.hp) == (4, 5)


def test_3_5_a_defender_that_survives_nothing_promotes_nothing():
    st = battle(201)
    att = unit(st, 0, "t34", front=True, hp=9)  # survives the counter damage
    p4 = unit(st, 1, "panzer4")
    act(st, 0, f"attack {att.uid} {p4.uid}")
    assert not p4.veteran and att.uid in st.units


# --- 4.1.1 / 3.7.1: a stat loss is not damage --------------------------------------------------
def test_4_1_1_weakening_order_is_a_stat_change_not_damage():
    st = battle(202, kredits=10)
    t34 = unit(st, 1, "t34")  # 3/3
    act(st, 0, f"order {card(st, 0, 'sirocco')} {t34.uid}")  # -2/-1
    assert (t34.atk, t34.hp) == (1, 2) and not t34.damaged  # 3.7.1 tip: not "damaged"
    pid = card(st, 0, "precision_bombing")  # "destroy a damaged enemy unit": no valid target
    assert not any(a.code().startswith(f"order {pid}") for a in ENGINE.legal_actions(st, 0))
    rifles = unit(st, 1, "rifle_squad")  # 1/2 mobilize: a stat loss is no damage, mobilize stays
    act(st, 0, f"order {card(st, 0, 'sirocco')} {rifles.uid}")
    assert (rifles.atk, rifles.hp) == (0, 1) and "mobilize" in rifles.keywords  # attack floors at 0
    jet = unit(st, 1, "me262")  # immune to damage, not to a stat change
    act(st, 0, f"order {card(st, 0, 'sirocco')} {jet.uid}")
    assert (jet.atk, jet.hp) == (1, 1)
    one = unit(st, 1, "rearguard")  # 1/1: -1 defence leaves 0, it is destroyed
    act(st, 0, f"order {card(st, 0, 'sirocco')} {one.uid}")
    assert one.uid not in st.units


# --- 4.1.2.1.2 / 4.1.2.3.1: group damage orders -------------------------------------------------
def test_4_1_2_1_2_group_unit_damage_order_spares_hqs_and_own_units():
    st = battle(203, kredits=10)
    a = unit(st, 1, "guards_rifles")  # 2/4
    b = unit(st, 1, "scouts", front=True)  # smokescreen does not escape a group effect
    kv = unit(st, 1, "kv1")  # heavy armour does not reduce effect damage
    own = unit(st, 0, "grenadiers")
    act(st, 0, f"order {card(st, 0, 'saturation_raid')} -")
    assert a.hp == 2 and b.uid not in st.units and kv.hp == 5
    assert own.hp == 2 and st.players[1].hq == 20 and st.players[0].hq == 20


def test_4_1_2_3_1_damage_to_all_units_and_both_hqs():
    st = battle(204, kredits=10)
    mine, theirs = unit(st, 0, "guards_rifles"), unit(st, 1, "guards_rifles")
    act(st, 0, f"order {card(st, 0, 'endless_winter')} -")
    assert (mine.hp, theirs.hp, st.players[0].hq, st.players[1].hq) == (2, 2, 18, 18)


def test_adj_3_both_hqs_at_zero_on_a_real_card_the_player_to_move_loses():
    st = battle(205, kredits=10)
    st.players[0].hq = st.players[1].hq = 2
    act(st, 0, f"order {card(st, 0, 'endless_winter')} -")
    assert st.players[0].hq == 0 and st.players[1].hq == 0
    out = ENGINE.outcome(st)
    assert out.winners == [1] and out.reason == "frontline.outcome.hq"


def test_bot_never_plays_an_order_that_destroys_its_own_hq():
    st = battle(206, kredits=10)
    st.players[0].hq, st.players[1].hq = 2, 9
    cid = card(st, 0, "endless_winter")
    assert any(a.code() == f"order {cid} -" for a in ENGINE.legal_actions(st, 0))
    assert GAME.bot_action(st, 0, random.Random(1)).kind == "end"


# --- adj. 6: a continuous effect lasts to the end of the damage that destroys its unit ----------
def test_adj_6_hq_shield_holds_through_the_damage_that_destroys_it():
    st = battle(207, kredits=20)
    st.players[1].hq = 2
    obs = unit(st, 1, "observer_corps")  # 1/2: enemy effects deal no damage to its HQ
    ev = act(st, 0, f"order {card(st, 0, 'winter_offensive')} -")  # 2 to every enemy unit and the HQ
    assert obs.uid not in st.units  # destroyed by that very damage ...
    assert st.players[1].hq == 2 and ENGINE.outcome(st) is None  # ... but it shielded the HQ to the end
    assert "frontline.hq_shielded" in keys(ev)
    act(st, 0, f"order {card(st, 0, 'air_raid')} -")  # the shield is gone now
    assert ENGINE.outcome(st).winners == [0]


def test_hq_shield_stops_enemy_effects_only():
    st = battle(208, kredits=20)
    unit(st, 1, "observer_corps")
    act(st, 0, f"order {card(st, 0, 'air_raid')} -")
    assert st.players[1].hq == 20
    art = unit(st, 0, "sfh18")  # combat damage is not an effect
    act(st, 0, f"attack {art.uid} hq")
    assert st.players[1].hq == 17
    st.turn = 1  # its owner's own order still hurts its own HQ
    act(st, 1, f"order {card(st, 1, 'endless_winter')} -")
    assert st.players[1].hq == 15 and st.players[0].hq == 18
    st = battle(208, kredits=20)
    obs = unit(st, 1, "observer_corps")
    act(st, 0, f"order {card(st, 0, 'disrupt')} {obs.uid}")  # silence erases the shield
    act(st, 0, f"order {card(st, 0, 'air_raid')} -")
    assert st.players[1].hq == 17


def test_hq_shield_against_a_counter_order():
    st = battle(209)
    unit(st, 0, "observer_corps")
    _set_counter(st, 1, "counterattack")  # 3 damage to the enemy HQ when its HQ is hit
    st.turn = 0
    art = unit(st, 0, "sfh18")
    act(st, 0, f"attack {art.uid} hq")
    assert st.players[1].hq == 17 and st.players[0].hq == 20


# --- 2.3 / 4.2: secrecy ------------------------------------------------------------------------
def test_active_counter_discarded_unfired_keeps_its_kredits_hidden():
    for order in ("sabotage", "false_orders"):
        st = battle(210, kredits=10)
        st.players[1].hand = []
        _set_counter(st, 1, "minefield")  # bob pays 2 in secret: 8 left, alice still sees 10
        st.turn = 0
        assert ENGINE.view(st, 0)["players"][1]["kredits"] == 10
        ev = act(st, 0, f"order {card(st, 0, order)} -")
        assert not any(c.key == "minefield" for c in st.players[1].hand)
        assert ENGINE.view(st, 0)["players"][1]["kredits"] == 10, order  # no sign it was active
        assert ENGINE.view(st, None)["players"][1]["kredits"] == 10
        assert all("total" not in e.params or e.params.get("name") != "bob" or e.params["total"] == 10
                   for e in ev if e.to is None)
        end_turn(st)
        assert st.players[1].hidden_spent == 0 and st.players[1].kredits == st.players[1].slots


def _scrambled(st, seat: int):
    """The same game with everything `seat` keeps secret changed: deck order and contents
    of the unrevealed hand cards, no active counter-order (its kredits given back), no
    mulligan marks, other hand ids."""
    other = ENGINE.load_state(ENGINE.dump_state(st))
    p = other.players[seat]
    random.Random(7).shuffle(p.deck)
    for d in p.deck:
        d.key = "tiger" if d.key != "tiger" else "grenadiers"
    hand = []
    for c in p.hand:
        key = c.key if c.revealed else ("air_raid" if c.key != "air_raid" else "kv1")
        hand.append(HandCard(id=c.id[::-1], key=key, revealed=c.revealed, captured=c.captured, bonus=c.bonus + 1))
    p.hand = hand
    p.kredits += p.hidden_spent
    p.hidden_spent = 0
    p.mulligan = []
    p.deck_code = "x"
    return other


def test_opponent_view_is_blind_to_every_hidden_fact_over_a_whole_game():
    """At every decision of a fixed-seed game (bot and random moves, counter-orders
    included), the opponent's and a spectator's view, text and picture are identical
    when everything the other seat keeps secret is changed."""
    st = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 11).state
    rng = random.Random(11)
    checked = counters = 0
    while ENGINE.outcome(st) is None:
        for secret in (0, 1):
            other = _scrambled(st, secret)
            for viewer in (1 - secret, None):
                a, b = ENGINE.view(st, viewer), ENGINE.view(other, viewer)
                assert a == b, (st.turn_no, secret, viewer)
                if checked % 25 == 0:
                    assert GAME.text.summary(a, "en") == GAME.text.summary(b, "en")
                    assert GAME.render(a, "zh-CN") == GAME.render(b, "zh-CN")
            checked += 1
        counters += sum(c.active for p in st.players for c in p.hand)
        seat = ENGINE.active_seats(st)[0]
        legal = ENGINE.legal_actions(st, seat)
        setters = [x for x in legal if x.kind == "counter"]
        action = setters[0] if setters else (GAME.bot_action(st, seat, rng) if rng.random() < 0.7
                                             else rng.choice(legal))
        ENGINE.apply(st, seat, action)
    assert checked > 100 and counters > 0  # the game really held active counter-orders


# --- the bot seat --------------------------------------------------------------------------------
def test_bot_plays_its_curve():
    st = battle(211, kredits=5)
    card(st, 0, "grenadiers")  # 2
    card(st, 0, "panzer3")  # 3
    card(st, 0, "tiger")  # 7: not affordable
    played = []
    rng = random.Random(1)
    while True:
        a = GAME.bot_action(st, 0, rng)
        if a.kind == "end":
            break
        played.append(next(c.key for c in st.players[0].hand if c.id == a.card))
        ENGINE.apply(st, 0, a)
    assert played == ["panzer3", "grenadiers"] and st.players[0].kredits == 0  # highest first, all spent


def test_bot_mulligans_expensive_cards_away():
    st = ENGINE.setup([Seat(index=0, name="a"), Seat(index=1, name="b")], ENGINE.parse_options({"first": "0"}), 3).state
    act(st, 0, "deck panzer")
    act(st, 1, "deck winter")
    st.players[0].hand = [HandCard(id=f"c{i}", key=k) for i, k in enumerate(["tiger", "grenadiers", "panzer4", "air_raid"])]
    rng = random.Random(1)
    marked = []
    while (a := GAME.bot_action(st, 0, rng)).kind == "swap":
        marked.append(a.card)
        ENGINE.apply(st, 0, a)
    assert sorted(marked) == ["c0"] and a.kind == "keep"  # the 7-cost Tiger goes back, cards up to 4 stay


def test_bot_defends_its_hq_when_threatened():
    def setup(hq):
        st = battle(212)
        st.players[0].hq = hq
        art = unit(st, 0, "sfh18")  # 3 attack, reaches anything
        t34 = unit(st, 1, "t34", front=True)  # 3/3 heavy armour 1: a threat on the frontline
        st.players[0].kredits = 1  # one attack only
        return st, art, t34

    st, art, t34 = setup(20)
    assert GAME.bot_action(st, 0, random.Random(1)).code() == f"attack {art.uid} hq"  # safe: go for the HQ
    st, art, t34 = setup(6)
    assert GAME.bot_action(st, 0, random.Random(1)).code() == f"attack {art.uid} {t34.uid}"  # defend


# --- board numbers, pincer, heavy armour cap, revealed cards ------------------------------------
def test_1_2_board_numbers_in_a_real_game():
    from games.frontline.state import FRONT_SIZE, HAND_LIMIT, HQ_START, SUPPORT_SIZE
    assert (HQ_START, SUPPORT_SIZE, FRONT_SIZE, HAND_LIMIT) == (20, 4, 5, 9)
    st = started(213)
    assert [p.hq for p in st.players] == [20, 20] and st.units == {} and st.front_owner is None
    assert [len(p.deck) + len(p.hand) for p in st.players] == [39, 39]  # the HQ is not a deck card
    st = battle(213, kredits=20)
    for _ in range(4):
        unit(st, 0, "grenadiers")
    cid = card(st, 0, "grenadiers")
    assert not any(a.kind == "deploy" for a in ENGINE.legal_actions(st, 0))
    with pytest.raises(RuleError) as err:
        act(st, 0, f"deploy {cid} -")
    assert err.value.key == "frontline.support_full"
    act(st, 0, f"order {card(st, 0, 'reinforcements')} -")  # added units need room too
    assert len(st.players[0].support) == 4


def test_3_3_6_silence_breaks_a_pincer():
    st = battle(214)
    a = unit(st, 0, "panzergrenadiers", front=True)
    b = unit(st, 0, "sdkfz251")
    st.turn = 1
    act(st, 1, f"order {card(st, 1, 'disrupt')} {b.uid}")
    st.turn = 0
    foe = unit(st, 1, "kv1")
    ev = act(st, 0, f"attack {a.uid} {foe.uid}")
    assert "frontline.pincer" not in keys(ev) and a.atk == 2


def test_3_3_7_heavy_armour_is_at_most_3_and_3_stops_3():
    from games.frontline.cards import Card
    with pytest.raises(ValueError):
        Card.model_validate({"key": "x", "code": "z9", "nation": "de", "kind": "unit", "type": "tank", "cost": 1,
                             "atk": 1, "hp": 1, "armour": 4, "name": {"en": "X", "zh-CN": "X"}})
    st = battle(215)
    att = unit(st, 0, "t34", front=True)  # 3 attack
    kv = unit(st, 1, "kv1")  # heavy armour 3
    act(st, 0, f"attack {att.uid} {kv.uid}")
    assert kv.hp == 7 and not kv.damaged and att.hp == 3 - (3 - 1)


def test_1_3_1_a_revealed_card_shuffled_back_comes_back_hidden():
    st = battle(216)
    st.players[1].deck = []
    st.players[1].hand = [HandCard(id="cr", key="tiger", revealed=True)]
    assert ENGINE.view(st, 0)["players"][1]["revealed"] == ["tiger"]
    act(st, 0, f"order {card(st, 0, 'false_orders')} -")  # the enemy shuffles a random hand card back
    assert st.players[1].hand == [] and [d.key for d in st.players[1].deck] == ["tiger"]
    end_turn(st)  # bob draws it again
    (again,) = st.players[1].hand
    assert again.key == "tiger" and not again.revealed and ENGINE.view(st, 0)["players"][1]["revealed"] == []


def test_3_4_5_discard_effect_of_a_deck_card_hits_the_player_who_forced_it():
    st = battle(217)
    st.players[1].hand = [HandCard(id="ca", key="arditi")]
    ev = act(st, 0, f"order {card(st, 0, 'sabotage')} -")  # bob discards his Arditi
    assert st.players[1].hand == [] and st.players[0].hq == 18 and st.players[1].hq == 20
    assert keys(ev).index("frontline.discarded") < keys(ev).index("frontline.hq_damage")
