"""Which games exist. Each game package exposes `GAME`, its bundle of rules and faces
(`games.core.game.Game`); `get_game(key)` gives it, `get_engine(key)` its rules alone.

Games import lazily, so one broken game never stops the others from loading. Tests and
community sets can add games (a `Game`, or a bare `Engine` that gets the plain faces) with
`register()` or the SHAPAN_EXTRA_GAMES variable (`module:attribute` entries separated by
commas; the attribute defaults to `GAME`, else `ENGINE`; an engine that its module wires
into a `GAME` brings that whole game).
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import Any, Callable, Mapping

from games.core.engine import Engine
from games.core.game import Game, as_game

GAME_MODULES: dict[str, str] = {
    "ironfire": "games.ironfire",
    "frontline": "games.frontline",
    "panzer": "games.panzer",
    "conflict": "games.conflict",
    "fleet": "games.fleet",
}

_games: dict[str, Game] = {}


def register(game: Game | Engine) -> None:
    bundle = as_game(game)
    _games[bundle.key] = bundle


def _load_extra() -> None:
    if os.environ.get("SHAPAN_EXTRA_GAMES") and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # extra games usually live in the checkout (tests/)
    for entry in filter(None, (e.strip() for e in os.environ.get("SHAPAN_EXTRA_GAMES", "").split(","))):
        module, _, attr = entry.partition(":")
        loaded = importlib.import_module(module)
        item = getattr(loaded, attr or "GAME", None) or loaded.ENGINE
        bundle = getattr(loaded, "GAME", None)
        # `module:ENGINE` of a module that wires a GAME around that engine means the whole game
        register(bundle if isinstance(bundle, Game) and bundle.engine is item else item)


def get_game(key: str) -> Game:
    """The game `key`: its engine and its faces (text, picture, bot, tools)."""
    if key in _games:
        return _games[key]
    if key in GAME_MODULES:
        game = importlib.import_module(GAME_MODULES[key]).GAME
        _games[key] = game
        return game
    _load_extra()
    if key in _games:
        return _games[key]
    raise KeyError(key)


def get_engine(key: str) -> Engine:
    """The rules of the game `key`, for callers that need no text, picture or bot."""
    return get_game(key).engine


def find_tool(verb: str) -> Callable[[Mapping[str, Any], str], str] | None:
    """The game-specific command `verb` (Iron & Fire's `design`), if a game offers one."""
    for key in available_games():
        tool = get_game(key).tools.get(verb)
        if tool is not None:
            return tool
    return None


def available_games() -> list[str]:
    """Keys of every game that imports cleanly."""
    _load_extra()
    keys = []
    for key in list(GAME_MODULES) + [k for k in _games if k not in GAME_MODULES]:
        try:
            get_game(key)
        except Exception:  # a game still being written must not hide the others
            continue
        keys.append(key)
    return keys


def find_game(name: str) -> str:
    """The key of the game a person means: its key in any case, or its title in either
    language (铁与火, Frontline), or a part of one of these (two characters or more: 冲突,
    坦克) that fits one game only."""
    wanted = " ".join(str(name).split()).lower()
    if not wanted:
        raise KeyError(name)
    names: dict[str, list[str]] = {}
    for key in available_games():
        for spelling in (key, *get_engine(key).title.values()):
            names.setdefault(key, []).append(str(spelling).lower())
    for key, spellings in names.items():
        if wanted in spellings:
            return key
    fits = [key for key, spellings in names.items() if any(wanted in s for s in spellings)]
    if len(wanted) >= 2 and len(fits) == 1:
        return fits[0]
    raise KeyError(name)
