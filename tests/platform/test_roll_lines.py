"""Every roll says what it was for and how it ended (issue 18, "Prompts and outcomes"): in
random games of every engine, in both languages, each `core.roll` event reads as its dice
plus the terms it names, equal to the total the rules used; a roll against a number (a hit,
an evasion, a d100 chance, a damage check) names its target and its result.

Before: fleet's hit rolls read "rolls to hit: 14 = **14**" (no target, no result) and 18 of
56 tank-game totals did not add up from the dice shown ("3, 6 = **17**": gun attack and
close range hidden)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.engine import Seat
from games.registry import get_engine, get_game

PLAYERS = {"ironfire": 2, "frontline": 2, "panzer": 2, "conflict": 3, "fleet": 2}
MUST_SEE = {"panzer": {"@panzer.roll.hit", "@panzer.roll.damage"}, "fleet": {"@fleet.roll.hit", "@fleet.roll.evade"},
            "ironfire": {"@ironfire.roll.damage", "@ironfire.roll.logistics"}}


def rolls(key: str, seeds=(0, 1, 2), steps=1500):
    """(state after the step, the step's events as (key, params), index of a roll) in random games."""
    engine = get_engine(key)
    for seed in seeds:
        rnd = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])], engine.parse_options({}),
                             seed).state
        for _ in range(steps):
            if engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            step = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
            state = step.state
            events = [(e.key, e.params) for e in step.events]
            for i, (k, _) in enumerate(events):
                if k == "core.roll":
                    yield state, events, i


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_every_roll_adds_up_and_says_how_it_ended(key):
    engine = get_engine(key)
    seen: Counter[str] = Counter()
    wrong: list[str] = []
    for state, events, i in rolls(key):
        params = events[i][1]
        seen[params["what"]] += 1
        for loc in ("en", "zh-CN"):
            shown = get_game(key).text.explain_roll(state, params, events[i + 1:], loc)
            line = get_game(key).text.event_lines(state, events[i:], loc)[0]
            problems = []
            if shown.dice != list(params["dice"]) or shown.total != params["total"]:
                problems.append("dice or total differ from the roll")
            dice_sum = shown.scale[2] if shown.scale else sum(shown.dice)  # `× 1.5 (overcharge) → 10`
            if shown.scale and f"× {shown.scale[1]} ({shown.scale[0]}) → {shown.scale[2]}" not in line:
                problems.append("the line hides the scaling")
            if dice_sum + sum(v for _, v in shown.terms) != shown.total:
                problems.append("the dice and terms do not add up to the total")
            if f"**{shown.total}**" not in line or any(label not in line or str(abs(v)) not in line
                                                        for label, v in shown.terms):
                problems.append("the line hides a term or the total")
            if ("need" in params or "target" in params) and not (shown.target and shown.result):
                problems.append("no target or result")
            if (shown.target and shown.target not in line) or (shown.result and shown.result not in line):
                problems.append("the line hides the target or result")
            if problems:
                wrong.append(f"{params['what']} {params}: {line!r}: {', '.join(problems)}")
    assert not wrong, f"{len(wrong)} rolls read wrong, e.g.\n" + "\n".join(wrong[:10])
    assert MUST_SEE.get(key, set()) <= set(seen), seen
    assert sum(seen.values()) > 0
