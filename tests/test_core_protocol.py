"""The engine protocol, checked on the small hidden-information test game."""
import random

import pytest

from games.core import RuleError, Seat
from games.core.engine import decode_action
from games.core.i18n import t
from games.core.playout import check_secrets, run_playouts
from games.core.rng import GameRng
from tests.toygame import ENGINE, GAME, Pass, Play


def seats():
    return [Seat(index=0, name="alice"), Seat(index=1, name="bob")]


def test_rng_is_reproducible_and_serializable():
    a, b = GameRng.from_seed(42), GameRng.from_seed(42)
    rolls = [a.die(6) for _ in range(1000)]
    assert rolls == [b.die(6) for _ in range(1000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    c = GameRng.model_validate_json(a.model_dump_json())
    assert c.die(20) == a.die(20)


def test_rng_randint_is_roughly_uniform():
    rng = GameRng.from_seed(7)
    counts = [0] * 6
    for _ in range(60000):
        counts[rng.die(6) - 1] += 1
    assert all(9000 < c < 11000 for c in counts)


def test_action_codes_round_trip():
    for action in (Play(card="c123"), Pass()):
        assert decode_action(ENGINE.actions, action.code()) == action
    with pytest.raises(RuleError) as err:
        ENGINE.parse_action("fly away")
    assert err.value.key == "core.unknown_action"
    with pytest.raises(RuleError):
        ENGINE.parse_action("play")  # missing argument


def test_setup_is_deterministic_from_seed():
    s1 = ENGINE.setup(seats(), ENGINE.parse_options({}), 99).state
    s2 = ENGINE.setup(seats(), ENGINE.parse_options({}), 99).state
    assert ENGINE.dump_state(s1) == ENGINE.dump_state(s2)


def test_rule_error_leaves_state_untouched():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 5).state
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, 1, Play(card=state.hands[1][0].id))  # not bob's turn
    assert err.value.key == "core.not_your_turn"
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Play(card="nope"))
    assert ENGINE.dump_state(state) == before


def test_views_hide_the_other_hand():
    step = ENGINE.setup(seats(), ENGINE.parse_options({}), 5)
    state = step.state
    assert check_secrets(ENGINE, state, step.events, 2) == []
    alice_card = state.hands[0][0].id
    assert alice_card not in str(ENGINE.view(state, 1))
    assert alice_card in str(ENGINE.view(state, 0))
    private = [e for e in step.events if e.to == [0]]
    assert private and alice_card in str(private[0].params)


def test_leak_checker_catches_a_leak():
    step = ENGINE.setup(seats(), ENGINE.parse_options({}), 5)
    from games.core import Event

    leaky = [Event.public("duel.hand", cards=step.state.hands[0][0].id)]
    assert check_secrets(ENGINE, step.state, leaky, 2)


def test_options_are_validated():
    assert ENGINE.parse_options({"rounds": "2"}).rounds == 2
    with pytest.raises(RuleError) as err:
        ENGINE.parse_options({"colour": "red"})
    assert err.value.key == "core.unknown_option"
    with pytest.raises(RuleError) as err:
        ENGINE.parse_options({"rounds": "many"})
    assert err.value.key == "core.bad_option" and err.value.params["value"] == "many"


def test_messages_in_both_languages():
    assert t("zh-CN", "duel.start", rounds=3) == "对决开始：共 3 轮。"
    assert t("en-US", "duel.start", rounds=3) == "Duel begins: 3 rounds."
    assert t("fr", "duel.start", rounds=3) == "对决开始：共 3 轮。"  # unknown locale: default zh-CN


def test_random_playouts_finish_without_leaks():
    report = run_playouts(GAME, 200, seed=11)
    assert report.ok, report.first_problem()
    assert report.finished == 200


def test_resign_ends_the_game():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state
    state = ENGINE.resign(state, 0).state
    out = ENGINE.outcome(state)
    assert out is not None and out.winners == [1]
    assert ENGINE.active_seats(state) == []


def test_default_language_follows_shapan_locale(monkeypatch):
    monkeypatch.setenv("SHAPAN_LOCALE", "en")
    assert t(None, "duel.start", rounds=3) == "Duel begins: 3 rounds."
    monkeypatch.delenv("SHAPAN_LOCALE")
    assert t(None, "duel.start", rounds=3) == "对决开始：共 3 轮。"


def test_seats_in_play_by_default_every_seat_until_the_outcome():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state
    assert ENGINE.seats_in_play(state) == [0, 1]
    state = ENGINE.resign(state, 0).state
    assert ENGINE.outcome(state) is not None and ENGINE.seats_in_play(state) == []


@pytest.mark.parametrize("key", ["conflict", "fleet", "frontline", "ironfire", "panzer"])
def test_every_game_says_which_seats_are_still_in_play(key):
    # the host asks after every step (who to tell they are out, who never to ping again);
    # a game for a range of players cannot use the default and must answer itself
    from games.registry import get_engine

    engine = get_engine(key)
    for n in {engine.min_players, engine.max_players}:
        table = [Seat(index=i, name=f"P{i + 1}") for i in range(n)]
        state = engine.setup(table, engine.parse_options({}), 7).state
        assert engine.seats_in_play(state) == list(range(n))


def test_a_game_for_a_range_of_players_must_say_which_seats_are_in_play():
    class Open(type(ENGINE)):
        key = "open_range"
        max_players = 4

    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state
    with pytest.raises(NotImplementedError):
        Open().seats_in_play(state)
