"""The search's evaluation of an unfinished Iron & Fire game (`games.ironfire.bot.evaluate`)
follows the tally and the restore: what counts is what the armies will hold at the end."""
from __future__ import annotations

from games.ironfire import ENGINE
from games.ironfire.bot import evaluate, strength
from tests.ironfire.helpers import battle

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
