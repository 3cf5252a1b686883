"""The engine protocol: pure rules, no I/O.

A game is a subclass of `Engine` in `games/<key>/`. Options are pydantic models; actions are
declared as pydantic models are (`ActionBase` subclasses) but are plain slotted objects that
validate and dump through a pydantic twin of each class. The state is a pydantic model, or,
where the rules read and write it in hot loops, plain (slotted) dataclasses that the engine
loads and dumps through a pydantic `TypeAdapter` by overriding `load_state`/`dump_state`
(panzer, conflict, fleet): the same validation and JSON, without BaseModel's slower
attribute access. The rules are methods.
This class is the rules only: a game's text, picture and bot are modules of their own that
import the engine, wired with it in `games/<key>/__init__.py` as a `Game`
(games/core/game.py). The host, the bot seat, the adapters and the random-playout test
speak to the rules only through this class.

Contract every engine keeps (the core tests and `shapan playout` check it):
- `apply` raises `RuleError` for an illegal action and then leaves `state` untouched.
  It may mutate `state` in place once the action is known to be legal (the host only
  commits a step that succeeded, and always starts from the stored copy).
- All randomness comes from the `GameRng` kept in the state.
- `active_seats` names every seat whose input the game awaits (several at once for
  simultaneous secret choices or reaction windows); `legal_actions` is empty for others.
- `seats_in_play` names the seats still in the game; a seat out of it never returns and is
  never awaited.
- `view(state, seat)` holds only what that seat may know; `view(state, None)` is the table.
- `secrets(state)` lists, per seat, tokens that identify that seat's hidden items right
  now; no other seat's view or message may contain them.
"""
from __future__ import annotations

import copy
import functools
import random
import sys
import types
import typing
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field, GetCoreSchemaHandler, ValidationError
from pydantic_core import CoreSchema, core_schema

from games.core import options as table_options
from games.core.errors import RuleError
from games.core.events import Step


class Seat(BaseModel):
    index: int
    name: str
    is_bot: bool = False


class Outcome(BaseModel):
    winners: list[int]  # seats that won; empty for a draw
    ranks: list[int]  # per seat, 1 is best; equal ranks are ties
    scores: list[float] | None = None
    reason: str = "core.outcome.normal"  # message key
    params: dict[str, Any] = Field(default_factory=dict)


class _ActionModel(BaseModel):
    """Base of the pydantic twins: each action class validates and dumps through its twin,
    a frozen model with the same name, fields and defaults (what the action class was)."""

    model_config = {"frozen": True}


_NOT_GIVEN: Any = object()  # a value left out of an `unchecked` call
# field types whose values validation keeps as they are when of exactly these types
_PLAIN = {str: (str,), int: (int,), str | None: (str, type(None)), int | None: (int, type(None)),
          typing.Optional[str]: (str, type(None)), typing.Optional[int]: (int, type(None))}
_IMMUTABLE = (type(None), str, int, float, bool, tuple, frozenset)


def _is_class_var(hint: Any) -> bool:
    """ClassVar or ClassVar[...], as an object or as the string a postponed annotation is."""
    if isinstance(hint, str):
        return hint.startswith(("ClassVar", "typing.ClassVar"))
    return hint is ClassVar or typing.get_origin(hint) is ClassVar


class _ActionType(type):
    """Makes each action class from its declaration (`kind: Literal["x"] = "x"`, annotated
    fields, defaults): a slot per field (plain attribute reads), its pydantic twin (validation,
    dumps, `model_fields`), equality and hash as the model had them, and `unchecked`, the
    constructor for known-good values. Conflict declares its classes with `type(...)`, which
    comes here too."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kwargs: Any) -> _ActionType:
        # a ClassVar (a waiver mark) stays a class attribute: no slot, no field, no default
        own = {field: hint for field, hint in ns.get("__annotations__", {}).items() if not _is_class_var(hint)}
        taken = {slot for base in bases for klass in base.__mro__ for slot in getattr(klass, "__slots__", ())}
        ns = dict(ns)
        # a class made by calling type(...) (conflict's) belongs to the caller's module, not this one
        ns.setdefault("__module__", sys._getframe(1).f_globals.get("__name__"))
        defaults = {field: ns.pop(field) for field in own if field in ns}
        root = not any(isinstance(base, _ActionType) for base in bases)
        ns["__slots__"] = tuple(field for field in own if field not in taken) + (
            ("__pydantic_fields_set__",) if root else ())
        cls = super().__new__(mcs, name, bases, ns, **kwargs)
        # the names an annotation uses: the module's, and those of the frame declaring the class
        hints = typing.get_type_hints(cls, localns=dict(sys._getframe(1).f_locals), include_extras=True)
        fields = [field for field in hints if not field.startswith("_") and not _is_class_var(hints[field])]
        for base in reversed(cls.__mro__[1:]):
            defaults = {**getattr(base, "_defaults", {}), **defaults}
        cls._defaults = {field: defaults[field] for field in fields if field in defaults}
        cls._twin = twin = type(name, (_ActionModel,), {
            "__annotations__": {field: hints[field] for field in fields}, "__module__": cls.__module__,
            "__qualname__": cls.__qualname__, "__doc__": cls.__doc__, **cls._defaults})
        cls.model_fields = twin.model_fields
        cls.model_config = twin.model_config
        cls._fields = tuple(fields)
        cls._code_fields = tuple(field for field in fields if field != "kind")
        cls._plain_types = tuple(_PLAIN.get(hints[field]) for field in cls._code_fields)
        cls._shell = type.__new__(mcs, f"_Shell{name}", (cls,), {
            "__slots__": (), "__module__": __name__, "__init__": object.__init__,
            "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
        if "__eq__" not in ns:
            mcs._compile(cls, "__eq__", ["self", "other"], [
                "if type(other) is not type(self):",
                "    return False if isinstance(other, (ActionBase, BaseModel)) else NotImplemented",
                f"return ({''.join(f'self.{f}, ' for f in fields)}) == ({''.join(f'other.{f}, ' for f in fields)})"])
        if "__hash__" not in ns:  # as pydantic's: the hash of the field values (the one value when alone)
            mcs._compile(cls, "__hash__", ["self"], [
                f"return hash(self.{fields[0]})" if len(fields) == 1 else
                f"return hash(({''.join(f'self.{f}, ' for f in fields)}))"])
        cls.unchecked = staticmethod(mcs._unchecked(cls, fields))
        return cls

    @staticmethod
    def _compile(cls: type, name: str, params: list[str], body: list[str], **names: Any) -> Any:
        source = f"def {name}({', '.join(params)}):\n" + "".join(f"    {line}\n" for line in body)
        scope = {"ActionBase": ActionBase if cls.__name__ != "ActionBase" else cls, "BaseModel": BaseModel, **names}
        exec(source, scope)  # noqa: S102  (built from the class's own field names)
        function = scope[name]
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        if params and params[0] == "self":
            setattr(cls, name, function)
        return function

    @classmethod
    def _unchecked(mcs, cls: type, fields: list[str]) -> Any:
        """`cls.unchecked(*values)`: the action with these values in code order, those left out
        defaulted, made without validation: the object `cls(**dict(zip(code_fields, values)))`
        makes when the values are of the fields' types (the caller answers for that; each game's
        fast-path tests compare with validated ones). The fields are stored on the class's shell
        (no frozen `__setattr__` in the way), which then becomes a `cls`."""
        code = [f for f in fields if f != "kind"]
        defaults = cls._defaults
        given = [set(code[:n]) for n in range(len(code) + 1)]  # fields set, by number of values given
        params, body, names = [], ["o = Shell()"], {"Shell": cls._shell, "Cls": cls, "NO": _NOT_GIVEN,
                                                   "given": given, "deepcopy": copy.deepcopy}
        if "kind" in fields:
            names["KIND"] = defaults.get("kind", _NOT_GIVEN)
            body.append("o.kind = KIND")
        body.append("o.__pydantic_fields_set__ = given[0]")
        for i, field in enumerate(code):
            names[f"D{i}"] = default = defaults.get(field, _NOT_GIVEN)
            if default is _NOT_GIVEN and all(f not in defaults for f in code[:i]):
                params.append(f"v{i}")
                body.append(f"o.{field} = v{i}")
                body.append(f"o.__pydantic_fields_set__ = given[{i + 1}]")
                continue
            params.append(f"v{i}=NO")
            fill = f"deepcopy(D{i})" if not isinstance(default, _IMMUTABLE) else f"D{i}"
            body += [f"if v{i} is NO:",
                     f"    o.{field} = {fill}" if default is not _NOT_GIVEN else
                     f"    raise TypeError('{cls.__name__}.unchecked: no value for {field}')",
                     "else:", f"    o.{field} = v{i}", f"    o.__pydantic_fields_set__ = given[{i + 1}]"]
        body += ["o.__class__ = Cls", "return o"]
        return mcs._compile(cls, "unchecked", params, body, **names)


class ActionBase(metaclass=_ActionType):
    """Base of every action. Subclasses set `kind: Literal["..."] = "..."` and their fields as
    a pydantic model's, and behave as that frozen model did (its name, fields, defaults:
    validation errors, coercions, dumps, `model_fields`, equality, hash, repr, copies, pickles);
    tests/platform/test_core_fast_paths.py compares them with their pydantic twins. But an
    action is a plain slotted object: the rules list, compare and read actions at every
    decision, and a slot reads at a fraction of BaseModel's attribute hook, and `unchecked`
    makes one at a fraction of validation's cost.

    The default text code of an action is its kind followed by its field values, e.g.
    `attack m1 ship`; lists are joined with commas and None is `-`. The same code is what
    a player types, what a button carries and what the action log stores.
    """

    kind: str

    # what a pydantic model answers for these; an action has neither extra nor private fields
    __pydantic_extra__ = None
    __pydantic_private__ = None

    def __init__(self, /, **data: Any) -> None:
        """Validated by the twin: the same coercions, the same ValidationError."""
        self._take(type(self)._twin(**data))

    def _take(self, model: BaseModel) -> None:
        for field, value in model.__dict__.items():
            object.__setattr__(self, field, value)
        object.__setattr__(self, "__pydantic_fields_set__", model.__pydantic_fields_set__)

    def code(self) -> str:
        parts = [self.kind]
        for name in self._code_fields:
            parts.append(_encode_value(getattr(self, name)))
        return " ".join(parts)

    @classmethod
    def from_values(cls, *values: Any) -> ActionBase:
        """The action with these values in code order (those left out defaulted): made by
        `unchecked` when every value is exactly of its field's plain type (a str for a str, an
        int, not a bool, for an int, or None where the field allows it), which validation would
        keep as it is; anything else (a literal, a list, another type) is validated."""
        for value, plain in zip(values, cls._plain_types):
            if plain is None or type(value) not in plain:
                return cls(**dict(zip(cls._code_fields, values)))
        return cls.unchecked(*values)

    # --- what the pydantic model offered ------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        raise ValidationError.from_exception_data(
            type(self).__name__, [{"type": "frozen_instance", "loc": (name,), "input": value}])

    def __delattr__(self, name: str) -> None:
        self.__setattr__(name, None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._fields_text(', ')})"

    def __str__(self) -> str:
        return self._fields_text(" ")

    def _fields_text(self, sep: str) -> str:
        return sep.join(f"{field}={getattr(self, field)!r}" for field in self._fields)

    def __iter__(self) -> Any:
        return iter([(field, getattr(self, field)) for field in self._fields])

    def _values(self) -> dict[str, Any]:
        return {field: getattr(self, field) for field in self._fields}

    @property
    def __dict__(self) -> dict[str, Any]:  # type: ignore[override]
        """The fields and their values, in order, as a model's `__dict__` held them (`vars(action)`):
        a new dict, since an action has slots, not a dict."""
        return self._values()

    @classmethod
    def _rebuild(cls, values: dict[str, Any], fields_set: set[str]) -> ActionBase:
        action = cls._shell()
        for field, value in values.items():
            setattr(action, field, value)
        action.__pydantic_fields_set__ = fields_set
        action.__class__ = cls
        return action

    def __reduce__(self) -> Any:
        return type(self)._rebuild, (self._values(), self.__pydantic_fields_set__)

    def __copy__(self) -> ActionBase:
        return self._rebuild(self._values(), set(self.__pydantic_fields_set__))

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> ActionBase:
        return self._rebuild(copy.deepcopy(self._values(), memo), set(self.__pydantic_fields_set__))

    @property
    def model_fields_set(self) -> set[str]:
        return self.__pydantic_fields_set__

    def _as_model(self) -> BaseModel:
        from games.core.events import fill_model

        return fill_model(type(self)._twin, self._values(), self.__pydantic_fields_set__)

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        return self._as_model().model_dump(**kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        return self._as_model().model_dump_json(**kwargs)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> ActionBase:
        values = copy.deepcopy(self._values()) if deep else self._values()
        fields_set = set(self.__pydantic_fields_set__)
        if update:
            values.update(update)  # not validated, as pydantic's model_copy
            fields_set.update(update)
        return self._rebuild(values, fields_set)

    @classmethod
    def _of_model(cls, model: BaseModel) -> ActionBase:
        action = cls._shell()
        action._take(model)
        action.__class__ = cls
        return action

    @classmethod
    def model_validate(cls, obj: Any, **kwargs: Any) -> ActionBase:
        return obj if isinstance(obj, cls) else cls._of_model(cls._twin.model_validate(obj, **kwargs))

    @classmethod
    def model_validate_json(cls, data: str | bytes, **kwargs: Any) -> ActionBase:
        return cls._of_model(cls._twin.model_validate_json(data, **kwargs))

    @classmethod
    def model_json_schema(cls, **kwargs: Any) -> dict[str, Any]:
        return cls._twin.model_json_schema(**kwargs)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """How a pydantic model holding an action validates and dumps it: an action is taken as
        it is, anything else validated by the twin; dumped as the twin."""
        model = handler(cls._twin)
        made = core_schema.no_info_after_validator_function(cls._of_model, model)
        return core_schema.json_or_python_schema(
            json_schema=made,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), made]),
            serialization=core_schema.plain_serializer_function_ser_schema(cls._as_model, return_schema=model),
        )


def _encode_value(value: Any) -> str:
    if type(value) is str and value.split() == [value]:  # the usual token: no space, not empty
        return value
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return ",".join(_encode_value(v) for v in value) if value else "~"
    text = str(value)
    if text.split() != [text]:  # empty, or with a whitespace character (str.isspace's)
        raise ValueError(f"action token {text!r} is empty or has spaces")
    return text


def _is_list_field(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin in (list, tuple):
        return True
    if origin is typing.Union or origin is types.UnionType:  # Optional[list[str]] or list[str] | None
        return any(_is_list_field(a) for a in typing.get_args(annotation))
    return False


@functools.lru_cache(maxsize=64)
def _kinds(types: tuple[type[ActionBase], ...]) -> dict[str, type[ActionBase]]:
    """kind -> model, built once per game (decoding runs for every command and playout step)."""
    return {t.model_fields["kind"].default: t for t in types}


@functools.lru_cache(maxsize=1024)
def code_fields(cls: type[ActionBase]) -> tuple[str, ...]:
    """The fields an action's code lists after its kind, in order (read once per model; also
    for engines that build actions from values given in code order)."""
    return tuple(name for name in cls.model_fields if name != "kind")


@functools.lru_cache(maxsize=1024)
def _decode_fields(cls: type[ActionBase]) -> tuple[tuple[str, bool, bool], ...]:
    """(name, required, is a list) of each field after the kind, in code order."""
    fields = cls.model_fields
    return tuple((name, fields[name].is_required(), _is_list_field(fields[name].annotation))
                 for name in code_fields(cls))


def decode_action(types: tuple[type[ActionBase], ...], code: str) -> ActionBase:
    """Parse an action code back into its model, or raise RuleError('core.bad_action')."""
    tokens = code.strip().split()
    if not tokens:
        raise RuleError("core.bad_action", code=code)
    cls = _kinds(types).get(tokens[0])
    if cls is None:
        raise RuleError("core.unknown_action", code=code[:100])
    fields = _decode_fields(cls)
    args = tokens[1:]
    # trailing optional fields may be left out: `play c123` for `play c123 -`
    while len(args) < len(fields) and not fields[len(args)][1]:
        args.append("-")
    if len(args) != len(fields):
        raise RuleError("core.bad_action", code=code[:100])
    data: dict[str, Any] = {"kind": tokens[0]}
    for (name, _, is_list), token in zip(fields, args):
        if token == "-":
            data[name] = None
        elif is_list:
            data[name] = [] if token == "~" else token.split(",")
        else:
            data[name] = token
    try:
        return cls.model_validate(data)
    except ValidationError:
        raise RuleError("core.bad_action", code=code[:100]) from None


S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=ActionBase)
O = TypeVar("O", bound=BaseModel)


class NoOptions(BaseModel):
    model_config = {"extra": "forbid"}


class Engine(Generic[S, A, O]):
    key: ClassVar[str]
    title: ClassVar[dict[str, str]]  # {"en": ..., "zh-CN": ...}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    State: ClassVar[type[BaseModel]]
    Options: ClassVar[type[BaseModel]] = NoOptions
    actions: ClassVar[tuple[type[ActionBase], ...]]  # every action model of the game

    # --- rules (every game implements these) ---------------------------------------
    def setup(self, seats: list[Seat], options: O, seed: int) -> Step:
        raise NotImplementedError

    def active_seats(self, state: S) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[A]:
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: A) -> Step:
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def resign(self, state: S, seat: int) -> Step:
        """The seat concedes (or forfeits on a timer). Must always succeed."""
        raise NotImplementedError

    def seats_in_play(self, state: S) -> list[int]:
        """The seats still in the game, in seat order: every seat the game may await again
        before it ends. A seat that resigned or that the rules put out (conflict: its last
        territory fell; Iron & Fire: its army was wiped out in the match's last game) leaves
        for good: it never comes back, and `active_seats` is always among these. Empty once
        the game has an outcome. The host tells an out player once and pings them no more,
        and when no human is left in play it lets the bots finish the game without a post
        per move.

        The default suits a game of a fixed number of seats where a seat leaves only when the
        game ends (every two-player game): every seat until the outcome. A game for a range
        of players says which seats are still in."""
        if self.outcome(state) is not None:
            return []
        if self.min_players != self.max_players:
            raise NotImplementedError(f"{self.key} seats {self.min_players}-{self.max_players} players: "
                                      "it must say which seats are still in play")
        return list(range(self.max_players))

    def put_out(self, state: S) -> set[int]:
        """The seats the rules put out of the game (conflict: its last territory fell), even if
        the player conceded afterwards (at conflict's prompt to choose an heir): they wait for
        the result like a seat still in, so the host lets the bots finish the game rather than
        end it without a winner. None by default."""
        return set()

    def secrets(self, state: S) -> dict[int, set[str]]:
        """Per seat, tokens naming its hidden items now (hand card ids, hidden config ...)."""
        return {}

    def invariants(self, state: S) -> list[str]:
        """Broken invariants, as readable strings; empty when all is well."""
        return []

    # Event keys by which the rules show the table something that was hidden (a pilot's
    # talent when it first applies): check_determinization lets two worlds part there.
    reveal_events: frozenset[str] = frozenset()

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A new state that `seat` cannot tell from `state`: everything the seat can see is
        kept, everything it cannot see (other hands, deck orders, face-down cards, hidden
        configurations, unrevealed ammunition, the dice stream) is drawn again from `rng`,
        consistent with all the seat has seen. `state` itself is left untouched.

        The seat's view, its legal actions and their texts, and the seats the game awaits
        must be identical on the result (`games.core.playout.check_determinization`); the
        search bot plays from such states, so it never needs another seat's secrets."""
        raise NotImplementedError

    # --- plumbing shared by all games ------------------------------------------------
    def parse_options(self, raw: dict[str, str] | None = None) -> O:
        """The table's options; names in any case or language, refusals naming what is allowed."""
        named = table_options.normalize(self.key, self.Options, raw or {})
        try:
            return self.Options.model_validate(named)  # type: ignore[return-value]
        except ValidationError as exc:
            raise table_options.refusal(self.key, self.Options, exc, named) from None

    def parse_action(self, code: str) -> A:
        return decode_action(self.actions, code)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()

    def load_state(self, data: str | bytes) -> S:
        return self.State.model_validate_json(data)  # type: ignore[return-value]

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None


ActionKind = Literal  # re-export for brevity in game modules
