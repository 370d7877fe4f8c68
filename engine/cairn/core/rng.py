"""A small seeded random number generator whose whole state is one integer.

The state lives inside the game state (boardgame.io's rule: randomness is
part of the state), so copying or serialising a game copies its future
draws too, and the same seed gives the same game on every Python version
(we do not depend on ``random.Random``'s algorithms).  SplitMix64.
"""
from __future__ import annotations

from typing import List, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def shuffled(self, seq: Sequence[T]) -> List[T]:
        out = list(seq)
        self.shuffle(out)
        return out

    def copy(self) -> "Rng":
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any JSON-ish parts (for bots, sub-streams)."""
    h = 1469598103934665603
    for part in parts:
        for ch in repr(part).encode("utf-8"):
            h = ((h ^ ch) * 1099511628211) & _MASK
    return Rng(h).next64() >> 1
