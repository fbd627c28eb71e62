"""Hex maps of any shape (a set of axial hexes from ``engine.geometry.hexes``) fitted to any canvas, with the
facing wedge a piece shows on its hex.

Pure drawing functions with keyword-only options, over the toolkit's ``Sketch``. A game's renderer decides
the colours, terrain symbols and tokens; this module only knows where hexes and their sides are.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.geometry.hexes import Hex

from .palette import RGB
from .toolkit import Box, Point, Sketch

SQRT3 = math.sqrt(3)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Pointy-topped hexes of circumradius ``radius``, hex (0, 0) centred on (``x0``, ``y0``)."""

    radius: float
    x0: float
    y0: float

    @classmethod
    def fit(cls, hexes: Iterable[Hex], box: Box, *, margin: float = 0.0) -> HexLayout:
        """The largest layout that shows every hex of ``hexes`` inside ``box`` (less ``margin``), centred."""
        cells = list(hexes)
        if not cells:
            raise ValueError("a map needs at least one hex")
        xs = [SQRT3 * (h.q + h.r / 2) for h in cells]
        ys = [1.5 * h.r for h in cells]
        width = max(xs) - min(xs) + SQRT3  # one hex is sqrt(3) radii wide and 2 radii tall
        height = max(ys) - min(ys) + 2.0
        left, top, right, bottom = box[0] + margin, box[1] + margin, box[2] - margin, box[3] - margin
        radius = min((right - left) / width, (bottom - top) / height)
        x0 = (left + right) / 2 - radius * (max(xs) + min(xs)) / 2
        y0 = (top + bottom) / 2 - radius * (max(ys) + min(ys)) / 2
        return cls(radius, x0, y0)

    def centre(self, hex_: Hex) -> Point:
        return (self.x0 + self.radius * SQRT3 * (hex_.q + hex_.r / 2), self.y0 + self.radius * 1.5 * hex_.r)

    def corners(self, hex_: Hex, *, inset: float = 0.0) -> list[Point]:
        """The six corners, clockwise from the top; ``inset`` pulls them towards the centre by that many pixels."""
        cx, cy = self.centre(hex_)
        r = self.radius - inset
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]

    def at(self, x: float, y: float) -> Hex:
        """The hex under pixel (``x``, ``y``) (for tests and clicks)."""
        px, py = (x - self.x0) / self.radius, (y - self.y0) / self.radius
        r = py / 1.5
        q = px / SQRT3 - r / 2
        rq, rr, rs = round(q), round(r), round(-q - r)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs + q + r)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return Hex(int(rq), int(rr))


def draw_hex_map(
    sk: Sketch, layout: HexLayout, fills: Mapping[Hex, RGB], *, outline: RGB, width: float = 1.5
) -> None:
    """Every hex of ``fills`` in its colour, with an outline."""
    for hex_, fill in fills.items():
        sk.polygon(layout.corners(hex_), fill=fill, outline=outline, width=width)


def facing_points(
    layout: HexLayout, hex_: Hex, facing: int, *, reach: float = 0.92, spread: float = 0.32
) -> list[Point]:
    """A wedge from near the hex's centre to the middle of the side it faces (direction 0 = east, turning
    counter-clockwise as ``engine.geometry.hexes`` numbers them)."""
    cx, cy = layout.centre(hex_)
    angle = math.radians(-60 * facing)  # counter-clockwise on screen, where y grows downwards
    tip = layout.radius * SQRT3 / 2 * reach
    base = layout.radius * 0.35
    side = layout.radius * spread
    ux, uy = math.cos(angle), math.sin(angle)
    return [
        (cx + ux * tip, cy + uy * tip),
        (cx + ux * base - uy * side, cy + uy * base + ux * side),
        (cx + ux * base + uy * side, cy + uy * base - ux * side),
    ]


def draw_facing(sk: Sketch, layout: HexLayout, hex_: Hex, facing: int, *, fill: RGB, outline: RGB) -> None:
    """The facing wedge of a piece on ``hex_``: which side is its front."""
    sk.polygon(facing_points(layout, hex_, facing), fill=fill, outline=outline, width=layout.radius * 0.04)
