"""The /roll commands: roll dice, the channel's roll history, saved roll aliases.

The host hands every verb starting with "roll" to `handle(ctx, cmd)`. `ctx` is either a
`RollDeps` (a connection, a dice generator, a clock) or the Host itself, from which we take
its repository's connection and lock, its clock, and `dice_rng` if it has one (otherwise
the system's generator). Refusals come back as an ephemeral reply and write nothing.
"""
from __future__ import annotations

import asyncio
import random
import re
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

import aiosqlite

from bot import markdown
from bot.outbox import Command, Message, Outbox
from games.core import dice
from games.core.dice import DiceError, Rng
from games.core.errors import RuleError
from games.core.i18n import listed, normalize_locale, t
from storage.rolls import RollStore

MAX_LABEL_CHARS = 100
HISTORY_DEFAULT, HISTORY_MAX = 10, 25
MAX_ALIASES = {"user": 25, "server": 50}
ALIAS_NAME = re.compile(r"^[^\W\d_][\w-]{0,31}$")  # a letter (any script) first, then letters, digits, _ or -
RESERVED_NAMES = {"help", "history", "alias", "帮助"}
# words a label may not be, nor be one typo away from: the notation's (`adv`) and the
# command's (`private`; the word itself is the console's flag, a plain label on Discord)
LABEL_WORDS = (*dice.ADV_WORDS, "private")

_SYSTEM_RNG = random.SystemRandom()


@dataclass
class RollDeps:
    db: aiosqlite.Connection
    rng: Rng = field(default_factory=random.Random)
    clock: Callable[[], float] = time.time
    lock: asyncio.Lock | None = None


def _deps(ctx: Any) -> tuple[RollStore, Rng, Callable[[], float]]:
    if isinstance(ctx, RollDeps):
        return RollStore(ctx.db, ctx.lock), ctx.rng, ctx.clock
    repo = ctx.repo  # the Host: share its connection and the lock that guards it
    return RollStore(repo.conn, repo.lock, repo.transaction), getattr(ctx, "dice_rng", None) or _SYSTEM_RNG, ctx.clock


async def handle(ctx: Any, cmd: Command) -> Outbox:
    locale = normalize_locale(cmd.locale or cmd.guild_locale)
    store, rng, clock = _deps(ctx)
    verbs = {"roll": _roll, "roll.history": _history, "roll.alias": _alias, "roll.help": _help}
    verb = verbs.get(cmd.verb)
    try:
        if verb is None:
            raise RuleError("roll.unknown_verb", verb=cmd.verb[:40])
        return await verb(cmd, locale, store, rng, clock)
    except RuleError as exc:  # DiceError included
        return _reply(t(locale, exc.key, **exc.params))


async def suggest(ctx: Any, cmd: Command, partial: str) -> list[tuple[str, str]]:
    """Autocomplete for alias names (value, label): the caller's and the server's."""
    store, _, _ = _deps(ctx)
    low = _normalize_name(partial or "")
    rows = await store.list_aliases(user_id=cmd.user_id, guild_id=cmd.guild_id)
    return [(r.name, f"{r.name} = {r.expr}"[:100]) for r in rows if low in r.name][:25]


def _reply(text: str, ephemeral: bool = True, title: str | None = None) -> Outbox:
    return Outbox(reply=Message(text=text, title=title), reply_ephemeral=ephemeral)


def _text_arg(cmd: Command, name: str) -> str:
    value = cmd.args.get(name)
    return "" if value is None else str(value).strip()


def _normalize_name(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().lower()


# ---------------------------------------------------------------- roll


async def _help(cmd: Command, locale: str, *_: Any) -> Outbox:
    return _reply(dice.help_text(locale))


async def _roll(cmd: Command, locale: str, store: RollStore, rng: Rng, clock: Callable[[], float]) -> Outbox:
    expr = _text_arg(cmd, "expr")
    label = _text_arg(cmd, "label") or None
    private = cmd.args.get("private") in (True, "true", "True", "1", 1)
    if _normalize_name(expr) in ("help", "帮助", "?"):
        return await _help(cmd, locale)
    if label and len(label) > MAX_LABEL_CHARS:
        raise RuleError("roll.label_too_long", limit=MAX_LABEL_CHARS)
    if label and (meant := dice.near_word(label, LABEL_WORDS)) and label.lower() != "private":
        # `1d20+5 avd` would roll without advantage under the label "avd": never a silent misreading
        raise RuleError("roll.label_is_word" if label.lower() == meant else "roll.label_typo",
                        label=label[:40], meant=meant, expr=expr[:60])
    dice.check_size(expr)  # before any saved roll is looked up: a long line costs nothing

    text, used, unknown = await _expand_aliases(expr, cmd, store)
    try:
        result = dice.roll(text, rng)
        body = result.render(locale)
    except DiceError as exc:
        if unknown and exc.key in ("dice.syntax", "dice.syntax_end"):
            raise RuleError("roll.alias.unknown", name=unknown) from None
        raise
    if used and not label:
        label = listed(locale, used)

    await store.add_roll(guild_id=cmd.guild_id, channel_id=cmd.channel_id, user_id=cmd.user_id,
                         user_name=cmd.user_name, expr=result.source, label=label, private=private,
                         result=result.to_json(), at=clock())
    key = "roll.header_label" if label else "roll.header"
    header = t(locale, key, user=markdown.escape(cmd.user_name), label=markdown.escape(label))
    if private:
        header = "🔒 " + header
    # A public roll is the (non-ephemeral) reply to the command: it sits under the
    # caller's /roll in the channel, or in the DM, and needs no channel permission.
    return _reply(f"{header}\n{body}", ephemeral=private)


# A saved roll's name, then optionally what may follow a roll: arithmetic (`atk+2`), a
# comparison (`atk >= 15`), a tag (`dmg [fire]`) or advantage (`atk adv`).
_ALIAS_USE = re.compile(r"^([^\W\d_][\w-]*)\s*((?:[-+*/%<>=\[]|(?:advantage|disadvantage|adv|dis)\b|优势|劣势).*)?$", re.DOTALL)


async def _expand_aliases(expr: str, cmd: Command, store: RollStore) -> tuple[str, list[str], str | None]:
    """Each `;` part may be a saved roll's name, alone or followed by arithmetic (`atk+2`).
    No dice expression starts with a name, so this never changes the meaning of dice.
    Returns the expression to roll, the names used, and a name-like part that is unknown."""
    parts, used, unknown = [], [], None
    for part in dice.normalize(expr).split(";"):
        match = _ALIAS_USE.match(part.strip())
        alias = None
        if match and len(match.group(1)) <= 32:
            alias = await store.find_alias(user_id=cmd.user_id, guild_id=cmd.guild_id, name=match.group(1))
        if alias is None:
            if match and unknown is None and not _is_expression(part):
                unknown = match.group(1)
            parts.append(part)
        elif match.group(2):
            used.append(alias.name)
            parts.append(f"({alias.expr}){match.group(2)}")
        else:
            used.append(alias.name)
            parts.append(alias.expr)
    return ";".join(parts), used, unknown


# ---------------------------------------------------------------- history


_OUTCOME_MARK = {True: " ✅", False: " ❌"}  # a roll against a target passed or failed


async def _history(cmd: Command, locale: str, store: RollStore, rng: Rng, clock: Callable[[], float]) -> Outbox:
    raw = _text_arg(cmd, "count")
    try:
        count = int(raw) if raw else HISTORY_DEFAULT
    except ValueError:
        raise RuleError("roll.bad_count", limit=HISTORY_MAX) from None
    if not 1 <= count <= HISTORY_MAX:
        raise RuleError("roll.bad_count", limit=HISTORY_MAX)
    rows = await store.recent_rolls(channel_id=cmd.channel_id, viewer_id=cmd.user_id, limit=count)
    if not rows:
        return _reply(t(locale, "roll.history.empty"))
    lines = []
    for row in rows:
        when = datetime.fromtimestamp(row.at, timezone.utc).strftime("%m-%d %H:%M")
        outcomes = row.result.get("outcomes") or []
        totals = listed(locale, (str(v) + _OUTCOME_MARK.get(outcomes[i] if i < len(outcomes) else None, "")
                                 for i, v in enumerate(row.result.get("totals", []))))
        expr = row.expr if len(row.expr) <= 60 else row.expr[:59] + "…"
        line = f"`{when}` **{markdown.escape(row.user_name)}** `{expr}` ⇒ **{totals[:200]}**"
        if row.label:
            line += f" · {markdown.escape(row.label)}"
        if row.private:
            line = "🔒 " + line
        lines.append(line)
    return _reply("\n".join(lines), title=t(locale, "roll.history.title", count=len(rows)))


# ---------------------------------------------------------------- aliases


def _alias_args(cmd: Command) -> tuple[str, str, str, str]:
    """(action, name, expr, scope), from named arguments or the console's word list
    (`set NAME EXPR... [user|server]`, `delete NAME [user|server]`, `list`)."""
    words = cmd.args.get("args")
    if isinstance(words, (list, tuple)):
        words = [str(w) for w in words]
        action = words[0] if words else ""
        scope = "user"
        if len(words) > 2 and words[-1].lower() in ("user", "server"):
            scope = words.pop().lower()
        name = words[1] if len(words) > 1 else ""
        expr = " ".join(words[2:])
        return action.lower(), name, expr, scope
    scope = _text_arg(cmd, "scope").lower() or "user"
    return _text_arg(cmd, "action").lower(), _text_arg(cmd, "name"), _text_arg(cmd, "expr"), scope


async def _alias(cmd: Command, locale: str, store: RollStore, rng: Rng, clock: Callable[[], float]) -> Outbox:
    action, raw_name, expr, scope = _alias_args(cmd)
    if action == "list":
        rows = await store.list_aliases(user_id=cmd.user_id, guild_id=cmd.guild_id)
        if not rows:
            return _reply(t(locale, "roll.alias.none"))
        lines = [f"{t(locale, f'roll.alias.scope_{r.scope}')} · **{r.name}** = `{r.expr}`" for r in rows]
        return _reply("\n".join(lines), title=t(locale, "roll.alias.title"))
    if action not in ("set", "delete"):
        raise RuleError("roll.alias.bad_action")
    if scope not in ("user", "server"):
        raise RuleError("roll.alias.bad_scope")
    owner_id = cmd.user_id
    if scope == "server":
        if cmd.guild_id is None:
            raise RuleError("roll.alias.no_server")
        if not cmd.can_manage_guild:
            raise RuleError("roll.alias.need_manage")
        owner_id = cmd.guild_id
    name = _normalize_name(raw_name)
    if not name:
        raise RuleError("roll.alias.need_name")
    where = t(locale, f"roll.alias.scope_{scope}")

    if action == "delete":
        if not await store.delete_alias(scope=scope, owner_id=owner_id, name=name):
            raise RuleError("roll.alias.not_found", name=name[:32], scope=where)
        return _reply(t(locale, "roll.alias.deleted", name=name, scope=where))

    if not ALIAS_NAME.match(name) or name in RESERVED_NAMES or _is_expression(name):
        raise RuleError("roll.alias.bad_name", name=raw_name[:40])
    if not expr:
        raise RuleError("roll.alias.need_expr")
    program = dice.parse(expr)  # a DiceError here says what is wrong with it
    saved = await store.set_alias(scope=scope, owner_id=owner_id, name=name, expr=program.source,
                                  created_by=cmd.user_id, at=clock(), max_count=MAX_ALIASES[scope])
    if not saved:
        raise RuleError("roll.alias.too_many", limit=MAX_ALIASES[scope], scope=where)
    return _reply(t(locale, "roll.alias.saved", name=name, expr=program.source, scope=where))


def _is_expression(name: str) -> bool:
    """A name such as `d6` or `df` would hide the dice it spells."""
    try:
        dice.parse(name)
    except DiceError:
        return False
    return True
