"""A close-up of the roads round one player's pieces: what a phone cannot read on a six-player board.

With six players a 1024-pixel board has about a hundred ring spaces at a pitch of 22 pixels, so a level digit is
5–6 pixels on a phone, and no size of mark fixes that without marks overlapping. The close-up is the same board
drawn ``ZOOM`` times larger and cut down to a window round the player's Hero and one round their Villain,
stacked, each headed with whose piece it is and where: the spaces near your pieces are the ones you decide about.
Drawn from the viewer's view like the board (a spectator gets the active player's pieces), so it shows nothing
the board does not.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.goodvsbad.labels import board_place_name
from engine.games.goodvsbad.model import Piece
from engine.games.goodvsbad.views import GvbView

from .. import palette as pal
from ..toolkit import Box, draw_text
from .geometry import Layout
from .sprites import SEAT_STRONG

ZOOM = 3  # the close-up's scale against the board: level digits three times the size
HEADING = 0.075  # of a panel's height: the strip naming the piece


def closeup_seat(view: GvbView) -> int:
    """Whose pieces the close-up shows: the viewer's own, or for a spectator the active player's."""
    return view.viewer if view.viewer is not None else view.active


def windows(lay: Layout, pieces: list[Piece], size: int) -> list[Box]:
    """For each piece, the ``size`` × ``size / 2`` window of the board (drawn at ``lay.size``) centred on it,
    moved inside the roads' area where the piece is near an edge."""
    left, top, right, bottom = lay.board
    width, height = size, size // 2
    found = []
    for piece in pieces:
        x, y = lay.near(piece.place)
        x0 = min(max(x - width / 2, left), right - width)
        y0 = min(max(y - height / 2, top), bottom - height)
        found.append((round(x0), round(y0), round(x0) + width, round(y0) + height))
    return found


def closeup_image(board: Image.Image, lay: Layout, view: GvbView, *, size: int = 1024) -> Image.Image:
    """The close-up, ``size`` pixels wide: ``board`` is ``view`` drawn at ``lay.size`` (``ZOOM`` × ``size``)."""
    seat = closeup_seat(view)
    pieces = sorted((p for p in view.pieces if p.seat == seat), key=lambda p: p.kind != "hero")
    panel_h = size // 2
    image = Image.new("RGB", (size, panel_h * max(1, len(pieces))), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    px = round(panel_h * HEADING * 0.8)
    name = view.seat_names[seat]
    for row, (piece, box) in enumerate(zip(pieces, windows(lay, pieces, size), strict=True)):
        image.paste(board.crop(box), (0, row * panel_h))
        strip = round(panel_h * HEADING)
        draw.rectangle((0, row * panel_h, size, row * panel_h + strip), fill=pal.BACKGROUND)
        title = f"{name}'s {piece.kind.capitalize()}: {board_place_name(len(view.players), piece.place)}"
        centre = (px // 2, row * panel_h + strip / 2)
        draw_text(draw, centre, title, px=px, fill=SEAT_STRONG[seat], anchor="lm", bold=True)
        if row:
            draw.line((0, row * panel_h, size, row * panel_h), fill=pal.INK, width=max(1, size // 512))
    return image
