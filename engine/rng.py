"""Randomness that lives inside a game state, and that nobody can predict from what they see.

A match's generator is a secret key and a draw counter. Each draw is a keyed cryptographic function (a PRF:
BLAKE2b in keyed mode) of the key and the counter, so no number of outputs tells anything about the key or
about another output, yet the same key and the same decisions always replay to the same state. Nothing global
is touched, and storing a state stores its generator.

Values that leave the state on purpose (a public nonce, a salt shown to one player) are never stream draws:
``derive`` computes them from the key under a label of their own, and ``fork`` derives a new key one way.

Matches started before the keyed generator drew from SplitMix64 (``LegacyRng``), whose outputs can be inverted
to its seed; they keep it so that they replay exactly as they were played (``MatchKey.generator``).
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

KEY_BITS = 256  # a match key; BLAKE2b takes keys of up to 512 bits
LEGACY, KEYED = 1, 2  # the generators a stored match can name

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_WORDS = 8  # 64-bit draws per BLAKE2b block: one hash serves eight draws
_BY_BLOCK = 4  # a batch of more draws than this takes its words a block at a time (``Rng._draws``)
_UNPACK = struct.Struct("<8Q").unpack
# Domain separation: a stream block, a fork and a derived value never hash the same input.
_STREAM, _FORK, _DERIVE = b"S", b"F", b"D"


class RandomStream(ABC):
    """The draws every generator offers; each method returns its result and the advanced generator."""

    __slots__ = ()

    @abstractmethod
    def next64(self) -> tuple[int, RandomStream]:
        """A uniform 64-bit integer."""

    @abstractmethod
    def fork(self, salt: int) -> RandomStream:
        """An independent generator derived one way from this one: its draws reveal nothing of this one's."""

    @abstractmethod
    def derive(self, label: str, *parts: int, bits: int = 64) -> int:
        """A value for ``label`` (and ``parts``) computed from the key, never drawn from the stream: for
        nonces and salts that leave the state, so publishing them says nothing about any draw."""

    def below(self, n: int) -> tuple[int, Any]:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        rng: RandomStream = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Any]:
        """``count`` rolls of a ``sides``-sided die, each 1..sides."""
        rolls = []
        rng: RandomStream = self
        for _ in range(count):
            value, rng = rng.below(sides)
            rolls.append(value + 1)
        return tuple(rolls), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Any]:
        """One element of a non-empty sequence, uniformly."""
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Any]:
        """A uniformly shuffled copy (Fisher–Yates)."""
        result = list(items)
        rng: RandomStream = self
        for i in range(len(result) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result), rng


@dataclass(frozen=True, slots=True)
class Rng(RandomStream):
    """The keyed generator: draw ``n`` is word ``n % 8`` of BLAKE2b(key; "S" ‖ n // 8).

    ``key`` is a secret integer below 2**256 (``MatchKey.new`` draws one with ``secrets``; tests may pass
    small ones). The keyed hash and the current block are cached on the instance and handed to the advanced
    generator, so a draw mostly costs a tuple look-up; neither is part of equality, pickling or JSON.
    """

    key: int = field(repr=False)
    draws: int = 0
    _keyed: Any = field(default=None, init=False, repr=False, compare=False)
    _block: tuple[int, tuple[int, ...]] = field(default=(-1, ()), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.key, int) or not 0 <= self.key < 1 << KEY_BITS:
            raise ValueError(f"a match key is a non-negative integer below 2**{KEY_BITS}")
        if self._keyed is None:
            object.__setattr__(self, "_keyed", _keyed_hash(self.key))

    def __reduce__(self) -> tuple[type, tuple[int, int]]:
        """Pickle the key and counter only (the cached hash object cannot be pickled)."""
        return (Rng, (self.key, self.draws))

    def _hash(self, domain: bytes, data: bytes, size: int) -> bytes:
        hasher = self._keyed.copy()
        hasher.update(domain + data)
        return hasher.digest()[:size]

    def next64(self) -> tuple[int, Rng]:
        index, words = self._block
        block, word = divmod(self.draws, _WORDS)
        if index != block:
            words = self._words(block)
        return words[word], self._advanced(self.draws + 1, (block, words))

    def below(self, n: int) -> tuple[int, Rng]:
        (value,), draws, block = self._draws((n,))
        return value, self._advanced(draws, block)

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``RandomStream.dice``, draw for draw, with one generator made at the end."""
        values, draws, block = self._draws((sides,) * count)
        return tuple(value + 1 for value in values), self._advanced(draws, block)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """``RandomStream.shuffled``, draw for draw, with one generator made at the end instead of one a draw:
        the AI's searches deal hidden decks afresh thousands of times a decision."""
        result = list(items)
        picks, draws, block = self._draws(range(len(result), 1, -1))
        for i, j in zip(range(len(result) - 1, 0, -1), picks, strict=True):
            result[i], result[j] = result[j], result[i]
        return tuple(result), self._advanced(draws, block)

    def _draws(self, bounds: Iterable[int]) -> tuple[list[int], int, tuple[int, tuple[int, ...]]]:
        """One ``below`` for each of ``bounds`` in turn, from this generator: the values, the draws then made in
        all, and the block then cached. The one place draws are made (the same rejection sampling as
        ``RandomStream.below``).

        A word is rejected only when it is at least ``2**64 - 2**64 % n``, above ``2**64 - n``: for the bounds a
        game asks (dice, decks) about one word in 10**17. So a long batch (a deck to shuffle) reads its words a
        block at a time and takes every value at once; only when some word comes within ``max(bounds)`` of the
        top does it go draw by draw, which gives the same values, as a die or two always does (cheaper so)."""
        bounds = tuple(bounds)
        if len(bounds) <= _BY_BLOCK:
            return self._draws_one_by_one(bounds)
        draws, (index, words) = self.draws, self._block
        first, offset = divmod(draws, _WORDS)
        last = (draws + len(bounds) - 1) // _WORDS
        stream: list[int] = []
        for number in range(first, last + 1):
            stream += words if number == index else self._words(number)
        taken = stream[offset : offset + len(bounds)]
        if min(bounds) <= 0 or max(taken) >= _SPAN - max(bounds):
            return self._draws_one_by_one(bounds)
        block = (last, tuple(stream[-_WORDS:]))
        return [word % n for word, n in zip(taken, bounds, strict=True)], draws + len(bounds), block

    def _draws_one_by_one(self, bounds: tuple[int, ...]) -> tuple[list[int], int, tuple[int, tuple[int, ...]]]:
        """``_draws`` word by word, rejecting as ``RandomStream.below`` does."""
        values = []
        draws, (index, words) = self.draws, self._block
        for n in bounds:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _SPAN - _SPAN % n
            while True:
                number, word = divmod(draws, _WORDS)
                if number != index:
                    index, words = number, self._words(number)
                draws += 1
                if words[word] < limit:
                    values.append(words[word] % n)
                    break
        return values, draws, (index, words)

    def _words(self, block: int) -> tuple[int, ...]:
        return _UNPACK(self._hash(_STREAM, block.to_bytes(8, "little"), 64))

    def _advanced(self, draws: int, block: tuple[int, tuple[int, ...]]) -> Rng:
        """This generator after ``draws`` draws in all, sharing the keyed hash and the cached block (made without
        ``__init__``, which would hash the key again)."""
        advanced = Rng.__new__(Rng)
        set_slot = object.__setattr__
        set_slot(advanced, "key", self.key)
        set_slot(advanced, "draws", draws)
        set_slot(advanced, "_keyed", self._keyed)
        set_slot(advanced, "_block", block)
        return advanced

    def fork(self, salt: int) -> Rng:
        digest = self._hash(_FORK, f"{salt}|{self.draws}".encode(), KEY_BITS // 8)
        return Rng(int.from_bytes(digest, "little"))

    def derive(self, label: str, *parts: int, bits: int = 64) -> int:
        if not 8 <= bits <= 512 or bits % 8:
            raise ValueError("derive() gives 8 to 512 bits, in whole bytes")
        digest = self._hash(_DERIVE, repr((label, parts)).encode(), bits // 8)
        return int.from_bytes(digest, "little")


def _keyed_hash(key: int) -> Any:
    return hashlib.blake2b(key=key.to_bytes(KEY_BITS // 8, "little"), digest_size=64)


def _splitmix(seed: int, counter: int) -> int:
    """SplitMix64 output for ``counter`` in the stream of ``seed``."""
    z = (seed + counter * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class LegacyRng(RandomStream):
    """SplitMix64 over ``(seed, draws)``: the generator of matches started before the keyed one.

    Kept only so those matches replay as they were played. Its outputs invert to its seed, so nothing new
    may use it (``tests/test_rng_attacks.py`` shows the attack). ``derive`` is keyed on the seed, for the
    few values (AI decision seeds) that old matches ask of it now.
    """

    seed: int = field(repr=False)
    draws: int = 0

    def next64(self) -> tuple[int, LegacyRng]:
        return _splitmix(self.seed, self.draws + 1), LegacyRng(self.seed, self.draws + 1)

    def fork(self, salt: int) -> LegacyRng:
        return LegacyRng(_splitmix(self.seed ^ (salt & _MASK), self.draws + 1), 0)

    def derive(self, label: str, *parts: int, bits: int = 64) -> int:
        return Rng(self.seed & _MASK).derive(label, *parts, bits=bits)


MatchRng = Rng | LegacyRng  # the type of a state's generator: stored states decode into either by their fields


@dataclass(frozen=True, slots=True)
class MatchKey:
    """The secret a match draws its randomness from, and which generator reads it (stored with the match).

    The secret never leaves the engine: it is hidden from ``repr``, and players see only values computed from
    it under a label (``derive``)."""

    secret: int = field(repr=False)
    generator: int = KEYED

    def __post_init__(self) -> None:
        if self.generator not in (LEGACY, KEYED):
            raise ValueError(f"unknown generator {self.generator}")
        self.rng()  # validates the secret

    @classmethod
    def new(cls) -> MatchKey:
        """A fresh key for a new match: 256 bits from the operating system's secure source."""
        return cls(secrets.randbits(KEY_BITS))

    def rng(self) -> MatchRng:
        """The match's generator before its first draw."""
        return Rng(self.secret) if self.generator == KEYED else LegacyRng(self.secret)

    def derive(self, label: str, *parts: int, bits: int = 64) -> int:
        """A value computed one way from the secret (see ``RandomStream.derive``)."""
        return self.rng().derive(label, *parts, bits=bits)
