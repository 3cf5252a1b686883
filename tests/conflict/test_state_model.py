"""The state and its parts are plain dataclasses (for speed), loaded and dumped through a
pydantic TypeAdapter: loading still validates every field, and a dump and load give back
an equal state."""
import json
import random

import pytest
from pydantic import ValidationError

from games.conflict import ENGINE
from games.conflict.model import ConflictState, Player, Unit
from games.core import GameRng
from tests.conflict.helpers import started


def test_dump_and_load_round_trip():
    state, rnd = started(), random.Random(3)
    for _ in range(300):
        seat = rnd.choice(ENGINE.active_seats(state))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert state.units
    again = ENGINE.load_state(ENGINE.dump_state(state))
    assert again == state
    assert ENGINE.dump_state(again) == ENGINE.dump_state(state)
    assert isinstance(again, ConflictState) and isinstance(again.players[0], Player)
    assert all(isinstance(u, Unit) for u in again.units.values())


@pytest.mark.parametrize("path,value", [(("players", 0, "res"), "plenty"), (("phase",), 3), (("rng", "n"), "x"),
                                        (("players",), None)])
def test_loading_validates_every_field(path, value):
    data = json.loads(ENGINE.dump_state(started()))
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    with pytest.raises(ValidationError):
        ENGINE.load_state(json.dumps(data))


def test_mutable_defaults_are_not_shared():
    a, b = Player(name="a"), Player(name="b")
    a.hand.append("x")
    assert b.hand == []


def _mutables(obj, seen: dict[int, object]) -> dict[int, object]:
    """Every list, dict, dataclass and model reachable from `obj`, by id."""
    if isinstance(obj, (str, int, float, bool, type(None))) or id(obj) in seen:
        return seen
    if isinstance(obj, tuple):  # immutable: shared safely (the generator's cached block)
        for item in obj:
            _mutables(item, seen)
        return seen
    seen[id(obj)] = obj
    if isinstance(obj, dict):
        items = list(obj.values())
    elif isinstance(obj, list):
        items = obj
    elif hasattr(obj, "__dataclass_fields__"):
        items = [getattr(obj, f) for f in obj.__dataclass_fields__]
    else:  # the generator, a pydantic model
        items = list(vars(obj).values())
    for item in items:
        _mutables(item, seen)
    return seen


@pytest.mark.parametrize("players,seed", [(2, 41), (3, 42), (6, 43)])
def test_copy_state_is_a_deep_copy(players, seed):
    """copy_state (the determinization's copy) gives what copy.deepcopy gives, at every step
    of a random game: an equal state that dumps the same and shares nothing mutable."""
    import copy

    from games.conflict.model import copy_state
    from games.core import Seat

    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    kinds = set()
    while ENGINE.outcome(state) is None:
        twin = copy_state(state)
        assert twin == copy.deepcopy(state)
        assert ENGINE.dump_state(twin) == ENGINE.dump_state(state)
        assert not _mutables(twin, {}).keys() & _mutables(state, {}).keys()
        if state.pending is not None:
            kinds.add(state.pending.kind)
        seat = rnd.choice(ENGINE.active_seats(state))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert state.agreements or state.known or kinds  # the copies met more than an empty board


def _mark(obj) -> None:
    """Every field of every part of `obj` set away from its default (whatever the rules allow)."""
    for name, f in obj.__dataclass_fields__.items():
        value = getattr(obj, name)
        if hasattr(value, "__dataclass_fields__"):
            _mark(value)
        elif isinstance(value, (list, dict)):
            parts = [v for v in (value.values() if isinstance(value, dict) else value)
                     if hasattr(v, "__dataclass_fields__")]
            for part in parts:
                _mark(part)
            if not parts:  # a list or dict of plain values: one more of its kind
                item = ["x"] if "list[list" in f.type or "dict" in f.type else "x"
                if isinstance(value, list):
                    value.append(item)
                else:
                    value["x"] = item
        elif not isinstance(value, GameRng):
            setattr(obj, name, not value if isinstance(value, bool) else value + 7 if isinstance(value, int)
                    else "x" if value is None else value + "x")


def test_copy_state_copies_every_field():
    """A state whose every field, and every field of its parts, differs from its default (a
    field copy_state left out would come back as its default)."""
    import copy

    from games.conflict.model import Agreement, Pending, copy_state

    state = started()
    for _ in range(60):
        seat = ENGINE.active_seats(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0]).state
    state.pending = Pending(kind="doom", lay_by=[], lay_other=[])
    state.agreements.append(Agreement(id="a1", a=0, b=1, terms=["t"]))
    assert state.units
    _mark(state)
    twin = copy_state(state)
    assert twin == copy.deepcopy(state)
    assert not _mutables(twin, {}).keys() & _mutables(state, {}).keys()
