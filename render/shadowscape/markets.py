"""The markets card under the dungeon: three rows of four face-up cards, each row headed by its deck's size.

- **Gear** (the equipment market): the name; under it a gem if it carries a Shadow Shard, the slot and who
  benefits (F, C, R, W for Fighter, Cleric, Rogue, Wizard). Costs a Treasure.
- **Actions** (the General Action market): the front face's name, the back face's under it. Costs a Trophy.
- **Whispers** (the whisper row): the name; under it a gem per Shard and the conditions in a few words
  ("2 trophies @ battle shrine").

Names are whole (``cell_text``): on two lines and a size or two smaller where one line is too narrow.

The card is the same from one decision to the next most of the time, so it is cached as an image per market
contents and size.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.shadowscape.tables import TABLES

from .. import palette as pal
from ..palette import RGB
from ..panel import panel_backdrop
from ..toolkit import put_text
from .fit import Fit, fit_name
from .sprites import mark, paste
from .words import whisper_terms

CELL: RGB = (50, 56, 68)
CELL_EDGE: RGB = (70, 78, 94)
WHISPER_CELL: RGB = (56, 46, 78)
PROFESSION_LETTERS = {"Fighter": "F", "Cleric": "C", "Rogue": "R", "Wizard": "W"}
ROWS = ("GEAR", "ACTIONS", "WHISPERS")
DETAIL: tuple[RGB, ...] = (pal.TEXT_DIM, pal.TEXT_DIM, (214, 200, 240))  # each row's detail colour
ROW_SHARES = (0.31, 0.32, 0.37)  # of the rows' height: gear, actions, whispers
HEAD, INSET, GAP, GEM = 78, 6, 2, 15  # the row headings' width, a card's side margin, name-to-detail gap, a gem (1024)


Market = tuple[tuple[str, ...], int]  # the face-up cards, and how many are left in the deck


class CellText(NamedTuple):
    """A market card's words as set: its name (bold, one or two lines) over its detail line(s)."""

    name: Fit
    detail: Fit
    gems: int  # Shards shown before the detail (a whisper's worth, or one on Shard-bearing gear)


def cell_words(row: int, card: str) -> tuple[str, str, int]:
    """A market card's name, its detail and its Shard gems: gear by slot and who benefits, an action by its
    back face, a whisper by its conditions."""
    if row == 0:
        gear = TABLES.equipment[card]
        return gear.name, f"{gear.slot} · {' '.join(PROFESSION_LETTERS[p] for p in gear.professions)}", gear.shards
    if row == 1:
        front, back = TABLES.actions[card].faces
        return front.name, f"or {back.name}", 0
    whisper = TABLES.whispers[card]
    return whisper.name, " ".join(whisper_terms(whisper)), whisper.shards


def rows_of(height: int, u: float) -> list[tuple[float, float]]:
    """Each market row's top and height on a markets card ``height`` tall: whispers get the most, as their
    conditions can take two lines under a two-line name."""
    px = _scale(u)
    pad, gap = px(8), px(5)
    room = height - 2 * pad - 2 * gap
    rows, y = [], float(pad)
    for share in ROW_SHARES:
        rows.append((y, room * share))
        y += room * share + gap
    return rows


def cell_box(size: tuple[int, int], u: float, row: int) -> tuple[float, float]:
    """The text box (width, height) of a card in market ``row`` on a markets card of ``size``."""
    width, height = size
    px = _scale(u)
    cell_w = (width - 2 * px(8) - px(HEAD) - 3 * px(5)) / 4
    return cell_w - 2 * px(INSET), rows_of(height, u)[row][1] - 2 * px(3)


def cell_text(row: int, card: str, box: tuple[float, float], u: float) -> CellText:
    """The card's whole name (one line from 15 pixels down to 12 at 1024, else two lines from 15 down to 10)
    with its whole detail under it at the largest size that still fits the text box (two lines allowed). The
    renderer and the tests both lay cards out here."""
    width, height = box
    px = _scale(u)
    name, detail, gems = cell_words(row, card)
    detail_width = width - (gems * (px(GEM) - px(3)) + px(3) if gems else 0)
    details = tuple(dict.fromkeys(px(v) for v in (13, 12, 11, 10)))
    tries = [(px(v), 1) for v in (15, 14, 13, 12)] + [(px(v), 2) for v in (15, 14, 13, 12, 11, 10)]
    fallback = None
    for size, lines in dict.fromkeys(tries):
        fitted = fit_name(name, width, (size,), bold=True, lines=lines)
        if not fitted.whole:
            continue
        below = fit_name(detail, detail_width, details, lines=2, height=height - fitted.height() - px(GAP))
        if below.whole:
            return CellText(fitted, below, gems)
        fallback = fallback or CellText(fitted, fit_name(detail, detail_width, details[-1:], lines=1), gems)
    return fallback or CellText(
        fit_name(name, width, (px(10),), bold=True, lines=2), fit_name(detail, detail_width, details[-1:]), gems
    )


def _scale(u: float):
    def px(v: float) -> int:
        return max(1, round(v * u))

    return px


@lru_cache(maxsize=32)
def markets_tile(
    size: tuple[int, int], u: float, *, equipment: Market, actions: Market, whispers: Market
) -> Image.Image:
    """The markets card as an RGB image of ``size``."""
    width, height = size
    image = Image.new("RGB", size, pal.BACKGROUND)
    card = panel_backdrop((width, height), radius=14 * u)
    image.paste(card, (0, 0), card)
    draw = ImageDraw.Draw(image)
    px = _scale(u)
    pad, gap = px(8), px(5)
    head_w = px(HEAD)
    cell_w = (width - 2 * pad - head_w - 3 * gap) / 4
    rows = rows_of(height, u)
    for r, (heading, (cards, left)) in enumerate(zip(ROWS, (equipment, actions, whispers), strict=True)):
        y0, row_h = rows[r]
        cy = y0 + row_h / 2
        box = cell_box(size, u, r)
        put_text(image, pad + px(2), cy - row_h * 0.22, heading, px=px(14), fill=pal.TEXT_DIM, bold=True)
        put_text(image, pad + px(2), cy + row_h * 0.22, f"{left} in deck", px=px(12), fill=pal.TEXT_DIM)
        for i in range(4):
            x0 = pad + head_w + i * (cell_w + gap)
            fill = WHISPER_CELL if r == 2 else CELL
            draw.rounded_rectangle(
                (x0, y0, x0 + cell_w, y0 + row_h), radius=px(7), fill=fill, outline=CELL_EDGE, width=1
            )
            if i >= len(cards):
                put_text(image, x0 + cell_w / 2, cy, "empty", px=px(13), fill=pal.TEXT_DIM, align="m")
                continue
            _cell(image, cell_text(r, cards[i], box, u), (x0 + px(INSET), cy), px, DETAIL[r])
    return image


def _cell(image: Image.Image, text: CellText, at: tuple[float, float], px, tint: RGB) -> None:
    """A card's name lines and, under them, its gems and detail lines, the block centred on ``at``'s height."""
    x, cy = at
    name, detail = text.name, text.detail
    y = cy - (name.height() + px(GAP) + detail.height()) / 2 + name.px / 2
    for line in name.lines:
        put_text(image, x, y, line, px=name.px, fill=pal.TEXT, bold=True)
        y += name.step()
    y += px(GAP) + (detail.px - name.px) / 2 + name.px - name.step()
    dx = x
    if text.gems:
        g = px(GEM)
        for k in range(text.gems):
            paste(image, mark("shard", g), x + k * (g - px(3)), y - g / 2)
        dx = x + text.gems * (g - px(3)) + px(3)
    for line in detail.lines:
        put_text(image, dx, y, line, px=detail.px, fill=tint)
        y += detail.step()
