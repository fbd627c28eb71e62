"""Rectangular grids of squares numbered row by row from the south-west corner (square ``y * width + x``).

Swartzblak's 10 × 10 town is one; Wars' board another. Distances count edge steps (orthogonal moves), the way
"within N spaces" reads in both rulebooks.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Container
from dataclasses import dataclass

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """A ``width`` × ``height`` grid; every method is pure and the tables are computed once per grid."""

    width: int
    height: int

    @property
    def size(self) -> int:
        return self.width * self.height

    def xy(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def at(self, x: int, y: int) -> int | None:
        """The square at column ``x``, row ``y`` (0-based), or ``None`` off the grid."""
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else None

    def neighbours(self, square: int) -> tuple[int, ...]:
        """The orthogonal neighbours, north, east, south, west (those on the grid)."""
        return _neighbours(self)[square]

    def distance(self, a: int, b: int) -> int:
        """Edge steps between two squares (Manhattan distance)."""
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        return abs(ax - bx) + abs(ay - by)

    def reach(self, start: int, steps: int, blocked: Container[int]) -> dict[int, int]:
        """Squares reachable from ``start`` in at most ``steps`` edge steps avoiding ``blocked``, each with its
        number of steps; the caller decides which of them a piece may stop on."""
        found = {start: 0}
        frontier = deque([start])
        table = _neighbours(self)
        while frontier:
            square = frontier.popleft()
            d = found[square] + 1
            if d > steps:
                continue
            for n in table[square]:
                if n not in found and n not in blocked:
                    found[n] = d
                    frontier.append(n)
        return found

    def between(self, a: int, b: int) -> tuple[int, ...]:
        """Squares a straight line from the centre of ``a`` to the centre of ``b`` passes through (not a, b).

        The line is sampled finely; a line running exactly along a corner counts the square it rounds to, always
        the same one, so line of sight is deterministic and symmetric in practice."""
        return _between(self, a, b)


@functools.cache
def _neighbours(grid: SquareGrid) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(n for dx, dy in ORTHOGONAL if (n := grid.at(sq % grid.width + dx, sq // grid.width + dy)) is not None)
        for sq in range(grid.size)
    )


@functools.lru_cache(maxsize=65_536)
def _between(grid: SquareGrid, a: int, b: int) -> tuple[int, ...]:
    (ax, ay), (bx, by) = grid.xy(a), grid.xy(b)
    n = 4 * max(abs(bx - ax), abs(by - ay))
    seen: list[int] = []
    for k in range(1, n):
        x = ax + (bx - ax) * k / n
        y = ay + (by - ay) * k / n
        sq = grid.at(int(x + 0.5), int(y + 0.5))
        if sq is not None and sq not in (a, b) and sq not in seen:
            seen.append(sq)
    return tuple(seen)
