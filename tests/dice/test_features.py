"""The notation players bring from Dice Maiden and Avrae's d20 (issue 18, "Dice"): each
feature with dice the test writes down (or a fixed seed), its meaning asserted, the output
checked in both languages. The quoted lines are `/roll help` (games/core/dice_locale)."""
import pytest

from games.core import dice
from games.core.dice import DiceError, roll
from games.core.i18n import t
from games.core.rng import GameRng
from tests.dice.helpers import ScriptedRng

LOCALES = ("en", "zh-CN")


def rolled(expr: str, *faces: int):
    rng = ScriptedRng(*faces)
    result = roll(expr, rng)
    assert rng.exhausted, "the roll used fewer dice than scripted"
    return result


def total(expr: str, *faces: int) -> int:
    (value,) = rolled(expr, *faces).totals
    return value


def error(expr: str) -> DiceError:
    with pytest.raises(DiceError) as info:
        roll(expr, GameRng.from_seed(1))
    return info.value


def dice_of(result, part: int = 0):
    return [n for n in result.parts[part][0].node.walk() if n.kind == "dice"]


# ---------------------------------------------------------------- 1. advantage


@pytest.mark.parametrize("expr", ["1d20+5 adv", "1d20+5 advantage", "1d20+5 优势", "+d20+5", "1D20+5 ADV"])
def test_advantage_rolls_the_single_die_twice_and_keeps_the_higher(expr):
    """"`1d20+5 adv` or `+d20+5` — advantage: roll the first single die twice, keep the higher"."""
    result = rolled(expr, 7, 16)
    assert result.totals == [16 + 5]
    assert result.source == "2d20kh1 + 5"
    assert result.render("en") == "2d20kh1 [~~7~~, 16] + 5 = **21**"


@pytest.mark.parametrize("expr", ["1d20+5 dis", "1d20+5 disadvantage", "1d20+5 劣势", "-d20+5"])
def test_disadvantage_keeps_the_lower(expr):
    result = rolled(expr, 7, 16)
    assert result.totals == [7 + 5]
    assert result.source == "2d20kl1 + 5"


def test_minus_d20_was_a_negative_die_and_is_now_disadvantage():
    # Before: `-d20` rolled one die and negated it, without a word. Dice Maiden: `-dX` -> `2dX kl1`.
    assert total("-d20", 12, 3) == 3
    assert total("-1d20", 12) == -12  # with a count it is an ordinary negative die
    assert total("5-d20", 12) == 5 - 12  # a subtraction, not the shorthand
    assert total("2d6+d20", 1, 2, 3) == 6  # `+d20` inside a sum is an ordinary die


def test_advantage_applies_to_the_first_single_die_only():
    result = rolled("2d6+1d20+1d4 adv", 1, 2, 5, 18, 3)
    assert result.source == "2d6 + 2d20kh1 + 1d4"
    assert result.totals == [1 + 2 + 18 + 3]
    assert rolled("2 1d20+5 adv", 1, 2, 3, 4).totals == [7, 9]  # each repeat rolls with advantage


@pytest.mark.parametrize("expr", ["1d20+5 adv >= 15", "1d20+5 >= 15 adv", "1d20+5 优势 >= 15"])
def test_advantage_with_a_target_either_side_of_it(expr):
    result = rolled(expr, 7, 12)
    assert result.source == "2d20kh1 + 5 >= 15"
    assert result.totals == [17] and result.outcomes == [True]


def test_percentile_shorthand_rolls_the_tens_die_twice():
    # Dice Maiden: `+d%` -> `((2d10kl1-1)*10)+1d10`: in a roll-under system the lower tens is better.
    result = rolled("+d%", 7, 3, 5)
    assert result.source == "((2d10kl1 - 1) × 10) + 1d10"
    assert result.totals == [(3 - 1) * 10 + 5]
    assert total("-d%", 7, 3, 5) == (7 - 1) * 10 + 5


@pytest.mark.parametrize("expr, key", [("4d6 adv", "dice.adv_needs_die"), ("2d20kh1 adv", "dice.adv_needs_die"),
                                       ("20 adv", "dice.adv_needs_die"), ("+d20kl1", "dice.adv_conflict")])
def test_advantage_without_a_single_die_is_refused(expr, key):
    exc = error(expr)
    assert exc.key == key
    for loc in LOCALES:
        assert t(loc, exc.key, **exc.params) != exc.key


# ---------------------------------------------------------------- 2. pass or fail


@pytest.mark.parametrize("locale, word", [("en", "success"), ("zh-CN", "成功")])
def test_a_total_against_a_target_passes(locale, word):
    """"`2d6+1 >= 8`, `1d20+5 >= 15` — pass or fail: the total is compared"."""
    result = rolled("2d6+1 >= 8", 3, 4)
    assert result.totals == [8] and result.outcomes == [True]
    assert result.render(locale) == f"2d6 [3, 4] + 1 = **8** ≥ 8 · ✅ **{word}**"


@pytest.mark.parametrize("locale, word", [("en", "failure"), ("zh-CN", "失败")])
def test_a_total_against_a_target_fails(locale, word):
    result = rolled("1d20+5 >= 15", 9)
    assert result.totals == [14] and result.outcomes == [False]
    assert result.render(locale) == f"1d20 [9] + 5 = **14** ≥ 15 · ❌ **{word}**"


@pytest.mark.parametrize("expr, faces, passed", [
    ("2d6 > 7", (3, 4), False), ("2d6 < 8", (3, 4), True), ("2d6 <= 7", (3, 4), True),
    ("2d6 = 7", (3, 4), True), ("2d6 == 6", (3, 4), False), ("2d6+1>=8", (3, 4), True),
    ("(2d6)>=8", (3, 4), False), ("2d6 ≥ 7", (3, 4), True),
])
def test_every_comparison(expr, faces, passed):
    assert rolled(expr, *faces).outcomes == [passed]


def test_the_target_may_be_rolled_too_and_is_shown():
    result = rolled("1d20+5 >= 10+1d4", 9, 3)
    assert result.outcomes == [True]  # 14 >= 13
    assert result.render("en") == "1d20 [9] + 5 = **14** ≥ 10 + 1d4 [3] (13) · ✅ **success**"


def test_attached_to_the_dice_a_comparison_still_counts_successes():
    assert total("6d10>=7", 7, 3, 10, 6, 8, 1) == 3
    assert rolled("6d10 >= 7", 7, 3, 10, 6, 8, 1).outcomes == [True]  # with a space: the total, 35


def test_a_count_that_can_never_vary_is_refused_with_both_spellings():
    # `2d6>=8` used to count dice showing 8 or more on a d6: always 0, read silently.
    exc = error("2d6>=8")
    assert exc.key == "dice.count_or_total"
    en = t("en", exc.key, **exc.params)
    assert "`2d6 >= 8`" in en and "`2d6t8`" in en
    assert "`2d6 >= 8`" in t("zh-CN", exc.key, **exc.params)
    assert error("3d6>=1").key == "dice.count_or_total"  # every die would count


def test_a_spaced_comparison_after_a_bare_modifier_is_refused():
    # `5d6k >3`: keep the highest and test the total, or keep the dice above 3?
    for expr in ("5d6k >3", "3d6e >= 10", "4d6 + 5d6d < 3"):
        assert error(expr).key == "dice.ambiguous_compare", expr
    assert rolled("(5d6k) > 3", 1, 2, 6, 3, 4).outcomes == [True]
    assert total("5d6k>3", 1, 2, 6, 3, 4) == 6 + 4


def test_history_json_keeps_the_outcome():
    data = rolled("2; 1d20 >= 10", 12).to_json()
    assert data["outcomes"] == [None, True]
    assert data["parts"][1][0]["passed"] is True and data["parts"][1][0]["compare"] == ">="


# ---------------------------------------------------------------- 3. natural maximum and minimum


@pytest.mark.parametrize("expr, faces, en, zh", [
    ("1d20+5", (20,), "*natural 20*", "*自然 20*"),
    ("1d20+5", (1,), "*natural 1*", "*自然 1*"),
    ("1d20+5 adv", (1, 20), "*natural 20*", "*自然 20*"),
    ("-d20", (1, 20), "*natural 1*", "*自然 1*"),
    ("1d20+5 >= 30", (20,), "*natural 20*", "*自然 20*"),
    ("1d6", (6,), "*natural 6*", "*自然 6*"),
])
def test_a_natural_highest_or_lowest_face_is_marked(expr, faces, en, zh):
    """"When the total rests on one die (`1d20+5`, advantage), a natural highest or lowest face is marked"."""
    result = rolled(expr, *faces)
    assert result.render("en").endswith(" · " + en)
    assert result.render("zh-CN").endswith(" · " + zh)


@pytest.mark.parametrize("expr, faces", [
    ("1d20+5", (19,)), ("2d20", (20, 1)), ("1d20+1d4", (20, 4)), ("1d20>=10", (20,)), ("1d1", (1,)),
    ("dF", (1,)), ("1d20mi5", (7,)),
])
def test_no_mark_when_the_total_does_not_rest_on_one_extreme_die(expr, faces):
    text = rolled(expr, *faces).render("en")
    assert "natural" not in text, text


def test_the_natural_face_is_the_face_rolled_not_the_raised_value():
    result = rolled("1d20mi3", 1)
    assert result.totals == [3]
    assert result.render("en") == "1d20mi3 [1→3] = **3** · *natural 1*"


# ---------------------------------------------------------------- 4. tags


@pytest.mark.parametrize("locale, rest, sep", [("en", "untagged", ", "), ("zh-CN", "未标注", "、")])
def test_tags_are_shown_with_a_subtotal_each(locale, rest, sep):
    """"`3d6 [fire] + 1d4 [cold]` — tags, with a subtotal for each" (the subtotals a list in
    the reader's language; the dice stay in the notation's brackets)."""
    result = rolled("3d6 [fire] + 1d4 [cold] + 2", 2, 5, 6, 3)
    assert result.totals == [13 + 3 + 2]
    assert result.source == "3d6 [fire] + 1d4 [cold] + 2"
    assert result.render(locale) == f"3d6 [2, 5, 6] *fire* + 1d4 [3] *cold* + 2 = **18** · fire 13{sep}cold 3{sep}{rest} 2"


def test_tag_subtotals_follow_signs_and_add_up_to_the_total():
    result = rolled("2d6 [fire] - 1d4 [cold] + 1d6 [fire]", 3, 4, 2, 6)
    (r,) = result.parts[0]
    assert dice.tag_subtotals(r.node) == {"fire": 13, "cold": -2}
    assert sum(dice.tag_subtotals(r.node).values()) == r.total


def test_no_subtotals_where_a_tag_sits_in_a_product():
    result = rolled("(2d6 [fire] + 1d4 [cold]) * 2", 3, 4, 2)
    assert result.totals == [18]
    assert dice.tag_subtotals(result.parts[0][0].node) == {}
    assert result.render("en") == "(2d6 [3, 4] *fire* + 1d4 [2] *cold*) × 2 = **18**"


def test_tags_are_escaped_and_limited():
    assert error("1d6 [" + "x" * (dice.MAX_TAG_CHARS + 1) + "]").key == "dice.syntax"
    assert error("1d6 [<@123>]").key == "dice.syntax"  # no mentions or markup smuggled in
    result = rolled("1d6 [a_b] + 1", 2)
    assert "*a\\_b*" in result.render("en")


# ---------------------------------------------------------------- 5. sets, d20's and Dice Maiden's spellings


def test_a_set_keeps_across_its_rolls():
    """"`(1d8!, 1d6!)kh1` — the higher of two rolls"."""
    result = rolled("(1d8!, 1d6!)kh1", 3, 6, 2)  # 1d8: 3; 1d6: 6 explodes into 2
    assert result.totals == [8]
    assert result.render("en") == "(~~1d8! [3]~~, 1d6! [6!, 2])kh1 = **8**"


@pytest.mark.parametrize("expr, expected", [
    ("(1, 5, 3)kl1", 1), ("(1, 5, 3)dh1", 4), ("(1, 5, 3)k>2", 8), ("(1, 5, 3)p<3", 8), ("(1, 5, 3)", 9),
    ("(4,)", 4), ("(1, 5, 3)pl1", 8),
])
def test_set_keep_and_drop(expr, expected):
    assert total(expr) == expected


def test_a_dropped_set_element_is_struck_whole():
    result = rolled("(4d6kh3, 2d6)kh1", 1, 2, 3, 4, 5, 6)  # 9 against 11
    # markdown cannot nest strikethrough: the dropped element's own marks are left out
    assert result.render("en") == "(~~4d6kh3 [1, 2, 3, 4]~~, 2d6 [5, 6])kh1 = **11**"
    result = rolled("(2d6, 4d6kh3)kh1", 1, 1, 1, 2, 3, 4)
    assert result.render("en") == "(~~2d6 [1, 1]~~, 4d6kh3 [~~1~~, 2, 3, 4])kh1 = **9**"


def test_a_set_takes_only_keep_and_drop():
    assert error("(1d6, 1d8)e").key == "dice.set_modifier"



@pytest.mark.parametrize("expr, faces, expected, why", [
    ("5d6k>3", (1, 4, 6, 3, 5), 15, "d20: keep the dice above 3"),
    ("5d6k<3", (1, 4, 6, 3, 2), 3, "keep the dice below 3"),
    ("5d6k=6", (6, 4, 6, 3, 2), 12, "keep the 6s"),
    ("5d6p>3", (1, 4, 6, 3, 5), 4, "d20: drop the dice above 3"),
    ("5d6d<3", (1, 4, 6, 3, 2), 13, "drop the dice below 3"),
    ("4d6p1", (1, 4, 1, 3), 7, "d20: `p1` drops the 1s"),
    ("4d6pl1", (1, 4, 6, 3), 13, "d20: drop the lowest"),
    ("4d6ph1", (1, 4, 6, 3), 8, "d20: drop the highest"),
    ("1d10e>8", (9, 10, 2), 21, "explode above 8: 9 and 10 both explode"),
    ("1d10e8", (8, 9, 2), 19, "ours: explode on 8 or more"),
    ("1d10e=8", (9,), 9, "exactly 8"),
    ("2d6rr1", (1, 1, 4, 3), 7, "d20: reroll 1s until none are left"),
    ("2d6ir2", (2, 1, 5, 3), 8, "Dice Maiden: reroll 2 or less, again and again"),
    ("2d6ro<3", (1, 2, 5), 7, "reroll below 3, once"),
    ("3d6ie", (6, 6, 1, 2, 3), 18, "Dice Maiden: explode again and again"),
    ("4d6ie5", (5, 6, 1, 2, 3, 4), 21, "on 5 or more"),
    ("8d6mi2", (1, 2, 3, 4, 5, 6, 1, 1), 26, "d20: each die counts at least 2"),
    ("4d6ma3", (1, 4, 6, 3), 10, "each die counts at most 3"),
    ("15 // 2", (), 7, "whole-number division"),
    ("-15 // 2", (), -8, "rounds down"),
    ("17 % 5", (), 2, "the remainder"),
    ("1d20 % 7", (17,), 3, "on a roll"),
])
def test_spellings_from_d20_and_dice_maiden(expr, faces, expected, why):
    assert total(expr, *faces) == expected, why


def test_reroll_and_add_rolls_one_more_die_for_the_first_match_only():
    """d20: `ra` "rerolls up to one matched value once, keeping the original roll"."""
    result = rolled("3d6ra1", 1, 4, 1, 5)
    assert result.totals == [1 + 5 + 4 + 1]
    assert [(d.value, d.exploded) for d in dice_of(result)[0].dice] == [(1, True), (5, False), (4, False), (1, False)]
    assert result.render("en") == "3d6ra1 [1!, 5, 4, 1] = **11**"


def test_minimum_and_maximum_show_the_face_rolled():
    result = rolled("3d6mi2ma5", 1, 6, 3)
    assert result.totals == [2 + 5 + 3]
    assert result.render("en") == "3d6mi2ma5 [1→2, 6→5, 3] = **10**"
    assert error("3d6mi5ma2").key == "dice.min_above_max"
    assert error("3d6mi>2").key == "dice.no_compare"
    assert error("3d6kh>2").key == "dice.no_compare"


@pytest.mark.parametrize("locale, word", [("en", "botches: 2"), ("zh-CN", "大失败：2")])
def test_botches_are_counted_apart_from_the_total(locale, word):
    """Dice Maiden: `b1` "count botches (dice showing 1 or less)"; the total is untouched."""
    result = rolled("4d10b", 1, 7, 1, 9)
    assert result.totals == [18]
    assert result.render(locale) == f"4d10b [1, 7, 1, 9] = **18** · {word}"
    assert rolled("5d10t8f1b2", 1, 2, 8, 9, 10).render("en").endswith("= **2** · botches: 2")


def test_rerolled_dropped_and_exploded_dice_are_told_apart():
    result = rolled("3d6r1e6kh3", 1, 6, 2, 3, 4)  # 1 rerolled into 6, which explodes into 2
    assert result.render("en") == "3d6r1e6kh3 [~~1↻~~, 6!, ~~2~~, 3, 4] = **13**"
    assert "~~1↻~~" in dice.help_text("en") and "~~1↻~~" in dice.help_text("zh-CN")


def test_help_says_where_we_differ_from_dice_maiden_and_d20():
    for loc in LOCALES:
        text = dice.help_text(loc)
        for spelling in ("`r2`", "`e6`", "`k3`", "Dice Maiden", "d20", "adv", ">= 8", "(1d8!, 1d6!)kh1",
                         "[fire]" if loc == "en" else "[火]",
                         "natural" if loc == "en" else "自然"):
            assert spelling in text, (loc, spelling)
        assert len(text) < 4096  # one embed


def test_every_new_spelling_reads_back_the_same():
    # History and saved rolls store the source: it must mean the same when read again.
    for expr in ("5d6k>3", "1d10e>8", "(1d8!, 1d6!)kh1", "3d6 [fire] + 1d4 [cold]", "2d6+1 >= 8", "8d6mi2ma5",
                 "2d6ra1", "4d6pl1", "15 // 2 % 4", "+d20+5", "1d20 adv", "4d10b1", "(4,)"):
        source = dice.parse(expr).source
        assert dice.parse(source).source == source, expr
        seed = GameRng.from_seed(5)
        assert roll(source, GameRng.from_seed(5)).totals == roll(expr, seed).totals, expr
