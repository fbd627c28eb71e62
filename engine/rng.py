"""Deterministic randomness that lives inside a game state.

A match's generator is just ``(seed, draws)``: every draw hashes the seed with the draw counter (SplitMix64)
and returns a new generator with the counter advanced. Nothing global is touched, so the same seed and the
same actions always replay to the same state, and storing a state stores its generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(seed: int, counter: int) -> int:
    """SplitMix64 output for ``counter`` in the stream of ``seed``."""
    z = (seed + counter * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable counter-based generator; each method returns its result and the advanced generator."""

    seed: int
    draws: int = 0

    def next64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer."""
        return _mix(self.seed, self.draws + 1), Rng(self.seed, self.draws + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``count`` rolls of a ``sides``-sided die, each 1..sides."""
        rolls = []
        rng = self
        for _ in range(count):
            value, rng = rng.below(sides)
            rolls.append(value + 1)
        return tuple(rolls), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly."""
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy (Fisher–Yates)."""
        result = list(items)
        rng = self
        for i in range(len(result) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result), rng

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one, for search that must not disturb the match."""
        return Rng(_mix(self.seed ^ (salt & _MASK), self.draws + 1), 0)
