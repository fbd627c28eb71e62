"""Where everything goes on a Metamorph board: the hex map fitted to the canvas, its coordinate labels, and
the cards around it (the panel, the roster of wizards and, when there is room, the legend).

A match's map is 12 to 24 hexes wide and 6 to 24 rows tall, and its last row of geomorphs is often short
(five, seven or thirteen blocks leave gaps at the bottom), so the layout is worked out per map and wizard
count: the largest hexes at which the cards still fit, either in the strip under the map or in the gaps
beside its short last row. Pure and cached by (size, map, wizard count).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.games.metamorph.board import BLOCK, OFF_MAP, hexes_of, parse_hex, to_hex
from engine.games.metamorph.tables import CHART_SIZE
from engine.geometry.hexes import Hex

from ..hexmap import SQRT3, HexLayout
from ..toolkit import Point, text_width
from .sprites import legend_items

IntBox = tuple[int, int, int, int]
HEADER_W = 0.37  # the panel card's share of the strip's width when it shares the strip with the roster
RADIUS_STEP = 0.25  # pixels: the search for the largest hexes that leave room for the cards


@dataclass(frozen=True, slots=True)
class Metrics:
    """Pixel sizes for a canvas ``size`` pixels wide (``u`` is 1.0 at 1024 pixels)."""

    u: float
    margin: int
    gap: int
    pad: int
    name_px: int  # a roster entry's first line: the seat and its badges
    body_px: int  # its other lines: the shape, and the numbers beside the bars
    heading_px: int
    entry_h: int  # one roster entry (three lines)
    entry_w: int  # the least width of a roster column
    header_min: int  # the panel card's least height (title, headline, one line of caption)
    header_w: int  # the panel card's least width
    legend_row: int

    @classmethod
    def for_size(cls, size: int) -> Metrics:
        u = size / 1024
        return cls(
            u=u,
            margin=round(14 * u),
            gap=round(12 * u),
            pad=round(14 * u),
            name_px=round(24 * u),
            body_px=round(20 * u),
            heading_px=round(19 * u),
            entry_h=round(84 * u),
            entry_w=round(200 * u),
            header_min=round(190 * u),
            header_w=round(236 * u),
            legend_row=round(28 * u),
        )

    def roster_columns(self, width: float) -> int:
        return 2 if width >= 2 * self.entry_w + 3 * self.pad + self.gap else 1

    def roster_height(self, count: int, columns: int) -> int:
        """The roster card's height for ``count`` wizards in ``columns`` columns."""
        rows = -(-count // columns)
        return 2 * self.pad + round(self.heading_px * 1.6) + rows * self.entry_h

    def legend_min(self) -> int:
        """The least legend worth drawing: its heading and three rows."""
        return 2 * self.pad + round(self.heading_px * 1.6) + 3 * self.legend_row


@dataclass(frozen=True, slots=True)
class ChartGrid:
    """A 9 × 9 chart of shapes of ``cell``-pixel cells with its top left corner at (``x0``, ``y0``)."""

    x0: int
    y0: int
    cell: int

    def box(self, row: int, col: int) -> IntBox:
        x, y = self.x0 + col * self.cell, self.y0 + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    @property
    def side(self) -> int:
        return self.cell * CHART_SIZE


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The map's hex layout and label positions, and the cards' boxes (left, top, right, bottom)."""

    size: int
    metrics: Metrics
    hexes: HexLayout
    label_px: int
    column_labels: tuple[tuple[str, Point], ...]
    row_labels: tuple[tuple[str, Point], ...]
    map_bounds: IntBox
    header: IntBox  # the panel card (title, whose turn, caption)
    roster: IntBox  # the wizards, in turn order
    roster_columns: int
    legend: IntBox | None  # terrain, artifacts and markers, where a card's worth of room is left
    chart: IntBox | None  # a small chart of shapes, where even more room is left (a short, wide map)
    chart_grid: ChartGrid | None

    @property
    def radius(self) -> float:
        return self.hexes.radius


@dataclass(frozen=True, slots=True)
class _Map:
    """The map drawn at one radius: its layout, bounds, the gaps beside its short last block row, the strip."""

    layout: HexLayout
    label_px: int
    bounds: tuple[float, float, float, float]
    holes: tuple[IntBox, ...]
    strip: IntBox | None


def _w(box: IntBox) -> int:
    return box[2] - box[0]


def _h(box: IntBox) -> int:
    return box[3] - box[1]


def _place_map(size: int, grid: tuple[str, ...], radius: float, m: Metrics) -> _Map:
    """The map at ``radius``, centred across the canvas under its column labels, with its gaps and strip."""
    rows, cols = len(grid), max(len(row) for row in grid)
    label_px = min(round(24 * m.u), max(10, round(radius * 0.8)))
    top = m.margin + round(label_px * 1.3)
    left_band = round(text_width(str(rows), label_px, bold=True) + label_px * 0.6)
    left, right = m.margin + left_band, size - m.margin
    width = (cols + (0.5 if rows > 1 else 0)) * SQRT3 * radius
    x_left = left + max(0.0, (right - left - width) / 2)
    layout = HexLayout(radius, x_left + radius * SQRT3 / 2, top + radius)
    bottom = top + (1.5 * (rows - 1) + 2) * radius
    bounds = (x_left, float(top), x_left + width, bottom)
    holes: list[IntBox] = []
    last = (rows - 1) // BLOCK
    present = [b for b in range(cols // BLOCK) if _block_on_map(grid, last, b)]
    end = size - m.margin
    if last > 0 and present and len(present) < cols // BLOCK:
        hole_top = math.ceil(layout.centre(to_hex(0, last * BLOCK - 1))[1] + radius) + m.gap
        first_x = layout.centre(to_hex(present[0] * BLOCK, last * BLOCK))[0] - radius * SQRT3 / 2
        last_x = layout.centre(to_hex(present[-1] * BLOCK + BLOCK - 1, last * BLOCK + 1))[0] + radius * SQRT3 / 2
        foot = math.ceil(bottom)
        holes.append((m.margin, hole_top, math.floor(first_x - left_band - m.gap), foot))
        holes.append((math.ceil(last_x) + m.gap, hole_top, end, foot))
    strip_top = math.ceil(bottom) + m.gap
    strip = (m.margin, strip_top, end, end) if end - strip_top > 0 else None
    return _Map(layout, label_px, bounds, tuple(h for h in holes if _w(h) > 0 and _h(h) > 0), strip)


def _block_on_map(grid: tuple[str, ...], block_row: int, block_col: int) -> bool:
    row = grid[block_row * BLOCK]
    return any(c != OFF_MAP for c in row[block_col * BLOCK : block_col * BLOCK + BLOCK])


def _cards(placed: _Map, count: int, m: Metrics, end: int) -> tuple[IntBox, IntBox, int, list[IntBox]] | None:
    """Boxes for the panel card and the roster if both fit around ``placed`` (with the roster's columns and the
    spare boxes left for the legend), else ``None``. Tried in order: both in the strip under the map; one in
    a gap beside the map's short last row (running on down to the foot) and the other in the rest of the strip;
    one in each gap."""
    strip = placed.strip
    holes = sorted(placed.holes, key=lambda h: (-_w(h), h))

    def roster_fits(box: IntBox) -> int:
        """The roster's columns in ``box`` (one if it is tall enough, else two if wide enough), 0 if it won't fit."""
        if _w(box) < m.entry_w + 2 * m.pad:
            return 0
        if _h(box) >= m.roster_height(count, 1):
            return 1
        columns = m.roster_columns(_w(box))
        return columns if columns > 1 and _h(box) >= m.roster_height(count, columns) else 0

    def header_fits(box: IntBox) -> bool:
        return _w(box) >= m.header_w and _h(box) >= m.header_min

    def down(box: IntBox) -> IntBox:
        return (box[0], box[1], box[2], end)

    def rest(hole: IntBox) -> IntBox:
        """The strip beside the column under ``hole``."""
        assert strip is not None
        if hole[0] > strip[0] + m.gap:
            return (strip[0], strip[1], hole[0] - m.gap, end)
        return (hole[2] + m.gap, strip[1], strip[2], end)

    if strip is not None:
        split = strip[0] + round(_w(strip) * HEADER_W)
        header, roster = (strip[0], strip[1], split, end), (split + m.gap, strip[1], strip[2], end)
        if header_fits(header) and (columns := roster_fits(roster)):
            return header, roster, columns, list(holes)
    for hole in holes:
        others = [h for h in holes if h != hole]
        below = rest(hole) if strip is not None else None
        if below is not None and header_fits(below) and (columns := roster_fits(down(hole))):
            return below, down(hole), columns, others
        if below is not None and header_fits(down(hole)) and (columns := roster_fits(below)):
            return down(hole), below, columns, others
    if len(holes) == 2:
        left, right = sorted(holes)
        middle = [(left[2] + m.gap, strip[1], right[0] - m.gap, end)] if strip is not None else []
        for a, b in ((left, right), (right, left)):
            if header_fits(down(a)) and (columns := roster_fits(down(b))):
                return down(a), down(b), columns, middle
    return None


@lru_cache(maxsize=32)
def board_layout(size: int, grid: tuple[str, ...], count: int) -> BoardLayout:
    """The layout of ``grid`` (the view's map rows) with ``count`` wizards on a ``size``-pixel square: the
    largest hexes (in steps of a quarter pixel) at which the map and the cards all fit."""
    m = Metrics.for_size(size)
    rows, cols = len(grid), max(len(row) for row in grid)
    band = round(text_width(str(rows), round(24 * m.u), bold=True) + 24 * m.u * 0.6)  # the row labels, at most
    radius = min((size - 2 * m.margin - band) / ((cols + 0.5) * SQRT3), (size - 2 * m.margin) / (1.5 * (rows - 1) + 2))
    radius = math.floor(radius / RADIUS_STEP) * RADIUS_STEP
    while True:
        placed = _place_map(size, grid, radius, m)
        cards = _cards(placed, count, m, size - m.margin)
        if cards is not None or radius <= 4:
            break
        radius -= RADIUS_STEP
    if cards is None:
        raise ValueError(f"a {cols} × {rows} map with {count} wizards does not fit {size} pixels")
    header, roster, columns, spare = cards
    header, roster, legend = _legend(header, roster, spare, m, need=m.roster_height(count, columns))
    roster, chart, chart_grid = _inset(roster, legend, columns, count, m)
    layout = placed.layout
    x0, y0, x1, y1 = placed.bounds
    column_labels = tuple(
        (chr(ord("a") + c), (layout.centre(to_hex(c, 0))[0], y0 - placed.label_px * 0.25)) for c in range(cols)
    )
    row_labels = []
    for r, letters in enumerate(grid):
        first = next((c for c, letter in enumerate(letters) if letter != OFF_MAP), None)
        if first is not None:
            x, y = layout.centre(to_hex(first, r))
            row_labels.append((str(r + 1), (x - radius * SQRT3 / 2 - placed.label_px * 0.3, y)))
    return BoardLayout(
        size=size,
        metrics=m,
        hexes=layout,
        label_px=placed.label_px,
        column_labels=column_labels,
        row_labels=tuple(row_labels),
        map_bounds=(math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)),
        header=header,
        roster=roster,
        roster_columns=columns,
        legend=legend,
        chart=chart,
        chart_grid=chart_grid,
    )


def _legend(
    header: IntBox, roster: IntBox, spare: list[IntBox], m: Metrics, *, need: int
) -> tuple[IntBox, IntBox, IntBox | None]:
    """Where the legend goes: of the spare boxes and the room under the panel card or the roster (each card
    keeping the height it needs), the one that shows the most of it; none if nowhere holds three rows."""
    options: list[tuple[int, int, IntBox, IntBox, IntBox]] = []  # (rows shown, preference, header, roster, box)

    def rows_in(box: IntBox) -> int:
        if _w(box) < m.header_w:
            return 0
        room = (_h(box) - 2 * m.pad - round(m.heading_px * 1.6)) // m.legend_row
        return min(room, legend_rows(_w(box), m)) if room >= 3 else 0

    def height(rows: int) -> int:
        return 2 * m.pad + round(m.heading_px * 1.6) + rows * m.legend_row

    for i, box in enumerate(spare):  # a spare box's legend sits at its foot, level with the cards beside it
        rows = rows_in(box)
        options.append((rows, -i, header, roster, (box[0], box[3] - height(rows), box[2], box[3])))
    for below, keep, owner in ((header, m.header_min, "header"), (roster, need, "roster")):
        free = (below[0], below[1] + keep + m.gap, below[2], below[3])
        if _h(free) <= 0:
            continue
        rows = rows_in(free)
        top = free[3] - height(rows)  # the card above keeps the rest
        box = (free[0], top, free[2], free[3])
        cut = (below[0], below[1], below[2], top - m.gap)
        pair = (cut, roster) if owner == "header" else (header, cut)
        options.append((rows, -len(spare) - (owner == "roster"), *pair, box))
    best = max(options, key=lambda o: (o[0], o[1]), default=None)
    if best is None or best[0] == 0:
        return header, roster, None
    return best[2], best[3], best[4]


INSET_CELL = 34  # at 1024 pixels: the least cell of the board's inset chart


def _inset(
    roster: IntBox, legend: IntBox | None, columns: int, count: int, m: Metrics
) -> tuple[IntBox, IntBox | None, ChartGrid | None]:
    """A small chart of shapes under the roster, if the roster's box has room for one after its entries
    (and the legend is elsewhere): a short, wide map leaves the strip far taller than the cards need."""
    need = m.roster_height(count, columns)
    if legend is not None and legend[0] == roster[0] and legend[1] > roster[1]:
        return roster, None, None
    free = (roster[0], roster[1] + need + m.gap, roster[2], roster[3])
    heading = round(m.heading_px * 1.6)
    cell = min((_w(free) - 2 * m.pad) // CHART_SIZE, (_h(free) - 2 * m.pad - heading) // CHART_SIZE)
    if cell < INSET_CELL * m.u:
        return roster, None, None
    grid = ChartGrid(free[0] + (_w(free) - cell * CHART_SIZE) // 2, free[3] - m.pad - cell * CHART_SIZE, cell)
    chart = (free[0], grid.y0 - heading - m.pad, free[2], free[3])
    return (roster[0], roster[1], roster[2], chart[1] - m.gap), chart, grid


def legend_rows(width: int, m: Metrics) -> int:
    """How many rows the legend's items take in a card ``width`` pixels wide (they flow and wrap)."""
    rows, x, right = 1, 0.0, width - 2 * m.pad + 14 * m.u
    for need in legend_items_widths(m):
        if x + need > right and x > 0:
            rows, x = rows + 1, 0.0
        x += need
    return rows


def legend_items_widths(m: Metrics) -> list[float]:
    """The width each legend item takes (glyph, gap, words, spacing), in reading order."""
    d = round(m.body_px * 1.15)
    return [d + 5 * m.u + text_width(words, m.body_px - 2) + 14 * m.u for _, words in legend_items()]


def hex_centre(lay: BoardLayout, hex_: Hex) -> tuple[int, int]:
    """A hex's centre, rounded to the pixel that sprites are pasted around."""
    x, y = lay.hexes.centre(hex_)
    return round(x), round(y)


def hex_box(hex_: Hex | str, *, size: int, grid: tuple[str, ...], count: int) -> IntBox:
    """Pixel box (left, top, right, bottom) of a hex (or its name, like ``f7``), for tests and click maps."""
    if isinstance(hex_, str):
        hex_ = parse_hex(hex_.strip().lower())
    lay = board_layout(size, grid, count)
    cx, cy = lay.hexes.centre(hex_)
    r = lay.radius
    return (round(cx - r * SQRT3 / 2), round(cy - r), round(cx + r * SQRT3 / 2), round(cy + r))


__all__ = ["BoardLayout", "Metrics", "board_layout", "hex_box", "hex_centre", "hexes_of"]
