"""Hex maps in axial coordinates (pointy-topped hexes), after Red Blob Games' "Hexagonal Grids".

A ``Hex`` is ``(q, r)``; the third cube coordinate is ``s = -q - r``. Directions are numbered 0–5 starting
east and turning counter-clockwise (east, north-east, north-west, west, south-west, south-east), so a facing
is a direction and turning by one is 60°. Maps are any set of hexes: a game lays out its own shape.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

Arc = Literal["front", "flank", "rear"]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbours, in direction order."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Steps between two hexes."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def pixel(self, size: float = 1.0) -> tuple[float, float]:
        """The centre of this hex for hexes of circumradius ``size`` (y grows downwards, as on an image)."""
        return size * math.sqrt(3) * (self.q + self.r / 2), size * 1.5 * self.r


DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def within(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at most ``radius`` steps from ``centre``, in (q, r) order."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(centre.q + dq, centre.r + dr)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps away, walking counter-clockwise from the south-west corner."""
    if radius == 0:
        return [centre]
    found = []
    hex_ = centre + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            found.append(hex_)
            hex_ = hex_.neighbour(side)
    return found


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` crosses, both ends included.

    The line is nudged by a tiny fixed amount, so a line running exactly along an edge between two hexes
    always takes the same side: deterministic, and the same hexes both ways round for the usual cases. It is
    drawn from ``a`` as the origin, so a line has the same shape wherever it starts (with absolute coordinates,
    rounding errors would pick different sides of an edge in different places of the map)."""
    return [Hex(a.q + dq, a.r + dr) for dq, dr in _offsets(b.q - a.q, b.r - a.r)]


@functools.lru_cache(maxsize=8192)
def _offsets(dq: int, dr: int) -> tuple[tuple[int, int], ...]:
    """``line`` from ``(0, 0)`` to ``(dq, dr)``, as axial offsets, ends included: each point of the nudged cube
    line rounded to the hex holding it (the rounding written out in the loop, as lines are drawn by the
    thousand when a map's sight is first worked out)."""
    n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    if n == 0:
        return ((0, 0),)
    eps = 1e-6
    ds = -dq - dr
    found = []
    for i in range(n + 1):
        q, r, s = eps + dq * i / n, eps + dr * i / n, ds * i / n - 2 * eps
        rq, rr, rs = round(q), round(r), round(s)
        off_q, off_r, off_s = abs(rq - q), abs(rr - r), abs(rs - s)
        if off_q > off_r and off_q > off_s:
            rq = -rr - rs
        elif off_r > off_s:
            rr = -rq - rs
        found.append((rq, rr))
    return tuple(found)


def seen_cells(origin: int, targets: Iterable[int], blockers: Iterable[int]) -> list[int]:
    """Those of the packed hexes ``targets`` (``pack``) that ``origin`` sees past ``blockers``, by the same
    lines as ``line_of_sight``; for a whole map at once. A line's inner hexes, taken from its start, depend only
    on where its end lies from its start (``_inner_steps``, keyed and packed as single ints), so the blockers are
    made relative to ``origin`` once and each line is one set test (``isdisjoint``, which stops at the first
    hit); ints, unlike hexes, hash without a Python call."""
    clear = {blocker - origin for blocker in blockers}.isdisjoint
    return [target for target in targets if clear(_inner_steps(target - origin))]


def sees(origin: Hex, target: Hex, blockers: frozenset[int]) -> bool:
    """``line_of_sight`` from ``origin`` to ``target`` past ``blockers`` (packed hexes, ``pack``): one set test on the
    line's cached inner steps, for a single line asked often (a map's blockers packed once)."""
    start = pack(origin)
    steps = _inner_steps(pack(target) - start)
    return blockers.isdisjoint([start + step for step in steps])


_PACK = 1 << 16  # q and r of any map fit well within ±2**14
_HALF = _PACK // 2


def _pair(q: int, r: int) -> int:
    """The packing itself, of an axial pair: row-major, so packed hexes sort by row, then along the row."""
    return r * _PACK + q


def pack(hex_: Hex) -> int:
    """One int for a hex, for sets and tables of many hexes (an int hashes in C, a ``Hex`` in Python). Packing
    is additive, a packed hex plus a packed direction (``PACKED_DIRECTIONS``) being the packed neighbour, and
    row-major: packed hexes sort by row, then along the row. ``_pair``, written out: the move search and the
    Teleport stage pack hundreds of hexes a decision, and a call apiece would cost more than the sum."""
    return hex_.r * _PACK + hex_.q


def unpack(cell: int) -> Hex:
    """``pack`` undone (written out too: the move search unpacks every place it lists)."""
    r, q = divmod(cell + _HALF, _PACK)
    return Hex(q - _HALF, r)


PACKED_DIRECTIONS = tuple(_pair(d.q, d.r) for d in DIRECTIONS)


@functools.lru_cache(maxsize=16384)
def _inner_steps(offset: int) -> tuple[int, ...]:
    """``_offsets`` without its two ends, packed, for a line whose end lies ``offset`` (packed) from its start:
    one int, the cache's quickest key."""
    dr, dq = divmod(offset + _HALF, _PACK)
    return tuple(_pair(q, r) for q, r in _offsets(dq - _HALF, dr)[1:-1])


def line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Whether nothing between ``a`` and ``b`` (ends excluded) blocks the view; the game says what blocks."""
    return not any(blocks(h) for h in line(a, b)[1:-1])


def sector(origin: Hex, other: Hex) -> int:
    """The direction (0–5) whose 60° wedge around ``origin`` holds ``other``; a hex exactly on the border of
    two wedges belongs to the counter-clockwise one."""
    if origin == other:
        raise ValueError("a hex has no direction from itself")
    (ox, oy), (x, y) = origin.pixel(), other.pixel()
    angle = math.degrees(math.atan2(oy - y, x - ox))  # counter-clockwise from east, y flipped to point up
    return math.floor((angle + 30 + 1e-9) / 60) % 6


def arc(facing: int, origin: Hex, other: Hex) -> Arc:
    """Where ``other`` stands for a piece on ``origin`` facing ``facing``: in front (the three hexsides
    ahead: straight on and the two beside it), on a flank (the two rear-oblique sides) or behind."""
    relative = (sector(origin, other) - facing) % 6
    if relative in (0, 1, 5):
        return "front"
    return "rear" if relative == 3 else "flank"


def turns(a: int, b: int) -> int:
    """The fewest 60° turns from facing ``a`` to facing ``b`` (0–3)."""
    d = (b - a) % 6
    return min(d, 6 - d)


def reach(
    start: Hex, steps: int, passable: Callable[[Hex], bool], cost: Callable[[Hex], int] = lambda _: 1
) -> dict[Hex, int]:
    """Hexes reachable from ``start`` spending at most ``steps`` (each hex entered costs ``cost(hex)``), with
    the cheapest cost of each; ``passable`` says which hexes may be entered (the map's edge among them)."""
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        frontier.sort(reverse=True)
        spent, here = frontier.pop()
        if spent > best.get(here, spent):
            continue
        for n in here.neighbours():
            if not passable(n):
                continue
            total = spent + cost(n)
            if total <= steps and total < best.get(n, steps + 1):
                best[n] = total
                frontier.append((total, n))
    return best


def bounds(hexes: Iterable[Hex], size: float = 1.0) -> tuple[float, float, float, float]:
    """The pixel box (left, top, right, bottom) of a set of hexes' centres, for laying out any map shape."""
    points = [h.pixel(size) for h in hexes]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
