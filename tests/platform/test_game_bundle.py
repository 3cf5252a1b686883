"""Each game is a bundle (issue 20): rules in its engine, text, picture and bot wired beside
it in the package's `__init__.py`; the registry gives the bundle or the rules alone."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.core.game import Game, Text, no_picture, random_bot
from games.registry import GAME_MODULES, get_engine, get_game, register
from tests.platform.tally import TallyEngine


@pytest.mark.parametrize("key", list(GAME_MODULES))
def test_every_shipped_game_wires_its_own_faces(key):
    game = get_game(key)
    assert get_engine(key) is game.engine and game.key == key
    # a misnamed function in a text module would silently fall back to the plain default
    assert type(game.text).describe_action is Text.describe_action  # the module's function shadows it
    assert "describe_action" in vars(game.text) and "token_names" in vars(game.text) and "summary" in vars(game.text)
    assert game.render is not no_picture and game.bot is not random_bot


def test_a_bare_engine_gets_the_plain_faces():
    class Counter(TallyEngine):
        key = "counter"

    register(Counter())
    game = get_game("counter")
    engine = game.engine
    state = engine.setup([Seat(index=0, name="a")], engine.parse_options({}), 3).state
    action = engine.legal_actions(state, 0)[0]
    assert game.text.describe_action(state, 0, action, "en") == action.code()
    assert game.text.summary({"n": 1}, "en") == '{"n": 1}'
    assert game.render({}, "en") is None
    assert game.bot_action(state, 0, random.Random(1)) in engine.legal_actions(state, 0)


def test_a_text_module_is_bound_to_the_engine():
    import types

    module = types.ModuleType("faces")
    module.describe = lambda engine, state, seat, action, locale: f"{engine.key}:{seat}:{locale}"
    module.summary = lambda view, locale: f"board {locale}"
    game = Game(TallyEngine(), text=module)
    assert game.text.describe_action(None, 1, None, "en") == "tally:1:en"
    assert game.text.summary({}, "zh-CN") == "board zh-CN"
    assert game.text.prompt(None, 0, "en") is None  # not given: the default
