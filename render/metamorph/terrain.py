"""Metamorph's terrain: a fill *and* a symbol per terrain, and the static map layer built from them.

Colour is never the only cue: plains are plain, farms have furrows, forests trees, hills bumps, swamps reed
tufts, water waves and rocks dark boulders, so the map reads in greyscale too. Symbols sit around a hex's
centre rather than on it, so they still peek out beside a wizard standing there.

The map layer (terrain, outlines, coordinates) depends only on the map and the canvas size, so the board
draws it once per match and size, into its cached background.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw

from engine.games.metamorph.board import hexes_of, terrain_at
from engine.geometry.hexes import Hex

from .. import palette as pal
from ..hexmap import HexLayout
from ..palette import RGB
from ..toolkit import Point, Sketch, draw_text
from .geometry import BoardLayout
from .sprites import arc, line

TERRAIN_FILL: Mapping[str, RGB] = MappingProxyType(
    {
        "P": (207, 217, 164),  # plains: pale grass
        "A": (236, 208, 132),  # farm: ripe wheat
        "F": (84, 140, 88),  # forest: deep green
        "H": (190, 156, 110),  # hills: tan
        "S": (122, 156, 140),  # swamp: grey-teal
        "W": (98, 158, 214),  # water: blue
        "R": (112, 108, 108),  # rocks: dark grey
    }
)
LABEL_COLOUR: RGB = pal.TEXT_DIM


def outline_of(fill: RGB) -> RGB:
    """A hex's outline: its own fill, darkened: light lines that separate hexes without a heavy grid."""
    return pal.darker(fill, 0.22)


def symbol_colour(letter: str) -> RGB:
    fill = TERRAIN_FILL[letter]
    if letter == "W":
        return pal.lighter(fill, 0.55)
    if letter == "R":
        return (62, 58, 58)
    return pal.darker(fill, 0.32 if letter in "PAH" else 0.4)


# -- symbols -------------------------------------------------------------------------------------------------


def _tree(sk: Sketch, x: float, y: float, s: float, colour: RGB) -> None:
    """A conifer: a trunk under two stacked triangles, ``s`` tall, its foot at (x, y)."""
    line(sk, [(x, y), (x, y - s * 0.3)], fill=pal.darker(colour, 0.2), width=s * 0.14, joint=False)
    sk.polygon([(x, y - s), (x + s * 0.36, y - s * 0.22), (x - s * 0.36, y - s * 0.22)], fill=colour)


def _bump(sk: Sketch, x: float, y: float, s: float, colour: RGB) -> None:
    """A hill: an arc ``s`` wide standing on (x, y)."""
    arc(sk, (x - s / 2, y - s * 0.5, x + s / 2, y + s * 0.5), 200, 340, fill=colour, width=s * 0.14)


def _tuft(sk: Sketch, x: float, y: float, s: float, colour: RGB) -> None:
    """Reeds: three strokes fanning up from (x, y), with a water line under them."""
    for dx, dy in ((-0.32, -0.8), (0.0, -1.0), (0.32, -0.8)):
        line(sk, [(x, y), (x + dx * s, y + dy * s)], fill=colour, width=s * 0.12)
    line(sk, [(x - s * 0.5, y + s * 0.12), (x + s * 0.5, y + s * 0.12)], fill=pal.lighter(colour, 0.35), width=s * 0.1)


def _wave(sk: Sketch, x: float, y: float, s: float, colour: RGB) -> None:
    """A wave ``s`` wide centred on (x, y)."""
    points = [(x - s / 2 + s * i / 12, y + math.sin(i / 12 * 2 * math.tau) * s * 0.12) for i in range(13)]
    line(sk, points, fill=colour, width=s * 0.11)


def _rock(sk: Sketch, x: float, y: float, s: float, colour: RGB) -> None:
    """A boulder: a dark angular lump with a lit facet."""
    lump = [(x - s * 0.5, y), (x - s * 0.3, y - s * 0.45), (x + s * 0.1, y - s * 0.6), (x + s * 0.5, y - s * 0.2)]
    lump.append((x + s * 0.45, y))
    sk.polygon(lump, fill=colour)
    sk.polygon(
        [(x - s * 0.3, y - s * 0.45), (x + s * 0.1, y - s * 0.6), (x - s * 0.05, y - s * 0.2)], fill=(150, 146, 144)
    )


def _furrows(sk: Sketch, cx: float, cy: float, r: float, colour: RGB) -> None:
    """Three parallel furrows across the hex, clear of its edges."""
    for k in (-1, 0, 1):
        ox, oy = k * r * 0.34, 0.0
        line(
            sk,
            [(cx + ox - r * 0.26, cy + oy + r * 0.5), (cx + ox + r * 0.26, cy + oy - r * 0.5)],
            fill=colour,
            width=r * 0.07,
        )


# Symbol spots, as fractions of the radius from the centre: three around a token, clear of the hex's edges.
SPOTS: tuple[Point, ...] = ((0.0, -0.5), (-0.46, 0.38), (0.46, 0.38))


def draw_symbol(sk: Sketch, letter: str, centre: Point, r: float) -> None:
    """The symbol of terrain ``letter`` on the hex of radius ``r`` centred at ``centre``."""
    cx, cy = centre
    colour = symbol_colour(letter)
    if letter == "A":
        _furrows(sk, cx, cy, r, colour)
        return
    draw = {"F": _tree, "H": _bump, "S": _tuft, "W": _wave, "R": _rock}.get(letter)
    if draw is None:  # plains: plain
        return
    scale = {"F": 0.46, "H": 0.5, "S": 0.32, "W": 0.5, "R": 0.42}[letter]
    for fx, fy in SPOTS:
        foot = 0.22 if letter in "FSR" else 0.0  # symbols that stand on a foot are placed by it
        draw(sk, cx + fx * r, cy + (fy + foot) * r, r * scale, colour)


def draw_terrain_hex(sk: Sketch, layout: HexLayout, hex_: Hex, letter: str) -> None:
    """One hex: fill, light outline, symbol."""
    fill = TERRAIN_FILL[letter]
    sk.polygon(layout.corners(hex_), fill=outline_of(fill))
    sk.polygon(layout.corners(hex_, inset=max(0.8, layout.radius * 0.045)), fill=fill)
    draw_symbol(sk, letter, layout.centre(hex_), layout.radius)


@lru_cache(maxsize=16)
def terrain_swatch(letter: str, diameter: int) -> Image.Image:
    """A small hex of one terrain, for the legend."""
    sk = Sketch(diameter, diameter)
    r = diameter / 2
    layout = HexLayout(r * 0.98, r, r)
    draw_terrain_hex(sk, layout, Hex(0, 0), letter)
    return sk.finish()


# -- the static layer ----------------------------------------------------------------------------------------


def draw_map(image: Image.Image, lay: BoardLayout, grid: tuple[str, ...]) -> None:
    """Every hex of ``grid`` (fill, outline, symbol) and the coordinates along the top and the left side."""
    x0, y0, x1, y1 = lay.map_bounds
    pad = 2
    sk = Sketch(x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, scale=2)
    local = HexLayout(lay.radius, lay.hexes.x0 - x0 + pad, lay.hexes.y0 - y0 + pad)
    for hex_ in hexes_of(grid):
        draw_terrain_hex(sk, local, hex_, terrain_at(grid, hex_))
    layer = sk.image.reduce(sk.scale)  # a box filter is smooth enough at 2×, and ten times faster than Lanczos
    image.paste(layer, (x0 - pad, y0 - pad), layer)
    draw = ImageDraw.Draw(image)
    for text, xy in lay.column_labels:
        draw_text(draw, xy, text, px=lay.label_px, fill=LABEL_COLOUR, anchor="mb", bold=True)
    for text, xy in lay.row_labels:
        draw_text(draw, xy, text, px=lay.label_px, fill=LABEL_COLOUR, anchor="rm", bold=True)
