"""Property tests: no input crashes the parser, and valid rolls stay within their bounds."""
import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.core import dice
from games.core.dice import DiceError, roll
from games.core.rng import GameRng

INF = math.inf
NOTATION = list("0123456789dDfFkKhHlLeE!rRoOtT<>=+-*/()%; ") + ["d6", "4d6", "kh", "ro", ">=", "１", "ｄ", "（", "；"]

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


@st.composite
def dice_groups(draw):
    """A dice group as text with the lowest and highest value it can take."""
    n = draw(st.integers(1, 8))
    sides = draw(st.integers(1, 12))
    text = f"{n}d{sides}"
    kept = n
    select = draw(st.sampled_from([None, "kh", "kl", "dh", "dl"]))
    if select:
        k = draw(st.integers(0, 9))
        text += f"{select}{k}"
        kept = min(k, n) if select in ("kh", "kl") else max(n - k, 0)
    explode = False
    if sides >= 2:  # a one-sided die cannot explode or be rerolled without end
        reroll = draw(st.sampled_from([None, "r", "ro"]))
        if reroll:
            text += f"{reroll}{draw(st.integers(1, sides))}"
        explode = draw(st.booleans())
        if explode:
            text += "e"
    if draw(st.booleans()):  # count successes
        text += f">={draw(st.integers(1, sides))}"
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
