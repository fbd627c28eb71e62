"""The pieces of the Swartzblak board: Alleyway tiles and their symbols, figures, markers, dice.

Every sprite is drawn through a ``Sketch`` (anti-aliased) and cached per size, so a board is mostly pastes.
Meaning never rests on colour alone: the three Alleyways differ by symbol (moon, anchor, sun) as well as tint;
Heroes are round tokens with a letter, Varmints square tokens with a number, Townspeople small hexagons;
conditions and marks differ by glyph (drop, barred circle, star, mask).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .. import palette as pal
from ..palette import RGB
from ..pieces import condition_marker
from ..toolkit import Box, Point, Sketch, draw_shape, star_points

# -- colours -------------------------------------------------------------------------------------------------

HEROES, ADVERSARY = 0, 1
ALLEY_STRONG: tuple[RGB, ...] = ((150, 72, 128), (24, 118, 170), (196, 110, 0))  # moon, anchor, sun
ALLEY_TINT: tuple[RGB, ...] = ((226, 188, 214), (180, 219, 241), (246, 205, 140))
ALLEY_SYMBOLS = ("moon", "anchor", "sun")
TOWN_FACE: RGB = (250, 247, 240)
TOWN_RING: RGB = (104, 100, 94)
BEAST_FACE: RGB = (34, 64, 104)
HEX_COLOUR: RGB = (184, 84, 150)  # the reddish purple, deepened so it reads on a small star
SECRET_RING: RGB = pal.GOLD
DIM_GREY: RGB = (150, 150, 150)
DISABLED_MIX = 0.55  # how far a Disabled figure's colours fade towards grey

# figure sizes, as fractions of a square
HERO_TOKEN = 0.8
VARMINT_TOKEN = 0.74
TOWN_TOKEN = 0.66
BADGE = 0.4  # condition, hex and secret badges
TILE_PILL = (0.5, 0.32)  # width, height of the symbol-and-number pill on an occupied tile


# -- glyphs --------------------------------------------------------------------------------------------------


def moon_points(box: Box) -> list[Point]:
    """A crescent moon opening to the upper right: the outer circle's far arc, then the inner circle's arc."""
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    d, r1, phi = r * 0.62, r * 0.82, -math.pi / 4  # the bite: its centre's distance, radius, direction
    x = (d * d + r * r - r1 * r1) / (2 * d)
    y = math.sqrt(max(0.0, r * r - x * x))
    t0 = math.atan2(y, x)
    b_top = math.atan2(y, x - d)
    local = [(r * math.cos(t), r * math.sin(t)) for t in _steps(t0, 2 * math.pi - t0, 28)]
    local += [(d + r1 * math.cos(b), r1 * math.sin(b)) for b in _steps(2 * math.pi - b_top, b_top, 20)]
    c, s = math.cos(phi), math.sin(phi)
    return [(cx + px * c - py * s, cy + px * s + py * c) for px, py in local]


def _steps(start: float, end: float, n: int) -> list[float]:
    return [start + (end - start) * i / n for i in range(n + 1)]


def draw_moon(sk: Sketch, box: Box, *, fill: RGB, outline: RGB = pal.INK) -> None:
    w = box[2] - box[0]
    sk.polygon(moon_points(box), fill=fill, outline=outline, width=max(1.0, w * 0.06))


def draw_anchor(sk: Sketch, box: Box, *, fill: RGB, outline: RGB = pal.INK) -> None:
    """An anchor: ring, shank, stock and a curved crown with two flukes."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    stroke = w * 0.13
    for colour, width in ((outline, stroke + w * 0.1), (fill, stroke)):
        ring = w * 0.13
        sk.ellipse((cx - ring, y0, cx + ring, y0 + 2 * ring), outline=colour, width=width * 0.6)
        sk.line([(cx, y0 + 2 * ring), (cx, y1 - h * 0.06)], fill=colour, width=width)
        sk.line([(cx - w * 0.24, y0 + h * 0.34), (cx + w * 0.24, y0 + h * 0.34)], fill=colour, width=width)
        sk.arc((x0 + w * 0.08, y1 - h * 0.62, x1 - w * 0.08, y1 - h * 0.04), 20, 160, fill=colour, width=width)
    for side in (-1, 1):  # the flukes: arrow heads at the ends of the crown
        tip = (cx + side * w * 0.46, y1 - h * 0.44)
        sk.polygon(
            [tip, (tip[0] - side * w * 0.2, tip[1] + h * 0.02), (tip[0] - side * w * 0.02, tip[1] + h * 0.2)],
            fill=fill,
            outline=outline,
            width=w * 0.04,
        )


def draw_sun(sk: Sketch, box: Box, *, fill: RGB, outline: RGB = pal.INK) -> None:
    """A sun: a disc inside a ring of eight rays."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, w / 2
    sk.polygon(star_points(cx, cy, r, r * 0.62, points=8), fill=fill, outline=outline, width=max(1.0, w * 0.05))
    disc = r * 0.5
    sk.ellipse((cx - disc, cy - disc, cx + disc, cy + disc), fill=fill, outline=outline, width=max(1.0, w * 0.05))


SYMBOL_DRAWERS = {"moon": draw_moon, "anchor": draw_anchor, "sun": draw_sun}


def draw_symbol(sk: Sketch, alley: int, box: Box) -> None:
    SYMBOL_DRAWERS[ALLEY_SYMBOLS[alley]](sk, box, fill=ALLEY_STRONG[alley])


def draw_link(sk: Sketch, box: Box, *, fill: RGB = pal.INK, back: RGB = pal.WHITE) -> None:
    """Two chain links side by side: the Alleyways here connect."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    lw, lh = w * 0.62, h * 0.5
    top = y0 + (h - lh) / 2
    for colour, width in ((back, w * 0.2), (fill, w * 0.1)):
        sk.rounded((x0, top, x0 + lw, top + lh), lh / 2, outline=colour, width=width)
        sk.rounded((x1 - lw, top, x1, top + lh), lh / 2, outline=colour, width=width)


def draw_mask(sk: Sketch, box: Box, *, fill: RGB = pal.INK, holes: RGB = pal.GOLD) -> None:
    """A domino mask: the Shapeshifter in disguise."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [
        (0.0, 0.2),
        (0.28, 0.08),
        (0.5, 0.22),
        (0.72, 0.08),
        (1.0, 0.2),
        (0.96, 0.62),
        (0.72, 0.86),
        (0.56, 0.66),
        (0.5, 0.62),
        (0.44, 0.66),
        (0.28, 0.86),
        (0.04, 0.62),
    ]
    sk.polygon([(x0 + u * w, y0 + v * h) for u, v in pts], fill=fill)
    for ex in (0.27, 0.73):
        sk.ellipse((x0 + (ex - 0.13) * w, y0 + 0.3 * h, x0 + (ex + 0.13) * w, y0 + 0.56 * h), fill=holes)


def draw_chevron(sk: Sketch, box: Box, *, fill: RGB | None, outline: RGB, width: float) -> None:
    """A move (>): a right-pointing chevron."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [(0.12, 0.06), (0.5, 0.06), (0.9, 0.5), (0.5, 0.94), (0.12, 0.94), (0.52, 0.5)]
    sk.polygon([(x0 + u * w, y0 + v * h) for u, v in pts], fill=fill, outline=outline, width=width)


def draw_bang(sk: Sketch, box: Box, *, fill: RGB | None, outline: RGB, width: float) -> None:
    """A stunt (!): a tapered bar over a dot."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    bar = [(0.3, 0.04), (0.7, 0.04), (0.6, 0.66), (0.4, 0.66)]
    sk.polygon([(x0 + u * w, y0 + v * h) for u, v in bar], fill=fill, outline=outline, width=width)
    d = w * 0.34
    sk.ellipse(
        (x0 + (w - d) / 2, y1 - d - h * 0.03, x0 + (w + d) / 2, y1 - h * 0.03), fill=fill, outline=outline, width=width
    )


def draw_paw(sk: Sketch, box: Box, *, fill: RGB) -> None:
    """A paw print: the Beast's emblem."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    sk.ellipse((x0 + w * 0.24, y0 + h * 0.44, x0 + w * 0.76, y0 + h * 0.92), fill=fill)
    for u, v in ((0.12, 0.36), (0.34, 0.14), (0.66, 0.14), (0.88, 0.36)):
        r = w * 0.11
        sk.ellipse((x0 + u * w - r, y0 + v * h - r * 1.2, x0 + u * w + r, y0 + v * h + r * 1.2), fill=fill)


# -- badges --------------------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def hex_badge(diameter: int) -> Image.Image:
    """Hexed: a purple star on a white badge (every attack on this figure has Advantage)."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=d * 0.08)
    sk.polygon(star_points(d / 2, d * 0.54, d * 0.42, d * 0.2), fill=HEX_COLOUR, outline=pal.INK, width=d * 0.04)
    return sk.finish()


@lru_cache(maxsize=32)
def mask_badge(diameter: int) -> Image.Image:
    """The Shapeshifter's mark (the Adversary's private view only): a mask on a gold badge."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.ellipse((0, 0, d, d), fill=SECRET_RING, outline=pal.INK, width=d * 0.08)
    draw_mask(sk, (d * 0.14, d * 0.24, d * 0.86, d * 0.78), fill=pal.INK, holes=SECRET_RING)
    return sk.finish()


@lru_cache(maxsize=32)
def link_badge(diameter: int) -> Image.Image:
    """Two Alleyways connect across this edge."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=d * 0.07)
    draw_link(sk, (d * 0.16, d * 0.2, d * 0.84, d * 0.8))
    return sk.finish()


@lru_cache(maxsize=32)
def used_badge(moved: bool, stunted: bool, height: int) -> Image.Image:
    """A small pill saying which of its actions a figure has spent this turn: > moved, ! stunted."""
    n = moved + stunted
    h = float(height)
    w = h * (0.78 * n + 0.32)
    sk = Sketch(math.ceil(w), height)
    sk.rounded((0, 0, w, h), h / 2, fill=pal.INK, outline=pal.WHITE, width=h * 0.08)
    x = h * 0.2
    for on, draw in ((moved, draw_chevron), (stunted, draw_bang)):
        if on:
            draw(sk, (x, h * 0.2, x + h * 0.7, h * 0.8), fill=pal.WHITE, outline=pal.WHITE, width=0)
            x += h * 0.78
    return sk.finish()


# -- figures -------------------------------------------------------------------------------------------------


def _faded(colour: RGB, disabled: bool) -> RGB:
    return pal.mix(colour, DIM_GREY, DISABLED_MIX) if disabled else colour


def figure_style(uid: str) -> tuple[str, float, RGB, RGB, str]:
    """(shape, size as a fraction of a square, face, ring, text) of a one-square figure."""
    if uid[0] == "v":
        return "square", VARMINT_TOKEN, pal.SIDE_PALE[ADVERSARY], pal.SIDE_STRONG[ADVERSARY], uid[1]
    if uid[0] == "t":
        return "hexagon", TOWN_TOKEN, TOWN_FACE, TOWN_RING, uid[1]
    return "circle", HERO_TOKEN, pal.SIDE_PALE[HEROES], pal.SIDE_STRONG[HEROES], uid


@lru_cache(maxsize=128)
def figure_body(uid: str, disabled: bool, cell: int) -> Image.Image:
    """A one-square figure's token, centred on a transparent square: faded and lying on its side (turned a
    quarter) when Disabled, since Disabled figures stay on the board."""
    shape, frac, face, ring, text = figure_style(uid)
    face, ring = _faded(face, disabled), _faded(ring, disabled)
    sk = Sketch(cell, cell)
    t = cell * frac
    o = (cell - t) / 2
    draw_shape(
        sk, shape, (o, o, o + t, o + t), fill=face, outline=ring, width=t * (0.09 if shape == "square" else 0.08)
    )
    ink = _faded(pal.INK, disabled)
    if uid[0] == "t":  # a small "t" before the number, so a Townsperson never reads as a Varmint
        sk.text((cell / 2 - t * 0.17, cell / 2 + t * 0.05), "t", px=t * 0.4, fill=ink)
        sk.text((cell / 2 + t * 0.1, cell / 2), text, px=t * 0.56, fill=ink, bold=True)
    else:
        sk.text((cell / 2, cell / 2 + t * 0.01), text, px=t * 0.56, fill=ink, bold=True)
    image = sk.finish()
    return image.transpose(Image.Transpose.ROTATE_90) if disabled else image


@lru_cache(maxsize=1024)
def figure_sprite(
    uid: str, cond: int, cell: int, *, hexed: bool = False, moved: bool = False, stunted: bool = False, secret=False
) -> Image.Image:
    """A one-square figure with its marks: condition (top right), the Shapeshifter's mask (top left, private),
    Hexed (bottom left), and what it has spent this turn (top centre)."""
    image = figure_body(uid, cond == 2, cell).copy()
    badge = round(cell * BADGE)
    if secret:
        ring = Sketch(cell, cell)
        t = cell * (VARMINT_TOKEN + 0.16)
        o = (cell - t) / 2
        ring.rounded((o, o, o + t, o + t), t * 0.2, outline=pal.INK, width=cell * 0.1)
        ring.rounded((o, o, o + t, o + t), t * 0.2, outline=SECRET_RING, width=cell * 0.065)
        image = Image.alpha_composite(ring.finish(), image)
        image.alpha_composite(mask_badge(badge), (0, 0))
    _decorate(image, cond, hexed=hexed, moved=moved, stunted=stunted, badge=badge, cell=cell)
    return image


def _decorate(image: Image.Image, cond: int, *, hexed: bool, moved: bool, stunted: bool, badge: int, cell: int) -> None:
    width = image.width
    if cond:
        image.alpha_composite(condition_marker("wounded" if cond == 1 else "disabled", badge), (width - badge, 0))
    if hexed:
        image.alpha_composite(hex_badge(badge), (0, image.height - badge))
    if moved or stunted:
        pill = used_badge(moved, stunted, round(cell * 0.22))
        image.alpha_composite(pill, ((width - pill.width) // 2, 0))


@lru_cache(maxsize=64)
def beast_sprite(
    cond: int, cell: int, *, hexed: bool = False, moved: bool = False, stunted: bool = False
) -> Image.Image:
    """The Beast: a 2×2 plate with a paw and its name, in the Adversary's blue; faded when Disabled."""
    size = 2 * cell
    disabled = cond == 2
    face, ring = _faded(BEAST_FACE, disabled), _faded(pal.SIDE_STRONG[ADVERSARY], disabled)
    sk = Sketch(size, size)
    m = cell * 0.08
    sk.rounded((m, m, size - m, size - m), cell * 0.24, fill=face, outline=pal.INK, width=cell * 0.05)
    sk.rounded((m * 1.9, m * 1.9, size - m * 1.9, size - m * 1.9), cell * 0.18, outline=ring, width=cell * 0.08)
    paw = _faded(pal.WHITE, disabled)
    draw_paw(sk, (cell * 0.58, cell * 0.36, cell * 1.42, cell * 1.2), fill=paw)
    sk.text((cell, cell * 1.55), "BEAST", px=cell * 0.34, fill=paw, bold=True)
    image = sk.finish()
    _decorate(image, cond, hexed=hexed, moved=moved, stunted=stunted, badge=round(cell * 0.46), cell=cell)
    return image


@lru_cache(maxsize=16)
def side_icon(side: int, diameter: int) -> Image.Image:
    """A side's token shape in its colours (Heroes round, Adversary square), for headlines."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    shape = "circle" if side == HEROES else "square"
    box = (d * 0.04, d * 0.04, d * 0.96, d * 0.96)
    draw_shape(sk, shape, box, fill=pal.SIDE_PALE[side], outline=pal.SIDE_STRONG[side], width=d * 0.1)
    return sk.finish()


# -- Alleyway tiles ------------------------------------------------------------------------------------------


def tile_fill(alley: int, dark: bool) -> RGB:
    """A tile's colour: its Alleyway's tint, a shade darker on the dark squares so the chequer still reads."""
    return pal.darker(ALLEY_TINT[alley], 0.07) if dark else ALLEY_TINT[alley]


@lru_cache(maxsize=256)
def tile_image(alley: int, number: int, *, dark: bool, escape: bool, occupied: bool, cell: int) -> Image.Image:
    """One Alleyway tile as drawn under whatever stands on it (RGB). Empty, it shows its symbol and number
    large; occupied, they move to a pill drawn over the figure (``tile_pill``). Tile 5 of an Alleyway that
    connects to no other (the Adversary's escape) has a heavy black-and-white frame."""
    sk = Sketch(cell, cell, background=tile_fill(alley, dark))
    c = float(cell)
    edge = ALLEY_STRONG[alley]
    if escape:
        sk.rounded((c * 0.02, c * 0.02, c * 0.98, c * 0.98), c * 0.12, outline=pal.INK, width=c * 0.1)
        sk.rounded((c * 0.1, c * 0.1, c * 0.9, c * 0.9), c * 0.08, outline=pal.WHITE, width=c * 0.04)
    else:
        sk.rounded((c * 0.04, c * 0.04, c * 0.96, c * 0.96), c * 0.12, outline=edge, width=c * 0.06)
    if not occupied:
        s = c * 0.42
        SYMBOL_DRAWERS[ALLEY_SYMBOLS[alley]](sk, (c * 0.12, (c - s) / 2, c * 0.12 + s, (c + s) / 2), fill=edge)
        sk.text((c * 0.73, c * 0.5), str(number), px=c * 0.5, fill=pal.INK, bold=True)
    return sk.finish().convert("RGB")


@lru_cache(maxsize=128)
def tile_pill(alley: int, number: int, escape: bool, cell: int) -> Image.Image:
    """The symbol and number of an occupied tile, in a pill at the square's bottom right."""
    w, h = round(cell * TILE_PILL[0]), round(cell * TILE_PILL[1])
    sk = Sketch(w, h)
    fill, ink = (pal.INK, pal.WHITE) if escape else (pal.WHITE, pal.INK)
    sk.rounded(
        (0, 0, w, h), h * 0.4, fill=fill, outline=ALLEY_STRONG[alley] if not escape else pal.WHITE, width=h * 0.1
    )
    s = h * 0.72
    SYMBOL_DRAWERS[ALLEY_SYMBOLS[alley]](
        sk, (h * 0.16, (h - s) / 2, h * 0.16 + s, (h + s) / 2), fill=ALLEY_STRONG[alley]
    )
    sk.text((w - h * 0.5, h / 2), str(number), px=h * 0.78, fill=ink, bold=True)
    return sk.finish()


@lru_cache(maxsize=16)
def legend_tile(alley: int, diameter: int) -> Image.Image:
    """A small tile with its symbol, for the Alleyway legend beside the board."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.rounded((0, 0, d, d), d * 0.18, fill=ALLEY_TINT[alley], outline=ALLEY_STRONG[alley], width=d * 0.08)
    draw_symbol(sk, alley, (d * 0.17, d * 0.17, d * 0.83, d * 0.83))
    return sk.finish()


@lru_cache(maxsize=16)
def escape_icon(diameter: int) -> Image.Image:
    """The escape frame in miniature, for the legend."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.rounded((0, 0, d, d), d * 0.18, fill=pal.PANEL, outline=pal.INK, width=d * 0.14)
    sk.rounded((d * 0.13, d * 0.13, d * 0.87, d * 0.87), d * 0.1, outline=pal.WHITE, width=d * 0.08)
    sk.text((d / 2, d / 2), "5", px=d * 0.55, fill=pal.WHITE, bold=True)
    return sk.finish()


# -- the side column: rounds, action pools, dice ------------------------------------------------------------


@lru_cache(maxsize=64)
def round_pip(number: int, state: str, diameter: int) -> Image.Image:
    """One round of the track: ``past`` (dim, filled), ``now`` (gold, ringed) or ``later`` (an outline)."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    if state == "now":
        sk.ellipse((0, 0, d, d), fill=pal.GOLD, outline=pal.WHITE, width=d * 0.1)
        ink = pal.INK
    elif state == "past":
        sk.ellipse((d * 0.06, d * 0.06, d * 0.94, d * 0.94), fill=pal.PANEL_EDGE)
        ink = pal.TEXT_DIM
    else:
        sk.ellipse((d * 0.06, d * 0.06, d * 0.94, d * 0.94), outline=pal.TEXT_DIM, width=d * 0.07)
        ink = pal.TEXT_DIM
    sk.text((d / 2, d / 2), str(number), px=d * 0.56, fill=ink, bold=True)
    return sk.finish()


@lru_cache(maxsize=16)
def pool_glyph(kind: str, full: bool, px: int) -> Image.Image:
    """One action of a pool: a chevron (move) or a bang (stunt), solid while left, hollow once spent."""
    sk = Sketch(px, px)
    p = float(px)
    draw = draw_chevron if kind == "move" else draw_bang
    if full:
        draw(sk, (p * 0.08, p * 0.06, p * 0.92, p * 0.94), fill=pal.TEXT, outline=pal.TEXT, width=p * 0.04)
    else:
        draw(sk, (p * 0.08, p * 0.06, p * 0.92, p * 0.94), fill=None, outline=pal.PANEL_EDGE, width=p * 0.08)
    return sk.finish()


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=64)
def die(value: int, attack: bool, best: bool, size: int) -> Image.Image:
    """A die showing ``value`` in pips: attack dice white, defence dice dark; the highest die of a roll (the
    one that counts) has a gold frame."""
    sk = Sketch(size, size)
    s = float(size)
    face, pip = (pal.WHITE, pal.INK) if attack else ((70, 76, 90), pal.WHITE)
    if best:
        sk.rounded((0, 0, s, s), s * 0.22, fill=pal.GOLD)
    inset = s * 0.1
    sk.rounded((inset, inset, s - inset, s - inset), s * 0.16, fill=face, outline=pal.INK, width=s * 0.04)
    r = s * 0.075
    inner = s - 2 * inset
    for u, v in PIPS[max(1, min(6, value))]:
        x, y = inset + u * inner, inset + v * inner
        sk.ellipse((x - r, y - r, x + r, y + r), fill=pip)
    return sk.finish()


def paste(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA sprite onto the RGB board through its own alpha."""
    image.paste(sprite, xy, sprite)


def frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: RGB, width: int) -> None:
    draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=colour, width=width)
