"""Message catalogs: zh-CN and en, one TOML file per language per namespace.

A game keeps `games/<key>/locale/en.toml` and `zh-CN.toml`; nested tables flatten to
dotted keys (`[fleet.hit]` + `ok = "..."` is `fleet.hit.ok`). A parameter whose value is a
string starting with `@` is itself a key and is translated; a dict with locale keys is
picked by locale. `{n|card|cards}` is the word for the number `n`: the first form when `n`
is 1, else the second (English counts; Chinese needs no such form): `{n} {n|card|cards}`.
"""
from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

LOCALES = ("zh-CN", "en")
DEFAULT_LOCALE = "zh-CN"
_catalogs: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}
_loaded: set[Path] = set()


def default_locale() -> str:
    """The language for users whose locale is unknown: SHAPAN_LOCALE, else zh-CN."""
    env = os.environ.get("SHAPAN_LOCALE", "")
    return normalize_locale(env, DEFAULT_LOCALE) if env else DEFAULT_LOCALE


def normalize_locale(locale: str | None, default: str | None = None) -> str:
    """Map a Discord locale (zh-CN, zh-TW, en-US, en-GB, ...) to one we have."""
    if locale in LOCALES:  # the common case, asked for every line of text
        return locale
    default = default or default_locale()
    if not locale:
        return default
    low = str(locale).lower().replace("_", "-")
    if low.startswith("zh"):
        return "zh-CN"
    if low.startswith("en"):
        return "en"
    return default


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


def register_catalog(folder: Path | str) -> None:
    """Load `en.toml` and `zh-CN.toml` from a folder (once)."""
    folder = Path(folder).resolve()
    if folder in _loaded:
        return
    for loc in LOCALES:
        path = folder / f"{loc}.toml"
        if path.exists():
            with path.open("rb") as fh:
                try:
                    data = tomllib.load(fh)
                except tomllib.TOMLDecodeError as exc:
                    raise ValueError(f"{path}: {exc}") from exc
            _flatten("", data, _catalogs[loc])
    _loaded.add(folder)


def has(key: str, locale: str = "en") -> bool:
    return key in _catalogs.get(normalize_locale(locale), {}) or key in _catalogs["en"]


def localize_value(value: Any, locale: str) -> Any:
    if isinstance(value, str) and value.startswith("@") and len(value) > 1:
        return t(locale, value[1:])
    if isinstance(value, dict) and ("en" in value or "zh-CN" in value):
        return value.get(locale) or value.get("en") or value.get("zh-CN")
    if isinstance(value, list):
        return listed(locale, (localize_value(v, locale) for v in value))
    return value


def listed(locale: str | None, items: Any) -> str:
    """Items one after another with the reader's list separator: `a, b` in English, `a、b` in
    Chinese (a zh-CN table read "手牌：间谍无人机, 甲板炸弹")."""
    return t(locale, "core.list_sep").join(str(item) for item in items)


_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")
_HAN = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
# zh-CN's possessive 的 joins a Chinese word on either side ("alice 的战舰", "峡谷的步兵"): a
# catalog spaces its placeholders ("{name} 的 {unit}") for names in Latin letters and digits
# ("机器人1 的 UBT1-T1 Kagami"), and the space goes where the value is Chinese
_POSSESSIVE_SPACE = re.compile(rf"(?<=[{_HAN}]) +(?=的)|(?<=的) +(?=[{_HAN}])")
# a name that ends a zh-CN sentence with its own 「！」 or 「？」 takes no 「。」 after it ("使用了 前进！")
_DOUBLE_STOP = re.compile("(?<=[！？])。")



def _plural(match: re.Match[str], values: dict[str, Any]) -> str:
    """The form of a `{n|one|other}` word for the value of n (`other` when n is not a number)."""
    try:
        one = abs(float(str(values[match.group(1)]))) == 1
    except (KeyError, ValueError):
        one = False
    return match.group(2) if one else match.group(3)


# A command a message names, written in a catalog as `{/deck save game={game} name code}`: the
# platform renders it as the reader types it where they are (the console's positional form,
# Discord's named options or a clickable mention) through the renderer it installs; without a
# platform (a game's own tests) the reference reads as written, braces dropped.
COMMAND_REF = re.compile(r"\{(/[^{}]*(?:\{\w+\}[^{}]*)*)\}")


def _as_written(reference: str, locale: str) -> str:
    return reference


_command_renderer = _as_written


def set_command_renderer(render: Any) -> None:
    """Install `render(reference, locale) -> text` for the `{/command …}` references of catalogs."""
    global _command_renderer
    _command_renderer = render


class _SafeDict(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(locale: str | None, key: str, **params: Any) -> str:
    loc = normalize_locale(locale)
    template = _catalogs[loc].get(key) or _catalogs["en"].get(key) or _catalogs["zh-CN"].get(key)
    if template is None:
        return key + (" " + " ".join(f"{k}={v}" for k, v in params.items()) if params else "")
    if "{/" in template:  # before the values go in: a reference's own `{game}` is filled with the rest
        template = COMMAND_REF.sub(lambda m: _command_renderer(m.group(1), loc), template)
    values = _SafeDict({k: localize_value(v, loc) for k, v in params.items()})
    if "|" in template:
        template = _PLURAL.sub(lambda m: _plural(m, values).replace("{", "{{").replace("}", "}}"), template)
    try:
        text = template.format_map(values)
    except (ValueError, IndexError, KeyError, AttributeError):
        return template
    if loc == "zh-CN":
        if "的" in text:
            text = _POSSESSIVE_SPACE.sub("", text)
        if "！。" in text or "？。" in text:
            text = _DOUBLE_STOP.sub("", text)
    return text


register_catalog(Path(__file__).parent / "locale")


def sentences(locale: str | None, parts: Any) -> str:
    """Sentences one after another: a space between them in English, none after Chinese
    punctuation (`胜者：机器人1。得分：…`, not `胜者：机器人1。 得分：…`)."""
    return ("" if normalize_locale(locale) == "zh-CN" else " ").join(p for p in parts if p)


def aside(locale: str | None, value: Any, note: Any) -> str:
    """`value (note)` in English, `value（note）` in Chinese: a note in brackets after a name,
    a roll's term or a price, with the brackets of the reader's language (an empty value: the
    note alone, after a space in English, to follow what precedes it)."""
    return t(locale, "core.aside", value=value, aside=note)


def verb_names(game: str, kinds: Any, locale: str) -> dict[str, str]:
    """Action kinds named in `locale` from the game's `[<game>.verb]` catalog table, for the
    menus' first step and for `/play` by name (a kind without an entry keeps its code)."""
    loc = normalize_locale(locale)
    names = {}
    for kind in kinds:
        key = f"{game}.verb.{kind}"
        if key in _catalogs[loc]:
            names[kind] = _catalogs[loc][key]
    return names


def numbered_as_seen(public: Any, known: Any, locale: str) -> dict[str, str]:
    """Labels numbered as the whole table sees things (`numbered` of `public`, in the order a
    picture draws them): a face-down card is `face-down card #2` in the log, on every
    picture and in every hand alike. What only the reader knows goes in front of that label
    (`known`: key -> name, for the face-down things the reader knows): `Tiger I · face-down
    card #2`, so the owner finds the card the log speaks of."""
    labels = numbered(public)
    for key, name in dict(known).items():
        labels[key] = t(locale, "core.known_face_down", name=name, label=labels[key])
    return labels


def numbered(named: Any) -> dict[str, str]:
    """`{id: name}` (in the order a picture draws them) -> `{id: label}`: a name shared by two
    or more things gets its ordinal among them (`Pershing #1`, `Pershing #2`), so a menu can
    tell them apart with a label the picture also shows; a name held once stays as it is."""
    named = dict(named)
    counts: dict[str, int] = {}
    for name in named.values():
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for key, name in named.items():
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} #{seen[name]}"
        out[key] = name
    return out


def fold(text: str) -> str:
    """Case-, width- and space-insensitive form of a name (`ＴＩＧＥＲ  i` == `tiger i`): how a
    name a player types is compared, by the host's /play and by a game's own options."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())
