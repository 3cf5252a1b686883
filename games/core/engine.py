"""The engine protocol: pure rules, no I/O.

A game is a subclass of `Engine` in `games/<key>/`. Options and actions are pydantic
models. The state is a pydantic model too, or, where the rules read and write it in hot
loops, plain (slotted) dataclasses that the engine loads and dumps through a pydantic
`TypeAdapter` by overriding `load_state`/`dump_state` (panzer, conflict, fleet): the same
validation and JSON, without BaseModel's slower attribute access. The rules are methods.
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

import functools
import random
import types
import typing
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

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


class ActionBase(BaseModel):
    """Base of every action model. Subclasses set `kind: Literal["..."] = "..."`.

    The default text code of an action is its kind followed by its field values, e.g.
    `attack m1 ship`; lists are joined with commas and None is `-`. The same code is what
    a player types, what a button carries and what the action log stores.
    """

    model_config = {"frozen": True}
    kind: str

    def code(self) -> str:
        parts = [self.kind]
        for name in code_fields(type(self)):
            parts.append(_encode_value(getattr(self, name)))
        return " ".join(parts)


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
