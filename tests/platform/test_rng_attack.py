"""Issue 17 §1: a seated player cannot recover the game's randomness from what they see.

The retired generator was splitmix64 with its 64-bit state in the game state, and an id was
the low 40 bits of one output. splitmix's output function is a bijection, so one seen id
leaves 24 unknown bits; inverting the mix for each guess and checking a second seen id
finds the state, and from it every other hand and every future die. The test runs that
attack, per game, with what seat 0 sees (the ids in its own view) after some random play:
against the retired generator (rebuilt here) it recovers the state and names every hidden
id of seat 1; against the new generator the same search finds nothing. To keep the test
fast the attacker is handed 12 of the 24 unknown bits (4,096 guesses instead of 16.7
million), which only makes the attack easier.
"""
from __future__ import annotations

import json
import random
import sys

import pytest

from games.core.engine import Seat
from games.core.rng import _IDS, GameRng, _block
from games.registry import GAME_MODULES, get_engine

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
C1, C2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
ID_BITS = 40
HINT_BITS = 12  # of the 24 bits an id does not show, handed to the attacker
WINDOW = 64  # draws between two of seat 0's ids that the attacker tries
REACH = 20_000  # draws before and after the recovered state where it looks for seat 1's ids


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * C1) & MASK
    z = ((z ^ (z >> 27)) * C2) & MASK
    return z ^ (z >> 31)


def _unshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k):
        x = y ^ (x >> k)
    return x


def unmix(z: int) -> int:
    z = _unshift(z, 31)
    z = (z * pow(C2, -1, 1 << 64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(C1, -1, 1 << 64)) & MASK
    return _unshift(z, 30)


class RetiredRng(GameRng):
    """The retired splitmix64 generator, as it was (ids from the same stream as the dice)."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "RetiredRng":
        return cls(key="0" * 64, state=seed & MASK)

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK
        return mix(self.state)

    def token(self, prefix: str = "x") -> str:
        return f"{prefix}{self.next64() & ((1 << ID_BITS) - 1):010x}"


def id_bits(token: str) -> int:
    return int(token[-10:], 16)


def recover(seen: list[int], hint: int) -> int | None:
    """The splitmix state after the draw that made seen[0], from the low 40 bits of two or
    more outputs and the top HINT_BITS bits of the first; None when no guess fits."""
    low = seen[0]
    others = set(seen[1:])
    free = 64 - ID_BITS - HINT_BITS
    for guess in range(1 << free):
        z = (hint << (64 - HINT_BITS)) | (guess << ID_BITS) | low
        state = unmix(z)
        for k in range(-WINDOW, WINDOW + 1):
            if k and mix((state + k * GAMMA) & MASK) & ((1 << ID_BITS) - 1) in others:
                return state
    return None


def outputs_around(state: int) -> set[int]:
    return {mix((state + k * GAMMA) & MASK) & ((1 << ID_BITS) - 1) for k in range(-REACH, REACH + 1)}


def play_until_both_hold_ids(engine, seed: int):
    """Random legal play until seat 0 sees two ids of its own and seat 1 holds hidden ids."""
    players = {"conflict": 3}.get(engine.key, engine.min_players)
    seats = [Seat(index=i, name=f"P{i}") for i in range(players)]
    state = engine.setup(seats, engine.parse_options({}), seed).state
    rnd = random.Random(seed)
    for _ in range(2000):
        mine = own_ids(engine, state)
        if len(mine) >= 2 and engine.secrets(state).get(1):
            return state, mine
        seat = rnd.choice(engine.active_seats(state))
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
    raise AssertionError(f"{engine.key}: seat 0 never held two ids")


def own_ids(engine, state) -> list[str]:
    """Seat 0's hidden ids that its own view shows it (what the player sees, nothing more)."""
    view = json.dumps(engine.view(state, 0))
    return sorted(tok for tok in engine.secrets(state).get(0, ()) if tok in view)


def hint_for(outputs: list[int], token: str) -> int:
    """The top bits of the 64-bit output that made `token` (the attacker's head start)."""
    return next(z for z in outputs if z & ((1 << ID_BITS) - 1) == id_bits(token)) >> (64 - HINT_BITS)


@pytest.mark.parametrize("key", list(GAME_MODULES))
def test_the_retired_generator_falls_to_one_seats_view(key, monkeypatch):
    engine = get_engine(key)
    monkeypatch.setattr(sys.modules[type(engine).__module__], "GameRng", RetiredRng)
    seed = 20261126
    state, mine = play_until_both_hold_ids(engine, seed)
    assert type(state.rng) is RetiredRng  # the game really ran on the retired generator
    draws = (state.rng.state - seed) * pow(GAMMA, -1, 1 << 64) & MASK  # how far the game drew
    outputs = [mix((seed + k * GAMMA) & MASK) for k in range(1, draws + 1)]
    found = recover([id_bits(t) for t in mine[:2]], hint_for(outputs, mine[0]))
    assert found is not None
    reachable = outputs_around(found)
    # the attacker now names every hidden id of the opponent, and reaches the current state
    assert {id_bits(t) for t in engine.secrets(state)[1]} <= reachable
    assert any((found + k * GAMMA) & MASK == state.rng.state for k in range(REACH))


@pytest.mark.parametrize("key", list(GAME_MODULES))
def test_the_same_attack_fails_on_the_new_generator(key):
    engine = get_engine(key)
    state, mine = play_until_both_hold_ids(engine, 20261126)
    assert type(state.rng) is GameRng
    # the id stream's 64-bit words, so the attacker gets the true top bits as a head start
    outputs = [w for block in range(state.rng.t // 8 + 1) for w in _block(state.rng.key, _IDS, block)]
    assert recover([id_bits(t) for t in mine[:2]], hint_for(outputs, mine[0])) is None


def test_ids_are_independent_of_the_dice():
    """Same key: the dice are the same however many ids were drawn in between, and the ids
    are not outputs of the dice stream."""
    plain, busy = GameRng.from_seed(12345), GameRng.from_seed(12345)
    rolls = []
    for i in range(200):
        rolls.append(plain.die(6))
    again = []
    for i in range(200):
        for _ in range(i % 5):
            busy.token("c")
        again.append(busy.die(6))
    assert again == rolls
    dice_words = {GameRng.from_seed(12345).next64() & ((1 << ID_BITS) - 1) for _ in range(5000)}
    ids = {id_bits(GameRng.from_seed(12345).token("c"))} | {id_bits(busy.token("c")) for _ in range(100)}
    assert not ids & dice_words


def test_ids_stay_unique_and_in_the_old_format():
    rng = GameRng.from_seed(7)
    ids = [rng.token("c") for _ in range(5000)]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 11 and int(i[1:], 16) >= 0 for i in ids)


def test_stored_state_is_the_key_and_two_counters():
    rng = GameRng.from_seed(2**256 - 1)
    rng.dice(20, 6)
    rng.token("c")
    dumped = json.loads(rng.model_dump_json())
    assert dumped == {"key": "f" * 64, "n": 20, "t": 1}  # the block cache is never stored
    loaded = GameRng.model_validate(dumped)
    assert [loaded.die(20) for _ in range(30)] == [rng.die(20) for _ in range(30)]
    assert loaded.token("c") == rng.token("c")


def test_fresh_generators_have_unknown_keys():
    a, b = GameRng.fresh(random.Random(1)), GameRng.fresh(random.Random(2))
    assert a.key != b.key and a.key == GameRng.fresh(random.Random(1)).key
    assert int(a.key, 16).bit_length() > 64  # 256 random bits, not a 64-bit seed


def test_a_state_of_the_retired_generator_still_loads():
    rng = GameRng.model_validate({"state": 99})
    assert rng == GameRng.from_seed(99)


def test_shuffle_draws_as_randint_does():
    """The inlined shuffle is Fisher-Yates with randint(0, i): the same order, counter and
    block cache as the plain loop, whatever was drawn before (a cached block mid-way, spans
    that need a redraw)."""
    for seed in range(40):
        fast, plain = GameRng.from_seed(seed), GameRng.from_seed(seed)
        for _ in range(seed % 9):
            fast.die(6), plain.die(6)
        a, b = list(range(seed * 3)), list(range(seed * 3))
        fast.shuffle(a)
        for i in range(len(b) - 1, 0, -1):
            j = plain.randint(0, i)
            b[i], b[j] = b[j], b[i]
        assert a == b and fast.n == plain.n and fast.model_dump() == plain.model_dump()
        assert fast.die(20) == plain.die(20)
