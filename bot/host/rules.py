"""A game's rules page (`games/<key>/RULES.md`), served section by section.

Sections are the `## ` headings; the text before the first one is the page's introduction,
shown with the list of sections. A section's number is the one its heading starts with
("## 11a Sub-weapons": 11a) when every heading has one, else its place in the list; the list
shows each as `NUMBER. Heading`, and that number is what `/rules GAME NUMBER` takes. HTML
comments (`<!-- … -->`) are notes for the page's maintainers and are never shown.

A game may add `RULES.en.md` (or `RULES.zh-CN.md`) for one language; otherwise the bilingual
RULES.md is read in the reader's language where it says things twice: a heading "单位对单位 · Unit
against unit" (or "1 区域地图 Zone map", with an aside "(3 人以上 · 3+ players only)" or "(100)")
lists as its half in that language, and the introduction, Chinese lines each followed by their
English, shows one language, marking what has no text in it. Section bodies stay bilingual.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from games.core.game import Text

MAX_TEXT = 3800  # one Discord embed (4096) with room for a title; a longer section goes in several
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_OWN_NUMBER = re.compile(r"(\d+[a-z]?)\.?\s+(.*)")  # "11a 原文与实现", "10. 胜利 · Victory"


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")  # Chinese, and its full-width marks
_HALVES = re.compile(r"\s*·\s+")  # "单位对单位 · Unit against unit", "可选规则（桌面选项）· Optional rules"
_ASIDE = re.compile(r"(.*?)\s*[(（]([^()（）]*)[)）]")  # a heading's closing aside: "(3 人以上 · 3+ players only)"


def _halves(text: str) -> tuple[str, str] | None:
    """(Chinese, English) of `text` said twice, at its first "·" or where its last Chinese ends."""
    parts = _HALVES.split(text, maxsplit=1)
    if len(parts) == 1:
        last = max((m.end() for m in _CJK.finditer(text)), default=0)
        parts = [text[:last], text[last:]]
    zh, en = (part.strip() for part in parts)
    # no English word on the Chinese side ("数量 counts: 进攻16"), no Chinese on the English one
    return (zh, en) if _CJK.search(zh) and not re.search("[A-Za-z]{2}", zh) and re.search("[A-Za-z]", en) \
        and not _CJK.search(en) else None


def heading_halves(heading: str) -> tuple[str, str] | None:
    """(Chinese, English) of a bilingual heading, None for one that is not (it is then shown whole).
    An aside at its end is halved alike ("(3 人以上 · 3+ players only)"), or shared when it holds
    only numbers ("(102.4, 102.5)": the source's rule numbers)."""
    if (aside := _ASIDE.fullmatch(heading)) is not None:
        head, inner = _halves(aside[1]), aside[2]
        both = (inner, inner) if not re.search(r"[^\d\s.,–-]", inner) else _halves(inner)
        if head is not None and both is not None:
            return f"{head[0]}（{both[0]}）", f"{head[1]} ({both[1]})"
    return _halves(heading)


class Section(NamedTuple):
    number: str  # what the player types to open it
    heading: str  # without its number; both languages, as RULES.md has it
    body: str

    def title(self, locale: str | None = None) -> str:
        """`NUMBER. Heading`, the heading in `locale` where it has both (None: as written)."""
        halves = heading_halves(self.heading) if locale else None
        return f"{self.number}. {self.heading if halves is None else halves[locale != 'zh-CN']}"


class Page(NamedTuple):
    intro: str
    sections: list[Section]


def intro_in(intro: str, locale: str, only: str) -> str:
    """The introduction in `locale`: a run of Chinese lines followed by a run of English ones says
    one thing twice, and the reader gets the run in their language; a run with no counterpart is
    shown to both, after `only` (the reader's words for "only in the other language")."""
    runs: list[tuple[bool | None, list[str]]] = []  # (Chinese?, lines); None: blank lines and rules
    for line in intro.splitlines():
        kind = None if set(line.strip()) <= set("-*_") else bool(_CJK.search(line))
        if runs and runs[-1][0] is kind:
            runs[-1][1].append(line)
        else:
            runs.append((kind, [line]))
    said = [i for i, (kind, _) in enumerate(runs) if kind is not None]
    shown: list[str] = []
    for n, i in enumerate(said):
        kind, lines = runs[i]
        before = runs[said[n - 1]][0] if n else None
        after = runs[said[n + 1]][0] if n + 1 < len(said) else None
        twice = after is False if kind else before is True  # Chinese first, its English after it
        if kind is (locale == "zh-CN"):
            shown += [*lines, ""]
        elif not twice:
            shown += [only, *lines, ""]
    return "\n".join(shown).strip()


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
