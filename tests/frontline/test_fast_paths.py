"""The shortcuts the frontline engine takes for speed give the same answers as the long
way: actions are parsed with only the model their first word names, and legal actions are
reused frozen values equal to freshly built ones."""
from __future__ import annotations

import random

from games.core import RuleError, Seat
from games.core.engine import decode_action
from games.frontline import ENGINE
from games.frontline.state import ACTIONS


def _codes(games: int = 2) -> set[str]:
    codes = set()
    for seed in range(games):
        chooser = random.Random(seed)
        st = ENGINE.setup([Seat(index=0, name="a"), Seat(index=1, name="b")], ENGINE.parse_options({}), 40 + seed).state
        while ENGINE.outcome(st) is None:
            seat = chooser.choice(ENGINE.active_seats(st))
            legal = ENGINE.legal_actions(st, seat)
            for a in legal:
                codes.add(a.code())
                # a reused action equals one built from its fields
                fresh = type(a)(**a.model_dump())
                assert fresh == a and fresh.code() == a.code()
            st = ENGINE.apply(st, seat, chooser.choice(legal)).state
    return codes


def _outcome(parse, code: str):
    try:
        return parse(code)
    except RuleError as exc:
        return (exc.key, exc.params)


def test_parse_action_agrees_with_the_core_decoder():
    codes = _codes()
    assert {c.split()[0] for c in codes} >= {"deck", "swap", "keep", "deploy", "end"}
    codes |= {"", "  ", "nonsense", "deploy", "deploy c1", "deploy c1 -", "deploy c1 u2 extra", "attack u1",
              "attack u1 hq", "end now", "  end  ", "deck blitz"}
    for code in codes:
        assert _outcome(ENGINE.parse_action, code) == _outcome(lambda c: decode_action(ACTIONS, c), code), code
