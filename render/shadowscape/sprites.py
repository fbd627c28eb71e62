"""The pieces of the Shadowscape board as cached RGBA sprites: door discs, Lairs, shrines, Shards, Treasure
tokens and empty spots, enemy tokens, hero tokens, the Dungeon Lord and the small marks of the hero cards
(text is pasted the same way, ``toolkit.put_text``). Each is drawn once per size through a ``Sketch``
(anti-aliased), so a position is mostly pastes.

- **An enemy** is a dark rounded square ringed in its type's colour: the type's symbol at the top left, its
  Defence on a pale shield at the top right, its attack on a red disc at the bottom left and, beside it,
  crossed swords (melee) or an arrow (ranged). A stunned enemy (it skips the coming Enemy Phase) has a
  sky-blue ring and a sky-blue "z" badge.
- **A hero** is its seat's shape in its seat's colours with the hero's initial; the hero to act has a gold
  halo.
- **The Dungeon Lord** is a wide crimson plate: a gold crown, the Defence it has left on the shield, its
  attack, and a bar of the damage it has taken.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from engine.games.shadowscape.tables import TABLES

from .. import palette as pal
from ..palette import RGB
from ..toolkit import SIDE_SHAPES, Sketch, draw_shape, text_width
from . import glyphs as gl
from .geometry import LORD_WIDE

SHIELD_FACE: RGB = (238, 232, 220)
MARK: RGB = (240, 230, 220)
STUN: RGB = pal.SKY_BLUE
SHRINE_EDGE: RGB = (24, 22, 20)
SMALLEST = 8  # no sprite is drawn smaller (a 128-pixel board would ask for 2-pixel door symbols)
HAND_FACE: RGB = (232, 226, 214)
DECK_FACE: RGB = (110, 80, 170)
DISCARD_FACE: RGB = (150, 144, 136)


def _fit(text: str, width: float, start: float, *, bold: bool = True) -> int:
    """The largest text size (at most ``start``) at which ``text`` fits ``width`` pixels."""
    px = max(6, round(start))
    while px > 6 and text_width(text, px, bold=bold) > width:
        px -= 1
    return px


# -- pasting ---------------------------------------------------------------------------------------------------


def paste(image: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    image.paste(sprite, (round(x), round(y)), sprite)


# -- room features ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def door_disc(symbol: str, d: int) -> Image.Image:
    """A door's symbol in the dark disc of its doorway."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    sk.ellipse((0, 0, d, d), fill=gl.DOORWAY, outline=gl.WALL, width=max(1.0, d * 0.06))
    m = d * 0.17
    gl.door(sk, symbol, (m, m, d - m, d - m))
    return sk.finish()


@lru_cache(maxsize=32)
def lair_badge(kind: str, d: int) -> Image.Image:
    """A Lair: the type's symbol on a dark disc ringed in its colour."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    colour = gl.ENEMY_COLOUR[kind]
    sk.ellipse((0, 0, d, d), fill=gl.ENEMY_FACE, outline=colour, width=d * 0.09)
    m = d * 0.2
    gl.enemy(sk, kind, (m, m, d - m, d - m))
    return sk.finish()


@lru_cache(maxsize=32)
def shrine_badge(kind: str, d: int) -> Image.Image:
    """A shrine: an altar stone in the colour of the symbol it boosts, with that symbol in ink."""
    d = max(d, SMALLEST)
    symbol = gl.SHRINE_SYMBOL[kind]
    sk = Sketch(d, d)
    colour = gl.SYMBOL_COLOUR[symbol]
    sk.rounded((0, 0, d, d), d * 0.2, fill=colour, outline=SHRINE_EDGE, width=d * 0.07)
    m = d * 0.19
    if symbol == "foresight":
        gl.foresight(sk, (m, m, d - m, d - m), pal.INK, colour)
    else:
        gl.boost(sk, symbol, (m, m, d - m, d - m), pal.INK)
    return sk.finish()


@lru_cache(maxsize=16)
def shard_badge(d: int) -> Image.Image:
    """A Shadow Shard in a room's corner."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    gl.shard(sk, (d * 0.16, d * 0.02, d * 0.84, d * 0.98))
    return sk.finish()


@lru_cache(maxsize=64)
def treasure_token(value: int | None, d: int) -> Image.Image:
    """A Treasure token with its Search value (``None``: a plain coin, for a Treasure held)."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    sk.ellipse((0, 0, d, d), fill=gl.GOLD, outline=gl.GOLD_DARK, width=d * 0.1)
    sk.ellipse((d * 0.2, d * 0.2, d * 0.8, d * 0.8), outline=pal.lighter(gl.GOLD, 0.4), width=d * 0.04)
    if value is not None:
        sk.text((d / 2, d / 2), str(value), px=d * 0.56, fill=pal.INK, bold=True)
    return sk.finish()


@lru_cache(maxsize=16)
def empty_spot(d: int) -> Image.Image:
    """A Treasure spot with no token: a dashed gold ring."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    w = max(1.0, d * 0.08)
    for i in range(8):
        start = i * 45
        sk.arc((w, w, d - w, d - w), start, start + 26, fill=gl.GOLD, width=w)
    return sk.finish()


# -- tokens ----------------------------------------------------------------------------------------------------


def _attack(sk: Sketch, box: tuple[float, float, float, float], attack: int, ranged: bool, mark_box) -> None:
    sk.ellipse(box, fill=gl.ATTACK, outline=pal.INK, width=max(1.0, (box[2] - box[0]) * 0.06))
    size = (box[2] - box[0]) * 0.72
    sk.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(attack), px=size, fill=pal.WHITE, bold=True)
    if ranged:
        gl.arrow(sk, mark_box, MARK)
    else:
        gl.might(sk, mark_box, MARK)


def _shield(sk: Sketch, box: tuple[float, float, float, float], value: int) -> None:
    sk.polygon(gl.shield_points(box), fill=SHIELD_FACE, outline=pal.INK, width=max(1.0, (box[2] - box[0]) * 0.05))
    text = str(value)
    px = (box[3] - box[1]) * (0.62 if len(text) == 1 else 0.5)
    sk.text(((box[0] + box[2]) / 2, box[1] + (box[3] - box[1]) * 0.44), text, px=px, fill=pal.INK, bold=True)


@lru_cache(maxsize=256)
def enemy_token(kind_id: str, d: int, *, stunned: bool = False) -> Image.Image:
    """An enemy of this kind (an ``enemy_kinds`` id), ``d`` pixels square (see the module's notes)."""
    d = max(d, SMALLEST)
    enemy = TABLES.enemy_kinds[kind_id]
    kind, defence, attack, ranged = enemy.type, enemy.defence, enemy.attack, enemy.ranged
    sk = Sketch(d, d)
    colour = gl.ENEMY_COLOUR[kind]
    edge = STUN if stunned else colour
    sk.rounded((0, 0, d, d), d * 0.18, fill=gl.ENEMY_FACE, outline=edge, width=d * 0.075)
    gl.enemy(sk, kind, (d * 0.1, d * 0.1, d * 0.46, d * 0.46))
    _shield(sk, (d * 0.47, d * 0.06, d * 0.94, d * 0.6), defence)
    _attack(sk, (d * 0.07, d * 0.5, d * 0.49, d * 0.92), attack, ranged, (d * 0.55, d * 0.56, d * 0.9, d * 0.91))
    image = sk.finish()
    if stunned:
        b = max(6, round(d * 0.42))
        badge = Sketch(b, b)
        badge.ellipse((0, 0, b, b), fill=STUN, outline=pal.INK, width=b * 0.08)
        badge.text((b / 2, b * 0.46), "z", px=b * 0.8, fill=pal.INK, bold=True)
        image.alpha_composite(badge.finish(), (0, 0))
    return image


def seat_shape(seat: int) -> str:
    return SIDE_SHAPES[seat % len(SIDE_SHAPES)]


@lru_cache(maxsize=128)
def hero_token(seat: int, letters: str, d: int, active: bool = False) -> Image.Image:
    """A hero: a dark halo (a gold one while it is its turn), then its seat's shape and colours, its initial."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    shape = seat_shape(seat)
    halo = d * (0.1 if active else 0.05)
    ring = d * 0.09
    draw_shape(sk, shape, (0, 0, d, d), fill=gl.HALO if active else pal.INK, outline=pal.INK, width=d * 0.04)  # type: ignore[arg-type]
    inner = (halo, halo, d - halo, d - halo)
    face, strong = pal.SIDE_PALE[seat % 6], pal.SIDE_STRONG[seat % 6]
    draw_shape(sk, shape, inner, fill=face, outline=strong, width=ring)  # type: ignore[arg-type]
    room = (d - 2 * halo) * {"circle": 0.62, "square": 0.66, "hexagon": 0.58, "diamond": 0.44}.get(shape, 0.5)
    px = _fit(letters, room, d * (0.5 if len(letters) == 1 else 0.36))
    sk.text((d / 2, d / 2 + d * 0.02), letters, px=px, fill=pal.INK, bold=True)
    return sk.finish()


@lru_cache(maxsize=64)
def lord_token(left: int, defence: int, attack: int, ranged: bool, d: int) -> Image.Image:
    """The Dungeon Lord, ``LORD_WIDE`` tokens wide and one tall: crown, the Defence it has left on the shield,
    its attack, and under them a bar of the damage it has taken out of its Defence."""
    d = max(d, SMALLEST)
    w = round(LORD_WIDE * d)
    sk = Sketch(w, d)
    sk.rounded((0, 0, w, d), d * 0.18, fill=gl.LORD_FACE, outline=gl.HALO, width=d * 0.07)
    gl.crown(sk, (d * 0.08, d * 0.1, d * 0.5, d * 0.46), gl.HALO)
    _shield(sk, (d * 0.5, d * 0.07, d * 1.08, d * 0.74), left)
    _attack(sk, (d * 0.1, d * 0.46, d * 0.46, d * 0.82), attack, ranged, (d * 1.14, d * 0.12, d * 1.6, d * 0.58))
    bar = (d * 0.52, d * 0.8, w - d * 0.1, d * 0.9)
    sk.rounded(bar, d * 0.04, fill=pal.INK)
    taken = max(0.0, min(1.0, 1 - left / max(1, defence)))
    if taken > 0:
        sk.rounded((bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * taken, bar[3]), d * 0.04, fill=gl.WOUND)
    return sk.finish()


# -- small marks for the hero cards and the status card --------------------------------------------------------


@lru_cache(maxsize=64)
def mark(kind: str, d: int) -> Image.Image:
    """A small symbol: ``wound`` (drop), ``hand`` (fanned cards), ``shard``, ``deck``, ``discard``, ``ready``,
    ``exhausted``, ``guard`` (shield), ``stuck`` (a barred door), a door, an enemy type or a boost symbol."""
    d = max(d, SMALLEST)
    sk = Sketch(d, d)
    if kind == "wound":
        gl.wound(sk, (d * 0.14, d * 0.02, d * 0.86, d * 0.98))
    elif kind in ("hand", "deck", "discard"):
        face = {"hand": HAND_FACE, "deck": DECK_FACE, "discard": DISCARD_FACE}[kind]
        for i, angle in enumerate((-14, 0, 14) if kind == "hand" else (0, 0, 0)):
            dx = (i - 1) * d * (0.12 if kind == "hand" else 0.05)
            dy = 0 if kind == "hand" else (1 - i) * d * 0.05
            cx, cy = d / 2 + dx, d / 2 + dy
            hw, hh = d * 0.26, d * 0.38
            a = math.radians(angle)
            corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
            pts = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in corners]
            sk.polygon(pts, fill=face, outline=pal.INK, width=d * 0.06)
    elif kind == "shard":
        gl.shard(sk, (d * 0.16, d * 0.02, d * 0.84, d * 0.98))
    elif kind == "lord":
        sk.rounded((0, d * 0.08, d, d * 0.92), d * 0.16, fill=gl.LORD_FACE, outline=gl.HALO, width=d * 0.07)
        gl.crown(sk, (d * 0.18, d * 0.2, d * 0.82, d * 0.8), gl.HALO)
    elif kind == "ready":
        sk.ellipse((d * 0.06, d * 0.06, d * 0.94, d * 0.94), fill=gl.READY, outline=pal.INK, width=d * 0.06)
        sk.line([(d * 0.28, d * 0.52), (d * 0.44, d * 0.68), (d * 0.73, d * 0.34)], fill=pal.WHITE, width=d * 0.13)
    elif kind == "exhausted":
        sk.ellipse((d * 0.06, d * 0.06, d * 0.94, d * 0.94), fill=(92, 92, 100), outline=pal.INK, width=d * 0.06)
        sk.arc((d * 0.26, d * 0.26, d * 0.74, d * 0.74), 200, 470, fill=pal.WHITE, width=d * 0.1)
        sk.polygon([(d * 0.5, d * 0.12), (d * 0.5, d * 0.4), (d * 0.3, d * 0.26)], fill=pal.WHITE)
    elif kind == "guard":
        sk.polygon(
            gl.shield_points((d * 0.1, d * 0.04, d * 0.9, d * 0.96)),
            fill=gl.SYMBOL_COLOUR["defence"],
            outline=pal.INK,
            width=d * 0.06,
        )
    elif kind == "stuck":
        sk.rounded(
            (d * 0.14, d * 0.06, d * 0.86, d * 0.94), d * 0.1, fill=(120, 84, 50), outline=pal.INK, width=d * 0.06
        )
        for v in (0.32, 0.66):
            sk.line([(d * 0.1, d * v), (d * 0.9, d * v)], fill=pal.INK, width=d * 0.1)
    elif kind in gl.DOORS:
        gl.door(sk, kind, (d * 0.06, d * 0.06, d * 0.94, d * 0.94))
    elif kind in gl.ENEMIES:
        sk.ellipse((0, 0, d, d), fill=gl.ENEMY_FACE, outline=gl.ENEMY_COLOUR[kind], width=d * 0.08)
        gl.enemy(sk, kind, (d * 0.2, d * 0.2, d * 0.8, d * 0.8))
    elif kind in gl.BOOSTS:
        gl.boost(sk, kind, (d * 0.08, d * 0.08, d * 0.92, d * 0.92))
    elif kind == "ranged":
        gl.arrow(sk, (d * 0.06, d * 0.06, d * 0.94, d * 0.94), MARK)
    else:
        raise ValueError(f"unknown mark {kind!r}")
    return sk.finish()


MARKS = ("wound", "hand", "deck", "discard", "shard", "lord", "ready", "exhausted", "guard", "stuck", "ranged")
