"""The chart of shapes, Metamorph's second image: the 9 × 9 grid every change of shape walks across.

Each shape sits in its cell with its size and HLT; the four classes are tinted regions, framed by heavy lines
and named around the grid (Mammal top left, Fantastical top right, Reptilian bottom left, Aquatic bottom
right), so they read without colour; Human, where every wizard starts, is the gold cell in the middle. Each
standing wizard's token sits in its current cell. A changing wizard's token sits on its Blob counter (with a
small changing badge), and a path in its colour runs from there to the target, which is framed in that colour
and holds a hollow token: the path is the one the counter walks (rows first, then columns), a cell a turn.

Pure functions of the view: ``chart_image(view, size=…)`` and ``chart_png(view, size=…)``, ``size`` pixels
wide and a little taller than wide. The same grid, with the shapes' token abbreviations for names, is the
board's inset chart when the board has room for one (``draw_grid_wizards`` over ``grid_image``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw

from engine import View
from engine.games.metamorph.game import MetaView
from engine.games.metamorph.model import Wizard
from engine.games.metamorph.tables import CHART_SIZE, CLASS_NAMES, HUMAN, TABLES, Shape, step_towards

from .. import palette as pal
from ..core import own_palette_png
from ..palette import RGB
from ..toolkit import Sketch, draw_shape, draw_text, ellipsize, text_width
from .geometry import ChartGrid
from .roster import turns_left
from .sprites import SEAT_STRONG, abbreviation, badge, line, seat_shape, side_icon

CLASSES = ("Mammal", "Magical", "Reptilian", "Aquatic")
CLASS_TINT: Mapping[str, RGB] = MappingProxyType(
    {
        "Mammal": (247, 220, 176),
        "Magical": (228, 206, 238),
        "Reptilian": (200, 228, 186),
        "Aquatic": (192, 220, 244),
    }
)
CLASS_STRONG: Mapping[str, RGB] = MappingProxyType(
    {
        "Mammal": (186, 110, 0),
        "Magical": (140, 80, 166),
        "Reptilian": (40, 128, 64),
        "Aquatic": (24, 104, 176),
    }
)
HUMAN_FILL: RGB = (255, 232, 130)
SIZE_LETTERS: Mapping[str, str] = MappingProxyType(
    {"Small": "S", "Medium": "M", "Large": "L", "Very Large": "VL", "Huge": "H"}
)
NAME_TEXT: RGB = (30, 30, 36)
STAT_TEXT: RGB = (84, 84, 92)
FRAME: RGB = pal.TEXT
# Where each class is named around the full chart: its columns, and above (True) or below the grid.
CLASS_SPANS: Mapping[str, tuple[int, int, bool]] = MappingProxyType(
    {"Mammal": (0, 5, True), "Magical": (5, 9, True), "Reptilian": (0, 4, False), "Aquatic": (4, 9, False)}
)


@lru_cache(maxsize=1)
def cells() -> Mapping[tuple[int, int], Shape]:
    """The shape in each chart cell (read only: it is shared)."""
    return MappingProxyType(TABLES.by_cell())


def region(row: int, col: int) -> str | None:
    """The class region a chart cell belongs to (a pinwheel around Human); ``None`` for Human's cell.

    A cell holding a shape takes its shape's class; an empty cell takes its arm of the pinwheel (Mammal above
    and left, Fantastical above and right, Reptilian below and left, Aquatic below and right), so the tinted
    regions have no holes."""
    shape = cells().get((row, col))
    if shape is not None:
        return None if shape.name == HUMAN else shape.shape_class
    if row <= 3 and col <= 4:
        return "Mammal"
    if row <= 4 and col >= 5:
        return "Magical"
    if row >= 4 and col <= 3:
        return "Reptilian"
    return None if (row, col) == (4, 4) else "Aquatic"


def class_name(kind: str) -> str:
    """The class as players know it (``CLASS_NAMES``), with the shape list's own name where it differs."""
    return f"{CLASS_NAMES[kind]} ({kind})" if CLASS_NAMES[kind] != kind else kind


# -- the grid ------------------------------------------------------------------------------------------------


def _fit(text: str, width: float, start: int) -> int:
    px = start
    while px > 7 and text_width(text, px, bold=True) > width:
        px -= 1
    return px


def cell_fill(row: int, col: int) -> RGB:
    shape = cells().get((row, col))
    if shape is not None:
        return HUMAN_FILL if shape.name == HUMAN else CLASS_TINT[shape.shape_class]
    kind = region(row, col)
    return pal.mix(CLASS_TINT[kind], pal.BACKGROUND, 0.72) if kind else pal.PANEL


@lru_cache(maxsize=8)
def grid_image(cell: int, *, compact: bool) -> Image.Image:
    """The grid alone (``9 * cell + 1`` pixels square): tinted cells, each shape's name with its size and HLT
    (``compact``: its token abbreviation), heavy frames between classes, and Human's cell outlined."""
    side = cell * CHART_SIZE + 1
    image = Image.new("RGB", (side, side), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    grid = ChartGrid(0, 0, cell)
    gap = max(1, round(cell / 50))
    for (row, col), fill in ((rc, cell_fill(*rc)) for rc in _all_cells()):
        x0, y0, x1, y1 = grid.box(row, col)
        draw.rectangle((x0 + gap, y0 + gap, x1 - gap - 1, y1 - gap - 1), fill=fill)
        shape = cells().get((row, col))
        if shape is None:
            continue
        if compact:
            label = abbreviation(shape.name)
            px = _fit(label, cell * 0.8, round(cell * 0.34))
            draw_text(draw, ((x0 + x1) / 2, y0 + cell * 0.08), label, px=px, fill=NAME_TEXT, anchor="mt", bold=True)
            continue
        name_px = round(cell * 0.18)
        lines = [shape.name] if text_width(shape.name, name_px, bold=True) <= cell * 0.9 else shape.name.split()
        px = min(_fit(text, cell * 0.88, name_px) for text in lines)
        for i, text in enumerate(lines):
            draw_text(
                draw,
                ((x0 + x1) / 2, y0 + cell * 0.08 + i * px * 1.1),
                text,
                px=px,
                fill=NAME_TEXT,
                anchor="mt",
                bold=True,
            )
        stats = f"{SIZE_LETTERS[shape.size]} · HLT {shape.hlt}"
        y = y0 + cell * 0.1 + len(lines) * px * 1.1
        draw_text(draw, ((x0 + x1) / 2, y), stats, px=round(cell * 0.13), fill=STAT_TEXT, anchor="mt")
    w = max(2, round(cell / 26))
    for row, col in _all_cells():
        here = region(row, col)
        x0, y0, x1, y1 = grid.box(row, col)
        if col + 1 < CHART_SIZE and region(row, col + 1) != here:
            draw.line([(x1, y0 - w // 2), (x1, y1 + w // 2)], fill=FRAME, width=w)
        if row + 1 < CHART_SIZE and region(row + 1, col) != here:
            draw.line([(x0 - w // 2, y1), (x1 + w // 2, y1)], fill=FRAME, width=w)
    draw.rectangle((0, 0, side - 1, side - 1), outline=FRAME, width=w)
    x0, y0, x1, y1 = grid.box(4, 4)
    draw.rectangle((x0 + gap, y0 + gap, x1 - gap - 1, y1 - gap - 1), outline=pal.INK, width=w)
    return image


def _all_cells() -> list[tuple[int, int]]:
    return [(row, col) for row in range(CHART_SIZE) for col in range(CHART_SIZE)]


# -- wizards on the grid -------------------------------------------------------------------------------------


def wizard_cell(wizard: Wizard) -> tuple[int, int] | None:
    """Where a wizard's token goes: its Blob counter while changing, else its shape's cell."""
    if wizard.changing and wizard.cell is not None:
        return wizard.cell
    return TABLES.shapes[wizard.shape].cell


def path_cells(start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells a changing counter walks, from ``start`` to ``goal`` (rows first, as the rules step)."""
    out = [start]
    while out[-1] != goal:
        out.append(step_towards(out[-1], goal))
    return out


PATH_LOW = 0.84  # a change of column runs along this height of a cell: below its name and figures
NAME_BAND = (0.06, 0.0, 0.94, 0.7)  # where a cell's name and figures may stand, as fractions of the cell


def path_points(
    walk: list[tuple[int, int]], cell: float, *, origin: tuple[int, int] = (0, 0), shift: float = 0.0
) -> list[tuple[float, float]]:
    """Where the line of a walk runs, in pixels from the cell ``origin`` (row, column): a change of row down
    the left edge of the column, a change of column along the cells' lower band, from the start cell's middle
    to the goal's, so it crosses no shape's name or figures (``NAME_BAND``)."""
    r0, q0 = origin
    low = cell * PATH_LOW + shift

    def at(row: int, col: int, x: float) -> tuple[float, float]:
        return ((col - q0) * cell + x, (row - r0) * cell + low)

    (sr, sq), (gr, gq) = walk[0], walk[-1]
    points = [at(sr, sq, cell / 2)]
    if sr != gr:  # rows first: down (or up) the edge of the start column
        points += [at(sr, sq, shift), at(gr, sq, shift)]
    points.append(at(gr, gq, cell / 2))
    return [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]


def standing(view: MetaView) -> list[Wizard]:
    """Wizards still in the match, in this round's order (the chart marks only them)."""
    order = [view.wizards[s] for s in view.order] + [w for w in view.wizards if w.seat not in view.order]
    return [w for w in order if w.alive and not w.left_map]


@lru_cache(maxsize=64)
def _hollow(seat: int, d: int) -> Image.Image:
    sk = Sketch(d, d)
    box = (d * 0.1, d * 0.1, d * 0.9, d * 0.9)
    draw_shape(sk, seat_shape(seat), box, fill=pal.WHITE, outline=SEAT_STRONG[seat], width=d * 0.14)  # type: ignore[arg-type]
    return sk.finish()


def _arrow_head(tip: tuple[float, float], ux: float, uy: float, head: float) -> list[tuple[float, float]]:
    return [
        tip,
        (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
        (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6),
    ]


def _paths(image: Image.Image, grid: ChartGrid, wizards: list[Wizard]) -> None:
    """Each changing wizard's path, target frame and hollow token, drawn under the tokens (each path on a
    sketch just big enough for it: a few milliseconds, where one over the whole grid costs ten)."""
    c = grid.cell
    changing = [w for w in wizards if w.changing and w.target and w.cell is not None]
    for k, w in enumerate(changing):
        goal = TABLES.shapes[w.target].cell  # type: ignore[index]
        if goal is None:
            continue
        colour = SEAT_STRONG[w.seat]
        walk = path_cells(w.cell, goal)  # type: ignore[arg-type]
        r0, r1 = min(r for r, _ in walk), max(r for r, _ in walk)
        c0, c1 = min(q for _, q in walk), max(q for _, q in walk)
        m = round(c * 0.1)  # room round the cells for a line down their edge
        ox, oy = grid.x0 + c0 * c - m, grid.y0 + r0 * c - m  # the sketch's corner on the image
        sk = Sketch((c1 - c0 + 1) * c + 2 * m + 2, (r1 - r0 + 1) * c + 2 * m + 2, scale=2)
        inset = c * (0.05 + 0.05 * k)
        gx, gy = (goal[1] - c0) * c + m, (goal[0] - r0) * c + m
        sk.rounded((gx + inset, gy + inset, gx + c - inset, gy + c - inset), c * 0.08, outline=colour, width=c * 0.05)
        shift = (k - (len(changing) - 1) / 2) * c * 0.04
        points = [(x + m, y + m) for x, y in path_points(walk, c, origin=(r0, c0), shift=shift)]
        if len(points) > 1:
            line(sk, points, fill=pal.INK, width=c * 0.09)
            line(sk, points, fill=colour, width=c * 0.05)
            (ax, ay), (bx, by) = points[-2], points[-1]
            length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
            ux, uy = (bx - ax) / length, (by - ay) / length
            tip = (bx - ux * c * 0.18, by - uy * c * 0.18)
            sk.polygon(_arrow_head(tip, ux, uy, c * 0.14), fill=colour, outline=pal.INK, width=c * 0.02)
        layer = sk.finish()
        layer.putalpha(layer.getchannel("A").point(lambda a: a * 7 // 8))  # names under a path still read
        image.paste(layer, (ox, oy), layer)
    d = round(c * 0.26)
    for w in changing:
        goal = TABLES.shapes[w.target].cell  # type: ignore[index]
        if goal is not None:
            _, _, x1, y1 = grid.box(*goal)
            hollow = _hollow(w.seat, d)
            image.paste(hollow, (round(x1 - d - c * 0.06), round(y1 - d - c * 0.06)), hollow)


def draw_grid_wizards(image: Image.Image, grid: ChartGrid, view: MetaView) -> None:
    """Every standing wizard on ``grid`` (already drawn on ``image``): paths and targets, then tokens, up to
    three a row along each cell's lower part; a Blob counter's token carries a small changing badge."""
    wizards = standing(view)
    _paths(image, grid, wizards)
    by_cell: dict[tuple[int, int], list[Wizard]] = {}
    for w in wizards:
        cell = wizard_cell(w)
        if cell is not None:
            by_cell.setdefault(cell, []).append(w)
    c = grid.cell
    d = round(c * 0.28)
    for (row, col), group in sorted(by_cell.items()):
        x0, _, x1, y1 = grid.box(row, col)
        rows = -(-len(group) // 3)
        for i, w in enumerate(sorted(group, key=lambda w: w.seat)):
            r_i, c_i = divmod(i, 3)
            in_row = min(3, len(group) - r_i * 3)
            x = (x0 + x1) / 2 - in_row * d * 0.55 + c_i * d * 1.1 + d * 0.05
            y = y1 - c * 0.06 - (rows - r_i) * d * 1.02
            icon = side_icon(w.seat, d)
            image.paste(icon, (round(x), round(y)), icon)
            if w.changing:
                b = max(6, round(d * 0.55))
                mark = badge("changing", b)
                image.paste(mark, (round(x + d - b * 0.6), round(y - b * 0.35)), mark)


# -- the full chart ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChartLayout:
    """Where the full chart's parts go for a given width."""

    u: float
    margin: int
    band: int
    grid: ChartGrid
    footer_top: int
    footer_row: int
    note_h: int
    width: int

    @classmethod
    def for_size(cls, size: int) -> ChartLayout:
        u = size / 1024
        margin, title_h, band = round(16 * u), round(46 * u), round(38 * u)
        cell = (size - 2 * margin) // CHART_SIZE
        grid = ChartGrid((size - cell * CHART_SIZE) // 2, margin + title_h + band, cell)
        footer_top = grid.y0 + grid.side + band + round(8 * u)
        return cls(u, margin, band, grid, footer_top, round(38 * u), round(30 * u), size)

    def height(self, footer_rows: int) -> int:
        """The image's height with ``footer_rows`` rows of wizards under the grid."""
        return self.footer_top + footer_rows * self.footer_row + self.note_h + self.margin


def cell_box(row: int, col: int, *, size: int = 1024) -> tuple[int, int, int, int]:
    """Pixel box of a chart cell (row, column) in ``chart_image``, for tests and click maps."""
    return ChartLayout.for_size(size).grid.box(row, col)


@lru_cache(maxsize=4)
def chart_background(size: int) -> Image.Image:
    """Title, class names and the grid: all of the chart but the wizards and the footer."""
    lay = ChartLayout.for_size(size)
    u, grid = lay.u, lay.grid
    image = Image.new("RGB", (lay.width, lay.footer_top), pal.BACKGROUND)
    image.paste(grid_image(grid.cell, compact=False), (grid.x0, grid.y0))
    draw = ImageDraw.Draw(image)
    draw_text(draw, (grid.x0, lay.margin), "CHART OF SHAPES", px=round(30 * u), fill=pal.TEXT, anchor="lt", bold=True)
    px = round(22 * u)
    for kind, (c0, c1, top) in CLASS_SPANS.items():
        x0, x1 = grid.x0 + c0 * grid.cell, grid.x0 + c1 * grid.cell
        y = grid.y0 - lay.band / 2 if top else grid.y0 + grid.side + lay.band / 2
        text = class_name(kind).upper()
        sw = round(px * 0.9)
        left = (x0 + x1) / 2 - (sw + 8 * u + text_width(text, px, bold=True)) / 2
        draw.rectangle(
            (left, y - sw / 2, left + sw, y + sw / 2),
            fill=CLASS_TINT[kind],
            outline=CLASS_STRONG[kind],
            width=max(1, round(2 * u)),
        )
        draw_text(draw, (left + sw + 8 * u, y), text, px=px, fill=pal.TEXT, anchor="lm", bold=True)
    return image


def footer_entries(view: MetaView) -> list[tuple[int, str]]:
    """(seat, words) for each standing wizard: its shape and, while changing, its target and turns left."""
    out = []
    for w in standing(view):
        name = view.seat_names[w.seat]
        if w.changing and w.target:
            n = turns_left(w)
            shape = "Blob" if w.shape == "Amorphous Blob" else w.shape
            out.append((w.seat, f"{name}: {shape}, a {w.target} in {n} turn{'s' if n != 1 else ''}"))
        else:
            out.append((w.seat, f"{name}: {w.shape}"))
    return out


def _flow(lay: ChartLayout, view: MetaView) -> list[tuple[int, str, float, int]]:
    """Where each footer entry goes: (seat, words, x, row), wrapping at the grid's width."""
    u = lay.u
    px, d = round(22 * u), round(28 * u)
    left, right = lay.grid.x0, lay.grid.x0 + lay.grid.side
    x, row, out = float(left), 0, []
    for seat, words in footer_entries(view):
        need = d + 8 * u + text_width(words, px) + 26 * u
        if x + need > right and x > left:
            x, row = float(left), row + 1
        out.append((seat, words, x, row))
        x += need
    return out


def _footer(image: Image.Image, lay: ChartLayout, view: MetaView, flow: list[tuple[int, str, float, int]]) -> None:
    """Who is where, in words, under the grid; the round at the top right; how to read a cell at the foot."""
    draw = ImageDraw.Draw(image)
    u = lay.u
    px, d = round(22 * u), round(28 * u)
    right = lay.grid.x0 + lay.grid.side
    for seat, words, x, row in flow:
        y = lay.footer_top + row * lay.footer_row
        icon = side_icon(seat, d)
        image.paste(icon, (round(x), round(y)), icon)
        shown = ellipsize(words, px, right - x - d - 8 * u)
        draw_text(draw, (x + d + 8 * u, y + d / 2), shown, px=px, fill=pal.TEXT, anchor="lm")
    note = "Each cell: size (S, M, L, VL, H) and HLT. A change walks one cell a turn, rows first."
    draw_text(draw, (lay.grid.x0, image.height - lay.margin), note, px=round(18 * u), fill=pal.TEXT_DIM, anchor="lb")
    draw_text(draw, (right, lay.margin), f"Round {view.round}", px=round(26 * u), fill=pal.TEXT_DIM, anchor="rt")


def chart_image(view: MetaView, *, size: int = 1024) -> Image.Image:
    """The chart of shapes with every standing wizard marked, as an RGB image ``size`` pixels wide.

    Takes a view only: a full state (or anything else) raises ``TypeError``, as ``board_png`` does."""
    if not isinstance(view, View):
        raise TypeError(
            f"the chart takes a player's view (an engine.View), not {type(view).__name__}: "
            "full states carry secrets and must never reach an image"
        )
    if not isinstance(view, MetaView):
        raise TypeError(f"the chart of shapes takes a Metamorph view, not {type(view).__name__}")
    if not 128 <= size <= 4096:
        raise ValueError(f"size must be 128–4096 pixels, not {size}")
    lay = ChartLayout.for_size(size)
    flow = _flow(lay, view)
    rows = 1 + max((row for *_, row in flow), default=0)
    image = Image.new("RGB", (lay.width, lay.height(rows)), pal.BACKGROUND)
    image.paste(chart_background(size), (0, 0))
    draw_grid_wizards(image, lay.grid, view)
    _footer(image, lay, view, flow)
    return image


def chart_png(view: MetaView, *, size: int = 1024) -> bytes:
    """PNG bytes of ``chart_image(view, size=size)``: mapped onto 255 colours (median cut, no dithering, so the
    same view gives the same bytes) and saved at the boards' compression level."""
    return own_palette_png(chart_image(view, size=size))
