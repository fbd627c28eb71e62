"""The Shapeshifter Wars board image: views only, the right squares marked, destroyed stacks gone, any
reachable position drawn.

Pixel checks locate squares with ``render.wars.board.square_box``, the geometry the renderer itself uses, and look
for colours with a small tolerance (images are mapped onto a 255-colour palette).
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine import View, get_game
from engine.games.wars.game import BLUE, RED, SQUARE_INDEX, WarsView
from render import board_png, palette
from render.toolkit import pyramid_faces
from render.wars import board as wars
from render.wars.board import destroyed_mark_box, square_box, square_fill
from tests.fakes.shell_game import ShellGame

GAME = get_game("wars")

# A real match (Red first) that ends with Red destroying Blue's king on a2; it has captures on the way.
MATCH = [
    *("d1-d2", "~d2", "d5-d4", "~c5", "d2-c3", "~c3", "d4xc3", "~a5", "e1-e2", "~b1", "c3-c2", "~c5", "b1-a2"),
    *("~c1", "a5-b4", "~e5", "c1-b2", "~e2", "c5-c4", "~e5", "b2-a3", "~a1", "e5-e4", "~c2", "a1-b2", "~a2"),
    *("b4-c3", "~c3", "e2-d3", "~a2", "e4-e3", "~e3", "d3xe3", "~b2", "c4xa2", "~c2", "a3xa2"),
]


def play(keys: list[str], *, seat: int | None = None) -> tuple[WarsView, str]:
    """The view after ``keys`` from the start of a Red-first match, and the last decision's log line."""
    state = GAME.setup({"first": "red"}, 2, 0)
    lines = ""
    for key in keys:
        transition = GAME.act(state, state.to_act, key)
        state = transition.state
        lines = " ".join(entry.line_for(seat) for entry in transition.log)
    return GAME.view(state, seat), lines


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def share(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], tol: int = 14) -> float:
    """Fraction of the pixels in ``box`` within ``tol`` of ``colour`` on every channel."""
    data = image.crop(box).tobytes()
    r, g, b = colour
    hits = sum(
        1
        for i in range(0, len(data), 3)
        if abs(data[i] - r) <= tol and abs(data[i + 1] - g) <= tol and abs(data[i + 2] - b) <= tol
    )
    return hits / (len(data) // 3)


def pyramid_share(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> float:
    """Fraction of ``box`` covered by the faces of pyramids of ``colour``, prominent or quiet."""
    faces = [*pyramid_faces(colour, prominent=True)[:2], *pyramid_faces(colour, prominent=False)[:2]]
    return sum(share(image, box, face, tol=8) for face in faces)


def inner(box: tuple[int, int, int, int], margin: int = 4) -> tuple[int, int, int, int]:
    return (box[0] + margin, box[1] + margin, box[2] - margin, box[3] - margin)


# -- views only --------------------------------------------------------------------------------------------


def test_a_full_state_is_refused() -> None:
    state = GAME.setup(None, 2, 1)
    with pytest.raises(TypeError, match="view"):
        board_png(state)  # type: ignore[arg-type]


def test_anything_but_a_view_is_refused() -> None:
    with pytest.raises(TypeError):
        board_png({"game": "wars"})  # type: ignore[arg-type]


def test_a_game_without_a_renderer_is_named() -> None:
    view = View(game="no-such-game", viewer=None, seat_names=("A", "B"), turn=1, to_decide=(0,), outcome=None)
    with pytest.raises(LookupError, match="no-such-game"):
        board_png(view)


def test_a_view_of_another_game_type_is_refused() -> None:
    shells = ShellGame()
    view = shells.view(shells.setup(None, 2, 1), None)
    with pytest.raises(TypeError, match="WarsView"):
        board_png(replace(view, game="wars"))


def test_bad_options_are_refused() -> None:
    view, _ = play([])
    with pytest.raises(ValueError, match="size"):
        board_png(view, size=64)
    with pytest.raises(ValueError, match="orientation"):
        board_png(view, orientation=2)
    with pytest.raises(ValueError, match="square"):
        board_png(view, squares=["f6"])
    with pytest.raises(ValueError, match="Wars move"):
        board_png(view, highlight=["b1b2"])


# -- basic output ------------------------------------------------------------------------------------------


def test_png_of_the_requested_size_and_deterministic() -> None:
    view, line = play(MATCH[:8])
    first = board_png(view, size=512, caption=line)
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    assert decode(first).size == (512, 512)
    assert board_png(view, size=512, caption=line) == first
    assert board_png(view, size=512, caption="something else") != first


def test_a_board_is_small_enough() -> None:
    view, line = play(MATCH[:20])
    assert len(board_png(view, caption=line)) < 150_000


# -- orientation -------------------------------------------------------------------------------------------


def test_red_sits_at_the_bottom_by_default_and_blue_sees_its_own_side() -> None:
    grid_bottom = wars.layout(1024).grid.bounds[3]
    assert square_box("c1")[3] == grid_bottom
    assert square_box("c5", orientation=BLUE)[3] == grid_bottom
    assert square_box("a1", orientation=BLUE)[2] == wars.layout(1024).grid.bounds[2]  # a is on Blue's right
    start, _ = play([])
    public = decode(board_png(start))
    blue_king, red_king = palette.BLUISH_GREEN, wars.KING_PYRAMIDS[RED]
    assert pyramid_share(public, square_box("c1"), red_king) > 0.03
    assert pyramid_share(public, square_box("c5"), blue_king) > 0.03
    assert pyramid_share(public, square_box("c1"), blue_king) == 0
    own, _ = play([], seat=BLUE)
    blue = decode(board_png(own))  # the viewer's side by default
    assert pyramid_share(blue, square_box("c5", orientation=BLUE), blue_king) > 0.03
    assert pyramid_share(blue, square_box("c1", orientation=BLUE), red_king) > 0.03
    assert board_png(own) == board_png(own, orientation=BLUE)
    assert board_png(own, orientation=RED) != board_png(own)


def test_owners_differ_by_shape_not_only_colour() -> None:
    """A Red token is round: the square's corners show the board; a Blue token is square: its ring reaches
    near the corners."""
    start, _ = play([])
    image = decode(board_png(start)).convert("L")
    for name, round_token in (("a1", True), ("a5", False)):
        x0, _, x1, y1 = square_box(name)
        cell = x1 - x0
        corner = (x0 + int(cell * 0.16), y1 - int(cell * 0.16))  # inside a square token, outside a round one
        background = square_fill(SQUARE_INDEX[name])
        value = image.getpixel(corner)
        expected = round(0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2])
        assert (abs(value - expected) <= 6) == round_token, name


# -- the last move, destroyed stacks -----------------------------------------------------------------------


def test_the_last_move_is_highlighted_where_it_was() -> None:
    view, line = play(MATCH[:1])  # d1-d2, Red still to transform
    image = decode(board_png(view, caption=line))
    for name in ("d1", "d2"):
        assert share(image, inner(square_box(name)), square_fill(SQUARE_INDEX[name], "last")) > 0.05, name
    for name in ("c1", "c2", "e2", "d3"):
        assert share(image, inner(square_box(name)), square_fill(SQUARE_INDEX[name], "last")) == 0, name
        assert share(image, inner(square_box(name), 2), palette.LAST_MOVE_EDGE) < 0.01, name


def test_highlight_follows_the_orientation() -> None:
    view, _ = play(MATCH[:1])
    image = decode(board_png(view, orientation=BLUE))
    box = square_box("d1", orientation=BLUE)
    assert share(image, inner(box), square_fill(SQUARE_INDEX["d1"], "last")) > 0.05


def test_a_destroyed_stack_is_gone_and_marked() -> None:
    before, _ = play(MATCH[:6])
    assert before.board[SQUARE_INDEX["c3"]].owner == RED
    view, line = play(MATCH[:7])  # d4xc3: Blue destroys the Red knight on c3
    assert view.captured is not None and view.captured.owner == RED
    image = decode(board_png(view, caption=line))
    c3 = square_box("c3")
    # the Red knight's ring, face and pyramids would cover a third of the square; stray edge pixels may match
    assert share(image, c3, palette.SIDE_STRONG[RED]) < 0.002, "the destroyed Red stack must not be drawn"
    assert share(image, c3, palette.SIDE_PALE[RED]) < 0.002
    assert pyramid_share(image, c3, palette.SIDE_STRONG[RED]) < 0.002
    assert share(image, c3, palette.SIDE_STRONG[BLUE]) > 0.02, "the attacker stands there now"
    mark = destroyed_mark_box("c3")
    assert share(image, mark, palette.INK) > 0.15, "the destroyed mark"
    assert share(image, inner(square_box("d4")), square_fill(SQUARE_INDEX["d4"], "last")) > 0.05
    # before the attack the Red stack was there, unmarked
    earlier = decode(board_png(before))
    assert share(earlier, c3, palette.SIDE_STRONG[RED]) > 0.02
    assert pyramid_share(earlier, c3, palette.SIDE_STRONG[RED]) > 0.02
    assert share(earlier, mark, palette.INK) < 0.05


def test_the_mark_stays_through_the_transform_and_leaves_with_the_next_move() -> None:
    after_transform, _ = play(MATCH[:8])
    assert share(decode(board_png(after_transform)), destroyed_mark_box("c3"), palette.INK) > 0.15
    next_move, _ = play(MATCH[:9])
    assert share(decode(board_png(next_move)), destroyed_mark_box("c3"), palette.INK) < 0.05


def test_highlight_can_be_chosen_or_switched_off() -> None:
    view, _ = play(MATCH[:1])
    none = decode(board_png(view, highlight=()))
    chosen = decode(board_png(view, highlight=["b1-b2"]))
    for name in ("d1", "d2"):
        box = inner(square_box(name))
        assert share(none, box, square_fill(SQUARE_INDEX[name], "last")) == 0
        assert share(chosen, box, square_fill(SQUARE_INDEX[name], "last")) == 0
    assert share(chosen, inner(square_box("b2")), square_fill(SQUARE_INDEX["b2"], "last")) > 0.05


def test_extra_squares_are_marked() -> None:
    view, _ = play([])
    image = decode(board_png(view, squares=["c3", 13]))
    for square in (SQUARE_INDEX["c3"], 13):
        assert share(image, inner(square_box(square)), square_fill(square, "marked")) > 0.3


def test_the_king_wears_a_crown() -> None:
    view, _ = play([])
    image = decode(board_png(view))
    assert share(image, square_box("c1"), palette.GOLD, tol=20) > 0.005
    assert share(image, square_box("b1"), palette.GOLD, tol=20) == 0


def test_lost_stacks_wait_beside_the_board() -> None:
    view, _ = play(MATCH[:7])
    lay = wars.layout(1024)
    tray = (lay.tray_x - lay.tray_token, lay.grid.bounds[1], 1024, lay.grid.bounds[3])
    image = decode(board_png(view))
    start = decode(board_png(play([])[0]))
    assert image.crop(tray).getcolors(1 << 16) != start.crop(tray).getcolors(1 << 16)
    assert len(start.crop(tray).getcolors(1 << 16)) == 1, "nothing lost yet: an empty margin"


# -- words -------------------------------------------------------------------------------------------------


def test_the_fallback_caption_describes_the_last_turn() -> None:
    assert wars.describe_recent(play([])[0]) == "A new battle: Red goes first."
    text = wars.describe_recent(play(MATCH[:8])[0])
    assert text.startswith("Blue d4 × c3, destroying the Red knight, then transformed a5")
    assert wars.describe_recent(play(MATCH)[0]) == "Red destroyed Blue's king."
    assert wars.status(play(MATCH)[0]) == ("Red wins!", RED)
    assert wars.status(play(MATCH[:1])[0]) == ("Red to transform", RED)


def test_a_hand_made_view_renders_too() -> None:
    """Views are plain data: the bot may rebuild one from JSON; the renderer needs nothing else."""
    view, _ = play([])
    empty = replace(view, board=(None,) * 25)
    assert decode(board_png(GAME.view_from_json(GAME.view_to_json(empty)), size=256)).size == (256, 256)


# -- any reachable position --------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    picks=st.lists(st.integers(0, 1000), max_size=120),
    seat=st.sampled_from([None, RED, BLUE]),
    size=st.sampled_from([256, 384, 640]),
    marked=st.lists(st.integers(0, 24), max_size=4),
)
def test_random_reachable_positions_always_render(
    seed: int, picks: list[int], seat: int | None, size: int, marked: list[int]
) -> None:
    state = GAME.setup(None, 2, seed)
    log = ""
    for pick in picks:
        if state.outcome:
            break
        actions = GAME.legal_actions(state, state.to_act)
        transition = GAME.apply(state, state.to_act, actions[pick % len(actions)])
        state = transition.state
        log = " ".join(entry.line_for(seat) for entry in transition.log)
    image = Image.open(io.BytesIO(board_png(GAME.view(state, seat), size=size, squares=marked, caption=log)))
    assert image.size == (size, size)
    assert image.mode == "P"
    image.load()
