"""The core's shortcuts give the objects the long way gives: events from Event.public,
Event.private and roll_event, and steps from Step(...) or step_of, are the objects validation
builds (same dump, JSON, equality, repr, fields set, pickling), and every other call is still
validated (converted or refused) as before. Events and steps are plain objects now: they dump
and validate as the pydantic models they were (kept below as _ModelEvent and _ModelStep)."""
from __future__ import annotations

import copy
import json
import pickle
import sys
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from games.core.engine import ActionBase
from games.core.errors import RuleError
from games.core.events import Event, Step, private_event, public_event, roll_event, step_of


def _validated_event(key, params, to) -> Event:
    """What Event.public / Event.private made before the shortcut."""
    return Event(key=key, params=params, to=to)


def _fields(obj) -> dict[str, Any]:
    """An object's attributes in order: an event's __dict__, a step's slots."""
    slots = type(obj).__dict__.get("__slots__")
    return {name: getattr(obj, name) for name in slots} if slots else vars(obj)


def _same_model(fast, slow) -> None:
    assert type(fast) is type(slow)
    assert fast == slow and slow == fast and repr(fast) == repr(slow)
    assert fast.model_dump() == slow.model_dump()
    assert fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.__pydantic_extra__ == slow.__pydantic_extra__
    assert fast.__pydantic_private__ == slow.__pydantic_private__
    assert _fields(fast) == _fields(slow) and list(_fields(fast)) == list(_fields(slow))
    again = pickle.loads(pickle.dumps(fast))
    assert again == slow and again.model_fields_set == slow.model_fields_set
    assert fast.model_copy() == slow.model_copy()
    assert fast.model_copy(deep=True) == slow


EVENTS = [
    (lambda: Event.public("a.move", mech="a1", zone="L2"), ("a.move", {"mech": "a1", "zone": "L2"}, None)),
    (lambda: Event.public("a.stand"), ("a.stand", {}, None)),
    (lambda: public_event("a.move", {"mech": "a1", "zone": "L2"}), ("a.move", {"mech": "a1", "zone": "L2"}, None)),
    (lambda: public_event("a.stand", {}), ("a.stand", {}, None)),
    (lambda: Event.public("a.nested", items=[1, {"x": (2, 3)}], none=None), ("a.nested", {"items": [1, {"x": (2, 3)}], "none": None}, None)),
    (lambda: Event.private(1, "a.hand", cards="x [c1]"), ("a.hand", {"cards": "x [c1]"}, [1])),
    (lambda: Event.private([0, 2], "a.both", n=3), ("a.both", {"n": 3}, [0, 2])),
    (lambda: private_event(1, "a.hand", {"cards": "x [c1]"}), ("a.hand", {"cards": "x [c1]"}, [1])),
    (lambda: Event.private((2, 0), "a.tuple"), ("a.tuple", {}, [2, 0])),
    (lambda: Event.private([], "a.nobody"), ("a.nobody", {}, [])),
    (lambda: roll_event("P1", "@a.roll.hit", [3, 4], 7, need=9, target="ship"),
     ("core.roll", {"who": "P1", "what": "@a.roll.hit", "dice": [3, 4], "total": 7, "need": 9, "target": "ship"}, None)),
]


@pytest.mark.parametrize("make, fields", EVENTS)
def test_fast_events_are_the_validated_events(make, fields):
    fast, slow = make(), _validated_event(*fields)
    _same_model(fast, slow)
    assert list(fast.params) == list(slow.params)  # same order of parameters
    for seat in (None, 0, 1, 2, 3):
        assert fast.visible_to(seat) == slow.visible_to(seat)
    assert Event.model_validate_json(fast.model_dump_json()) == Event.model_validate_json(slow.model_dump_json())
    assert json.dumps(fast.model_dump(), default=str) == json.dumps(slow.model_dump(), default=str)


def test_fast_events_own_their_lists_and_params():
    seats = [0]
    first, second = Event.private(seats, "k"), Event.private(seats, "k")
    first.to.append(1)
    assert second.to == [0] and seats == [0]
    params = {"a": 1}
    event = Event.public("k", **params)
    event.params["b"] = 2
    assert params == {"a": 1}
    solo, again = Event.private(0, "k"), Event.private(0, "k")
    solo.to.append(1)
    assert again.to == [0]


def test_fast_events_stay_mutable_like_validated_ones():
    fast, slow = Event.public("k", a=1), _validated_event("k", {"a": 1}, None)
    fast.to = [1]
    slow.to = [1]
    _same_model(fast, slow)


def test_unusual_event_arguments_are_still_validated():
    # a bool seat is an int to Event.private and becomes 1 through validation
    assert Event.private(True, "k").to == [1] and type(Event.private(True, "k").to[0]) is int
    assert Event.private([True, 0], "k").to == [1, 0] and type(Event.private([True, 0], "k").to[0]) is int
    with pytest.raises(ValidationError):
        Event.private(["x"], "k")
    with pytest.raises(ValidationError):
        Event.public(5)
    with pytest.raises(ValidationError):
        Event.private(0, None)
    with pytest.raises(TypeError):
        Event.private(None, "k")

    class Loud(Event):
        loud: bool = True

    loud = Loud.public("k", a=1)
    assert type(loud) is Loud and loud.loud and loud.params == {"a": 1}
    assert type(Loud.private(1, "k")) is Loud


def test_fast_steps_are_the_validated_steps():
    events = [Event.public("a"), Event.private(1, "b", x=2)]
    state = {"anything": [1]}
    for fast, data in [
        (Step(state=state, events=events), {"state": state, "events": events}),
        (Step(state=state), {"state": state}),
        (Step(state=None, events=[]), {"state": None, "events": []}),
        (Step(events=events, state=state), {"state": state, "events": events}),
    ]:
        slow = Step.model_validate(data)
        _same_model(fast, slow)
        assert fast.state is state or fast.state is None
        assert fast.events == data.get("events", []) and fast.events is not data.get("events")
    # the step holds a list of its own (validation copies it), the same event objects
    step = Step(state=state, events=events)
    assert step.events is not events and all(a is b for a, b in zip(step.events, events))
    events.append(Event.public("c"))
    assert len(step.events) == 2
    assert Step(state=1).events is not Step(state=1).events


def test_other_steps_are_still_validated():
    assert Step(state=1, events=[{"key": "a"}]).events == [Event.public("a")]  # dicts become events
    assert Step(state=1, events=({"key": "a"},)).events == [Event.public("a")]
    assert Step(state=1, unknown=2) == Step(state=1)  # extra fields ignored, as before
    with pytest.raises(ValidationError):
        Step(events=[])  # state is required
    with pytest.raises(ValidationError):
        Step(state=1, events=[1])
    with pytest.raises(ValidationError):
        Step(state=1, events=None)
    with pytest.raises(TypeError):
        Step(1)  # type: ignore[misc]


def test_step_of_keeps_the_callers_list():
    events = [Event.public("a")]
    step = step_of(1, events)
    _same_model(step, Step(state=1, events=events))
    assert step.events is events  # handed over, not copied: that is what step_of is for


# --- action codes: the per-model field tables give the codes and actions the long way gives ---

def _code_the_long_way(action) -> str:
    def encode(value):
        if value is None:
            return "-"
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, (list, tuple)):
            return ",".join(encode(v) for v in value) if value else "~"
        text = str(value)
        if not text or any(c.isspace() for c in text):
            raise ValueError(f"action token {text!r} is empty or has spaces")
        return text

    return " ".join([action.kind] + [encode(getattr(action, n)) for n in type(action).model_fields if n != "kind"])


def _decode_the_long_way(types, code):
    from games.core.engine import _is_list_field
    tokens = code.strip().split()
    if not tokens:
        raise RuleError("core.bad_action", code=code)
    cls = {t.model_fields["kind"].default: t for t in types}.get(tokens[0])
    if cls is None:
        raise RuleError("core.unknown_action", code=code[:100])
    names = [n for n in cls.model_fields if n != "kind"]
    args = tokens[1:]
    while len(args) < len(names) and not cls.model_fields[names[len(args)]].is_required():
        args.append("-")
    if len(args) != len(names):
        raise RuleError("core.bad_action", code=code[:100])
    data = {"kind": tokens[0]}
    for name, token in zip(names, args):
        if token == "-":
            data[name] = None
        elif _is_list_field(cls.model_fields[name].annotation):
            data[name] = [] if token == "~" else token.split(",")
        else:
            data[name] = token
    try:
        return cls.model_validate(data)
    except ValidationError:
        raise RuleError("core.bad_action", code=code[:100]) from None


def _outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except RuleError as exc:
        return ("rule", exc.key, exc.params)
    except ValueError as exc:
        return ("value", str(exc))


def _actions_met(key: str, games: int = 2, steps: int = 150):
    import random

    from games.core import Seat
    from games.registry import get_engine
    engine = get_engine(key)
    players = 3 if key == "conflict" else engine.min_players
    for seed in range(games):
        rnd = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)], engine.parse_options({}),
                             seed).state
        for _ in range(steps):
            if engine.outcome(state) is not None:
                break
            seat = rnd.choice(engine.active_seats(state))
            legal = engine.legal_actions(state, seat)
            yield from legal
            state = engine.apply(state, seat, rnd.choice(legal)).state


@pytest.mark.parametrize("key", ["ironfire", "frontline", "panzer", "conflict", "fleet"])
def test_action_codes_and_decoding_match_the_long_way(key):
    from games.core.engine import decode_action
    from games.registry import get_engine
    types = get_engine(key).actions
    codes = set()
    for action in _actions_met(key):
        code = action.code()
        assert code == _code_the_long_way(action)
        codes.add(code)
    assert len(codes) > 20
    words = sorted({c.split()[0] for c in codes})
    codes |= {"", "   ", "nonsense", "nonsense a b", *(f" {w} " for w in words), *(f"{w} - - - - - -" for w in words),
              *(f"{w} ~ ~" for w in words), *(f"{w} a,b x" for w in words)}
    for code in sorted(codes):
        assert _outcome(decode_action, types, code) == _outcome(_decode_the_long_way, types, code), code


def test_odd_action_values_encode_as_before():
    from typing import Any, Literal

    from games.core.engine import ActionBase, decode_action

    class Odd(ActionBase):
        kind: Literal["odd"] = "odd"
        value: Any = None
        more: list[str] | None = None

    class Word(str):
        pass

    for value in ["x", "c123", "ünï", 0, -3, 2.5, True, False, None, [], ["a", "b"], ("a", 1, None, True), [[1, 2], []],
                  Word("w"), "", " ", "a b", "a\tb", "a\u3000b", "a\u00a0b", "\u2028", "x\n", Word("a b"), ["ok", "no t"]]:
        action = Odd(value=value, more=["p", "q"] if value == 0 else None)
        assert _outcome(action.code) == _outcome(_code_the_long_way, action), value
    for code in ["odd", "odd x", "odd x a,b", "odd x ~", "odd - -", "odd x - y"]:
        assert _outcome(decode_action, (Odd,), code) == _outcome(_decode_the_long_way, (Odd,), code), code


# --- events are plain objects now: they must dump exactly as the pydantic model did ---------

class _ModelEvent(BaseModel):
    """Event as it was, a pydantic model (what stored logs and fingerprints were made of)."""
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: list[int] | None = None


class _Part(BaseModel):
    name: str = "x"


ODD_PARAMS = [
    {},
    {"unit": {"en": "Tank (u3)", "zh-CN": "坦克 (u3)"}, "n": 3, "ok": True, "none": None},
    {"dice": (3, 4), "seen": {2}, "frozen": frozenset({1}), "f": 1.5, "nested": [{"a": (1, [2])}]},
    {"model": _Part(), "models": [_Part(name="y")], "bytes": b"ab"},
]


@pytest.mark.parametrize("params", ODD_PARAMS)
@pytest.mark.parametrize("to", [None, [0], [1, 2]])
def test_events_dump_as_the_pydantic_model_did(params, to):
    event = Event.public("k", **params) if to is None else Event.private(to, "k", **params)
    old = _ModelEvent(key="k", params=params, to=to)
    assert repr(event) == repr(old).replace("_ModelEvent", "Event")
    assert event.model_dump() == old.model_dump()
    assert event.model_dump(mode="json") == old.model_dump(mode="json")
    assert event.model_dump_json() == old.model_dump_json()
    assert json.dumps(event.model_dump(), sort_keys=True, default=str) == \
        json.dumps(old.model_dump(), sort_keys=True, default=str)  # the fingerprints' hash input
    step = Step(state=None, events=[event, Event.public("b")])
    assert step.model_dump_json() == \
        f'{{"state":null,"events":[{old.model_dump_json()},{_ModelEvent(key="b").model_dump_json()}]}}'
    assert step.model_dump()["events"] == [old.model_dump(), _ModelEvent(key="b").model_dump()]


def _made(make):
    try:
        return ("ok", make().model_dump())
    except ValidationError as exc:
        return ("refused", [e["loc"] for e in exc.errors()])


def test_events_validate_as_the_pydantic_model_did():
    for data in [{"key": "a"}, {"key": "a", "params": {"x": [1]}, "to": [True, 2]}, {"key": "a", "extra": 1},
                 {"key": 1}, {"key": "a", "to": ["x"]}, {"key": "a", "params": []}, {}]:
        old = _made(lambda: _ModelEvent(**data))
        assert _made(lambda: Event(**data)) == old, data
        assert _made(lambda: Event.model_validate(data)) == old, data
        assert _made(lambda: Event.model_validate_json(json.dumps(data))) == old, data
        in_step = _made(lambda: Step(state=None, events=[data]).events[0])  # its errors say where in the step
        assert in_step[0] == old[0] and (in_step == old or in_step[0] == "refused"), data


# --- steps are plain objects now: they must dump and validate as the pydantic model did -----

class _ModelStep(BaseModel):
    """Step as it was, a pydantic model (what the host logged: its events' dumps)."""
    model_config = {"arbitrary_types_allowed": True}
    state: Any
    events: list[_ModelEvent] = Field(default_factory=list)


@dataclass
class _State:
    turn: int = 3
    names: list[str] = field(default_factory=lambda: ["a", "b"])


@pytest.mark.parametrize("state", [None, 1, {"anything": [1, (2, 3)]}, _State()])
def test_steps_dump_as_the_pydantic_model_did(state):
    events = [Event.public("k", **ODD_PARAMS[1]), Event.private([0, 2], "p", n=3)]
    old = _ModelStep(state=state, events=[_ModelEvent(key=e.key, params=e.params, to=e.to) for e in events])
    for step in (Step(state=state, events=events), step_of(state, list(events))):
        assert repr(step) == repr(old).replace("_ModelStep", "Step").replace("_ModelEvent", "Event")
        assert step.model_dump() == old.model_dump()
        assert step.model_dump(mode="json") == old.model_dump(mode="json")
        assert step.model_dump_json() == old.model_dump_json()
        assert step.model_dump(exclude={"state"}) == old.model_dump(exclude={"state"})
        assert Step.model_validate(step) is step
        if state is None or isinstance(state, (int, dict)):  # a state that reads back from JSON as it was
            assert Step.model_validate_json(step.model_dump_json()) == Step(state=json.loads(json.dumps(state)),
                                                                            events=events)


def test_steps_validate_as_the_pydantic_model_did():
    for data in [{"state": 1}, {"state": 1, "events": [{"key": "a", "to": [True]}]}, {"state": 1, "events": ()},
                 {"state": 1, "extra": 2}, {"events": []}, {"state": 1, "events": None}, {"state": 1, "events": [1]},
                 {"state": 1, "events": [{"key": 2}]}, {}]:
        old = _made(lambda: _ModelStep(**data))
        for made in (_made(lambda: Step(**data)), _made(lambda: Step.model_validate(data)),
                     _made(lambda: Step.model_validate_json(json.dumps(data)))):
            # refused alike, for the same fields (an event's own error reads through Event's schema)
            assert made == old or made[0] == old[0] == "refused" and \
                {loc[:2] for loc in made[1]} == {loc[:2] for loc in old[1]}, data


# --- fill_model: a model filled without validation is the validated model ------------------

def _tried(fn):
    """What a call gives: its result, or the kind of error it raised."""
    try:
        return ("ok", fn())
    except Exception as exc:  # noqa: BLE001  (any refusal is compared, whatever its kind)
        return ("refused", type(exc).__name__)


class Shift(ActionBase):  # at module level, so it pickles
    kind: Literal["shift"] = "shift"
    unit: str
    to: str
    via: list[str] | None = None


class _ModelShift(BaseModel):  # Shift as actions were declared before 27 Nov 2026: a frozen model
    model_config = {"frozen": True, "title": "Shift"}
    kind: Literal["shift"] = "shift"
    unit: str
    to: str
    via: list[str] | None = None


def _errors(fn):
    """The refusal a call gives: pydantic's error title and entries, or the kind of error."""
    try:
        fn()
    except ValidationError as exc:
        return exc.title, [{k: v for k, v in e.items() if k != "url"} for e in exc.errors()]
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__
    return "accepted"


def _same_action(action, model) -> None:
    """A plain action reads as the pydantic model it stands for, in every way callers read it."""
    assert isinstance(action, ActionBase) and not isinstance(action, BaseModel)
    assert repr(action) == repr(model).replace(type(model).__name__, type(action).__name__, 1)
    assert str(action) == str(model)
    assert vars(action) == vars(model) and list(vars(action)) == list(vars(model))
    assert [(k, type(v)) for k, v in vars(action).items()] == [(k, type(v)) for k, v in vars(model).items()]
    assert list(action) == list(model)
    assert action.model_dump() == model.model_dump() and action.model_dump_json() == model.model_dump_json()
    assert action.model_dump(exclude_unset=True) == model.model_dump(exclude_unset=True)
    assert action.model_fields_set == model.model_fields_set
    assert _tried(lambda: hash(action)) == _tried(lambda: hash(model))  # a list field: unhashable alike
    assert list(type(action).model_fields) == list(type(model).model_fields)
    assert {n: (f.annotation, f.default) for n, f in type(action).model_fields.items()} == \
        {n: (f.annotation, f.default) for n, f in type(model).model_fields.items()}
    cls = type(action)
    named = getattr(sys.modules[cls.__module__], cls.__qualname__, None) is cls  # conflict's are not: no pickle
    for again in ([pickle.loads(pickle.dumps(action))] if named else []) + [
            copy.copy(action), copy.deepcopy(action), action.model_copy(), action.model_copy(deep=True)]:
        assert type(again) is type(action) and again == action and action == again
        assert again.model_fields_set == action.model_fields_set and repr(again) == repr(action)
    # frozen as the model was: an assignment or a deletion is refused with the same error
    # (the error is titled with the class's name, as pydantic titles it: the old model's own name)
    name = next(iter(vars(model)))
    for refuse in (lambda obj: setattr(obj, name, "x"), lambda obj: delattr(obj, name)):
        title, errors = _errors(lambda: refuse(action))
        assert title == type(action).__name__ and errors == _errors(lambda: refuse(model))[1]
    assert action != model and action != vars(model) and action != 1  # another type is never equal


def test_unchecked_actions_are_the_validated_actions():
    """`unchecked` fills an action's slots without validation: the result must be the action
    validation makes, and both must read as the pydantic model the class was declared as."""
    from games.core.engine import decode_action

    for values, data in ((("u1", "L2"), {"unit": "u1", "to": "L2"}),
                         (("u1", "L2", ["a", "b"]), {"unit": "u1", "to": "L2", "via": ["a", "b"]}),
                         (("u1", "L2", None), {"unit": "u1", "to": "L2", "via": None})):
        fast, slow, old = Shift.unchecked(*values), Shift(**data), _ModelShift(**data)
        assert type(fast) is Shift and type(slow) is Shift
        assert fast == slow and slow == fast and fast.model_fields_set == slow.model_fields_set == set(data)
        _same_action(fast, old)
        _same_action(slow, old)
        assert fast.code() == slow.code() and decode_action((Shift,), fast.code()) == fast
        update = {"to": "L3"}
        assert fast.model_copy(update=update).model_dump() == old.model_copy(update=update).model_dump()
        assert fast.model_copy(update=update).model_fields_set == old.model_copy(update=update).model_fields_set
        if fast.via is None:
            assert {fast: 1}[slow] == 1 and hash(fast) == hash(old)
    assert Shift.unchecked("u1", "L2").model_fields_set is Shift.unchecked("u2", "L3").model_fields_set  # shared
    with pytest.raises(TypeError):
        Shift.unchecked("u1")  # a required value left out


def test_actions_validate_and_refuse_as_their_models_did():
    """Player input and stored codes are validated through the class's pydantic twin: the same
    coercions, the same errors (title and entries) as the model Shift was."""
    for data in [{"unit": "u1", "to": "L2"}, {"unit": "u1", "to": "L2", "via": ("a",)}, {"unit": "u1"},
                 {"unit": 1, "to": "L2"}, {"unit": "u1", "to": "L2", "kind": "other"}, {"unit": "u1", "to": "L2", "x": 1},
                 {"unit": "u1", "to": "L2", "via": "a"}, {}]:
        assert _errors(lambda: Shift(**data)) == _errors(lambda: _ModelShift(**data)), data
        assert _errors(lambda: Shift.model_validate(data)) == _errors(lambda: _ModelShift.model_validate(data)), data
        text = json.dumps(data)
        assert _errors(lambda: Shift.model_validate_json(text)) == _errors(lambda: _ModelShift.model_validate_json(text))
        try:
            old = _ModelShift(**data)
        except ValidationError:
            continue
        _same_action(Shift(**data), old)
        _same_action(Shift.model_validate(data), old)
    with pytest.raises(TypeError):
        Shift("u1", "L2")  # type: ignore[misc]  # keywords only, as the model
    action = Shift(unit="u1", to="L2")
    assert Shift.model_validate(action) is action  # an action is taken as it is
    assert Shift.model_json_schema() == _ModelShift.model_json_schema()


class _Holder(BaseModel):
    shift: Shift
    many: list[Shift] = []


def test_models_holding_actions_validate_and_dump_them_as_before():
    held = Shift(unit="u1", to="L2")
    holder = _Holder(shift=held, many=[{"unit": "u2", "to": "L3"}])
    assert holder.shift is held and type(holder.many[0]) is Shift and holder.many[0] == Shift(unit="u2", to="L3")
    dumped = holder.model_dump_json()
    assert dumped == '{"shift":{"kind":"shift","unit":"u1","to":"L2","via":null},' \
                     '"many":[{"kind":"shift","unit":"u2","to":"L3","via":null}]}'
    assert _Holder.model_validate_json(dumped) == holder
    assert _errors(lambda: _Holder(shift={"unit": 1})) != "accepted"


@pytest.mark.parametrize("key", ["ironfire", "frontline", "panzer", "conflict", "fleet"])
def test_each_games_actions_read_as_their_validated_models(key):
    """Every action a game lists (made by its fast makers) reads as its twin's validated model
    made from the same fields, and equals the action validation makes; each action class refuses
    bad input as its twin does."""
    from games.registry import get_engine

    seen: dict[type, int] = {}
    for action in _actions_met(key):
        cls = type(action)
        if seen.get(cls, 0) >= 5:
            continue
        seen[cls] = seen.get(cls, 0) + 1
        fields = {k: v for k, v in vars(action).items() if k in action.model_fields_set}
        model = cls._twin(**fields)
        _same_action(action, model)
        assert cls(**fields) == action and _tried(lambda: hash(cls(**fields))) == _tried(lambda: hash(action))
        assert cls.model_validate(model.model_dump()) == action
    assert len(seen) >= 4
    for cls in get_engine(key).actions:
        assert list(cls.model_fields) == list(cls._twin.model_fields) and cls.model_fields["kind"].default
        for name in cls.model_fields:
            bad = {name: object()}
            assert _errors(lambda: cls(**bad)) == _errors(lambda: cls._twin(**bad)) != "accepted"


def test_fill_model_keeps_the_callers_dict_and_any_model_class():
    from games.core.events import _EventModel, _StepModel, fill_model

    fields = {"key": "k", "params": {"n": 1}, "to": None}
    event = fill_model(_EventModel, fields, {"key", "params", "to"})
    assert vars(event) is fields  # the dict is the model's, as the validator's dict is (no copy)
    assert event == _EventModel(key="k", params={"n": 1}, to=None)
    step = fill_model(_StepModel, {"state": 1, "events": []}, {"state", "events"})
    assert type(step) is _StepModel and step == _StepModel(state=1, events=[])
    # unlike the frozen action models, these accept assignments after filling, as validated ones do
    step.state = 2
    assert step.state == 2 and step.model_fields_set == {"state", "events"}


def test_a_class_var_on_an_action_stays_a_class_attribute_not_a_field():
    """A waiver mark (`waiver: ClassVar[bool] = True`, read by the host's auto-pass) is no field:
    not in the slots, the twin, the code, the repr, equality or the hash, and the class keeps its
    value (the merge of plain actions with the waiver marks first made it a slot holding True)."""
    from typing import ClassVar, Literal

    from games.conflict.model import Allow
    from games.core.engine import ActionBase

    class Decline(ActionBase):
        kind: Literal["decline"] = "decline"
        waiver: ClassVar[bool] = True

    for cls in (Decline, Allow):  # declared in a class body, and made by conflict's type(...)
        assert cls.waiver is True and "waiver" not in cls.model_fields
        assert "waiver" not in cls.__slots__
        made = cls.unchecked()
        assert made == cls.model_validate({"kind": made.kind}) and "waiver" not in repr(made)
        assert made.code() == made.kind and made.waiver is True
