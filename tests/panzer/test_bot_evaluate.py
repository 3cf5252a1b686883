"""The search's evaluation of an unfinished panzer battle (`games.panzer.bot.evaluate`)
scores what decides the game: the points scored (the more, the later), and the shots each
side has now; and the search drafts without it."""
from __future__ import annotations

import random

from games.core.engine import Seat
from games.core.search import heuristic
from games.panzer import ENGINE
from games.panzer import rules as R
from games.panzer.bot import evaluate, firepower
from tests.panzer.helpers import board


def test_points_scored_decide_not_the_points_still_on_the_board():
    """10: "击毁得分：轻 1、中 2、重 4。10 回合后分高者胜" (points for destroying: light 1,
    medium 2, heavy 4; after 10 rounds the higher score wins). A side with a heavy tank
    against a light one, neither in sight of the other and nothing scored, is even; a point
    scored puts its side ahead."""
    state = board([("a1", "tiger", "a10", "n"), ("b1", "pz38t", "l1", "s")])
    assert firepower(state, 0) == firepower(state, 1) == 0.0
    assert evaluate(ENGINE, state, 2) == [0.5, 0.5]
    state.score = [0, 1]
    assert evaluate(ENGINE, state, 2)[1] > 0.5


def test_a_side_with_a_shot_at_an_enemy_is_ahead():
    """A tank with an enemy in range and sight may score with its next shot: its side is
    ahead of one whose tanks have no shot."""
    state = board([("a1", "tiger", "f6", "n"), ("b1", "pz38t", "f4", "n"), ("b9", "m4", "a1", "s")])
    assert firepower(state, 0) > 0
    assert firepower(state, 0) > firepower(state, 1)
    assert evaluate(ENGINE, state, 2)[0] > 0.5


def test_a_point_counts_for_more_the_later_it_is_scored():
    """10: "10 回合后分高者胜" (after 10 rounds the higher score wins): a lead has fewer rounds
    left to be made up the later it stands, so the same point puts its side further ahead in
    the last round than in the first (the weights are fitted to who won: `bench evaluation`)."""
    state = board([("a1", "tiger", "a10", "n"), ("b1", "pz38t", "l1", "s")])
    state.score = [1, 0]
    state.turn_no = 1
    early = evaluate(ENGINE, state, 2)[0]
    state.turn_no = 2 * state.options.rounds
    late = evaluate(ENGINE, state, 2)[0]
    assert 0.5 < early < late


def test_the_search_drafts_without_scoring_the_battle():
    """3: "调配军力 ... 总价 ≤ 200pt" then "pt 少者先手" (the draft, then fewer pt used moves
    first). A rollout from a draft decision stops where the draft ends and is scored even
    there (`turn_of` is the phase before the battle): scored at the first turn instead, the
    search saw a small army move first and drafted one cv33 (8 pt, seed 1, game 3 of the
    arena). Every position hard's search scores in the draft is still in the opening, and
    its army costs what the heuristic's would (most of the 200 pt)."""
    from games.core.search import Budget, make_bot
    from games.panzer.bot import SETUP_PHASES

    bot = make_bot(ENGINE, "hard", Budget(seconds=None, iterations=24))
    scored = []
    plain = bot.evaluate

    def watched(engine, state, players):
        scored.append(state.phase)
        return plain(engine, state, players)

    bot.evaluate = watched
    seed, game = 1, 3  # the arena's seeds (games.core.arena): hard sits at seat 1
    rngs = [random.Random(f"arena:{seed}:{game}:{s}") for s in range(2)]
    state = ENGINE.setup([Seat(index=s, name=f"S{s}", is_bot=True) for s in range(2)], ENGINE.parse_options({}),
                         seed * 1_000_003 + game).state
    while state.phase == "draft":
        seat = ENGINE.active_seats(state)[0]
        chooser = bot.choose if seat == 1 else (lambda st, s, r: heuristic(ENGINE, st, s, r))
        state = ENGINE.apply(state, seat, chooser(state, seat, rngs[seat])).state
    assert scored and set(scored) <= set(SETUP_PHASES)
    assert sum(R.ROSTER[k].price for k in state.picks[1]) >= 150
