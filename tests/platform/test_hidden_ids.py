"""Issue 17 §1: "Ids of hidden items must tell nothing about the stream: draw them from a
separate keyed stream or number them in a way independent of future draws." Checked here:
ids come from a stream of their own (they neither move nor mirror the dice), and over
random games of every engine ids do not repeat and stay few enough for the birthday bound
that games/core/rng.py (GameRng.token) states."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.core.rng import GameRng
from games.registry import get_engine

KEY = 0x5EED_CAFE_F00D_1234_5678_9ABC_DEF0_1111_2222_3333_4444_5555_6666_7777_8888_9999


def test_drawing_ids_never_moves_the_dice_and_an_id_depends_on_the_key_and_its_count_only():
    plain, mixed = GameRng.from_seed(KEY), GameRng.from_seed(KEY)
    ids_alone = GameRng.from_seed(KEY)
    pick = random.Random(1)
    dice_plain, dice_mixed, ids_mixed = [], [], []
    for _ in range(500):
        dice_plain.append(plain.next64())
        for _ in range(pick.randrange(3)):  # ids drawn at random points between the dice
            ids_mixed.append(mixed.token("c"))
        dice_mixed.append(mixed.next64())
    assert dice_plain == dice_mixed
    assert ids_mixed == [ids_alone.token("c") for _ in ids_mixed]  # whatever dice came before


def test_ids_do_not_mirror_the_dice_words():
    """Another personalization: no id is the low 40 bits of a dice word (chance: ~10⁻⁶ here)."""
    rng = GameRng.from_seed(KEY)
    words = {rng.next64() & ((1 << 40) - 1) for _ in range(2000)}
    ids = {int(rng.token(""), 16) for _ in range(2000)}
    assert len(ids) == 2000 and not words & ids


CASES = [("ironfire", 2, {"fog_of_war": "true"}), ("ironfire", 4, {"fog_of_war": "true", "logistics": "200"}),
         ("frontline", 2, {}), ("panzer", 2, {}), ("conflict", 6, {}), ("fleet", 2, {})]
MOST_IDS = 3000  # the n the bound in GameRng.token is stated for


@pytest.mark.parametrize("game,players,options", CASES, ids=[f"{g}-{n}p" for g, n, _ in CASES])
def test_ids_are_unique_within_random_games_and_few_enough_for_the_stated_bound(game, players, options):
    engine = get_engine(game)
    for g in range(8):
        play = random.Random(f"ids:{game}:{g}")
        seats = [Seat(index=i, name=f"P{i}", is_bot=True) for i in range(players)]
        state = engine.setup(seats, engine.parse_options(options), play.getrandbits(256)).state
        for _ in range(20_000):
            if engine.outcome(state) is not None:
                break
            seat = play.choice(engine.active_seats(state))
            state = engine.apply(state, seat, play.choice(engine.legal_actions(state, seat))).state
        drawn = state.rng.t
        again = GameRng(key=state.rng.key)  # the game's ids, drawn again from its key
        ids = [again.token() for _ in range(drawn)]
        assert 0 < drawn < MOST_IDS and len(set(ids)) == drawn, (game, g, drawn)
