"""Dice notation: every feature with dice the test chooses, plus seeded generators."""
import json
import random
import re
from pathlib import Path

import pytest

from games.core import dice
from games.core.dice import DiceError, parse, roll
from games.core.i18n import t
from games.core.rng import GameRng
from tests.dice.helpers import ConstantRng, ScriptedRng


def rolled(expr: str, *faces: int):
    rng = ScriptedRng(*faces)
    result = roll(expr, rng)
    assert rng.exhausted, "the roll used fewer dice than scripted"
    return result


def total(expr: str, *faces: int) -> int:
    (value,) = rolled(expr, *faces).totals
    return value


def error_key(expr: str, rng=None) -> str:
    with pytest.raises(DiceError) as info:
        roll(expr, rng or GameRng.from_seed(1))
    return info.value.key


def group(result, part: int = 0, repeat: int = 0):
    """The first dice group of a roll."""
    stack = [result.parts[part][repeat].node]
    while stack:
        node = stack.pop(0)
        if node.kind == "dice":
            return node
        stack.extend(node.children)
    raise AssertionError("no dice group")


# ---------------------------------------------------------------- plain dice and numbers


def test_numbers_and_plain_dice():
    assert total("7") == 7
    assert total("1d20+5", 13) == 18
    assert total("3d6", 1, 2, 6) == 9


def test_die_faces_asked_of_the_generator():
    for expr, faces in [("d6", (1, 6)), ("1d20", (1, 20)), ("d%", (1, 100)), ("dF", (-1, 1))]:
        rng = ScriptedRng(1)
        roll(expr, rng)
        assert rng.calls == [faces], expr


def test_fudge_dice_sum_minus_one_zero_plus_one():
    result = rolled("4dF", -1, 1, 0, 1)
    assert result.totals == [1]
    assert result.render("en") == "4dF [-, +, 0, +] = **1**"


def test_letters_are_case_insensitive_and_full_width_forms_are_read():
    assert total("4D6KH3", 2, 5, 1, 3) == 10
    assert total("２ｄ６＋１", 3, 4) == 8
    assert total("（1+2）×3") == 9


# ---------------------------------------------------------------- keep and drop


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("4d6kh3", 2 + 5 + 3),  # keep 3 highest
        ("4d6k3", 2 + 5 + 3),  # k = keep highest, as Dice Maiden users expect
        ("4d6kl1", 1),
        ("4d6kl", 1),  # no number: one die
        ("4d6kh", 5),
        ("4d6dl1", 2 + 5 + 3),
        ("4d6d1", 2 + 5 + 3),  # d = drop lowest
        ("4d6dh1", 2 + 1 + 3),
        ("4d6dh2", 2 + 1),
        ("4d6kh9", 2 + 5 + 1 + 3),  # keeping more than were rolled keeps them all
        ("4d6dl9", 0),
    ],
)
def test_keep_and_drop(expr, expected):
    assert total(expr, 2, 5, 1, 3) == expected


def test_dropped_dice_are_shown_struck_through():
    result = rolled("4d6kh3", 2, 5, 1, 3)
    assert result.render("en") == "4d6kh3 [2, 5, ~~1~~, 3] = **10**"
    assert [d.kept for d in group(result).dice] == [True, True, False, True]


def test_keep_breaks_ties_by_the_order_rolled():
    result = rolled("4d6kh2", 5, 5, 5, 1)
    assert result.totals == [10]
    assert [d.kept for d in group(result).dice] == [True, True, False, False]


# ---------------------------------------------------------------- explosions


def test_explode_on_the_highest_face_chains():
    result = rolled("3d6e", 6, 6, 2, 3, 4)
    assert result.totals == [6 + 6 + 2 + 3 + 4]
    assert [d.exploded for d in group(result).dice] == [True, True, False, False, False]
    assert result.render("en") == "3d6e [6!, 6!, 2, 3, 4] = **21**"


def test_bang_is_explode_and_a_number_sets_the_threshold():
    assert total("2d6!", 6, 1, 5) == 12
    assert total("2d10e8", 8, 9, 1, 3) == 21  # 8 explodes into 9, which explodes into 1
    assert total("2d10!8", 7, 2) == 9


def test_explosion_chain_is_capped_with_a_note():
    chain = dice.MAX_EXPLOSION_CHAIN
    result = rolled("1d2e", *([2] * (chain + 1)))
    assert result.totals == [2 * (chain + 1)]
    assert result.notes == ["explosion_capped"]
    assert str(chain) in result.render("en") and str(chain) in result.render("zh-CN")


def test_explosion_on_every_face_is_refused():
    assert error_key("1d1e") == "dice.explode_all"
    assert error_key("3d6e1") == "dice.explode_all"
    assert total("2dFe", 1, 0, -1) == 0  # Fate dice explode on + only


# ---------------------------------------------------------------- rerolls


def test_reroll_repeats_until_the_face_no_longer_matches():
    result = rolled("2d6r1", 1, 1, 4, 3)
    assert result.totals == [7]
    dice_ = group(result).dice
    assert [(d.value, d.kept, d.rerolled) for d in dice_] == [
        (1, False, True), (1, False, True), (4, True, False), (3, True, False)]
    assert result.render("en") == "2d6r1 [~~1↻~~, ~~1↻~~, 4, 3] = **7**"  # rerolled, not dropped


def test_reroll_once_keeps_the_second_roll_whatever_it_is():
    assert total("2d6ro1", 1, 1, 3) == 1 + 3


def test_reroll_with_a_comparison():
    assert total("2d6r<3", 2, 1, 5, 6) == 11
    assert total("1d6r<=3", 3, 2, 4) == 4
    assert total("1d6r>4", 6, 5, 4) == 4
    assert total("1d6r=6", 6, 6, 1) == 1


def test_reroll_of_every_face_is_refused_but_reroll_once_is_allowed():
    assert error_key("1d6r<7") == "dice.reroll_all"
    assert error_key("1d1r1") == "dice.reroll_all"
    assert total("1d6ro<7", 3, 5) == 5


def test_rerolls_happen_before_keep():
    # r1 first: 1 -> 6; then keep the two highest of 6, 2, 4.
    assert total("3d6kh2r1", 1, 6, 2, 4) == 10
    assert total("3d6r1kh2", 1, 6, 2, 4) == 10


# ---------------------------------------------------------------- success counting


def test_success_counting():
    faces = (7, 3, 10, 6, 8, 1)
    assert total("6d10>=7", *faces) == 3
    assert total("6d10t7", *faces) == 3
    assert total("6d10>7", *faces) == 2
    assert total("6d10<3", *faces) == 1
    assert total("6d10<=3", *faces) == 2
    assert total("6d10=10", *faces) == 1


def test_failures_subtract_successes():
    faces = (7, 3, 10, 6, 8, 1)
    result = rolled("6d10t7f1", *faces)
    assert result.totals == [3 - 1]
    assert result.render("en") == "6d10t7f1 [**7**, 3, **10**, 6, **8**, __1__] = **2**"
    assert total("6d10>=7f<=3", *faces) == 3 - 2


def test_failures_need_a_target():
    assert error_key("6d10f1") == "dice.fail_needs_target"
    assert error_key("6d10t") == "dice.missing_number"


def test_only_kept_dice_count_as_successes():
    assert total("4d10kh2>=7", 9, 3, 8, 7) == 2  # 9 and 8 kept; the 7 is dropped


def test_exploded_dice_count_as_successes():
    # "e" explodes on the highest face; "t7" after it is the success target.
    assert total("2d10e t7", 10, 8, 2) == 2  # 10 explodes into 8; the 2 fails
    assert total("2d10et7", 10, 8, 2) == 2


def test_a_comparison_after_explode_belongs_to_the_explosion():
    # d20's reading: "e>=7" explodes on 7 or more; it is not "explode, then count >= 7".
    # Before, `2d10e>=7` exploded only on 10 and counted successes: a silent misreading.
    result = rolled("2d10e>=7", 10, 8, 2, 2)  # 10 -> 8 -> 2, then 2
    assert result.totals == [10 + 8 + 2 + 2]
    assert [d.exploded for d in group(result).dice] == [True, True, False, False]


def test_each_modifier_kind_only_once():
    for expr in ("2d6e!", "6d10t7>=8", "2d6r1ro2", "6d10t7f1f2"):
        assert error_key(expr) == "dice.duplicate_modifier", expr


@pytest.mark.parametrize("expr, faces, total, kept", [
    # d20: "Selectors select from the remaining kept values in a set"; adjacent operations
    # of one kind join ("k1k2k3 into k(1,2,3)"): the highest and the lowest die
    ("4d6kh1kl1", (3, 6, 1, 4), 7, [False, True, True, False]),
    # keep the 3 highest, then drop the lowest of those (once refused as a second keep/drop)
    ("4d6kh3d1", (2, 6, 1, 4), 10, [False, True, False, True]),
    # keep the 3 highest, then drop the 1s among them
    ("4d6kh3p1", (1, 6, 1, 4), 10, [False, True, False, True]),
    ("(1d6, 1d8, 1d4)kh1kl1", (3, 7, 2), 9, None),
])
def test_several_keep_and_drop_selectors_on_one_group(expr, faces, total, kept):
    result = rolled(expr, *faces)
    assert result.totals == [total]
    if kept is not None:
        assert [d.kept for d in group(result).dice] == kept


@pytest.mark.parametrize("expr, faces, total, passed", [
    ("1d20 != 3", (3,), 3, False),  # d20's inequality: a pass or fail on the total
    ("1d20 != 3", (4,), 4, True),
    ("2d6+1 ≠ 8", (3, 4), 8, False),  # the sign a phone keyboard offers
    ("6d10t!=1", (1, 2, 3, 1, 5, 6), 4, None),  # count the dice not showing 1
    ("5d6k!=3", (3, 3, 1, 2, 6), 9, None),  # keep the dice that are not 3
])
def test_not_equal_compares(expr, faces, total, passed):
    result = rolled(expr, *faces)
    assert result.totals == [total]
    assert result.outcomes == [passed]


def test_not_equal_right_after_the_dice_is_refused_not_guessed():
    # `1d20!=3` read as `!` (explode) on `=3` before `!=` was a comparison; as a count of the
    # dice not showing 3 it is another roll: the message shows every spelling
    with pytest.raises(DiceError) as info:
        roll("6d10!=1", GameRng.from_seed(1))
    assert info.value.key == "dice.ambiguous_not_equal"
    assert "`6d10t!=1`" in t("en", info.value.key, **info.value.params)


# ---------------------------------------------------------------- arithmetic


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("2*3+4", 10),
        ("2*(3+4)", 14),
        ("10-2-3", 5),  # left to right
        ("7/2", 3),
        ("-7/2", -4),  # integer division rounds down
        ("--3", 3),
        ("+3", 3),
        ("1 + 2 * 3", 7),
        ("100/3/3", 11),
    ],
)
def test_arithmetic(expr, expected):
    assert total(expr) == expected


def test_dice_in_arithmetic():
    assert total("(1d4+1)*3/2", 3) == 6
    assert total("1d6*2-1d4", 5, 3) == 7


def test_division_by_zero():
    assert error_key("1/0") == "dice.divide_by_zero"
    assert error_key("1/(2-2)") == "dice.divide_by_zero"


# ---------------------------------------------------------------- several rolls and repeats


def test_rolls_separated_by_semicolons():
    result = rolled("1d20+5; 2d6", 13, 2, 3)
    assert result.totals == [18, 5]
    assert result.render("en").splitlines() == ["1d20 [13] + 5 = **18**", "2d6 [2, 3] = **5**"]
    assert error_key(";".join(["1"] * (dice.MAX_PARTS + 1))) == "dice.too_many_parts"


def test_repeat_sets():
    result = rolled("3 4d6kh3", 2, 5, 1, 3, 6, 6, 6, 6, 1, 1, 1, 2)
    assert result.totals == [10, 18, 4]
    assert result.source == "3 4d6kh3"
    assert error_key(f"{dice.MAX_REPEAT + 1} 1d6") == "dice.bad_repeat"
    assert error_key("0 1d6") == "dice.bad_repeat"
    assert total("36") == 36  # a number alone is not a repeat count


# ---------------------------------------------------------------- seeded generators


def test_game_rng_gives_the_same_dice_as_drawing_them_directly():
    faces = GameRng.from_seed(42).dice(4, 6)
    expected = sum(sorted(faces)[1:])
    assert roll("4d6kh3", GameRng.from_seed(42)).totals == [expected]
    again = roll("4d6kh3", GameRng.from_seed(42))
    assert [d.value for d in group(again).dice] == faces


def test_random_random_works_too():
    draw = random.Random(5)
    faces = [draw.randint(1, 20) for _ in range(2)]
    assert roll("2d20kl1+3", random.Random(5)).totals == [min(faces) + 3]


def test_result_json_holds_every_die():
    result = rolled("4d6kh3+1", 2, 5, 1, 3)
    data = json.loads(json.dumps(result.to_json()))
    assert data["totals"] == [11]
    tree = data["parts"][0][0]["tree"]
    assert tree["kind"] == "+"
    assert tree["children"][0]["dice"] == [[2, "", 0], [5, "", 0], [1, "x", 0], [3, "", 0]]
    assert data["dice_rolled"] == 4


# ---------------------------------------------------------------- limits and errors


def test_input_length_limit():
    assert error_key("1" + " " * dice.MAX_INPUT_CHARS) == "dice.too_long"
    assert len(parse(" " * (dice.MAX_INPUT_CHARS - 1) + "1").parts) == 1


def test_dice_count_limit_counts_the_whole_command():
    assert parse(f"{dice.MAX_DICE}d6").static_dice == dice.MAX_DICE
    assert error_key(f"{dice.MAX_DICE + 1}d6") == "dice.bad_count"
    half = dice.MAX_DICE // 2
    assert error_key(f"{half}d6+{half + 1}d6") == "dice.too_many_dice"
    assert error_key(f"2 {half + 1}d6") == "dice.too_many_dice"
    assert error_key("0d6") == "dice.bad_count"


def test_rerolls_and_explosions_count_against_the_dice_limit():
    # A reroll that always comes up 1 again is stopped by the budget, not by time.
    rng = ConstantRng(1)
    with pytest.raises(DiceError) as info:
        roll("10d6r1", rng)
    assert info.value.key == "dice.too_many_dice"
    assert rng.calls == dice.MAX_DICE  # the next die is refused before it is rolled
    rng = ConstantRng(6)
    with pytest.raises(DiceError) as info:
        roll(f"{dice.MAX_DICE}d6e", rng)
    assert info.value.key == "dice.too_many_dice"


def test_sides_limit():
    assert total(f"1d{dice.MAX_SIDES}", 7) == 7
    assert error_key(f"1d{dice.MAX_SIDES + 1}") == "dice.bad_sides"
    assert error_key("1d0") == "dice.bad_sides"


def test_terms_depth_and_number_limits():
    assert total("+".join(["1"] * dice.MAX_TERMS)) == dice.MAX_TERMS
    assert error_key("+".join(["1"] * (dice.MAX_TERMS + 1))) == "dice.too_many_terms"
    n = dice.MAX_DEPTH
    assert total("(" * n + "1" + ")" * n) == 1
    assert error_key("(" * (n + 1) + "1" + ")" * (n + 1)) == "dice.too_deep"
    assert error_key("-" * (n + 1) + "1") == "dice.too_deep"
    assert total(str(dice.MAX_NUMBER)) == dice.MAX_NUMBER
    assert error_key(str(dice.MAX_NUMBER + 1)) == "dice.number_too_big"


def test_long_output_is_simplified_then_refused():
    result = roll(f"20 {dice.MAX_DICE // 20}d6", GameRng.from_seed(3))
    text = result.render("en")
    assert len(text) <= dice.MAX_OUTPUT_CHARS
    assert t("en", "dice.note.simplified") in text
    assert "[" not in text  # the dice themselves were left out
    assert len(text.splitlines()) == 21
    big = "*".join([str(dice.MAX_NUMBER)] * 10)
    result = roll(f"20 {big}", GameRng.from_seed(3))
    with pytest.raises(DiceError) as info:
        result.render("en")
    assert info.value.key == "dice.output_too_long"


@pytest.mark.parametrize(
    "expr, key",
    [
        ("", "dice.empty"),
        ("   ", "dice.empty"),
        ("1d", "dice.syntax"),
        ("abc", "dice.syntax"),
        ("1d6x", "dice.syntax"),
        ("1d6 1d6", "dice.syntax"),
        ("(1+2", "dice.syntax_end"),
        ("1+", "dice.syntax_end"),
        ("1d6>=", "dice.syntax_end"),
    ],
)
def test_syntax_errors(expr, key):
    assert error_key(expr) == key


def test_syntax_error_points_at_the_problem():
    with pytest.raises(DiceError) as info:
        parse("1d6+x7")
    assert info.value.params["pos"] == 5
    assert info.value.params["near"].startswith("x7")


def test_every_error_key_has_both_languages():
    source = Path(dice.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'["\'](dice\.[a-z_.]+)["\']', source)) | {
        "dice.help", "dice.note.explosion_capped", "dice.natural_max", "dice.natural_min"}
    assert len(keys) > 30
    for key in keys:
        en, zh = t("en", key), t("zh-CN", key)
        assert en != key and zh != key, key
        assert en != zh, key  # zh-CN has its own text, not the English fallback


def test_help_lists_the_limits_in_both_languages():
    for loc in ("en", "zh-CN"):
        text = dice.help_text(loc)
        assert str(dice.MAX_DICE) in text and "4d6kh3" in text and "6d10t7f1" in text
