"""Playing pieces shared by the games: tokens with numbers and stacks, condition markers, 2×2 figures, cards.

Each returns a cached RGBA sprite, drawn once per size through a ``Sketch`` (so edges are anti-aliased) and
pasted wherever a board needs it. Conditions are told apart by symbol as well as colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from . import palette as pal
from .palette import RGB
from .toolkit import Shape, Sketch, draw_drop, draw_glyph, draw_shape, draw_text, ellipsize, wrap

Condition = Literal["wounded", "disabled", "shielded"]
CONDITIONS: tuple[Condition, ...] = ("wounded", "disabled", "shielded")


# -- tokens, condition markers, large figures ---------------------------------------------------------------


@lru_cache(maxsize=256)
def condition_marker(kind: Condition, diameter: int) -> Image.Image:
    """A round badge for a condition, told apart by its symbol as well as its colour."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    edge = d * 0.08
    if kind == "wounded":
        sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=edge)
        draw_drop(sk, (d * 0.24, d * 0.16, d * 0.76, d * 0.84), fill=pal.VERMILLION, outline=pal.INK, width=d * 0.04)
    elif kind == "disabled":
        sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=edge)
        sk.ellipse((d * 0.18, d * 0.18, d * 0.82, d * 0.82), outline=pal.INK, width=d * 0.1)
        sk.line([(d * 0.3, d * 0.7), (d * 0.7, d * 0.3)], fill=pal.INK, width=d * 0.1)
    elif kind == "shielded":
        sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=edge)
        shield = [
            (d * 0.5, d * 0.16),
            (d * 0.78, d * 0.28),
            (d * 0.72, d * 0.62),
            (d * 0.5, d * 0.86),
            (d * 0.28, d * 0.62),
            (d * 0.22, d * 0.28),
        ]
        sk.polygon(shield, fill=pal.SKY_BLUE, outline=pal.INK, width=d * 0.05)
    else:
        raise ValueError(f"unknown condition {kind!r}; known: {', '.join(CONDITIONS)}")
    return sk.finish()


def _markers(sk_image: Image.Image, conditions: Sequence[Condition], diameter: int) -> None:
    """Condition badges along the token's upper right edge."""
    size = max(8, round(diameter * 0.36))
    for i, kind in enumerate(conditions):
        marker = condition_marker(kind, size)
        x = diameter - size - i * round(size * 0.92)
        sk_image.alpha_composite(marker, (max(0, x), 0))


@lru_cache(maxsize=512)
def token(
    diameter: int,
    *,
    face: RGB,
    ring: RGB,
    shape: Shape = "circle",
    number: int | None = None,
    label: str | None = None,
    stack: int = 1,
    conditions: tuple[Condition, ...] = (),
) -> Image.Image:
    """A round (or shaped) playing piece with an optional number or label, a stack depth, and conditions.

    A stack of ``n`` shows ``n - 1`` edges peeking out below the face and its count in a corner badge, so
    three coins and one coin differ at a glance.
    """
    d = float(diameter)
    sk = Sketch(diameter, diameter)
    depth = min(max(stack, 1), 5)
    step = d * 0.05
    face_d = d - step * (depth - 1)
    ring_w = d * 0.07
    for level in range(depth - 1, 0, -1):  # the lower pieces first
        y = step * level
        draw_shape(sk, shape, (0, y, face_d, y + face_d), fill=pal.darker(face, 0.25), outline=ring, width=ring_w)
    box = (0.0, 0.0, face_d, face_d)
    draw_shape(sk, shape, box, fill=face, outline=ring, width=ring_w)
    cx = cy = face_d / 2
    if number is not None:
        sk.text((cx, cy), str(number), px=face_d * 0.5, fill=pal.text_on(face), bold=True)
    elif label:
        sk.text((cx, cy), label, px=face_d * 0.36, fill=pal.text_on(face), bold=True)
    image = sk.finish()
    if stack > 1:
        badge = round(d * 0.34)
        bsk = Sketch(badge, badge)
        bsk.ellipse((0, 0, badge, badge), fill=pal.INK, outline=pal.WHITE, width=badge * 0.08)
        bsk.text((badge / 2, badge / 2), f"{stack}", px=badge * 0.6, fill=pal.WHITE, bold=True)
        image.alpha_composite(bsk.finish(), (0, diameter - badge))
    _markers(image, conditions, diameter)
    return image


@lru_cache(maxsize=128)
def large_token(
    cell: int,
    *,
    face: RGB,
    ring: RGB,
    label: str,
    emblem: str | None = None,
    conditions: tuple[Condition, ...] = (),
) -> Image.Image:
    """A figure that fills 2×2 squares: a rounded plate with an emblem and a name, sized ``2 * cell``."""
    size = 2 * cell
    margin = cell * 0.08
    sk = Sketch(size, size)
    plate = (margin, margin, size - margin, size - margin)
    sk.rounded(plate, cell * 0.22, fill=face, outline=ring, width=cell * 0.1)
    sk.rounded(
        (margin * 2.6, margin * 2.6, size - margin * 2.6, size - margin * 2.6),
        cell * 0.16,
        outline=pal.mix(face, ring, 0.5),
        width=cell * 0.03,
    )
    if emblem:
        e = cell * 0.9
        draw_glyph(sk, emblem, (cell - e / 2, cell * 0.38, cell + e / 2, cell * 0.38 + e), fill=ring)
    sk.text(
        (cell, cell * 1.55),
        ellipsize(label, round(cell * 0.3), cell * 1.5),
        px=cell * 0.3,
        fill=pal.text_on(face),
        bold=True,
    )
    image = sk.finish()
    _markers(image, conditions, size - round(margin))
    return image


# -- card faces ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def card_face(
    width: int,
    height: int,
    *,
    title: str,
    symbols: tuple[str, ...] = (),
    text: str = "",
    accent: RGB = pal.ORANGE,
) -> Image.Image:
    """A card: a title band in the accent colour, a row of symbols, and a few lines of rules text."""
    w, h = float(width), float(height)
    sk = Sketch(width, height)
    r = w * 0.07
    sk.rounded((0, 0, w, h), r, fill=(250, 247, 240), outline=pal.INK, width=w * 0.02)
    band = h * 0.2
    sk.rounded((w * 0.05, h * 0.035, w * 0.95, h * 0.035 + band), r * 0.6, fill=accent)
    title_px = round(min(band * 0.5, w * 0.11))
    sk.text(
        (w / 2, h * 0.035 + band / 2),
        ellipsize(title, title_px, w * 0.84, bold=True),
        px=title_px,
        fill=pal.text_on(accent),
        bold=True,
    )
    if symbols:
        n = len(symbols)
        s = min(w * 0.8 / n, h * 0.2)
        top = h * 0.3
        x = (w - s * n) / 2
        for name in symbols:
            draw_glyph(sk, name, (x + s * 0.12, top, x + s * 0.88, top + s * 0.76), fill=accent)
            x += s
    image = sk.finish()
    if text:
        draw = ImageDraw.Draw(image)
        px = max(8, round(w * 0.085))
        y = h * (0.56 if symbols else 0.3)
        for line in wrap(text, px, w * 0.84, max_lines=max(1, int((h * 0.94 - y) / (px * 1.25)))):
            draw_text(draw, (w / 2, y), line, px=px, fill=pal.INK, anchor="ma")
            y += px * 1.25
    return image


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What a card face shows (see ``card_face``)."""

    title: str
    symbols: tuple[str, ...] = ()
    text: str = ""
    accent: RGB = pal.ORANGE


def hand_image(cards: Sequence[CardSpec], *, card_width: int = 180, columns: int = 5, gap: int = 12) -> Image.Image:
    """A player's hand: its cards in rows of ``columns``, for the private image only its owner receives."""
    card_height = round(card_width * 1.4)
    rows = max(1, -(-len(cards) // columns))
    width = gap + min(max(1, len(cards)), columns) * (card_width + gap)
    image = Image.new("RGB", (width, gap + rows * (card_height + gap)), pal.BACKGROUND)
    for index, card in enumerate(cards):
        face = card_face(
            card_width, card_height, title=card.title, symbols=card.symbols, text=card.text, accent=card.accent
        )
        row, column = divmod(index, columns)
        image.paste(face, (gap + column * (card_width + gap), gap + row * (card_height + gap)), face)
    return image
