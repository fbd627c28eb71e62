"""Board geometry and backgrounds: square grids and hex grids, each with coordinate labels.

Geometry lives in small frozen dataclasses so a renderer, its tests and any click-to-square code compute the
same pixel boxes from the same numbers. Drawing a grid is slow-ish (it is anti-aliased); renderers draw it into
a cached background once per size and orientation.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import palette as pal
from .palette import RGB
from .toolkit import Point, Sketch, draw_text

# -- square grids --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """``cols`` × ``rows`` squares of ``cell`` pixels whose top-left corner is at (``x0``, ``y0``).

    Columns count from the left and rows from the top *of the picture*; mapping a game's own coordinates (and
    the viewer's orientation) onto them is the renderer's job.
    """

    x0: int
    y0: int
    cell: int
    cols: int
    rows: int

    def box(self, col: int, row: int) -> tuple[int, int, int, int]:
        """Pixel box (left, top, right, bottom; right and bottom exclusive) of one square."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError(f"square ({col}, {row}) is off a {self.cols}×{self.rows} grid")
        x, y = self.x0 + col * self.cell, self.y0 + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        return (self.x0, self.y0, self.x0 + self.cols * self.cell, self.y0 + self.rows * self.cell)


HIGHLIGHT_MIX = 0.55  # how strongly a last-move or marked square takes its highlight colour


def is_dark_square(rank: int, file: int) -> bool:
    """Dark where rank + file is even: a1 is dark, as on a chessboard. Shared by every square-grid board."""
    return (rank + file) % 2 == 0


def checker_fill(rank: int, file: int, kind: str = "plain") -> RGB:
    """A board square's colour: dark or light (``is_dark_square``), mixed with the last-move colour (``"last"``)
    or the caller's mark (``"marked"``). Shared by every square-grid board."""
    base = pal.SQUARE_DARK if is_dark_square(rank, file) else pal.SQUARE_LIGHT
    if kind == "last":
        return pal.mix(base, pal.LAST_MOVE, HIGHLIGHT_MIX)
    if kind == "marked":
        return pal.mix(base, pal.MARKED, HIGHLIGHT_MIX)
    return base


def draw_square_grid(
    image: Image.Image,
    grid: SquareGrid,
    *,
    col_labels: Sequence[str],
    row_labels: Sequence[str],
    light: RGB = pal.SQUARE_LIGHT,
    dark: RGB = pal.SQUARE_DARK,
    rim: RGB = pal.BOARD_RIM,
    label_colour: RGB = pal.LABEL,
    label_px: int | None = None,
    dark_first: bool = False,
) -> None:
    """A chequered board with a rounded rim, column labels below and row labels to the left.

    ``dark_first`` says whether the top-left square of the picture is dark, so a flipped board keeps each
    square's own colour.
    """
    x0, y0, x1, y1 = grid.bounds
    rim_w = max(2, round(grid.cell * 0.07))
    pad = rim_w + 1
    sk = Sketch(x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, scale=2)
    sk.rounded((0, 0, sk.width, sk.height), rim_w * 1.6, fill=rim)
    rimmed = sk.finish()
    if image.mode == "RGBA":
        image.alpha_composite(rimmed, (x0 - pad, y0 - pad))
    else:
        image.paste(rimmed, (x0 - pad, y0 - pad), rimmed)
    draw = ImageDraw.Draw(image)
    for row in range(grid.rows):
        for col in range(grid.cols):
            is_dark = (row + col) % 2 == (0 if dark_first else 1)
            bx0, by0, bx1, by1 = grid.box(col, row)
            draw.rectangle((bx0, by0, bx1 - 1, by1 - 1), fill=dark if is_dark else light)
    px = label_px or max(9, round(grid.cell * 0.2))
    gap = rim_w + px * 0.55
    for col, text in enumerate(col_labels[: grid.cols]):
        bx0, _, bx1, _ = grid.box(col, 0)
        draw_text(draw, ((bx0 + bx1) / 2, y1 + gap), text, px=px, fill=label_colour, anchor="mt", bold=True)
    for row, text in enumerate(row_labels[: grid.rows]):
        _, by0, _, by1 = grid.box(0, row)
        draw_text(draw, (x0 - gap, (by0 + by1) / 2), text, px=px, fill=label_colour, anchor="rm", bold=True)


# -- hex grids -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HexGrid:
    """Pointy-topped hexes of circumradius ``radius`` in rows; odd rows are shifted half a hex to the right.

    (``x0``, ``y0``) is the centre of hex (0, 0). This "odd-r" layout is the usual one for small hex boards
    with a rectangular outline.
    """

    x0: float
    y0: float
    radius: float
    cols: int
    rows: int

    @property
    def step_x(self) -> float:
        return math.sqrt(3) * self.radius

    @property
    def step_y(self) -> float:
        return 1.5 * self.radius

    def centre(self, col: int, row: int) -> Point:
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError(f"hex ({col}, {row}) is off a {self.cols}×{self.rows} grid")
        return (self.x0 + self.step_x * (col + 0.5 * (row % 2)), self.y0 + self.step_y * row)

    def corners(self, col: int, row: int, *, inset: float = 0.0) -> list[Point]:
        cx, cy = self.centre(col, row)
        r = self.radius - inset
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]

    def at(self, x: float, y: float) -> tuple[int, int] | None:
        """The hex containing pixel (``x``, ``y``), or ``None`` off the grid (for clicks and tests)."""
        best, best_d = None, self.radius
        for row in range(self.rows):
            for col in range(self.cols):
                cx, cy = self.centre(col, row)
                d = math.hypot(x - cx, y - cy)
                if d < best_d:
                    best, best_d = (col, row), d
        return best

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels of a canvas that holds the grid with (x0, y0) placed as given."""
        width = self.x0 + self.step_x * (self.cols - 1 + (0.5 if self.rows > 1 else 0)) + self.step_x / 2
        height = self.y0 + self.step_y * (self.rows - 1) + self.radius
        return (math.ceil(width), math.ceil(height))


def hex_label(col: int, row: int) -> str:
    """Default hex coordinate: a letter per column and a number per row, like squares (a1 is top-left)."""
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


def draw_hex_grid(
    image: Image.Image,
    grid: HexGrid,
    *,
    fill: Callable[[int, int], RGB] | RGB = pal.SQUARE_LIGHT,
    edge: RGB = pal.BOARD_RIM,
    label: Callable[[int, int], str] | None = hex_label,
    label_colour: RGB = pal.BOARD_RIM,
) -> None:
    """Every hex of ``grid`` filled and outlined, anti-aliased, with a small coordinate label near its top."""
    width, height = image.size
    sk = Sketch(width, height, scale=2)
    line = max(1.0, grid.radius * 0.06)
    for row in range(grid.rows):
        for col in range(grid.cols):
            colour = fill(col, row) if callable(fill) else fill
            sk.polygon(grid.corners(col, row), fill=edge)
            sk.polygon(grid.corners(col, row, inset=line), fill=colour)
    layer = sk.finish()
    if image.mode == "RGBA":
        image.alpha_composite(layer)
    else:
        image.paste(layer, (0, 0), layer)
    if label is None:
        return
    draw = ImageDraw.Draw(image)
    px = max(8, round(grid.radius * 0.28))
    for row in range(grid.rows):
        for col in range(grid.cols):
            cx, cy = grid.centre(col, row)
            draw_text(draw, (cx, cy - grid.radius * 0.55), label(col, row), px=px, fill=label_colour, anchor="mm")
