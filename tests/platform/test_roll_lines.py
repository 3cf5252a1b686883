"""Every roll says what it was for and how it ended (issue 18, "Prompts and outcomes"): in
random games of every engine, in both languages, each `core.roll` event reads as its dice
plus the terms it names, equal to the total the rules used; a roll against a number (a hit,
an evasion, a d100 chance, a damage check) names its target and its result.

Before: fleet's hit rolls read "rolls to hit: 14 = **14**" (no target, no result) and 18 of
56 tank-game totals did not add up from the dice shown ("3, 6 = **17**": gun attack and
close range hidden)."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games.core.engine import Seat
from games.core.i18n import aside, t
from games.registry import get_engine, get_game

PLAYERS = {"ironfire": 2, "frontline": 2, "panzer": 2, "conflict": 3, "fleet": 2}
MUST_SEE = {"panzer": {"@panzer.roll.hit", "@panzer.roll.damage"}, "fleet": {"@fleet.roll.hit", "@fleet.roll.evade"},
            "ironfire": {"@ironfire.roll.damage", "@ironfire.roll.logistics"}}


def rolls(key: str, seeds=(0, 1, 2), steps=1500, options=None):
    """(state after the step, the step's events as (key, params), index of a roll) in random games."""
    engine = get_engine(key)
    for seed in seeds:
        rnd = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])],
                             engine.parse_options(options or {}), seed).state
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
            sign = -1 if params["what"] == "@ironfire.roll.heal" else 1  # negative damage (207.2) reads as healing
            if shown.dice != [sign * d for d in params["dice"]] or shown.total != sign * params["total"]:
                problems.append("dice or total differ from the roll")
            dice_sum = shown.scale[2] if shown.scale else sum(shown.dice)  # `× 1.5 (overcharge) → 10`
            if shown.scale and f"× {aside(loc, shown.scale[1], shown.scale[0])} → {shown.scale[2]}" not in line:
                problems.append("the line hides the scaling")
            # the dice and their terms (core's words; "+ 38 (基础)" -> "+ 38（基础）")
            if loc == "zh-CN" and re.search(r"\(\s*[\u4e00-\u9fff]", line.split(" = **")[0]):
                problems.append("an English bracket around Chinese words")
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


def test_ironfire_damage_and_healing_name_their_range_and_what_they_did():
    """Issue 18, newcomer playtest: "伤害：1 = **1**" said neither the range rolled nor what it
    decided, and healing read as a negative roll ("恢复：-2"). RULES.md: "Damage is uniform in
    the range plus the environment modifier; negative damage heals own cards up to the printed
    value." Each damage/healing line now names its range, its card and the outcome; healing
    reads as the points restored, never negative."""
    seen: Counter[str] = Counter()
    for state, events, i in rolls("ironfire", seeds=(0, 1, 2, 3)):
        key, params = events[i]
        if params["what"] not in ("@ironfire.roll.damage", "@ironfire.roll.heal"):
            continue
        heal = params["what"] == "@ironfire.roll.heal"
        lo, hi = sorted(abs(v) for v in (params["lo"], params["hi"]))
        after_key, after = events[i + 1]
        assert after_key == ("ironfire.healed" if heal else "ironfire.damaged" if after_key != "ironfire.destroyed"
                             else "ironfire.destroyed")
        for loc, range_text in (("en", f"({lo}–{hi})"), ("zh-CN", f"（{lo}–{hi}）")):
            text = get_game("ironfire").text
            lines = text.event_lines(state, events[i:i + 2], loc)
            line = lines[0]
            unit = text.event_params(state, after_key, after, loc)["unit"]
            assert len(lines) == 1, lines  # the outcome is folded into the roll's line
            assert range_text in line and unit in line, line
            assert not any(neg in line for neg in (": -", "：-", "**-")), line  # no negative roll or total
            if after_key == "ironfire.destroyed":
                assert ("destroyed" if loc == "en" else "被击毁") in line, line
            else:
                amount = str(after["amount"] if heal else after["dmg"])
                assert f"**{abs(params['total'])}**" in line and amount in line and str(after["cv"]) in line, line
        seen[after_key] += 1
    assert {"ironfire.damaged", "ironfire.destroyed", "ironfire.healed"} <= set(seen), seen


def test_panzer_hit_roll_names_each_modifier():
    """Issue 18, newcomer playtest: the hit roll showed its modifiers as one sum ("+ 1
    (modifiers)"). RULES: the fire mode's modifier (by nation), +1 per spotting counter on the
    target, the gunner's veterancy. With spotting and veterans on, every hit line names each
    modifier that applies with its value, and the named values add up to the roll's."""
    labels = {"en": {"spotted": "target spotted", "veteran": "veteran gunner"},
              "zh-CN": {"spotted": "目标被点亮", "veteran": "老练炮手"}}
    seen: Counter[str] = Counter()
    for state, events, i in rolls("panzer", seeds=(0, 1, 2, 3, 4, 5), steps=3000,
                                  options={"spotting": "1", "veteran": "on"}):
        params = events[i][1]
        if params["what"] != "@panzer.roll.hit":
            continue
        assert sum(params["mods"].values()) == params["mod"]
        mode = events[i + 1][1]["mode"][1:]
        for loc in ("en", "zh-CN"):
            line = get_game("panzer").text.event_lines(state, events[i:i + 2], loc)[0]
            assert aside(loc, "", t(loc, "panzer.term.modifiers")).strip() not in line, line
            for name, value in params["mods"].items():
                if value:
                    label = t(loc, mode) if name == "mode" else labels[loc][name]
                    sign = "−" if value < 0 else "+"
                    assert aside(loc, f"{sign} {abs(value)}", label) in line, line
            seen.update(name for name, value in params["mods"].items() if value)
    assert {"mode", "spotted", "veteran"} <= set(seen), seen
