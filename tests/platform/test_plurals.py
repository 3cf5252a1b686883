"""Plural wording (issue 18): "1 card(s)" and "2–2 players" read as no sentence does. English
templates say a counted word with `{n|card|cards}`; a game of exactly two says "2 players"
("2 人"), a range "2–4"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.core.i18n import t
from games.registry import GAME_MODULES, get_engine
from tests.platform.conftest import cmd, public_text, reply_text

REPO = Path(__file__).resolve().parents[2]
CATALOGS = sorted(p for folder in ("bot", "games", "tests") for p in (REPO / folder).rglob("*.toml")
                  if p.name in ("en.toml", "zh-CN.toml"))
# parameters that carry a count, and the counted words the catalogs use after them
COUNTS = {"n", "count", "amount", "price", "res", "cards", "rows", "targets", "have", "need", "limit", "min",
          "max", "total", "size", "points", "rounds", "turns", "free", "ap"}
PLURALS = ("players", "seats", "ranks", "rounds", "choices", "characters", "entries", "rolls", "times", "sides",
           "turns", "weapons", "mechs", "pilots", "copies", "cards", "kredits", "tanks", "points", "matches",
           "games", "attacks", "targets", "rows", "slots", "byes")
BARE_COUNT = re.compile(r"\{(\w+)\}((?: (?!\{)[\w-]+){0,2}?) (" + "|".join(PLURALS) + r")\b")


def test_the_catalogs_have_no_either_or_plurals():
    assert len(CATALOGS) >= 10
    found = [f"{p.relative_to(REPO)}: {line.strip()}" for p in CATALOGS for line in p.read_text("utf-8").splitlines()
             if re.search(r"\w\((s|es)\)|\{min\}[–-]\{max\}", line)]
    assert not found, "\n".join(found)


def test_a_count_is_followed_by_a_word_of_its_number():
    """`{n} cards` reads "1 cards" when n is 1: the word goes by the count, `{n|card|cards}`."""
    found = [f"{p.relative_to(REPO)}: {m.group(0)}" for p in CATALOGS if p.name == "en.toml"
             for m in BARE_COUNT.finditer(p.read_text("utf-8")) if m.group(1) in COUNTS]
    assert not found, "\n".join(found)


def test_the_word_follows_the_number():
    for key in GAME_MODULES:
        get_engine(key)  # their catalogs
    assert t("en", "frontline.mulligan", name="ann", n=1) == "ann swapped 1 card."
    assert t("en", "frontline.mulligan", name="ann", n=2) == "ann swapped 2 cards."
    assert t("en", "frontline.mulligan", name="ann", n=0) == "ann swapped 0 cards."
    assert t("zh-CN", "frontline.mulligan", name="ann", n=1) == "ann 调换了 1 张牌。"
    assert t("en", "conflict.ev.draw", player="ann", res=1, cards=2) == "ann draws 1 resource card and 2 cards."


@pytest.mark.parametrize("locale, game, says", [("en", "frontline", "for 2 players."), ("zh-CN", "frontline", "，2 人。"),
                                                 ("en", "ironfire", "for 2–4 players."), ("zh-CN", "ironfire", "，2–4 人。")])
async def test_a_table_says_how_many_players(host, locale, game, says):
    text = public_text(await host.handle(cmd("alice", "game.new", game=game, locale=locale)))
    assert says in text, text
    help_text = reply_text(await host.handle(cmd("alice", "game.help", game=game, locale=locale)))
    assert says.removeprefix("for ").rstrip(".。") in help_text, help_text
