"""The console table's dice commands are Discord's: /roll, /dice history, /dice alias; a line
whose tail cannot be read is refused, not rolled without it."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.console import _split_roll, run_script
from games.core.i18n import t
from tests.dice.test_properties import expressions


async def run(tmp_path, *lines: str) -> list[str]:
    out: list[str] = []
    await run_script(["alice: /lang en", *lines], db=str(tmp_path / "t.sqlite"), out_dir=str(tmp_path / "img"),
                     seed=7, write=out.append)
    # a public roll is a `[table]` line (everyone sees it), an answer only alice sees `[reply alice]`
    return [line for line in out if line.startswith(("[reply alice]", "[table]"))][1:]  # after "language: en"


async def test_dice_alias_and_history_as_in_discord(tmp_path):
    replies = await run(
        tmp_path,
        "alice: /dice alias set atk 1d20 + 5",
        "alice: /dice alias list",
        "alice: /roll atk adv to hit",
        "alice: /dice history",
        "alice: /dice alias delete atk",
        "alice: /dice alias list",
    )
    text = "\n".join(replies)
    assert t("en", "roll.alias.saved", name="atk", expr="1d20 + 5", scope=t("en", "roll.alias.scope_user")) in text
    assert "**atk** = `1d20 + 5`" in text
    # `adv` belongs to the roll, "to hit" is the label
    assert "rolls for *to hit*:\n[table] (2d20kh1 [" in text
    assert "`(2d20kh1 + 5)` ⇒ **" in text and text.count(" · to hit") == 1  # the history shows what was rolled
    assert t("en", "roll.alias.deleted", name="atk", scope=t("en", "roll.alias.scope_user")) in text
    assert replies[-1] == "[reply alice] " + t("en", "roll.alias.none")


async def test_a_tail_that_does_not_parse_is_refused(tmp_path):
    # Before: `15 // 2` rolled 15 with the label "// 2", and `1d20+5 kh1` rolled 1d20+5 "kh1".
    replies = await run(tmp_path, "alice: /roll 15 // 2", "alice: /roll 1d20+5 kh1", "alice: /roll 2d6+1 >= 8 to hit")
    assert replies[:2] == ["[table] 🎲 **alice** rolls:", "[table] 15 // 2 = **7**"]
    assert replies[2] == "[reply alice] " + t("en", "dice.syntax", pos=8, near="kh1")
    assert replies[3] == "[table] 🎲 **alice** rolls for *to hit*:"
    assert " ≥ 8 · " in replies[4]


@pytest.mark.parametrize("words, expected", [
    ("1d20 + 5 to hit", ("1d20 + 5", "to hit")),
    ("15 // 2", ("15 // 2", "")),
    ("1d20+5 kh1", ("1d20+5 kh1", "")),  # refused whole, not rolled as 1d20+5 "kh1"
    ("1d6 x 2", ("1d6 x 2", "")),
    ("atk to hit", ("atk", "to hit")),
    ("atk adv to hit", ("atk adv", "to hit")),
    ("atk + 2", ("atk + 2", "")),
    ("1d20+5 adv for the sword", ("1d20+5 adv", "for the sword")),
    ("3d6 [fire] + 1d4 [cold] damage", ("3d6 [fire] + 1d4 [cold]", "damage")),
    ("2d6+1 >= 8 to hit", ("2d6+1 >= 8", "to hit")),
    ("1d20 侦察", ("1d20", "侦察")),
    # a word of the notation is never a label: `adv` on 2d6 is refused (one die only), not dropped
    ("2d6 >= 8 adv", ("2d6 >= 8 adv", "")),
    ("2d6 >= 8 Dis", ("2d6 >= 8 Dis", "")),
    ("2d6 >= 8 优势", ("2d6 >= 8 优势", "")),
])
def test_where_the_expression_ends_and_the_label_begins(words, expected):
    assert _split_roll(words.split()) == expected


@pytest.mark.parametrize("words, expected", [
    # dice that read but are refused for what they mean: their own message, not the label's letters
    ("2d6>=8 to hit", ("2d6>=8", "to hit")),
    ("1d20 2d6 adv to hit", ("1d20 2d6 adv to hit", "")),  # not read: refused whole, as before
    ("2d6 + % hit", ("2d6 + % hit", "")),
])
def test_a_refused_expression_is_refused_for_its_own_fault(words, expected):
    assert _split_roll(words.split()) == expected


async def test_a_count_that_means_a_comparison_says_so_before_a_label(tmp_path):
    """`/roll 2d6>=8 to hit` (second newcomer playtest) answered "I cannot read the expression
    at character 9: `o hit`"; `/roll 2d6>=8` alone says to put a space before `>=`."""
    replies = await run(tmp_path, "alice: /roll 2d6>=8 to hit")
    assert replies == ["[reply alice] " + t("en", "dice.count_or_total", spec="2d6>=8", cmp=">=", value=8, head="2d6")]


def test_a_very_long_console_line_is_not_tried_cut_by_cut():
    words = ["1"] * 5000
    assert _split_roll(words) == (" ".join(words), "")


@settings(max_examples=200, deadline=None)
@given(expr=expressions(), label=st.lists(st.sampled_from(["to", "hit", "fire", "侦察", "the", "sword's"]), max_size=3),
       tail=st.sampled_from(["// 2", "kh1", "+", "2", ">= x", "% hit", "[a", ")"]))
def test_a_label_is_only_ever_plain_words_after_the_whole_expression(expr, label, tail):
    text, _, _ = expr
    assume(len(text) <= 150)
    assert _split_roll(f"{text} {' '.join(label)}".split()) == (text, " ".join(label))
    # a tail that is notation, not words, is never split off as a label
    words = f"{text} {tail}".split()
    expr_part, label_part = _split_roll(words)
    assert label_part == "" and expr_part == " ".join(words)


async def test_a_misspelt_adv_and_a_label_not_of_letters_are_refused_with_why(tmp_path):
    """Issue 18, second newcomer playtest: `/roll 1d20+5 avd` rolled one die under the label
    "avd"; `/roll 1d20 attack2` said only "I cannot read the expression at character 6"."""
    replies = await run(tmp_path, "alice: /roll 1d20+5 avd", "alice: /roll 1d20 attack2", "alice: /roll 1d20+5 adv")
    assert replies[0] == "[reply alice] " + t("en", "roll.label_typo", label="avd", meant="adv", expr="1d20+5")
    assert replies[1] == "[reply alice] " + t("en", "console.roll_label_letters", word="attack2")
    assert "a word of letters only" in replies[1]
    assert replies[3].startswith("[table] 2d20kh1 [")  # the word itself still rolls with advantage
