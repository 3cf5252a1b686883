"""Saved decks, armies and fleets: `/deck save|list|show|delete`, and `@NAME` in a move.

A game that has building offers `validate_loadout(code)` (returns the normalized code or
raises RuleError) and `loadout_presets()` (name -> code). A player saves a code under a
name once; later, in any game of that kind, a move may say `@NAME` where the code goes
(e.g. `/play deck @mydeck`), and the host puts the saved code there before the engine
checks it again.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot import markdown
from bot.outbox import Command, Message, Outbox
from games.core.errors import RuleError
from games.core.i18n import listed, t
from games.registry import available_games, find_game, get_engine

if TYPE_CHECKING:
    from bot.host.core import Host

NAME = re.compile(r"^[^\W_][\w-]{0,31}$")
MAX_PER_GAME = 25
MAX_CODE = 1500


def _game_key(game: str) -> str:
    if not game:
        raise RuleError("host.name_a_game", games=available_games())  # a list: joined in the reader's language
    try:
        return find_game(game)
    except KeyError:
        raise RuleError("host.unknown_game", game=game[:40], games=available_games()) from None


def _engine_with_loadouts(game: str):
    engine = get_engine(game)
    if not hasattr(engine, "validate_loadout"):
        raise RuleError("host.deck.no_building", game=game)
    return engine


async def handle(host: "Host", cmd: Command, locale: str) -> Outbox:
    sub = cmd.verb.removeprefix("deck.")
    game = str(cmd.args.get("game") or "").strip()
    name = str(cmd.args.get("name") or "").strip()
    repo = host.repo
    if game or sub != "list":
        game = _game_key(game)
    if sub == "list":
        rows = await repo.loadouts(cmd.user_id, game or None)
        lines = [f"`{r['game']}` **{markdown.escape(r['name'])}**" for r in rows]
        if game:
            engine = _engine_with_loadouts(game)
            presets = listed(locale, (f"`{p}`" for p in engine.loadout_presets()))
            lines.append(t(locale, "host.deck.presets", game=game, presets=presets or t(locale, "core.none")))
        return Outbox(reply=Message(text="\n".join(lines) or t(locale, "host.deck.none")))
    engine = _engine_with_loadouts(game)
    if not NAME.match(name):
        raise RuleError("host.deck.bad_name")
    if sub == "save":
        code = " ".join(str(cmd.args.get("code") or "").split())
        if not code or len(code) > MAX_CODE:
            raise RuleError("host.deck.bad_code", max=MAX_CODE)
        code = engine.validate_loadout(code)
        saved = await repo.loadouts(cmd.user_id, game)
        if len(saved) >= MAX_PER_GAME and name not in {r["name"] for r in saved}:
            raise RuleError("host.deck.too_many", max=MAX_PER_GAME)
        await repo.save_loadout(cmd.user_id, game, name, code, host.clock())
        return Outbox(reply=Message(text=t(locale, "host.deck.saved", name=name, game=game)))
    row = await repo.loadout(cmd.user_id, game, name)
    if row is None:
        raise RuleError("host.deck.unknown", name=name, game=game)
    if sub == "show":
        return Outbox(reply=Message(text=t(locale, "host.deck.code", name=markdown.escape(name), code=row["code"])))
    if sub == "delete":
        await repo.delete_loadout(cmd.user_id, game, name)
        return Outbox(reply=Message(text=t(locale, "host.deck.deleted", name=name)))
    raise RuleError("host.unknown_verb", commands=host._command_list(cmd))


async def expand(host: "Host", user_id: int, game: str, code: str) -> str:
    """Replace each `@NAME` token of a move with the caller's saved code of that name."""
    if "@" not in code:
        return code
    parts = []
    for token in code.split():
        if token.startswith("@") and len(token) > 1:
            row = await host.repo.loadout(user_id, game, token[1:])
            if row is None:
                raise RuleError("host.deck.unknown", name=token[1:], game=game)
            token = row["code"]
        parts.append(token)
    return " ".join(parts)
