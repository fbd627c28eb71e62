"""The renderer's pieces for the coming games: hex maps of any shape with facing wedges, tracks of spaces,
a private hand of cards, and boards that are not square."""

from __future__ import annotations

import io

from PIL import Image

from engine.geometry.hexes import Hex, within
from render import board_png
from render import palette as pal
from render.hexmap import HexLayout, draw_facing, draw_hex_map, facing_points
from render.pieces import CardSpec, hand_image
from render.toolkit import Sketch
from render.tracks import draw_track
from tests.fakes.party_game import PartyGame, party_game_offered

GRASS, WATER, EDGE, WEDGE = (120, 170, 90), (70, 130, 200), (20, 20, 20), (240, 228, 66)


def test_a_map_of_any_shape_fits_its_box_and_each_hex_is_where_it_is_drawn() -> None:
    shape = [*within(Hex(0, 0), 2), Hex(4, -2), Hex(-3, 3)]  # a disc with two outliers: no rectangle
    box = (20.0, 30.0, 620.0, 330.0)
    layout = HexLayout.fit(shape, box)
    corners = [p for h in shape for p in layout.corners(h)]
    assert min(x for x, _ in corners) >= box[0] - 0.01 and max(x for x, _ in corners) <= box[2] + 0.01
    assert min(y for _, y in corners) >= box[1] - 0.01 and max(y for _, y in corners) <= box[3] + 0.01
    assert all(layout.at(*layout.centre(h)) == h for h in shape)
    sk = Sketch(640, 360, background=pal.BACKGROUND)
    fills = {h: WATER if h == Hex(0, 0) else GRASS for h in shape}
    draw_hex_map(sk, layout, fills, outline=EDGE)
    image = sk.finish().convert("RGB")
    assert image.getpixel(tuple(map(round, layout.centre(Hex(0, 0))))) == WATER
    assert image.getpixel(tuple(map(round, layout.centre(Hex(4, -2))))) == GRASS
    assert image.getpixel((2, 2)) == pal.BACKGROUND


def test_a_facing_wedge_points_at_the_side_it_faces() -> None:
    layout = HexLayout(40.0, 100.0, 100.0)
    east, west, north_east = (facing_points(layout, Hex(0, 0), f)[0] for f in (0, 3, 1))
    assert east[0] > 130 and abs(east[1] - 100) < 1
    assert west[0] < 70
    assert north_east[1] < 80 and north_east[0] > 100, "up and to the right on screen"
    sk = Sketch(200, 200, background=GRASS)
    draw_facing(sk, layout, Hex(0, 0), 0, fill=WEDGE, outline=EDGE)
    assert sk.finish().convert("RGB").getpixel((120, 100)) == WEDGE


def test_a_track_draws_links_then_spaces() -> None:
    positions = {"A": (40.0, 50.0), "B": (160.0, 50.0)}
    sk = Sketch(200, 100, background=pal.BACKGROUND)
    draw_track(sk, positions, {"A": ("B",), "B": ("A",)}, {"A": WATER, "B": GRASS}, radius=18, line=EDGE, outline=EDGE)
    image = sk.finish().convert("RGB")
    assert image.getpixel((40, 50)) == WATER and image.getpixel((160, 50)) == GRASS
    assert image.getpixel((100, 50)) == EDGE, "the link between them"


def test_a_hand_lays_its_cards_in_rows() -> None:
    cards = [CardSpec(f"Card {n}", ("star",), "Draw one.", pal.BLUE) for n in range(7)]
    image = hand_image(cards, card_width=100, columns=5, gap=10)
    assert image.size == (10 + 5 * 110, 10 + 2 * (140 + 10))
    assert pal.BLUE in {colour for _, colour in image.getcolors(1 << 16)}


def test_a_board_may_be_wider_than_tall() -> None:
    with party_game_offered():
        game = PartyGame()
        view = game.view(game.setup(None, 4, 1), None)
        image = Image.open(io.BytesIO(board_png(view, size=640)))
        assert image.size == (640, 360)


def test_a_track_may_size_each_space_and_ring_some() -> None:
    """Per-space sizes (a Home Base larger than a road's spaces) and rings behind marked spaces (an Encounter)."""
    positions = {"A": (40.0, 50.0), "B": (160.0, 50.0)}
    sk = Sketch(200, 100, background=pal.BACKGROUND)
    draw_track(sk, positions, {"A": ("B",), "B": ("A",)}, {"A": WATER, "B": GRASS}, radius={"A": 10, "B": 30},
               line=EDGE, outline=EDGE, rings={"A": pal.GOLD})  # fmt: skip
    image = sk.finish().convert("RGB")
    near = lambda a, b: all(abs(x - y) <= 12 for x, y in zip(a, b, strict=True))  # noqa: E731 (edges ring a shade)
    assert near(image.getpixel((40, 50 - 12)), pal.GOLD), "the ring shows just outside the small space"
    assert near(image.getpixel((160, 50 + 20)), GRASS) and image.getpixel((40, 50 - 20)) == pal.BACKGROUND
