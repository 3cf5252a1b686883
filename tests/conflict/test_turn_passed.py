"""Phases ended in a row with nothing between read as one line (issue 18: an empty bot turn
posted three lines, "ends development", "ends the battle phase", "ends the turn"). RULES.md,
Turn: "发展 → 战事 → 战后发展": a player may end each phase without a move. Every step that
did something keeps its own line."""
from __future__ import annotations

import pytest

from games.conflict import GAME
from tests.conflict.helpers import bare, give, play, to_develop

LOCALES = ("en", "zh-CN")


def _lines(state, steps, loc):
    """The lines of one post holding these steps' public events (the host posts a bot's moves
    after a person's move together)."""
    return GAME.text.event_lines(state, [(e.key, e.params) for s in steps for e in s.events if e.to is None], loc)


def _post_phase(seed=3):
    state, a, b = bare(seed, 3, to_develop)
    state.phase = "post"
    return state, a, b


@pytest.mark.parametrize("loc, said", [("en", "{b} passes the turn: no move and no attack."),
                                       ("zh-CN", "{b} 跳过本回合：不行动，不进攻。")])
def test_an_empty_turn_reads_as_one_line(loc, said):
    state, a, b = _post_phase()
    steps = [play(state, a, "next")]  # a ends its turn: b's begins (its line, its draw)
    steps += [play(state, b, "next") for _ in range(3)]
    lines = _lines(state, steps, loc)
    name = state.players[b].name
    mine = [line for line in lines if name in line]
    assert mine[-1] == said.format(b=name), lines
    assert len(mine) == 3, lines  # b's turn, b's draw, b passes: none of the three phase lines is left


@pytest.mark.parametrize("loc, said", [("en", "{b} ends development and the turn, with no attack."),
                                       ("zh-CN", "{b} 结束发展阶段，本回合不进攻，结束回合。")])
def test_a_turn_with_a_move_keeps_its_line_and_says_the_rest_in_one(loc, said):
    state, a, b = _post_phase()
    steps = [play(state, a, "next")]
    state.players[b].res = 5
    cid = give(state, b, "rifleman")
    steps.append(play(state, b, f"deploy {cid} {state.players[b].capital} up"))
    steps += [play(state, b, "next") for _ in range(3)]
    lines = [line for line in _lines(state, steps, loc) if state.players[b].name in line]
    name = state.players[b].name
    assert lines[-1] == said.format(b=name), lines
    deployed = {"en": "Riflemen", "zh-CN": "步枪兵"}[loc]
    assert any(deployed in line for line in lines[:-1]), lines  # the deploy's own line


@pytest.mark.parametrize("loc, said", [("en", ["{a} ends development: battle phase."]),
                                       ("zh-CN", ["{a} 结束发展阶段，进入战事阶段。"])])
def test_a_phase_ended_alone_reads_as_before(loc, said):
    """A person's click ends one phase in a post of its own: its line is unchanged."""
    state, a, b = bare(3, 3, to_develop)
    step = play(state, a, "next")
    assert _lines(state, [step], loc) == [line.format(a=state.players[a].name) for line in said]


@pytest.mark.parametrize("loc, said", [("en", "{a} ends the battle phase and the turn."),
                                       ("zh-CN", "{a} 结束战事阶段并结束回合。")])
def test_battle_and_turn_ended_in_a_row(loc, said):
    state, a, b = bare(3, 3, to_develop)
    state.phase = "battle"
    steps = [play(state, a, "next"), play(state, a, "next")]
    lines = _lines(state, steps, loc)
    assert lines[0] == said.format(a=state.players[a].name), lines
    assert len(lines) > 1  # the next turn's lines follow
