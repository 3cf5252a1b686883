"""Moves that undo a seat's own recent moves (issue 21: "A bot never makes a move that changes
nothing (turning a tank back and forth, passing with useful actions left) unless nothing else
is legal").

An undo: the seat's move brings one of its units back to a pose (place, facing, face up or
down, crew) that the unit had since the start of the seat's previous turn, the unit not having
been moved by anyone else in between. Turning a tank left and right again, driving a tank
E3 -> D2 -> E3, turning a unit face down and face up again are undos; a unit pushed back by
the opponent and moved forward again is not.

What a pose is, and which turn of the game it is, only the game knows: its bot module (beside
its engine) defines `poses(view) -> (turn, {unit: pose})` for the units of the view's seat,
`turn` counting every turn of the game (one more per seat's turn). A game without it has no
undos. `UNDO_TURNS` there says how many of the seat's turns a trail spans (2, the current and
the previous, unless holding a pose through the opponents' turn has a rule effect), and
`aimless(view, action)` names moves its bots never make while another is legal (moves that
its heuristic would undo). Everything here reads views only, so a bot using it knows what its
seat knows.
"""
from __future__ import annotations

import functools
import importlib
import json
from typing import Any, Iterable

from games.core.engine import Engine

Poses = tuple[int, dict[str, Any]]


def bot_module(engine: Engine) -> Any:
    """The game's bot module (`bot.py` beside its engine), or None. The engine's classes are
    read in order, so a subclass defined elsewhere (a test's instrumented engine) still finds
    its game's bot."""
    for cls in type(engine).__mro__:
        package = cls.__module__.rpartition(".")[0]
        if not package.startswith("games."):
            continue
        try:
            return importlib.import_module(f"{package}.bot")
        except ImportError:
            continue
    return None


def _bot(engine: Engine, name: str, default: Any = None) -> Any:
    return getattr(bot_module(engine), name, default)


def _poses_of(engine: Engine) -> Any:
    return _bot(engine, "poses")


def new_trail(engine: Engine, players: int) -> Trail:
    return Trail(players, _bot(engine, "UNDO_TURNS", 2))


def poses(engine: Engine, state: Any, seat: int) -> Poses | None:
    """The turn and the poses of `seat`'s units as its view shows them, or None for a game
    without poses."""
    read = _poses_of(engine)
    return None if read is None else read(engine.view(state, seat))


class Trail:
    """The poses a seat's units had since the start of the seat's previous turn, along its own
    moves: what a move of the seat must not bring a unit back to."""

    def __init__(self, players: int, turns: int = 2):
        self.players = players
        self.turns = turns  # of the seat's own turns the trail spans
        self.turn = 0
        self.had: dict[str, list[tuple[int, Any]]] = {}  # unit -> (turn, pose) along the seat's moves

    def reach(self, turn: int) -> None:
        """Forget what happened before the seat's previous turn."""
        self.turn = turn
        for unit, kept in self.had.items():
            kept[:] = [(t, p) for t, p in kept if t > turn - self.players * self.turns]

    def see(self, turn: int, now: dict[str, Any]) -> None:
        """The seat's units as they stand now, before its move: a unit someone else moved since
        the seat's last move starts a new trail (moving it back undoes nobody's own move)."""
        self.reach(turn)
        for unit, pose in now.items():
            kept = self.had.setdefault(unit, [])
            if kept and kept[-1][1] != pose:
                kept.clear()
            if not kept or kept[-1][1] != pose:
                kept.append((turn, pose))

    def moved(self, after: dict[str, Any]) -> None:
        """The seat's own move left its units so."""
        for unit, pose in after.items():
            kept = self.had.setdefault(unit, [])
            if not kept or kept[-1][1] != pose:
                kept.append((self.turn, pose))

    def undone(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """The units a move from `before` to `after` brings back to a pose they had."""
        return [unit for unit, pose in after.items()
                if pose != before.get(unit) and any(p == pose for _, p in self.had.get(unit, ()))]


def trail_from(engine: Engine, positions: Iterable[str], players: int) -> Trail | None:
    """A seat's trail rebuilt from the views it decided in (a bot's `Memory`: JSON of [view,
    awaited seats], oldest first), or None for a game without poses. Between two decisions the
    seat's own move is not known, only where its units stood next: a unit is taken to have
    moved itself, so the trail is never shorter than the real one."""
    read = _poses_of(engine)
    if read is None:
        return None
    trail = new_trail(engine, players)
    for text in positions:
        turn, now = _read_position(read, text)
        trail.reach(turn)
        trail.moved(now)
    return trail


@functools.lru_cache(maxsize=512)
def _read_position(read: Any, text: str) -> Poses:
    """The poses in a remembered position (read once: a bot reads its memory at every decision)."""
    return read(json.loads(text)[0])


def undoes(engine: Engine, trail: Trail | None, state: Any, seat: int, action: Any, after: Any) -> bool:
    """Whether `action` of `seat`, going from `state` to `after`, brings one of its units back
    to a pose it had on `trail`, or is a move the game's bots never make (`aimless`)."""
    aimless = _bot(engine, "aimless")
    if aimless is not None and aimless(engine.view(state, seat), action):
        return True
    if trail is None:
        return False
    before, later = poses(engine, state, seat), poses(engine, after, seat)
    return bool(before and later and trail.undone(before[1], later[1]))
