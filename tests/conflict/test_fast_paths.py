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

