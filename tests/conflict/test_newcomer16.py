"""Conflict at the console against two bots, zh-CN (session 16): what read wrong.

- A unit about to be destroyed: "步枪兵 即将被消灭：alice 可以协助撤退。" then "alice 不协助 步枪兵。",
  alice being its owner. RULES.md, 撤退 Retreat: the owner's emergency retreat ("紧急撤退") saves its
  own unit; "help" is what the others do. The owner's lines say so."""
from __future__ import annotations

import pytest

from tests.conflict.helpers import battle, give, play, public_lines


def _doomed(seed=3):
    """b's Riflemen at 0 durability after Attack against Self-destruct, b holding the means to save it."""
    def means(state, a, b, att, dfd):
        give(state, b, "retreat")
        state.players[b].res = 1
        state.players[(b + 1) % 3].res = 1  # the third player may help: asked after the owner

    state, a, b, att, rifle = battle("stormtrooper", "rifleman", seed, before=means)
    if state.pending.kind == "react":  # b may escape with its Retreat card: it lets the attack come
        play(state, b, "allow")
    play(state, a, "lay A")
    step = play(state, b, "lay S")
    assert state.pending is not None and state.pending.kind == "doom" and state.pending.seat == b
    return state, a, b, rifle, step


@pytest.mark.parametrize("loc, said", [
    ("en", "About to be destroyed: Riflemen. {b}, its owner, may save it with an emergency retreat (a Retreat card "
           "and a resource card)."),
    ("zh-CN", "步枪兵 即将被消灭：其主人 {b} 可以紧急撤退救下它（一张撤退卡和一张资源牌）。")])
def test_the_owner_is_asked_to_save_its_own_unit_not_to_help_it(loc, said):
    state, a, b, rifle, step = _doomed()
    assert state.pending.seat == b  # the owner is asked first
    assert said.format(b=state.players[b].name) in public_lines(state, step, loc), public_lines(state, step, loc)


@pytest.mark.parametrize("loc, own, other", [("en", "{b} does not save Riflemen, its own unit.", "{p} does not help"),
                                             ("zh-CN", "{b} 不救自己的步枪兵。", "{p} 不协助")])
def test_the_owner_passing_reads_as_not_saving_it(loc, own, other):
    state, a, b, rifle, _ = _doomed()
    step = play(state, b, "pass")
    lines = public_lines(state, step, loc)
    assert own.format(b=state.players[b].name) in lines, lines
    helper = state.pending.seat  # the next one asked is not the owner: it helps, or does not
    assert state.pending.kind == "doom" and helper == (b + 1) % 3
    lines = public_lines(state, play(state, helper, "pass"), loc)
    assert any(line.startswith(other.format(p=state.players[helper].name)) for line in lines), lines
