"""A game's rules page (`games/<key>/RULES.md`), served section by section.

Sections are the `## ` headings; the text before the first one is the page's introduction,
shown with the list of sections. A section's number is the one its heading starts with
("## 11a Sub-weapons": 11a) when every heading has one, else its place in the list; the list
shows each as `NUMBER. Heading`, and that number is what `/rules GAME NUMBER` takes. HTML
comments (`<!-- … -->`) are notes for the page's maintainers and are never shown.

A game may add `RULES.en.md` (or `RULES.zh-CN.md`) for one language; otherwise the bilingual
RULES.md is shown to everyone.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from games.core.game import Text

MAX_TEXT = 3800  # one Discord embed (4096) with room for a title; a longer section goes in several
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_OWN_NUMBER = re.compile(r"(\d+[a-z]?)\.?\s+(.*)")  # "11a 原文与实现", "10. 胜利 · Victory"


class Section(NamedTuple):
    number: str  # what the player types to open it
    heading: str  # without its number
    body: str

    def title(self) -> str:
        return f"{self.number}. {self.heading}"


class Page(NamedTuple):
    intro: str
    sections: list[Section]


def rules_file(text: Text, locale: str) -> Path | None:
    path = text.rules_path()
    if path is None:
        return None
    specific = path.with_name(f"RULES.{locale}.md")
    return specific if specific.exists() else path


def page(text: Text, locale: str) -> Page | None:
    """The rules page as the player reads it, or None when the game has none."""
    path = rules_file(text, locale)
    if path is None:
        return None
    found: list[tuple[str, list[str]]] = [("", [])]
    for line in _COMMENT.sub("", path.read_text(encoding="utf-8")).splitlines():
        if line.startswith("## "):
            found.append((line[3:].strip(), []))
        elif not (line.startswith("# ") and len(found) == 1):  # the page's own title: the reply has it
            found[-1][1].append(line)
    intro = "\n".join(found[0][1]).strip().strip("-").strip()
    headings = [heading for heading, _ in found[1:]]
    own = [_OWN_NUMBER.fullmatch(heading) for heading in headings]
    numbered = bool(own) and all(own) and len({m[1].lower() for m in own}) == len(own)
    sections = [Section(own[i][1] if numbered else str(i + 1), own[i][2] if numbered else heading,
                        "\n".join(body).strip())
                for i, (heading, body) in enumerate(found[1:])]
    return Page(intro, sections)


def find_section(sections: list[Section], wanted: str) -> Section | None:
    """By number (as listed) or by the start of its heading, or a word in it, case-insensitive."""
    low = wanted.strip().lower().rstrip(".")
    if not low:
        return None
    for section in sections:
        if section.number.lower() == low:
            return section
    for section in sections:
        heading = section.heading.lower()
        if heading.startswith(low) or f"{section.number} {heading}".startswith(low) or low in heading:
            return section
    return None
