"""The pieces of the Metamorph board: wizard tokens with their facing, status badges, the Key and the Fonts,
and the hex overlays of the last move.

A wizard is a token in its seat's colour *and* shape (``toolkit.SIDE_SHAPES``) with its shape's abbreviation;
its facing is a wedge (``hexmap.facing_points``, reaching a little further than ``draw_facing``'s so it shows
past a token that fills most of the hex) poking out towards the side it faces. Status badges sit in the hex's
corners, between the directions a wedge can point: each badge is a white disc with a glyph, told apart by
shape as well as colour. Every sprite is drawn through a
``Sketch`` and cached per size, so a position is mostly pastes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from PIL import Image

from engine.games.metamorph.tables import BLOB, TABLES
from engine.geometry.hexes import Hex

from .. import palette as pal
from ..hexmap import HexLayout, facing_points
from ..palette import RGB
from ..toolkit import SIDE_SHAPES, Box, Point, Sketch, draw_cycle_arrow, draw_drop, draw_shape, star_points, text_width

Badge = Literal[
    "changing", "flying", "high", "key", "font", "slow", "restrict", "poison", "held", "constrict", "web", "ink"
]
BADGES: tuple[Badge, ...] = (
    *("changing", "flying", "high", "key", "font", "slow", "restrict", "poison", "held", "constrict", "web", "ink"),
)
BADGE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "changing": "changing",
        "flying": "flying",
        "high": "flying high",
        "key": "has the Key",
        "font": "has a Font",
        "slow": "slowed",
        "restrict": "restricted",
        "poison": "poisoned",
        "held": "held",
        "constrict": "constricted",
        "web": "webbed",
        "ink": "inked",
    }
)
TOKEN = 0.74  # token radius, as a fraction of the hex radius
SHAPE_SCALE: Mapping[str, float] = MappingProxyType(
    {"circle": 1.0, "square": 0.88, "hexagon": 1.02, "diamond": 1.14, "triangle": 1.18, "pentagon": 1.04}
)
LABEL_WIDTH: Mapping[str, float] = MappingProxyType(
    {"circle": 1.7, "square": 1.75, "hexagon": 1.5, "diamond": 1.1, "triangle": 1.12, "pentagon": 1.45}
)
LABEL_RISE = 0.17  # the label sits a little above the centre, clear of the bars
WEDGE_REACH, WEDGE_SPREAD = 1.22, 0.5  # the facing wedge's tip (past the side's middle) and half-width
BADGE = 0.46  # badge diameter, as a fraction of the hex radius
BADGE_REACH = 0.8  # badge centres, from the hex centre towards a corner
# Corners (screen degrees, y down) in the order badges fill them; the bottom corner holds the bars.
BADGE_CORNERS = (-90, -30, 210, 30, 150)
# Seat colours, in SEAT_NAMES order: the hue each seat's name says (``pal.NAMED_SEAT_STRONG``), with the seat
# shapes (a dark halo holds pale tokens apart from pale plains).
SEAT_STRONG: tuple[RGB, ...] = pal.NAMED_SEAT_STRONG
SEAT_PALE: tuple[RGB, ...] = pal.NAMED_SEAT_PALE
ACTIVE_RING = pal.GOLD
KEY_GOLD: RGB = (236, 186, 40)
FONT_BLUE: RGB = (40, 150, 220)
HEALTH: RGB = (60, 186, 96)
HEALTH_LOW: RGB = (228, 72, 52)
MANA: RGB = (64, 132, 240)
BAR_BACK: RGB = (44, 44, 52)
DEAD_GREY: RGB = (120, 124, 132)


def line(sk: Sketch, points: list[Point], *, fill: RGB, width: float, joint: bool = True) -> None:
    """``Sketch.line`` at least a pixel wide: the smallest boards scale strokes below what its round caps take."""
    sk.line(points, fill=fill, width=max(1.0, width), joint=joint)


def arc(sk: Sketch, box: Box, start: float, end: float, *, fill: RGB, width: float) -> None:
    sk.arc(box, start, end, fill=fill, width=max(1.0, width))


def abbreviation(name: str) -> str:
    """A shape's 1–3 letter token label: the first three letters, or an initial and two letters for a
    two-word name ("Giant Spider" → "GSp"); the Blob is "Blb"."""
    if name == BLOB:
        return "Blb"
    words = name.split()
    if len(words) == 1:
        return name[:3]
    return words[0][0] + words[-1][:2]


def seat_shape(seat: int) -> str:
    return SIDE_SHAPES[seat % len(SIDE_SHAPES)]


def _fit_px(text: str, width: float, start: float) -> int:
    """The largest text size (at most ``start``) at which ``text`` fits ``width`` pixels, bold."""
    px = max(6, round(start))
    while px > 6 and text_width(text, px, bold=True) > width:
        px -= 1
    return px


# -- wizards -------------------------------------------------------------------------------------------------


def _token(sk: Sketch, seat: int, box: Box, *, dead: bool = False) -> None:
    ring = (box[2] - box[0]) * 0.1
    face, edge = SEAT_PALE[seat], SEAT_STRONG[seat]
    if dead:
        face, edge = pal.mix(face, DEAD_GREY, 0.6), pal.mix(edge, DEAD_GREY, 0.6)
    grow = ring * 0.6  # a thin dark halo keeps pale faces apart from pale plains
    halo = (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)
    draw_shape(sk, seat_shape(seat), halo, fill=pal.INK, outline=pal.INK, width=ring)  # type: ignore[arg-type]
    draw_shape(sk, seat_shape(seat), box, fill=face, outline=edge, width=ring)  # type: ignore[arg-type]


def sprite_radius(radius: float) -> int:
    """Half the side of a wizard sprite: the hex's radius and a little."""
    return math.ceil(radius) + 2


@lru_cache(maxsize=512)
def wizard_sprite(seat: int, label: str, facing: int, radius: float, *, active: bool) -> Image.Image:
    """A wizard on a hex of ``radius`` pixels: facing wedge, the turn's gold halo if ``active``, the token and
    its shape's abbreviation. The sprite is centred on the hex (its side is ``2 * sprite_radius(radius)``).

    The token fills most of the hex so its label stays legible on the largest maps; the wedge therefore
    reaches a little past the side it points at, so enough of it shows beyond the token."""
    half = sprite_radius(radius)
    sk = Sketch(2 * half, 2 * half)
    local = HexLayout(radius, half, half)
    wedge = facing_points(local, Hex(0, 0), facing, reach=WEDGE_REACH, spread=WEDGE_SPREAD)
    sk.polygon(wedge, fill=SEAT_STRONG[seat], outline=pal.INK, width=max(1.0, radius * 0.06))
    shape = seat_shape(seat)
    t = radius * TOKEN * SHAPE_SCALE[shape]
    if active:
        g = t + radius * 0.2
        draw_shape(
            sk,
            shape,
            (half - g, half - g, half + g, half + g),
            fill=ACTIVE_RING,
            outline=pal.INK,  # type: ignore[arg-type]
            width=radius * 0.05,
        )
    _token(sk, seat, (half - t, half - t, half + t, half + t))
    px = _fit_px(label, t * LABEL_WIDTH[shape], radius * 0.66)
    rise = -0.02 if shape == "triangle" else LABEL_RISE  # a triangle is wide only towards its foot
    sk.text((half, half - radius * rise), label, px=px, fill=pal.INK, bold=True)
    return sk.finish()


@lru_cache(maxsize=64)
def side_icon(seat: int, diameter: int, *, dead: bool = False) -> Image.Image:
    """The seat's token shape in its colours, for the panel and the roster (crossed out when dead)."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    _token(sk, seat, (d * 0.08, d * 0.08, d * 0.92, d * 0.92), dead=dead)
    if dead:
        for a, b in (((0.22, 0.22), (0.78, 0.78)), ((0.22, 0.78), (0.78, 0.22))):
            line(sk, [(a[0] * d, a[1] * d), (b[0] * d, b[1] * d)], fill=pal.INK, width=d * 0.1)
    return sk.finish()


def badge_offset(slot: int, radius: float) -> tuple[float, float]:
    """The centre of badge ``slot`` relative to the hex centre."""
    a = math.radians(BADGE_CORNERS[slot % len(BADGE_CORNERS)])
    return radius * BADGE_REACH * math.cos(a), radius * BADGE_REACH * math.sin(a)


def bars_box(radius: float) -> tuple[float, float, float, float]:
    """The health-and-mana plate under a token, relative to the hex centre (left, top, right, bottom)."""
    return (-radius * 0.4, radius * 0.3, radius * 0.4, radius * 0.58)


# -- badges --------------------------------------------------------------------------------------------------


def _chevron(sk: Sketch, cx: float, cy: float, w: float, colour: RGB) -> None:
    line(
        sk, [(cx - w / 2, cy + w * 0.25), (cx, cy - w * 0.25), (cx + w / 2, cy + w * 0.25)], fill=colour, width=w * 0.26
    )


def draw_key(sk: Sketch, box: Box, *, fill: RGB = KEY_GOLD, outline: RGB = pal.INK) -> None:
    """The Key of Solomon: a round bow with a hole, a stout shaft and two teeth, lying diagonally."""
    x0, y0, x1, _ = box
    w = x1 - x0
    edge = max(1.0, w * 0.06)
    c = math.cos(math.radians(45))
    bx, by = x0 + w * 0.27, y0 + w * 0.27

    def p(u: float, v: float) -> tuple[float, float]:  # along the shaft (u) and across it (v), from the bow
        return bx + (u - v) * w * c, by + (u + v) * w * c

    shaft = [p(0.2, -0.1), p(0.98, -0.1), p(0.98, 0.1), p(0.2, 0.1)]
    teeth = [p(0.6, 0.06), p(0.74, 0.06), p(0.74, 0.3), p(0.6, 0.3)]
    teeth2 = [p(0.82, 0.06), p(0.98, 0.06), p(0.98, 0.34), p(0.82, 0.34)]
    for part in (teeth, teeth2, shaft):
        sk.polygon(part, fill=fill, outline=outline, width=edge)
    r = w * 0.26
    sk.ellipse((bx - r, by - r, bx + r, by + r), fill=fill, outline=outline, width=edge)
    hole = w * 0.09
    sk.ellipse((bx - hole, by - hole, bx + hole, by + hole), fill=outline)


def draw_font(sk: Sketch, box: Box, *, fill: RGB = FONT_BLUE, outline: RGB = pal.INK) -> None:
    """A Mana Font: a four-pointed sparkle over a basin."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx = (x0 + x1) / 2
    edge = max(1.0, w * 0.06)
    sk.polygon(
        [(x0 + w * 0.12, y0 + w * 0.66), (x1 - w * 0.12, y0 + w * 0.66), (x1 - w * 0.28, y1), (x0 + w * 0.28, y1)],
        fill=pal.darker(fill, 0.25),
        outline=outline,
        width=edge,
    )
    sk.polygon(star_points(cx, y0 + w * 0.36, w * 0.36, w * 0.11, points=4), fill=fill, outline=outline, width=edge)


def _web(sk: Sketch, cx: float, cy: float, r: float, *, width: float) -> None:
    colour = pal.INK
    for k in range(6):
        a = math.radians(k * 60 + 30)
        line(sk, [(cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a))], fill=colour, width=width)
    for rr in (r * 0.45, r * 0.85):
        ring = [
            (cx + rr * math.cos(math.radians(k * 60 + 30)), cy + rr * math.sin(math.radians(k * 60 + 30)))
            for k in range(7)
        ]
        line(sk, ring, fill=colour, width=width, joint=False)


def _hourglass(sk: Sketch, cx: float, cy: float, r: float) -> None:
    top, bottom = cy - r, cy + r
    sk.polygon([(cx - r * 0.7, top), (cx + r * 0.7, top), (cx, cy)], fill=pal.ORANGE, outline=pal.INK, width=r * 0.14)
    sk.polygon(
        [(cx, cy), (cx + r * 0.7, bottom), (cx - r * 0.7, bottom)], fill=pal.ORANGE, outline=pal.INK, width=r * 0.14
    )


def _padlock(sk: Sketch, cx: float, cy: float, r: float) -> None:
    arc(sk, (cx - r * 0.5, cy - r * 1.0, cx + r * 0.5, cy), 180, 360, fill=pal.INK, width=r * 0.2)
    line(sk, [(cx - r * 0.5, cy - r * 0.5), (cx - r * 0.5, cy)], fill=pal.INK, width=r * 0.2, joint=False)
    line(sk, [(cx + r * 0.5, cy - r * 0.5), (cx + r * 0.5, cy)], fill=pal.INK, width=r * 0.2, joint=False)
    sk.rounded(
        (cx - r * 0.8, cy - r * 0.2, cx + r * 0.8, cy + r * 0.9),
        r * 0.2,
        fill=pal.BLUE,
        outline=pal.INK,
        width=r * 0.12,
    )


def _coil(sk: Sketch, cx: float, cy: float, r: float) -> None:
    """A spiral, for constriction."""
    points = []
    for i in range(49):
        t = i / 48 * 2.25 * math.tau
        rr = r * (0.15 + 0.85 * i / 48)
        points.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    line(sk, points, fill=pal.BLUISH_GREEN, width=r * 0.26)


def _chain(sk: Sketch, cx: float, cy: float, r: float) -> None:
    """Two linked rings, for being held."""
    w = r * 0.24
    sk.ellipse((cx - r, cy - r * 0.5, cx + r * 0.15, cy + r * 0.5), outline=pal.INK, width=w)
    sk.ellipse((cx - r * 0.15, cy - r * 0.5, cx + r, cy + r * 0.5), outline=pal.VERMILLION, width=w)


def _splat(sk: Sketch, cx: float, cy: float, r: float) -> None:
    sk.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=pal.INK)
    for k in range(5):
        a = math.radians(k * 72 - 90)
        bx, by, br = cx + r * 0.78 * math.cos(a), cy + r * 0.78 * math.sin(a), r * 0.24
        sk.ellipse((bx - br, by - br, bx + br, by + br), fill=pal.INK)


@lru_cache(maxsize=256)
def badge(kind: str, diameter: int) -> Image.Image:
    """A round badge: white disc, dark rim, a glyph per status (see ``BADGES``)."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    c, r = d / 2, d / 2
    sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=d * 0.08)
    g = r * 0.62  # glyph radius
    if kind == "changing":
        draw_cycle_arrow(sk, (c - g, c - g, c + g, c + g), fill=pal.REDDISH_PURPLE, width=d * 0.13)
    elif kind == "flying":
        _chevron(sk, c, c + g * 0.1, g * 1.5, pal.SKY_BLUE)
    elif kind == "high":
        _chevron(sk, c, c - g * 0.35, g * 1.4, pal.BLUE)
        _chevron(sk, c, c + g * 0.45, g * 1.4, pal.BLUE)
    elif kind == "key":
        draw_key(sk, (c - g, c - g, c + g, c + g))
    elif kind == "font":
        draw_font(sk, (c - g, c - g, c + g, c + g))
    elif kind == "slow":
        _hourglass(sk, c, c, g * 0.92)
    elif kind == "restrict":
        _padlock(sk, c, c + g * 0.1, g * 0.85)
    elif kind == "poison":
        draw_drop(sk, (c - g * 0.8, c - g, c + g * 0.8, c + g), fill=pal.BLUISH_GREEN, outline=pal.INK, width=d * 0.05)
    elif kind == "held":
        _chain(sk, c, c, g)
    elif kind == "constrict":
        _coil(sk, c, c, g * 0.95)
    elif kind == "web":
        _web(sk, c, c, g, width=d * 0.06)
    elif kind == "ink":
        _splat(sk, c, c, g * 0.9)
    else:
        raise ValueError(f"unknown badge {kind!r}; known: {', '.join(BADGES)}")
    return sk.finish()


# -- artifacts on the ground, and the hex overlays -----------------------------------------------------------


@lru_cache(maxsize=32)
def artifact_sprite(kind: str, diameter: int) -> Image.Image:
    """The Key (gold, a key) or a Font (blue, a sparkle over a basin) lying on a hex, on a dark disc."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    # a dark disc under the glyph, so a gold key reads on the Key's own farmland and a blue Font on water;
    # badges on wizards are white discs, so a carried artifact never looks like one on the ground
    sk.ellipse(
        (d * 0.03, d * 0.03, d * 0.97, d * 0.97),
        fill=(40, 42, 52),
        outline=KEY_GOLD if kind == "key" else FONT_BLUE,
        width=d * 0.06,
    )
    if kind == "key":
        draw_key(sk, (d * 0.16, d * 0.14, d * 0.86, d * 0.84), outline=pal.INK)
    else:
        draw_font(sk, (d * 0.2, d * 0.16, d * 0.8, d * 0.8), outline=pal.INK)
    return sk.finish()


HexMark = Literal["start", "end", "marked"]


@lru_cache(maxsize=32)
def hex_overlay(kind: HexMark, radius: float) -> Image.Image:
    """A translucent fill and a heavy outline over one hex: the last move's start (dashed look: a thinner
    outline) and end (yellow, dark-gold outline), or a caller-marked hex (sky blue, dark-blue outline)."""
    half = sprite_radius(radius)
    sk = Sketch(2 * half, 2 * half)
    local = HexLayout(radius, half, half)
    corners = local.corners(Hex(0, 0), inset=radius * 0.05)
    if kind == "marked":
        fill, edge, width = pal.MARKED, pal.MARKED_EDGE, radius * 0.13
    else:
        fill, edge, width = pal.LAST_MOVE, pal.LAST_MOVE_EDGE, radius * (0.13 if kind == "end" else 0.09)
    sk.polygon([*corners, corners[0]], outline=edge, width=width)
    image = sk.finish()
    tint = Sketch(2 * half, 2 * half, scale=1)
    tint.polygon(local.corners(Hex(0, 0), inset=radius * 0.1), fill=fill)
    layer = tint.finish()
    alpha = layer.getchannel("A").point(lambda a: a * (110 if kind == "end" else 70) // 255)
    layer.putalpha(alpha)
    layer.alpha_composite(image)
    return layer


def bar_colour(fraction: float) -> RGB:
    """Health in three steps rather than a blend (a blend is a muddy brown half way): green down to 60 %,
    orange down to 30 %, then red."""
    if fraction >= 0.6:
        return HEALTH
    return pal.ORANGE if fraction >= 0.3 else HEALTH_LOW


TERRAIN_ORDER = "PAFHSWR"
LEGEND_MARKERS = ("changing", "flying", "high", "slow", "restrict", "poison", "held", "constrict", "web", "ink")


def legend_items() -> list[tuple[str, str]]:
    """(kind, words) of every legend item, in reading order: terrain, artifacts, markers."""
    items = [(f"terrain:{letter}", TABLES.terrain[letter].name) for letter in TERRAIN_ORDER]
    items += [(f"artifact:{kind.id}", kind.name) for kind in TABLES.artifacts.values()]
    items += [(f"badge:{kind}", BADGE_WORDS[kind]) for kind in LEGEND_MARKERS]
    return items


def shape_labels() -> dict[str, str]:
    """Every shape's token label (tests check they are unique)."""
    return {name: abbreviation(name) for name in TABLES.shapes}
