"""What Discord refuses, from its documented limits (API v10), so that the fake Discord of the
adapter tests answers a bad payload with HTTP 400 exactly where Discord would.

Sources (Discord developer documentation): message resource (content 2000, 10 embeds,
allowed mentions), embed limits (title 256, description 4096, 25 fields of 256/1024, footer
2048, author 256, 6000 in all the embeds of a message), components (5 action rows, 5 buttons
or one select per row, custom_id 100, button label 80, select 1-25 options of label/value/
description 100, placeholder 150, emoji), interaction responses (autocomplete: 25 choices,
name 1-100, value up to 100), uploads (10 files; we allow 8 MiB each, the smallest limit a
server may have), application commands (naming regex, description 1-100, 25 options and
choices, required before optional, 4000 characters per command with its localizations,
100 global commands, subcommand nesting).

Each check returns a list of problems; an empty list means Discord accepts the payload.
"""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

import emoji as emoji_data

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR, EMBED_TOTAL = 256, 1024, 2048, 256, 6000
ROWS, BUTTONS_PER_ROW, CUSTOM_ID, BUTTON_LABEL = 5, 5, 100, 80
SELECT_OPTIONS, OPTION_TEXT, PLACEHOLDER = 25, 100, 150
CHOICES, CHOICE_NAME, CHOICE_VALUE = 25, 100, 100
FILES, FILE_BYTES = 10, 8 * 1024 * 1024
COMMAND_OPTIONS, COMMAND_DESCRIPTION, COMMAND_TOTAL, GLOBAL_COMMANDS = 25, 100, 4000, 100
MENTION_PARSE = {"roles", "users", "everyone"}
# Discord draws emoji with Twemoji, which trails Unicode's newest emoji by a year or more:
# accept only emoji of Emoji 15.0 and before.
NEWEST_EMOJI = 15.0
CUSTOM_EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
SNOWFLAKE = re.compile(r"^\d{15,20}$")


def is_discord_emoji(text: str) -> bool:
    """A standard emoji Discord shows (and accepts on a button or select option)."""
    data = emoji_data.EMOJI_DATA.get(text)
    return data is not None and data["E"] <= NEWEST_EMOJI


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


# --- messages ---------------------------------------------------------------------------------
def check_message(body: dict[str, Any], files: list[tuple[str, bytes]] = (), *, edit: bool = False) -> list[str]:
    """A message sent or edited (a channel post, a webhook follow-up, an interaction response)."""
    problems: list[str] = []
    content = body.get("content")
    if content is not None and len(content) > CONTENT:
        problems.append(f"content has {len(content)} characters (max {CONTENT})")
    embeds = body.get("embeds") or []
    problems += check_embeds(embeds)
    components = body.get("components") or []
    problems += check_components(components)
    if len(files) > FILES:
        problems.append(f"{len(files)} files (max {FILES})")
    for name, data in files:
        if len(data) > FILE_BYTES:
            problems.append(f"file {name} has {len(data)} bytes (max {FILE_BYTES})")
        if not name:
            problems.append("a file without a name")
    if "allowed_mentions" in body:
        problems += check_allowed_mentions(body["allowed_mentions"])
    if not edit and not (content or embeds or files or components or body.get("sticker_ids") or body.get("poll")):
        problems.append("an empty message (code 50006)")
    return problems


def check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(embeds) > EMBEDS:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS})")
    total = 0
    for embed in embeds:
        for key, limit in (("title", EMBED_TITLE), ("description", EMBED_DESCRIPTION)):
            n = _len(embed.get(key))
            total += n
            if n > limit:
                problems.append(f"embed {key} has {n} characters (max {limit})")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"{len(fields)} embed fields (max {EMBED_FIELDS})")
        for field in fields:
            name, value = _len(field.get("name")), _len(field.get("value"))
            total += name + value
            if not 0 < name <= FIELD_NAME or not 0 < value <= FIELD_VALUE:
                problems.append(f"embed field of {name}/{value} characters (1-{FIELD_NAME}/1-{FIELD_VALUE})")
        for key, limit in (("footer", FOOTER), ("author", AUTHOR)):
            part = embed.get(key) or {}
            n = _len(part.get("text" if key == "footer" else "name"))
            total += n
            if n > limit:
                problems.append(f"embed {key} has {n} characters (max {limit})")
    if total > EMBED_TOTAL:
        problems.append(f"embeds hold {total} characters in all (max {EMBED_TOTAL})")
    return problems


def check_emoji(value: dict[str, Any] | None) -> list[str]:
    if value is None:
        return []
    name, ident = value.get("name"), value.get("id")
    if ident is None:
        return [] if name and is_discord_emoji(name) else [f"invalid emoji {name!r} (code 50035)"]
    if not SNOWFLAKE.match(str(ident)) or (name is not None and not CUSTOM_EMOJI_NAME.match(name)):
        return [f"invalid custom emoji {value!r}"]
    return []


def check_components(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > ROWS:
        problems.append(f"{len(rows)} action rows (max {ROWS})")
    seen: set[str] = set()
    for row in rows:
        if row.get("type") != 1:
            problems.append(f"a top-level component of type {row.get('type')} (expected an action row)")
            continue
        items = row.get("components") or []
        kinds = [c.get("type") for c in items]
        if not items:
            problems.append("an empty action row")
        elif 3 in kinds and len(items) != 1:
            problems.append("a select shares its action row")
        elif len(items) > BUTTONS_PER_ROW:
            problems.append(f"{len(items)} buttons in a row (max {BUTTONS_PER_ROW})")
        for item in items:
            custom_id = item.get("custom_id")
            if item.get("type") == 2 and item.get("style") == 5:
                if not item.get("url") or custom_id:
                    problems.append("a link button needs a url and no custom_id")
            elif not custom_id or len(custom_id) > CUSTOM_ID:
                problems.append(f"custom_id {custom_id!r} is empty or longer than {CUSTOM_ID}")
            if custom_id:
                if custom_id in seen:
                    problems.append(f"custom_id {custom_id!r} is used twice in one message")
                seen.add(custom_id)
            if item.get("type") == 2:
                if _len(item.get("label")) > BUTTON_LABEL:
                    problems.append(f"button label {item['label']!r} longer than {BUTTON_LABEL}")
                if not item.get("label") and not item.get("emoji"):
                    problems.append("a button with neither label nor emoji")
                problems += check_emoji(item.get("emoji"))
            elif item.get("type") == 3:
                problems += _check_select(item)
            else:
                problems.append(f"a component of type {item.get('type')} in an action row")
    return problems


def _check_select(select: dict[str, Any]) -> list[str]:
    problems = []
    options = select.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS:
        problems.append(f"a select with {len(options)} options (1-{SELECT_OPTIONS})")
    if _len(select.get("placeholder")) > PLACEHOLDER:
        problems.append(f"placeholder longer than {PLACEHOLDER}")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append("two select options share a value")
    for option in options:
        if not 0 < _len(option.get("label")) <= OPTION_TEXT or not 0 < _len(option.get("value")) <= OPTION_TEXT:
            problems.append(f"select option {option!r}: label and value must have 1-{OPTION_TEXT} characters")
        if _len(option.get("description")) > OPTION_TEXT:
            problems.append(f"select option description longer than {OPTION_TEXT}")
        problems += check_emoji(option.get("emoji"))
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= min(len(options), SELECT_OPTIONS):
        problems.append(f"min_values {low} / max_values {high} do not fit {len(options)} options")
    return problems


def check_allowed_mentions(value: Any) -> list[str]:
    if not isinstance(value, dict):
        return ["allowed_mentions is not an object"]
    problems = []
    parse = value.get("parse", [])
    if not set(parse) <= MENTION_PARSE:
        problems.append(f"allowed_mentions.parse {parse!r}")
    for kind in ("users", "roles"):
        ids = value.get(kind) or []
        if len(ids) > 100:
            problems.append(f"more than 100 allowed {kind}")
        if ids and kind in parse:
            problems.append(f"allowed_mentions lists {kind} and also parses them (mutually exclusive)")
    return problems


def pinged(body: dict[str, Any]) -> set[str]:
    """Who a message would notify: user ids, `&id` for roles, and 'everyone' for @everyone/@here. Without
    allowed_mentions Discord parses every mention in the content."""
    content = body.get("content") or ""
    allowed = body.get("allowed_mentions")
    parse = MENTION_PARSE if allowed is None else set(allowed.get("parse", []))
    users = set() if allowed is None else {str(u) for u in allowed.get("users", [])}
    roles = set() if allowed is None else {str(r) for r in allowed.get("roles", [])}
    out = set()
    for user in re.findall(r"<@!?(\d+)>", content):
        if "users" in parse or user in users:
            out.add(user)
    for role in re.findall(r"<@&(\d+)>", content):
        if "roles" in parse or role in roles:
            out.add(f"&{role}")
    if re.search(r"@(everyone|here)", content) and "everyone" in parse:
        out.add("everyone")
    return out


def check_autocomplete(choices: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(choices) > CHOICES:
        problems.append(f"{len(choices)} autocomplete choices (max {CHOICES})")
    for choice in choices:
        name, value = choice.get("name"), choice.get("value")
        if not 0 < _len(name) <= CHOICE_NAME:
            problems.append(f"choice name {name!r} must have 1-{CHOICE_NAME} characters")
        if isinstance(value, str) and len(value) > CHOICE_VALUE:
            problems.append(f"choice value {value!r} longer than {CHOICE_VALUE}")
    return problems


# --- application commands ------------------------------------------------------------------------
def valid_name(name: Any) -> bool:
    """^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lowercase where a letter has case."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32 or name != name.lower():
        return False
    for ch in name:
        if ch in "-_'" or unicodedata.category(ch)[0] in "LN":
            continue
        if "\u0900" <= ch <= "\u097f" or "\u0e00" <= ch <= "\u0e7f":  # Devanagari, Thai
            continue
        return False
    return True


def _check_texts(item: dict[str, Any], where: str, *, description: bool = True) -> tuple[list[str], int]:
    """Name and description with their localizations; returns problems and characters counted."""
    problems = []
    names = [item.get("name")] + list((item.get("name_localizations") or {}).values())
    for name in names:
        if not valid_name(name):
            problems.append(f"{where}: invalid name {name!r}")
    count = max(map(_len, names))
    if description:
        descs = [item.get("description")] + list((item.get("description_localizations") or {}).values())
        for desc in descs:
            if not 1 <= _len(desc) <= COMMAND_DESCRIPTION:
                problems.append(f"{where}: description {desc!r} must have 1-{COMMAND_DESCRIPTION} characters")
        count += max(map(_len, descs))
    return problems, count


def check_command(command: dict[str, Any]) -> list[str]:
    """One chat-input command as sent to PUT /applications/{id}/commands."""
    return _measure_command(command)[0]


def command_characters(command: dict[str, Any]) -> int:
    """The characters Discord counts against its 4000 (names, descriptions, choice names and
    values of the command and all its options, each at its longest localization)."""
    return _measure_command(command)[1]


def _measure_command(command: dict[str, Any]) -> tuple[list[str], int]:
    where = f"/{command.get('name')}"
    problems, total = _check_texts(command, where)

    def options(items: list[dict[str, Any]], where: str, depth: int) -> int:
        nonlocal problems
        count = 0
        if len(items) > COMMAND_OPTIONS:
            problems.append(f"{where}: {len(items)} options (max {COMMAND_OPTIONS})")
        names = [o.get("name") for o in items]
        if len(set(names)) != len(names):
            problems.append(f"{where}: two options share a name")
        kinds = [o.get("type") for o in items]
        groups = [k in (1, 2) for k in kinds]
        if any(groups) and not all(groups):
            problems.append(f"{where}: subcommands mixed with plain options")
        required_seen_after_optional = False
        optional_seen = False
        for option in items:
            sub = f"{where} {option.get('name')}"
            found, n = _check_texts(option, sub)
            problems += found
            count += n
            kind = option.get("type")
            if kind == 2 and depth != 0:
                problems.append(f"{sub}: a subcommand group below the top level")
            if kind == 1 and depth > 1:
                problems.append(f"{sub}: a subcommand nested too deep")
            if kind in (1, 2):
                inner = option.get("options") or []
                if kind == 2 and any(o.get("type") != 1 for o in inner):
                    problems.append(f"{sub}: a group may hold only subcommands")
                count += options(inner, sub, depth + 1)
                continue
            if option.get("required"):
                required_seen_after_optional |= optional_seen
            else:
                optional_seen = True
            choices = option.get("choices") or []
            if len(choices) > CHOICES:
                problems.append(f"{sub}: {len(choices)} choices (max {CHOICES})")
            if choices and option.get("autocomplete"):
                problems.append(f"{sub}: choices and autocomplete together")
            for choice in choices:
                cnames = [choice.get("name")] + list((choice.get("name_localizations") or {}).values())
                for cname in cnames:
                    if not 0 < _len(cname) <= CHOICE_NAME:
                        problems.append(f"{sub}: choice name {cname!r} must have 1-{CHOICE_NAME} characters")
                value = choice.get("value")
                if isinstance(value, str) and not 0 < len(value) <= CHOICE_VALUE:
                    problems.append(f"{sub}: choice value {value!r}")
                count += max(map(_len, cnames)) + len(str(value))
        if required_seen_after_optional:
            problems.append(f"{where}: a required option after an optional one")
        return count

    total += options(command.get("options") or [], where, 0)
    if total > COMMAND_TOTAL:
        problems.append(f"{where}: {total} characters with its options and localizations (max {COMMAND_TOTAL})")
    return problems, total


def check_commands(commands: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(commands) > GLOBAL_COMMANDS:
        problems.append(f"{len(commands)} commands (max {GLOBAL_COMMANDS})")
    names = [c.get("name") for c in commands]
    if len(set(names)) != len(names):
        problems.append("two commands share a name")
    for command in commands:
        problems += check_command(command)
    return problems


# --- command mentions (docs: Reference, Message Formatting: </NAME:COMMAND_ID>,
# </NAME SUBCOMMAND:ID>, </NAME SUBCOMMAND_GROUP SUBCOMMAND:ID>) -------------------------------
MENTION = re.compile(r"</([^<>:]+):(\d+)>")


def command_paths(commands: list[dict[str, Any]]) -> dict[str, int]:
    """The synced commands a mention can name, by full path (a group's subcommands, never the
    bare group): path -> the top-level command's id."""
    paths: dict[str, int] = {}

    def walk(path: str, options: list[dict[str, Any]], top: int) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            paths[path] = top
        for sub in subs:
            walk(f"{path} {sub['name']}", sub.get("options") or [], top)

    for command in commands:
        walk(command["name"], command.get("options") or [], int(command["id"]))
    return paths


def check_command_mentions(body: Any, synced: dict[str, int]) -> list[str]:
    """Every `</path:id>` in a message names a synced command by its default name and id: any
    other shows as broken text (a localized name in a mention does nothing when clicked)."""
    text = json.dumps(body, ensure_ascii=False)
    return [f"mention </{path}:{cid}> names no synced command" for path, cid in MENTION.findall(text)
            if synced.get(path) != int(cid)]


# a command as only the console takes it: its /menu, positional game keys, or a second form "in
# words" for Discord beside it (Shapan's rule, issue 18; bot/commandref.py renders Discord's)
CONSOLE_FORM = re.compile(r"/menu\b|on Discord|Discord 上|/design help"
                          r"|/(?:deck (?:save|show|delete|list)|rules|game (?:new|help)) "
                          r"(?:conflict|fleet|frontline|ironfire|panzer)\b")


def console_forms(body: Any) -> list[str]:
    return CONSOLE_FORM.findall(json.dumps(body, ensure_ascii=False))
