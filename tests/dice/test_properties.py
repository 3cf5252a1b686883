"""Property tests: no input crashes the parser, valid rolls stay within their bounds, totals
add up from the dice shown, and nothing written is silently read as something else."""
import math
import operator

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.core import dice
from games.core.dice import DiceError, roll
from games.core.rng import GameRng

INF = math.inf
NOTATION = list("0123456789dDfFkKhHlLeE!rRoOtTpPiImMaAbB<>=+-*/()%;,[] ") + [
    "d6", "4d6", "kh", "ro", "rr", "ra", "mi", "ma", "ie", "ir", ">=", "//", " >= ", "adv", "dis", "[fire]",
    "１", "ｄ", "（", "；"]
OPS = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le, "=": operator.eq, "!=": operator.ne}

fast = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@given(
    text=st.one_of(
        st.lists(st.sampled_from(NOTATION), max_size=40).map("".join),
        st.text(max_size=60),
    ),
    seed=st.integers(0, 2**32),
)
def test_any_text_gives_a_result_or_a_dice_error(text, seed):
    try:
        result = roll(text, GameRng.from_seed(seed))
    except DiceError as exc:
        assert exc.key.startswith("dice.")
        return
    try:
        assert len(result.render("zh-CN")) <= dice.MAX_OUTPUT_CHARS
    except DiceError as exc:
        assert exc.key == "dice.output_too_long"
    assert result.dice_rolled <= dice.MAX_DICE
    # What was understood reads back the same way (history and saved rolls store it).
    assert dice.parse(result.source).source == result.source


@st.composite
def dice_groups(draw):
    """A dice group as text with the lowest and highest value it can take."""
    n = draw(st.integers(1, 8))
    sides = draw(st.integers(1, 12))
    text = f"{n}d{sides}"
    kept = n
    select = draw(st.sampled_from([None, "kh", "kl", "dh", "dl", "ph", "pl"]))
    if select:
        k = draw(st.integers(0, 9))
        text += f"{select}{k}"
        kept = min(k, n) if select in ("kh", "kl") else max(n - k, 0)
    explode = False
    if sides >= 2:  # a one-sided die cannot explode or be rerolled without end
        reroll = draw(st.sampled_from([None, "r", "rr", "ro"]))
        if reroll:
            text += f"{reroll}{draw(st.integers(1, sides))}"
        explode = draw(st.booleans())
        if explode:
            text += draw(st.sampled_from(["e", "!", "ie"]))
    if draw(st.booleans()):  # count successes
        text += f"t{draw(st.integers(1, sides))}"
        with_failures = draw(st.booleans())
        if with_failures:
            text += f"f{draw(st.integers(1, sides))}"
        most = INF if explode else kept  # explosions add dice, so more may be kept
        return text, (-most if with_failures else 0), most
    high = INF if explode else kept * sides
    return text, kept, high


@st.composite
def expressions(draw, depth=0):
    terms = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 2 and draw(st.integers(0, 4)) == 0:
            inner, lo, hi = draw(expressions(depth=depth + 1))
            terms.append((f"({inner})", lo, hi))
        elif draw(st.booleans()):
            terms.append(draw(dice_groups()))
        else:
            c = draw(st.integers(0, 50))
            terms.append((str(c), c, c))
    text, lo, hi = terms[0]
    for t_text, t_lo, t_hi in terms[1:]:
        if draw(st.booleans()):
            text, lo, hi = f"{text}+{t_text}", lo + t_lo, hi + t_hi
        else:
            text, lo, hi = f"{text}-{t_text}", lo - t_hi, hi - t_lo
    if draw(st.booleans()):
        c = draw(st.integers(1, 5))
        text, lo, hi = f"({text})*{c}", lo * c, hi * c
    return text, lo, hi


@fast
@given(expr=expressions(), seed=st.integers(0, 2**32))
def test_valid_expressions_stay_within_their_bounds(expr, seed):
    text, lo, hi = expr
    assume(len(text) <= dice.MAX_INPUT_CHARS)
    result = roll(text, GameRng.from_seed(seed))
    (value,) = result.totals
    assert lo <= value <= hi, (text, value, lo, hi)
    again = roll(text, GameRng.from_seed(seed))
    assert again.to_json() == result.to_json()  # the same seed rolls the same dice


@fast
@given(expr=expressions(), repeat=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_repeats_and_parts_each_stay_within_bounds(expr, repeat, seed):
    text, lo, hi = expr
    try:
        result = roll(f"{repeat} {text}; {text}", GameRng.from_seed(seed))
    except DiceError as exc:  # doubling the text may pass a size limit, and nothing else
        assert exc.key in ("dice.too_many_dice", "dice.too_long", "dice.too_many_terms")
        return
    assert len(result.parts[0]) == repeat and len(result.parts[1]) == 1
    assert all(lo <= v <= hi for v in result.totals)


# ---------------------------------------------------------------- totals add up


@st.composite
def summing_groups(draw):
    """A dice group that adds its kept dice (no success counting), any modifiers."""
    n, sides = draw(st.integers(1, 6)), draw(st.integers(2, 10))
    text = f"{n}d{sides}"
    mods = draw(st.lists(st.sampled_from(["select", "reroll", "explode", "ra", "mi", "ma"]), unique=True, max_size=4))
    for mod in mods:
        if mod == "select":
            text += draw(st.sampled_from(["kh", "kl", "dh", "dl", "ph", "pl", "k>", "k<", "p>", "p<", "p"]))
            text += str(draw(st.integers(1, sides)))
        elif mod == "reroll":
            text += draw(st.sampled_from(["r", "rr", "ro", "ir"])) + str(draw(st.integers(1, sides - 1)))
        elif mod == "explode":
            text += draw(st.sampled_from(["e", "!", "ie", "e>", "!>="])) + str(draw(st.integers(2, sides)))
        elif mod == "ra":
            text += f"ra{draw(st.integers(1, sides))}"
        else:
            text += f"{mod}{draw(st.integers(1, sides))}"
    return text


def _independent_total(tree: dict) -> int:
    """The total recomputed from the dice as stored (the history's record), not by the roller."""
    kind = tree["kind"]
    if kind == "num":
        return tree["value"]
    if kind == "dice":
        return sum(value for value, flags, *_ in tree["dice"] if "x" not in flags)
    values = [_independent_total(c) for c in tree["children"]]
    if kind == "set":
        return sum(v for v, c in zip(values, tree["children"]) if c.get("kept", True))
    if kind in ("paren", "pos"):
        return values[0]
    if kind == "neg":
        return -values[0]
    return values[0] + values[1] if kind == "+" else values[0] - values[1]


@fast
@given(
    terms=st.lists(st.one_of(summing_groups(), st.integers(0, 99).map(str)), min_size=1, max_size=4),
    signs=st.lists(st.sampled_from(["+", "-"]), min_size=4, max_size=4),
    as_set=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_the_total_is_the_sum_of_the_kept_dice_plus_the_numbers(terms, signs, as_set, seed):
    text = terms[0] + "".join(f" {s} {term}" for s, term in zip(signs, terms[1:]))
    if as_set:
        text = f"({', '.join(terms)},)kh1"  # a trailing comma makes even one roll a set
    assume(len(text) <= dice.MAX_INPUT_CHARS)
    try:
        result = roll(text, GameRng.from_seed(seed))
    except DiceError as exc:
        assert exc.key in ("dice.min_above_max", "dice.explode_all", "dice.reroll_all"), (text, exc.key)
        return
    (part,) = result.to_json()["parts"]
    for r in part:
        assert r["total"] == _independent_total(r["tree"]), text
        for node in _dice_nodes(r["tree"]):  # every die is shown, and a kept die is within its faces' bounds
            assert node["dice"], text


def _dice_nodes(tree: dict):
    if tree["kind"] == "dice":
        yield tree
    for child in tree.get("children", []):
        yield from _dice_nodes(child)


# ---------------------------------------------------------------- nothing silently misread


@fast
@given(
    n=st.integers(1, 8), sides=st.integers(2, 12), how=st.sampled_from(["k", "p", "d", "e", "!", "r", "rr", "ro", ""]),
    op=st.sampled_from(list(OPS)), x=st.integers(0, 13), seed=st.integers(0, 2**32),
)
def test_a_comparison_after_a_modifier_is_that_modifiers(n, sides, how, op, x, seed):
    """`5d6k>3` keeps the dice above 3, `1d10e>8` explodes on 9 and 10, `2d6r<3` rerolls
    below 3, `6d10>=7` counts 7 or more: the comparison is never split off to mean
    something else. When that reading is useless the roll is refused, never misread."""
    text = f"{n}d{sides}{how}{op}{x}"
    test = OPS[op]
    try:
        result = roll(text, GameRng.from_seed(seed))
    except DiceError as exc:
        if f"{how}{op}" == "!=":  # `!=` right after the dice: explode on =x, or count not x?
            assert exc.key == "dice.ambiguous_not_equal", (text, exc.key)
            return
        faces = range(1, sides + 1)
        matching = sum(test(f, x) for f in faces)
        expected = {
            "e": "dice.explode_all", "!": "dice.explode_all", "r": "dice.reroll_all", "rr": "dice.reroll_all",
            "": "dice.count_or_total",
        }.get(how)
        assert exc.key == expected, (text, exc.key)
        assert matching == len(faces) or (how == "" and matching == 0), text
        return
    assert result.source == text  # nothing dropped or reordered
    node = result.parts[0][0].node
    live = [d for d in node.dice if not d.rerolled]
    if how == "k":
        assert all(d.kept == test(d.value, x) for d in live)
    elif how in ("p", "d"):
        assert all(d.kept != test(d.value, x) for d in live)
    elif how in ("e", "!"):
        assert all(d.exploded == test(d.value, x) for d in node.dice) or node.capped
    elif how in ("r", "rr"):
        assert not any(test(d.value, x) for d in live)
        assert all(test(d.value, x) for d in node.dice if d.rerolled)
    elif how == "ro":
        assert all(test(d.value, x) for d in node.dice if d.rerolled)
    else:  # a bare comparison counts successes
        assert node.value == sum(test(d.value, x) for d in live)


@fast
@given(left=expressions(), op=st.sampled_from([">=", "<=", ">", "<", "=", "=="]), x=st.integers(0, 60),
       spaced=st.booleans(), seed=st.integers(0, 2**32))
def test_a_spaced_comparison_tests_the_total_or_is_refused(left, op, x, spaced, seed):
    """`2d6 >= 8` and `(2d6+1)>=8` compare the total; they never count dice silently."""
    text, _, _ = left
    text = f"{text} {op} {x}" if spaced else f"({text}){op}{x}"
    assume(len(text) <= dice.MAX_INPUT_CHARS)
    try:
        result = roll(text, GameRng.from_seed(seed))
    except DiceError as exc:
        assert exc.key == "dice.ambiguous_compare", (text, exc.key)
        return
    (r,) = result.parts[0]
    assert r.compare is not None and r.compare[1].value == x
    assert r.passed == OPS[op.replace("==", "=")](r.total, x)
    assert result.outcomes == [r.passed]
