"""Panzer: what a seat cannot see is drawn again consistently (issue 17, section 2)."""
from __future__ import annotations

import random

from games.panzer import ENGINE
from games.panzer.determinize import loadout_ok
from tests.panzer.helpers import act, board, give_ammo, load, seats


def _kinds(state, tid: str) -> list[str]:
    return sorted(m.kind for m in ENGINE.tank(state, tid).ammo)


def test_rule_4_hidden_rounds_are_redrawn_within_the_loading_rules_with_the_fired_ones():
    """Rule 4: "至多 3 枚；至少 2 枚时须含两种以上；每队至多 1 枚尾翼脱壳稳定弹". Bob fired his APFSDS
    in public; his two unfired rounds, on two tanks, may be any kinds that make a legal
    loadout with it (never a second APFSDS), each tank keeping its count."""
    s = board([("a1", "m4", "h8", "n"), ("b1", "tiger", "h4", "s"), ("b2", "m4", "a1", "s")], seat=1)
    give_ammo(s, "b1", "apfsds", "hesh")
    give_ammo(s, "b2", "hesh")
    load(s, [6, 6, 1, 1])
    act(s, "precise b1 a1 1 apfsds", seat=1)
    assert s.ammo_spent == [[], ["apfsds"]]
    seen = ENGINE.view(s, 0)
    drawn = set()
    for i in range(60):
        other = ENGINE.determinize(s, 0, random.Random(i))
        assert ENGINE.view(other, 0) == seen
        b1, b2 = _kinds(other, "b1"), _kinds(other, "b2")
        assert len(b1) == len(b2) == 1 and "apfsds" not in b1 + b2
        drawn.add((b1[0], b2[0]))
    assert drawn == {("hesh", "hesh"), ("hesh", "overcharge"), ("overcharge", "hesh"), ("overcharge", "overcharge")}
    assert _kinds(s, "b1") == ["hesh"] and _kinds(s, "b2") == ["hesh"]  # the real state is untouched


def test_rule_4_loading_rules_as_the_determinization_reads_them():
    assert loadout_ok(["apfsds", "hesh", "hesh"], complete=True)
    assert not loadout_ok(["apfsds", "apfsds"], complete=False)
    assert not loadout_ok(["hesh", "hesh", "hesh"], complete=False)
    assert loadout_ok(["hesh", "hesh"], complete=False)  # while loading, a second kind may still come
    assert not loadout_ok(["hesh", "hesh"], complete=True)
    assert not loadout_ok(["hesh", "overcharge", "apfsds", "hesh"], complete=True)


def test_a_seat_keeps_its_own_rounds_and_a_secret_army_is_redrawn():
    """opening=armies: "双方秘密提交整支部队 ... 都提交后同时公开". Anna's own choice stays; Bob's, not
    yet shown, is drawn again among the ready-made armies."""
    s = ENGINE.setup(seats(), ENGINE.parse_options({"opening": "armies"}), 5).state
    mine = ENGINE.legal_actions(s, 0)[0].loadout
    act(s, f"army {mine}", seat=0)
    seen = ENGINE.view(s, 1)
    armies = set()
    for i in range(40):
        other = ENGINE.determinize(s, 1, random.Random(i))
        assert ENGINE.view(other, 1) == seen
        armies.add(other.pending_army[0])
        assert ENGINE.determinize(s, 0, random.Random(i)).pending_army[0] == s.pending_army[0]
    assert len(armies) > 1
