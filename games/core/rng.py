"""A seeded generator that lives inside the game state.

The whole generator is one 64-bit integer (splitmix64), so it serializes with the state
for free, and replaying the seed plus the action log reproduces every roll exactly.
"""
from __future__ import annotations

import random
from typing import Sequence, TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1


class GameRng(BaseModel):
    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "GameRng":
        return cls(state=seed & _MASK)

    @classmethod
    def fresh(cls, rnd: "random.Random") -> "GameRng":
        """A generator nobody has seen, for a determinized state (its future dice unknown)."""
        return cls.from_seed(rnd.getrandbits(64))

    def next64(self) -> int:
        # Written straight into the model's dict: pydantic's __setattr__ would cost ~1 µs a
        # draw, and `state` is a plain int that needs no validation.
        fields = self.__dict__
        z = fields["state"] = (fields["state"] + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], without modulo bias."""
        if hi < lo:
            raise ValueError("empty range")
        span = hi - lo + 1
        limit = (1 << 64) - ((1 << 64) % span)
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
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def token(self, prefix: str = "x") -> str:
        """A fresh id for a hidden item: unique enough to appear nowhere else in a game."""
        return f"{prefix}{self.next64() & 0xFFFFFFFFFF:010x}"
