"""A reaction DM whose only choice is to pass says why the player is asked and that passing is
all they can do (issue 18, fourth newcomer playtest: five DMs in one fleet game offering only
"1. 不响应 / 跳过"). The windows open as the table sees it (issue 17: one that opened only for a
card in hand would tell everyone the card is there), so the words change, not the windows; an
answer made for the player after a delay would tell by its timing."""
import pytest

from games.registry import get_game
from tests.bot_games import bot_steps

ASKED = {"en": "You are asked whenever you might hold an answer", "zh-CN": "就会询问你"}


@pytest.mark.parametrize("key", ["fleet", "conflict", "ironfire", "panzer", "frontline"])
def test_a_prompt_with_one_choice_names_it_and_says_why_it_is_asked(key):
    game = get_game(key)
    engine = game.engine
    only = 0
    for seed in (1, 2):
        for step in bot_steps(engine, game, seed, limit=1500):
            state = step.state
            for seat in engine.active_seats(state):
                if engine.outcome(state) is not None or game.text.prompt(state, seat, "en") is None:
                    continue
                legal = engine.legal_actions(state, seat)
                if len(legal) != 1:
                    continue
                only += 1
                for loc, asked in ASKED.items():
                    text = game.text.prompt(state, seat, loc)
                    choice = game.text.describe_action(state, seat, legal[0], loc)
                    assert f"“{choice}”" in text and asked in text, text
    if key == "conflict":  # windows open as the table sees it (fleet's too, but a fleet window with pass
        assert only, "no window with one choice was seen"  # alone is said in the channel, no DM: tests/fleet/test_hidden.py)
