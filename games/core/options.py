"""Table options as people see them: every option's names (its key, any case, or its name in
either language), what it allows, its default and its meaning, and refusals that name the
option and what is allowed instead of pydantic's wording.

A game describes an option in its catalogs under `<game>.option.<name>`: `name` (what the
option is called in that language), `help` (what it does) and, for a text option whose
values a validator checks, `allowed`. Ranges and choices come from the Options model itself
(`Field(ge=, le=)`, `Literal[...]`, `bool`), so the text cannot drift from what is accepted.
Values the game shows by a name (panzer's maps: `zhenli` is Pravda, 真理) are given by the
model's `value_names` ({option: {value: {locale: name}}}): the help lists each value with its
name, and a table may give either (any case, either language).
"""
from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from games.core.errors import RuleError
from games.core.i18n import LOCALES, aside, has, listed, t


def fields(options: type[BaseModel]) -> dict[str, FieldInfo]:
    return dict(options.model_fields)


def bounds(info: FieldInfo) -> tuple[Any, Any]:
    """(lowest, highest) allowed by ge/le (or gt/lt on whole numbers) metadata."""
    lo = hi = None
    for meta in info.metadata:
        if getattr(meta, "ge", None) is not None:
            lo = meta.ge
        if getattr(meta, "gt", None) is not None:
            lo = meta.gt + 1
        if getattr(meta, "le", None) is not None:
            hi = meta.le
        if getattr(meta, "lt", None) is not None:
            hi = meta.lt - 1
    return lo, hi


def choices(info: FieldInfo) -> list[str] | None:
    if typing.get_origin(info.annotation) is typing.Literal:
        return [str(c) for c in typing.get_args(info.annotation)]
    return None


def option_name(game: str, name: str, locale: str) -> str:
    """`name` followed by its localized name when the game gives one: `max_rounds (rounds)`, `max_rounds（回合上限）`."""
    key = f"{game}.option.{name}.name"
    local = t(locale, key) if has(key, locale) else ""
    return aside(locale, name, local) if local and local != name else name


def value_names(options: type[BaseModel], name: str) -> dict[str, dict[str, str]]:
    """value -> {locale: the name the game shows for it}, for an option whose values have names."""
    return getattr(options, "value_names", {}).get(name, {})


def allowed(game: str, name: str, info: FieldInfo, locale: str, options: type[BaseModel] | None = None) -> str:
    """What the option accepts, as a phrase in the user's language."""
    named = value_names(options, name) if options is not None else {}
    if named:
        return t(locale, "core.option.one_of", values=listed(locale, (
            t(locale, "core.option.named", value=value, name=shown.get(locale, value)) for value, shown in named.items())))
    picks = choices(info)
    if picks is not None:
        return t(locale, "core.option.one_of", values=listed(locale, picks))
    if info.annotation is bool:
        return t(locale, "core.option.bool")
    if info.annotation is int:
        lo, hi = bounds(info)
        if lo is None or hi is None:  # every shipped game bounds its numbers; a test game may not
            return t(locale, "core.option.int")
        return t(locale, "core.option.int_range", lo=lo, hi=hi)
    key = f"{game}.option.{name}.allowed"
    return t(locale, key) if has(key, locale) else t(locale, "core.option.text")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else "—"


def help_lines(game: str, options: type[BaseModel], locale: str) -> list[str]:
    """One line per option: names, allowed values, default, meaning."""
    lines = []
    for name, info in fields(options).items():
        meaning_key = f"{game}.option.{name}.help"
        meaning = t(locale, meaning_key) if has(meaning_key, locale) else ""
        lines.append(t(locale, "core.option.line", name=option_name(game, name, locale),
                       allowed=allowed(game, name, info, locale, options), default=_shown(info.default),
                       meaning=meaning).rstrip(" ·"))
    return lines


def _aliases(game: str, options: type[BaseModel]) -> dict[str, str]:
    """Every accepted spelling of every option name (lower case) -> the field name."""
    out: dict[str, str] = {}
    for name in fields(options):
        out[name.lower()] = name
        out[name.lower().replace("_", "-")] = name
        for loc in LOCALES:
            key = f"{game}.option.{name}.name"
            if has(key, loc):
                out[t(loc, key).strip().lower()] = name
    return out


def field_named(game: str, options: type[BaseModel], name: str) -> str | None:
    """The option a spelling names (its key in any case, `-` for `_`, or its name in either
    language), or None: how the host tells its own table options from a game's."""
    return _aliases(game, options).get(str(name).strip().lower())


def normalize(game: str, options: type[BaseModel], raw: dict[str, Any]) -> dict[str, Any]:
    """Option names mapped to the model's fields (any case, either language); choices and
    booleans compared without case. Refuses an unknown name with the list of options."""
    if not raw:  # the defaults (every bot game, every benchmark game): no names to look up
        return {}
    aliases = _aliases(game, options)
    model_fields = fields(options)
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name = aliases.get(str(key).strip().lower())
        if name is None:
            if not model_fields:
                raise RuleError("core.no_options", option=str(key)[:40])
            raise RuleError("core.unknown_option", option=str(key)[:40], options=list(model_fields))  # joined in the reader's language
        info = model_fields[name]
        if isinstance(value, str):
            value = value.strip()
            folded = value.casefold()
            value = next((v for v, shown in value_names(options, name).items()
                          if folded in {n.casefold() for n in shown.values()}), value)  # a value by its shown name
            picks = choices(info)
            if picks is not None:
                value = next((c for c in picks if c.lower() == value.lower()), value)
            elif info.annotation is bool:
                value = value.lower()
        out[name] = value
    return out


def refusal(game: str, options: type[BaseModel], exc: ValidationError, raw: dict[str, Any]) -> RuleError:
    """A RuleError naming the first bad option, the value given and what is allowed (in
    each language, picked when the message is shown)."""
    err = exc.errors()[0]
    loc = [str(x) for x in err.get("loc", ())]
    model_fields = fields(options)
    if loc and loc[0] in model_fields:
        name = loc[0]
        info = model_fields[name]
        return RuleError("core.bad_option", value=str(raw.get(name, ""))[:40],
                         option={l: option_name(game, name, l) for l in LOCALES},
                         allowed={l: allowed(game, name, info, l, options) for l in LOCALES})
    # a rule between options (a model validator): the game's own sentence, without pydantic's prefix
    detail = str(err.get("msg", "")).removeprefix("Value error, ")
    return RuleError("core.bad_option_mix", detail=detail[:200])
