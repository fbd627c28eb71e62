"""The markets card under the dungeon: three rows of four face-up cards, each row headed by its deck's size.

- **Gear** (the equipment market): the name; under it the slot and who benefits (F, C, R, W for Fighter,
  Cleric, Rogue, Wizard), and a gem if it carries a Shadow Shard. Costs a Treasure.
- **Actions** (the General Action market): the front face's name, the back face's under it. Costs a Trophy.
- **Whispers** (the whisper row): a gem per Shard and the name; under it the conditions in a few words
  ("2 trophies @ battle shrine").

The card is the same from one decision to the next most of the time, so it is cached as an image per market
contents and size.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.shadowscape.tables import TABLES

from .. import palette as pal
from ..palette import RGB
from ..panel import panel_backdrop
from ..toolkit import cut, put_text
from .sprites import mark, paste
from .words import whisper_terms

CELL: RGB = (50, 56, 68)
CELL_EDGE: RGB = (70, 78, 94)
WHISPER_CELL: RGB = (56, 46, 78)
PROFESSION_LETTERS = {"Fighter": "F", "Cleric": "C", "Rogue": "R", "Wizard": "W"}
ROWS = ("GEAR", "ACTIONS", "WHISPERS")


Market = tuple[tuple[str, ...], int]  # the face-up cards, and how many are left in the deck


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

    def px(v: float) -> int:
        return max(1, round(v * u))

    pad, gap = px(8), px(5)
    head_w = px(78)
    row_h = (height - 2 * pad - 2 * gap) / 3
    cell_w = (width - 2 * pad - head_w - 3 * gap) / 4
    big, small = px(15), px(13)
    for r, (heading, (cards, left)) in enumerate(zip(ROWS, (equipment, actions, whispers), strict=True)):
        y0 = pad + r * (row_h + gap)
        cy = y0 + row_h / 2
        put_text(image, pad + px(2), cy - row_h * 0.22, heading, px=px(14), fill=pal.TEXT_DIM, bold=True)
        put_text(image, pad + px(2), cy + row_h * 0.22, f"{left} in deck", px=px(12), fill=pal.TEXT_DIM)
        for i in range(4):
            x0 = pad + head_w + i * (cell_w + gap)
            box = (x0, y0, x0 + cell_w, y0 + row_h)
            fill = WHISPER_CELL if r == 2 else CELL
            draw.rounded_rectangle(box, radius=px(7), fill=fill, outline=CELL_EDGE, width=1)
            if i >= len(cards):
                put_text(image, x0 + cell_w / 2, cy, "empty", px=small, fill=pal.TEXT_DIM, align="m")
                continue
            inner = int(cell_w - px(12))
            top, bottom = y0 + row_h * 0.3, y0 + row_h * 0.72
            tx = x0 + px(6)
            if r == 0:
                gear = TABLES.equipment[cards[i]]
                line2 = f"{gear.slot} · {' '.join(PROFESSION_LETTERS[p] for p in gear.professions)}"
                put_text(image, tx, top, cut(gear.name, big, inner, True), px=big, fill=pal.TEXT, bold=True)
                end = put_text(image, tx, bottom, cut(line2, small, inner - px(18)), px=small, fill=pal.TEXT_DIM)
                if gear.shards:
                    g = px(15)
                    paste(image, mark("shard", g), end + px(4), bottom - g / 2)
            elif r == 1:
                front, back = TABLES.actions[cards[i]].faces
                put_text(image, tx, top, cut(front.name, big, inner, True), px=big, fill=pal.TEXT, bold=True)
                put_text(image, tx, bottom, cut(f"or {back.name}", small, inner), px=small, fill=pal.TEXT_DIM)
            else:
                whisper = TABLES.whispers[cards[i]]
                g = px(15)
                for k in range(whisper.shards):
                    paste(image, mark("shard", g), tx + k * (g - px(3)), top - g / 2)
                nx = tx + whisper.shards * (g - px(3)) + px(5)
                put_text(
                    image,
                    nx,
                    top,
                    cut(whisper.name, big, int(x0 + cell_w - px(6) - nx), True),
                    px=big,
                    fill=pal.TEXT,
                    bold=True,
                )
                terms = " ".join(whisper_terms(whisper))
                put_text(image, tx, bottom, cut(terms, small, inner), px=small, fill=(214, 200, 240))
    return image
