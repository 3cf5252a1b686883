"""Events: what happened, as message keys with parameters, and who may see it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field


class Event(BaseModel):
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    # None: the whole table sees it. A list: only these seats (a private message).
    to: list[int] | None = None

    # Engines build hundreds of events per game, so `public` and `private` fill a known-good
    # event's slots directly (~0.6 µs) instead of validating it (~1.4 µs): the result is the
    # object `cls(key=key, params=params, to=to)` makes (tests/platform/test_core_fast_paths.py
    # compares them). Anything unusual (a non-str key, seats that are not plain ints, a
    # subclass) still takes the validating constructor, so it is converted or refused as before.
    @classmethod
    def public(cls, key: str, **params: Any) -> "Event":
        if type(key) is str and cls is Event:
            return _event(key, params, None)  # params: a fresh dict from **params
        return cls(key=key, params=params, to=None)

    @classmethod
    def private(cls, seats: int | list[int], key: str, **params: Any) -> "Event":
        to = [seats] if isinstance(seats, int) else list(seats)
        if type(key) is str and cls is Event:
            for seat in to:
                if type(seat) is not int:  # a bool or another int-like: validated (made an int)
                    break
            else:
                return _event(key, params, to)
        return cls(key=key, params=params, to=to)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


def roll_event(who: str, what: str, dice: list[int], total: int, **extra: Any) -> Event:
    """Every die the rules roll is shown to the table: who rolled, what for (a text or an
    `@key`), the dice and the result. Extra parameters (modifiers, target) ride along."""
    return Event.public("core.roll", who=who, what=what, dice=dice, total=total, **extra)


_UNSET: Any = object()  # an argument not given to Step()


class Step(BaseModel):
    """The result of applying one action: the new state and the events it produced."""

    model_config = {"arbitrary_types_allowed": True}
    state: Any
    events: list[Event] = Field(default_factory=list)

    def __init__(self, /, *, state: Any = _UNSET, events: Any = _UNSET, **data: Any) -> None:
        # Every action makes a step, so the usual `Step(state=..., events=[...])` with a list of
        # events is filled directly, as validation fills it: the same state object and a new
        # list of the same events. Any other call is validated by pydantic as before.
        if type(events) is list and state is not _UNSET and not data:
            for event in events:
                if type(event) is not Event:
                    break
            else:
                _fill_slots(self, {"state": state, "events": events[:]}, {"state", "events"})
                return
        if state is not _UNSET:
            data["state"] = state
        if events is not _UNSET:
            data["events"] = events
        super().__init__(**data)

    # Pydantic's own validators (Step.model_validate, Step.__pydantic_validator__, JSON) never
    # need this constructor: marked as pydantic's base __init__, they keep building steps
    # themselves instead of calling it back.
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]


# Setters of the slots pydantic keeps on every model instance (its validators fill them),
# called through their descriptors as the validators do (object.__setattr__ would look each
# one up first).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__


def fill_model(cls: type, fields: dict[str, Any], given: set[str]) -> Any:
    """The model `cls` with these field values (`given`: the names passed, not defaulted), its
    slots filled as pydantic's validator fills them, without validating the values: for hot
    paths that build many models from known-good values (events, steps, listed actions).
    The caller answers for the values; each game's fast-path tests compare with validated ones.

    `given` may be shared by many models: pydantic adds to it only when a field is assigned,
    which a frozen model (an action) refuses first and which re-adds a name already there when
    every field is given (an event, a step); model_copy copies it before changing it."""
    return _fill_slots(_new(cls), fields, given)


def _fill_slots(model: Any, fields: dict[str, Any], given: set[str]) -> Any:
    _set_dict(model, fields)
    _set_fields_set(model, given)
    _set_extra(model, None)
    _set_private(model, None)
    return model


_EVENT_FIELDS = {"key", "params", "to"}
_STEP_FIELDS = {"state", "events"}


def _event(key: str, params: dict[str, Any], to: list[int] | None) -> Event:
    """Event(key=key, params=params, to=to) for a str key, a fresh params dict and a fresh
    list of int seats (or None), without validating them again (fill_model's work, one call
    fewer: games make two or three events per action)."""
    return _fill_slots(_new(Event), {"key": key, "params": params, "to": to}, _EVENT_FIELDS)


def step_of(state: Any, events: list[Event]) -> Step:
    """Step(state=state, events=events) for a fresh list of events the caller hands over:
    unlike Step() it is not copied. For engines' hot paths (one step per action)."""
    return fill_model(Step, {"state": state, "events": events}, _STEP_FIELDS)


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
    from games.core.i18n import t

    if who in ("table", "-", ""):  # a roll nobody in particular makes (who goes first)
        who = t(locale, "core.roll_table")
    if shown.wording is not None:
        key, params = shown.wording
        return t(locale, key, who=who, **params)
    dice = ", ".join(str(d) for d in shown.dice)
    if shown.terms or shown.scale:
        dice = f"[{dice}]" if len(shown.dice) > 1 else dice
        if shown.scale:
            label, factor, scaled = shown.scale
            dice += f" × {factor} ({label}) → {scaled}"
        dice += "".join(f" {'−' if v < 0 else '+'} {abs(v)} ({label})" for label, v in shown.terms)
    check = ""
    if shown.target or shown.result:
        check = t(locale, "core.roll_check", target=shown.target, result=shown.result) if shown.target else \
            t(locale, "core.roll_result", result=shown.result)
    return t(locale, "core.roll", who=who, what=what, dice=dice, total=shown.total) + check
