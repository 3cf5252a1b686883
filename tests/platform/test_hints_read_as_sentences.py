"""A hint reads as a sentence with the menu's verb (issue 18, fourth newcomer playtest: the hint
"URA-00 Vampire (prototype) #1: Shock claw → URA-01A Sword (prototype) #2" had no verb while the
menu grouped it under a word of its own; the tank game's shots read "Advance fire Jagdpanzer IV
#15 → Hetzer #8 · APFSDS"). Over the seeded hints of every game, in both languages: the label
holds its menu group's word and says what happens in words, never with an arrow between a
shooter and its target."""
import random

import pytest

from games.registry import get_game
from tests.bot_games import bot_steps


@pytest.mark.parametrize("key", ["fleet", "conflict", "ironfire", "panzer", "frontline"])
def test_seeded_hints_hold_the_menu_verb_and_no_arrow(key):
    game = get_game(key)
    engine = game.engine
    bad, kinds = [], set()
    for seed in (1, 2):
        for n, step in enumerate(bot_steps(engine, game, seed, limit=600)):
            state = step.state
            if engine.outcome(state) is not None:
                break
            for seat in engine.active_seats(state):
                hint = game.bot_action(state, seat, random.Random(seed * 10_000 + n))  # what /game hint shows
                kinds.add(hint.kind)
                for loc in ("en", "zh-CN"):
                    verb = game.text.token_names(state, seat, loc).get(hint.kind, hint.kind)
                    label = game.text.describe_action(state, seat, hint, loc)
                    if verb.lower() not in label.lower() or "→" in label:
                        bad.append(f"{hint.code()} [{verb}]: {label}")
    assert len(kinds) >= 4, kinds
    assert not bad, "\n".join(sorted(set(bad))[:20])
