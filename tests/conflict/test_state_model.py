"""The state's parts are plain dataclasses inside a pydantic `ConflictState` (for speed):
loading still validates every field, and a dump and load give back an equal state."""
import json
import random

import pytest
from pydantic import ValidationError

from games.conflict import ENGINE
from games.conflict.model import Player, Unit
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
    assert isinstance(again.players[0], Player)
    assert all(isinstance(u, Unit) for u in again.units.values())


def test_loading_validates_the_parts():
    data = json.loads(ENGINE.dump_state(started()))
    data["players"][0]["res"] = "plenty"
    with pytest.raises(ValidationError):
        ENGINE.load_state(json.dumps(data))


def test_mutable_defaults_are_not_shared():
    a, b = Player(name="a"), Player(name="b")
    a.hand.append("x")
    assert b.hand == []
