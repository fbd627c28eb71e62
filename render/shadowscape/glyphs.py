"""Shadowscape's symbols, drawn with polygons into a ``Sketch`` (no font needed, smooth at any size): the four
door symbols, the three enemy types, the six boost symbols (which the shrines share), the Foresight eye, the
Shadow Shard, the melee and ranged marks, and the colours they are drawn in.

Every symbol differs by outline, so the board reads without colour: sun (disc with rays), moon (crescent),
star (five points), crown (three points); beast (paw), brigand (hood with eyes), undead (skull); might
(crossed swords), arcane (four-point sparkle), search (magnifier), move (double chevron), heal (plus),
defence (shield); a shard is a tall violet gem.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType

from engine.games.shadowscape.cards import DOOR_SYMBOLS, ENEMY_TYPES, SYMBOLS

from .. import palette as pal
from ..palette import RGB
from ..toolkit import Box, Point, Sketch, crown_points, draw_drop, star_points

# -- colours ---------------------------------------------------------------------------------------------------
FLOOR: RGB = (74, 68, 61)  # a room's stone floor
FLOOR_START: RGB = (66, 74, 66)  # the corner rooms, where heroes enter
FLOOR_THRONE: RGB = (86, 62, 64)  # the centre room, where the Lord wakes
WALL: RGB = (18, 16, 15)
RIM: RGB = (40, 37, 34)
DOORWAY: RGB = (30, 27, 25)
ROOM_TEXT: RGB = (226, 218, 204)
ROOM_DIM: RGB = (190, 180, 164)
DOOR_COLOUR: Mapping[str, RGB] = MappingProxyType(
    {"sun": pal.ORANGE, "moon": pal.SKY_BLUE, "star": pal.YELLOW, "crown": (236, 150, 206)}
)
ENEMY_COLOUR: Mapping[str, RGB] = MappingProxyType(
    {"beast": (214, 138, 64), "brigand": (150, 168, 196), "undead": (176, 214, 150)}
)
ENEMY_FACE: RGB = (36, 32, 34)
SYMBOL_COLOUR: Mapping[str, RGB] = MappingProxyType(
    {
        "might": (232, 96, 60),
        "arcane": (204, 121, 167),
        "search": pal.YELLOW,
        "move": pal.ORANGE,
        "heal": (40, 186, 130),
        "defence": (96, 166, 230),
        "foresight": (190, 160, 240),
    }
)
SHRINE_SYMBOL: Mapping[str, str] = MappingProxyType(  # a shrine shows the symbol it boosts (ours)
    {
        "arcane": "arcane",
        "battle": "might",
        "health": "heal",
        "armour": "defence",
        "foresight": "foresight",
        "hero": "move",
    }
)
SHARD: RGB = (168, 118, 240)
SHARD_LIGHT: RGB = (222, 200, 255)
GOLD: RGB = (236, 186, 40)
GOLD_DARK: RGB = (150, 104, 10)
ATTACK: RGB = (200, 40, 40)
WOUND: RGB = pal.VERMILLION
READY: RGB = (40, 170, 110)
LORD_FACE: RGB = (112, 22, 36)
HALO: RGB = pal.GOLD


def _c(box: Box) -> tuple[float, float, float, float]:
    """Centre and size of ``box``: cx, cy, width, height."""
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0


def _at(box: Box, u: float, v: float) -> Point:
    return box[0] + u * (box[2] - box[0]), box[1] + v * (box[3] - box[1])


def _ellipse(sk: Sketch, box: Box, **style) -> None:
    """``Sketch.ellipse``, skipping one too small to draw (a jewel or an eye on the tiniest boards)."""
    if (box[2] - box[0]) * sk.scale >= 2 and (box[3] - box[1]) * sk.scale >= 2:
        sk.ellipse(box, **style)


def _line(sk: Sketch, a: Point, b: Point, *, fill: RGB, width: float) -> None:
    sk.line([a, b], fill=fill, width=max(1.0, width))


# -- doors -----------------------------------------------------------------------------------------------------


def sun(sk: Sketch, box: Box, fill: RGB) -> None:
    cx, cy, w, _ = _c(box)
    rays = []
    for i in range(8):
        a = i * math.tau / 8
        tip = (cx + 0.5 * w * math.cos(a), cy + 0.5 * w * math.sin(a))
        side = 0.13 * w
        base = 0.3 * w
        left = (cx + base * math.cos(a) - side * math.sin(a), cy + base * math.sin(a) + side * math.cos(a))
        right = (cx + base * math.cos(a) + side * math.sin(a), cy + base * math.sin(a) - side * math.cos(a))
        rays.append([tip, left, right])
    for ray in rays:
        sk.polygon(ray, fill=fill)
    r = 0.29 * w
    _ellipse(sk, (cx - r, cy - r, cx + r, cy + r), fill=fill)


def _circle(cx: float, cy: float, r: float, steps: int) -> list[Point]:
    return [(cx + r * math.cos(i * math.tau / steps), cy + r * math.sin(i * math.tau / steps)) for i in range(steps)]


def moon(sk: Sketch, box: Box, fill: RGB) -> None:
    """A crescent opening to the right: the outer circle's arc outside a smaller offset circle, then that
    circle's arc back inside the outer one."""
    cx, cy, w, _ = _c(box)
    r1, r2 = 0.46 * w, 0.4 * w
    ox, oy = cx + 0.3 * w, cy - 0.1 * w
    steps = 96
    outer = [p for p in _circle(cx, cy, r1, steps) if math.dist(p, (ox, oy)) > r2]
    inner = [p for p in _circle(ox, oy, r2, steps) if math.dist(p, (cx, cy)) < r1]
    outer.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx) % math.tau)
    inner.sort(key=lambda p: math.atan2(p[1] - oy, p[0] - ox) % math.tau, reverse=True)
    if math.dist(outer[-1], inner[0]) > math.dist(outer[-1], inner[-1]):
        inner.reverse()
    sk.polygon(outer + inner, fill=fill)


def star(sk: Sketch, box: Box, fill: RGB) -> None:
    cx, cy, w, _ = _c(box)
    sk.polygon(star_points(cx, cy + 0.04 * w, 0.52 * w, 0.22 * w), fill=fill)


def crown(sk: Sketch, box: Box, fill: RGB) -> None:
    cx, cy, w, _ = _c(box)
    inner = (cx - 0.46 * w, cy - 0.36 * w, cx + 0.46 * w, cy + 0.34 * w)
    sk.polygon(crown_points(inner), fill=fill)
    r = 0.08 * w
    for u in (0.0, 0.5, 1.0):
        x, y = inner[0] + u * (inner[2] - inner[0]), inner[1] + (0.28 if u != 0.5 else 0.0) * (inner[3] - inner[1])
        _ellipse(sk, (x - r, y - r, x + r, y + r), fill=fill)


# -- enemy types -----------------------------------------------------------------------------------------------


def beast(sk: Sketch, box: Box, fill: RGB, hole: RGB) -> None:
    """A paw: a broad pad and four toes."""
    _ellipse(sk, (*_at(box, 0.22, 0.46), *_at(box, 0.78, 0.94)), fill=fill)
    for u, v in ((0.14, 0.36), (0.36, 0.14), (0.64, 0.14), (0.86, 0.36)):
        x, y = _at(box, u, v)
        r = 0.12 * (box[2] - box[0])
        _ellipse(sk, (x - r, y - r * 1.15, x + r, y + r * 1.15), fill=fill)


def brigand(sk: Sketch, box: Box, fill: RGB, hole: RGB) -> None:
    """A hood: a peaked cowl with a dark opening and two glinting eyes."""
    hood = [_at(box, u, v) for u, v in ((0.5, 0.02), (0.8, 0.3), (0.95, 0.96), (0.05, 0.96), (0.2, 0.3))]
    sk.polygon(hood, fill=fill)
    _ellipse(sk, (*_at(box, 0.27, 0.36), *_at(box, 0.73, 0.9)), fill=hole)
    w = box[2] - box[0]
    for u in (0.39, 0.61):
        x, y = _at(box, u, 0.56)
        _ellipse(sk, (x - 0.065 * w, y - 0.05 * w, x + 0.065 * w, y + 0.05 * w), fill=fill)


def undead(sk: Sketch, box: Box, fill: RGB, hole: RGB) -> None:
    """A skull: cranium, jaw, two sockets and a nose."""
    _ellipse(sk, (*_at(box, 0.12, 0.04), *_at(box, 0.88, 0.74)), fill=fill)
    sk.rounded((*_at(box, 0.28, 0.5), *_at(box, 0.72, 0.96)), 0.08 * (box[2] - box[0]), fill=fill)
    w = box[2] - box[0]
    for u in (0.35, 0.65):
        x, y = _at(box, u, 0.44)
        _ellipse(sk, (x - 0.12 * w, y - 0.11 * w, x + 0.12 * w, y + 0.11 * w), fill=hole)
    sk.polygon([_at(box, 0.5, 0.58), _at(box, 0.44, 0.7), _at(box, 0.56, 0.7)], fill=hole)
    for u in (0.4, 0.5, 0.6):
        _line(sk, _at(box, u, 0.8), _at(box, u, 0.95), fill=hole, width=0.04 * w)


# -- boost symbols (and the shrines that add to them) ----------------------------------------------------------


def _sword(sk: Sketch, box: Box, fill: RGB, flip: bool) -> None:
    """One sword of the pair, point up: blade corner to corner, a crossguard across it near the hilt."""
    w = box[2] - box[0]
    point, hilt, guard = (
        ((0.88, 0.1), (0.12, 0.9), (0.3, 0.72)) if not flip else ((0.12, 0.1), (0.88, 0.9), (0.7, 0.72))
    )
    _line(sk, _at(box, *point), _at(box, *hilt), fill=fill, width=0.12 * w)
    g, s = _at(box, *guard), 0.19 * w
    ends = ((g[0] - s, g[1] - s), (g[0] + s, g[1] + s)) if not flip else ((g[0] - s, g[1] + s), (g[0] + s, g[1] - s))
    _line(sk, *ends, fill=fill, width=0.11 * w)


def might(sk: Sketch, box: Box, fill: RGB) -> None:
    """Crossed swords."""
    _sword(sk, box, fill, False)
    _sword(sk, box, fill, True)


def arcane(sk: Sketch, box: Box, fill: RGB) -> None:
    cx, cy, w, _ = _c(box)
    sk.polygon(star_points(cx, cy, 0.5 * w, 0.14 * w, points=4), fill=fill)
    r = 0.09 * w
    x, y = cx + 0.3 * w, cy - 0.3 * w
    _ellipse(sk, (x - r, y - r, x + r, y + r), fill=fill)


def search(sk: Sketch, box: Box, fill: RGB) -> None:
    w = box[2] - box[0]
    _line(sk, _at(box, 0.58, 0.58), _at(box, 0.88, 0.88), fill=fill, width=0.17 * w)
    _ellipse(sk, (*_at(box, 0.08, 0.08), *_at(box, 0.68, 0.68)), outline=fill, width=0.13 * w)


def move(sk: Sketch, box: Box, fill: RGB) -> None:
    """A double chevron, pointing on."""
    w = box[2] - box[0]
    for u in (0.0, 0.36):
        pts = [_at(box, 0.12 + u, 0.14), _at(box, 0.5 + u, 0.5), _at(box, 0.12 + u, 0.86)]
        sk.line(pts, fill=fill, width=0.15 * w)


def heal(sk: Sketch, box: Box, fill: RGB) -> None:
    w = box[2] - box[0]
    t = 0.15 * w
    sk.rounded((*_at(box, 0.5 - 0.15, 0.08), *_at(box, 0.5 + 0.15, 0.92)), t * 0.4, fill=fill)
    sk.rounded((*_at(box, 0.08, 0.5 - 0.15), *_at(box, 0.92, 0.5 + 0.15)), t * 0.4, fill=fill)


SHIELD: tuple[Point, ...] = ((0.5, 0.04), (0.92, 0.18), (0.86, 0.56), (0.5, 0.97), (0.14, 0.56), (0.08, 0.18))


def shield_points(box: Box) -> list[Point]:
    return [_at(box, u, v) for u, v in SHIELD]


def defence(sk: Sketch, box: Box, fill: RGB) -> None:
    sk.polygon(shield_points(box), fill=fill)


def foresight(sk: Sketch, box: Box, fill: RGB, hole: RGB = pal.INK) -> None:
    """An eye: an almond, its iris and pupil."""
    cx, cy, w, _ = _c(box)
    top = [(cx + 0.48 * w * math.cos(t), cy - 0.3 * w * math.sin(t)) for t in [i * math.pi / 16 for i in range(17)]]
    bottom = [(cx - 0.48 * w * math.cos(t), cy + 0.3 * w * math.sin(t)) for t in [i * math.pi / 16 for i in range(17)]]
    sk.polygon(top + bottom, fill=fill)
    r = 0.2 * w
    _ellipse(sk, (cx - r, cy - r, cx + r, cy + r), fill=hole)
    r = 0.09 * w
    _ellipse(sk, (cx - r, cy - r, cx + r, cy + r), fill=fill)


def arrow(sk: Sketch, box: Box, fill: RGB) -> None:
    """The ranged mark: an arrow flying up and to the right, with fletching."""
    w = box[2] - box[0]
    _line(sk, _at(box, 0.14, 0.86), _at(box, 0.7, 0.3), fill=fill, width=0.12 * w)
    sk.polygon([_at(box, 0.92, 0.08), _at(box, 0.5, 0.24), _at(box, 0.76, 0.5)], fill=fill)
    for du, dv in ((0.0, -0.18), (0.18, 0.0)):
        _line(sk, _at(box, 0.2, 0.8), _at(box, 0.2 + du, 0.8 + dv), fill=fill, width=0.09 * w)


def shard(sk: Sketch, box: Box, fill: RGB = SHARD, light: RGB = SHARD_LIGHT, edge: RGB = pal.INK) -> None:
    """A Shadow Shard: a tall gem with a lit left facet."""
    outline = [_at(box, 0.5, 0.0), _at(box, 0.86, 0.3), _at(box, 0.5, 1.0), _at(box, 0.14, 0.3)]
    sk.polygon(outline, fill=fill, outline=edge, width=max(1.0, 0.07 * (box[2] - box[0])))
    sk.polygon([_at(box, 0.5, 0.1), _at(box, 0.5, 0.86), _at(box, 0.24, 0.32)], fill=light)


def wound(sk: Sketch, box: Box, fill: RGB = WOUND) -> None:
    draw_drop(sk, box, fill=fill, outline=pal.INK, width=max(1.0, 0.06 * (box[2] - box[0])))


DOORS: Mapping[str, Callable[[Sketch, Box, RGB], None]] = MappingProxyType(
    {"sun": sun, "moon": moon, "star": star, "crown": crown}
)
ENEMIES: Mapping[str, Callable[[Sketch, Box, RGB, RGB], None]] = MappingProxyType(
    {"beast": beast, "brigand": brigand, "undead": undead}
)
BOOSTS: Mapping[str, Callable[..., None]] = MappingProxyType(
    {
        "might": might,
        "arcane": arcane,
        "search": search,
        "move": move,
        "heal": heal,
        "defence": defence,
        "foresight": foresight,
    }
)
assert set(DOORS) == set(DOOR_SYMBOLS) and set(ENEMIES) == set(ENEMY_TYPES) and set(SYMBOLS) <= set(BOOSTS)


def door(sk: Sketch, symbol: str, box: Box, fill: RGB | None = None) -> None:
    DOORS[symbol](sk, box, fill or DOOR_COLOUR[symbol])


def enemy(sk: Sketch, kind: str, box: Box, fill: RGB | None = None, hole: RGB = ENEMY_FACE) -> None:
    ENEMIES[kind](sk, box, fill or ENEMY_COLOUR[kind], hole)


def boost(sk: Sketch, symbol: str, box: Box, fill: RGB | None = None) -> None:
    BOOSTS[symbol](sk, box, fill or SYMBOL_COLOUR[symbol])
