"""Dice notation for players' /roll commands: a parser and an evaluator, no I/O.

`parse(text)` checks an expression (syntax and every static limit) without rolling;
`roll(text, rng)` rolls it with any generator that has `randint(lo, hi)` (GameRng or
random.Random), so a seeded generator gives exact, testable results. The syntax is
documented for users in `dice_locale/*.toml` (key `dice.help`).

Modifiers on a dice group apply in one fixed order, whatever order they are written in:
rerolls, then explosions, then keep/drop, then success counting. Every die rolled
(rerolls and explosions included) counts against MAX_DICE for the whole command, and
the parse cost is bounded by MAX_INPUT_CHARS, so no input can make us work for long.
"""
from __future__ import annotations

import functools
import operator
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from games.core.errors import RuleError
from games.core.i18n import register_catalog, t

register_catalog(Path(__file__).parent / "dice_locale")

# Limits. Each has its own error key (`dice.<name>`), shown in the user's language.
MAX_INPUT_CHARS = 200  # dice.too_long
MAX_PARTS = 4  # rolls separated by ";"  -> dice.too_many_parts
MAX_REPEAT = 20  # "6 4d6kh3" rolls a set 6 times  -> dice.bad_repeat
MAX_TERMS = 50  # numbers plus dice groups in the whole input  -> dice.too_many_terms
MAX_DEPTH = 20  # nesting of parentheses and signs  -> dice.too_deep
MAX_NUMBER = 1_000_000  # a literal number  -> dice.number_too_big
MAX_DICE = 1000  # dice rolled by one command, rerolls and explosions included  -> dice.too_many_dice
MAX_SIDES = 1000  # -> dice.bad_sides
MAX_EXPLOSION_CHAIN = 20  # one die explodes at most this often in a row, then stops (a note says so)
MAX_OUTPUT_CHARS = 1700  # rendered rolls; leaves room for a header and label in 2000  -> dice.output_too_long

GRAMMAR = r"""
start: part (";" part)*
part: REPEAT? sum

?sum: product
    | sum PLUS product    -> binop
    | sum MINUS product   -> binop
?product: unary
    | product STAR unary  -> binop
    | product SLASH unary -> binop
?unary: atom
    | MINUS unary -> neg
    | PLUS unary  -> pos
?atom: INT             -> number
     | dice
     | "(" sum ")"     -> paren

dice: DICE modifier*
modifier: SIMPLE_MOD INT?
        | CMP_MOD CMP? INT
        | CMP INT

// "6 4d6": a repeat count is a number followed by a space and then a roll.
REPEAT.2: /\d+(?=\s+[\d(d])/
DICE: /\d*d(\d+|%|f)/
INT: /\d+/
PLUS: "+"
MINUS: "-"
STAR: "*"
SLASH: "/"
SIMPLE_MOD: /kh|kl|k|dh|dl|d|e|!|t/
CMP_MOD: /ro|r|f/
CMP: />=|<=|=|>|</
%ignore /\s+/
"""

_PARSER = Lark(GRAMMAR, parser="lalr", lexer="contextual")

# Characters a Chinese input method or a phone keyboard produces for the same symbols.
_SYMBOLS = str.maketrans({"×": "*", "÷": "/", "–": "-", "−": "-", "—": "-"})


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
}


@dataclass(frozen=True)
class Compare:
    op: str
    value: int

    def __call__(self, x: int) -> bool:
        return _COMPARE[self.op](x, self.value)


@dataclass(frozen=True)
class DiceSpec:
    spec: str  # as written, normalized: "4d6kh3"
    count: int
    lo: int
    hi: int
    fudge: bool = False
    reroll: Compare | None = None
    reroll_once: bool = False
    explode: Compare | None = None
    select: tuple[str, int] | None = None  # ("kh" | "kl" | "dh" | "dl", n)
    target: Compare | None = None
    fail: Compare | None = None


@dataclass(frozen=True)
class Expr:
    kind: str  # "num", "dice", "+", "-", "*", "/", "neg", "paren"
    children: tuple["Expr", ...] = ()
    value: int = 0  # for "num"
    dice: DiceSpec | None = None  # for "dice"


@dataclass(frozen=True)
class Part:
    repeat: int
    expr: Expr
    source: str  # normalized text of the expression, without the repeat count


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
    try:
        tree = _PARSER.parse(text)
    except UnexpectedEOF:
        raise DiceError("dice.syntax_end") from None
    except (UnexpectedCharacters, UnexpectedToken) as exc:
        pos = max(int(getattr(exc, "column", 1) or 1), 1)
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
            raise DiceError("dice.syntax_end") from None
        raise DiceError("dice.syntax", pos=pos, near=text[pos - 1 : pos + 9]) from None
    except LarkError:
        raise DiceError("dice.syntax", pos=1, near=text[:10]) from None

    parts = tree.children
    if len(parts) > MAX_PARTS:
        raise DiceError("dice.too_many_parts", limit=MAX_PARTS)
    terms = sum(1 for sub in tree.iter_subtrees() if sub.data in ("number", "dice"))
    if terms > MAX_TERMS:
        raise DiceError("dice.too_many_terms", limit=MAX_TERMS)
    _check_depth(tree)

    built = []
    static_dice = 0
    for part in parts:
        repeat = 1
        if len(part.children) == 2:
            repeat = int(part.children[0])
            if not 1 <= repeat <= MAX_REPEAT:
                raise DiceError("dice.bad_repeat", limit=MAX_REPEAT)
        expr = _build(part.children[-1])
        static_dice += repeat * _count_dice(expr)
        built.append(Part(repeat=repeat, expr=expr, source=_source(expr)))
    if static_dice > MAX_DICE:
        raise DiceError("dice.too_many_dice", limit=MAX_DICE)
    return Program(parts=tuple(built), static_dice=static_dice)


def _check_depth(tree: Tree) -> None:
    # Iterative, so a deep tree cannot exhaust the Python stack before we refuse it. Only
    # parentheses and signs count: a long sum is already bounded by MAX_TERMS.
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in ("paren", "neg", "pos"):
            depth += 1
            if depth > MAX_DEPTH:
                raise DiceError("dice.too_deep", limit=MAX_DEPTH)
        stack.extend((c, depth) for c in node.children if isinstance(c, Tree))


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
        return _build(node.children[1])
    if kind == "paren":
        return Expr("paren", (_build(node.children[0]),))
    if kind == "dice":
        return Expr("dice", dice=_build_dice(node))
    raise AssertionError(f"unknown node {kind}")  # the grammar has no other rule


def _build_dice(node: Tree) -> DiceSpec:
    head = str(node.children[0])
    count_text, _, die = head.partition("d")
    count = int(count_text) if count_text else 1
    if not 1 <= count <= MAX_DICE:
        raise DiceError("dice.bad_count", limit=MAX_DICE)
    fudge = die == "f"
    if fudge:
        lo, hi = -1, 1
    else:
        sides = 100 if die == "%" else int(die)
        if not 1 <= sides <= MAX_SIDES:
            raise DiceError("dice.bad_sides", limit=MAX_SIDES)
        lo, hi = 1, sides

    found: dict[str, Any] = {}
    text = head[:-1] + "F" if fudge else head  # shown as users write Fate dice: 4dF
    for mod in node.children[1:]:
        tokens = [str(tok) for tok in mod.children]
        text += "".join(tokens)
        name = tokens[0]
        if name in _COMPARE:  # ">=7": count successes
            slot, value = "target", Compare(name, int(tokens[1]))
        elif name in ("r", "ro", "f"):
            op = tokens[1] if len(tokens) == 3 else ("=" if name != "f" else "<=")
            slot = "fail" if name == "f" else "reroll"
            value = Compare(op, int(tokens[-1]))
            if name == "ro":
                found["reroll_once"] = True
        else:
            number = int(tokens[1]) if len(tokens) == 2 else None
            if name in ("e", "!"):
                slot, value = "explode", Compare(">=", hi if number is None else number)
            elif name == "t":
                if number is None:
                    raise DiceError("dice.missing_number", modifier=name)
                slot, value = "target", Compare(">=", number)
            else:  # keep or drop; "k" is keep highest and "d" drop lowest, as in Dice Maiden
                how = {"k": "kh", "d": "dl"}.get(name, name)
                slot, value = "select", (how, 1 if number is None else number)
        if slot in found:
            raise DiceError("dice.duplicate_modifier", spec=text)
        found[slot] = value

    spec = DiceSpec(spec=text, count=count, lo=lo, hi=hi, fudge=fudge, **found)
    faces = range(lo, hi + 1)
    if spec.explode and all(spec.explode(x) for x in faces):
        raise DiceError("dice.explode_all", spec=text)
    if spec.reroll and not spec.reroll_once and all(spec.reroll(x) for x in faces):
        raise DiceError("dice.reroll_all", spec=text)
    if spec.fail and not spec.target:
        raise DiceError("dice.fail_needs_target", spec=text)
    return spec


def _count_dice(expr: Expr) -> int:
    own = expr.dice.count if expr.dice else 0
    return own + sum(_count_dice(c) for c in expr.children)


_OP_TEXT = {"+": " + ", "-": " - ", "*": " × ", "/": " / "}


def _source(expr: Expr) -> str:
    if expr.kind == "num":
        return str(expr.value)
    if expr.kind == "dice":
        return expr.dice.spec
    if expr.kind == "neg":
        return "-" + _source(expr.children[0])
    if expr.kind == "paren":
        return "(" + _source(expr.children[0]) + ")"
    return _source(expr.children[0]) + _OP_TEXT[expr.kind] + _source(expr.children[1])


# ---------------------------------------------------------------- rolling


@dataclass
class Die:
    value: int
    kept: bool = True  # False: dropped by keep/drop, or replaced by a reroll
    rerolled: bool = False  # this value was rolled again
    exploded: bool = False  # this die exploded: the next die was added because of it
    success: int = 0  # +1 a success, -1 a failure (both can cancel out)

    def to_json(self) -> list:
        flags = "".join(
            c for c, on in (("x", not self.kept), ("r", self.rerolled), ("!", self.exploded)) if on
        )
        return [self.value, flags, self.success]


@dataclass
class Node:
    """An evaluated expression: what was rolled and what each piece came to."""

    kind: str
    value: int
    children: list["Node"] = field(default_factory=list)
    spec: DiceSpec | None = None
    dice: list[Die] = field(default_factory=list)
    capped: bool = False  # an explosion chain stopped at MAX_EXPLOSION_CHAIN

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "value": self.value}
        if self.spec:
            out["spec"] = self.spec.spec
            out["dice"] = [d.to_json() for d in self.dice]
        if self.children:
            out["children"] = [c.to_json() for c in self.children]
        return out


@dataclass
class Roll:
    source: str
    node: Node

    @property
    def total(self) -> int:
        return self.node.value


@dataclass
class RollResult:
    source: str  # the whole normalized expression
    parts: list[list[Roll]]  # one list per ";" part, one Roll per repeat
    dice_rolled: int
    notes: list[str] = field(default_factory=list)  # message keys

    @property
    def totals(self) -> list[int]:
        return [r.total for part in self.parts for r in part]

    def to_json(self) -> dict:
        return {
            "expression": self.source,
            "totals": self.totals,
            "dice_rolled": self.dice_rolled,
            "notes": self.notes,
            "parts": [[{"source": r.source, "total": r.total, "tree": r.node.to_json()} for r in part] for part in self.parts],
        }

    def render(self, locale: str | None, limit: int = MAX_OUTPUT_CHARS) -> str:
        """Markdown lines, every die shown; simplified step by step when too long."""
        for level in range(3):
            lines = [t(locale, f"dice.note.{n}", limit=MAX_EXPLOSION_CHAIN) for n in self.notes]
            if level:
                lines.append(t(locale, "dice.note.simplified"))
            for part in self.parts:
                lines += [f"{_render(r.node, level)} = **{r.total}**" for r in part]
            text = "\n".join(lines)
            if len(text) <= limit:
                return text
        raise DiceError("dice.output_too_long", limit=limit)


class _Budget:
    def __init__(self, rng: Rng):
        self.rng = rng
        self.used = 0

    def roll(self, lo: int, hi: int) -> int:
        self.used += 1
        if self.used > MAX_DICE:
            raise DiceError("dice.too_many_dice", limit=MAX_DICE)
        return self.rng.randint(lo, hi)


def roll(text: str, rng: Rng) -> RollResult:
    """Parse and roll. Raises DiceError for a bad expression or a limit reached."""
    program = parse(text)
    budget = _Budget(rng)
    parts = [[Roll(p.source, _evaluate(p.expr, budget)) for _ in range(p.repeat)] for p in program.parts]
    notes = []
    if any(_any_capped(r.node) for part in parts for r in part):
        notes.append("explosion_capped")
    return RollResult(source=program.source, parts=parts, dice_rolled=budget.used, notes=notes)


def _any_capped(node: Node) -> bool:
    return node.capped or any(_any_capped(c) for c in node.children)


def _evaluate(expr: Expr, budget: _Budget) -> Node:
    if expr.kind == "num":
        return Node("num", expr.value)
    if expr.kind == "dice":
        return _roll_dice(expr.dice, budget)
    children = [_evaluate(c, budget) for c in expr.children]
    if expr.kind == "neg":
        return Node("neg", -children[0].value, children)
    if expr.kind == "paren":
        return Node("paren", children[0].value, children)
    a, b = children[0].value, children[1].value
    if expr.kind == "/":
        if b == 0:
            raise DiceError("dice.divide_by_zero")
        value = a // b  # integer division rounds down (toward minus infinity)
    else:
        value = {"+": operator.add, "-": operator.sub, "*": operator.mul}[expr.kind](a, b)
    return Node(expr.kind, value, children)


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
                capped = True
                break
            die.exploded = True
            die = Die(budget.roll(spec.lo, spec.hi))
            dice.append(die)
            chain += 1

    live = [d for d in dice if not d.rerolled]
    if spec.select:
        how, n = spec.select
        highest_first = sorted(range(len(live)), key=lambda i: (-live[i].value, i))
        lowest_first = sorted(range(len(live)), key=lambda i: (live[i].value, i))
        if how == "kh":
            keep = set(highest_first[:n])
        elif how == "kl":
            keep = set(lowest_first[:n])
        elif how == "dh":
            keep = set(highest_first[n:])
        else:  # "dl"
            keep = set(lowest_first[n:])
        for i, d in enumerate(live):
            d.kept = i in keep

    kept = [d for d in live if d.kept]
    if spec.target:
        for d in kept:
            d.success = int(spec.target(d.value)) - int(bool(spec.fail and spec.fail(d.value)))
        value = sum(d.success for d in kept)
    else:
        value = sum(d.value for d in kept)
    return Node("dice", value, spec=spec, dice=dice, capped=capped)


# ---------------------------------------------------------------- text

_FUDGE_FACES = {-1: "-", 0: "0", 1: "+"}


def _die_text(d: Die, fudge: bool) -> str:
    text = _FUDGE_FACES[d.value] if fudge else str(d.value)
    if d.exploded:
        text += "!"
    if not d.kept:
        return f"~~{text}~~"
    if d.success > 0:
        return f"**{text}**"
    if d.success < 0:
        return f"__{text}__"
    return text


def _render(node: Node, level: int) -> str:
    """level 0: every die; 1: each group's value; 2: the expression only."""
    if node.kind == "num":
        return str(node.value)
    if node.kind == "dice":
        spec = node.spec.spec
        if level == 0:
            return f"{spec} [{', '.join(_die_text(d, node.spec.fudge) for d in node.dice)}]"
        if level == 1:
            return f"{spec} ({node.value})"
        return spec
    if node.kind == "neg":
        return "-" + _render(node.children[0], level)
    if node.kind == "paren":
        return "(" + _render(node.children[0], level) + ")"
    return _render(node.children[0], level) + _OP_TEXT[node.kind] + _render(node.children[1], level)


def help_text(locale: str | None) -> str:
    return t(locale, "dice.help", max_input=MAX_INPUT_CHARS, max_dice=MAX_DICE, max_sides=MAX_SIDES,
             max_parts=MAX_PARTS, max_repeat=MAX_REPEAT, max_chain=MAX_EXPLOSION_CHAIN)
