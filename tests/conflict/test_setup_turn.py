"""Opening, turn cycle, draw phase, hand limit, first round without attacks."""
import pytest

from games.conflict import ENGINE
from games.conflict.present import units_of
from games.conflict import rules as R
from games.conflict.data import content
from games.core import RuleError, Seat

from tests.conflict.helpers import clear_hand, codes, give, keys, play, started, to_develop


def test_opening_deals_three_factions_four_territories_two_resources_five_cards():
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(6)], ENGINE.parse_options({}), 11).state
    for p in state.players:
        assert len(p.offer) == 3 and len(set(p.offer)) == 3
        assert len(p.dealt) == 4
        assert p.res == 2 and len(p.hand) == 5
    all_dealt = [t for p in state.players for t in p.dealt]
    assert len(set(all_dealt)) == 24
    # the faction choice is simultaneous and secret: every seat acts, nobody sees the others' offers
    assert ENGINE.active_seats(state) == list(range(6))
    public = ENGINE.view(state, None)
    assert all(p["faction"] is None and "offer" not in p for p in public["players"])
    assert public["terrs"] == {}


def test_arrange_puts_capital_in_inner_row_and_rows_hold_at_most_three():
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(2)], ENGINE.parse_options({}), 3).state
    p0 = state.players[0]
    with pytest.raises(RuleError):
        play(state, 0, f"arrange {p0.dealt[0]} 2")  # faction first
    play(state, 0, f"faction {p0.offer[1]}")
    play(state, 0, f"arrange {p0.dealt[2]} 3")
    assert p0.rows[0][0] == p0.dealt[2] or p0.capital == p0.dealt[2]
    assert [len(r) for r in p0.rows] == [3, 1]
    assert p0.capital in p0.rows[0]
    assert state.phase == "setup"  # waits for the other player
    p1 = state.players[1]
    play(state, 1, f"faction {p1.offer[0]}")
    step = play(state, 1, f"arrange {p1.dealt[1]} 1")
    assert [len(r) for r in p1.rows] == [1, 3]
    assert state.phase == "develop"
    assert "core.roll" in keys(step.events)  # the first player is rolled in the open
    assert "conflict.ev.revealed" in keys(step.events)


def test_draw_phase_one_resource_per_two_territories_and_two_cards():
    state = started(3, seed=5)
    seat = state.turn
    p = state.players[seat]
    before_res, before_hand = p.res, len(p.hand)
    ev = []
    R.start_turn(state, seat, ev)
    bonus = 1 if R.capital_effect(state, seat) == "capital_resource" else 0
    extra = 1 if R.capital_effect(state, seat) == "capital_draw" else 0
    assert p.res == before_res + 4 // 2 + bonus
    assert len(p.hand) == before_hand + 2 + extra


def test_no_attack_in_the_first_round():
    state = started(3, seed=5)
    seat = state.turn
    give(state, seat, "attack")
    play(state, seat, "next")
    assert state.phase == "battle" and state.round == 1
    assert not any(c.startswith("attack") for c in codes(state, seat))
    card = R.cards_of(state, seat, "attack")[0]
    with pytest.raises(RuleError) as err:
        play(state, seat, f"attack {card.id}")
    assert err.value.key == "conflict.err.no_attack"


def test_hand_limit_seven_at_end_of_turn():
    state = started(2, seed=9)
    seat = state.turn
    clear_hand(state, seat)
    for _ in range(9):
        give(state, seat, "attack")
    play(state, seat, "next")
    play(state, seat, "next")
    play(state, seat, "next")
    assert state.phase == "end" and state.turn == seat
    assert ENGINE.active_seats(state) == [seat]
    ids = [c.id for c in state.players[seat].hand]
    play(state, seat, f"discard {ids[0]}")
    assert state.phase == "end"
    play(state, seat, f"discard {ids[1]}")
    assert len(state.players[seat].hand) == 7
    assert state.turn != seat  # the next faction's turn began


def test_rejected_action_leaves_state_untouched():
    state = started(3, seed=5)
    seat = state.turn
    before = ENGINE.dump_state(state)
    for code in ("deploy nosuch t1 up", "strike u1 t1", "maintain cX t1", "next"):
        try:
            play(state, (seat + 1) % 3, code)
        except RuleError:
            pass
    with pytest.raises(RuleError) as err:
        play(state, seat, "deploy nosuch t1 up")
    assert err.value.key == "conflict.err.no_card"
    assert ENGINE.dump_state(state) == before


def test_deploy_costs_resources_and_face_down_is_hidden():
    state = started(3, seed=5)
    seat = state.turn
    to_develop(state, seat)
    clear_hand(state, seat)
    cid = give(state, seat, "stormtrooper")
    state.players[seat].res = 10
    tid = state.players[seat].capital
    step = play(state, seat, f"deploy {cid} {tid} down")
    cost = R.deploy_cost(state, seat, "stormtrooper")
    assert state.players[seat].res == 10 - cost
    unit = next(u for u in state.units.values() if u.owner == seat)
    assert not unit.up and unit.mask
    other = (seat + 1) % 3
    row = next(u for u in units_of(ENGINE.view(state, other)) if u[0] == unit.id)
    assert row[5] is None and unit.mask not in str(ENGINE.view(state, other))
    assert unit.mask not in str([e.model_dump() for e in step.events if e.to is None])
    assert unit.mask in str(ENGINE.view(state, seat))


def test_deploy_refused_without_enough_resources():
    state = started(3, seed=5)
    seat = state.turn
    clear_hand(state, seat)
    cid = give(state, seat, "bomberwing")
    state.players[seat].res = 0
    with pytest.raises(RuleError) as err:
        play(state, seat, f"deploy {cid} {state.players[seat].capital} up")
    assert err.value.key == "conflict.err.cost"


def test_vehicle_needs_crew_of_the_right_kind_and_has_a_production_limit():
    from tests.conflict.helpers import unit
    state = started(3, seed=5)
    seat = state.turn
    cap = state.players[seat].capital
    fighter = unit(state, seat, "fighter", cap)  # crew: character only
    rifle = unit(state, seat, "rifleman", cap)
    assert f"board {fighter.id} {rifle.id}" not in codes(state, seat)
    ana = unit(state, seat, "sniper_ana", cap)
    assert f"board {fighter.id} {ana.id}" in codes(state, seat)
    assert not R.can_act(state, fighter)  # no crew: cannot move or attack
    play(state, seat, f"board {fighter.id} {ana.id}")
    assert R.can_act(state, fighter) and not R.can_act(state, ana)
    # production limit: the mech may be fielded once per faction
    unit(state, seat, "mech", cap)
    clear_hand(state, seat)
    state.players[seat].res = 20
    assert content().cards["mech"].limit == 1
    assert not any(c.startswith("deploy") for c in codes(state, seat))


def test_flip_once_per_turn_face_down_units_cannot_act_or_be_attacked():
    from tests.conflict.helpers import unit
    state = started(3, seed=5)
    seat = state.turn
    u = unit(state, seat, "rifleman", state.players[seat].capital, up=False)
    assert not R.can_act(state, u)
    play(state, seat, f"flip {u.id}")
    assert u.up and u.mask == ""
    assert f"flip {u.id}" not in codes(state, seat)


def test_clear_errors_for_wrong_card_wrong_phase_and_wrong_seat():
    from games.core.i18n import t
    state = started(3, seed=5)
    seat = state.turn
    clear_hand(state, seat)
    atk = give(state, seat, "attack")
    cap = state.players[seat].capital
    with pytest.raises(RuleError) as err:
        play(state, seat, f"maintain {atk} {cap}")
    assert err.value.key == "conflict.err.wrong_card"
    assert "进攻" in t("zh-CN", err.value.key, **err.value.params)
    assert "Attack" in t("en", err.value.key, **err.value.params)
    with pytest.raises(RuleError) as err:
        play(state, seat, "halt")
    assert err.value.key == "conflict.err.phase"
    with pytest.raises(RuleError) as err:
        play(state, (seat + 1) % 3, "next")
    assert err.value.key == "core.not_your_turn"
