"""A command a message names, rendered as the reader types it where they are (issue 18).

Catalogs (the host's and every game's) name a command by a reference, `{/deck save
game={game} name code}`: the command's English path, then its options by their English
Discord names, `option=value` for a value the message gives, a bare `option` for one the
reader fills in, `[option]` for one they may add. `games.core.i18n.t` hands each reference to
`render`, which writes it for the surface the text is made for (`SURFACE`, set by the host
from the command's `Command.surface`, and by the console for its whole run):

- console: the positional form `bot/console.py` parses, `/deck save ironfire NAME CODE`;
- Discord: named options under the names the reader's client shows (zh-CN: `/卡组 保存
  游戏:ironfire 名称:… 代码:…`), the command a clickable mention `</deck save:ID>` once the
  adapter has synced the tree and given the ids (`set_command_ids`). A mention always uses the
  default (English) name: Discord shows the name written in it and ignores the localizations,
  and a mention written with a localized name does nothing when clicked (discord-api-docs
  issues 7309, 5518, 5462).

The Discord names come from the catalog keys the command tree is built with
(`bot/discord/commands.py`, `league_commands.py`); tests/discord/test_command_refs.py checks
this table against the real tree.
"""
from __future__ import annotations

import contextvars
from dataclasses import dataclass
from pathlib import Path

from games.core import i18n
from games.core.i18n import register_catalog, t

# The Discord adapter's catalog holds the command and option names Discord shows (data only:
# no discord import here, so the console and the host render Discord's form too)
register_catalog(Path(__file__).parent / "discord" / "locale")

SURFACE: contextvars.ContextVar[str] = contextvars.ContextVar("surface", default="discord")


@dataclass(frozen=True)
class Option:
    key: str  # its catalog key, `discord.param.<key>.name`
    positional: bool = True  # the console takes it by place (else as `name:VALUE`)
    flag: bool = False  # a yes/no: the console takes its English name as a word (`thread`)


@dataclass(frozen=True)
class Spec:
    key: str  # the command's catalog key, `discord.cmd.<key>.name` for each word of its path
    options: dict[str, Option]  # by English option name
    console: str | None = None  # its path at the console when it differs (Discord's /act is /menu)


_SESSION = {"game": Option("session", positional=False), "seat": Option("seat", positional=False)}
COMMANDS: dict[str, Spec] = {
    "game new": Spec("game.new", {"game": Option("game_key"), "thread": Option("thread", flag=True),
                                  "entropy": Option("entropy_on", flag=True), "options": Option("options")}),
    "game join": Spec("game.join", {"entropy": Option("entropy", False), "commit": Option("commit", False)}),
    "game leave": Spec("game.leave", {}),
    "game start": Spec("game.start", {"entropy": Option("entropy", False)}),
    "game bot": Spec("game.bot", {"level": Option("level", False)}),
    "game seat": Spec("game.seat", {}),
    "game status": Spec("game.status", {}),
    "game log": Spec("game.log", {"page": Option("log_page")}),
    "game concede": Spec("game.concede", {}),
    "game abandon": Spec("game.abandon", {}),
    "game kick": Spec("game.kick", {"user": Option("user"), "then": Option("then", False)}),
    "game help": Spec("game.help", {"game": Option("game_key")}),
    "game rematch": Spec("game.rematch", {}),
    "game timer": Spec("game.timer", {"hours": Option("hours"), "policy": Option("policy")}),
    "game hint": Spec("game.hint", {}),
    "play": Spec("play", {"action": Option("action"), **_SESSION}),
    "act": Spec("act", dict(_SESSION), console="menu"),
    "hand": Spec("hand", {}),
    "rules": Spec("rules", {"game": Option("game_key"), "section": Option("section")}),
    "roll": Spec("roll", {"expr": Option("expr"), "label": Option("label")}),
    "dice history": Spec("dice.history", {"count": Option("history_count")}),
    "dice alias": Spec("dice.alias", {"action": Option("alias_action")}),
    "deck save": Spec("deck.save", {"game": Option("game_key"), "name": Option("deck_name"),
                                    "code": Option("deck_code")}),
    "deck list": Spec("deck.list", {"game": Option("game_key")}),
    "deck show": Spec("deck.show", {"game": Option("game_key"), "name": Option("deck_name")}),
    "deck delete": Spec("deck.delete", {"game": Option("game_key"), "name": Option("deck_name")}),
    "design": Spec("design", {"components": Option("components")}),
    # the console has one /league; Discord keeps the organizers' verbs under /leagueadmin
    "league join": Spec("league.join", {}),
    "league play": Spec("league.play", {}),
    "league accept_time": Spec("league.accept_time", {}),
    "league confirm": Spec("league.confirm", {"match": Option("match")}),
    "leagueadmin create": Spec("leagueadmin.create", {}, console="league create"),
    "leagueadmin open": Spec("leagueadmin.open", {}, console="league open"),
    "leagueadmin set_result": Spec("leagueadmin.set_result", {}, console="league set_result"),
}

# the synced commands' ids by top-level name (`game`, `deck`, ...), from the Discord adapter
_ids: dict[str, int] = {}


def set_command_ids(ids: dict[str, int]) -> None:
    """The ids Discord gave the synced top-level commands: references become clickable mentions."""
    _ids.clear()
    _ids.update(ids)


def _split(reference: str) -> tuple[str, Spec, list[str]]:
    """`/deck save game={game} name code` -> ("deck save", its spec, ["game={game}", "name", "code"])."""
    words = reference.lstrip("/").split()
    for size in (2, 1):
        path = " ".join(words[:size])
        if path in COMMANDS:
            return path, COMMANDS[path], words[size:]
    raise KeyError(f"no command {reference!r} (bot/commandref.py COMMANDS)")


def _fill(option: str, locale: str) -> str:
    """The word standing for what the reader fills in: NAME, 名称."""
    return t(locale, f"host.cmdref.fill.{option}")


def render(reference: str, locale: str) -> str:
    """`reference` as typed where the text is read (`SURFACE`), in `locale`."""
    path, spec, tokens = _split(reference)
    console = SURFACE.get() == "console"
    words: list[str] = []
    for token in tokens:
        optional = token.startswith("[") and token.endswith("]")
        name, given, value = token.strip("[]").partition("=")
        if name not in spec.options:  # a value with spaces goes on (`components=engine=diesel armour=rolled`)
            words[-1] += " " + token
            continue
        option = spec.options[name]
        value = value if given else "True" if option.flag and not console else _fill(name, locale)
        if console:
            word = name if option.flag else value if option.positional else f"{name}:{value}"
        else:
            shown = t(locale, f"discord.param.{option.key}.name")
            word = f"{shown}:{'…' if value == shown else value}"
        words.append(f"[{word}]" if optional else word)
    if console:
        head = "/" + (spec.console or path)
    elif path.split()[0] in _ids:
        head = f"</{path}:{_ids[path.split()[0]]}>"
    else:
        keys = spec.key.split(".")
        head = "/" + " ".join(t(locale, f"discord.cmd.{'.'.join(keys[:n + 1])}.name") for n in range(len(keys)))
    return " ".join([head, *words])


i18n.set_command_renderer(render)
