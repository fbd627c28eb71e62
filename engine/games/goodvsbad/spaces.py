"""The Map Spaces rules (the seed): Blank spaces turn Good or Bad, levels 1–6, and the Specials; plus our
reading of "worse" and of damage and healing on the stats (docs/rules/good-vs-bad.md *The levels*,
*Specials*, *Damage and defeat*).

Pure functions of places, marks and pieces; ``landing`` and ``turns`` apply them to a match.
"""

from __future__ import annotations

from typing import Literal

from ...frozen import replace
from .board import Connector, is_encounter, parse_space, walks
from .model import SPECIAL_LEVEL, Kind, Mark, Piece, Side
from .tables import TABLES

GOOD_LEVELS = {1: "nudge1", 2: "nudge2", 3: "heal1", 4: "heal2", 5: "reroll"}
BAD_LEVELS = {1: "slow", 2: "worse1", 3: "worse2", 4: "hurt", 5: "skip"}
GOOD_SPECIALS = ("draw_item", "draw_event", "restore", "raise")
BAD_SPECIALS = ("draw_event", "wound", "lose_d6", "home")
# What each level does, as the levels table of the rulebook prints it: a Good space's piece *may*, a Bad one's
# *must*. The faces, the gallery and the rulebook's table are this text (tests/test_goodvsbad_faces.py).
LEVEL_TEXTS = {
    "nudge1": "move one space forward or back",
    "nudge2": "move two spaces forward or back",
    "heal1": "heal 1 point",
    "heal2": "heal 2 points",
    "reroll": "roll again and move again",
    "slow": "take 1 off its next roll",
    "worse1": "move one space to a worse space, if there is one",
    "worse2": "move up to two spaces to a worse space, if there is one",
    "hurt": "take 1 damage",
    "skip": "lose its next turn",
}
# The Specials' tiles: our names, and what each does in the words of the rulebook's Specials table.
SPECIAL_TILES = {
    "draw_item": ("Treasure Trove", "draw an Item card"),
    "draw_event": ("Crossroads of Fate", "draw an Event card"),
    "restore": ("Healing Spring", "heal every stat to its starting level"),
    "raise": ("Training Ground", "raise a non-Special stat by 1 for good"),
    "wound": ("Cursed Ground", "lose 1 point of a non-Special stat"),
    "lose_d6": ("Sinkhole", "lose as many turns as a die shows"),
    "home": ("Banishing Stone", "go home and lose the next turn"),
}
SPECIAL_NAMES = {effect: f"{name} ({text})" for effect, (name, text) in SPECIAL_TILES.items()}
MAKES: dict[Kind, Side] = {"hero": "good", "villain": "bad"}
Effect = Literal["nudge1", "nudge2", "heal1", "heal2", "reroll", "slow", "worse1", "worse2", "hurt", "skip"]


def is_markable(place: str) -> bool:
    """A Connector space that is not an Encounter square: the only kind of space that turns Good or Bad."""
    found = parse_space(place)
    return found is not None and not is_encounter(found[1])


def after_landing(mark: Mark | None, place: str, kind: Kind, seat: int) -> Mark | None:
    """The mark a space gets when a piece lands on it, before the piece may raise it: a Blank space turns
    Good 1 under a Hero and Bad 1 under a Villain; anything else is unchanged."""
    if mark is None and is_markable(place):
        return Mark(place, MAKES[kind], 1, maker=seat)
    return mark


def may_raise(mark: Mark | None, kind: Kind) -> bool:
    """A Hero may raise a Good space, a Villain a Bad one, below Special; never the other side's."""
    return mark is not None and mark.level < SPECIAL_LEVEL and mark.side == MAKES[kind]


def raised(mark: Mark, seat: int, special: str = "") -> Mark:
    """One level up; at 6 the space takes the ``special`` its raiser chose."""
    level = mark.level + 1
    return replace(mark, level=level, special=special if level == SPECIAL_LEVEL else "", maker=seat)


def specials_for(side: Side) -> tuple[str, ...]:
    return GOOD_SPECIALS if side == "good" else BAD_SPECIALS


def effect(mark: Mark) -> str:
    """What a space of this mark does to a piece that lands on it: a level's effect, or its Special."""
    if mark.level >= SPECIAL_LEVEL:
        return mark.special
    return (GOOD_LEVELS if mark.side == "good" else BAD_LEVELS)[mark.level]


def rank(mark: Mark | None) -> int:
    """Best to worst (ours): a Good Special, Good 5 … Good 1, then every space that is neither Good nor Bad (Blank,
    an Encounter square, a Home Base, the Crossroads), Bad 1 … Bad 5, a Bad Special. A drag starts on Bad 2 or
    worse, so only a Bad space of a higher level, or a Bad Special, is ever worse than where it starts."""
    if mark is None:
        return 0
    return mark.level * (1 if mark.side == "good" else -1)


def worse_places(
    here: str,
    reach: int,
    marks: dict[str, Mark],
    connectors: tuple[Connector, ...],
    lengths: tuple[int, ...],
    *,
    came_from: str | None,
    stops: frozenset[str] = frozenset(),
) -> tuple[str, ...]:
    """Where Bad 2 (``reach`` 1) or Bad 3 (``reach`` 2) sends a piece: the worst places within ``reach``
    steps that rank below ``here``; several on a tie, none if nothing is worse. ``came_from``: the place the
    walk may not begin by stepping back onto (rules versions 1–3); from version 4 a drag goes either way.
    ``stops``: Traps, where a way ends (from version 4); a Trap's space is where it goes only if it is worse."""
    start = rank(marks.get(here))
    found = {
        end
        for steps in range(1, reach + 1)
        for end in walks(here, steps, connectors, lengths, came_from=came_from, stops=stops)
        if end != here and rank(marks.get(end)) < start
    }
    if not found:
        return ()
    worst = min(rank(marks.get(p)) for p in found)
    return tuple(sorted(p for p in found if rank(marks.get(p)) == worst))


def item_power(piece: Piece, kind: str) -> int:
    """The power of the Item of type ``kind`` laid beside ``piece`` (0 for none: one of each type at most)."""
    return max((TABLES.items[i].power for i in piece.items if TABLES.items[i].type == kind), default=0)


def hurt(piece: Piece, points: int) -> Piece:
    """Damage comes off the highest non-Special stat, a point at a time (ties: Agility, Might, Smarts first);
    no stat goes below 0."""
    stats = list(piece.stats)
    for _ in range(points):
        top = max(stats)
        if top == 0:
            break
        stats[stats.index(top)] -= 1
    return replace(piece, stats=tuple(stats))  # type: ignore[arg-type]


def heal(piece: Piece, points: int) -> Piece:
    """Healing restores lost points to the stat furthest below its starting level (ties: Agility first), never
    above it."""
    stats = list(piece.stats)
    for _ in range(points):
        gaps = [start - now for start, now in zip(piece.start, stats, strict=True)]
        if max(gaps) <= 0:
            break
        stats[gaps.index(max(gaps))] += 1
    return replace(piece, stats=tuple(stats))  # type: ignore[arg-type]


def restore(piece: Piece) -> Piece:
    return replace(piece, stats=piece.start)


def raise_stat(piece: Piece, stat: int) -> Piece:
    """A Training Ground's gift: the stat and its starting level both go up by 1."""
    bump = tuple(n + (i == stat) for i, n in enumerate(piece.stats))
    start = tuple(n + (i == stat) for i, n in enumerate(piece.start))
    return replace(piece, stats=bump, start=start)  # type: ignore[arg-type]
