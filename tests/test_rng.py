"""The keyed generator: deterministic, uniform, one way, and never holding or showing its key where it may leak.

The attacks that the old generator falls to are in ``test_rng_attacks.py``; stored matches of the old
generator are in ``test_rng_legacy.py``.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import get_game
from engine.codec import from_json, to_json
from engine.rng import KEY_BITS, KEYED, LEGACY, LegacyRng, MatchKey, MatchRng, RandomStream, Rng

KEY = 0x9F1B_22C4_7A5D_0E63_1B8F_42D9_6C07_E5A1_3D2F_8B64_0A97_C15E_7F30_D2A8_4E6B_91C3
ROLLS = 60_000


def chi_square(counts: Counter[int], n: int, total: int) -> float:
    expected = total / n
    return sum((counts.get(i, 0) - expected) ** 2 / expected for i in range(n))


def critical(df: int, z: float = 3.0902) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson–Hilferty; z is the normal 0.999 point)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def roll_counts(rng: RandomStream, draw: Callable[[RandomStream], tuple[int, Any]], total: int) -> Counter[int]:
    counts: Counter[int] = Counter()
    for _ in range(total):
        value, rng = draw(rng)
        counts[value] += 1
    return counts


# -- determinism ------------------------------------------------------------------------------------------


def test_the_same_key_and_counter_give_the_same_draws_and_nothing_changes_in_place() -> None:
    a, b = Rng(KEY), Rng(KEY)
    value, advanced = a.next64()
    assert (value, advanced) == b.next64() and advanced == Rng(KEY, 1) and a == Rng(KEY, 0)
    assert Rng(KEY, 1).next64()[0] != value and Rng(KEY + 1).next64()[0] != value


@given(start=st.integers(0, 200), steps=st.integers(1, 40))
def test_a_draw_depends_only_on_key_and_counter_not_on_the_cached_block(start: int, steps: int) -> None:
    rng: RandomStream = Rng(KEY, start)
    walked = []
    for _ in range(steps):
        value, rng = rng.next64()
        walked.append(value)
    fresh = [Rng(KEY, start + i).next64()[0] for i in range(steps)]
    assert walked == fresh


@given(start=st.integers(0, 200), size=st.integers(0, 70), bound=st.integers(1, 2**64))
def test_the_keyed_generators_batched_draws_are_the_generic_ones_draw_for_draw(
    start: int, size: int, bound: int
) -> None:
    """``Rng`` shuffles and bounds without a generator per draw; each result, and the generator after it, is what
    ``RandomStream``'s one-draw-at-a-time methods give (stored matches replay the same)."""
    rng = Rng(KEY, start)
    items = list(range(size))
    shuffled, after = rng.shuffled(items)
    assert (shuffled, after) == RandomStream.shuffled(rng, items) and after.draws >= start + max(size - 1, 0)
    assert after.next64() == Rng(KEY, after.draws).next64()  # the cached block it hands on is the right one
    assert rng.below(bound) == RandomStream.below(rng, bound)
    assert rng.dice(7) == RandomStream.dice(rng, 7)


def test_the_batched_bound_rejects_and_redraws_as_the_generic_one() -> None:
    """A bound just past 2**63 rejects about half the words: the batched path redraws exactly as the generic."""
    bound, redrawn = 2**63 + 1, 0
    for start in range(64):
        value, after = Rng(KEY, start).below(bound)
        assert (value, after) == RandomStream.below(Rng(KEY, start), bound)
        redrawn += after.draws > start + 1
    assert redrawn >= 10, "the rejection path was exercised"


def test_a_batch_whose_words_are_rejected_midway_is_drawn_as_the_generic_one() -> None:
    """Dice of a bound past 2**63 reject about half their words, in the middle of a batch: the batched draw
    redraws each as the generic one-die-at-a-time methods do, and hands on the right cached block."""
    bound = 2**63 + 1
    for start in range(16):
        rng = Rng(KEY, start)
        rolled, after = rng.dice(9, bound)
        assert (rolled, after) == RandomStream.dice(rng, 9, bound)
        assert after.draws > start + 9, "some word of the batch was rejected and redrawn"
        assert after.next64() == Rng(KEY, after.draws).next64()


def test_pickling_keeps_key_and_counter_and_drops_the_cache() -> None:
    rng = Rng(KEY).dice(5)[1]
    again = pickle.loads(pickle.dumps(rng))
    assert again == rng and again.next64() == rng.next64()
    assert pickle.loads(pickle.dumps(LegacyRng(7, 3))) == LegacyRng(7, 3)


def test_stored_generators_decode_into_their_own_kind() -> None:
    @dataclass(frozen=True)
    class Holder:
        rng: MatchRng

    for rng in (Rng(KEY, 12), LegacyRng(2**63 - 1, 5)):
        data = to_json(Holder(rng))
        assert from_json(Holder, data) == Holder(rng) and type(from_json(Holder, data).rng) is type(rng)
    old = {"rng": {"seed": 42, "draws": 3}}  # what every state stored before the keyed generator holds
    assert from_json(Holder, old).rng == LegacyRng(42, 3)


def test_keys_are_checked_and_new_keys_are_256_random_bits() -> None:
    for bad in (-1, 1 << KEY_BITS):
        with pytest.raises(ValueError):
            Rng(bad)
    with pytest.raises(ValueError):
        MatchKey(1, generator=3)
    keys = {MatchKey.new().secret for _ in range(64)}
    assert len(keys) == 64 and max(keys).bit_length() > 200
    assert MatchKey(5).rng() == Rng(5) and MatchKey(5, LEGACY).rng() == LegacyRng(5)
    assert MatchKey.new().generator == KEYED


def test_the_key_never_shows_in_a_repr() -> None:
    for shown in (repr(Rng(KEY, 4)), repr(MatchKey(KEY)), str(MatchKey(KEY)), repr(LegacyRng(KEY % 2**63))):
        assert str(KEY) not in shown and f"{KEY:x}" not in shown and str(KEY % 2**63) not in shown


# -- uniformity --------------------------------------------------------------------------------------------


def test_sixty_thousand_dice_are_uniform() -> None:
    counts = roll_counts(Rng(KEY), lambda r: r.dice(1), ROLLS)
    assert set(counts) == {(i,) for i in range(1, 7)}
    faces = Counter({face - 1: n for (face,), n in counts.items()})
    assert chi_square(faces, 6, ROLLS) < critical(5)


@pytest.mark.parametrize("n", [2, 3, 7, 13, 52, 100])
def test_below_is_uniform(n: int) -> None:
    counts = roll_counts(Rng(KEY ^ n), lambda r: r.below(n), ROLLS)
    assert set(counts) == set(range(n))
    assert chi_square(counts, n, ROLLS) < critical(n - 1)


def test_the_uniformity_check_catches_a_biased_generator() -> None:
    """The check above can fail: a die showing one face a fifth of the time (not a sixth) is caught."""

    @dataclass(frozen=True)
    class Loaded:
        inner: Rng

        def below(self, n: int) -> tuple[int, Loaded]:
            value, inner = self.inner.below(25)
            return (0 if value < 5 else 1 + (value - 5) // 4), Loaded(inner)

    counts = roll_counts(Loaded(Rng(KEY)), lambda r: r.below(6), ROLLS)  # type: ignore[arg-type]
    assert chi_square(counts, 6, ROLLS) > critical(5)


# -- one-way derivations ----------------------------------------------------------------------------------


def test_forks_and_derived_values_are_distinct_from_the_stream_and_each_other() -> None:
    rng = Rng(KEY)
    stream = {rng.next64()[0], Rng(KEY, 1).next64()[0]}
    derived = {rng.derive("a"), rng.derive("b"), rng.derive("a", 1), rng.derive("a", 2), rng.derive("a", 1, 2)}
    assert len(derived) == 5 and not derived & stream
    assert rng.fork(1) != rng.fork(2) and rng.fork(1) != Rng(KEY, 1).fork(1)
    assert rng.fork(1).next64()[0] not in stream
    assert rng.derive("a") == Rng(KEY, 99).derive("a"), "a derived value names its label, not a position"
    assert rng.derive("salt", 3, bits=128).bit_length() > 64


def test_a_new_match_publishes_a_derived_nonce_not_a_draw() -> None:
    game = get_game("swartzblak")
    state = game.setup(None, 2, KEY)
    assert state.nonce == f"{Rng(KEY).derive('swartzblak nonce'):016x}"
    assert int(state.nonce, 16) not in {Rng(KEY, i).next64()[0] for i in range(state.rng.draws + 1)}


def test_a_player_checks_every_seal_from_public_text_alone() -> None:
    """The rulebook's "Checking the seals": the log names each seal by a fingerprint as it is made; at the end
    **Verify seals** (``commitments`` of the public view) shows the nonce, each seal whole and each opening,
    and the rulebook's own check function confirms them with nothing but public text."""

    def check(nonce: str, n: int, varmint: int, salt: str, seal: str) -> bool:
        return hashlib.sha256(f"swartzblak|{nonce}|{n}|{varmint}|{salt}".encode()).hexdigest() == seal

    game = get_game("swartzblak")
    pick = random.Random(5)
    state, public = game.setup(None, 2, KEY), []
    while game.outcome(state) is None:
        seat = game.to_decide(state)[0]
        transition = game.act(state, seat, pick.choice(game.choices(state, seat)).key)
        state = transition.state
        public += [entry.public for entry in transition.log]
    log = "\n".join(public)
    shown = "\n".join(game.commitments(game.view(state, None)))
    (nonce,) = re.findall(r"Nonce: `([0-9a-f]{16})`", shown)
    seals = dict(re.findall(r"Seal #(\d+): `([0-9a-f]{64})`", shown))
    opened = re.findall(r"opened: Varmint (\d), salt `([0-9a-f]{32})`", shown)
    assert seals and len(opened) == len(seals)
    assert not re.search(r"[0-9a-f]{32}", log), "the log shows no seal or salt whole"
    assert all(f"seal #{n}: {whole[:12]}" in log for n, whole in seals.items()), "each fingerprint was posted"
    assert all(check(nonce, n, int(v), salt, seals[str(n)]) for n, (v, salt) in enumerate(opened, 1))
    assert not check(nonce, 1, int(opened[0][0]) % 6 + 1, opened[0][1], seals["1"]), "another Varmint fails"
