"""The small pictures a Good vs Bad board is made of, each drawn once per size and pasted where it belongs.

How the board reads (colour is never the only cue):
- **Spaces**: pale discs on the road (``render.tracks``); an Encounter space has a wide amber ring and its deck's
  letter (E–H).
- **Good spaces** are blue discs with a pale rim, **Bad spaces** red discs with a dark spiked rim, each with its
  level in white figures (the blue is lighter than the red, and the rims differ, so greyscale tells them
  apart too). A space at level 6 (a Special) is a star in its side's colour instead.
- **Pieces**: the seat's colour and shape (``toolkit.SIDE_SHAPES``); a Hero has a pale face and an "H"; a
  Villain a dark face, a "V" and a ring of spikes round its shape, so Hero and Villain differ in outline as well
  as in face. A gold halo marks the piece whose turn it is.
- **Fixtures**: a Trap is a red-rimmed black triangle at a space's upper right, a Fortification a small tower
  in its owner's colour.
- **Marks**: a caller's places get a sky-blue ring, the places of highlighted moves a yellow one.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from .. import palette as pal
from ..palette import RGB
from ..pieces import token
from ..toolkit import SIDE_SHAPES, Shape, Sketch, draw_shape, star_points

ROAD: RGB = (120, 104, 84)
SPACE: RGB = (236, 228, 210)
SPACE_EDGE: RGB = (92, 80, 64)
ENCOUNTER_RING: RGB = (214, 140, 40)
GOOD: RGB = (52, 132, 228)
GOOD_EDGE: RGB = (200, 228, 255)
BAD: RGB = (196, 36, 44)
BAD_EDGE: RGB = (70, 8, 14)
TRAP: RGB = (20, 20, 24)
TRAP_EDGE: RGB = (220, 50, 40)
CROSSROADS: RGB = (150, 156, 168)
SEAT_STRONG = pal.NAMED_SEAT_STRONG
SEAT_PALE = pal.NAMED_SEAT_PALE


def seat_shape(seat: int) -> Shape:
    return SIDE_SHAPES[seat % len(SIDE_SHAPES)]


def villain_face(seat: int) -> RGB:
    return pal.darker(SEAT_STRONG[seat], 0.45)


@lru_cache(maxsize=64)
def piece_sprite(seat: int, kind: str, diameter: int, *, active: bool = False) -> Image.Image:
    """A Hero (pale face, "H") or a Villain (dark face, "V", a ring of spikes) in its seat's colour and shape,
    haloed in gold when it is the piece to move."""
    if kind == "hero":
        face = token(diameter, face=SEAT_PALE[seat], ring=SEAT_STRONG[seat], shape=seat_shape(seat), label="H")
    else:
        inner = round(diameter * 0.74)
        core = token(inner, face=villain_face(seat), ring=SEAT_STRONG[seat], shape=seat_shape(seat), label="V")
        sk = Sketch(diameter, diameter)
        c = diameter / 2
        sk.polygon(star_points(c, c, c, c * 0.7, points=10), fill=SEAT_STRONG[seat], outline=pal.INK,
                   width=max(1.0, diameter * 0.04))  # fmt: skip
        face = sk.finish()
        face.alpha_composite(core, ((diameter - inner) // 2, (diameter - inner) // 2))
    if not active:
        return face
    pad = max(2, round(diameter * 0.12))
    size = diameter + 2 * pad
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=pal.GOLD, outline=pal.INK, width=max(1.0, diameter * 0.04))
    halo = sk.finish()
    halo.alpha_composite(face, (pad, pad))
    return halo


@lru_cache(maxsize=64)
def mark_sprite(side: str, level: int, radius: float) -> Image.Image:
    """A Good or Bad space at ``level`` (1–5 a disc with the figure, 6 a star), ``2 * radius`` across."""
    size = max(4, math.ceil(2 * radius) + 2)
    c = size / 2
    sk = Sketch(size, size)
    fill, edge = (GOOD, GOOD_EDGE) if side == "good" else (BAD, BAD_EDGE)
    if level >= 6:
        sk.polygon(star_points(c, c, radius, radius * 0.5), fill=fill, outline=edge, width=max(1.0, radius * 0.14))
        return sk.finish()
    if side == "bad":  # a dark spiked rim: Bad reads as Bad in greyscale too
        sk.polygon(star_points(c, c, radius, radius * 0.8, points=12), fill=edge)
        sk.ellipse((c - radius * 0.8, c - radius * 0.8, c + radius * 0.8, c + radius * 0.8), fill=fill)
    else:
        sk.ellipse((c - radius, c - radius, c + radius, c + radius), fill=fill, outline=edge, width=radius * 0.14)
    if radius >= 6:
        sk.text((c, c), str(level), px=radius * 1.15, fill=pal.WHITE, bold=True)
    return sk.finish()


@lru_cache(maxsize=32)
def fixture_sprite(item: str, seat: int, radius: float) -> Image.Image:
    """A Trap (red-rimmed black triangle) or a Fortification (a small tower in its owner's colour)."""
    size = max(4, math.ceil(radius * 1.1))
    sk = Sketch(size, size)
    if item == "trap":
        sk.polygon([(size / 2, 0.5), (size - 0.5, size - 0.5), (0.5, size - 0.5)], fill=TRAP, outline=TRAP_EDGE,
                   width=max(1.0, size * 0.12))  # fmt: skip
    else:
        w = size / 5
        battlements = [(0, 0), (w, 0), (w, w), (2 * w, w), (2 * w, 0), (3 * w, 0), (3 * w, w), (4 * w, w)]
        outline = [*battlements, (4 * w, 0), (size, 0), (size, size), (0, size)]
        sk.polygon(outline, fill=SEAT_STRONG[seat], outline=pal.INK, width=max(1.0, size * 0.1))
    return sk.finish()


@lru_cache(maxsize=16)
def ring_sprite(radius: float, colour: RGB, edge: RGB) -> Image.Image:
    """A highlight ring that fits round a space or a Home Base of ``radius``."""
    outer = radius + max(3.0, radius * 0.45)
    size = math.ceil(2 * outer) + 2
    c = size / 2
    sk = Sketch(size, size)
    sk.ellipse((c - outer, c - outer, c + outer, c + outer), outline=edge, width=outer - radius)
    inner = outer - (outer - radius) * 0.25
    sk.ellipse((c - inner, c - inner, c + inner, c + inner), outline=colour, width=(outer - radius) * 0.5)
    return sk.finish()


def draw_home(sk: Sketch, centre: tuple[float, float], radius: float, seat: int, *, letter: str) -> None:
    """A Home Base: a large disc in its seat's colour with the seat's shape inside, and the seat's initial."""
    x, y = centre
    sk.ellipse((x - radius, y - radius, x + radius, y + radius), fill=SEAT_STRONG[seat], outline=pal.INK,
               width=radius * 0.08)  # fmt: skip
    inner = radius * 0.62
    draw_shape(sk, seat_shape(seat), (x - inner, y - inner, x + inner, y + inner), fill=SEAT_PALE[seat],
               outline=pal.INK, width=radius * 0.05)  # fmt: skip
    sk.text((x, y), letter, px=radius * 0.62, fill=pal.INK, bold=True)


def draw_crossroads(sk: Sketch, centre: tuple[float, float], radius: float) -> None:
    x, y = centre
    sk.ellipse((x - radius, y - radius, x + radius, y + radius), fill=CROSSROADS, outline=pal.INK, width=radius * 0.08)
    arm = radius * 0.5
    for dx, dy in ((arm, arm), (arm, -arm)):
        sk.line([(x - dx, y - dy), (x + dx, y + dy)], fill=pal.INK, width=radius * 0.14)
