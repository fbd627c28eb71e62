"""Drawing primitives every game shares: an anti-aliasing sketch pad, fonts, glyphs, side shapes, pyramids.

Pillow's polygons and ellipses have hard, jagged edges. A ``Sketch`` draws at several times the final size and
reduces the result with a Lanczos filter, which gives smooth edges at the cost of drawing more pixels, so the
sprites built from these primitives (``render.pieces``, each game's module) are cached, drawn once per size.
Text comes from Pillow's built-in scalable font, so nothing is downloaded at run time.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from . import palette as pal
from .palette import RGB

SUPERSAMPLE = 4
Box = tuple[float, float, float, float]
Point = tuple[float, float]
Shape = Literal["circle", "square", "hexagon", "diamond", "triangle", "pentagon"]
SIDE_SHAPES: tuple[Shape, ...] = ("circle", "square", "hexagon", "diamond", "triangle", "pentagon")  # with SIDE_STRONG


# -- fonts and text ------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in scalable font (Aileron) at ``px`` pixels: bundled with Pillow, never downloaded."""
    return ImageFont.load_default(size=max(6, px))


_REPLACEMENTS = {" → ": " to ", "→": "->", "←": "<-", "×": "x", "–": "-", "—": "-", "•": "·", "✓": "ok"}


@lru_cache(maxsize=1)
def _missing_mask() -> bytes:
    return bytes(font(20).getmask("\uffff"))


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the built-in font draws ``char`` (it covers basic Latin, not arrows or most accents)."""
    return char in " \n" or bytes(font(20).getmask(char)) != _missing_mask()


def legible(text: str) -> str:
    """``text`` with every character the built-in font lacks replaced by a readable stand-in (no boxes)."""
    if all(has_glyph(c) for c in text):
        return text
    for old, new in _REPLACEMENTS.items():
        text = text.replace(old, new)
    out = []
    for char in text:
        if has_glyph(char):
            out.append(char)
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        out.append(plain if plain and all(has_glyph(c) for c in plain) else "?")
    return "".join(out)


def text_width(text: str, px: int, *, bold: bool = False) -> float:
    return font(px).getlength(legible(text)) + (2 * bold_stroke(px) if bold else 0)


def bold_stroke(px: int) -> int:
    """The stroke that makes the regular built-in face read as bold at ``px`` pixels."""
    return max(1, round(px / 48))


def ellipsize(text: str, px: int, width: float, *, bold: bool = False) -> str:
    """``text`` cut to fit ``width`` pixels, with an ellipsis where it was cut."""
    if text_width(text, px, bold=bold) <= width:
        return text
    # Binary search on the kept prefix: a prefix's width only grows with its length, and measuring is the cost.
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", px, bold=bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def wrap(text: str, px: int, width: float, *, max_lines: int = 3) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last line takes the rest, ellipsized if need be."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines - 1:
        count = max(1, _words_that_fit(words, px, width))
        lines.append(" ".join(words[:count]))
        words = words[count:]
    if words:
        lines.append(" ".join(words))
    return [ellipsize(line, px, width) for line in lines]


def _words_that_fit(words: list[str], px: int, width: float) -> int:
    """How many leading ``words`` fit on one line (binary search: a long log line costs a few measurements)."""
    low, high = 0, len(words)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(" ".join(words[:middle]), px) <= width:
            low = middle
        else:
            high = middle - 1
    return low


@lru_cache(maxsize=4096)
def measure(text: str, px: int, bold: bool = False) -> float:
    """``text_width``, remembered: a board measures the same few words for every position."""
    return text_width(text, px, bold=bold)


@lru_cache(maxsize=2048)
def cut(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` ellipsized to ``width`` pixels, remembered (the same lines recur from position to position)."""
    return ellipsize(text, px, width, bold=bold)


@lru_cache(maxsize=4096)
def text_sprite(text: str, px: int, fill: RGB, bold: bool = False) -> tuple[Image.Image, int, int]:
    """``text`` set once on a transparent sprite, with the offset of its top left from its left-middle anchor:
    the same words recur from one position to the next, and pasting a cached sprite is several times faster
    than setting the type again."""
    shown, stroke = legible(text), bold_stroke(px) if bold else 0
    face = font(px)
    left, top, right, bottom = face.getbbox(shown, anchor="lm", stroke_width=stroke)
    sprite = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(sprite).text(
        (-left, -top), shown, font=face, fill=fill, anchor="lm", stroke_width=stroke, stroke_fill=fill
    )
    return sprite, left, top


def put_text(
    image: Image.Image, x: float, y: float, text: str, *, px: int, fill: RGB, bold: bool = False, align: str = "l"
) -> float:
    """``text`` pasted as its cached sprite (``text_sprite``) with its left end (``align="l"``), middle (``"m"``)
    or right end (``"r"``) at ``x`` and its middle at ``y``; returns the x where it ends on the right. Use it
    where the same words recur from board to board; ``draw_text`` sets type afresh for one-off text."""
    if not text:
        return x
    sprite, left, top = text_sprite(text, px, fill, bold)
    width = sprite.width + left
    if align == "m":
        x -= width / 2
    elif align == "r":
        x -= width
    image.paste(sprite, (round(x) + left, round(y) + top), sprite)
    return x + width


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    *,
    px: int,
    fill: RGB,
    anchor: str = "la",
    bold: bool = False,
    stroke: RGB | None = None,
) -> None:
    """Text with the built-in font; ``bold`` thickens it with a stroke of its own colour."""
    width = bold_stroke(px) if (bold or stroke) else 0
    shown = legible(text)
    draw.text(xy, shown, font=font(px), fill=fill, anchor=anchor, stroke_width=width, stroke_fill=stroke or fill)


# -- the sketch pad ------------------------------------------------------------------------------------------


class Sketch:
    """An RGBA canvas addressed in final pixels but drawn ``scale`` times larger, then reduced smoothly."""

    def __init__(self, width: int, height: int, *, scale: int = SUPERSAMPLE, background: RGB | None = None) -> None:
        self.width, self.height, self.scale = width, height, scale
        fill = (0, 0, 0, 0) if background is None else pal.with_alpha(background)
        self.image = Image.new("RGBA", (width * scale, height * scale), fill)
        self.draw = ImageDraw.Draw(self.image)

    def _p(self, points: Iterable[Point]) -> list[Point]:
        s = self.scale
        return [(x * s, y * s) for x, y in points]

    def _b(self, box: Box) -> Box:
        s = self.scale
        return (box[0] * s, box[1] * s, box[2] * s - 1, box[3] * s - 1)

    def _w(self, width: float) -> int:
        return max(0, round(width * self.scale))

    def polygon(self, points: Sequence[Point], *, fill: RGB | None = None, outline: RGB | None = None, width=0.0):
        self.draw.polygon(self._p(points), fill=fill, outline=outline, width=self._w(width) if outline else 0)

    def ellipse(self, box: Box, *, fill: RGB | None = None, outline: RGB | None = None, width: float = 0.0) -> None:
        self.draw.ellipse(self._b(box), fill=fill, outline=outline, width=self._w(width) if outline else 0)

    def rounded(self, box: Box, radius: float, *, fill: RGB | None = None, outline: RGB | None = None, width=0.0):
        self.draw.rounded_rectangle(
            self._b(box), self._w(radius), fill=fill, outline=outline, width=self._w(width) if outline else 0
        )

    def line(self, points: Sequence[Point], *, fill: RGB, width: float, joint: bool = True) -> None:
        self.draw.line(self._p(points), fill=fill, width=self._w(width), joint="curve" if joint else None)
        r = width / 2  # round caps
        for x, y in (points[0], points[-1]):
            self.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def arc(self, box: Box, start: float, end: float, *, fill: RGB, width: float) -> None:
        self.draw.arc(self._b(box), start, end, fill=fill, width=self._w(width))

    def text(self, xy: Point, text: str, *, px: float, fill: RGB, anchor: str = "mm", bold: bool = False) -> None:
        size = round(px * self.scale)
        draw_text(
            self.draw, (xy[0] * self.scale, xy[1] * self.scale), text, px=size, fill=fill, anchor=anchor, bold=bold
        )

    def finish(self) -> Image.Image:
        """The sketch at its final size, anti-aliased."""
        return self.image.resize((self.width, self.height), Image.Resampling.LANCZOS)


# -- glyphs: symbols drawn with polygons, so they need no font and scale cleanly ----------------------------


def shape_points(shape: Shape, box: Box) -> list[Point]:
    """Outline of a side's token shape inside ``box`` (circles and rounded squares are drawn natively)."""
    x0, y0, x1, y1 = box
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    if shape == "hexagon":
        return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    if shape == "diamond":
        return [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
    if shape == "square":
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if shape == "triangle":
        return [(cx, y0), (x1, y1 - ry * 0.1), (x0, y1 - ry * 0.1)]
    if shape == "pentagon":
        return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a))) for a in range(-90, 270, 72)]
    return [(cx + rx * math.cos(a / 32 * math.tau), cy + ry * math.sin(a / 32 * math.tau)) for a in range(32)]


def draw_shape(sk: Sketch, shape: Shape, box: Box, *, fill: RGB, outline: RGB, width: float) -> None:
    """A side's token shape: circle, rounded square, or a polygon (hexagon, diamond, triangle, pentagon)."""
    if shape == "circle":
        sk.ellipse(box, fill=fill, outline=outline, width=width)
    elif shape == "square":
        sk.rounded(box, (box[2] - box[0]) * 0.16, fill=fill, outline=outline, width=width)
    else:
        sk.polygon(shape_points(shape, box), fill=outline)
        inset = width * (1.5 if shape in ("diamond", "triangle") else 1.15)
        inner = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        sk.polygon(shape_points(shape, inner), fill=fill)


def crown_points(box: Box) -> list[Point]:
    """A three-pointed crown filling ``box``: the king's mark, recognisable without colour."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [(0.0, 1.0), (0.0, 0.28), (0.25, 0.62), (0.5, 0.0), (0.75, 0.62), (1.0, 0.28), (1.0, 1.0)]
    return [(x0 + u * w, y0 + v * h) for u, v in pts]


def draw_crown(sk: Sketch, box: Box, *, fill: RGB = pal.GOLD, outline: RGB = pal.INK) -> None:
    w = box[2] - box[0]
    sk.polygon(crown_points(box), fill=fill, outline=outline, width=max(1.0, w * 0.07))
    r = w * 0.07
    for u, v in ((0.0, 0.28), (0.5, 0.0), (1.0, 0.28)):  # jewels on the points
        x, y = box[0] + u * w, box[1] + v * (box[3] - box[1])
        sk.ellipse((x - r, y - r, x + r, y + r), fill=outline)


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def draw_cross(sk: Sketch, box: Box, *, fill: RGB, width: float) -> None:
    x0, y0, x1, y1 = box
    sk.line([(x0, y0), (x1, y1)], fill=fill, width=width)
    sk.line([(x0, y1), (x1, y0)], fill=fill, width=width)


def draw_cycle_arrow(sk: Sketch, box: Box, *, fill: RGB, width: float) -> None:
    """A circular arrow (↻): the mark of a transform."""
    x0, y0, x1, y1 = box
    sk.arc(box, 200, 470, fill=fill, width=width)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - width / 2
    a = math.radians(470 - 360)
    tip = (cx + r * math.cos(a), cy + r * math.sin(a))
    head = width * 1.6
    back = a - math.pi / 2  # tangent pointing against the arc's direction
    sk.polygon(
        [
            (tip[0] + head * math.cos(a), tip[1] + head * math.sin(a)),
            (tip[0] - head * math.cos(a), tip[1] - head * math.sin(a)),
            (tip[0] - 1.4 * head * math.cos(back), tip[1] - 1.4 * head * math.sin(back)),
        ],
        fill=fill,
    )


def draw_drop(sk: Sketch, box: Box, *, fill: RGB, outline: RGB, width: float) -> None:
    """A drop (wounded): a round bottom drawn out to a point on top."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    r = min(x1 - x0, h) * 0.36
    cx, cy, apex = (x0 + x1) / 2, y1 - r, y0
    spread = math.acos(min(1.0, r / max(cy - apex, r)))
    first, last = -math.pi / 2 + spread, 1.5 * math.pi - spread
    arc = [first + (last - first) * i / 32 for i in range(33)]
    points = [(cx, apex), *[(cx + r * math.cos(t), cy + r * math.sin(t)) for t in arc]]
    sk.polygon(points, fill=fill, outline=outline, width=width)


GLYPHS = ("crown", "star", "diamond", "triangle", "circle", "square", "drop", "cross", "cycle")


def draw_glyph(sk: Sketch, name: str, box: Box, *, fill: RGB, outline: RGB = pal.INK) -> None:
    """One named symbol (see ``GLYPHS``) inside ``box``, for card faces and legends."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    edge = max(1.0, w * 0.06)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if name == "crown":
        draw_crown(sk, (x0, y0 + w * 0.12, x1, y1 - w * 0.12), fill=fill, outline=outline)
    elif name == "star":
        sk.polygon(star_points(cx, cy + w * 0.04, w / 2, w / 4.6), fill=fill, outline=outline, width=edge)
    elif name == "diamond":
        sk.polygon(shape_points("diamond", box), fill=fill, outline=outline, width=edge)
    elif name == "triangle":
        sk.polygon([(cx, y0), (x1, y1 - w * 0.1), (x0, y1 - w * 0.1)], fill=fill, outline=outline, width=edge)
    elif name == "circle":
        sk.ellipse(box, fill=fill, outline=outline, width=edge)
    elif name == "square":
        sk.rounded(
            (x0 + w * 0.08, y0 + w * 0.08, x1 - w * 0.08, y1 - w * 0.08),
            w * 0.12,
            fill=fill,
            outline=outline,
            width=edge,
        )
    elif name == "drop":
        draw_drop(sk, box, fill=fill, outline=outline, width=edge)
    elif name == "cross":
        draw_cross(sk, (x0 + w * 0.15, y0 + w * 0.15, x1 - w * 0.15, y1 - w * 0.15), fill=fill, width=w * 0.18)
    elif name == "cycle":
        draw_cycle_arrow(sk, (x0 + w * 0.12, y0 + w * 0.12, x1 - w * 0.12, y1 - w * 0.12), fill=fill, width=w * 0.13)
    else:
        raise ValueError(f"unknown glyph {name!r}; known: {', '.join(GLYPHS)}")


# -- pyramids ------------------------------------------------------------------------------------------------


def pyramid_faces(colour: RGB, *, prominent: bool) -> tuple[RGB, RGB, RGB]:
    """Lit face, shaded face and outline of a pyramid of ``colour`` (quiet pyramids are muted towards grey)."""
    if not prominent:
        colour = pal.mix(colour, (150, 150, 150), 0.35)
    edge = pal.INK if prominent else pal.darker(colour, 0.45)
    return pal.lighter(colour, 0.18), pal.darker(colour, 0.22), edge


def draw_pyramid(sk: Sketch, base: Point, width: float, height: float, colour: RGB, *, prominent: bool) -> None:
    """A pyramid seen from the side: a lit left face and a shaded right face, so it reads as solid.

    A prominent pyramid is drawn in full colour with a heavy outline; a quiet one is muted towards grey and
    thinly outlined, so the eye finds the one that matters first.
    """
    lit, shade, edge = pyramid_faces(colour, prominent=prominent)
    bx, by = base
    apex = (bx, by - height)
    left, right = (bx - width / 2, by), (bx + width / 2, by)
    mid = (bx + width * 0.08, by)
    sk.polygon([apex, left, mid], fill=lit)
    sk.polygon([apex, mid, right], fill=shade)
    sk.polygon([apex, left, right], outline=edge, width=max(1.0, width * (0.06 if prominent else 0.035)))


def swatch_sheet(
    boards: Sequence[Image.Image], sprites: Sequence[Image.Image], *, size: int, cell: int, spacing: int = 1
) -> Image.Image:
    """A renderer's swatch: its sample boards stacked, then every sprite on a grid of ``cell`` pixels (rows
    ``spacing`` cells apart), so the fixed palette built from it has an entry for every colour drawn."""
    columns = max(1, size // cell)
    rows = -(-len(sprites) // columns) * spacing
    sheet = Image.new("RGB", (size, rows * cell), pal.PANEL)
    for i, sprite in enumerate(sprites):
        xy = ((i % columns) * cell, (i // columns) * spacing * cell)
        sheet.paste(sprite, xy, sprite if sprite.mode == "RGBA" else None)
    top = sum(board.height for board in boards)
    out = Image.new("RGB", (size, top + sheet.height), pal.BACKGROUND)
    y = 0
    for board in boards:
        out.paste(board, (0, y))
        y += board.height
    out.paste(sheet, (0, top))
    return out
