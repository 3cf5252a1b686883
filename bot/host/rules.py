"""A game's rules page (`games/<key>/RULES.md`), served section by section.

Sections are the `## ` headings. A game may add `RULES.en.md` (or `RULES.zh-CN.md`) for one
language; otherwise the bilingual RULES.md is shown to everyone.
"""
from __future__ import annotations

from pathlib import Path

from games.core.game import Text

MAX_TEXT = 3800  # fits a Discord embed description (4096) with room for a title


def rules_file(text: Text, locale: str) -> Path | None:
    path = text.rules_path()
    if path is None:
        return None
    specific = path.with_name(f"RULES.{locale}.md")
    return specific if specific.exists() else path


def sections(text: Text, locale: str) -> list[tuple[str, str]]:
    """(heading, body) pairs; text before the first heading becomes an untitled first section."""
    path = rules_file(text, locale)
    if path is None:
        return []
    found: list[tuple[str, list[str]]] = [("", [])]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            found.append((line[3:].strip(), []))
        else:
            found[-1][1].append(line)
    out = [(title, "\n".join(body).strip()) for title, body in found]
    return [(title, body) for title, body in out if title or body]


def find_section(items: list[tuple[str, str]], wanted: str) -> int | None:
    """By number (1-based, as listed) or by the start of the heading, case-insensitive."""
    wanted = wanted.strip()
    if wanted.isdigit() and 1 <= int(wanted) <= len(items):
        return int(wanted) - 1
    low = wanted.lower()
    for i, (title, _) in enumerate(items):
        if title.lower().startswith(low) or (low and low in title.lower()):
            return i
    return None


def clip(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
