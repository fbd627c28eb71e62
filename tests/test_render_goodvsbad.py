"""The Good vs Bad board and hand images: views only, every seat count laid out without overlaps, spaces,
marks, fixtures and pieces where the view puts them, hands private, and golden images of real positions.

Positions come from seeded random walks through real matches (``walk``), so the same seed always gives the same
match. Pixel checks locate places with the renderer's own geometry (``render.goodvsbad.geometry``) and look for
colours with a small tolerance (boards use a 255-colour palette). Golden images use the mechanism and flag of
``tests/test_render_golden.py``: after an intended change, ``CHANGELING_UPDATE_GOLDEN=1`` rewrites
``tests/golden/goodvsbad-*.png``; look at them before committing.
"""

from __future__ import annotations

import io
import itertools
import math
import random
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import get_args, get_type_hints

import pytest
from PIL import Image, ImageChops

from engine.games.goodvsbad.board import EXTENSION, LONGEST, is_encounter, parse_space, places
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.labels import STAT_NAMES, board_place_name
from engine.games.goodvsbad.model import KINDS, SPECIAL_LEVEL, Fixture, GvbState, Mark, Side
from engine.games.goodvsbad.tables import TABLES
from render import board_png, extra_png, extras_of
from render import palette as pal
from render.goodvsbad.board import MARK_GROWTH
from render.goodvsbad.cards import CHANGE_PX, STAT_LETTERS, TURN_PX, _piece_line, status_text
from render.goodvsbad.closeup import ZOOM, closeup_seat, windows
from render.goodvsbad.geometry import board_layout
from render.goodvsbad.hand import hand_cards
from render.goodvsbad.key import KEY, TEXT_ICONS, fits, key_boxes, key_rows
from render.goodvsbad.names import NAME_FILL, NUMBER_FILL, board_labels, obstacles
from render.goodvsbad.samples import sample_views
from render.goodvsbad.sprites import BAD, ENCOUNTER_RING, GOOD, SEAT_STRONG, TRAP_EDGE, piece_sprite
from render.toolkit import measure
from tests.test_render_golden import assert_matches_golden
from tests.test_render_wars import decode, share

GAME = GoodVsBad()  # not offered by the registry until the bot plays it: built directly
SIZE = 1024


def walk(players: int, seed: int, decisions: int) -> GvbState:
    """The state after ``decisions`` seeded random decisions (or at the end, if it comes first), under rules
    version 2: the goldens were drawn from these walks, and a later version's extra choices walk elsewhere."""
    state = GAME.setup(None, players, seed, rules_version=2)
    pick = random.Random(seed)
    for _ in range(decisions):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        state = GAME.apply(state, seat, pick.choice(list(GAME.legal_actions(state, seat)))).state
    return state


@cache
def midgame() -> GvbState:
    """Four players some rounds in: marked spaces, Items laid and cards in hands."""
    return walk(4, 38, 120)


def png_of(view, **options) -> Image.Image:
    return decode(board_png(view, **options))


def box_at(point: tuple[float, float], r: float) -> tuple[int, int, int, int]:
    x, y = point
    return round(x - r), round(y - r), round(x + r), round(y + r)


# -- views only ------------------------------------------------------------------------------------------------


def test_a_full_state_is_refused() -> None:
    with pytest.raises(TypeError, match="full states carry secrets"):
        board_png(GAME.setup(None, 2, 1))  # type: ignore[arg-type]


def test_the_renderer_is_registered_with_its_hand_image_and_close_up() -> None:
    assert dict(extras_of("goodvsbad")) == {"hand": "My hand", "closeup": "Close-up"}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_board_is_square_at_any_size_and_deterministic(players: int) -> None:
    view = GAME.view(GAME.setup(None, players, 3), None)
    for size in (512, 1024):
        assert png_of(view, size=size).size == (size, size)
    assert board_png(view) == board_png(view), "the same view gives the same bytes"


def test_bad_marks_are_refused() -> None:
    view = GAME.view(GAME.setup(None, 3, 3), None)
    with pytest.raises(ValueError, match="not a place on this board"):
        board_png(view, squares=("9.99",))
    with pytest.raises(TypeError, match="Good vs Bad keys"):
        board_png(view, highlight=(3,))


# -- layout ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("extensions", [0, 1, 3])
def test_every_place_has_its_own_spot_on_the_board(players: int, extensions: int) -> None:
    """No two places' discs overlap and all sit inside the board's part of the image, even after Extensions
    have lengthened every Connector (to 29 spaces, the longest)."""
    lengths = tuple(min(29, n + EXTENSION * extensions) for n in GAME.setup(None, players, 1).lengths)
    lay = board_layout(SIZE, players, lengths)
    x0, y0, x1, y1 = lay.board
    for place, (x, y) in lay.places.items():
        r = lay.radius(place)
        assert x0 <= x - r and x + r <= x1 and y0 <= y - r and y + r <= y1, place
    for (a, pa), (b, pb) in itertools.combinations(lay.places.items(), 2):
        assert math.dist(pa, pb) >= lay.radius(a) + lay.radius(b) - 0.5, (a, b)


def test_the_cards_sit_under_the_board_without_overlapping() -> None:
    for players in range(2, 7):
        lay = board_layout(SIZE, players, GAME.setup(None, players, 1).lengths)
        assert len(lay.cards) == players
        for box in lay.cards:
            assert box[1] >= lay.board[3] and box[3] <= SIZE
        for a, b in itertools.combinations(lay.cards, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


# -- what the board shows ---------------------------------------------------------------------------------------


def test_good_and_bad_spaces_show_in_their_colours() -> None:
    state = GAME.setup(None, 3, 3)
    state = replace(state, stage="turn", marks=(Mark("0.5", "good", 2, maker=0), Mark("1.3", "bad", 4, maker=1)))
    image = png_of(GAME.view(state, None))
    lay = board_layout(SIZE, 3, state.lengths)
    good, bad = lay.near("0.5"), lay.near("1.3")
    assert share(image, box_at(good, lay.radius("0.5") * 0.5), GOOD, tol=40) > 0.3
    assert share(image, box_at(bad, lay.radius("1.3") * 0.5), BAD, tol=40) > 0.3
    assert share(image, box_at(lay.near("0.6"), lay.radius("0.6") * 0.5), GOOD, tol=40) < 0.05, "unmarked"


def test_pieces_stand_on_their_places_in_their_seat_colours() -> None:
    state = GAME.setup(None, 3, 3)
    pieces = list(state.pieces)
    pieces[2] = replace(pieces[2], place="0.8")  # Blue's Hero on the road
    image = png_of(GAME.view(replace(state, pieces=tuple(pieces)), None))
    lay = board_layout(SIZE, 3, state.lengths)
    assert share(image, box_at(lay.near("0.8"), lay.token * 0.55), SEAT_STRONG[1], tol=30) > 0.05
    assert share(image, box_at(lay.near("2.8"), lay.token * 0.55), SEAT_STRONG[1], tol=30) == 0


def test_a_trap_shows_on_its_space() -> None:
    state = GAME.setup(None, 2, 3)
    with_trap = replace(state, stage="turn", fixtures=(Fixture("0.6", "trap", 1),))
    lay = board_layout(SIZE, 2, state.lengths)
    x, y = lay.near("0.6")
    r = lay.radius("0.6")
    corner = (round(x), round(y - 2 * r), round(x + 2 * r), round(y))
    assert share(png_of(GAME.view(with_trap, None)), corner, TRAP_EDGE, tol=40) > 0.02
    assert share(png_of(GAME.view(state, None)), corner, TRAP_EDGE, tol=40) == 0


def test_every_fourth_space_wears_the_encounter_ring() -> None:
    view = GAME.view(GAME.setup(None, 2, 3), None)
    image = png_of(view)
    lay = board_layout(SIZE, 2, view.lengths)
    for position in range(1, view.lengths[0] + 1):
        place = f"0.{position}"
        r = lay.radius(place)
        x, y = lay.near(place)
        rim = (round(x - 1.28 * r), round(y - 2), round(x - 1.05 * r), round(y + 2))
        assert (share(image, rim, ENCOUNTER_RING, tol=40) > 0.3) is is_encounter(position), place


def test_a_mark_is_drawn_larger_than_an_empty_space() -> None:
    state = replace(GAME.setup(None, 2, 3), stage="turn", marks=(Mark("0.5", "good", 2, maker=0),))
    image = png_of(GAME.view(state, None))
    lay = board_layout(SIZE, 2, state.lengths)
    x, y = lay.near("0.5")
    r = lay.radius("0.5")
    edge = (round(x + 1.0 * r), round(y - 1), round(x + 1.1 * r), round(y + 1))  # past an empty disc
    assert MARK_GROWTH > 1.2 and share(image, edge, GOOD, tol=40) > 0.3


def test_marked_and_highlighted_places_get_rings() -> None:
    view = GAME.view(GAME.setup(None, 2, 3), None)
    plain = png_of(view)
    lay = board_layout(SIZE, 2, view.lengths)
    ring = box_at(lay.near("0.5"), lay.radius("0.5") * 2)
    assert share(png_of(view, squares=("0.5",)), ring, (86, 180, 233), tol=30) > share(plain, ring, (86, 180, 233))
    assert share(png_of(view, highlight=("go:0.5",)), ring, (240, 228, 66), tol=30) > 0.02


def test_the_status_line_says_where_the_game_stands() -> None:
    busy, quiet = sample_views()
    left, right = status_text(busy)
    assert left.startswith("Round 7/12 · Blue's turn · rolled 8 · Goodness in play, 1 Negation")
    assert right.startswith("Items ") and "E8" in right
    assert status_text(quiet)[0] == "Naming Specials: Red to choose"


# -- names, numbers and the key --------------------------------------------------------------------------------


def _lengths(players: int, extensions: int) -> tuple[int, ...]:
    return tuple(min(LONGEST, n + EXTENSION * extensions) for n in GAME.setup(None, players, 1).lengths)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("extensions", [0, 1, 3])
def test_every_space_a_prompt_names_can_be_found_by_its_road_and_number(players: int, extensions: int) -> None:
    """For each space, the prompt's words ("Red-Blue Road 16"): the road's name is written once, nearer that road
    than any other; and a number beside the road counts its spaces, so no space is more than three beads from a
    numbered one, and each number stands beside its own space."""
    lengths = _lengths(players, extensions)
    lay = board_layout(SIZE, players, lengths)
    labels = board_labels(SIZE, players, lengths)
    roads = {label.text: label for label in labels if label.kind == "road"}
    assert len(roads) == len(lay.connectors)
    for place in places(lay.connectors, lengths, players):
        found = parse_space(place)
        if found is None:
            continue
        road, _, number = board_place_name(players, place).removesuffix(" (Encounter)").rpartition(" ")
        assert int(number) == found[1] and roads[road].connector == found[0], place
        numbered = [lb.position for lb in labels if lb.kind == "number" and lb.connector == found[0]]
        assert min(abs(p - found[1]) for p in numbered) <= 3, place
    for label in labels:
        nearest = min(lay.places, key=lambda p: math.dist(lay.places[p], label.centre))
        on = parse_space(nearest)
        if label.kind == "road":
            assert on is not None and on[0] == label.connector, (label.text, nearest)
        else:
            assert label.text == str(label.position) and on is not None and on[0] == label.connector, label
            assert abs(on[1] - label.position) <= 1, (label, nearest)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("extensions", [0, 1, 3])
@pytest.mark.parametrize("size", [512, SIZE])
def test_names_numbers_and_the_key_stay_clear_of_each_other_and_of_every_space(
    players: int, extensions: int, size: int
) -> None:
    lengths = _lengths(players, extensions)
    lay = board_layout(size, players, lengths)
    labels = board_labels(size, players, lengths)
    corners = key_boxes(size, lay.board)
    for label in labels:
        assert label.inside(lay.board), label
        assert not any(label.hits_disc(point, r) for point, r in obstacles(lay)), label
        assert not any(label.hits_box(box) for box in corners), label
    for a, b in itertools.combinations(labels, 2):
        assert not a.hits(b), (a, b)
    for box in corners:
        for (x, y), r in obstacles(lay):
            nearest = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
            assert math.dist(nearest, (x, y)) >= r, (box, (x, y))


def test_the_key_explains_every_kind_of_thing_the_board_draws() -> None:
    """Kinds from the engine's own types (mark sides, piece kinds, fixture items), the Special's level, the
    rings the renderer can frame places with, the decks' letters and the cards' stat letters."""
    kinds = {kind for kind, _ in KEY}
    fixtures = get_args(get_type_hints(Fixture)["item"])
    assert {*get_args(Side), *KINDS, *fixtures} <= kinds
    assert {"encounter", "special", "home", "crossroads", "active", "last", "marked", "stats", "hurt", "decks"} <= kinds
    words = dict(KEY)
    assert str(SPECIAL_LEVEL) in words["special"]
    assert all(deck in words["encounter"] for deck in ("E", "H")) and "E" in words["decks"]
    for letter, name in zip(STAT_LETTERS, STAT_NAMES, strict=False):
        assert letter in TEXT_ICONS["stats"] and name in words["stats"]
    assert len(KEY) <= 4 * len(key_boxes(SIZE, (0, 0, SIZE, SIZE)))
    assert all(fits(size) for size in (512, 768, SIZE, 2048, SIZE * ZOOM))


def test_road_names_numbers_and_the_key_are_drawn_where_they_are_placed() -> None:
    view = GAME.view(GAME.setup(None, 2, 1), None)
    image = png_of(view)
    lay = board_layout(SIZE, 2, view.lengths)
    for label in board_labels(SIZE, 2, view.lengths):
        fill = NAME_FILL if label.kind == "road" else NUMBER_FILL
        assert share(image, box_at(label.centre, label.height / 2), fill, tol=40) > 0.08, label
    rows = {kind: box for kind, _, box in key_rows(SIZE, lay.board)}
    for kind, colour in (("good", GOOD), ("bad", BAD), ("encounter", ENCOUNTER_RING)):
        x0, y0, _, y1 = rows[kind]
        assert share(image, (round(x0), round(y0), round(x0 + (y1 - y0)), round(y1)), colour, tol=40) > 0.1, kind
    words = [round(v) for v in key_boxes(SIZE, lay.board)[0]]
    assert share(image, words, pal.TEXT_DIM, tol=40) > 0.03
    small = [round(v) for v in key_boxes(256, board_layout(256, 2, view.lengths).board)[0]]
    assert share(png_of(view, size=256), small, pal.TEXT_DIM, tol=40) == 0, "no key too small to read"


def test_whose_turn_and_what_changed_take_a_line_each_between_the_roads_and_the_cards() -> None:
    """Each line is set large enough to read where Discord shows the board 400 pixels wide (12 and 10 pixels),
    so they share no line: the caption fits whole on its own, under the turn line, above every card."""
    lay = board_layout(SIZE, 4, midgame().lengths)
    x0, y0, x1, y1 = lay.status
    assert lay.board[3] <= y0 and all(y1 <= card[1] for card in lay.cards)
    assert TURN_PX * 400 / 1024 >= 11 and CHANGE_PX * 400 / 1024 >= 9
    caption = "Blue's Villain moves to Green-Yellow Road 16. · 1:00"
    assert measure(caption, CHANGE_PX) <= x1 - x0
    assert y1 - y0 >= TURN_PX + CHANGE_PX


# -- secrets ---------------------------------------------------------------------------------------------------


def _other_hand(state: GvbState, seat: int) -> GvbState:
    """``state`` with ``seat``'s Item cards swapped for as many others from the deck: the same count."""
    player = state.player(seat)
    count = len(player.items)
    fresh = tuple(c for c in state.decks.items if c not in player.items)[:count]
    assert count >= 1 and len(fresh) == count and set(fresh) != set(player.items)
    return state.with_player(replace(player, items=fresh))


def test_a_hidden_hand_never_changes_the_board() -> None:
    """Two states that differ only in one player's hand give byte-identical public boards, boards for the other
    seats and public hand images; only that player's own hand image differs."""
    state = midgame()
    seat = max(state.seats, key=lambda s: len(state.player(s).items))
    other = _other_hand(state, seat)
    for viewer in (None, *(s for s in state.seats if s != seat)):
        assert board_png(GAME.view(state, viewer)) == board_png(GAME.view(other, viewer)), viewer
        assert extra_png(GAME.view(state, viewer), "hand") == extra_png(GAME.view(other, viewer), "hand")
    assert extra_png(GAME.view(state, seat), "hand") != extra_png(GAME.view(other, seat), "hand")
    for viewer in (None, *state.seats):  # the close-up shows roads and pieces, never a card: even its owner's
        assert extra_png(GAME.view(state, viewer), "closeup") == extra_png(GAME.view(other, viewer), "closeup")


def test_the_hand_image_shows_the_viewers_cards_and_the_public_one_says_none() -> None:
    state = midgame()
    seat = max(state.seats, key=lambda s: state.player(s).hand_size)
    player = state.player(seat)
    titles = [card.title for card in hand_cards(GAME.view(state, seat))]
    assert titles == [TABLES.items[i].name for i in player.items] + [TABLES.events[e].name for e in player.events]
    assert [card.title for card in hand_cards(GAME.view(state, None))] == ["No hand"]
    width = Image.open(io.BytesIO(extra_png(GAME.view(state, seat), "hand", size=640))).width
    assert width == 640


def test_a_sealed_purchase_shows_only_in_its_owners_hand() -> None:
    state = walk(3, 5, 3)  # three Specials named: buying
    assert state.stage == "buy"
    seat = GAME.to_decide(state)[0]
    state = GAME.apply(state, seat, "buy:3.2.1.2").state
    mine = [card.text for card in hand_cards(GAME.view(state, seat))]
    assert any("Agility +3, Might +2, Smarts +1, Special +2" in text for text in mine)
    other = next(s for s in state.seats if s != seat)
    assert not any("Agility +3" in card.text for card in hand_cards(GAME.view(state, other)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_random_positions_render(players: int, seed: int) -> None:
    state = GAME.setup(None, players, seed)
    pick = random.Random(seed)
    for step in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        if step % 150 == 0:
            mine = GAME.view(state, seat)
            assert png_of(mine, size=512).width == 512
            assert Image.open(io.BytesIO(extra_png(mine, "hand", size=512))).width == 512
        state = GAME.apply(state, seat, pick.choice(list(GAME.legal_actions(state, seat)))).state
    assert png_of(GAME.view(state, None)).size == (SIZE, SIZE)


# -- the close-up ----------------------------------------------------------------------------------------------


def test_the_close_up_frames_the_viewers_hero_then_villain_three_times_larger() -> None:
    """Six players, where a phone cannot read the board: two panels, each centred on one of the viewer's pieces
    (unless the roads' edge is nearer), headed with the piece and its place; the spaces three times the board's."""
    view = sample_views()[0]
    lay = board_layout(SIZE * ZOOM, len(view.players), view.lengths)
    mine = sorted((p for p in view.pieces if p.seat == view.viewer), key=lambda p: p.kind != "hero")
    image = decode(extra_png(view, "closeup"))
    assert image.size == (SIZE, SIZE) and [p.kind for p in mine] == ["hero", "villain"]
    for row, (piece, box) in enumerate(zip(mine, windows(lay, mine, SIZE), strict=True)):
        x, y = lay.near(piece.place)
        assert box[0] <= x <= box[2] and box[1] <= y <= box[3] and box[2] - box[0] == SIZE
        assert abs(x - (box[0] + box[2]) / 2) < 1 or box[0] in (0, round(lay.board[2]) - SIZE)
        inside = (round(x - box[0]), round(y - box[1]) + row * SIZE // 2)
        reach = round(lay.token)  # a token's width each way: pieces sharing a place stand round it
        patch = (inside[0] - reach, inside[1] - reach, inside[0] + reach, inside[1] + reach)
        assert share(image.convert("RGB"), patch, SEAT_STRONG[view.viewer], tol=30) > 0.02, piece.kind
    small = board_layout(SIZE, len(view.players), view.lengths)
    assert lay.radius(mine[0].place) == pytest.approx(ZOOM * small.radius(mine[0].place))


def test_a_spectators_close_up_follows_the_player_to_act() -> None:
    state = midgame()
    public = GAME.view(state, None)
    assert closeup_seat(public) == state.active
    assert extra_png(public, "closeup") == extra_png(GAME.view(state, state.active), "closeup")


# -- golden images ---------------------------------------------------------------------------------------------


def _golden_png(case: str) -> bytes:
    if case == "start":
        return board_png(GAME.view(GAME.setup(None, 2, 3), None))
    if case == "midgame":
        return board_png(GAME.view(midgame(), None), caption="Blue's Villain moves to Green–Yellow Road 6.")
    if case == "busy":
        return board_png(sample_views()[0], clock="2:41", squares=("h2",))
    if case == "closeup":
        return extra_png(sample_views()[0], "closeup")
    state = midgame()
    seat = max(state.seats, key=lambda s: state.player(s).hand_size)
    return extra_png(GAME.view(state, seat), "hand")


@pytest.mark.parametrize("case", ["start", "midgame", "busy", "hand", "closeup"])
def test_matches_its_golden_image(case: str, tmp_path: Path) -> None:
    assert_matches_golden(f"goodvsbad-{case}", _golden_png(case), tmp_path)


def test_a_marked_space_is_a_place_of_its_connector() -> None:
    for mark in sample_views()[0].marks:
        found = parse_space(mark.place)
        assert found is not None and 1 <= found[1] <= sample_views()[0].lengths[found[0]]


@pytest.mark.parametrize("seat", range(6))
def test_hero_and_villain_share_a_colour_but_not_an_outline(seat: int) -> None:
    """Same seat colour, different silhouettes: the Villain's ring of spikes round a smaller shape covers a
    good part of the picture the Hero's shape does not, and leaves bare some that it covers."""
    hero = piece_sprite(seat, "hero", 40).getchannel("A").point(lambda a: 255 if a > 128 else 0)
    villain = piece_sprite(seat, "villain", 40).getchannel("A").point(lambda a: 255 if a > 128 else 0)
    assert ImageChops.difference(villain, hero).histogram()[255] > 40 * 40 * 0.08
    strong = SEAT_STRONG[seat]
    for sprite in (piece_sprite(seat, "hero", 40), piece_sprite(seat, "villain", 40)):
        assert share(sprite.convert("RGB"), (0, 0, 40, 40), strong, tol=30) > 0.03


def test_a_piece_line_shows_hurt_stats_against_their_starting_level_and_its_troubles() -> None:
    piece = replace(GAME.setup(None, 2, 1).pieces[0], stats=(1, 3, 0), start=(2, 3, 2), lose_turns=2, role="protector")
    assert _piece_line(piece) == "A1/2  M3  S0/2  ·  Protector  ·  misses 2 turns"
