"""A game's final scores say what they count (issue 18, fourth newcomer playtest: conflict's
"Scores: alice 7 · Bot 1 1." after the round cap, the territories held, under the host's bare
word; panzer's points for tanks destroyed likewise)."""
import pytest

from games.core.i18n import has, t
from games.registry import get_game
from tests.bot_games import bot_steps


@pytest.mark.parametrize("key", ["conflict", "panzer", "frontline", "ironfire", "fleet"])
def test_every_game_that_ends_with_scores_names_them(key):
    game = get_game(key)
    state = None
    for step in bot_steps(game.engine, game, 0):
        state = step.state
    outcome = game.engine.outcome(state)
    if outcome.scores is None:
        return  # fleet ends by a goal, without scores
    assert has(f"{key}.scores"), f"{key} ends with scores but has no {key}.scores"
    assert t("zh-CN", f"{key}.scores", scores="") != t("en", f"{key}.scores", scores=""), "no zh-CN text"
