"""Where things go on the Swartzblak board image: the layout, square and 2×2 boxes for either side's
orientation, badge boxes, and the facts of the town the picture marks (escape tiles, links between Alleyways).

Tests, click maps and the renderer all compute boxes from these same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.games.swartzblak.board import NEIGHBOURS, SIZE, SQUARE_INDEX, footprint
from engine.games.swartzblak.model import ADVERSARY, HEROES, SwView

from ..grids import SquareGrid, checker_fill, is_dark_square
from ..palette import RGB
from .sprites import BADGE

COLUMN_WIDTH = 200  # the side column at 1024 pixels

# -- geometry ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes on a ``size``-pixel canvas: the grid, the side column and the bottom panel."""

    size: int
    grid: SquareGrid
    column: tuple[int, int, int, int]
    panel: tuple[int, int, int, int]
    scale: float


@lru_cache(maxsize=16)
def layout(size: int) -> Layout:
    u = size / 1024
    margin = round(22 * u)
    panel_h = round(190 * u)
    panel_top = size - margin - panel_h
    labels = round(36 * u)
    room = panel_top - round(14 * u) - margin - labels
    x0 = margin + round(58 * u)  # room for the rank labels, "10" the widest
    column_w = round(COLUMN_WIDTH * u)
    cell = min(int(room / (SIZE + 0.16)), int((size - margin - column_w - x0) / (SIZE + 0.3)))
    rim = round(cell * 0.08)
    y0 = margin + rim
    grid = SquareGrid(x0, y0, cell, SIZE, SIZE)
    column = (x0 + SIZE * cell + rim + round(16 * u), margin, size - margin, panel_top - round(14 * u))
    return Layout(size, grid, column, (margin, panel_top, size - margin, size - margin), u)


def _place(square: int, orientation: int) -> tuple[int, int]:
    """(column, row) of ``square`` in the picture: the Heroes' rank 1 at the bottom, or the Adversary's rank 10."""
    rank, file = divmod(square, SIZE)
    if orientation == ADVERSARY:
        return SIZE - 1 - file, rank
    return file, SIZE - 1 - rank


def _square(square: int | str) -> int:
    if isinstance(square, str):
        try:
            return SQUARE_INDEX[square.strip().lower()]
        except KeyError:
            raise ValueError(f"{square!r} is not a square of Swartzblak (a1–j10)") from None
    if not 0 <= square < SIZE * SIZE:
        raise ValueError(f"square index {square} is off the 10×10 board")
    return square


def square_box(square: int | str, *, size: int = 1024, orientation: int = HEROES) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom; exclusive) of a square (index or name) for this size and side."""
    return layout(size).grid.box(*_place(_square(square), orientation))


def beast_box(anchor: int | str, *, size: int = 1024, orientation: int = HEROES) -> tuple[int, int, int, int]:
    """Pixel box of the 2×2 the Beast covers when its south-west square is ``anchor``."""
    squares = footprint(_square(anchor))
    if squares is None:
        raise ValueError(f"the Beast cannot stand with its south-west corner on {anchor!r}")
    boxes = [square_box(sq, size=size, orientation=orientation) for sq in squares]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def badge_box(
    square: int | str, corner: str, *, size: int = 1024, orientation: int = HEROES
) -> tuple[int, int, int, int]:
    """Pixel box of a figure's badge on ``square``: ``"tr"`` condition, ``"tl"`` mask, ``"bl"`` Hexed."""
    x0, y0, x1, y1 = square_box(square, size=size, orientation=orientation)
    b = round((x1 - x0) * BADGE)
    x = x1 - b if corner[1] == "r" else x0
    y = y0 if corner[0] == "t" else y1 - b
    return (x, y, x + b, y + b)


def is_dark(square: int) -> bool:
    """a1 is dark, as on a chessboard."""
    return is_dark_square(*divmod(square, SIZE))


def square_fill(square: int, kind: str = "plain") -> RGB:
    """The colour of a square's background: plain, marked as the last move, or marked by the caller."""
    return checker_fill(*divmod(square, SIZE), kind)


def escapes(view: SwView) -> tuple[int | None, ...]:
    """Per Alleyway, the square of its Tile 5 if the Alleyway connects to no other (the escape), else None."""
    return tuple(
        None if linked else alley.square_of(5) for alley, linked in zip(view.alleys, view.connected, strict=True)
    )


def links(view: SwView) -> list[tuple[int, int]]:
    """Pairs of edge-adjacent squares (lower first) holding tiles of two different Alleyways."""
    owner = {sq: i for i, alley in enumerate(view.alleys) for sq in alley.squares}
    return sorted((a, b) for a, i in owner.items() for b in NEIGHBOURS[a] if a < b and owner.get(b, i) != i)
