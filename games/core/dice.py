"""Dice notation for players' /roll commands: a parser and an evaluator, no I/O.

`parse(text)` checks an expression (syntax and every static limit) without rolling;
`roll(text, rng)` rolls it with any generator that has `randint(lo, hi)` (GameRng or
random.Random), so a seeded generator gives exact, testable results. The syntax is
documented for users in `dice_locale/*.toml` (key `dice.help`).

Modifiers on a dice group apply in one fixed order, whatever order they are written in:
rerolls, explosions, reroll-and-add, minimum/maximum faces, keep/drop, then counting.
Every die rolled (rerolls and explosions included) counts against MAX_DICE for the whole
command, and the parse cost is bounded by MAX_INPUT_CHARS, so no input can make us work
for long.

Where our notation meets d20's (Avrae) and Dice Maiden's, a spelling that is not ours
takes their meaning (`rr`, `ra`, `p`, `ph`, `pl`, `mi`, `ma`, `ie`, `ir`, `b`, `adv`,
`+d20`); where a spelling is ours already (`k3`, `r2`, `e6`) ours stands and `/roll help`
says how theirs differs. A comparison written right after a modifier belongs to that
modifier (`5d6k>3` keeps the dice above 3, `1d10e>8` explodes on 9 and 10); a comparison
right after a dice group counts successes (`6d10>=7`); anywhere else, or after a space, it
is a pass/fail test of the total (`2d6+1 >= 8`). What could still be read two ways is
refused with a message that shows both spellings.
"""
from __future__ import annotations

import functools
import itertools
import operator
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from games.core.errors import RuleError
from games.core.i18n import listed, register_catalog, t

register_catalog(Path(__file__).parent / "dice_locale")

# Limits. Each has its own error key (`dice.<name>`), shown in the user's language.
MAX_INPUT_CHARS = 200  # dice.too_long
MAX_PARTS = 4  # rolls separated by ";"  -> dice.too_many_parts
MAX_REPEAT = 20  # "6 4d6kh3" rolls a set 6 times  -> dice.bad_repeat
MAX_TERMS = 50  # numbers plus dice groups in the whole input  -> dice.too_many_terms
MAX_DEPTH = 20  # nesting of parentheses, sets and signs  -> dice.too_deep
MAX_NUMBER = 1_000_000  # a literal number  -> dice.number_too_big
MAX_DICE = 1000  # dice rolled by one command, rerolls and explosions included  -> dice.too_many_dice
MAX_SIDES = 1000  # -> dice.bad_sides
MAX_EXPLOSION_CHAIN = 20  # one die explodes at most this often in a row, then stops (a note says so)
MAX_TAG_CHARS = 30  # "[fire]"
MAX_OUTPUT_CHARS = 1700  # rendered rolls; leaves room for a header and label in 2000  -> dice.output_too_long

# The grammar has one deliberate shift/reduce conflict: after a dice group, a comparison
# could start a success count (`2d6>=5`) or a test of the total. LALR shifts, so a
# comparison attached to a dice group counts successes; SPACED_CMP, a comparison with
# whitespace before it, cannot be a modifier and always tests the total (`2d6 >= 8`).
GRAMMAR = r"""
start: part (";" part)*
part: REPEAT? sum (ADV | compare ADV? | ADV compare)?
compare: (CMP | SPACED_CMP) sum

?sum: product
    | sum PLUS product    -> binop
    | sum MINUS product   -> binop
?product: unary
    | product STAR unary    -> binop
    | product SLASH unary   -> binop
    | product DSLASH unary  -> binop
    | product PERCENT unary -> binop
?unary: tagged
    | MINUS unary -> neg
    | PLUS unary  -> pos
?tagged: atom
    | atom TAG -> tag
?atom: INT             -> number
     | dice
     | "(" sum ")"     -> paren
     | "(" sum ("," sum)+ ","? ")" modifier* -> set
     | "(" sum "," ")" modifier*           -> set

dice: DICE modifier*
modifier: MOD CMP? INT?
        | CMP INT

// "6 4d6": a repeat count is a number followed by a space and then a roll.
REPEAT.2: /\d+(?=\s+[\d(d])/
DICE: /\d*d(\d+|%|f)/
INT: /\d+/
PLUS: "+"
MINUS: "-"
STAR: "*"
DSLASH: "//"
SLASH: "/"
PERCENT: "%"
TAG: /\[[\w \-'.,:!?+\/]{1,30}\]/
ADV.3: /ADV_WORDS/
MOD: /kh|kl|k|dh|dl|d|ph|pl|p|ie|ir|e|!|t|ro|rr|ra|r|f|mi|ma|b/
// `!=` is a comparison (d20's inequality), tried before `!` (explode): `1d20!=1`, `2d6 != 7`
CMP.2: />=|<=|==|!=|=|>|</
SPACED_CMP.2: /\s+(>=|<=|==|!=|=|>|<)/
%ignore /\s+/
"""

# the words for advantage and disadvantage (longest first: the lexer takes the first that fits)
ADV_WORDS = ("advantage", "disadvantage", "adv", "dis", "优势", "劣势")
GRAMMAR = GRAMMAR.replace("ADV_WORDS", "|".join(ADV_WORDS))


def near_word(word: str, words: tuple[str, ...] = ADV_WORDS) -> str | None:
    """The word of `words` that `word` is, or is one typo away from (a letter added, dropped
    or changed, or two neighbours swapped: `avd`, `advv`, `dsi`), any case; else None."""
    low = word.strip().lower()
    return next((w for w in words if _one_typo(low, w)), None)


def _one_typo(a: str, b: str) -> bool:
    """Optimal-string-alignment distance of a and b is at most 1."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
_PARSER = Lark(GRAMMAR, parser="lalr", lexer="contextual")

# Characters a Chinese input method or a phone keyboard produces for the same symbols.
_SYMBOLS = str.maketrans({"×": "*", "÷": "/", "–": "-", "−": "-", "—": "-", "≥": ">=", "≤": "<=", "≠": "!="})


class DiceError(RuleError):
    """A bad or too large expression; `key` is a message in `dice_locale`."""


class Rng(Protocol):
    def randint(self, lo: int, hi: int) -> int: ...


# ---------------------------------------------------------------- the parsed form

_COMPARE = {
    "=": operator.eq,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "!=": operator.ne,
}
_SHOWN_OP = {"=": "=", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "!=": "≠"}


@dataclass(frozen=True)
class Compare:
    op: str
    value: int

    def __call__(self, x: int) -> bool:
        return _COMPARE[self.op](x, self.value)

    @property
    def text(self) -> str:
        return f"{self.op}{self.value}"


# Keep/drop: ("kh" | "kl" | "dh" | "dl", n) by rank, or ("k" | "p", Compare) by value; several
# on one group are ("chain", (select, ...)) in the order written, with d20's meaning: each
# selects among the dice still kept, and adjacent keeps (or drops) join, so `4d6kh1kl1` keeps
# the highest and the lowest die, `4d6kh3p1` keeps the 3 highest and then drops 1s among them.
Select = tuple[str, Any]
_KEEPS = ("kh", "kl", "k")
_RANKED = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "k": "kh", "d": "dl", "ph": "dh", "pl": "dl"}
_SELECT_MODS = set(_RANKED) | {"p"}


@dataclass(frozen=True)
class DiceSpec:
    spec: str  # as written, normalized: "4d6kh3"
    count: int
    lo: int
    hi: int
    die: str  # "6", "%" or "F": the head without its count
    mods: str  # the modifiers as written: "kh3"
    fudge: bool = False
    count_written: bool = True  # "1d20" rather than "d20" (for the `+d20` shorthand)
    ends_bare: bool = False  # the last modifier has no number (`5d6k`)
    reroll: Compare | None = None
    reroll_once: bool = False
    reroll_add: Compare | None = None
    explode: Compare | None = None
    minimum: int | None = None
    maximum: int | None = None
    select: Select | None = None
    target: Compare | None = None
    fail: Compare | None = None
    botch: Compare | None = None

    def faces(self) -> set[int]:
        """What a die can show once minimum and maximum apply."""
        lo, hi = self.minimum, self.maximum
        return {min(max(x, lo if lo is not None else x), hi if hi is not None else x) for x in range(self.lo, self.hi + 1)}


@dataclass(frozen=True)
class Expr:
    kind: str  # "num", "dice", "set", "+", "-", "*", "/", "//", "%", "neg", "paren"
    children: tuple["Expr", ...] = ()
    value: int = 0  # for "num"
    dice: DiceSpec | None = None  # for "dice"
    select: Select | None = None  # for "set"
    mods: str = ""  # for "set": its modifier as written
    tag: str | None = None  # "3d6 [fire]"


@dataclass(frozen=True)
class Part:
    repeat: int
    expr: Expr
    source: str  # normalized text of the expression, without the repeat count
    compare: tuple[str, Expr] | None = None  # `2d6+1 >= 8`: the total is tested
    tagged: bool = False  # some term has a tag: the result shows subtotals
    botch: bool = False  # some group counts botches


@dataclass(frozen=True)
class Program:
    parts: tuple[Part, ...]
    static_dice: int  # dice rolled before any reroll or explosion

    @property
    def source(self) -> str:
        return "; ".join((f"{p.repeat} " if p.repeat > 1 else "") + p.source for p in self.parts)


# ---------------------------------------------------------------- parsing


def normalize(text: str) -> str:
    """Full-width forms (４ｄ６＋２, ；, （）) and typographic signs become plain ASCII."""
    return unicodedata.normalize("NFKC", text).translate(_SYMBOLS).lower().strip()


def check_size(text: str) -> None:
    """The cheap limits, checked before anything else is done with a command (such as
    looking up saved rolls by name)."""
    if len(text) > MAX_INPUT_CHARS:
        raise DiceError("dice.too_long", limit=MAX_INPUT_CHARS, length=len(text))
    if text.count(";") >= MAX_PARTS:
        raise DiceError("dice.too_many_parts", limit=MAX_PARTS)


def parse(text: str) -> Program:
    """Check an expression without rolling it. Raises DiceError."""
    if not isinstance(text, str):
        raise DiceError("dice.empty")
    if len(text) > MAX_INPUT_CHARS:
        raise DiceError("dice.too_long", limit=MAX_INPUT_CHARS, length=len(text))
    return _parse_normalized(normalize(text))


@functools.lru_cache(maxsize=512)
def _parse_normalized(text: str) -> Program:
    if not text:
        raise DiceError("dice.empty")
    if len(text) > MAX_INPUT_CHARS:  # NFKC can lengthen a string
        raise DiceError("dice.too_long", limit=MAX_INPUT_CHARS, length=len(text))
    tree = _lark_parse(text)
    parts = tree.children
    if len(parts) > MAX_PARTS:
        raise DiceError("dice.too_many_parts", limit=MAX_PARTS)
    terms = sum(1 for sub in tree.iter_subtrees() if sub.data in ("number", "dice"))
    if terms > MAX_TERMS:
        raise DiceError("dice.too_many_terms", limit=MAX_TERMS)
    _check_depth(tree)

    built = [_build_part(part) for part in parts]
    static_dice = sum(p.repeat * (_count_dice(p.expr) + (_count_dice(p.compare[1]) if p.compare else 0))
                      for p in built)
    if static_dice > MAX_DICE:
        raise DiceError("dice.too_many_dice", limit=MAX_DICE)
    return Program(parts=tuple(built), static_dice=static_dice)


def _lark_parse(text: str) -> Tree:
    try:
        return _PARSER.parse(text)
    except UnexpectedEOF:
        raise DiceError("dice.syntax_end") from None
    except (UnexpectedCharacters, UnexpectedToken) as exc:
        pos = max(int(getattr(exc, "column", 1) or 1), 1)
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
            raise DiceError("dice.syntax_end") from None
        start = pos - 1  # the whole word the reading stopped in (`advantge` stops after `adv`)
        while start > 0 and text[start - 1].isalpha():
            start -= 1
        word = re.match(r"[^\W\d_]+", text[start:])
        if word and word.group(0) not in ADV_WORDS and (meant := near_word(word.group(0))):  # `1d20+5 avd`
            raise DiceError("dice.did_you_mean", word=word.group(0), meant=meant) from None
        raise DiceError("dice.syntax", pos=pos, near=text[pos - 1 : pos + 9]) from None
    except LarkError:
        raise DiceError("dice.syntax", pos=1, near=text[:10]) from None


def _check_depth(tree: Tree) -> None:
    # Iterative, so a deep tree cannot exhaust the Python stack before we refuse it. Only
    # parentheses, sets and signs count: a long sum is already bounded by MAX_TERMS.
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in ("paren", "set", "neg", "pos"):
            depth += 1
            if depth > MAX_DEPTH:
                raise DiceError("dice.too_deep", limit=MAX_DEPTH)
        stack.extend((c, depth) for c in node.children if isinstance(c, Tree))


def _build_part(node: Tree) -> Part:
    tokens = {c.type: c for c in node.children if isinstance(c, Token)}  # REPEAT, ADV
    trees = [c for c in node.children if isinstance(c, Tree)]  # the roll, then perhaps a comparison
    repeat = int(tokens.get("REPEAT", 1))
    if not 1 <= repeat <= MAX_REPEAT:
        raise DiceError("dice.bad_repeat", limit=MAX_REPEAT)
    expr = _shorthand(_build(trees[0]))
    if "ADV" in tokens:
        expr = _advantage(expr, "kl" if str(tokens["ADV"]) in ("dis", "disadvantage", "劣势") else "kh")
    compare = None
    if len(trees) == 2:
        op_token, right = trees[1].children
        op = str(op_token).strip().replace("==", "=")
        if op_token.type == "SPACED_CMP" and _ends_bare(expr):
            # `5d6k >3`: keep one die and test the total, or keep the dice above 3?
            raise DiceError("dice.ambiguous_compare", spec=_source(expr), cmp=op, value=_source(_build(right)))
        compare = (op, _build(right))
    source = _source(expr) + (f" {compare[0]} {_source(compare[1])}" if compare else "")
    return Part(repeat=repeat, expr=expr, source=source, compare=compare, tagged=_any(expr, lambda e: bool(e.tag)),
                botch=_any(expr, lambda e: bool(e.dice and e.dice.botch)))


def _any(expr: Expr, test) -> bool:
    return test(expr) or any(_any(c, test) for c in expr.children)


def _ends_bare(expr: Expr) -> bool:
    while expr.children and expr.kind not in ("paren", "set") and not expr.tag:
        expr = expr.children[-1]
    return bool(expr.dice and expr.dice.ends_bare and not expr.tag)


def _build(node: Tree | Token) -> Expr:
    kind = node.data
    if kind == "number":
        value = int(node.children[0])
        if value > MAX_NUMBER:
            raise DiceError("dice.number_too_big", limit=MAX_NUMBER)
        return Expr("num", value=value)
    if kind == "binop":
        left, op, right = node.children
        return Expr(str(op), (_build(left), _build(right)))
    if kind == "neg":
        return Expr("neg", (_build(node.children[1]),))
    if kind == "pos":
        return Expr("pos", (_build(node.children[1]),))
    if kind == "paren":
        return Expr("paren", (_build(node.children[0]),))
    if kind == "tag":
        inner = _build(node.children[0])
        return replace(inner, tag=" ".join(str(node.children[1])[1:-1].split()))
    if kind == "set":
        return _build_set(node)
    if kind == "dice":
        return Expr("dice", dice=_build_dice(node))
    raise AssertionError(f"unknown node {kind}")  # the grammar has no other rule


def _modifiers(mods: list[Tree]) -> list[tuple[str, str | None, int | None, str]]:
    """(name, comparison, number, text) for each modifier; a bare comparison has name ""."""
    out = []
    for mod in mods:
        name, cmp, number = "", None, None
        for tok in mod.children:
            if tok.type == "MOD":
                name = str(tok)
            elif tok.type == "CMP":
                cmp = str(tok).replace("==", "=")
            else:
                number = int(tok)
                if number > MAX_NUMBER:
                    raise DiceError("dice.number_too_big", limit=MAX_NUMBER)
        out.append((name, cmp, number, "".join(str(tok) for tok in mod.children)))
    return out


def _select(name: str, cmp: str | None, number: int | None, spec: str) -> Select:
    if cmp is not None:  # d20: `k>3` keeps the dice above 3, `p<3` drops those below 3
        if name not in ("k", "p", "d"):
            raise DiceError("dice.no_compare", spec=spec, modifier=name)
        return ("k" if name == "k" else "p", Compare(cmp, number))
    if name == "p":  # d20: `p1` drops the dice showing 1
        if number is None:
            raise DiceError("dice.missing_number", modifier=name)
        return ("p", Compare("=", number))
    return (_RANKED[name], 1 if number is None else number)


def _build_set(node: Tree) -> Expr:
    elements = tuple(_build(c) for c in node.children if c.data != "modifier")
    mods = _modifiers([c for c in node.children if c.data == "modifier"])
    text = "".join(m[3] for m in mods)
    select = None
    for name, cmp, number, _ in mods:
        if name not in _SELECT_MODS:
            raise DiceError("dice.set_modifier", spec=text)
        if cmp is not None and number is None:
            raise DiceError("dice.missing_number", modifier=name)
        select = _chain(select, _select(name, cmp, number, text))
    return Expr("set", elements, select=select, mods=text)


def _chain(select: Select | None, more: Select) -> Select:
    """A group's keep/drop selectors so far, with one more written after them."""
    if select is None:
        return more
    return ("chain", (select[1] if select[0] == "chain" else (select,)) + (more,))


# What a number alone means after a modifier that compares: `r1` rerolls 1s, Dice
# Maiden's `ir2` rerolls 2 or less, `e8` explodes on 8 or more, `f1` fails on 1 or less.
_DEFAULT_OP = {"r": "=", "rr": "=", "ro": "=", "ra": "=", "ir": "<=", "e": ">=", "!": ">=", "ie": ">=",
               "t": ">=", "f": "<=", "b": "<="}
_SLOTS = {"r": "reroll", "rr": "reroll", "ro": "reroll", "ir": "reroll", "ra": "reroll_add", "e": "explode",
          "!": "explode", "ie": "explode", "t": "target", "": "target", "f": "fail", "b": "botch",
          "mi": "minimum", "ma": "maximum"}


def _build_dice(node: Tree) -> DiceSpec:
    head = str(node.children[0])
    count_text, _, die = head.partition("d")
    count = int(count_text) if count_text else 1
    if not 1 <= count <= MAX_DICE:
        raise DiceError("dice.bad_count", limit=MAX_DICE)
    fudge = die == "f"
    if fudge:
        lo, hi, die = -1, 1, "F"  # shown as users write Fate dice: 4dF
    else:
        sides = 100 if die == "%" else int(die)
        if not 1 <= sides <= MAX_SIDES:
            raise DiceError("dice.bad_sides", limit=MAX_SIDES)
        lo, hi = 1, sides

    mods = _modifiers(node.children[1:])
    mods_text = "".join(m[3] for m in mods)
    text = f"{count_text}d{die}{mods_text}"
    found: dict[str, Any] = {}
    for name, cmp, number, _ in mods:
        if name == "" and cmp == "!=":
            # `3d6!=6` was `!` (explode) on `=6`; read as "not 6" it counts dice: never guessed
            raise DiceError("dice.ambiguous_not_equal", spec=text, value=number, head=f"{count_text}d{die}")
        if name in _SELECT_MODS:
            slot, value = "select", _chain(found.pop("select", None), _select(name, cmp, number, text))
        elif name in ("mi", "ma"):
            if cmp is not None:
                raise DiceError("dice.no_compare", spec=text, modifier=name)
            if number is None:
                raise DiceError("dice.missing_number", modifier=name)
            slot, value = _SLOTS[name], number
        else:
            if number is None and name in ("e", "!", "ie", "b") and cmp is None:
                number = hi if name != "b" else lo  # `e`: the highest face; Dice Maiden's `b`: 1s
            if number is None:
                raise DiceError("dice.missing_number", modifier=name or (cmp or ""))
            slot, value = _SLOTS[name], Compare(cmp or _DEFAULT_OP[name], number)
            if name == "ro":
                found["reroll_once"] = True
        if slot in found:
            raise DiceError("dice.duplicate_modifier", spec=text)
        found[slot] = value

    ends_bare = bool(mods) and mods[-1][2] is None
    spec = DiceSpec(spec=text, count=count, lo=lo, hi=hi, die=die, mods=mods_text, fudge=fudge,
                    count_written=bool(count_text), ends_bare=ends_bare, **found)
    faces = range(lo, hi + 1)
    if spec.explode and all(spec.explode(x) for x in faces):
        raise DiceError("dice.explode_all", spec=text)
    if spec.reroll and not spec.reroll_once and all(spec.reroll(x) for x in faces):
        raise DiceError("dice.reroll_all", spec=text)
    if spec.fail and not spec.target:
        raise DiceError("dice.fail_needs_target", spec=text)
    if spec.minimum is not None and spec.maximum is not None and spec.minimum > spec.maximum:
        raise DiceError("dice.min_above_max", spec=text)
    bare = next((m for m in mods if m[0] == ""), None)
    if bare is not None:
        # `2d6>=8` counts dice showing 8 or more, which no d6 does: the writer surely meant
        # the total. Counting that always gives 0 or all the dice is refused with both spellings.
        hits = sum(spec.target(x) for x in spec.faces())
        if hits in (0, len(spec.faces())):
            raise DiceError("dice.count_or_total", spec=text, cmp=bare[1], value=bare[2], head=f"{count_text}d{die}")
    return spec


def _with_select(expr: Expr, how: str) -> Expr:
    """A single die rolled twice, keeping the higher ("kh") or the lower ("kl")."""
    d = expr.dice
    if d.select is not None:
        raise DiceError("dice.adv_conflict", spec=d.spec)
    mods = f"{how}1{d.mods}"
    spec = replace(d, count=2, count_written=True, spec=f"2d{d.die}{mods}", mods=mods, select=(how, 1))
    return replace(expr, dice=spec)


def _advantage(expr: Expr, how: str) -> Expr:
    """`1d20+5 adv`: the first single die of the roll is rolled twice (d20's `adv`)."""
    def visit(e: Expr) -> Expr | None:
        if e.kind == "dice" and e.dice.count == 1 and e.dice.select is None:
            return _with_select(e, how)
        for i, child in enumerate(e.children):
            new = visit(child)
            if new is not None:
                return replace(e, children=e.children[:i] + (new,) + e.children[i + 1:])
        return None

    new = visit(expr)
    if new is None:
        raise DiceError("dice.adv_needs_die")
    return new


def _shorthand(expr: Expr) -> Expr:
    """Dice Maiden's `+d20` (advantage) and `-d20` (disadvantage) at the start of a roll;
    `+d%` and `-d%` roll the tens die twice, for roll-under percentile systems."""
    if expr.kind in ("+", "-", "*", "/", "//", "%") and not expr.tag:
        first = _shorthand(expr.children[0])
        return expr if first is expr.children[0] else replace(expr, children=(first,) + expr.children[1:])
    if expr.kind not in ("pos", "neg") or expr.tag:
        return expr
    inner = expr.children[0]
    if inner.kind != "dice" or inner.dice.count_written:
        return expr
    if inner.dice.die == "%":
        if inner.dice.mods:
            raise DiceError("dice.adv_conflict", spec=inner.dice.spec)
        tens = "kl" if expr.kind == "pos" else "kh"  # under a roll-under system, lower is better
        built = _build(_lark_parse(f"((2d10{tens}1-1)*10)+1d10").children[0].children[0])
        return replace(built, tag=inner.tag)
    return _with_select(inner, "kh" if expr.kind == "pos" else "kl")


def _count_dice(expr: Expr) -> int:
    own = expr.dice.count if expr.dice else 0
    return own + sum(_count_dice(c) for c in expr.children)


_OP_TEXT = {"+": " + ", "-": " - ", "*": " × ", "/": " / ", "//": " // ", "%": " % "}


def _source(expr: Expr) -> str:
    if expr.kind == "num":
        text = str(expr.value)
    elif expr.kind == "dice":
        text = expr.dice.spec
    elif expr.kind == "neg":
        text = "-" + _source(expr.children[0])
    elif expr.kind == "pos":
        text = "+" + _source(expr.children[0])
    elif expr.kind == "paren":
        text = "(" + _source(expr.children[0]) + ")"
    elif expr.kind == "set":
        inner = ", ".join(_source(c) for c in expr.children)
        text = f"({inner}{',' if len(expr.children) == 1 else ''}){expr.mods}"
    else:
        text = _source(expr.children[0]) + _OP_TEXT[expr.kind] + _source(expr.children[1])
    return f"{text} [{expr.tag}]" if expr.tag else text


# ---------------------------------------------------------------- rolling


@dataclass
class Die:
    value: int  # what it counts as: the face rolled, raised or lowered by `mi`/`ma`
    kept: bool = True  # False: dropped by keep/drop, or replaced by a reroll
    rerolled: bool = False  # this value was rolled again
    exploded: bool = False  # another die was added because of this one (explosion or `ra`)
    success: int = 0  # +1 a success, -1 a failure (both can cancel out)
    natural: int | None = None  # the face rolled, when `mi`/`ma` changed it

    @property
    def face(self) -> int:
        return self.value if self.natural is None else self.natural

    def to_json(self) -> list:
        flags = "".join(
            c for c, on in (("x", not self.kept), ("r", self.rerolled), ("!", self.exploded)) if on
        )
        out = [self.value, flags, self.success]
        return out if self.natural is None else out + [self.natural]


@dataclass
class Node:
    """An evaluated expression: what was rolled and what each piece came to."""

    kind: str
    value: int
    children: list["Node"] = field(default_factory=list)
    spec: DiceSpec | None = None
    dice: list[Die] = field(default_factory=list)
    capped: bool = False  # an explosion chain stopped at MAX_EXPLOSION_CHAIN
    kept: bool = True  # False: a set element its keep/drop left out
    tag: str | None = None
    mods: str = ""  # a set's modifier as written
    botches: int = 0  # dice at or under a `b` threshold (Dice Maiden): shown, not subtracted

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "value": self.value}
        if self.spec:
            out["spec"] = self.spec.spec
            out["dice"] = [d.to_json() for d in self.dice]
        if self.children:
            out["children"] = [c.to_json() for c in self.children]
        if not self.kept:
            out["kept"] = False
        if self.tag:
            out["tag"] = self.tag
        if self.spec and self.spec.botch:
            out["botches"] = self.botches
        return out

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Roll:
    source: str
    node: Node
    compare: tuple[str, Node] | None = None  # `>= 8`: the operator and the evaluated target
    part: Part | None = None  # what was rolled

    @property
    def total(self) -> int:
        return self.node.value

    @property
    def passed(self) -> bool | None:
        if self.compare is None:
            return None
        op, target = self.compare
        return _COMPARE[op](self.total, target.value)

    def to_json(self) -> dict:
        out = {"source": self.source, "total": self.total, "tree": self.node.to_json()}
        if self.compare:
            out |= {"compare": self.compare[0], "target": self.compare[1].to_json(), "passed": self.passed}
        return out


@dataclass
class RollResult:
    source: str  # the whole normalized expression
    parts: list[list[Roll]]  # one list per ";" part, one Roll per repeat
    dice_rolled: int
    notes: list[str] = field(default_factory=list)  # message keys

    @property
    def totals(self) -> list[int]:
        return [r.total for part in self.parts for r in part]

    @property
    def outcomes(self) -> list[bool | None]:
        """For each roll, passed or failed its comparison (None: it had none)."""
        return [r.passed for part in self.parts for r in part]

    def to_json(self) -> dict:
        return {
            "expression": self.source,
            "totals": self.totals,
            "outcomes": self.outcomes,
            "dice_rolled": self.dice_rolled,
            "notes": self.notes,
            "parts": [[r.to_json() for r in part] for part in self.parts],
        }

    def render(self, locale: str | None, limit: int = MAX_OUTPUT_CHARS) -> str:
        """Markdown lines, every die shown; simplified step by step when too long."""
        for level in range(3):
            lines = [t(locale, f"dice.note.{n}", limit=MAX_EXPLOSION_CHAIN) for n in self.notes]
            if level:
                lines.append(t(locale, "dice.note.simplified"))
            for part in self.parts:
                lines += [_render_roll(r, level, locale) for r in part]
            text = "\n".join(lines)
            if len(text) <= limit:
                return text
        raise DiceError("dice.output_too_long", limit=limit)


class _Budget:
    def __init__(self, rng: Rng):
        self.rng = rng
        self.used = 0
        self.capped = False  # an explosion chain stopped at MAX_EXPLOSION_CHAIN

    def roll(self, lo: int, hi: int) -> int:
        self.used += 1
        if self.used > MAX_DICE:
            raise DiceError("dice.too_many_dice", limit=MAX_DICE)
        return self.rng.randint(lo, hi)


def roll(text: str, rng: Rng) -> RollResult:
    """Parse and roll. Raises DiceError for a bad expression or a limit reached."""
    program = parse(text)
    budget = _Budget(rng)
    parts = [[_roll_part(p, budget) for _ in range(p.repeat)] for p in program.parts]
    notes = ["explosion_capped"] if budget.capped else []
    return RollResult(source=program.source, parts=parts, dice_rolled=budget.used, notes=notes)


def _roll_part(part: Part, budget: _Budget) -> Roll:
    node = _evaluate(part.expr, budget)
    compare = (part.compare[0], _evaluate(part.compare[1], budget)) if part.compare else None
    return Roll(part.source, node, compare, part)


def _evaluate(expr: Expr, budget: _Budget) -> Node:
    node = _evaluate_untagged(expr, budget)
    node.tag = expr.tag
    return node


def _evaluate_untagged(expr: Expr, budget: _Budget) -> Node:
    if expr.kind == "num":
        return Node("num", expr.value)
    if expr.kind == "dice":
        return _roll_dice(expr.dice, budget)
    children = [_evaluate(c, budget) for c in expr.children]
    if expr.kind == "set":
        if expr.select:
            keep = _kept_indices([c.value for c in children], expr.select)
            for i, child in enumerate(children):
                child.kept = i in keep
        return Node("set", sum(c.value for c in children if c.kept), children, mods=expr.mods)
    if expr.kind == "neg":
        return Node("neg", -children[0].value, children)
    if expr.kind in ("paren", "pos"):
        return Node(expr.kind, children[0].value, children)
    a, b = children[0].value, children[1].value
    if expr.kind in ("/", "//", "%"):
        if b == 0:
            raise DiceError("dice.divide_by_zero")
        value = a % b if expr.kind == "%" else a // b  # whole numbers: division rounds down
    else:
        value = {"+": operator.add, "-": operator.sub, "*": operator.mul}[expr.kind](a, b)
    return Node(expr.kind, value, children)


def _kept_indices(values: list[int], select: Select) -> set[int]:
    how, arg = select
    if how == "chain":
        kept = set(range(len(values)))
        for keeping, run in itertools.groupby(arg, key=lambda sel: sel[0] in _KEEPS):
            order = sorted(kept)  # the dice still kept, in the order rolled
            chosen = set()
            for sel in run:  # a run of keeps (or drops) selects together
                picked = _kept_indices([values[i] for i in order], sel)
                chosen |= {order[j] for j in (picked if keeping else set(range(len(order))) - picked)}
            kept = chosen if keeping else kept - chosen
        return kept
    if how == "k":
        return {i for i, v in enumerate(values) if arg(v)}
    if how == "p":
        return {i for i, v in enumerate(values) if not arg(v)}
    # by rank; ties go to the one rolled first
    highest_first = sorted(range(len(values)), key=lambda i: (-values[i], i))
    lowest_first = sorted(range(len(values)), key=lambda i: (values[i], i))
    if how == "kh":
        return set(highest_first[:arg])
    if how == "kl":
        return set(lowest_first[:arg])
    if how == "dh":
        return set(highest_first[arg:])
    return set(lowest_first[arg:])  # "dl"


def _roll_dice(spec: DiceSpec, budget: _Budget) -> Node:
    dice: list[Die] = []
    capped = False
    for _ in range(spec.count):
        value = budget.roll(spec.lo, spec.hi)
        while spec.reroll and spec.reroll(value):
            dice.append(Die(value, kept=False, rerolled=True))
            value = budget.roll(spec.lo, spec.hi)
            if spec.reroll_once:
                break
        die = Die(value)
        dice.append(die)
        chain = 0  # dice added by an explosion are not rerolled: rerolls come first
        while spec.explode and spec.explode(die.value):
            if chain == MAX_EXPLOSION_CHAIN:
                capped = budget.capped = True
                break
            die.exploded = True
            die = Die(budget.roll(spec.lo, spec.hi))
            dice.append(die)
            chain += 1
    if spec.reroll_add:  # d20's `ra`: the first matching die is rolled again, both count
        for i, die in enumerate(dice):
            if not die.rerolled and spec.reroll_add(die.value):
                die.exploded = True
                dice.insert(i + 1, Die(budget.roll(spec.lo, spec.hi)))
                break

    live = [d for d in dice if not d.rerolled] if spec.reroll else dice
    for d in live if spec.minimum is not None or spec.maximum is not None else ():
        clamped = d.value
        if spec.minimum is not None:
            clamped = max(clamped, spec.minimum)
        if spec.maximum is not None:
            clamped = min(clamped, spec.maximum)
        if clamped != d.value:
            d.natural, d.value = d.value, clamped
    if spec.select:
        keep = _kept_indices([d.value for d in live], spec.select)
        for i, d in enumerate(live):
            d.kept = i in keep

    kept = [d for d in live if d.kept]
    if spec.target:
        for d in kept:
            d.success = int(spec.target(d.value)) - int(bool(spec.fail and spec.fail(d.value)))
        value = sum(d.success for d in kept)
    else:
        value = sum(d.value for d in kept)
    botches = sum(1 for d in kept if spec.botch(d.value)) if spec.botch else 0
    return Node("dice", value, spec=spec, dice=dice, capped=capped, botches=botches)


# ---------------------------------------------------------------- text

_FUDGE_FACES = {-1: "-", 0: "0", 1: "+"}


def _die_text(d: Die, fudge: bool) -> str:
    face = _FUDGE_FACES.get if fudge else str
    text = face(d.value) if d.natural is None else f"{face(d.natural)}→{face(d.value)}"
    if d.exploded:
        text += "!"
    if d.rerolled:
        return f"~~{text}↻~~"
    if not d.kept:
        return f"~~{text}~~"
    if d.success > 0:
        return f"**{text}**"
    if d.success < 0:
        return f"__{text}__"
    return text


def _render(node: Node, level: int) -> str:
    """level 0: every die; 1: each group's value; 2: the expression only, without tags."""
    if node.kind == "num":
        text = str(node.value)
    elif node.kind == "dice":
        spec = node.spec.spec
        if level == 0:
            text = f"{spec} [{', '.join(_die_text(d, node.spec.fudge) for d in node.dice)}]"
        else:
            text = f"{spec} ({node.value})" if level == 1 else spec
    elif node.kind in ("neg", "pos"):
        text = ("-" if node.kind == "neg" else "+") + _render(node.children[0], level)
    elif node.kind == "paren":
        text = "(" + _render(node.children[0], level) + ")"
    elif node.kind == "set":
        elements = []
        for child in node.children:
            shown = _render(child, level)
            # a dropped element is struck through as a whole (markdown cannot nest the marks)
            elements.append(shown if child.kept else f"~~{shown.replace('~~', '')}~~")
        text = f"({', '.join(elements)}{',' if len(elements) == 1 else ''}){node.mods}"
    else:
        text = _render(node.children[0], level) + _OP_TEXT[node.kind] + _render(node.children[1], level)
    return f"{text} *{_escape(node.tag)}*" if node.tag and level < 2 else text


def _escape(text: str) -> str:
    return "".join("\\" + c if c in "*_~`|\\" else c for c in text)


def _render_roll(r: Roll, level: int, locale: str | None) -> str:
    line = f"{_render(r.node, level)} = **{r.total}**"
    if r.compare:
        op, target = r.compare
        shown = _render(target, level)
        if target.kind != "num" or target.tag:
            shown += f" ({target.value})"
        verdict = t(locale, "dice.passed" if r.passed else "dice.failed")
        line += f" {_SHOWN_OP[op]} {shown} · {'✅' if r.passed else '❌'} **{verdict}**"
    notes = []
    natural = natural_extreme(r.node)
    if natural is not None:
        face, which = natural
        notes.append(t(locale, f"dice.natural_{which}", face=face))
    if r.part and r.part.botch:
        notes.append(t(locale, "dice.botches", count=sum(n.botches for n in r.node.walk() if n.spec)))
    subtotals = tag_subtotals(r.node) if r.part and r.part.tagged and level < 2 else None
    if subtotals:
        notes.append(listed(locale, (f"{_escape(tag) if tag else t(locale, 'dice.untagged')} {value}"
                                     for tag, value in subtotals.items())))
    return " · ".join([line] + notes)


def natural_extreme(node: Node) -> tuple[int, str] | None:
    """(face, "max" | "min") when the roll's total rests on one die that shows its highest
    or lowest face: a natural 20 or 1 on `1d20+5`, `2d20kh1` or `+d20`. Dice that count
    successes and dropped set elements do not count."""
    found: tuple[Die, DiceSpec] | None = None
    stack = [node]
    while stack:
        n = stack.pop()
        if not n.kept:
            continue
        if n.spec is not None and n.spec.target is None:
            for d in n.dice:
                if d.kept:
                    if found is not None:
                        return None
                    found = (d, n.spec)
        stack.extend(n.children)
    if found is None:
        return None
    die, spec = found
    if spec.fudge or spec.lo == spec.hi:
        return None
    if die.face == spec.hi:
        return die.face, "max"
    if die.face == spec.lo:
        return die.face, "min"
    return None


def tag_subtotals(node: Node) -> dict[str | None, int]:
    """What each tag adds to the total (`3d6 [fire] + 1d4 [cold] + 2`: fire, cold and the
    untagged rest, under the key None). Empty when there are no tags, or when a tagged
    term sits inside a product or a division, where its share of the total is not defined,
    or when one tag alone makes the total."""
    totals: dict[str | None, int] = {}

    def add(n: Node, sign: int) -> bool:
        if n.tag:
            totals[n.tag] = totals.get(n.tag, 0) + sign * n.value
            return True
        if n.kind in ("+", "-"):
            return add(n.children[0], sign) and add(n.children[1], -sign if n.kind == "-" else sign)
        if n.kind in ("neg", "pos", "paren"):
            return add(n.children[0], -sign if n.kind == "neg" else sign)
        if n.kind == "set":
            return all(add(c, sign) for c in n.children if c.kept)
        if any(c.tag for c in n.walk()):
            return False
        totals[None] = totals.get(None, 0) + sign * n.value
        return True

    if not add(node, 1) or len(totals) < 2:  # one tag alone is the total itself
        return {}
    return totals


def help_text(locale: str | None) -> str:
    return t(locale, "dice.help", max_input=MAX_INPUT_CHARS, max_dice=MAX_DICE, max_sides=MAX_SIDES,
             max_parts=MAX_PARTS, max_repeat=MAX_REPEAT, max_chain=MAX_EXPLOSION_CHAIN)
