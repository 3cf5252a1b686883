"""The shortcuts taken for speed must give exactly what the plain way gives."""
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
