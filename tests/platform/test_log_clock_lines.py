"""`/game log` credits (issue 18, table12a): a step's first line that names nobody is the
mover's when it is about a thing of theirs ("bob: Type 95 #11 moves E2 → E1"), but not when
it is the game's clock: conflict's "The round limit (30) is reached." came out as
"#953 P2: The round limit (30) is reached.", as if P2 had reached it. Such a step is headed
"P2 acted." with the clock's line under it, in both languages."""
from __future__ import annotations

import random

import pytest

from bot.host.core import log_credit
from games.core.engine import Seat
from games.core.i18n import t
from games.registry import get_engine, get_game


def first_step(key: str, players: int, seed: int, event: str):
    """The first step of a seeded game (the heuristic's moves, seats by `random.Random(seed)`)
    with the public event `event`: (the mover's name, the state after, its public events from
    `event` on)."""
    engine, game = get_engine(key), get_game(key)
    rnd = random.Random(seed)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(players)], engine.parse_options({}), seed).state
    for _ in range(1500):
        seat = rnd.choice(sorted(engine.active_seats(state)))
        step = engine.apply(state, seat, game.bot_action(state, seat, rnd))
        state = step.state
        public = [(e.key, e.params) for e in step.events if e.to is None]
        keys = [key for key, _ in public]
        if event in keys:
            return f"P{seat}", state, public[keys.index(event):]
    raise AssertionError(f"no {event} in 1500 steps")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_round_limit_is_not_the_movers(locale):
    who, state, public = first_step("conflict", 3, 1, "conflict.ev.cap")
    lines = get_game("conflict").text.event_lines(state, public, locale)
    head, rest = log_credit(locale, who, {"P0", "P1", "P2"}, public[0], lines)
    assert head == t(locale, "host.log_after", who=who) and rest == lines
    assert t(locale, "conflict.ev.cap", rounds=30) in rest[0]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_a_turn_end_before_the_round_limit_heads_the_step(locale):
    """Since session 14 the step that reaches the limit first says the mover ended their turn
    (conflict.ev.next_turn): that line is the mover's and heads the step, the clock's under it."""
    engine, game = get_engine("conflict"), get_game("conflict")
    rnd = random.Random(1)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(3)], engine.parse_options({}), 1).state
    while True:
        seat = rnd.choice(sorted(engine.active_seats(state)))
        step = engine.apply(state, seat, game.bot_action(state, seat, rnd))
        state = step.state
        public = [(e.key, e.params) for e in step.events if e.to is None]
        if any(key == "conflict.ev.cap" for key, _ in public):
            break
    lines = game.text.event_lines(state, public, locale)
    head, rest = log_credit(locale, f"P{seat}", {"P0", "P1", "P2"}, public[0], lines)
    # the mover's own line heads the step: their turn's end, or since cf17 the hand-limit
    # discard of the whole excess that ends it
    assert public[0][0] in ("conflict.ev.next_turn", "conflict.ev.discard"), public
    assert head == lines[0] and head.startswith(f"P{seat}"), head
    assert any(t(locale, "conflict.ev.cap", rounds=30) in line for line in rest), rest


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_a_tanks_move_naming_nobody_is_still_the_movers(locale):
    who, state, public = first_step("panzer", 2, 1, "panzer.ev.step")
    lines = get_game("panzer").text.event_lines(state, public, locale)
    head, rest = log_credit(locale, who, {"P0", "P1"}, public[0], lines)
    assert head == f"{who}: {lines[0]}" and rest == lines[1:]
