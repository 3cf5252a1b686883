"""User text inside posts: names, deck names, labels and aliases are escaped for Discord
markdown where the host puts them into a message, so that `*`, `_`, `` ` ``, `~`, `|`, `>`
or `#` in a display name cannot turn a post bold, hide it behind a spoiler or break a code
span. One helper for the whole host (without importing discord); the console table, which
prints plain text, takes the backslashes off again (`unescape`)."""
from __future__ import annotations

import re
from typing import Any, Iterable

_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()<:-])")
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]()<:-])")


def escape(text: str) -> str:
    """Every markdown character preceded by a backslash (Discord then shows it as typed)."""
    return _SPECIAL.sub(r"\\\1", str(text))


def unescape(text: str) -> str:
    return _ESCAPED.sub(r"\1", text)


def escape_names(params: dict[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """Message parameters with every occurrence of the given user-chosen names escaped (an
    engine's event carries a seat's name, alone or inside a longer text)."""
    risky = sorted({n for n in names if n and escape(n) != n}, key=len, reverse=True)
    if not risky:
        return params
    pattern = re.compile("|".join(re.escape(n) for n in risky))
    def safe(v: Any) -> Any:  # a list of names (`alice 46、bob 50`) is joined by the reader's separator later
        if isinstance(v, str):
            return pattern.sub(lambda m: escape(m.group()), v)
        return [safe(x) for x in v] if isinstance(v, list) else v
    return {k: safe(v) for k, v in params.items()}
