"""Figures, their profiles, and the state, view and action types of The Shapeshifter of Swartzblak."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import IntEnum

from ...core import Outcome, View
from ...rng import LegacyRng, MatchRng
from .board import Alley

HEROES, ADVERSARY = 0, 1
SEAT_NAMES = ("Heroes", "Adversary")
ROUNDS = 6
MOVES_PER_TURN = 3  # (>) a side may spend each turn
STUNTS_PER_TURN = 3  # (!) a side may spend each turn
FLEE_STEPS = 6
COMMAND_RANGE = 6
COMMAND_STEPS = 3
SCURRY_STEPS = 3
HEX_RANGE = 4
# The rules version from which no play is offered that would do nothing (issue 42: a printed power offered as a
# play must be able to have its effect): no Flee that moves nobody, no Command of a Townsperson boxed in.
NO_EMPTY_PLAYS = 6
# The rules version from which the log names a seal by its fingerprint and Verify seals shows it whole (issue 43:
# a 64-digit seal in every line was unreadable); matches of older versions replay their log in the old words.
FINGERPRINTED_SEALS = 7


class Cond(IntEnum):
    """A figure's condition; Minions skip Wounded, the Beast can only be Disabled with Advantage."""

    HEALTHY = 0
    WOUNDED = 1
    DISABLED = 2


COND_NAMES = ("healthy", "Wounded", "Disabled")


@dataclass(frozen=True, slots=True)
class Profile:
    """What a kind of figure can do: squares per move, attack dice, defence dice and attack reach."""

    name: str
    move: int
    attack: int
    defence: int
    reach: int  # 1: adjacent figures only; more: within that many spaces and in line of sight


PROFILES = {
    "C": Profile("Watch Captain", 3, 3, 3, 1),
    "W": Profile("Hedge Witch", 3, 2, 2, 4),
    "R": Profile("Ratcatcher", 4, 2, 2, 1),
    "v": Profile("Varmint", 2, 2, 2, 1),
    "B": Profile("Beast", 4, 3, 3, 1),
    "t": Profile("Townsperson", 0, 0, 1, 0),
}

HERO_IDS = ("C", "W", "R")
VARMINT_IDS = tuple(f"v{n}" for n in range(1, 7))
BEAST = "B"
TOWN_IDS = tuple(f"t{n}" for n in range(1, 7))
UNIT_IDS = (*HERO_IDS, *VARMINT_IDS, BEAST, *TOWN_IDS)
INDEX = {uid: i for i, uid in enumerate(UNIT_IDS)}
ADVERSARY_IDS = (*VARMINT_IDS, BEAST)


def profile(uid: str) -> Profile:
    return PROFILES[uid if uid in PROFILES else uid[0]]


def unit_name(uid: str) -> str:
    """How logs and labels name a figure: "the Watch Captain", "Varmint 3", "the Beast", "Townsperson 2"."""
    if uid[0] in "vt":
        return f"{profile(uid).name} {uid[1]}"
    return f"the {profile(uid).name}"


def side_of(uid: str) -> int | None:
    """The seat a figure belongs to; Townspeople belong to nobody."""
    if uid in HERO_IDS:
        return HEROES
    if uid in ADVERSARY_IDS:
        return ADVERSARY
    return None


@dataclass(frozen=True, slots=True)
class Unit:
    """One figure. ``square`` is ``None`` while out of play (the Beast before it is revealed, a Varmint the
    Shapeshifter has replaced); for the Beast it is the south-west square of its 2×2."""

    id: str
    square: int | None
    cond: Cond = Cond.HEALTHY
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Hash once: search keys its caches by whole positions, sixteen units each."""
        object.__setattr__(self, "_hash", hash((self.id, self.square, self.cond)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Unit], tuple[str, int | None, Cond]]:
        """Unpickle through ``__init__``: hashes of strings differ from process to process."""
        return (Unit, (self.id, self.square, self.cond))

    @property
    def in_play(self) -> bool:
        return self.square is not None

    @property
    def standing(self) -> bool:
        return self.square is not None and self.cond is not Cond.DISABLED


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision that must be made before anything else: the secret ``pick`` at setup, where a commanded
    Townsperson goes (``lead``), which layout a ``twist`` takes, a Varmint's ``scurry``, or the Beast's
    Quick Change Artist window (``change``)."""

    kind: str
    unit: str = ""
    target: str = ""


PENDING_SEAT = {"pick": ADVERSARY, "scurry": ADVERSARY, "change": ADVERSARY}


@dataclass(frozen=True, slots=True)
class Pick:
    """A secret choice of the Shapeshifter's Varmint and the random salt sealed with it."""

    varmint: int
    salt: str


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of the last attack, for the log and the board image."""

    attacker: str
    target: str
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    advantage: bool
    obscured: bool
    hit: bool


@dataclass(frozen=True, slots=True)
class SwAction:
    """Any decision; which fields matter depends on ``kind`` (see ``keys.py`` for the key of each).

    The hash is computed once: search looks actions up in its tree hundreds of thousands of times a decision.
    """

    kind: str
    unit: str = ""
    target: str = ""
    square: int = -1
    code: str = ""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kind, self.unit, self.target, self.square, self.code)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[SwAction], tuple[str, str, str, int, str]]:
        """Unpickle through ``__init__``: hashes of strings differ from process to process."""
        return (SwAction, (self.kind, self.unit, self.target, self.square, self.code))


@dataclass(frozen=True, slots=True)
class SwState:
    units: tuple[Unit, ...]  # in UNIT_IDS order
    alleys: tuple[Alley, ...]
    round: int
    side: int  # whose turn it is
    moves: int  # (>) left this turn
    stunts: int  # (!) left this turn
    moved: frozenset[str]  # figures that used their (>) this turn
    stunted: frozenset[str]  # figures that used their (!) this turn
    hexed: frozenset[str]
    pending: Pending | None
    secret: int | None  # SECRET: the Varmint hiding the Shapeshifter (None while the Beast is in play)
    picks: tuple[Pick, ...]  # SECRET until the end: every pick with its salt
    seals: tuple[str, ...]  # public: sha256 commitments to the picks, in order
    nonce: str  # public: drawn at setup, binds the seals to this match
    down_at_start: bool  # SECRET: the Shapeshifter was Disabled when this Adversary turn began
    last_roll: Roll | None
    outcome: Outcome | None
    rng: MatchRng
    rules: int = 1  # the rules version the match is played under (states stored before version 2 have none)

    def unit(self, uid: str) -> Unit:
        return self.units[INDEX[uid]]


@dataclass(frozen=True, slots=True)
class SwView(View):
    round: int
    side: int
    moves: int
    stunts: int
    moved: frozenset[str]
    stunted: frozenset[str]
    hexed: frozenset[str]
    units: tuple[Unit, ...]
    alleys: tuple[Alley, ...]
    connected: tuple[bool, ...]
    pending: Pending | None
    nonce: str
    seals: tuple[str, ...]
    last_roll: Roll | None
    shapeshifter: int | None  # only in the Adversary's view (and everyone's once the match is over)
    picks: tuple[Pick, ...]  # likewise


def pick_salt(rng: MatchRng, index: int) -> str:
    """The 128-bit salt sealed with pick number ``index``: derived from the match key under its own label, so
    revealing it (to the Adversary now, to everyone at the end) tells nothing of the key or of any die.

    Matches of the old generator took it from a fork of their stream, and replay with that."""
    if isinstance(rng, LegacyRng):
        salt_rng = rng.fork(0x5A17 + index)
        hi, salt_rng = salt_rng.next64()
        lo, _ = salt_rng.next64()
        return f"{hi:016x}{lo:016x}"
    return f"{rng.derive('swartzblak salt', index, bits=128):032x}"


def seal(nonce: str, index: int, varmint: int, salt: str) -> str:
    """The public commitment to pick number ``index`` (1-based): see the rulebook's "Checking the seals"."""
    return hashlib.sha256(f"swartzblak|{nonce}|{index}|{varmint}|{salt}".encode()).hexdigest()


FINGERPRINT = 12  # hex digits of a seal shown in the log: enough to tell seals apart, short enough to read


def fingerprint(sealed: str) -> str:
    """The start of a seal, as the log shows it; the whole seal is one **Verify seals** away."""
    return sealed[:FINGERPRINT]


def verify_seals(nonce: str, seals: tuple[str, ...], picks: tuple[Pick, ...]) -> bool:
    """Whether every revealed pick matches the seal published when it was made."""
    return len(seals) == len(picks) and all(
        seal(nonce, i, p.varmint, p.salt) == s for i, (s, p) in enumerate(zip(seals, picks, strict=True), 1)
    )
