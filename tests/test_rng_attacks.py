"""Attacks on a match's randomness, carried out: they break the old generator and fail against the keyed one.

The old generator (SplitMix64, kept as ``LegacyRng`` so that old matches replay) publishes its first raw
output as Swartzblak's nonce, and its output function can be inverted. The attacks below are what anyone
reading our code could do with the public view or with the Adversary's own salt; they are the reason every new
match draws from the keyed generator, whose nonce and salts are derived under their own labels.
"""

from __future__ import annotations

import random
import re

import pytest

from engine import get_game
from engine.games.swartzblak.model import ADVERSARY, SwState, SwView, seal
from engine.rng import LEGACY, LegacyRng, MatchKey

GAME = get_game("swartzblak")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MUL1, MUL2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
SALT_FORK = 0x5A17  # the old salts came from ``fork(0x5A17 + index)``
COUNTERS = 2_000  # how far into the stream the attacker searches for the draw counter of a pick


def unxorshift(value: int, shift: int) -> int:
    """Undo ``z ^= z >> shift`` on 64 bits."""
    result = value
    for _ in range(64 // shift + 1):
        result = value ^ (result >> shift)
    return result & MASK


def invert_output(value: int) -> int:
    """The SplitMix64 input ``seed + counter * GOLDEN`` whose output is ``value``: every step is a bijection."""
    z = unxorshift(value, 31)
    z = (z * pow(MUL2, -1, 1 << 64)) & MASK
    z = unxorshift(z, 27)
    z = (z * pow(MUL1, -1, 1 << 64)) & MASK
    return unxorshift(z, 30)


def seed_from_nonce(nonce: str) -> int:
    """The old nonce is output 1 of the match stream, so it inverts straight to the match seed."""
    return (invert_output(int(nonce, 16)) - GOLDEN) & MASK


def shapeshifter_from_public_view(view: SwView) -> int | None:
    """Attack 1: name the Varmint hiding the Shapeshifter from the public view alone, or ``None``.

    Invert the nonce to a seed; confirm it by replaying the set-up (the town must come out as shown); replay
    the salt of the first pick from it and test the six possible Varmints against the public seal."""
    seed = seed_from_nonce(view.nonce)
    opening = GAME.setup(None, 2, MatchKey(seed, LEGACY))
    if opening.alleys != view.alleys or opening.nonce != view.nonce:
        return None
    salt_rng = LegacyRng(seed, opening.rng.draws).fork(SALT_FORK + 1)
    hi, salt_rng = salt_rng.next64()
    lo, _ = salt_rng.next64()
    salt = f"{hi:016x}{lo:016x}"
    found = [v for v in range(1, 7) if seal(view.nonce, 1, v, salt) == view.seals[0]]
    return found[0] if len(found) == 1 else None


def future_dice_from_salt(salt: str, public: SwView, count: int) -> tuple[int, ...] | None:
    """Attack 2: from the Adversary's first salt, the match's next ``count`` dice, or ``None``.

    The salt's first half inverts to the forked seed; that one inverts to ``seed ^ fork constant`` plus the
    counter times GOLDEN. Trying each counter, the public nonce confirms the match seed; the set-up's replay
    then gives the counter of the stream, from which every future die follows."""
    fork_seed = (invert_output(int(salt[:16], 16)) - GOLDEN) & MASK
    inner = invert_output(fork_seed)
    for counter in range(1, COUNTERS):
        seed = ((inner - counter * GOLDEN) & MASK) ^ (SALT_FORK + 1)
        if LegacyRng(seed).next64()[0] != int(public.nonce, 16):
            continue
        draws = GAME.setup(None, 2, MatchKey(seed, LEGACY)).rng.draws  # no die is rolled before the pick
        return LegacyRng(seed, draws).dice(count)[0]
    return None


def picked(key: MatchKey, varmint: int) -> tuple[SwState, str]:
    """The match after the Adversary's first pick, and the salt the Adversary's own view (**Verify seals**)
    shows them, which the public view does not."""
    transition = GAME.act(GAME.setup(None, 2, key), ADVERSARY, f"pick{varmint}")
    (salt,) = re.findall(r"salt `([0-9a-f]{32})`", "\n".join(GAME.commitments(GAME.view(transition.state, ADVERSARY))))
    assert salt not in "\n".join(GAME.commitments(GAME.view(transition.state, None)))
    return transition.state, salt


LEGACY_KEYS = [MatchKey(random.Random(n).getrandbits(63), LEGACY) for n in range(8)]
KEYED_KEYS = [MatchKey(random.Random(n).getrandbits(256)) for n in range(8)]


@pytest.mark.parametrize("key", LEGACY_KEYS, ids=lambda k: f"legacy{LEGACY_KEYS.index(k)}")
def test_the_old_generator_gives_the_shapeshifter_away_to_anyone(key: MatchKey) -> None:
    varmint = 1 + LEGACY_KEYS.index(key) % 6
    state, _ = picked(key, varmint)
    assert shapeshifter_from_public_view(GAME.view(state, None)) == varmint == state.secret


@pytest.mark.parametrize("key", KEYED_KEYS, ids=lambda k: f"keyed{KEYED_KEYS.index(k)}")
def test_the_keyed_generator_gives_the_attack_nothing(key: MatchKey) -> None:
    varmint = 1 + KEYED_KEYS.index(key) % 6
    state, _ = picked(key, varmint)
    assert shapeshifter_from_public_view(GAME.view(state, None)) is None


@pytest.mark.parametrize("key", LEGACY_KEYS[:4], ids=lambda k: f"legacy{LEGACY_KEYS.index(k)}")
def test_the_old_generator_lets_the_adversary_predict_every_die(key: MatchKey) -> None:
    state, salt = picked(key, 3)
    predicted = future_dice_from_salt(salt, GAME.view(state, None), 12)
    assert predicted == state.rng.dice(12)[0], "the next twelve dice the match will roll"


@pytest.mark.parametrize("key", KEYED_KEYS[:4], ids=lambda k: f"keyed{KEYED_KEYS.index(k)}")
def test_the_keyed_generator_keeps_the_dice_from_the_adversary(key: MatchKey) -> None:
    state, salt = picked(key, 3)
    assert future_dice_from_salt(salt, GAME.view(state, None), 12) is None
