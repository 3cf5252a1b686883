"""`/rules GAME` and every section, for all five games in both languages (issue 18, session 14):
`/rules conflict 1` showed `shared/seeds/003` and `data/*.toml`, and `/rules fleet` listed
"2. 1 区域地图", whose number was not the one that opens it. The page's introduction now comes
with the list; each section is listed as `NUMBER. Heading` with the number `/rules GAME NUMBER`
takes (the heading's own, where every heading has one); no file path or internal name is shown
(notes for maintainers are HTML comments, never shown); and a section is sent whole."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import games.frontline

from games.core.i18n import t
from tests.platform.conftest import cmd

GAMES = ["conflict", "fleet", "frontline", "ironfire", "panzer"]
# a file path or a module, a source file's name, the rulings file, a message key, a comment
INTERNAL = re.compile(r"[\w*.-]+\.(toml|md|py|json|yaml)\b|\bseeds?/|\bseed \d{3}\b|\bRULINGS\b|\bshared/|\bgames[/.]"
                      r"|\bdata/|<!--|-->|\b[a-z]+\.[a-z_]+\.[a-z_]+\b|python -m")
LISTED = re.compile(r"(\d+[a-z]?)\. (.+)")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key", GAMES)
async def test_every_section_opens_by_its_listed_number_and_shows_nothing_internal(host, key, locale):
    box = await host.handle(cmd("alice", "rules", game=key, locale=locale))
    page = box.reply.text
    assert not INTERNAL.search(page), INTERNAL.search(page)
    head = t(locale, "host.rules_toc", game=key)  # as Discord writes it (cmd's surface)
    assert head in page.splitlines()
    listed = page.split(head, 1)[1].strip().splitlines()
    assert len(listed) >= 9
    numbers = []
    for line in listed:
        number, heading = LISTED.fullmatch(line).groups()
        assert not re.match(r"\d+[a-z]?\.?\s", heading), line  # "2. 1 区域地图": one number only
        numbers.append(number)
        opened = (await host.handle(cmd("alice", "rules", game=key, section=number, locale=locale))).reply
        assert opened.title.endswith(f" · {line}"), (opened.title, line)  # the section listed, by that number
        assert len(opened.text) > 100 and not INTERNAL.search(opened.text), (line, INTERNAL.search(opened.text))
        assert not opened.text.endswith("…")  # whole, never cut
    assert len(set(numbers)) == len(numbers)


@pytest.mark.parametrize("key,number,heading", [("fleet", "1", "Zone map"), ("fleet", "11a", "What the source says"),
                                                ("panzer", "10a", "What the source says"),
                                                ("frontline", "8a", "What the source says"),
                                                ("conflict", "1", "Geography")])
async def test_a_section_opens_by_the_number_its_heading_reads(host, key, number, heading):
    """The players type what they read: fleet's "## 1 区域地图 Zone map" is `/rules fleet 1`, its
    "## 11a" is `11a` (also `11A` and `11a.`); conflict's headings have no numbers: its first is 1.
    An English reader's title is the heading's English half (test_rules_in_one_language)."""
    for typed in (number, number.upper(), number + "."):
        opened = (await host.handle(cmd("alice", "rules", game=key, section=typed))).reply
        assert opened.title.split(" · ", 1)[1].startswith(f"{number}. {heading}"), opened.title


async def test_a_section_longer_than_one_embed_is_sent_whole(host):
    """Frontline's "7 Orders and counter-orders" is longer than one Discord embed holds with
    its title (3,800 characters): the reply holds all of it, as RULES.md has it (the adapter
    cuts a long message in parts, bot/discord/deliver.py)."""
    source = (Path(games.frontline.__file__).parent / "RULES.md").read_text(encoding="utf-8")
    section = source.split("\n## 7 ", 1)[1].split("\n## ", 1)[0].split("\n", 1)[1].strip()
    opened = (await host.handle(cmd("alice", "rules", game="frontline", section="7"))).reply
    assert len(section) > 3800 and opened.text == section
