"""The key: every symbol and abbreviation the Good vs Bad board draws, explained on the board itself, in the
four corners of the roads' area (the ellipse of roads leaves them empty at every seat count).

Four rows a corner: the spaces (top left), the pieces and Home Bases (top right), the Crossroads, fixtures and
highlight ring (bottom left), the cards' and status line's abbreviations (bottom right). Its type is small (the
key is read once, with the board opened full size, not at Discord's 400-pixel preview), in the dim colour of
the status line's decks, so it stays behind what changes. Static, so it is drawn into the cached background.
"""

from __future__ import annotations

from PIL import Image

from .. import palette as pal
from ..toolkit import Box, Sketch, measure, put_text
from ..tracks import RING
from .sprites import (
    ENCOUNTER_RING,
    SPACE,
    SPACE_EDGE,
    draw_crossroads,
    draw_home,
    fixture_sprite,
    mark_sprite,
    piece_sprite,
    ring_sprite,
)

# (kind, what it says): the kinds are the board's own words for what it draws (mark sides, piece kinds, fixture
# items, the ring kinds of ``board.GoodVsBadRenderer._rings``); text "icons" are drawn as the board writes them.
KEY: tuple[tuple[str, str], ...] = (
    ("encounter", "Encounter: its deck, E-H"),
    ("good", "Good space, its level"),
    ("bad", "Bad space, its level"),
    ("special", "Special: a level 6 space"),
    ("hero", "Hero"),
    ("villain", "Villain"),
    ("active", "the piece moving now"),
    ("home", "Home Base: R is Red's"),
    ("crossroads", "the Crossroads"),
    ("trap", "Trap"),
    ("fortification", "Fortification"),
    ("last", "move shown"),
    ("stats", "Agility, Might, Smarts"),
    ("hurt", "hurt: now 1, was 3"),
    ("decks", "8 cards left in deck E"),
    ("marked", "marked place"),
)
TEXT_ICONS = {"stats": "A M S", "hurt": "M1/3", "decks": "E8"}  # abbreviations, shown as the cards write them
ROWS = 4  # a corner
WIDTH = 176.0  # a corner's box, at 1024 pixels
ROW = 20.0
PAD = 8.0  # from the image's edges
ICON = 17.0
TEXT_PX = 13.0
ICON_GAP = 6.0


def key_boxes(lay_size: int, board: Box) -> tuple[Box, ...]:
    """The four corners' boxes (top left, top right, bottom left, bottom right) inside the roads' area."""
    u = lay_size / 1024
    w, h, pad = WIDTH * u, ROWS * ROW * u, PAD * u
    x0, y0, x1, y1 = board
    columns = ((x0 + pad, x0 + pad + w), (x1 - pad - w, x1 - pad))
    rows = ((y0 + pad, y0 + pad + h), (y1 - pad - h, y1 - pad))
    return tuple((xs[0], ys[0], xs[1], ys[1]) for ys in rows for xs in columns)


def key_rows(lay_size: int, board: Box) -> list[tuple[str, str, Box]]:
    """Each entry's kind, words and row box, in ``KEY``'s order, four rows a corner."""
    u = lay_size / 1024
    rows = []
    for index, (kind, words) in enumerate(KEY):
        x0, y0, x1, _ = key_boxes(lay_size, board)[index // ROWS]
        top = y0 + (index % ROWS) * ROW * u
        rows.append((kind, words, (x0, top, x1, top + ROW * u)))
    return rows


def icon_width(kind: str, u: float) -> float:
    """How wide an entry's picture is: a symbol's square, or an abbreviation's text."""
    if kind in TEXT_ICONS:
        return measure(TEXT_ICONS[kind], round(TEXT_PX * u))
    return ICON * u


def words_x(index: int, lay_size: int, board: Box) -> float:
    """Where entry ``index``'s words start: one column a corner, after the corner's widest picture."""
    u = lay_size / 1024
    corner = index // ROWS
    widest = max(icon_width(kind, u) for kind, _ in KEY[corner * ROWS : corner * ROWS + ROWS])
    return key_boxes(lay_size, board)[corner][0] + widest + ICON_GAP * u


def draw_key(image: Image.Image, lay_size: int, board: Box) -> None:
    """Every entry: its picture (the board's own sprites, small, or an abbreviation as the cards write it),
    then its words. Drawn only where every entry fits its corner: below about 500 pixels the words would be too
    small to read, and the font's least size would push them out of the box."""
    if not fits(lay_size):
        return
    u = lay_size / 1024
    px = round(TEXT_PX * u)
    for index, (kind, words, (x0, y0, _, y1)) in enumerate(key_rows(lay_size, board)):
        y = (y0 + y1) / 2
        if kind in TEXT_ICONS:
            put_text(image, x0, y, TEXT_ICONS[kind], px=px, fill=pal.TEXT)
        else:
            sprite = icon(kind, round(ICON * u))
            image.paste(sprite, (round(x0 + (ICON * u - sprite.width) / 2), round(y - sprite.height / 2)), sprite)
        put_text(image, words_x(index, lay_size, board), y, words, px=px, fill=pal.TEXT_DIM)


def icon(kind: str, d: int) -> Image.Image:
    """The picture for one kind of entry, about ``d`` pixels across: what the board draws, reduced."""
    r = d / 2
    if kind in ("good", "bad"):
        return mark_sprite(kind, 2, r)
    if kind == "special":
        return mark_sprite("good", 6, r)
    if kind in ("hero", "villain"):
        return piece_sprite(0, kind, d)
    if kind == "active":
        return piece_sprite(1, "hero", round(d * 0.8), active=True)
    if kind in ("trap", "fortification"):
        return fixture_sprite(kind, 2, d * 0.8)
    if kind in ("last", "marked"):
        colour, edge = (pal.LAST_MOVE, pal.LAST_MOVE_EDGE) if kind == "last" else (pal.MARKED, pal.MARKED_EDGE)
        return ring_sprite(r * 0.55, colour, edge)
    sk = Sketch(d + 2, d + 2)
    c = (d + 2) / 2
    if kind == "encounter":
        inner = r / RING
        sk.ellipse((c - r, c - r, c + r, c + r), fill=ENCOUNTER_RING)
        sk.ellipse((c - inner, c - inner, c + inner, c + inner), fill=SPACE, outline=SPACE_EDGE, width=inner * 0.12)
        sk.text((c, c), "E", px=inner * 1.1, fill=SPACE_EDGE, bold=True)
    elif kind == "home":
        draw_home(sk, (c, c), r, 0, letter="R")
    elif kind == "crossroads":
        draw_crossroads(sk, (c, c), r)
    else:
        raise KeyError(kind)
    return sk.finish()


def fits(lay_size: int) -> bool:
    """Whether every entry's words end inside its corner's box (the tests ask it at the sizes the bot draws)."""
    px = round(TEXT_PX * lay_size / 1024)
    board = (0.0, 0.0, float(lay_size), float(lay_size))
    rows = key_rows(lay_size, board)
    return all(words_x(i, lay_size, board) + measure(words, px) <= box[2] for i, (_, words, box) in enumerate(rows))
