"""The shortcuts taken for speed must give exactly what the plain way gives."""
import copy
import random

import pytest

from games.conflict import ENGINE
from games.conflict import legal as L
from games.conflict import rules as R
from games.core import Event, Seat, Step


def test_public_event_equals_event_public():
    params = {"unit": "u1", "name": {"en": "Tank", "zh-CN": "坦克"}, "dur": 3, "helpers": ["A", "B"]}
    fast, plain = R.public("conflict.ev.x", **params), Event.public("conflict.ev.x", **params)
    assert type(fast) is type(plain)
    assert fast == plain
    assert fast.model_fields_set == plain.model_fields_set
    assert fast.model_dump() == plain.model_dump()
    assert fast.model_dump_json() == plain.model_dump_json()
    assert R.public("conflict.ev.y") == Event.public("conflict.ev.y")


def test_step_equals_step():
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), 1).state
    events = [R.public("conflict.ev.x", a=1), Event.private(0, "conflict.ev.y", b=2)]
    fast, plain = R.step(state, list(events)), Step(state=state, events=list(events))
    assert type(fast) is type(plain)
    assert fast.state is plain.state
    assert fast.events == plain.events
    assert fast.model_fields_set == plain.model_fields_set
    assert fast == plain


def test_shared_field_name_sets_never_change():
    """Listed actions of a class share one set of given field names, events and steps one
    each (games.core.events.fill_model): assigning a field, or copying with changes, must leave it as is."""
    a, b = L._act("move", "c1", "u1", "t1"), L._act("move", "c1", "u1", "t2")
    assert a.model_fields_set is b.model_fields_set == {"card", "unit", "tid"}
    with pytest.raises(Exception):
        a.tid = "t9"  # actions are frozen
    changed = a.model_copy(update={"tid": "t3"})
    assert changed.tid == "t3" and changed.model_fields_set is not a.model_fields_set
    assert a.model_fields_set == b.model_fields_set == {"card", "unit", "tid"}
    e1, e2 = R.public("conflict.ev.x", a=1), R.public("conflict.ev.y")
    e1.to = [0]
    e1.params = {"b": 2}
    assert e1.model_fields_set is e2.model_fields_set == {"key", "params", "to"}
    assert e2.to is None and e2.params == {}
    s1 = R.step(None, [])
    s1.events = [e1]
    assert R.step(None, []).model_fields_set == {"state", "events"}



def _decisions(players: int, seed: int):
    """(state, seat, listed actions) at every decision of a seeded random game, flips mostly
    (so most development listings are the kept ones relisted after a flip)."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        yield state, seat, legal
        flips = [a for a in legal if a.kind == "flip"]
        state = ENGINE.apply(state, seat, rnd.choice(flips if flips and rnd.random() < 0.5 else legal)).state


def _applied(state, seat, action, listed: bool):
    """The dump and events of `action` applied to a copy of `state`, with or without the listing."""
    state = copy.deepcopy(state)
    if listed:
        ENGINE.legal_actions(state, seat)
    else:
        ENGINE.invalidate(state)
    step = ENGINE.apply(state, seat, action)
    return ENGINE.dump_state(step.state), [e.model_dump() for e in step.events]


@pytest.mark.parametrize("players,seed", [(2, 34), (3, 32), (5, 33)])
def test_a_listed_action_applies_as_the_full_checks_apply_it(players, seed):
    """apply skips its checks for an action of the listing just made for that very state and
    seat: every listed action passes the full checks, and the result is the same either way."""
    rnd = random.Random(seed)
    kinds = set()
    for state, seat, legal in _decisions(players, seed):
        for action in rnd.sample(legal, min(2, len(legal))):
            assert _applied(state, seat, action, listed=True) == _applied(state, seat, action, listed=False), \
                action.code()
            kinds.add(action.kind)
    assert {"flip", "deploy", "next", "strike", "lay"} <= kinds


def test_a_listing_is_trusted_only_for_that_very_state_and_seat():
    """A copy of the state (another object), another seat, an action parsed from text (another
    object, even if equal) and a state changed by hand then `invalidate`d are checked in full;
    a state changed by hand without it keeps a stale listing, which `invariants` reports."""
    from games.core import RuleError
    from tests.conflict.helpers import give, started

    state = started(3, seed=5)
    seat = state.turn
    give(state, seat, "maintain")
    state.territories[state.players[seat].capital].dur -= 1
    maintain = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "maintain")
    other = copy.deepcopy(state)
    other.players[seat].hand = [c for c in other.players[seat].hand if c.id != maintain.card]
    with pytest.raises(RuleError):
        ENGINE.apply(other, seat, maintain)
    with pytest.raises(RuleError) as err:  # the listing was for the turn seat: the others wait
        ENGINE.apply(state, (seat + 1) % 3, maintain)
    assert err.value.key == "core.not_your_turn"

    assert ENGINE.invariants(state) == []
    state.territories[state.players[seat].capital].dur += 1  # repaired by hand after the listing
    assert any("listing kept" in p for p in ENGINE.invariants(state))  # stale: the debug check sees it
    with pytest.raises(RuleError):  # a parsed action is another object: checked in full
        ENGINE.apply(state, seat, ENGINE.parse_action(maintain.code()))
    ENGINE.invalidate(state)
    assert ENGINE.invariants(state) == []
    with pytest.raises(RuleError):
        ENGINE.apply(state, seat, maintain)


def test_two_flips_without_a_listing_between_leave_no_stale_listing():
    """The listing is kept one flip old at most: after two flips with no listing between them,
    the next listing is a fresh one (not the first's parts patched for the second flip)."""
    from tests.conflict.helpers import started, unit

    state = started(3, seed=5)
    seat = state.turn
    for _ in range(2):
        unit(state, seat, "rifleman", state.players[seat].capital)
    ENGINE.invalidate(state)
    flips = [a for a in ENGINE.legal_actions(state, seat) if a.kind == "flip"]
    assert len(flips) >= 2
    ENGINE.apply(state, seat, flips[0])
    ENGINE.apply(state, seat, flips[1])
    assert ENGINE.invariants(state) == []
    assert ENGINE.legal_actions(state, seat) == L.legal(state, seat)


@pytest.mark.parametrize("players,seed", [(3, 41), (2, 42), (5, 43)])
def test_post_phase_takes_the_development_listing_kept_through_a_battle_of_one_next(players, seed):
    """RULES.md, 战后发展 Post-battle development: "同发展阶段。 Same as development." After a
    battle phase of a single `next` the post phase's first listing is the development listing
    `next` was chosen from (engine._before_battle): at every step of whole games the engine's
    list is the fresh list, in the same order, and `invariants` (which compares what is kept
    with a fresh listing) finds nothing; battles with other actions (attacks, claims) are
    listed afresh."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    reused = 0
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        kept = ENGINE._before_battle
        listed = ENGINE.legal_actions(state, seat)
        reused += kept is not None and kept.state is state and state.phase == "post" and listed == kept.acts
        assert listed == L.legal(state, seat)
        assert ENGINE.invariants(state) == []
        state = ENGINE.apply(state, seat, rnd.choice(listed)).state
        assert ENGINE.invariants(state) == []
    assert reused > 20


def test_a_state_changed_by_hand_during_a_battle_is_not_listed_from_before_it():
    """A development listing kept through the battle (engine._before_battle) is for that very
    state as `apply` left it: a state changed by hand during the battle is reported by
    `invariants`, and listed afresh in the post phase once `invalidate`d; a copy of the state
    never takes it."""
    from tests.conflict.helpers import give, started

    state = started(3, seed=5)
    seat = state.turn
    ENGINE.apply(state, seat, next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "next"))
    assert state.phase == "battle" and ENGINE._before_battle is not None
    assert ENGINE.invariants(state) == []
    twin = copy.deepcopy(state)
    card = give(state, seat, "maintain")
    state.territories[state.players[seat].capital].dur -= 1  # now a maintain can be played
    assert any("kept through the battle" in p for p in ENGINE.invariants(state))  # stale: seen
    ENGINE.invalidate(state)
    assert ENGINE.invariants(state) == []
    ENGINE.apply(state, seat, next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "next"))
    assert state.phase == "post"
    listed = ENGINE.legal_actions(state, seat)
    assert listed == L.legal(state, seat)
    assert any(a.kind == "maintain" and a.card == card for a in listed)
    ENGINE.apply(twin, seat, next(a for a in ENGINE.legal_actions(twin, seat) if a.kind == "next"))
    assert ENGINE.legal_actions(twin, seat) == L.legal(twin, seat)


@pytest.mark.parametrize("players,seed", [(3, 51), (2, 54)])
def test_units_are_at_full_durability_outside_a_battle_phase_with_a_strike(players, seed):
    """RULES.md: "每次战事阶段开始时所有单位 3 点耐久，结束时回满" (3 durability at the start of
    every battle phase, full again at its end). Only a fight lowers it, after a strike: so the
    turn cycle resets durability only after a turn that fought (rules.reset_hp), and at every
    step of whole games, attacks preferred, every unit outside such a battle phase is at 3;
    `invariants` reports one lowered by hand."""
    from games.conflict.rules import BATTLE_HP

    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    hurt = 0  # steps at which some unit was below 3 (inside a battle phase that fought)
    while ENGINE.outcome(state) is None:
        below = [u for u in state.units.values() if u.hp != BATTLE_HP]
        hurt += bool(below)
        if state.phase != "battle" or not state.fought:
            assert below == [], (state.phase, [u.id for u in below])
        assert ENGINE.invariants(state) == []
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        fights = [a for a in legal if a.kind in ("attack", "strike")]
        state = ENGINE.apply(state, seat, rnd.choice(fights if fights and rnd.random() < 0.8 else legal)).state
    assert hurt > 0
    unit = next(iter(state.units.values()), None)
    if unit is not None:
        state.phase, state.winner = "post", None
        unit.hp = 1
        assert any("durability 1" in p for p in ENGINE.invariants(state))


def test_units_abroad_kept_after_a_maintain_are_checked_against_a_fresh_list():
    """RULES.md, 撤退 Retreat: a unit in another faction's lands may retreat home. The seat's
    units abroad found by a development listing are passed on to the next listing after an
    action that moves no unit (L.ABROAD_KEPT: here a maintain); `invariants` compares them with
    a fresh list, so a unit moved abroad by hand is reported, and listed once `invalidate`d."""
    from tests.conflict.helpers import give, outer, started, unit

    state = started(3, seed=5)
    seat = state.turn
    give(state, seat, "retreat")
    give(state, seat, "maintain")
    state.territories[state.players[seat].capital].dur -= 1
    mover = unit(state, seat, "rifleman", state.players[seat].capital)
    ENGINE.invalidate(state)
    maintain = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "maintain")
    ENGINE.apply(state, seat, maintain)
    assert ENGINE._kept_units is not None and ENGINE._kept_units[5] == []  # nobody abroad, kept
    assert ENGINE.invariants(state) == []
    mover.loc = outer(state, (seat + 1) % 3)[0]  # abroad, by hand
    assert any("units abroad kept" in p for p in ENGINE.invariants(state))
    ENGINE.invalidate(state)
    assert ENGINE.invariants(state) == []
    listed = ENGINE.legal_actions(state, seat)
    assert listed == L.legal(state, seat)
    assert any(a.kind == "retreat" and a.unit == mover.id for a in listed)
