"""The Swartzblak board image: the town, Alleyways, figures and conditions where the view puts them, the
Shapeshifter marked only in images whose view holds it, and any reachable position drawn.

Pixel checks locate squares with ``render.swartzblak.board.square_box`` (the renderer's own geometry) and look for
colours with a small tolerance (images are mapped onto a 255-colour palette). The secret tests build a second
world that differs only in which Varmint hides the Shapeshifter, as ``tests/test_swartzblak_secrets.py`` does.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from engine import get_game
from engine.games.swartzblak.board import SQUARE_INDEX, SQUARES, footprint
from engine.games.swartzblak.model import ADVERSARY, BEAST, HEROES, Cond, SwView
from engine.rng import LEGACY, MatchKey
from render import board_png, palette
from render.swartzblak import board as swartzblak
from render.swartzblak.board import badge_box, beast_box, square_box, square_fill
from render.swartzblak.samples import sample_views
from render.swartzblak.sprites import (
    ALLEY_STRONG,
    ALLEY_TINT,
    BEAST_FACE,
    HEX_COLOUR,
    SECRET_RING,
    TOWN_RING,
    tile_fill,
)
from tests.test_render_toolkit import SIMULATIONS, _distance, _simulate
from tests.test_render_wars import decode, inner, share
from tests.test_swartzblak_secrets import _twin, _walk

GAME = get_game("swartzblak")
# Recorded under the generator and the rules (version 1) of matches started before both changed; stored matches
# of them still replay the same.
SEED = MatchKey(10, LEGACY)
RULES = 1

# A real match from seed 10: the Shapeshifter is picked (Varmint 4), revealed as the Beast on e8, tramples and
# is Wounded by the Witch, changes back (Varmint 2), is revealed again, Townspeople and Varmint 4 are Disabled,
# Alleyways are twisted and linked, and it changes back once more (Varmint 5) before the sixth round ends.
MATCH = [
    *("pick4", "C>c2", "R>g3", "W>f1", "C!cmd:t3", "t3>c7", "R!cmd:t2", "t2>e8", "W!cmd:t1", "t1>e3", "v3>d10"),
    *("v6>j9", "v2>b9", "tw:A", "tw:A:1:5:r180", "v3!cmd:t3", "t3>d9", "R>f2", "C>e1", "W>i1", "end"),
    *("v3!cmd:t2", "t2>h8", "v1>a10", "v3>e10", "v4>f8", "v5!cmd:t6", "t6>i5", "v6!cmd:t6", "t6>i3", "C>h1"),
    *("R>g3", "W>h2", "C!cmd:t6", "t6>i5", "R!cmd:t6", "t6>g6", "W!cmd:t6", "t6>f7", "bop:e8", "B!t6"),
    *("v5>j10", "v2>c8", "B>e5", "W>h3", "W!B", "ec:e5:2", "R>i2", "C>j1", "tw:T", "tw:T:2:0:fx", "v3>e9"),
    *("v4>c5", "v6>h9", "bop:c7", "B!t5", "C!cmd:t4", "t4>j7", "W>g5", "W!v4", "C>h2", "R>h4", "R!cmd:t1"),
    *("t1>f1", "B!t3", "v6>g8", "v5>i9", "v3>f10", "tw:I", "tw:I:1:*:fy", "R>f4", "W!v6", "sc>h7", "C>i3"),
    *("W>i6", "tw:I", "tw:I:0:2:fd", "ec:c8:5", "v2!cmd:t2", "t2>i7", "v6>g7", "v2>b7", "v3>d10"),
]
BEAST_WOUNDED = 46  # decisions after which the Beast (Wounded, on e5) waits for Quick Change
LINKED = 51  # Torrensh Alley has just been twisted to connect to another
DISABLED = 60  # Varmint 4 and two Townspeople are Disabled, the Beast is on c7
PRIVATE = 80  # Varmint 5 is the Shapeshifter again


def play(keys: list[str], *, seat: int | None = None) -> tuple[SwView, str]:
    """The view after ``keys`` from the start of the seed-10 match, and the last decision's log line."""
    state = GAME.setup(None, 2, SEED, rules_version=RULES)
    lines = ""
    for key in keys:
        transition = GAME.act(state, GAME.to_decide(state)[0], key)
        state = transition.state
        lines = " ".join(entry.line_for(seat) for entry in transition.log)
    return GAME.view(state, seat), lines


def unit(view: SwView, uid: str):
    return next(u for u in view.units if u.id == uid)


def png_of(view: SwView, **options) -> Image.Image:
    return decode(board_png(view, **options))


# -- views only, options -----------------------------------------------------------------------------------


def test_a_full_state_is_refused() -> None:
    with pytest.raises(TypeError, match="view"):
        board_png(GAME.setup(None, 2, 1))  # type: ignore[arg-type]


def test_bad_options_are_refused() -> None:
    view, _ = play([])
    with pytest.raises(ValueError, match="square"):
        board_png(view, squares=["k11"])
    with pytest.raises(ValueError, match="square"):
        board_png(view, squares=[100])
    with pytest.raises(ValueError):
        board_png(view, highlight=["C>>d4"])
    with pytest.raises(TypeError):
        board_png(view, highlight=[3.5])
    with pytest.raises(ValueError, match="orientation"):
        board_png(view, orientation=2)


def test_png_of_the_requested_size_small_and_deterministic() -> None:
    view, line = play(MATCH[:DISABLED])
    first = board_png(view, size=512, caption=line)
    assert decode(first).size == (512, 512)
    assert board_png(view, size=512, caption=line) == first
    assert board_png(view, size=512, caption="something else") != first
    assert len(board_png(view, caption=line)) < 150_000


# -- orientation and geometry ------------------------------------------------------------------------------


def test_the_heroes_side_is_at_the_bottom_and_the_adversary_sees_its_own() -> None:
    lay = swartzblak.layout(1024)
    assert square_box("a1")[3] == lay.grid.bounds[3] and square_box("a1")[0] == lay.grid.bounds[0]
    assert square_box("a10", orientation=ADVERSARY)[3] == lay.grid.bounds[3]
    assert square_box("a1", orientation=ADVERSARY)[2] == lay.grid.bounds[2]  # a is on the Adversary's right
    assert lay.grid.bounds[2] < lay.column[0] and lay.column[3] < lay.panel[1]
    start, _ = play(MATCH[:1])
    public = png_of(start)
    hero, varmint = palette.SIDE_STRONG[HEROES], palette.SIDE_STRONG[ADVERSARY]
    assert share(public, square_box("e1"), hero) > 0.05 and share(public, square_box("b10"), varmint) > 0.05
    own, _ = play(MATCH[:1], seat=ADVERSARY)
    private = png_of(own)  # the viewer's side by default
    assert share(private, square_box("e1", orientation=ADVERSARY), hero) > 0.05
    assert share(private, square_box("b10", orientation=ADVERSARY), varmint) > 0.05
    assert board_png(own) == board_png(own, orientation=ADVERSARY) != board_png(own, orientation=HEROES)


def test_beast_box_is_the_union_of_its_four_squares() -> None:
    for orientation in (HEROES, ADVERSARY):
        box = beast_box("c7", orientation=orientation)
        for name in ("c7", "d7", "c8", "d8"):
            b = square_box(name, orientation=orientation)
            assert box[0] <= b[0] and box[1] <= b[1] and b[2] <= box[2] and b[3] <= box[3]
        cell = swartzblak.layout(1024).grid.cell
        assert (box[2] - box[0], box[3] - box[1]) == (2 * cell, 2 * cell)
    with pytest.raises(ValueError):
        beast_box("j10")


def test_heroes_are_round_and_varmints_square() -> None:
    """A point inside a square token's corner, outside a round one: board colour for a Hero, ring for a Varmint."""
    view, _ = play(MATCH[:1])
    image = png_of(view).convert("L")
    for name, round_token in (("e1", True), ("d1", True), ("b10", False), ("i10", False)):
        x0, y0, x1, _ = square_box(name)
        cell = x1 - x0
        corner = (x0 + round(cell * 0.18), y0 + round(cell * 0.18))
        board = square_fill(SQUARE_INDEX[name])
        expected = round(0.299 * board[0] + 0.587 * board[1] + 0.114 * board[2])
        assert (abs(image.getpixel(corner) - expected) <= 8) == round_token, name


# -- the town: Alleyways, escapes, links ---------------------------------------------------------------------


def test_alleyway_tiles_show_their_tint_and_symbol_colour() -> None:
    view, _ = play([])
    image = png_of(view)
    tiles = {sq for alley in view.alleys for sq in alley.squares}
    occupied = {u.square for u in view.units if u.square is not None}
    for i, alley in enumerate(view.alleys):
        for sq in alley.squares:
            box = inner(square_box(sq), 6)
            if sq not in occupied:
                assert share(image, box, tile_fill(i, swartzblak.is_dark(sq)), tol=6) > 0.3, SQUARES[sq]
            assert share(image, square_box(sq), ALLEY_STRONG[i], tol=12) > 0.015, SQUARES[sq]
            for j in {0, 1, 2} - {i}:
                assert share(image, square_box(sq), ALLEY_STRONG[j], tol=12) < 0.005
    street = next(sq for sq in range(100) if sq not in tiles and sq not in occupied)
    assert share(image, inner(square_box(street), 2), square_fill(street), tol=4) > 0.97


def test_every_open_tile_5_is_framed_as_an_escape_and_links_replace_it() -> None:
    before, _ = play(MATCH[: LINKED - 1])
    after, _ = play(MATCH[:LINKED])
    assert not any(before.connected) and sum(after.connected) == 2
    for view in (before, after):
        image = png_of(view)
        for i, alley in enumerate(view.alleys):
            five, four = alley.square_of(5), alley.square_of(4)
            frame = share(image, square_box(five), palette.INK, tol=10)
            assert (frame > 0.15) == (not view.connected[i]), (alley.key, frame)
            assert share(image, square_box(four), palette.INK, tol=10) < 0.15
    links = swartzblak.links(after)
    assert links and not swartzblak.links(before)
    image = png_of(after)
    for a, b in links:
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = square_box(a), square_box(b)
        cx, cy = (ax0 + ax1 + bx0 + bx1) // 4, (ay0 + ay1 + by0 + by1) // 4
        spot = (cx - 8, cy - 8, cx + 8, cy + 8)
        assert share(image, spot, palette.WHITE, tol=20) + share(image, spot, palette.INK, tol=20) > 0.6


def test_the_legend_names_each_escape_square() -> None:
    view, _ = play([])
    for alley in view.alleys:
        assert swartzblak.escapes(view)[view.alleys.index(alley)] == alley.square_of(5)


# -- figures, conditions, marks ----------------------------------------------------------------------------


def test_the_beast_covers_its_two_by_two() -> None:
    view, _ = play(MATCH[:BEAST_WOUNDED])
    beast = unit(view, BEAST)
    assert beast.square is not None and beast.cond is Cond.WOUNDED
    image = png_of(view)
    for sq in footprint(beast.square):
        assert share(image, square_box(sq), BEAST_FACE, tol=12) > 0.2, SQUARES[sq]
    box = beast_box(beast.square)
    outside = (box[2] + 2, box[1], box[2] + 40, box[3])
    assert share(image, outside, BEAST_FACE, tol=12) == 0
    wound = (box[2] - round(box[2] - box[0]) * 0.23, box[1], box[2], box[1] + round((box[3] - box[1]) * 0.23))
    assert share(image, tuple(map(round, wound)), palette.VERMILLION, tol=20) > 0.03, "the Wounded drop"
    assert not share(png_of(play(MATCH[: BEAST_WOUNDED - 7])[0]), box, BEAST_FACE, tol=12)


def test_a_disabled_marker_sits_where_a_disabled_figure_is() -> None:
    view, _ = play(MATCH[:DISABLED])
    image = png_of(view)
    down = [u for u in view.units if u.square is not None and u.cond is Cond.DISABLED and u.id != BEAST]
    standing = [u for u in view.units if u.square is not None and u.cond is Cond.HEALTHY and u.id != BEAST]
    assert {u.id for u in down} >= {"v4", "t5", "t6"}
    for u in down:
        badge = inner(badge_box(u.square, "tr"), 2)
        assert share(image, badge, palette.WHITE, tol=20) > 0.2, u.id
        assert share(image, badge, palette.INK, tol=30) > 0.15, u.id
    for u in standing:
        assert share(image, inner(badge_box(u.square, "tr"), 2), palette.WHITE, tol=20) < 0.2, u.id


def test_a_disabled_figure_is_faded() -> None:
    view, _ = play(MATCH[:DISABLED])
    image = png_of(view)
    v4, v3 = unit(view, "v4"), unit(view, "v3")
    blue = palette.SIDE_STRONG[ADVERSARY]
    assert share(image, square_box(v3.square), blue, tol=12) > 0.05
    assert share(image, square_box(v4.square), blue, tol=12) < 0.005


def test_hexed_and_spent_figures_are_marked() -> None:
    busy, _ = sample_views()
    image = png_of(busy, orientation=HEROES)
    for u in busy.units:
        if u.square is None or u.id == BEAST:
            continue
        hexed = share(image, badge_box(u.square, "bl"), HEX_COLOUR, tol=16)
        assert (hexed > 0.04) == (u.id in busy.hexed), u.id
    c, t2 = unit(busy, "C"), unit(busy, "t2")
    x0, y0, x1, _ = square_box(c.square)
    top = (x0 + (x1 - x0) // 3, y0, x1 - (x1 - x0) // 3, y0 + (x1 - x0) // 5)  # the ">" pill of a moved figure
    assert share(image, top, palette.INK, tol=20) > 0.25
    x0, y0, x1, _ = square_box(t2.square)
    assert share(image, (x0 + (x1 - x0) // 3, y0, x1 - (x1 - x0) // 3, y0 + (x1 - x0) // 5), palette.INK, 20) < 0.05


def test_townspeople_are_neutral_tokens() -> None:
    view, _ = play([])
    image = png_of(view)
    for u in view.units:
        if u.id.startswith("t"):
            box = square_box(u.square)
            assert share(image, box, TOWN_RING, tol=14) > 0.02, u.id
            assert share(image, box, palette.SIDE_STRONG[HEROES], tol=14) == 0
            assert share(image, box, palette.SIDE_STRONG[ADVERSARY], tol=14) == 0


def test_highlight_and_marked_squares() -> None:
    view, _ = play(MATCH[:3])
    marked = png_of(view, squares=["a2", 55])
    for sq in (SQUARE_INDEX["a2"], 55):
        if sq not in {s for a in view.alleys for s in a.squares}:
            assert share(marked, inner(square_box(sq), 6), square_fill(sq, "marked")) > 0.3
        assert share(marked, square_box(sq), palette.MARKED_EDGE, tol=10) > 0.05
    lit = png_of(view, highlight=["R>g3"])
    for name in ("g3",):
        assert share(lit, square_box(name), palette.LAST_MOVE_EDGE, tol=10) > 0.05
    plain = png_of(view)
    assert share(plain, square_box("g3"), palette.LAST_MOVE_EDGE, tol=10) < 0.01
    assert swartzblak.highlighted(view, ("R>g3", "C!cmd:t1")) >= {SQUARE_INDEX["g3"], SQUARE_INDEX["c2"]}
    assert swartzblak.highlighted(view, ("pick3", "ec:e5:2")) == {SQUARE_INDEX["e5"]}, "secret picks stay unmarked"


# -- the secret ----------------------------------------------------------------------------------------------


def test_the_shapeshifter_is_marked_only_in_the_adversarys_image() -> None:
    public, _ = play(MATCH[:PRIVATE])
    heroes, _ = play(MATCH[:PRIVATE], seat=HEROES)
    adversary, _ = play(MATCH[:PRIVATE], seat=ADVERSARY)
    assert adversary.shapeshifter == 5 and public.shapeshifter is None
    secret = unit(adversary, "v5").square
    grid = swartzblak.layout(1024).grid.bounds
    images = {
        name: png_of(v, orientation=HEROES, caption="x") for name, v in [("p", public), ("h", heroes), ("a", adversary)]
    }
    assert ImageChops.difference(images["p"].crop(grid), images["h"].crop(grid)).getbbox() is None
    diff = ImageChops.difference(images["p"].crop(grid), images["a"].crop(grid)).getbbox()
    x0, y0, x1, y1 = square_box(secret)
    assert diff is not None
    assert diff[0] >= x0 - grid[0] and diff[1] >= y0 - grid[1] and diff[2] <= x1 - grid[0] and diff[3] <= y1 - grid[1]
    assert share(images["a"], square_box(secret), SECRET_RING, tol=20) > 0.05
    for name in ("p", "h"):
        assert share(images[name], square_box(secret), SECRET_RING, tol=20) == 0


def _worlds(limit: int) -> list[tuple]:
    """Reachable states with a disguised Shapeshifter, each with its twin that hides it in another Varmint."""
    found = []
    for seed in range(40):
        for steps in (3, 18, 35, 55, 75):
            state = _walk(seed, steps)
            if state.outcome or state.secret is None:
                continue
            others = [int(v[1]) for v in (u.id for u in state.units) if v.startswith("v")]
            others = [n for n in others if n != state.secret and state.unit(f"v{n}").in_play]
            found.append((state, _twin(state, random.Random(seed * 100 + steps).choice(others))))
            if len(found) >= limit:
                return found
    return found


def test_changing_only_the_secret_changes_no_image_but_the_adversarys() -> None:
    worlds = _worlds(24)
    assert len(worlds) == 24
    for a, b in worlds:
        for seat in (None, HEROES):
            for size in (512,):
                assert board_png(GAME.view(a, seat), size=size) == board_png(GAME.view(b, seat), size=size)
        assert board_png(GAME.view(a, ADVERSARY), size=512) != board_png(GAME.view(b, ADVERSARY), size=512)
    a, b = worlds[-1]
    assert board_png(GAME.view(a, None), clock="1:00") == board_png(GAME.view(b, None), clock="1:00")


def test_the_column_says_hidden_or_the_beast_publicly() -> None:
    public, _ = play(MATCH[:DISABLED])
    assert unit(public, BEAST).square is not None
    assert swartzblak.status(public)[0].startswith("Heroes to act")


# -- words ---------------------------------------------------------------------------------------------------


def test_headline_note_and_fallback_caption() -> None:
    start, _ = play([])
    assert swartzblak.status(start) == ("Adversary picks the Shapeshifter", ADVERSARY)
    assert swartzblak.describe(start) == "The Adversary secretly chooses which Varmint is the Shapeshifter."
    assert swartzblak.note(start) == "Round 1 of 6"
    first, _ = play(MATCH[:2], seat=HEROES)
    assert swartzblak.status(first) == ("Heroes to act: 2 moves, 3 stunts left", HEROES)
    assert swartzblak.note(first) == "Heroes' view · Round 1 of 6"
    private, _ = play(MATCH[:PRIVATE], seat=ADVERSARY)
    assert swartzblak.note(private).startswith("Adversary's private view · Round ")
    waiting, _ = play(MATCH[:BEAST_WOUNDED])
    assert swartzblak.status(waiting) == ("Adversary: Quick Change?", ADVERSARY)
    lead, _ = play(MATCH[:5])
    assert swartzblak.status(lead)[0] == "Heroes: lead Townsperson 3"
    end, _ = play(MATCH)
    assert end.outcome is not None
    assert swartzblak.status(end)[0] in ("Heroes win!", "Adversary wins!")
    assert swartzblak.describe(end) == end.outcome.reason


def test_alley_colours_survive_colour_blindness() -> None:
    """The symbols tell the Alleyways apart; the colours must still help under every simulation."""
    for matrix in SIMULATIONS.values():
        for i in range(3):
            for j in range(i + 1, 3):
                assert _distance(_simulate(ALLEY_STRONG[i], matrix), _simulate(ALLEY_STRONG[j], matrix)) >= 45
                assert _distance(_simulate(ALLEY_TINT[i], matrix), _simulate(ALLEY_TINT[j], matrix)) >= 25


def test_a_hand_made_view_renders_too() -> None:
    busy, quiet = sample_views()
    for view in (busy, quiet, replace(quiet, last_roll=busy.last_roll, viewer=HEROES)):
        again = GAME.view_from_json(GAME.view_to_json(view))
        assert png_of(again, size=256).size == (256, 256)


# -- any reachable position --------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    picks=st.lists(st.integers(0, 1000), max_size=150),
    seat=st.sampled_from([None, HEROES, ADVERSARY]),
    size=st.sampled_from([256, 384, 640]),
    marked=st.lists(st.integers(0, 99), max_size=4),
)
def test_random_reachable_positions_always_render(
    seed: int, picks: list[int], seat: int | None, size: int, marked: list[int]
) -> None:
    state = GAME.setup(None, 2, seed)
    log, last = "", ()
    for pick in picks:
        if state.outcome:
            break
        who = GAME.to_decide(state)[0]
        actions = GAME.legal_actions(state, who)
        action = actions[pick % len(actions)]
        transition = GAME.apply(state, who, action)
        state, last = transition.state, (action,)
        log = " ".join(entry.line_for(seat) for entry in transition.log)
    view = GAME.view(state, seat)
    png = board_png(view, size=size, squares=marked, caption=log, highlight=last if seat != ADVERSARY else None)
    image = Image.open(io.BytesIO(png))
    assert image.size == (size, size) and image.mode == "P"
    image.load()
