"""The ``/game stats`` card: a player's record in one game, drawn in the boards' frame (their dark panel, the
Okabe–Ito accents, the built-in font), from a plain description of it and never from a match's state.

A card is a few lines of words and numbers: the rating large, then the counts in a grid of labelled cells, so
it reads at Discord's 400-pixel preview as a board's status does.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from . import palette as pal
from .toolkit import Sketch, ellipsize

WIDTH, HEIGHT = 800, 420


@dataclass(frozen=True, slots=True)
class RecordCard:
    """What the card says: all of it public (a record is made of ended matches' results)."""

    game: str  # the game's title
    player: str  # a display name
    rating: str  # the overall rating as shown, or "unrated"
    server_rating: str | None  # this server's, when asked from one
    cells: tuple[tuple[str, str], ...]  # (label, value): matches, wins, streaks, favourite seat, last played
    accent: pal.RGB = pal.SKY_BLUE


def draw_record(card: RecordCard, *, width: int = WIDTH) -> Image.Image:
    """The card as an RGB image ``width`` pixels wide (the height keeps the proportions)."""
    scale = width / WIDTH
    height = round(HEIGHT * scale)
    sk = Sketch(width, height, background=pal.BACKGROUND)

    def px(n: float) -> int:
        return max(8, round(n * scale))

    def text(x: float, y: float, words: str, size: float, fill: pal.RGB, *, bold: bool = False) -> None:
        sk.text((x, y * scale), words, px=px(size), fill=fill, anchor="la", bold=bold)

    pad = 12 * scale
    sk.rounded((pad, pad, width - pad, height - pad), 14 * scale, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    sk.rounded((pad, pad, pad + 12 * scale, height - pad), 6 * scale, fill=card.accent)
    left = 44 * scale
    inner = width - left - 30 * scale
    text(left, 30, ellipsize(f"{card.game} · {card.player}", px(30), inner, bold=True), 30, pal.TEXT, bold=True)
    text(left, 88, "Rating", 22, pal.TEXT_DIM)
    text(left, 116, card.rating, 64, card.accent, bold=True)
    if card.server_rating is not None:
        text(left + inner / 2, 88, "This server", 22, pal.TEXT_DIM)
        text(left + inner / 2, 116, card.server_rating, 64, pal.TEXT, bold=True)
    columns = 3
    cell = inner / columns
    for index, (label, value) in enumerate(card.cells):
        row, column = divmod(index, columns)
        x, y = left + column * cell, 218 + row * 92
        text(x, y, label, 20, pal.TEXT_DIM)
        text(x, y + 28, ellipsize(value, px(34), cell - 12 * scale, bold=True), 34, pal.TEXT, bold=True)
    return sk.finish().convert("RGB")
