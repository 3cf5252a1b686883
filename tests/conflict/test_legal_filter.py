"""`apply` checks an action against `legal(state, seat, kind)`, which skips the groups that
cannot hold that kind. At every step of seeded random games, for every action kind, the
filtered list must hold exactly the full list's actions of that kind (and nothing outside
the full list), or apply would refuse a legal action or accept an illegal one."""
import random

import pytest

from games.conflict import ENGINE
from games.conflict import legal as L
from games.conflict.model import ACTIONS
from games.core import Seat

KINDS = [cls.model_fields["kind"].default for cls in ACTIONS]
PASSIVE = ("flip", "halt", "next", "no", "pass")


@pytest.mark.parametrize("players,seed,aggressive", [(3, 1, False), (3, 7, True), (4, 6, True), (2, 8, True)])
def test_filtered_legal_lists_match_the_full_list(players, seed, aggressive):
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    seen = set()
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        full = L.legal(state, seat)
        for kind in KINDS:
            filtered = L.legal(state, seat, kind)
            assert set(filtered) <= set(full), kind
            assert [a for a in filtered if a.kind == kind] == [a for a in full if a.kind == kind], kind
        seen.update(a.kind for a in full)
        pool = [a for a in full if a.kind not in PASSIVE] if aggressive else []
        state = ENGINE.apply(state, seat, rnd.choice(pool or full)).state
    assert len(seen) >= 40  # the games offered most of the 49 kinds of action


@pytest.mark.parametrize("players,seed", [(3, 3), (2, 5)])
def test_flip_check_matches_the_legal_list(players, seed):
    """apply checks a flip with `flip_allowed` instead of a listing: it must agree with the
    full list for every unit, at every step, for the seat to move and for the others."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        for s in range(players):
            flips = {a.unit for a in L.legal(state, s) if a.kind == "flip"}
            assert {u for u in state.units if L.flip_allowed(state, s, u)} == flips
            assert not L.flip_allowed(state, s, "u0")
        state = ENGINE.apply(state, seat, rnd.choice(L.legal(state, seat))).state


@pytest.mark.parametrize("players,seed,aggressive", [(3, 4, False), (3, 8, True), (4, 5, True), (2, 9, True)])
def test_quick_checks_match_the_legal_list(players, seed, aggressive):
    """apply checks the commonest kinds with `L.QUICK` instead of a listing: for every seat at
    every step, each check must accept exactly the listed actions of its kind, tried on every
    such action listed lately (most no longer legal: cards played, units moved or flipped)."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    recent: dict = {}  # action -> None, the last few hundred of the quick kinds listed for anyone
    while ENGINE.outcome(state) is None:
        lists = {s: L.legal(state, s) for s in range(players)}
        for acts in lists.values():
            recent.update((a, None) for a in acts if a.kind in L.QUICK)
        while len(recent) > 300:
            del recent[next(iter(recent))]
        for s, acts in lists.items():
            listed = set(acts)
            for a in recent:
                assert L.QUICK[a.kind](state, s, a) == (a in listed), (s, a.code())
        seat = rnd.choice(ENGINE.active_seats(state))
        full = lists[seat]
        pool = [a for a in full if a.kind not in PASSIVE] if aggressive else []
        state = ENGINE.apply(state, seat, rnd.choice(pool or full)).state


def test_listed_actions_are_built_like_parsed_ones():
    """Legal lists build actions through `L._MAKE`, filled without pydantic's validation: the
    same values must give the model that keywords or a parsed code give, for every kind."""
    sample = {str: "x1", int: 2}
    for cls in ACTIONS:
        names = [n for n in cls.model_fields if n != "kind"]
        values = [cls.model_fields[n].annotation for n in names]
        values = [sample.get(t, "up" if "up" in str(t) else "hand") for t in values]
        built = L._MAKE[cls.model_fields["kind"].default](*values)
        parsed = ENGINE.parse_action(" ".join([cls.model_fields["kind"].default, *map(str, values)]))
        by_keywords = cls(**dict(zip(names, values)))
        assert type(built) is cls and built == parsed == by_keywords
        assert built.model_fields_set == by_keywords.model_fields_set
        assert hash(built) == hash(by_keywords) and built.code() == by_keywords.code()
        assert built.model_dump_json() == by_keywords.model_dump_json()


@pytest.mark.parametrize("players,seed,aggressive", [(3, 11, False), (3, 12, True), (5, 13, True), (2, 14, True)])
def test_listed_actions_equal_validated_ones_in_whole_games(players, seed, aggressive):
    """The fast-built actions skip validation, which would convert a value of the wrong type
    (a bool seat, a non-str id) or refuse a bad literal: every action listed for any seat in
    whole games must equal, field types included, the action pydantic validates from it."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    checked = {}  # id -> action (kept alive, so no id is reused)
    while ENGINE.outcome(state) is None:
        for s in range(players):
            for a in L.legal(state, s):
                if id(a) in checked:
                    continue
                checked[id(a)] = a
                fields = {k: v for k, v in a.__dict__.items() if k != "kind"}  # kind: the default
                validated = type(a).model_validate(fields)
                assert validated == a and validated.model_fields_set == a.model_fields_set, a.code()
                assert [type(v) for v in validated.__dict__.values()] == [type(v) for v in a.__dict__.values()]
                assert list(validated.__dict__) == list(a.__dict__)
        seat = rnd.choice(ENGINE.active_seats(state))
        full = L.legal(state, seat)
        pool = [a for a in full if a.kind not in PASSIVE] if aggressive else []
        state = ENGINE.apply(state, seat, rnd.choice(pool or full)).state
    assert len(checked) > 500


@pytest.mark.parametrize("players,seed", [(3, 21), (2, 22), (5, 23)])
def test_listing_kept_after_a_flip_equals_a_fresh_one(players, seed):
    """After a flip the engine lists the seat's development actions again from the parts of
    the listing it made just before (L.relist_after_flip), building only the parts a flip can
    change: at every step of whole games, mostly flips, the engine's list must be the fresh
    list, in the same order (random playouts and the fingerprints choose by position)."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    relisted = 0
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        kept = ENGINE._listed
        relisted += kept is not None and kept.state is state and kept.flipped
        listed = ENGINE.legal_actions(state, seat)
        assert listed == L.legal(state, seat)
        assert ENGINE.invariants(state) == []
        flips = [a for a in listed if a.kind == "flip"]
        action = rnd.choice(flips if flips and rnd.random() < 0.6 else listed)
        state = ENGINE.apply(state, seat, action).state
        assert ENGINE.invariants(state) == []  # it compares a kept listing with a fresh one
    assert relisted > 200


def test_a_listing_is_reused_only_after_a_flip():
    """A state changed by other means than apply (a scenario set up by hand) and listed again
    is listed afresh, and a copy of a listed state never takes its listing."""
    import copy

    from tests.conflict.helpers import give, started, unit

    state = started(3, seed=5)
    seat = state.turn
    unit(state, seat, "rifleman", state.players[seat].capital, up=False)
    before = ENGINE.legal_actions(state, seat)
    card = give(state, seat, "maintain")
    state.territories[state.players[seat].capital].dur -= 1
    after = ENGINE.legal_actions(state, seat)
    assert after == L.legal(state, seat) and after != before
    assert any(a.kind == "maintain" and a.card == card for a in after)
    flip = next(a for a in after if a.kind == "flip")
    twin = copy.deepcopy(state)
    ENGINE.apply(state, seat, flip)
    assert ENGINE.legal_actions(twin, seat) == L.legal(twin, seat) == after
    assert ENGINE.legal_actions(state, seat) == L.legal(state, seat) != after


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 8), (2, 6)])
def test_attack_condition_matches_the_strike_list(players, seed):
    """RULES.md, 攻击: the attack card is offered only when some unit can strike a target.
    The listing asks `_may_strike` (the longest range at each place); it must agree with the
    strikes `_strikes` lists unit by unit, for every seat at every step of aggressive games."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    asked = hits = 0
    while ENGINE.outcome(state) is None:
        if state.phase != "setup":
            for s in range(players):
                if state.players[s].alive:
                    expected = bool(L._strikes(state, s))
                    assert L._may_strike(state, s, L.units_of(state, s)) == expected
                    asked += 1
                    hits += expected
        seat = rnd.choice(ENGINE.active_seats(state))
        full = L.legal(state, seat)
        pool = [a for a in full if a.kind not in PASSIVE]
        state = ENGINE.apply(state, seat, rnd.choice(pool or full)).state
    assert 0 < hits < asked  # both answers came up
