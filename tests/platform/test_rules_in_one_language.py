"""`/rules GAME` in the reader's language (issue 18, findings16): a zh-CN reader got each heading
with its English beside it ("6. 单位对单位 · Unit against unit") and the introduction twice (the
Chinese line, then the English one). Now a heading that says itself in both languages lists as
its half in the reader's language, in the index and in an opened section's title, and the
introduction is given once, in the reader's language; a part written in one language only is
shown to both, after a note that says so. Section bodies stay bilingual, as RULES.md has them."""
from __future__ import annotations

import re

import pytest

from bot.host import rules
from games.core.i18n import t
from games.registry import get_game
from tests.platform.conftest import cmd

GAMES = ["conflict", "fleet", "frontline", "ironfire", "panzer"]
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
WORD = re.compile(r"(?<![`=\w])[A-Za-z]{3,}(?![`\w=|])")  # an English word, not code (`format=army30`)
LISTED = re.compile(r"(\d+[a-z]?)\. (.+)")
SECTION = {"conflict": ("6", "单位对单位", "Unit against unit"), "fleet": ("8", "战甲与特性", "Mechs and traits"),
           "frontline": ("3", "指挥点", "Kredits"), "ironfire": ("10", "卡牌一览：步兵", "Cards: infantry"),
           "panzer": ("9", "可选规则（桌面选项）", "Optional rules (table options)")}


def english_words(line: str) -> list[str]:
    code = re.sub(r"`[^`]*`|\*\*|TANKS\+|1v1|d20|NAME|VALUE", " ", line)  # code and names kept as they are
    return WORD.findall(code)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key", GAMES)
async def test_the_index_and_introduction_read_in_one_language(host, key, locale):
    page = (await host.handle(cmd("alice", "rules", game=key, locale=locale))).reply.text
    head = t(locale, "host.rules_toc", game=key, usage=t(locale, "host.usage.rules_section_discord", game=key))
    intro, listed = page.split(head, 1)
    listed = listed.strip().splitlines()
    assert len(listed) >= 9 and intro.strip()
    for line in listed:
        heading = LISTED.fullmatch(line)[2]
        if locale == "zh-CN":  # Chinese, no English half ("单位对单位 · Unit against unit")
            assert CJK.search(heading) and not english_words(heading) and " · " not in heading, line
        else:
            assert not CJK.search(heading), line
    for line in filter(None, (line.strip() for line in intro.splitlines())):
        if locale == "zh-CN":  # each line Chinese: the English twin left out
            assert CJK.search(line) and not english_words(line), line
        else:
            assert not CJK.search(line), line
    # every part of the introduction is there, once: in the reader's language, or noted as the other's only
    assert t(locale, "host.rules_other_language") not in intro


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key", GAMES)
async def test_a_section_is_titled_in_the_reader_s_language_and_opens_by_either_half(host, key, locale):
    number, zh, en = SECTION[key]
    for typed in (number, zh, en.lower()):
        opened = (await host.handle(cmd("alice", "rules", game=key, section=typed, locale=locale))).reply
        assert opened.title.endswith(f" · {number}. {zh if locale == 'zh-CN' else en}"), (typed, opened.title)
        assert len(opened.text) > 100


def test_every_heading_of_every_game_has_both_halves():
    """Each RULES.md heading says itself in both languages in a form `heading_halves` reads: a
    Chinese half, then the English one after "·" or a space, an aside halved alike or holding
    the source's rule numbers only ("(102.4, 102.5)", kept on both sides)."""
    for key in GAMES:
        for section in rules.page(get_game(key).text, "en").sections:
            halves = rules.heading_halves(section.heading)
            assert halves is not None, (key, section.heading)
            assert CJK.search(halves[0]) and not CJK.search(halves[1]), (key, halves)
    assert rules.heading_halves("攻防 Rounds of attacks (102, 203, 207)") == ("攻防（102, 203, 207）",
                                                                               "Rounds of attacks (102, 203, 207)")
    assert rules.heading_halves("成就与胜利目标 · Achievements and victory goals (3 人以上 · 3+ players only)") == (
        "成就与胜利目标（3 人以上）", "Achievements and victory goals (3+ players only)")
    assert rules.heading_halves("可选规则（桌面选项）· Optional rules (table options)") == (
        "可选规则（桌面选项）", "Optional rules (table options)")
    # English words on the Chinese side: not halved, shown whole rather than cut wrongly
    assert rules.heading_halves("基本卡 · Basic cards (数量 counts: 进攻16 移动8)") is None
    assert rules.page(get_game("conflict").text, "en").sections[0].title() == "1. 地理 · Geography"


def test_a_part_in_one_language_only_is_shown_to_both_and_said_so():
    """A Chinese run followed by an English run says one thing twice; any other run has no twin."""
    intro = "中文第一段。\nThe first paragraph.\n\nOnly English here.\n\n只有中文的一段。\n---"
    assert rules.intro_in(intro, "zh-CN", "（以下只有英文）") == \
        "中文第一段。\n\n（以下只有英文）\nOnly English here.\n\n只有中文的一段。"
    assert rules.intro_in(intro, "en", "(In Chinese only:)") == \
        "The first paragraph.\n\nOnly English here.\n\n(In Chinese only:)\n只有中文的一段。"
