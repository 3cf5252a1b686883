"""The shortcuts taken for speed must give exactly what the plain way gives."""
from games.conflict import rules as R
from games.core import Event


def test_public_event_equals_event_public():
    params = {"unit": "u1", "name": {"en": "Tank", "zh-CN": "坦克"}, "dur": 3, "helpers": ["A", "B"]}
    fast, plain = R.public("conflict.ev.x", **params), Event.public("conflict.ev.x", **params)
    assert type(fast) is type(plain)
    assert fast == plain
    assert fast.model_fields_set == plain.model_fields_set
    assert fast.model_dump() == plain.model_dump()
    assert R.public("conflict.ev.y") == Event.public("conflict.ev.y")
