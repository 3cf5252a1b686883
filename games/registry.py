"""Which games exist. Each game package exposes `ENGINE`, an instance of its Engine.

Games import lazily, so one broken game never stops the others from loading. Tests and
community sets can add engines with `register()` or the SHAPAN_EXTRA_GAMES variable
(`module:attribute` entries separated by commas).
"""
from __future__ import annotations

import importlib
import os
import sys

from games.core.engine import Engine

GAME_MODULES: dict[str, str] = {
    "ironfire": "games.ironfire",
    "frontline": "games.frontline",
    "panzer": "games.panzer",
    "conflict": "games.conflict",
    "fleet": "games.fleet",
}

_engines: dict[str, Engine] = {}


def register(engine: Engine) -> None:
    _engines[engine.key] = engine


def _load_extra() -> None:
    if os.environ.get("SHAPAN_EXTRA_GAMES") and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # extra games usually live in the checkout (tests/)
    for entry in filter(None, (e.strip() for e in os.environ.get("SHAPAN_EXTRA_GAMES", "").split(","))):
        module, _, attr = entry.partition(":")
        register(getattr(importlib.import_module(module), attr or "ENGINE"))


def get_engine(key: str) -> Engine:
    if key in _engines:
        return _engines[key]
    if key in GAME_MODULES:
        engine = importlib.import_module(GAME_MODULES[key]).ENGINE
        _engines[key] = engine
        return engine
    _load_extra()
    if key in _engines:
        return _engines[key]
    raise KeyError(key)


def available_games() -> list[str]:
    """Keys of every game that imports cleanly."""
    _load_extra()
    keys = []
    for key in list(GAME_MODULES) + [k for k in _engines if k not in GAME_MODULES]:
        try:
            get_engine(key)
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
