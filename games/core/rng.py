"""A cryptographic generator that lives inside the game state.

The generator is a 256-bit secret key and two counters. Dice come from keyed BLAKE2b in
counter mode (block i = BLAKE2b-512(key, i), eight 64-bit words); ids of hidden items come
from a second stream under the same key with another personalization, so an id a player
sees tells nothing about the dice, and drawing ids never moves the dice. Without the key,
no number of seen dice or ids tells the next ones (BLAKE2b is a PRF), which the old 64-bit
splitmix generator did not resist: one or two seen ids gave away its whole state.

Only the key and the counters are stored (a small JSON object); the current block is kept
beside them, recomputed from the counter after a load, so replaying the seed plus the
action log reproduces every roll exactly.
"""
from __future__ import annotations

import hashlib
import random
import struct
from typing import Any, Sequence, TypeVar

from pydantic import BaseModel, Field, model_validator

T = TypeVar("T")
_KEY_BITS = 256
_DICE = b"shapan dice"  # BLAKE2b personalization: one stream for draws, one for ids
_IDS = b"shapan ids"
_WORDS = struct.Struct("<8Q").unpack
_ID_MASK = (1 << 40) - 1
_TWO64 = 1 << 64


def _block(key: str, person: bytes, index: int) -> tuple[int, ...]:
    digest = hashlib.blake2b(index.to_bytes(8, "little"), key=bytes.fromhex(key), digest_size=64,
                             person=person).digest()
    return _WORDS(digest)


class GameRng(BaseModel):
    key: str = Field(frozen=True)  # 64 hex digits: the game's 256-bit secret key
    n: int = 0  # 64-bit words drawn from the dice stream
    t: int = 0  # ids drawn from the id stream

    @model_validator(mode="before")
    @classmethod
    def _from_retired_format(cls, data: Any) -> Any:
        # A state saved by the retired splitmix generator ({"state": N}) keeps loading: it
        # goes on with a stream keyed by N (its replay cannot match; see the README).
        if isinstance(data, dict) and "key" not in data and "state" in data:
            return {"key": _key_hex(int(data["state"]))}
        return data

    @classmethod
    def from_seed(cls, seed: int) -> "GameRng":
        """The generator of a game whose secret is `seed` (an integer below 2**256)."""
        return cls(key=_key_hex(seed))

    @classmethod
    def fresh(cls, rnd: "random.Random") -> "GameRng":
        """A generator nobody has seen, for a determinized state (its future dice unknown)."""
        return cls.from_seed(rnd.getrandbits(_KEY_BITS))

    def next64(self) -> int:
        # Fields are read and written straight in the model's dict: pydantic's __setattr__
        # would cost ~1 µs a draw. The block cache sits there too, under a name that is no
        # field, so it is never dumped (pydantic serializes and compares fields only).
        fields = self.__dict__
        n = fields["n"]
        fields["n"] = n + 1
        cached = fields.get("_dice")
        if cached is None or cached[0] != n >> 3:
            cached = fields["_dice"] = (n >> 3, _block(fields["key"], _DICE, n >> 3))
        return cached[1][n & 7]

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], without modulo bias."""
        if hi < lo:
            raise ValueError("empty range")
        span = hi - lo + 1
        limit = _TWO64 - (_TWO64 % span)
        while True:
            x = self.next64()
            if x < limit:
                return lo + x % span

    def die(self, sides: int) -> int:
        return self.randint(1, sides)

    def dice(self, count: int, sides: int) -> list[int]:
        return [self.randint(1, sides) for _ in range(count)]

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randint(0, len(seq) - 1)]

    def shuffle(self, items: list) -> None:
        # randint(0, i) for each i, inlined: every game shuffles decks at setup and in play,
        # and the calls were ~3 % of a random frontline game. The same draws in the same
        # order as randint's (tests/platform/test_rng.py compares the two).
        fields = self.__dict__
        key = fields["key"]
        cached = fields.get("_dice")
        n = fields["n"]
        for i in range(len(items) - 1, 0, -1):
            span = i + 1
            limit = _TWO64 - (_TWO64 % span)
            while True:
                if cached is None or cached[0] != n >> 3:
                    cached = (n >> 3, _block(key, _DICE, n >> 3))
                x = cached[1][n & 7]
                n += 1
                if x < limit:
                    break
            j = x % span
            items[i], items[j] = items[j], items[i]
        fields["n"] = n
        if cached is not None:
            fields["_dice"] = cached

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def token(self, prefix: str = "x") -> str:
        """A fresh id for a hidden item: 40 bits of the id stream.

        What an id tells: nothing of the dice nor of other ids. It is BLAKE2b under the key
        with its own personalization at the id counter `t`, so it depends on (key, t) only:
        not on the dice drawn, and drawing it never moves them; without the key no set of
        seen ids says anything of the next (a PRF), nor even how many were drawn before.

        Repeats are left to chance, not made impossible: the odds of any repeat in a game of
        n ids are about n²/2⁴¹. Random games drew at most ~1,600 ids (six-player conflict),
        ~720 (four-player Iron & Fire at logistics 200) and under 110 in the other games
        (tests/platform/test_hidden_ids.py keeps n under 3,000): under 4·10⁻⁶ a game. And a
        repeat matters only between two items alive at once in one place (a hand, an army,
        a pile), which is far rarer still. Ids unique by construction (a keyed permutation
        of `t`) would change every id of every stored game, and with them the replays that
        `shapan verify` checks."""
        fields = self.__dict__
        t = fields["t"]
        fields["t"] = t + 1
        cached = fields.get("_ids")
        if cached is None or cached[0] != t >> 3:
            cached = fields["_ids"] = (t >> 3, _block(fields["key"], _IDS, t >> 3))
        return f"{prefix}{cached[1][t & 7] & _ID_MASK:010x}"


def _key_hex(seed: int) -> str:
    if not 0 <= seed < 1 << _KEY_BITS:
        raise ValueError("a game's secret is an integer in [0, 2**256)")
    return f"{seed:064x}"
