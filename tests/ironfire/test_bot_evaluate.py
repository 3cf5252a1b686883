"""The search's evaluation of an unfinished Iron & Fire game (`games.ironfire.bot.evaluate`)
follows the tally and the restore: what counts is what the armies will hold at the end."""
from __future__ import annotations

import random

import pytest

from games.core.search import Budget, make_bot
from games.ironfire import ENGINE
from games.ironfire.bot import DECK_SCORE, evaluate, strength
from games.ironfire.engine import ChooseDeck
from tests.ironfire.helpers import battle, new_game

ARMIES = [["t34", "t34", "guards"], ["t34", "t34", "guards"]]


def _damage(state, slot: str, amount: int, heavy: bool = False) -> None:
    unit = ENGINE._unit(state, slot)
    unit.cv -= amount
    unit.heavy = heavy


def test_damage_that_the_restore_undoes_is_worth_nothing_before_the_last_round():
    """102.5: "恢复：未重创的牌战斗力回满；重创的牌不恢复，除非有“战地维修”" (restore: a card not
    heavily damaged returns to its full value; a heavily damaged one does not). In round 1 of
    2, light damage is gone by the tally; heavy damage stays."""
    state = battle(ARMIES, logistics=45, seed=3)
    assert (state.round, state.rounds) == (1, 2)
    even = evaluate(ENGINE, state, 2)
    assert even == [0.5, 0.5]
    _damage(state, "b1", 2)  # a T-34 (combat value 13) scratched, not heavily damaged
    assert not ENGINE._unit(state, "b1").heavy
    assert evaluate(ENGINE, state, 2) == even
    _damage(state, "b2", ENGINE._unit(state, "b2").cv // 2 + 1, heavy=True)
    assert evaluate(ENGINE, state, 2)[0] > 0.5


def test_in_the_last_round_every_point_of_damage_counts():
    """103.2: "最后一轮后决算：各自剩余战斗力总和（含断绝、重创的牌），最高者胜" (after the last
    round, the sum of remaining combat values decides): no restore comes before it."""
    state = battle(ARMIES, logistics=45, seed=3)
    state.round = state.rounds
    _damage(state, "b1", 2)
    assert evaluate(ENGINE, state, 2)[0] > 0.5


def test_a_card_that_has_not_attacked_yet_is_worth_its_attack_to_come():
    """102.2: each card attacks once a round: a card that has already attacked this round has
    one strike fewer to come than one that has not."""
    state = battle(ARMIES, logistics=45, seed=3)
    before = strength(ENGINE, state, 0)
    ENGINE._unit(state, "a1").attacked = True
    assert strength(ENGINE, state, 0) < before


def test_field_repair_restores_heavy_damage_too():
    """Field Repair: "每轮恢复时，重创的牌完全恢复并解除重创" (at each restore, a heavily damaged
    card is restored in full). Pioneers (repair) heavily damaged in round 1 of 2 lose nothing
    with the ability card in play, and lose their damage without it."""
    state = battle([["pioneers", "field_repair"], ["pioneers"]], logistics=45, seed=3)
    assert (state.round, state.rounds) == (1, 2)
    for slot in ("a1", "b1"):
        _damage(state, slot, 4, heavy=True)
    assert strength(ENGINE, state, 0) > strength(ENGINE, state, 1)
    state.players[0].abilities = []
    assert strength(ENGINE, state, 0) == strength(ENGINE, state, 1)


def _choose_decks(decks: dict[int, str], seed: int = 5):
    """A new game whose seats chose these ready-made decks (100.2), the others still choosing."""
    state = new_game(2, seed)
    for seat, name in decks.items():
        state = ENGINE.apply(state, seat, ChooseDeck(choice=name)).state
    return state


def test_while_decks_are_chosen_a_deck_is_worth_its_measured_score():
    """100.2: "每位牌手同时选择套牌" (everyone chooses a deck at once): no army exists yet, so the
    evaluation weighs the decks chosen by `DECK_SCORE` (the heuristic's share of points with each
    preset, `python -m bench decks`), even while a seat has not chosen; it scored every deck
    alike before, and the search then kept the heuristic's deck, drawn at random."""
    assert evaluate(ENGINE, _choose_decks({}), 2) == [0.5, 0.5]
    best = max(DECK_SCORE, key=DECK_SCORE.get)
    worst = min(DECK_SCORE, key=DECK_SCORE.get)
    assert DECK_SCORE[best] > DECK_SCORE[worst]
    chance = evaluate(ENGINE, _choose_decks({0: best, 1: worst}), 2)[0]
    assert chance == pytest.approx(DECK_SCORE[best] / (DECK_SCORE[best] + DECK_SCORE[worst]))
    assert evaluate(ENGINE, _choose_decks({0: worst}), 2)[0] < 0.5 < evaluate(ENGINE, _choose_decks({0: best}), 2)[0]


def test_hard_chooses_the_deck_that_scores_best():
    """101.4 and 103.2: what decides the game is the army each deck can field, and the ready-made
    decks differ far more than a few rollouts can tell; hard, at a fixed 24 iterations, chooses
    the best-scoring deck at either seat, in every seeded game (the heuristic's random choice
    stood before: 3 of these 8 decisions)."""
    best = max(DECK_SCORE, key=DECK_SCORE.get)
    for seed in range(4):
        state = new_game(2, seed)
        bot = make_bot(ENGINE, "hard", Budget(seconds=None, iterations=24))
        for seat in (0, 1):
            action = bot.choose(state, seat, random.Random(seed * 2 + seat))
            assert action.choice == best, f"seed {seed} seat {seat}"
            state = ENGINE.apply(state, seat, action).state
