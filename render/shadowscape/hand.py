"""The private image of a hand: the viewer's fate cards (or, for a player holding several hero seats, each of
their hands), and the top fate cards the viewer is putting back in order. The public view, which holds no
hand, gets a single card saying so.

A fate card reads, top to bottom: its whole name (on two lines where one is too narrow) and number (the number
is what a typed key uses: ``af:12``); its boost symbols, each in a dark disc with its word; the one text that
matters in this match, green in the cooperative game and red (Bane) in the competitive one; and at the foot the
enemy type it wakes when it is drawn in the Enemy Phase.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.shadowscape.cards import SYMBOL_NAMES
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.views import ShadowView

from .. import palette as pal
from ..core import own_palette_png
from ..palette import RGB
from ..toolkit import Sketch, draw_text, ellipsize, wrap
from . import glyphs as gl
from .fit import Fit, fit_name
from .words import hero_name

PAPER: RGB = (246, 240, 226)
BAND: RGB = (46, 40, 58)
GREEN_FILL: RGB = (214, 238, 220)
GREEN_EDGE: RGB = (0, 128, 80)
RED_FILL: RGB = (250, 222, 214)
RED_EDGE: RGB = (190, 40, 30)
PLURAL = {"beast": "beasts", "brigand": "brigands", "undead": "the undead"}
COLUMNS = 4
RATIO = 1.42  # a card's height over its width


def card_number(card: str) -> str:
    return card.removeprefix("fate-")


def fate_title(name: str, width: int) -> Fit:
    """A fate card's whole name in its title band, beside the number: one line from 22 pixels (on a card 240
    wide) down to 15, else two lines from 18 down to 12. The renderer and the tests both lay titles out here."""
    u = width / 240
    sizes = tuple(dict.fromkeys(max(6, round(v * u)) for v in (22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12)))
    return fit_name(name, width - 66 * u, sizes, bold=True, lines=2, height=46 * u, one_line_floor=round(15 * u))


@lru_cache(maxsize=256)
def fate_card(card: str, mode: str, width: int) -> Image.Image:
    """One fate card's face, ``width`` pixels wide, as RGBA."""
    fate = TABLES.fate[card]
    w, h = width, round(width * RATIO)
    u = w / 240
    sk = Sketch(w, h, scale=2)
    sk.rounded((0, 0, w, h), 14 * u, fill=PAPER, outline=pal.INK, width=3 * u)
    band = 52 * u
    sk.rounded((6 * u, 6 * u, w - 6 * u, 6 * u + band), 10 * u, fill=BAND)
    n = len(fate.symbols)
    disc = 58 * u
    gap = 18 * u
    x = (w - n * disc - (n - 1) * gap) / 2
    sy = 6 * u + band + 12 * u
    for symbol in fate.symbols:
        sk.ellipse((x, sy, x + disc, sy + disc), fill=(40, 36, 44), outline=pal.INK, width=2 * u)
        m = disc * 0.2
        gl.boost(sk, symbol, (x + m, sy + m, x + disc - m, sy + disc - m))
        x += disc + gap
    coop = mode == "cooperative"
    text_top = sy + disc + 34 * u
    foot = 46 * u
    fill, edge = (GREEN_FILL, GREEN_EDGE) if coop else (RED_FILL, RED_EDGE)
    sk.rounded((10 * u, text_top, w - 10 * u, h - foot - 8 * u), 10 * u, fill=fill, outline=edge, width=3 * u)
    kind = fate.enemy
    e = 34 * u
    ex = 14 * u
    ey = h - foot + (foot - e) / 2 - 4 * u
    sk.ellipse((ex, ey, ex + e, ey + e), fill=gl.ENEMY_FACE, outline=gl.ENEMY_COLOUR[kind], width=3 * u)
    gl.enemy(sk, kind, (ex + e * 0.2, ey + e * 0.2, ex + e * 0.8, ey + e * 0.8))
    image = sk.finish()
    draw = ImageDraw.Draw(image)
    title = fate_title(fate.name, w)
    y = 6 * u + (band - title.height() + title.px) / 2
    for line in title.lines:
        draw_text(draw, (16 * u, y), line, px=title.px, fill=pal.WHITE, anchor="lm", bold=True)
        y += title.step()
    draw_text(
        draw,
        (w - 14 * u, 6 * u + band / 2),
        f"#{card_number(card)}",
        px=round(17 * u),
        fill=(200, 190, 220),
        anchor="rm",
    )
    x = (w - n * disc - (n - 1) * gap) / 2
    for symbol in fate.symbols:
        draw_text(
            draw,
            (x + disc / 2, sy + disc + 14 * u),
            SYMBOL_NAMES[symbol],
            px=round(17 * u),
            fill=pal.INK,
            anchor="mm",
            bold=True,
        )
        x += disc + gap
    label = "CO-OP" if coop else "BANE"
    draw_text(draw, (20 * u, text_top + 16 * u), label, px=round(15 * u), fill=edge, anchor="lm", bold=True)
    text = fate.coop.text if coop else fate.bane.text
    px = round(18 * u)
    bottom = h - foot - 14 * u
    y = text_top + 32 * u
    room = int((bottom - y) // (px * 1.2))
    for line in wrap(text, px, w - 40 * u, max_lines=max(1, room)):
        draw_text(draw, (20 * u, y), line, px=px, fill=pal.INK, anchor="la")
        y += px * 1.2
    draw_text(
        draw,
        (ex + e + 10 * u, ey + e / 2),
        f"wakes {PLURAL[kind]}",
        px=round(18 * u),
        fill=pal.INK,
        anchor="lm",
        bold=True,
    )
    return image


def _heading(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: tuple[str, str], *, u: float, width: float
) -> None:
    """A section's title, and a note under it."""
    (x, y), (title, note) = xy, words
    draw_text(
        draw,
        (x, y),
        ellipsize(title, round(30 * u), width, bold=True),
        px=round(30 * u),
        fill=pal.TEXT,
        anchor="lm",
        bold=True,
    )
    draw_text(
        draw, (x, y + 32 * u), ellipsize(note, round(19 * u), width), px=round(19 * u), fill=pal.TEXT_DIM, anchor="lm"
    )


def sections(view: ShadowView) -> list[tuple[str, str, tuple[str, ...]]]:
    """(title, note, cards) per hand the view holds, then the fate cards being put back, if any."""
    mode = "green co-op texts" if view.options.mode == "cooperative" else "red Bane texts"
    found = []
    for hero in view.heroes:
        if hero.hand is not None:
            count = len(hero.hand)
            note = f"{count} fate card{'s' if count != 1 else ''} · {mode} · boost with the symbols"
            found.append((f"{hero_name(hero)}'s hand", note, hero.hand))
    if view.foreseen:
        found.append(("Top of the fate deck", "put them back in the order you choose, top first", view.foreseen))
    return found


def hand_image(view: ShadowView, *, size: int = 1024) -> Image.Image:
    """The hand image as RGB, ``size`` pixels wide (its height follows the number of cards)."""
    if not 128 <= size <= 4096:
        raise ValueError(f"size must be 128–4096 pixels, not {size}")
    u = size / 1024
    pad, gap = round(24 * u), round(16 * u)
    found = sections(view)
    if not found:
        return _nothing(view, size)
    columns = max(1, min(COLUMNS, size // 220))  # four at 1024 pixels, fewer on a small image
    card_w = int((size - 2 * pad - (columns - 1) * gap) / columns)
    card_h = round(card_w * RATIO)
    head = round(78 * u)
    height = pad
    for _, _, cards in found:
        rows = max(1, -(-len(cards) // columns))
        height += head + rows * (card_h + gap) + gap
    image = Image.new("RGB", (size, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = pad
    for title, note, cards in found:
        _heading(draw, (pad, y + 18 * u), (title, note), u=u, width=size - 2 * pad)
        y += head
        if not cards:
            draw_text(
                draw,
                (pad, y + 30 * u),
                "Empty: a Prepare draws fate cards.",
                px=round(24 * u),
                fill=pal.TEXT_DIM,
                anchor="lm",
            )
        for i, card in enumerate(cards):
            row, col = divmod(i, columns)
            face = fate_card(card, view.options.mode, card_w)
            image.paste(face, (pad + col * (card_w + gap), y + row * (card_h + gap)), face)
        y += max(1, -(-len(cards) // columns)) * (card_h + gap) + gap
    return image


def _nothing(view: ShadowView, size: int) -> Image.Image:
    """The public view's (or a hand-less viewer's) image: one large card that says there is nothing to show."""
    u = size / 1024
    height = round(360 * u)
    image = Image.new("RGB", (size, height), pal.BACKGROUND)
    sk = Sketch(size, height, scale=2)
    pad = 24 * u
    sk.rounded((pad, pad, size - pad, height - pad), 20 * u, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=3 * u)
    cx, cy = pad + 120 * u, height / 2
    for i, dx in enumerate((-26, 0, 26)):
        x = cx + dx * u
        sk.rounded(
            (x - 44 * u, cy - 66 * u, x + 44 * u, cy + 66 * u),
            8 * u,
            fill=(90, 70, 140) if i == 1 else BAND,
            outline=pal.INK,
            width=3 * u,
        )
    sk.line([(cx - 80 * u, cy + 80 * u), (cx + 80 * u, cy - 80 * u)], fill=pal.VERMILLION, width=14 * u)
    card = sk.finish()
    image.paste(card, (0, 0), card)
    draw = ImageDraw.Draw(image)
    x = pad + 260 * u
    width = size - x - pad * 2
    public = view.viewer is None
    title = "No hand to show" if public else "No fate cards in hand"
    lines = (
        (
            "This is the public view: every hand is private.",
            "Each player sees only their own, on their own image.",
        )
        if public
        else ("Your hand is empty.", "A Prepare action draws fate cards.")
    )
    draw_text(
        draw,
        (x, height / 2 - 62 * u),
        ellipsize(title, round(44 * u), width, bold=True),
        px=round(44 * u),
        fill=pal.TEXT,
        anchor="lm",
        bold=True,
    )
    for i, line in enumerate(lines):
        draw_text(
            draw,
            (x, height / 2 + (8 + 40 * i) * u),
            ellipsize(line, round(26 * u), width),
            px=round(26 * u),
            fill=pal.TEXT_DIM,
            anchor="lm",
        )
    return image


def hand_png(view: ShadowView, *, size: int = 1024) -> bytes:
    """PNG bytes of ``hand_image``: mapped onto 255 colours (median cut, no dithering, so the same view gives
    the same bytes) and saved at the boards' compression level."""
    return own_palette_png(hand_image(view, size=size))
