"""The hexes a moving tank is shown to reach (the view's `reach`, green on the picture) are the
hexes its legal moves reach: one place for movement costs (`rules.turn_cost`, `step_points`,
`leaves_free_turn`, `step_cost`), read by the engine and by the search behind the display.

RULES.md 5: "前进后接着转 60°（轻型）turn right after a forward move, light | 0"; "前进后接着转
60°（中/重型）turn right after a forward move, medium/heavy | 1，若随后再前进则退还 (refunded if
another forward move follows)". The display once charged a light tank's turn after a forward
move 1 point where the engine charged 0, and showed a medium tank's refunded turn as paid.

Board 真理 (zhenli): column h is plain from h1 to h10."""
from __future__ import annotations

import random

from games.panzer import ENGINE
from games.panzer.models import copy_state
from tests.panzer.helpers import act, board, seats

MOVES = ("go", "turn")


def reached_by_moves(state) -> set[str]:
    """Every hex the mover stands on along any sequence of legal `go` and `turn` actions (a
    defensive-fire window is held; a drive the engine ends stops there), by exhaustive search."""
    names = ENGINE.gmap(state).names
    tid, start = state.mover.tank, ENGINE.tank(state, state.mover.tank).pos
    seen, out, todo = set(), set(), [state]
    while todo:
        node = todo.pop()
        t, m = ENGINE.tank(node, tid), node.mover
        key = (t.pos, t.hull, m.ap, m.reserve, m.free_turn, tuple(node.wrecks))
        if key in seen:
            continue
        seen.add(key)
        for action in ENGINE.legal_actions(node, node.seat):
            if action.kind not in MOVES:
                continue
            child = ENGINE.apply(copy_state(node), node.seat, action).state
            while child.phase == "react":  # the waiting side holds its fire
                child = ENGINE.apply(child, child.seat, ENGINE.parse_action("hold")).state
            t2 = ENGINE.tank(child, tid)
            if not t2.alive:
                continue
            out.add(names[t2.pos])
            if child.phase in ("moving", "dash") and child.mover is not None:
                todo.append(child)
    return out - {names[start]}


def shown(state) -> set[str]:
    return set(ENGINE.view(state, None)["reach"])


def test_a_light_tank_turning_after_a_forward_move_pays_nothing_on_the_map_either():
    """A Pz IV D (light, move 3) at H8 facing N: forward to H7 (2 left), a free turn (2 left),
    forward (1 left), a free turn, forward (0 left): three hexes off its line, as the engine
    lets it drive. The display charged each turn 1 point and showed two."""
    state = board([("a1", "pz4d", "h8", "n"), ("b1", "m4", "a1", "s")], phase="move")
    act(state, "drive a1 0")
    assert shown(state) == reached_by_moves(state)
    act(state, "go a1 h7")
    act(state, "turn a1 ne")
    assert state.mover.ap == 2  # the turn was free
    ahead = [h for h in reached_by_moves(state)]
    assert shown(state) == set(ahead)
    # forward twice more, with a free turn between: a hex the old display (turns at 1) left out
    act(state, "go a1 i7")
    act(state, "turn a1 se")
    act(state, "go a1 j7")
    assert state.mover.ap == 0 and ENGINE.tank(state, "a1").pos == ENGINE.gmap(state).by_name["j7"]


def test_a_medium_tank_s_turn_after_a_forward_move_is_shown_refunded_by_the_next():
    """An M4 (medium, move 4) at H8 facing N, forward to H7 (3 left): a turn pays 1 and holds it
    back; the next forward move gives it back. What the map shows is what the moves reach."""
    state = board([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")], phase="move")
    act(state, "drive a1 0")
    act(state, "go a1 h7")
    act(state, "turn a1 ne")
    assert (state.mover.ap, state.mover.reserve) == (2, 1)
    assert shown(state) == reached_by_moves(state)


def test_random_playouts_show_exactly_the_hexes_legal_moves_reach():
    """Random games (seeds 0-5, random.Random(5); every second one with the hybrid drive): at
    moving and jump-shot steps, the hexes shown as reachable are those the legal moves reach, and
    no other."""
    rnd = random.Random(5)
    checked, kinds = 0, set()
    for seed in range(6):
        options = ENGINE.parse_options({"hybrid": "true"} if seed % 2 else {})
        state = ENGINE.setup(seats(), options, seed).state
        while ENGINE.outcome(state) is None:
            if state.phase in ("moving", "dash") and rnd.random() < 0.3:
                assert shown(state) == reached_by_moves(state), (seed, state.mover)
                t = ENGINE.tank(state, state.mover.tank)
                kinds.add((state.phase, ENGINE.gmap(state).names[t.pos] != "", state.mover.free_turn))
                checked += 1
            seat = rnd.choice(ENGINE.active_seats(state))
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert checked > 40 and {k[0] for k in kinds} == {"moving", "dash"} and {k[2] for k in kinds} == {True, False}
