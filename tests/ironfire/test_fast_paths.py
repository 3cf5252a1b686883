"""The shortcuts the Iron & Fire engine takes for speed give the same answers as the long
way: apply trusts the battle listing it was just given for that very state and seat, and
checks everything else in full."""
from __future__ import annotations

import copy
import random

import pytest

from games.core import RuleError, Seat
from games.ironfire import ENGINE
from games.ironfire.cards import CARD_LOGISTICS

from .helpers import battle, play, unit


def _decisions(players: int, fog: bool, seed: int):
    """(state, seat, listed actions) at every battle decision of a seeded random game."""
    chooser = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}") for i in range(players)]
    options = ENGINE.parse_options({"fog_of_war": "true" if fog else "false"})
    st = ENGINE.setup(seats, options, 90 + seed).state
    while ENGINE.outcome(st) is None:
        seat = chooser.choice(ENGINE.active_seats(st))
        legal = ENGINE.legal_actions(st, seat)
        if st.phase == "battle":
            yield st, seat, legal
        st = ENGINE.apply(st, seat, chooser.choice(legal)).state


def _applied(st, seat, action, listed: bool):
    """The dump and events of `action` applied to a copy of `st`, with or without the listing."""
    st = copy.deepcopy(st)
    if listed:
        ENGINE.legal_actions(st, seat)
    else:
        ENGINE._listed = None
    step = ENGINE.apply(st, seat, action)
    return ENGINE.dump_state(step.state), [e.model_dump() for e in step.events]


@pytest.mark.parametrize("players,fog", [(2, False), (2, True), (3, False), (4, True)])
def test_a_listed_action_applies_as_the_full_checks_apply_it(players, fog):
    """apply skips its checks for an action of the battle listing just made for that state
    (attacks, hits, focus fires and joins): every listed action passes the checks, and the
    result is the same either way."""
    rnd = random.Random(5)
    kinds = set()
    for seed in range(3):
        for st, seat, legal in _decisions(players, fog, seed):
            for action in rnd.sample(legal, min(3, len(legal))):
                assert _applied(st, seat, action, listed=True) == _applied(st, seat, action, listed=False), \
                    action.code()
                kinds.add(action.kind)
    assert {"attack", "hit", "focus", "with"} <= kinds


def test_apply_reuses_a_listing_only_for_that_very_state_and_seat():
    """A copy of the state (another object) is checked afresh, and so is an action parsed from
    text (another object, even if equal), and a state changed after apply (even one that
    refused its action) or resign dropped the listing."""
    state = battle([["abrams"], ["kv1"], ["t34"]])
    p = state.players[0]
    p.logistics = ENGINE.army_logistics(p) + 3  # 207.3: the armour attack (cost 2) is affordable
    attack = next(a for a in ENGINE.legal_actions(state, 0) if a.code() == "attack a1 armour")
    other = copy.deepcopy(state)
    other.players[0].logistics = ENGINE.army_logistics(p) + 1  # a copy where it no longer is
    with pytest.raises(RuleError) as err:
        ENGINE.apply(other, 0, attack)
    assert err.value.key == "ironfire.no_logistics"
    with pytest.raises(RuleError) as err:  # the listing was for seat 0: seat 1 still waits
        ENGINE.apply(state, 1, attack)
    assert err.value.key == "core.not_your_turn"

    ENGINE.legal_actions(state, 0)
    p.logistics = ENGINE.army_logistics(p) + 1  # changed by hand after the listing: an action
    with pytest.raises(RuleError) as err:  # parsed from text is another object, checked in full
        ENGINE.apply(state, 0, ENGINE.parse_action("attack a1 armour"))
    assert err.value.key == "ironfire.no_logistics"

    p.logistics = ENGINE.army_logistics(p) + 3
    ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError):  # refused, yet the listing is dropped: apply was asked
        ENGINE.apply(state, 0, ENGINE.parse_action("attack a9 armour"))
    p.logistics = ENGINE.army_logistics(p) + 1  # changed by hand after that
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 0, attack)
    assert err.value.key == "ironfire.no_logistics"

    p.logistics = ENGINE.army_logistics(p) + 3
    ENGINE.legal_actions(state, 0)
    ENGINE.resign(state, 2)  # the game goes on between the other two
    p.logistics = ENGINE.army_logistics(p) + 1
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 0, attack)
    assert err.value.key == "ironfire.no_logistics"


@pytest.mark.parametrize("players,fog", [(2, False), (2, True), (3, False), (4, True)])
def test_the_listing_kept_from_apply_is_the_fresh_listing(players, fog):
    """apply keeps the listing of the seat it hands the turn to (worked out to know that the
    seat still plays in the round); at every step of random games the kept listing, when
    there is one, is the fresh one, `legal_actions` returns it, and `invariants` agrees."""
    taken = 0
    for seed in range(3):
        chooser = random.Random(seed)
        seats = [Seat(index=i, name=f"P{i + 1}") for i in range(players)]
        st = ENGINE.setup(seats, ENGINE.parse_options({"fog_of_war": "true" if fog else "false"}), 50 + seed).state
        while ENGINE.outcome(st) is None:
            seat = chooser.choice(ENGINE.active_seats(st))
            kept = ENGINE._next
            assert ENGINE.invariants(st) == []
            legal = ENGINE.legal_actions(st, seat)
            if kept is not None and kept[0] is st:
                assert kept[1] == seat and legal == ENGINE._turn_listing(st, seat)[0]
                taken += 1
            st = ENGINE.apply(st, seat, chooser.choice(legal)).state
    assert taken > 0  # under fog a seat holding face-down cards is in the round without one


def test_a_state_changed_outside_apply_is_listed_afresh():
    """Rounds started or ended other than by apply (tests set scenarios up that way) keep no
    listing, and `invalidate(state)` drops the one an apply kept before a change by hand."""
    state = battle([["t34", "t34"], ["panther"]])  # the first round started outside apply
    unit(state, "a1").cut = True  # 207.4
    assert {a.code() for a in ENGINE.legal_actions(state, 0)} == {"attack a2 armour"}

    state = battle([["t34", "t34"], ["kv1", "kv1"]])
    ENGINE.legal_actions(state, 0)
    play(state, 0, "attack a1 armour")
    if state.attack is not None:
        play(state, 0, "stop")  # seat 1's turn: the apply kept its listing
    assert ENGINE._next is not None and ENGINE._next[0] is state and ENGINE._next[1] == 1
    unit(state, "b1").cut = True  # by hand, after that apply
    ENGINE.invalidate(state)
    assert {a.code() for a in ENGINE.legal_actions(state, 1)} == {"attack b2 armour"}


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2)])
def test_the_army_selection_kept_by_apply_is_the_fresh_one(players, seed):
    """101.4 army selection: apply keeps each seat's reserve and picked cards in first-copy
    order (what its listing is made of) up to date; at every step of random games it equals
    one made afresh, the listing is the one the whole reserve gives, and `invariants` agrees."""
    chooser = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}") for i in range(players)]
    st = ENGINE.setup(seats, ENGINE.parse_options({"match": "2"}), 70 + seed).state
    steps = 0
    while ENGINE.outcome(st) is None:
        seat = chooser.choice(ENGINE.active_seats(st))
        assert ENGINE.invariants(st) == []
        legal = ENGINE.legal_actions(st, seat)
        if st.phase == "army":
            p = st.players[seat]
            room = p.logistics - sum(CARD_LOGISTICS[c.card] for c in p.picked)
            fits = [k for k in dict.fromkeys(p.reserve) if CARD_LOGISTICS[k] <= room]
            assert [a.card for a in legal if a.kind == "pick"] == fits
            assert [a.card for a in legal if a.kind == "drop"] in ([], list(dict.fromkeys(c.card for c in p.picked)))
            steps += 1
        st = ENGINE.apply(st, seat, chooser.choice(legal)).state
    assert steps > 20


def test_an_army_selection_changed_by_hand_is_listed_afresh():
    """A reserve or picked list replaced or resized by hand makes a new army listing; a change
    in place of the same size needs `invalidate(state)` (as the battle listing does)."""
    seats = [Seat(index=i, name=f"P{i + 1}") for i in range(2)]
    st = ENGINE.setup(seats, ENGINE.parse_options({}), 3).state
    while st.phase != "army":
        seat = ENGINE.active_seats(st)[0]
        st = ENGINE.apply(st, seat, ENGINE.legal_actions(st, seat)[0]).state
    p = st.players[0]
    ENGINE.legal_actions(st, 0)
    p.reserve = ["t34", "kv1"]  # replaced
    assert [a.code() for a in ENGINE.legal_actions(st, 0) if a.kind == "pick"] == ["pick t34", "pick kv1"]
    p.reserve.append("panther")  # resized in place
    assert [a.code() for a in ENGINE.legal_actions(st, 0) if a.kind == "pick"] == ["pick t34", "pick kv1", "pick panther"]
    p.reserve[0] = "tiger"  # same size, in place: stale until invalidated, and invariants say so
    stale = "the army selection kept for seat 0 differs from a fresh one"
    assert stale in ENGINE.invariants(st)
    ENGINE.invalidate(st)
    assert stale not in ENGINE.invariants(st)
    assert [a.code() for a in ENGINE.legal_actions(st, 0) if a.kind == "pick"] == ["pick tiger", "pick kv1", "pick panther"]
