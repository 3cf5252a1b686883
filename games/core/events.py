"""Events: what happened, as message keys with parameters, and who may see it."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema


_EVENT_FIELDS = {"key", "params", "to"}
_STEP_FIELDS = {"state", "events"}


class _ModelFace:
    """What a pydantic model offered (dumps, copies, validation), for a plain class that
    validates and dumps through its model: the subclass gives `_as_model`, `_of_model`,
    `_model()` and `_FIELDS` (every field is always set, so one shared set)."""

    __slots__ = ()

    @property
    def model_fields_set(self) -> set[str]:
        return self._FIELDS

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        return self._as_model().model_dump(**kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        return self._as_model().model_dump_json(**kwargs)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False):
        copied = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            setattr(copied, name, value)
        return copied

    @classmethod
    def model_validate(cls, obj: Any):
        return obj if isinstance(obj, cls) else cls._of_model(cls._model().model_validate(obj))

    @classmethod
    def model_validate_json(cls, data: str | bytes):
        return cls._of_model(cls._model().model_validate_json(data))


class Event(_ModelFace):
    """What happened: a message key with its parameters, and who may see it.

    A plain class, not a pydantic model: the rules make two or three events per action, and a
    plain object costs a third of a model to build. It reads, compares, copies, pickles, dumps
    and validates as the model `Event(BaseModel)` with these three fields did (`_EventModel`
    below is that model; it validates and dumps for this class, so the JSON stored and the
    fingerprints' hashes stay the same; tests/platform/test_core_fast_paths.py compares them).
    """

    key: str
    params: dict[str, Any]
    # None: the whole table sees it. A list: only these seats (a private message).
    to: list[int] | None

    # what a pydantic model answers for these; an event has neither extra nor private fields
    __pydantic_extra__ = None
    __pydantic_private__ = None
    __hash__ = None  # type: ignore[assignment]  # mutable, unhashable, as the model was

    def __init__(self, /, **data: Any) -> None:
        """Event(key=..., params=..., to=...), validated as the model validated it: a bool seat
        becomes an int, a wrong type is refused with a ValidationError, unknown names ignored."""
        self.__dict__.update(_EventModel(**data).__dict__)

    # Engines build hundreds of events per game, so `public` and `private` fill a known-good
    # event's fields directly: the result is the object `cls(key=key, params=params, to=to)`
    # makes (tests/platform/test_core_fast_paths.py compares them). Anything unusual (a non-str
    # key, seats that are not plain ints, a subclass) still takes the validating constructor,
    # so it is converted or refused as before.
    @classmethod
    def public(cls, key: str, **params: Any) -> Event:
        if type(key) is str and cls is Event:
            event = _new(Event)
            event.key = key
            event.params = params  # a fresh dict from **params
            event.to = None
            return event
        return cls(key=key, params=params, to=None)

    @classmethod
    def private(cls, seats: int | list[int], key: str, **params: Any) -> Event:
        to = [seats] if isinstance(seats, int) else list(seats)
        if type(key) is str and cls is Event:
            for seat in to:
                if type(seat) is not int:  # a bool or another int-like: validated (made an int)
                    break
            else:
                event = _new(Event)
                event.key = key
                event.params = params
                event.to = to
                return event
        return cls(key=key, params=params, to=to)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    # --- what the pydantic model offered, for the host, the logs and the tests ---------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return f"{type(self).__name__}(key={self.key!r}, params={self.params!r}, to={self.to!r})"

    _FIELDS = _EVENT_FIELDS

    @staticmethod
    def _model() -> type[BaseModel]:
        return _EventModel

    def _as_model(self) -> _EventModel:
        return fill_model(_EventModel, dict(self.__dict__), _EVENT_FIELDS)

    @classmethod
    def _of_model(cls, model: _EventModel) -> Event:
        event = _new(cls)
        event.__dict__.update(model.__dict__)
        return event

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """How a pydantic model holding events (a Step) validates and dumps them: an Event is
        taken as it is, anything else is validated as the model did; dumped as the model."""
        model = handler(_EventModel)
        made = core_schema.no_info_after_validator_function(cls._of_model, model)
        return core_schema.json_or_python_schema(
            json_schema=made,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), made]),
            serialization=core_schema.plain_serializer_function_ser_schema(cls._as_model, return_schema=model),
        )


def public_event(key: str, params: dict[str, Any]) -> Event:
    """Event.public(key, **params) for a hot path that writes its parameters as a dict: the
    call gathers no keywords (a third of a small event's cost). `key` is a str and `params`
    a fresh dict the event keeps (tests/platform/test_core_fast_paths.py compares them)."""
    event = _new(Event)
    event.key = key
    event.params = params
    event.to = None
    return event


def private_event(seat: int, key: str, params: dict[str, Any]) -> Event:
    """Event.private(seat, key, **params) for one seat (a plain int), as public_event is
    Event.public: the event only `seat` sees."""
    event = _new(Event)
    event.key = key
    event.params = params
    event.to = [seat]
    return event


class _EventModel(BaseModel):
    """The pydantic model events were: Event validates and dumps through it."""

    model_config = {"title": "Event"}  # as validation errors name it
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: list[int] | None = None


def roll_event(who: str, what: str, dice: list[int], total: int, **extra: Any) -> Event:
    """Every die the rules roll is shown to the table: who rolled, what for (a text or an
    `@key`), the dice and the result. Extra parameters (modifiers, target) ride along."""
    return Event.public("core.roll", who=who, what=what, dice=dice, total=total, **extra)


_UNSET: Any = object()  # an argument not given to Step()


class Step(_ModelFace):
    """The result of applying one action: the new state and the events it produced.

    A plain slotted class, not a pydantic model: every action makes one, and filling a model's
    slots cost ~4.5k instructions against ~1k for these two attributes. It reads,
    compares, copies, pickles, dumps and validates as the model `Step(BaseModel)` with these two
    fields did (`_StepModel` below is that model; it validates and dumps for this class;
    tests/platform/test_core_fast_paths.py compares them).
    """

    __slots__ = ("state", "events")
    state: Any
    events: list[Event]

    # what a pydantic model answers for these; a step has neither extra nor private fields
    __pydantic_extra__ = None
    __pydantic_private__ = None
    __hash__ = None  # type: ignore[assignment]  # mutable, unhashable, as the model was

    def __init__(self, /, *, state: Any = _UNSET, events: Any = _UNSET, **data: Any) -> None:
        # Every action makes a step, so the usual `Step(state=..., events=[...])` with a list of
        # events is filled directly, as validation fills it: the same state object and a new
        # list of the same events. Any other call is validated by `_StepModel`.
        if state is not _UNSET and not data:
            if events is _UNSET:
                self.state, self.events = state, []
                return
            if type(events) is list:
                for event in events:
                    if type(event) is not Event:
                        break
                else:
                    self.state, self.events = state, events[:]
                    return
        if state is not _UNSET:
            data["state"] = state
        if events is not _UNSET:
            data["events"] = events
        model = _StepModel(**data)
        self.state, self.events = model.state, model.events

    # --- what the pydantic model offered, for the host, the logs and the tests ---------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        # a tuple compares as the model's __dict__ did: an object is equal to itself first
        return type(self) is type(other) and (self.state, self.events) == (other.state, other.events)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(state={self.state!r}, events={self.events!r})"

    _FIELDS = _STEP_FIELDS

    @staticmethod
    def _model() -> type[BaseModel]:
        return _StepModel

    def _as_model(self) -> _StepModel:
        return fill_model(_StepModel, {"state": self.state, "events": self.events}, _STEP_FIELDS)

    @classmethod
    def _of_model(cls, model: _StepModel) -> Step:
        step = _new(cls)
        step.state, step.events = model.state, model.events
        return step


class _StepModel(BaseModel):
    """The pydantic model steps were: Step validates and dumps through it."""

    model_config = {"title": "Step", "arbitrary_types_allowed": True}  # as validation errors name it
    state: Any
    events: list[Event] = Field(default_factory=list)


_new = object.__new__


def _shell(cls: type) -> type:
    """The shell of a pydantic model class: a subclass with the same memory layout (it adds no
    slot) whose attributes are set as a plain object's, not through the model's `__setattr__`,
    and made by a bare `shell()` (object's __init__, not pydantic's). `fill_model` fills a
    shell and then makes it an instance of the model itself. Made with `type.__new__`, not
    pydantic's metaclass: a shell is never validated, dumped or seen, so it needs no schema of
    its own."""
    shell = _SHELLS[cls] = type.__new__(type(cls), f"_Shell{cls.__name__}", (cls,), {
        "__slots__": (), "__module__": __name__, "__init__": object.__init__,
        # both, so the type's setattr slot is the generic one (pydantic defines both)
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
    })
    return shell


_SHELLS: dict[type, type] = {}


def fill_model(cls: type, fields: dict[str, Any], given: set[str]) -> Any:
    """The model `cls` with these field values (`given`: the names passed, not defaulted), its
    slots filled as pydantic's validator fills them, without validating the values: for the
    models an event, a step or an action dumps through (actions themselves are plain objects
    now, made by `ActionBase.unchecked`).
    The caller answers for the values; each game's fast-path tests compare with validated ones.

    `given` may be shared by many models: pydantic adds to it only when a field is assigned,
    which a frozen model (an action's twin) refuses first and which re-adds a name already there
    when every field is given (an event's or a step's model); model_copy copies it before
    changing it.

    The slots are filled on the class's shell (`_shell`), by four plain attribute stores, and
    the object then becomes a `cls`: 3.4k instructions against 5.2k for calling each slot's
    descriptor setter on a `cls` (callgrind, Python 3.11)."""
    try:
        shell = _SHELLS[cls]
    except KeyError:
        shell = _shell(cls)
    model = shell()
    model.__dict__ = fields
    model.__pydantic_fields_set__ = given
    model.__pydantic_extra__ = None
    model.__pydantic_private__ = None
    model.__class__ = cls  # the same layout: the object is now exactly what pydantic would have made
    return model


def step_of(state: Any, events: list[Event]) -> Step:
    """Step(state=state, events=events) for a fresh list of events the caller hands over:
    unlike Step() it is not copied. For engines' hot paths (one step per action)."""
    step = _new(Step)
    step.state = state
    step.events = events
    return step


# --- how events read --------------------------------------------------------------------------
# Rolls are stored as they were made (`roll_event`); how a roll reads is decided when it is
# shown, so a game can name every term of its total and fold in the event that says how the
# roll ended. The stored events stay as they are (the fingerprint tests hash them).

@dataclass
class ShownRoll:
    """A roll as the table reads it: every die, each term that changes the total (label in
    the reader's language, value added), the total, and for a check the target and result.
    `absorbs`: how many of the following events this line already tells (they are not shown)."""
    dice: list[int]
    total: int
    terms: list[tuple[str, int]] = field(default_factory=list)
    # the dice's sum scaled before the terms are added: (label, factor as written, the result),
    # e.g. ("overcharge", "1.5", 10) reads `[3, 4] × 1.5 (overcharge) → 10`
    scale: tuple[str, str, int] | None = None
    target: str = ""
    result: str = ""
    absorbs: int = 0
    # a draw that is no die (a number picked in a range) in the game's own words: a catalog key
    # and its parameters, formatted with `who`; the dice are then not shown as dice
    wording: tuple[str, dict[str, Any]] | None = None


def plain_roll(params: dict[str, Any], locale: str) -> ShownRoll:
    """A roll with no explanation of its own: the dice, a `mod`/`plus` modifier if any."""
    from games.core.i18n import t

    terms = [(t(locale, "core.roll_modifier"), int(params[k])) for k in ("mod", "plus") if params.get(k)]
    return ShownRoll(dice=list(params.get("dice") or []), total=params.get("total", 0), terms=terms)


def roll_text(locale: str, who: Any, what: Any, shown: ShownRoll) -> str:
    """`🎲 P1 rolls to hit: [6, 3] − 1 (modifier) = **8**, against X: needs ≥ 7: **hit**`."""
    from games.core.i18n import aside, t

    if who in ("table", "-", ""):  # a roll nobody in particular makes (who goes first)
        who = t(locale, "core.roll_table")
    if shown.wording is not None:
        key, params = shown.wording
        return t(locale, key, who=who, **params)
    dice = ", ".join(str(d) for d in shown.dice)
    if shown.terms or shown.scale:
        dice = f"[{dice}]" if len(shown.dice) > 1 else dice
        if shown.scale:  # the words around a term are the catalog's: zh-CN brackets its label （…）
            label, factor, scaled = shown.scale
            dice += f" × {aside(locale, factor, label)} → {scaled}"
        dice += "".join(" " + aside(locale, f"{'−' if v < 0 else '+'} {abs(v)}", label) for label, v in shown.terms)
    check = ""
    if shown.target or shown.result:
        check = t(locale, "core.roll_check", target=shown.target, result=shown.result) if shown.target else \
            t(locale, "core.roll_result", result=shown.result)
    return t(locale, "core.roll", who=who, what=what, dice=dice, total=shown.total) + check
