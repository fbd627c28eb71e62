"""The shared drawing toolkit: colours that survive colour blindness, text that never shows boxes, and pieces
(tokens, markers, 2×2 figures, cards, grids) that draw what they say, where the geometry says."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from render import palette as pal
from render.grids import HexGrid, SquareGrid, draw_hex_grid, draw_square_grid, hex_label
from render.panel import PanelInfo, PanelStyle, draw_panel
from render.pieces import CONDITIONS, card_face, condition_marker, large_token, token
from render.toolkit import GLYPHS, SIDE_SHAPES, Sketch, draw_glyph, ellipsize, has_glyph, legible, text_width, wrap
from render.wars import board as wars

# -- colour-blind safety -----------------------------------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), full severity, applied in linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def _simulate(colour: tuple[int, int, int], matrix) -> tuple[float, ...]:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def encode(v: float) -> float:
        v = min(1.0, max(0.0, v))
        return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    lin = [linear(c) for c in colour]
    return tuple(encode(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def _distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("simulation", sorted(SIMULATIONS))
@pytest.mark.parametrize(
    ("a", "b", "least"),
    [
        (pal.SIDE_STRONG[0], pal.SIDE_STRONG[1], 150),  # Red's and Blue's rings and pyramids
        (wars.KING_PYRAMIDS[0], wars.KING_PYRAMIDS[1], 100),  # the black king and the green king
        (wars.KING_PYRAMIDS[1], pal.SIDE_STRONG[0], 100),  # the green king among red knights
        (wars.square_fill(1, "last"), wars.square_fill(1, "marked"), 100),  # last move versus marked squares
        (pal.LAST_MOVE_EDGE, wars.square_fill(1), 80),  # the last-move outline on either square colour
        (pal.LAST_MOVE_EDGE, wars.square_fill(0), 50),
        (pal.SQUARE_LIGHT, pal.SQUARE_DARK, 70),
    ],
)
def test_distinctions_survive_colour_blindness(simulation: str, a, b, least: int) -> None:
    matrix = SIMULATIONS[simulation]
    assert _distance(_simulate(a, matrix), _simulate(b, matrix)) >= least


def test_sides_have_distinct_shapes() -> None:
    assert len(set(SIDE_SHAPES)) == len(SIDE_SHAPES) == len(pal.SIDE_STRONG) == len(pal.SIDE_PALE)


def test_text_on_picks_the_readable_ink() -> None:
    assert pal.text_on(pal.SQUARE_LIGHT) == pal.INK
    assert pal.text_on(pal.BLUE) == pal.WHITE
    assert pal.mix((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)


# -- text --------------------------------------------------------------------------------------------------


def test_text_without_a_glyph_is_replaced_not_boxed() -> None:
    assert not has_glyph("→")
    assert legible("Red knight moves b1 → b2.") == "Red knight moves b1 to b2."
    assert legible("b1 × c2 – Zoë") == "b1 x c2 - Zoe"
    assert all(has_glyph(c) for c in legible("♞ ↻ 王"))
    assert legible("plain text") == "plain text"


def test_wrap_and_ellipsize_fit_the_width() -> None:
    text = "Red knight on c3 destroys the Blue knight on d4. Red's king reached Blue's home row. Red wins."
    lines = wrap(text, 30, 400, max_lines=3)
    assert 1 < len(lines) <= 3
    assert all(text_width(line, 30) <= 400 for line in lines)
    assert lines[-1].endswith("…")
    assert " ".join(wrap(text, 30, 4000, max_lines=3)) == text
    cut = ellipsize(text, 30, 200)
    assert cut.endswith("…") and text_width(cut, 30) <= 200
    assert ellipsize("short", 30, 200) == "short"


# -- sprites -----------------------------------------------------------------------------------------------


def _alpha_at(image: Image.Image, x: float, y: float) -> int:
    return image.getpixel((int(x), int(y)))[3]


def test_sketch_edges_are_anti_aliased() -> None:
    sk = Sketch(40, 40)
    sk.ellipse((2, 2, 38, 38), fill=pal.BLUE)
    image = sk.finish()
    alphas = set(image.getchannel("A").tobytes())
    assert 0 in alphas and 255 in alphas
    assert len(alphas - {0, 255}) > 10, "the rim has partial coverage"


@pytest.mark.parametrize("shape", SIDE_SHAPES)
def test_token_draws_its_face_ring_and_number(shape: str) -> None:
    image = token(120, face=pal.SIDE_PALE[1], ring=pal.SIDE_STRONG[1], shape=shape, number=7)
    assert image.size == (120, 120) and image.mode == "RGBA"
    colours = {c for _, c in image.getcolors(1 << 16)}
    assert pal.with_alpha(pal.SIDE_PALE[1]) in colours
    assert pal.with_alpha(pal.SIDE_STRONG[1]) in colours
    assert pal.with_alpha(pal.INK) in colours, "the number, in ink on a pale face"
    assert _alpha_at(image, 1, 1) == 0 or shape == "square"


def test_token_stack_and_conditions_add_marks() -> None:
    plain = token(120, face=pal.SIDE_PALE[0], ring=pal.SIDE_STRONG[0])
    stacked = token(120, face=pal.SIDE_PALE[0], ring=pal.SIDE_STRONG[0], stack=3)
    marked = token(120, face=pal.SIDE_PALE[0], ring=pal.SIDE_STRONG[0], conditions=("wounded", "disabled"))
    assert _alpha_at(plain, 12, 112) == 0
    assert _alpha_at(stacked, 12, 112) == 255, "the count badge sits bottom left"
    assert _alpha_at(plain, 112, 10) == 0
    assert _alpha_at(marked, 112, 10) == 255, "condition badges sit top right"


def test_condition_markers_differ_by_symbol() -> None:
    markers = [condition_marker(kind, 64).convert("LA").tobytes() for kind in CONDITIONS]
    assert len(set(markers)) == len(CONDITIONS), "told apart even in greyscale"
    with pytest.raises(ValueError):
        condition_marker("asleep", 64)  # type: ignore[arg-type]


def test_large_token_covers_two_by_two_squares() -> None:
    image = large_token(80, face=pal.SIDE_PALE[2], ring=pal.SIDE_STRONG[2], label="Troll", emblem="star")
    assert image.size == (160, 160)
    for x, y in ((40, 40), (120, 40), (40, 120), (120, 120)):
        assert _alpha_at(image, x, y) == 255, "each of the four squares is covered"
    assert pal.with_alpha(pal.SIDE_STRONG[2]) in {c for _, c in image.getcolors(1 << 16)}


def test_card_face_has_title_band_symbols_and_text() -> None:
    card = card_face(200, 280, title="Shapeshift", symbols=("crown", "star"), text="Swap places with a figure.")
    assert card.size == (200, 280)
    band = card.crop((20, 20, 180, 60)).convert("RGB")
    assert (band.getcolors(1 << 16) and max(band.getcolors(1 << 16))[1]) == pal.ORANGE
    lower = card.crop((10, 170, 190, 270)).convert("RGB").getcolors(1 << 16)
    assert any(c == pal.INK or sum(c) < 150 for _, c in lower), "rules text in ink"
    bare = card_face(200, 280, title="Shapeshift")
    assert bare.tobytes() != card.tobytes()


@pytest.mark.parametrize("name", GLYPHS)
def test_every_glyph_draws_something(name: str) -> None:
    sk = Sketch(60, 60)
    draw_glyph(sk, name, (5, 5, 55, 55), fill=pal.SKY_BLUE)
    assert sk.finish().getchannel("A").getbbox() is not None


def test_unknown_glyph_is_refused() -> None:
    with pytest.raises(ValueError):
        draw_glyph(Sketch(10, 10), "dragon", (0, 0, 10, 10), fill=pal.BLUE)


# -- grids -------------------------------------------------------------------------------------------------


def test_square_grid_boxes_and_colours() -> None:
    grid = SquareGrid(40, 20, 50, 4, 3)
    assert grid.box(0, 0) == (40, 20, 90, 70)
    assert grid.box(3, 2) == (190, 120, 240, 170)
    with pytest.raises(IndexError):
        grid.box(4, 0)
    image = Image.new("RGB", (260, 220), pal.BACKGROUND)
    draw_square_grid(image, grid, col_labels="abcd", row_labels="321", dark_first=True)
    assert image.getpixel((65, 45)) == pal.SQUARE_DARK
    assert image.getpixel((115, 45)) == pal.SQUARE_LIGHT
    assert image.getpixel((115, 95)) == pal.SQUARE_DARK
    label_row = image.crop((40, 172, 240, 215)).getcolors(1 << 16)
    assert len(label_row) > 2, "coordinate letters below the board"
    label_col = image.crop((0, 20, 38, 170)).getcolors(1 << 16)
    assert len(label_col) > 2, "coordinate numbers left of the board"


def test_hex_grid_centres_neighbours_and_hit_testing() -> None:
    grid = HexGrid(40, 40, 30, 5, 4)
    (x0, y0), (x1, y1) = grid.centre(0, 0), grid.centre(1, 0)
    assert y0 == y1 and x1 - x0 == pytest.approx(30 * 3**0.5)
    xs, _ = grid.centre(0, 1)
    assert xs - x0 == pytest.approx(15 * 3**0.5), "odd rows are shifted half a hex"
    for col in range(5):
        for row in range(4):
            assert grid.at(*grid.centre(col, row)) == (col, row)
    assert grid.at(-100, -100) is None
    assert hex_label(2, 3) == "c4"
    width, height = grid.size
    image = Image.new("RGB", (width + 10, height + 10), pal.BACKGROUND)
    draw_hex_grid(image, grid, fill=lambda c, r: pal.SQUARE_DARK if (c, r) == (2, 1) else pal.SQUARE_LIGHT)
    cx, cy = grid.centre(2, 1)
    assert image.getpixel((int(cx), int(cy + 10))) == pal.SQUARE_DARK
    cx, cy = grid.centre(3, 1)
    assert image.getpixel((int(cx), int(cy + 10))) == pal.SQUARE_LIGHT
    x, y = grid.centre(4, 3)
    assert image.getpixel((int(x), int(y + 10))) == pal.SQUARE_LIGHT, "the last hex fits the reported size"


# -- the panel ---------------------------------------------------------------------------------------------


def test_panel_draws_its_lines_inside_its_box() -> None:
    image = Image.new("RGB", (600, 200), pal.BACKGROUND)
    info = PanelInfo("Shapeshifter Wars", "Red to move", turn=3, caption="Blue knight moves b5 → b4.", clock="1:30")
    draw_panel(image, (10, 10, 590, 190), info, style=PanelStyle.for_scale(0.6))
    assert image.getpixel((5, 5)) == pal.BACKGROUND, "nothing outside the box"
    assert image.getpixel((20, 185)) == pal.PANEL
    text_colours = {c for _, c in image.getcolors(1 << 16)}
    assert pal.TEXT in text_colours and pal.TEXT_DIM in text_colours
    dim = [y for y in range(10, 190) if pal.TEXT_DIM in {image.getpixel((x, y)) for x in range(20, 400)}]
    bright = [y for y in range(10, 190) if pal.TEXT in {image.getpixel((x, y)) for x in range(20, 400)}]
    assert min(dim) < min(bright), "the title line sits above the headline"
    assert max(dim) > max(bright), "the caption sits under the headline"


@pytest.mark.parametrize("simulation", sorted(SIMULATIONS))
def test_six_seats_differ_in_colour_under_colour_blindness_and_always_in_shape(simulation: str) -> None:
    """Up to six seats: every two side colours stay apart for every simulated colour blindness (the closest,
    blue and bluish green for tritanopes, by about 30), and every seat has its own shape besides."""
    matrix = SIMULATIONS[simulation]
    pairs = itertools.combinations(pal.SIDE_STRONG, 2)
    assert len(pal.SIDE_STRONG) == 6
    assert min(_distance(_simulate(a, matrix), _simulate(b, matrix)) for a, b in pairs) >= 25
