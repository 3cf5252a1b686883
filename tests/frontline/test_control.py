"""4.1.5 temporary control ("borrow"): placement on the way in and back, acting at once,
the end of the loan, and how other rules treat a borrowed unit."""
import random

import pytest

from games.core import RuleError
from games.frontline import ENGINE, GAME
from games.frontline import rules as R
from games.frontline.cards import Effect

from .helpers import act, battle, card, end_turn, keys, unit


def _borrow(st, target):
    return act(st, 0, f"order {card(st, 0, 'requisition')} {target.uid}")


def _resolve(st, do, target):
    ev = []
    R.resolve(st, 0, Effect(do=do, to="target"), ev, source=None, target=target.uid)
    return ev


# --- placement on the way in and on the way back --------------------------------------------
def test_lone_frontline_unit_carries_the_frontline_both_ways():
    st = battle(90)
    x = unit(st, 1, "grenadiers", front=True, attacks=1, moved=True)  # it acted on its owner's turn
    ev = _borrow(st, x)
    assert "frontline.borrowed" in keys(ev)
    assert (x.owner, x.lent_by, st.front_owner, st.front) == (0, 1, 0, [x.uid])
    act(st, 0, f"attack {x.uid} hq")  # it may act the turn it is borrowed
    assert st.players[1].hq == 18
    ev = end_turn(st)
    assert "frontline.loan_over" in keys(ev)
    assert (x.owner, x.lent_by, st.front_owner, st.front) == (1, None, 1, [x.uid])
    assert ENGINE.can_attack(st, x)  # back with its owner, who may use it on this turn
    assert ENGINE.invariants(st) == []


def test_frontline_unit_with_others_goes_to_the_support_line_and_comes_back_there():
    st = battle(91)
    x = unit(st, 1, "grenadiers", front=True)
    y = unit(st, 1, "grenadiers", front=True)
    _borrow(st, x)
    assert st.players[0].support == [x.uid] and st.front == [y.uid] and st.front_owner == 1
    act(st, 0, f"attack {x.uid} {y.uid}")  # from the support line it reaches the enemy frontline
    assert x.uid not in st.units and y.uid not in st.units
    st = battle(91)
    x = unit(st, 1, "grenadiers", front=True)
    unit(st, 1, "grenadiers", front=True)
    _borrow(st, x)
    end_turn(st)
    assert x.owner == 1 and st.players[1].support == [x.uid] and st.players[0].support == []


def test_way_back_lone_frontline_unit_takes_the_frontline_to_its_owner():
    st = battle(92)
    x = unit(st, 1, "grenadiers")
    _borrow(st, x)
    act(st, 0, f"move {x.uid}")
    assert st.front == [x.uid] and st.front_owner == 0
    end_turn(st)
    assert st.front == [x.uid] and st.front_owner == 1 and st.players[1].support == []


def test_way_back_frontline_with_others_sends_it_to_its_owners_support_line():
    st = battle(93)
    z = unit(st, 0, "grenadiers", front=True)
    x = unit(st, 1, "grenadiers")
    _borrow(st, x)
    act(st, 0, f"move {x.uid}")
    assert st.front == [z.uid, x.uid]
    end_turn(st)
    assert st.front == [z.uid] and st.front_owner == 0 and st.players[1].support == [x.uid]


def test_full_support_line_removes_the_unit_on_the_way_in():
    st = battle(94)
    for _ in range(4):
        unit(st, 0, "grenadiers")
    x = unit(st, 1, "rearguard")  # destruction: a random friendly unit +1/+1
    friend = unit(st, 1, "grenadiers")
    ev = _borrow(st, x)
    assert x.uid not in st.units and "frontline.removed" in keys(ev)
    assert "frontline.destroyed" not in keys(ev) and (friend.atk, friend.hp) == (2, 2)  # removed, not destroyed


def test_full_support_line_removes_the_unit_on_the_way_back():
    st = battle(95)
    w = unit(st, 1, "grenadiers", front=True)
    x = unit(st, 1, "grenadiers")
    for _ in range(3):
        unit(st, 1, "grenadiers")
    _borrow(st, x)
    act(st, 0, f"order {card(st, 0, 'push_back')} {w.uid}")  # the enemy support line is full again
    assert len(st.players[1].support) == 4
    ev = end_turn(st)
    assert x.uid not in st.units and "frontline.removed" in keys(ev) and "frontline.loan_over" not in keys(ev)
    assert ENGINE.invariants(st) == []


# --- other rules on a borrowed unit ------------------------------------------------------------
def test_deploy_effect_borrows_and_the_borrowed_unit_acts_at_once():
    st = battle(96)
    x = unit(st, 1, "tiger", front=True)
    act(st, 0, f"deploy {card(st, 0, 'soe_agents')} {x.uid}")
    agents = st.units[st.players[0].support[0]]
    assert x.owner == 0 and x.lent_by == 1
    assert ENGINE.can_attack(st, x) and not ENGINE.can_attack(st, agents)
    st = battle(96)
    act(st, 0, f"deploy {card(st, 0, 'soe_agents')} -")  # no enemy unit: the unit deploys, the effect fizzles
    assert len(st.players[0].support) == 1


def test_pincer_is_lost_while_borrowed():
    st = battle(97)
    p1 = unit(st, 1, "panzergrenadiers", front=True)
    unit(st, 1, "sdkfz251")
    _borrow(st, p1)
    target = unit(st, 1, "kv1")
    ev = act(st, 0, f"attack {p1.uid} {target.uid}")
    assert "frontline.pincer" not in keys(ev) and p1.atk == 2  # its partner stayed with the enemy
    st = battle(97)
    unit(st, 0, "sdkfz251")  # a pincer partner on the borrower's side forms a pincer
    p1 = unit(st, 1, "panzergrenadiers", front=True)
    _borrow(st, p1)
    target = unit(st, 1, "kv1")
    ev = act(st, 0, f"attack {p1.uid} {target.uid}")
    assert "frontline.pincer" in keys(ev)


def test_retreat_to_hand_goes_to_the_card_owner():
    st = battle(98)
    x = unit(st, 1, "grenadiers")
    _borrow(st, x)
    ev = _resolve(st, "retreat", x)  # from the support line: back to a hand
    assert x.uid not in st.units and "frontline.retreat_hand" in keys(ev)
    assert [c.key for c in st.players[1].hand] == ["grenadiers"] and st.players[1].hand[0].revealed
    assert st.players[0].hand == []


def test_retreat_from_the_frontline_keeps_the_loan():
    st = battle(98)
    x = unit(st, 1, "grenadiers", front=True)
    _borrow(st, x)
    _resolve(st, "retreat", x)  # to the borrower's support line, still borrowed
    assert st.players[0].support == [x.uid] and x.lent_by == 1 and st.front_owner is None
    end_turn(st)
    assert x.owner == 1 and st.players[1].support == [x.uid]


def test_permanent_control_of_a_borrowed_unit_keeps_it_where_it_is():
    st = battle(99)
    x = unit(st, 1, "grenadiers", front=True)
    _borrow(st, x)
    act(st, 0, f"attack {x.uid} hq")
    ev = _resolve(st, "control", x)
    assert "frontline.control" in keys(ev) and x.lent_by is None and st.front == [x.uid]
    assert not ENGINE.can_attack(st, x)  # taking control again gives no second action
    end_turn(st)
    assert x.owner == 0 and st.front_owner == 0


def test_silence_does_not_end_the_loan():
    st = battle(100)
    x = unit(st, 1, "guards_rifles")
    _borrow(st, x)
    _resolve(st, "silence", x)
    assert x.silenced and x.lent_by == 1
    end_turn(st)
    assert x.owner == 1 and x.uid in st.players[1].support


def test_suppressing_a_borrowed_unit_costs_its_owner_the_next_turn():
    st = battle(101)
    x = unit(st, 1, "grenadiers", front=True)
    _borrow(st, x)
    _resolve(st, "pin", x)
    assert ENGINE.can_attack(st, x)  # not this turn
    end_turn(st)
    assert x.owner == 1 and not ENGINE.can_attack(st, x)


def test_a_borrowed_unit_destroyed_in_combat_does_not_come_back():
    st = battle(102)
    x = unit(st, 1, "grenadiers", front=True)
    big = unit(st, 1, "guards_rifles")
    _borrow(st, x)
    act(st, 0, f"attack {x.uid} {big.uid}")  # 2 against 2/4: 2 back, it dies
    ev = end_turn(st)
    assert x.uid not in st.units and "frontline.loan_over" not in keys(ev) and ENGINE.invariants(st) == []


# --- invariants, rejected commands, view, bot ----------------------------------------------------
def test_invariant_catches_a_loan_that_outlives_the_turn():
    st = battle(103)
    x = unit(st, 1, "grenadiers")
    _borrow(st, x)
    assert ENGINE.invariants(st) == []
    st.turn = 1  # as if the turn had passed without the unit going back
    assert any("borrowed" in p for p in ENGINE.invariants(st))
    st.turn = 0
    x.lent_by = 0  # lent by its own owner
    assert any("borrowed" in p for p in ENGINE.invariants(st))


def test_rejected_borrow_commands_leave_the_state_untouched():
    st = battle(104, kredits=3)
    own = unit(st, 0, "grenadiers")
    proof = unit(st, 1, "brandenburgers")  # cannot be targeted by enemy orders
    rid = card(st, 0, "requisition")
    sid = card(st, 0, "soe_agents")
    before = ENGINE.dump_state(st)
    for code, key in [
        (f"order {rid} {own.uid}", "frontline.no_valid_target"),  # no valid target exists at all
        (f"order {rid} -", "frontline.no_valid_target"),
        (f"deploy {sid} {proof.uid}", "frontline.kredits"),
    ]:
        with pytest.raises(RuleError) as err:
            act(st, 0, code)
        assert err.value.key == key, code
        assert ENGINE.dump_state(st) == before, code
    st.players[0].kredits = 10
    x = unit(st, 1, "grenadiers", front=True)
    before = ENGINE.dump_state(st)
    for code, key in [
        (f"order {rid} {own.uid}", "frontline.bad_target"),
        (f"order {rid} {proof.uid}", "frontline.bad_target"),
        (f"deploy {sid} {own.uid}", "frontline.bad_target"),
        (f"attack {x.uid} hq", "frontline.no_unit"),  # not borrowed yet
    ]:
        with pytest.raises(RuleError) as err:
            act(st, 0, code)
        assert err.value.key == key, code
        assert ENGINE.dump_state(st) == before, code
    _borrow(st, x)
    act(st, 0, f"attack {x.uid} hq")
    before = ENGINE.dump_state(st)
    with pytest.raises(RuleError) as err:  # one action a turn, borrowed or not
        act(st, 0, f"attack {x.uid} hq")
    assert err.value.key == "frontline.acted" and ENGINE.dump_state(st) == before


def test_view_and_text_mark_a_borrowed_unit():
    st = battle(105)
    x = unit(st, 1, "grenadiers", front=True)
    assert ENGINE.view(st, 0)["front"][0]["lent_by"] is None
    _borrow(st, x)
    for seat in (0, 1, None):
        assert ENGINE.view(st, seat)["front"][0]["lent_by"] == 1
    assert "⇄" in GAME.text.summary(ENGINE.view(st, 1), "en")
    assert GAME.render(ENGINE.view(st, 0), "zh-CN")[:4] == b"\x89PNG"
    end_turn(st)
    assert "⇄" not in GAME.text.summary(ENGINE.view(st, 1), "en")


def test_bot_borrows_an_enemy_tank_to_finish_the_enemy_hq():
    st = battle(106)
    tiger = unit(st, 1, "tiger", front=True)
    st.players[1].hq = 5
    card(st, 0, "requisition")
    rng = random.Random(1)
    first = GAME.bot_action(st, 0, rng)
    assert first.kind == "order" and first.target == tiger.uid
    ENGINE.apply(st, 0, first)
    second = GAME.bot_action(st, 0, rng)
    assert second.code() == f"attack {tiger.uid} hq"
    ENGINE.apply(st, 0, second)
    assert ENGINE.outcome(st).winners == [0]
