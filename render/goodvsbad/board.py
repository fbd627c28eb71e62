"""The Good vs Bad board: the roads with every space, mark, fixture and piece, and under them the status line
and the players' cards (``cards.py``); a second, private image of the viewer's hand (``hand.py``), and a third
of the roads round the viewer's pieces, drawn larger for a phone (``closeup.py``).

``sprites.py`` says how the board reads; ``names.py`` writes each road's name along it and numbers every
Encounter space, so any place a prompt names can be found; ``key.py`` explains every symbol and abbreviation in
the roads' four corners. Marks: ``squares`` are places ("0.7", "h1", "x") framed in sky blue;
``highlight`` takes keys ("go:0.7", "event:goodness:1.4") and frames the places they name in yellow. Views carry
no last move, so by default nothing is framed.

Hidden information: the board draws hands as counts and a sealed purchase as "sealed"; nothing it draws reads
a hand's contents or a purchase.

Speed: the roads, empty spaces, Home Bases, names, numbers and key are a cached background per (size, seat
count, lengths), which only an Extension changes; a position is a copy, a sprite per mark, fixture and piece, and
the cards' text.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar

from PIL import Image, ImageDraw

from engine.games.goodvsbad.board import CROSSROADS, grade, home, is_encounter, neighbours, space
from engine.games.goodvsbad.views import GvbView

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions, own_palette_png, register_renderer
from ..toolkit import Sketch
from ..tracks import draw_track
from .cards import draw_cards, draw_status
from .closeup import ZOOM, closeup_image
from .geometry import ASPECT, Layout, board_layout, canvas, spots
from .hand import hand_png
from .key import draw_key
from .names import board_labels, draw_labels
from .samples import swatch
from .sprites import (
    ENCOUNTER_RING,
    ROAD,
    SPACE,
    SPACE_EDGE,
    draw_crossroads,
    draw_home,
    fixture_sprite,
    mark_sprite,
    piece_sprite,
    ring_sprite,
)

MARK_GROWTH = 1.3  # a marked space outgrows the empty ones a little: its level is what players read
BACKDROP_SCALE = 2  # the cached background is drawn at twice its size and reduced: smooth, and cheap enough
CACHED_SIZE = 2048  # boards up to this size keep their background in a cache


def background(size: int, players: int, lengths: tuple[int, ...], names: tuple[str, ...]) -> Image.Image:
    """Everything that stays put until an Extension: roads, empty spaces (Encounters ringed), Home Bases, the
    roads' names and numbers and the key, as a fresh image to draw on. Boards up to ``CACHED_SIZE`` copy it from
    a cache; a close-up's larger one (9 times the pixels) is drawn each time, at its own scale (already smooth at
    that size), so a busy server does not hold a cache of them."""
    if size <= CACHED_SIZE:
        return _cached_background(size, players, lengths, names).copy()
    return _background(size, players, lengths, names, scale=1)


@lru_cache(maxsize=16)
def _cached_background(size: int, players: int, lengths: tuple[int, ...], names: tuple[str, ...]) -> Image.Image:
    return _background(size, players, lengths, names, scale=BACKDROP_SCALE)


def _background(
    size: int, players: int, lengths: tuple[int, ...], names: tuple[str, ...], *, scale: int
) -> Image.Image:
    lay = board_layout(size, players, lengths)
    width, height = canvas(size)
    image = Image.new("RGB", (width, height), pal.BACKGROUND)
    board_h = round(lay.board[3])
    sk = Sketch(width, board_h, scale=scale)
    encounters = {  # each Encounter space's deck letter
        space(c.index, p): grade(p, lengths[c.index])
        for c in lay.connectors
        for p in range(1, lengths[c.index] + 1)
        if is_encounter(p)
    }
    draw_track(
        sk,
        lay.places,
        {p: neighbours(p, lay.connectors, lengths) for p in lay.places},
        dict.fromkeys(lay.places, SPACE),
        radius={p: lay.radius(p) for p in lay.places},
        line=ROAD,
        outline=SPACE_EDGE,
        link_width=0.9,
        rings=dict.fromkeys(encounters, ENCOUNTER_RING),
        labels=encounters,
        label_fill=SPACE_EDGE,
    )
    if players >= 3:
        draw_crossroads(sk, lay.near(CROSSROADS), lay.radius(CROSSROADS))
    for seat in range(players):
        draw_home(sk, lay.near(home(seat)), lay.home_radius, seat, letter=names[seat][:1])
    draw_labels(sk, board_labels(size, players, lengths))
    board = sk.finish()
    image.paste(board, (0, 0), board)
    draw_key(image, size, lay.board)
    return image


def places_in(keys: tuple[object, ...], lay: Layout) -> list[str]:
    """The board places named in highlighted keys ("go:0.7" → "0.7"); anything but a key is refused."""
    found = []
    for key in keys:
        if not isinstance(key, str):
            raise TypeError(f"highlight takes Good vs Bad keys such as 'go:0.7', not {key!r}")
        found += [part for part in key.split(":") if part in lay.places]
    return found


def _checked(place: object, lay: Layout) -> str:
    if not isinstance(place, str) or place not in lay.places:
        raise ValueError(f"{place!r} is not a place on this board: Home Bases are h0…, spaces road.number (0.7)")
    return place


class GoodVsBadRenderer(BoardRenderer):
    game = "goodvsbad"
    view_type = GvbView
    aspect = ASPECT
    extras: ClassVar[Mapping[str, str]] = MappingProxyType({"hand": "My hand", "closeup": "Close-up"})

    def draw(self, view: GvbView, options: RenderOptions) -> Image.Image:
        players = len(view.players)
        lay = board_layout(options.size, players, view.lengths)
        marked = {_checked(p, lay): "marked" for p in options.squares}
        marked |= dict.fromkeys(places_in(tuple(options.highlight or ()), lay), "last")
        image = background(options.size, players, view.lengths, view.seat_names[:players])
        self._marks(image, lay, view)
        self._rings(image, lay, marked)
        self._pieces(image, lay, view)
        draw_status(ImageDraw.Draw(image), lay, view, caption=options.caption, clock=options.clock)
        draw_cards(image, lay, view)
        return image

    @staticmethod
    def _marks(image: Image.Image, lay: Layout, view: GvbView) -> None:
        for mark in view.marks:
            radius = lay.radius(mark.place) * MARK_GROWTH
            _paste(image, mark_sprite(mark.side, mark.level, radius), lay.near(mark.place))
        for fixture in view.fixtures:
            x, y = lay.near(fixture.place)
            r = lay.radius(fixture.place)
            _paste(image, fixture_sprite(fixture.item, fixture.seat, r), (x + r * 0.75, y - r * 0.75))

    @staticmethod
    def _rings(image: Image.Image, lay: Layout, marked: dict[str, str]) -> None:
        for place, kind in marked.items():
            radius = lay.radius(place)
            colour, edge = (pal.LAST_MOVE, pal.LAST_MOVE_EDGE) if kind == "last" else (pal.MARKED, pal.MARKED_EDGE)
            _paste(image, ring_sprite(radius, colour, edge), lay.near(place))

    @staticmethod
    def _pieces(image: Image.Image, lay: Layout, view: GvbView) -> None:
        """Every piece on its place; pieces sharing a place stand in a tight ring round it."""
        moving = view.pending.piece if view.pending is not None and view.outcome is None else -1
        at: dict[str, list[int]] = defaultdict(list)
        for index, piece in enumerate(view.pieces):
            at[piece.place].append(index)
        d = round(lay.token)
        for place, indices in at.items():
            for index, point in zip(indices, spots(lay, place, len(indices)), strict=True):
                piece = view.pieces[index]
                _paste(image, piece_sprite(piece.seat, piece.kind, d, active=index == moving), point)

    def interest(self, view: GvbView) -> int:
        held = sum(len(p.items) for p in view.pieces)
        return len(view.marks) + 2 * len(view.fixtures) + held + sum(p.renown for p in view.players)

    def swatch(self, size: int) -> Image.Image:
        return swatch(self, size)

    def extra_png(self, view: GvbView, name: str, *, size: int) -> bytes:
        """The viewer's hand and sealed purchase (``render.extra_png(view, "hand")``; the public view gets a card
        saying there is no hand to show), or the close-up of the roads round the viewer's pieces ("closeup")."""
        if name == "hand":
            return hand_png(view, size=size)
        if name == "closeup":
            return own_palette_png(self.closeup(view, size=size))
        raise KeyError(name)

    def closeup(self, view: GvbView, *, size: int = 1024) -> Image.Image:
        """``closeup.closeup_image``: this board drawn ``ZOOM`` times larger, cut round the viewer's pieces."""
        big = size * ZOOM
        options = RenderOptions(size=big, orientation=0, highlight=None, squares=(), caption=None, clock=None)
        lay = board_layout(big, len(view.players), view.lengths)
        return closeup_image(self.draw(view, options), lay, view, size=size)


def _paste(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


RENDERER = register_renderer(GoodVsBadRenderer())
