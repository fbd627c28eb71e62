"""Twists and Turns: the lattice symmetries that rearrange an Alleyway, and the menu of layouts.

A twist's legality splits into a *geometric* part (the tiles land on the board, on six different squares, in
a new layout) that depends on the Alleyway alone, and a part that depends on where the figures stand (the
anchor next to an empty tile, no Large figure moved, nothing under a moved tile, a tile next to an empty one
afterwards). The geometric part of all 126 candidate twists is worked out once per Alleyway
(``_candidates``, cached by layout), and the menus themselves are cached by (layout, occupied squares,
pinned squares), since search asks for the same few positions' menus over and over. Every function here is
pure, so the caches change nothing but the cost; tests/test_swartzblak_speed.py checks them against a
straightforward reimplementation of the rules on many reachable positions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .board import ALL_SQUARES, NEIGHBOURS, SIZE, TILES, Alley, at, xy

TRANSFORMS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "r90": lambda dx, dy: (-dy, dx),
    "r180": lambda dx, dy: (-dx, -dy),
    "r270": lambda dx, dy: (dy, -dx),
    "fx": lambda dx, dy: (-dx, dy),
    "fy": lambda dx, dy: (dx, -dy),
    "fd": lambda dx, dy: (dy, dx),
    "fa": lambda dx, dy: (-dy, -dx),
}
TRANSFORM_WORDS = {
    "r90": "turns a quarter left",
    "r180": "turns right round",
    "r270": "turns a quarter right",
    "fx": "flips east–west",
    "fy": "flips north–south",
    "fd": "flips on the / diagonal",
    "fa": "flips on the \\ diagonal",
}
WHOLE = "*"  # the arm code of a twist that moves every tile but the anchor
POSITIONS_CACHED = 4096  # menus (and has-a-twist answers) remembered: small entries
LAYOUTS_CACHED = 256  # Alleyway layouts whose candidate twists are remembered: ~60 kB each


@dataclass(frozen=True, slots=True)
class Twist:
    """A rearrangement: keep tile ``anchor`` where it is, and move the arm of tiles from it to the end tile
    ``arm`` (or every other tile, ``WHOLE``) by one of the lattice symmetries centred on the anchor."""

    anchor: int
    arm: str
    transform: str

    @property
    def code(self) -> str:
        return f"{self.anchor}:{self.arm}:{self.transform}"


_BIT = tuple(1 << sq for sq in range(SIZE * SIZE))


def _mask(squares: Iterable[int]) -> int:
    """A set of squares as a bit mask (bit ``sq``), the cheapest set to keep and to intersect."""
    bits = 0
    for sq in squares:
        bits |= _BIT[sq]
    return bits


_NEAR = tuple(_mask(NEIGHBOURS[sq]) for sq in range(SIZE * SIZE))  # the squares adjacent to each square


@functools.cache
def _image(transform: str, anchor_sq: int) -> tuple[int | None, ...]:
    """Where ``transform`` about ``anchor_sq`` takes every square (``None``: off the board)."""
    ax, ay = xy(anchor_sq)
    fn = TRANSFORMS[transform]
    image = []
    for sq in range(SIZE * SIZE):
        x, y = xy(sq)
        dx, dy = fn(x - ax, y - ay)
        image.append(at(ax + dx, ay + dy))
    return tuple(image)


class _Candidate(NamedTuple):
    """A twist that is geometrically possible for one Alleyway, with what the position checks need (square
    sets as bit masks)."""

    twist: Twist
    anchor_sq: int
    moves: tuple[tuple[int, int], ...]  # (old square, new square) of each moving tile, in path order
    moved_from: int  # the squares of the moving tiles (a flip may leave some of them in place)
    targets: int  # the new squares of the moving tiles
    squares: tuple[int, ...]  # the new layout
    around: int  # squares adjacent to the new layout and not in it
    touching: int  # squares adjacent to the new layout (the connection check)


def _moving(alley: Alley, anchor: int, arm: str) -> tuple[int, list[int]] | None:
    """The anchor's position and the positions of the tiles a twist moves (``None``: not a twist here)."""
    if anchor not in alley.numbers:
        return None
    pos = alley.numbers.index(anchor)
    if arm == WHOLE:
        return pos, [i for i in range(TILES) if i != pos]
    if arm.isdigit() and int(arm) in (alley.numbers[0], alley.numbers[-1]):
        end = alley.numbers.index(int(arm))
        if end == pos:
            return None
        return pos, list(range(pos + 1, TILES)) if end > pos else list(range(pos))
    return None


@functools.lru_cache(maxsize=LAYOUTS_CACHED)
def _candidates(alley: Alley) -> tuple[_Candidate, ...]:
    """Every geometrically possible twist of ``alley``, in the canonical order (anchor tile, arm, transform):
    every tile lands on the board, on distinct squares, in a new layout."""
    squares = alley.squares
    found = []
    for anchor in sorted(alley.numbers):
        for arm in (str(alley.numbers[0]), str(alley.numbers[-1]), WHOLE):
            moving = _moving(alley, anchor, arm)
            if moving is None:
                continue
            pos, tiles = moving
            anchor_sq = squares[pos]
            olds = [squares[i] for i in tiles]
            moved_from = _mask(olds)
            for transform in TRANSFORMS:
                image = _image(transform, anchor_sq)
                news = [image[sq] for sq in olds]
                if None in news:
                    continue
                layout: list[int | None] = list(squares)
                for i, sq in zip(tiles, news, strict=True):
                    layout[i] = sq
                new = tuple(layout)
                if len(set(new)) != TILES or new == squares:
                    continue
                touching = 0
                for sq in new:
                    touching |= _NEAR[sq]
                moves = tuple(zip(olds, news, strict=True))
                twist = Twist(anchor, arm, transform)
                c = _Candidate(twist, anchor_sq, moves, moved_from, _mask(news), new, touching & ~_mask(new), touching)
                found.append(c)
    return tuple(found)


@functools.lru_cache(maxsize=LAYOUTS_CACHED)
def _by_twist(alley: Alley) -> dict[Twist, _Candidate]:
    by: dict[Twist, _Candidate] = {}
    for c in _candidates(alley):
        by.setdefault(c.twist, c)
    return by


class _Position:
    """What every candidate twist of one Alleyway in one position is checked against."""

    __slots__ = ("empty", "occupied", "others", "pinned")

    def __init__(self, alleys: tuple[Alley, ...], index: int, occupied: frozenset[int], pinned: frozenset[int]):
        tiles = frozenset(sq for a in alleys for sq in a.squares)
        self.occupied = _mask(occupied)
        self.pinned = _mask(pinned)
        self.empty = _mask(ALL_SQUARES.difference(tiles, occupied))
        self.others = _mask(tiles - set(alleys[index].squares))

    def carried(self, c: _Candidate) -> dict[int, int] | None:
        """Where the carried figures go if ``c`` is legal in this position, else ``None``: the anchor is next
        to an empty tile, no pinned tile moves, no moved tile lands on another Alleyway's tile or on a figure
        that stays, and afterwards a tile of the new layout is next to an empty tile (no tile, no figure)."""
        if not _NEAR[c.anchor_sq] & self.empty or c.moved_from & self.pinned or c.targets & self.others:
            return None
        occupied = self.occupied
        staying = occupied & ~c.moved_from
        if c.targets & staying:
            return None
        if not c.around & ~(self.others | staying):  # (carried figures land on the layout, not around it)
            return None
        return {old: new for old, new in c.moves if occupied >> old & 1}


def twisted(
    alleys: tuple[Alley, ...], index: int, twist: Twist, figures: dict[int, str], pinned: frozenset[int]
) -> tuple[Alley, dict[int, int]] | None:
    """The Alleyway after ``twist`` and where each carried figure's square goes, or ``None`` if illegal.

    ``figures`` maps every occupied square to its figure; ``pinned`` are squares that may not move (the
    squares of a Large figure). Figures on a moved tile ride it; nothing else may be under a moved tile.
    """
    alley = alleys[index]
    if twist.arm != WHOLE and twist.arm.isdigit():
        twist = Twist(twist.anchor, str(int(twist.arm)), twist.transform)  # "05" names the same end as "5"
    c = _by_twist(alley).get(twist)
    if c is None:
        return None
    carried = _Position(alleys, index, frozenset(figures), pinned).carried(c)
    return None if carried is None else (Alley(alley.key, c.squares, alley.numbers), carried)


def _legal(alleys: tuple[Alley, ...], index: int, occupied: frozenset[int], pinned: frozenset[int]) -> list[_Candidate]:
    """The legal twists of Alleyway ``index``, the first of each layout, in the canonical order."""
    position = _Position(alleys, index, occupied, pinned)
    found: list[_Candidate] = []
    layouts: set[tuple[int, ...]] = set()
    for c in _candidates(alleys[index]):
        if c.squares not in layouts and position.carried(c) is not None:
            layouts.add(c.squares)
            found.append(c)
    return found


def twists(alleys: tuple[Alley, ...], index: int, figures: dict[int, str], pinned: frozenset[int]) -> list[Twist]:
    """Every legal twist of Alleyway ``index`` in a fixed order (anchor tile, arm, transform), one per layout."""
    return [c.twist for c in _legal(alleys, index, frozenset(figures), pinned)]


def twist_menu(
    alleys: tuple[Alley, ...], index: int, figures: dict[int, str], pinned: frozenset[int], size: int = 6
) -> list[Twist]:
    """A short menu of layouts: one per distinct (where Tile 5 lands, whether the Alleyway connects), spread
    evenly over the canonical order so the menu shows varied shapes rather than six near-copies."""
    return list(_menu(alleys, index, frozenset(figures), pinned, size))


@functools.lru_cache(maxsize=POSITIONS_CACHED)
def _menu(
    alleys: tuple[Alley, ...], index: int, occupied: frozenset[int], pinned: frozenset[int], size: int
) -> tuple[Twist, ...]:
    others = _mask(sq for i, alley in enumerate(alleys) if i != index for sq in alley.squares)  # as ``connects``
    numbers = alleys[index].numbers
    seen: set[tuple[int, bool]] = set()
    distinct: list[Twist] = []
    for c in _legal(alleys, index, occupied, pinned):
        signature = (c.squares[numbers.index(5)], bool(c.touching & others))
        if signature not in seen:
            seen.add(signature)
            distinct.append(c.twist)
    if len(distinct) <= size:
        return tuple(distinct)
    picks = sorted({round(i * (len(distinct) - 1) / (size - 1)) for i in range(size)})
    return tuple(distinct[i] for i in picks)


def has_twist(alleys: tuple[Alley, ...], index: int, figures: dict[int, str], pinned: frozenset[int]) -> bool:
    """Whether any legal twist exists (stops at the first one: cheap enough to list every decision)."""
    return _has_twist(alleys, index, frozenset(figures), pinned)


@functools.lru_cache(maxsize=POSITIONS_CACHED)
def _has_twist(alleys: tuple[Alley, ...], index: int, occupied: frozenset[int], pinned: frozenset[int]) -> bool:
    position = _Position(alleys, index, occupied, pinned)
    return any(position.carried(c) is not None for c in _candidates(alleys[index]))
