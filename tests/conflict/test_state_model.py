"""The state and its parts are plain dataclasses (for speed), loaded and dumped through a
pydantic TypeAdapter: loading still validates every field, and a dump and load give back
an equal state."""
import json
import random

import pytest
from pydantic import ValidationError

from games.conflict import ENGINE
from games.conflict.model import ConflictState, Player, Unit
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
