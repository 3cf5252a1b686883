"""Copies in a menu are told apart by one rule (session 17, fold D1): `names.distinct` (lone
actions) and `names.distinct_groups` (a step's groups) share `names._told_apart`, which reads the
first language's labels and the others only for a tie, the menus' hot path. Whatever it saves,
it must keep what the plain rule keeps: an item is dropped only when an earlier kept one reads the
same in every language. Checked on the top menu and every option's next step of seeded random
states of all five games."""
from __future__ import annotations

import random

import pytest

from bot.host import names
from games.core.engine import Seat
from games.registry import get_game

PLAYERS = {"conflict": 3, "fleet": 2, "frontline": 2, "ironfire": 2, "panzer": 2}


def plain_distinct(text, state, seat, actions):
    kept, seen = [], set()
    for action in actions:
        labels = tuple(text.describe_action(state, seat, action, loc) for loc in names.LOCALES)
        if labels not in seen:
            seen.add(labels)
            kept.append(action)
    return kept


def plain_groups(text, state, seat, groups):
    """A group is a copy of an earlier kept one with the same labels, in every language, as a set."""
    kept, seen = {}, set()
    for token, actions in groups.items():
        labels = tuple(sorted(tuple(text.describe_action(state, seat, a, loc) for loc in names.LOCALES)
                              for a in actions))
        if len(actions) > 1 and labels in seen:
            continue
        seen.add(labels)
        kept[token] = actions
    return kept


def states(key, seeds=range(4), steps=(12, 40, 90)):
    game = get_game(key)
    engine = game.engine
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i}", is_bot=True) for i in range(PLAYERS[key])],
                             engine.parse_options(None), seed).state
        for n in range(max(steps) + 1):
            if engine.outcome(state) is not None:
                break
            if n in steps:
                yield state, engine.active_seats(state)[0]
            seat = rng.choice(engine.active_seats(state))
            action = game.bot_action(state, seat, rng) if n % 3 else rng.choice(engine.legal_actions(state, seat))
            state = engine.apply(engine.load_state(engine.dump_state(state)), seat, action).state


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_copies_are_dropped_exactly_as_the_plain_rule_drops_them(key):
    text = get_game(key).text
    checked = 0
    for state, seat in states(key):
        legal = get_game(key).engine.legal_actions(state, seat)
        labels = names.Labels(text)
        assert names.distinct(labels, state, seat, legal) == plain_distinct(text, state, seat, legal)
        matching = [(text.menu_steps(state, seat, a), a) for a in legal]
        for prefix in [[]] + [[token] for token in dict.fromkeys(steps[0] for steps, _ in matching)]:
            groups: dict[str, list] = {}
            for tokens, action in matching:
                if len(tokens) > len(prefix) and tokens[:len(prefix)] == prefix:
                    groups.setdefault(tokens[len(prefix)], []).append(action)
            want = plain_groups(text, state, seat, groups)
            assert names.distinct_groups(names.Labels(text), state, seat, groups) == want, prefix
            lone = [acts[0] for acts in want.values() if len(acts) == 1]
            shown = names.menu_choices(names.Labels(text), state, seat, matching, prefix)
            kept = {id(a) for a in plain_distinct(text, state, seat, lone)}
            assert shown == {t: acts for t, acts in want.items() if len(acts) > 1 or id(acts[0]) in kept}
            checked += 1
    assert checked >= 12, checked
