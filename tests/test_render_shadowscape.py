"""The Shadowscape board and hand images: views only, hands never on the board, every reachable position drawn,
pieces where the view puts them, and golden images of an early competitive board, a co-op board with the
Dungeon Lord awake, and a hand.

Positions come from real matches played by a seeded random rule (the same seed gives the same match), then,
for the Lord, adjusted with ``dataclasses.replace`` (random play seldom wakes it). Pixel checks locate rooms
with the renderer's own geometry (``render.shadowscape.geometry``) and look for colours with a tolerance
(boards use a 255-colour palette).

Golden images use the same mechanism and flag as ``tests/test_render_golden.py``: after an intended change to
the look, ``CHANGELING_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_render_shadowscape.py``
rewrites ``tests/golden/shadowscape-*.png``; look at them before committing.
"""

from __future__ import annotations

import io
import itertools
import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from engine.games.shadowscape.dungeon import CENTRE, laid_at, name, parse, places
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from render import board_png, extra_png, extras_of
from render import palette as pal
from render.core import RENDERERS
from render.shadowscape import ShadowscapeRenderer, hand_image, hand_png
from render.shadowscape import glyphs as gl
from render.shadowscape.geometry import LORD_WIDE, layout, place_tokens, room_boxes, room_pixels
from render.shadowscape.heroes import hero_boxes
from render.shadowscape.samples import played_state
from render.shadowscape.words import initials, stage, status, whisper_terms
from tests.test_render_golden import assert_matches_golden
from tests.test_render_wars import decode, share

GAME = Shadowscape()  # the game is not offered by the registry until its rules are done: built directly
SIZE = 1024
HEIGHT = 800


def run(mode: str, players: int, seed: int, decisions: int) -> ShadowState:
    """The state after ``decisions`` seeded random decisions (the samples' own walk)."""
    return played_state(mode, players, seed, decisions)


@cache
def early() -> ShadowState:
    """A competitive match of three, a few turns in."""
    return run("competitive", 3, 3, 36)


@cache
def lord_awake() -> ShadowState:
    """A co-op match of four well on, with the Lord awake in c3 (4 damage taken), Hero 1 fighting it
    there and Hero 3 next door."""
    state = run("cooperative", 4, 32, 150)
    heroes = list(state.heroes)
    heroes[0] = replace(heroes[0], place=CENTRE)
    heroes[2] = replace(heroes[2], place=(2, 1))
    return replace(state, heroes=tuple(heroes), lord=replace(state.lord, place=CENTRE, damage=4))


def png_of(view, **options) -> Image.Image:
    return decode(board_png(view, **options))


# -- views only ------------------------------------------------------------------------------------------------


def test_a_full_state_is_refused() -> None:
    state = early()
    with pytest.raises(TypeError, match="view"):
        board_png(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view"):
        extra_png(state, "hand")  # type: ignore[arg-type]


def test_the_renderer_is_registered_with_its_hand_image() -> None:
    assert isinstance(RENDERERS["shadowscape"], ShadowscapeRenderer)
    assert dict(extras_of("shadowscape")) == {"hand": "My hand"}
    view = GAME.view(early(), None)
    with pytest.raises(KeyError):
        extra_png(view, "chart")


def test_the_board_is_wider_than_tall_at_any_size_and_deterministic() -> None:
    view = GAME.view(early(), None)
    png = board_png(view)
    assert png == board_png(view) and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert decode(png).size == (SIZE, HEIGHT)
    assert len(png) < 150_000
    for size in (128, 512, 640, 2048):
        assert decode(board_png(view, size=size)).size == (size, round(size / 1.28))
    assert Image.open(io.BytesIO(extra_png(GAME.view(early(), 0), "hand", size=128))).width == 128


def test_bad_marks_are_refused() -> None:
    view = GAME.view(early(), None)
    with pytest.raises(ValueError):
        board_png(view, squares=("z9",))
    with pytest.raises(ValueError):
        board_png(view, highlight=("not a key!",))
    with pytest.raises(TypeError):
        board_png(view, squares=(3.5,))
    with pytest.raises(ValueError):
        hand_png(view, size=50)


# -- hands stay off the board ----------------------------------------------------------------------------------


def _other_hand(state: ShadowState, seat: int) -> ShadowState:
    """``state`` with ``seat``'s hand swapped for as many other fate cards (from the deck): the same count."""
    hero = state.hero(seat)
    count = len(hero.hand)
    assert count >= 2, "the test needs a hand to change"
    fresh = tuple(c for c in state.piles.fate if c not in hero.hand)[:count]
    assert len(fresh) == count and set(fresh) != set(hero.hand)
    return replace(state, heroes=tuple(replace(h, hand=fresh) if h.seat == seat else h for h in state.heroes))


@pytest.mark.parametrize("make", [early, lord_awake])
def test_a_hidden_hand_never_changes_the_board(make) -> None:
    """Two states that differ only in one hero's hand give byte-identical public boards (and boards for any
    other seat, and public hand images); only that hero's own hand image differs."""
    state = make()
    seat = max(state.heroes, key=lambda h: len(h.hand)).seat
    other = _other_hand(state, seat)
    assert other.hero(seat).hand != state.hero(seat).hand
    assert board_png(GAME.view(state, None)) == board_png(GAME.view(other, None))
    for viewer in range(len(state.heroes)):
        mine, theirs = GAME.view(state, viewer), GAME.view(other, viewer)
        assert board_png(mine) == board_png(theirs), viewer
        if viewer != seat:
            assert extra_png(mine, "hand") == extra_png(theirs, "hand"), viewer
    assert extra_png(GAME.view(state, None), "hand") == extra_png(GAME.view(other, None), "hand")
    assert extra_png(GAME.view(state, seat), "hand") != extra_png(GAME.view(other, seat), "hand")


def test_the_hand_image_shows_the_viewers_cards_and_the_public_one_says_none() -> None:
    state = early()
    seat = state.active
    view = GAME.view(state, seat)
    image = hand_image(view)
    assert image.width == SIZE and image.height > 300
    cards = state.hero(seat).hand
    assert cards, "the active hero holds cards"
    ring = gl.ENEMY_COLOUR[TABLES.fate[cards[0]].enemy]
    first_card = (24, 100, 24 + (SIZE - 48) // 4, image.height - 20)
    assert share(image, first_card, ring, tol=20) > 0.002, "the first card's enemy type"
    public = hand_image(GAME.view(state, None))
    assert public.height < image.height or len(cards) == 0
    assert share(public, (0, 0, public.width, public.height), pal.VERMILLION, tol=20) > 0.005, "the crossed cards"
    competitive = share(image, (0, 0, image.width, image.height), (190, 40, 30), tol=20)
    coop_view = GAME.view(lord_awake(), lord_awake().active)
    coop = hand_image(coop_view)
    assert competitive > 0.002, "red Bane texts in the competitive game"
    assert share(coop, (0, 0, coop.width, coop.height), (0, 128, 80), tol=20) > 0.002, "green texts in co-op"


def test_a_player_with_several_seats_sees_each_hand_and_the_cards_they_foresee() -> None:
    state = lord_awake()
    one = hand_image(GAME.view_of_seats(state, (0,)))
    both = hand_image(GAME.view_of_seats(state, (0, 1)))
    assert both.height > one.height, "a section per hand"
    seat = state.active
    looking = replace(state, pending=Pending("foresee", seat, count=3))
    view = GAME.view(looking, seat)
    assert len(view.foreseen) == 3
    assert hand_image(view).height > hand_image(GAME.view(state, seat)).height
    fate = state.piles.fate
    shuffled = replace(looking, piles=replace(looking.piles, fate=(*fate[3:6], *fate[:3], *fate[6:])))
    assert board_png(GAME.view(looking, seat)) == board_png(GAME.view(shuffled, seat)), "the deck stays off the board"
    assert extra_png(GAME.view(looking, seat), "hand") != extra_png(GAME.view(shuffled, seat), "hand")


# -- what is drawn where ---------------------------------------------------------------------------------------


def test_every_door_shows_its_symbol_in_its_room() -> None:
    view = GAME.view(early(), None)
    image = png_of(view)
    lay = layout(SIZE, len(view.heroes))
    boxes = room_boxes(lay.room)
    for place in places():
        x0, y0, _, _ = room_pixels(lay, place)
        for side, symbol in laid_at(view.dungeon, place).doors().items():
            dx0, dy0, dx1, dy1 = boxes.door(side)
            disc = (round(x0 + dx0), round(y0 + dy0), round(x0 + dx1), round(y0 + dy1))
            found = share(image, disc, gl.DOOR_COLOUR[symbol], tol=40) if symbol else 0.0
            if symbol:
                assert found > 0.12, (name(place), side, symbol)
            else:
                assert share(image, disc, gl.DOORWAY, tol=6) < 0.2, (name(place), side, "wall")


def test_enemies_heroes_and_treasures_stand_in_their_rooms() -> None:
    view = GAME.view(early(), None)
    image = png_of(view)
    lay = layout(SIZE, len(view.heroes))
    for token, place in view.enemies:
        kind = TABLES.enemy_kinds[TABLES.enemies[token].kind].type
        assert share(image, room_pixels(lay, place), gl.ENEMY_COLOUR[kind], tol=24) > 0.01, (token, name(place))
    for hero in view.heroes:
        assert hero.place is not None
        assert share(image, room_pixels(lay, hero.place), pal.SIDE_STRONG[hero.seat], tol=24) > 0.01, hero.seat
    for _, place in view.treasures:
        assert share(image, room_pixels(lay, place), gl.GOLD, tol=24) > 0.01, name(place)


def test_the_lord_appears_in_the_centre_only_when_awake() -> None:
    awake = GAME.view(lord_awake(), None)
    lay = layout(SIZE, len(awake.heroes))
    centre = room_pixels(lay, CENTRE)
    assert share(png_of(awake), centre, gl.LORD_FACE, tol=16) > 0.04
    asleep = replace(awake, lord=replace(awake.lord, place=None, damage=0))
    assert share(png_of(asleep), centre, gl.LORD_FACE, tol=16) < 0.005
    assert "left" in status(awake)[0] or "turn" in status(awake)[0]


def test_marked_rooms_are_framed() -> None:
    view = GAME.view(early(), None)
    lay = layout(SIZE, len(view.heroes))
    plain = png_of(view)
    marked = png_of(view, squares=("a1", "c3"), highlight=("mv:gorm-1:e5",))
    for room, colour in (("a1", pal.MARKED_EDGE), ("c3", pal.MARKED_EDGE), ("e5", pal.LAST_MOVE_EDGE)):
        box = room_pixels(lay, parse(room))
        assert share(marked, box, colour, tol=20) > share(plain, box, colour, tol=20) + 0.03, room


def test_tokens_fit_their_room_however_many() -> None:
    lay = layout(SIZE, 4)
    boxes = room_boxes(lay.room)
    for n in range(1, 9):
        for lord in (False, True):
            widths = ([LORD_WIDE] if lord else []) + [1.0] * n
            spots = place_tokens(widths, boxes)
            assert len(spots) == len(widths)
            for (x, y, s), w in zip(spots, widths, strict=True):
                assert x >= 0 and x + w * s <= lay.room + 0.5 and y >= 0 and y + s <= lay.room + 0.5, (n, lord)
            if n <= 4 and not lord:
                assert min(s for _, _, s in spots) >= lay.room * 0.28, "up to four tokens stay readable"


def test_the_cards_do_not_overlap() -> None:
    for heroes in (2, 3, 4):
        view = GAME.view(run("cooperative", heroes, heroes, 60), None)
        lay = layout(SIZE, heroes)
        cards = [lay.map, lay.markets, lay.status, *hero_boxes(lay, view)]
        for x0, y0, x1, y1 in cards:
            assert 0 <= x0 < x1 <= SIZE and 0 <= y0 < y1 <= HEIGHT
        for a, b in itertools.combinations(cards, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_words() -> None:
    terms = {w.name: whisper_terms(w) for w in TABLES.whispers.values()}
    assert terms["Blood for the Old Champions"] == ("2 trophies", "@ battle shrine")
    assert terms["The Throne Falls Silent"] == ("slay the Lord",)
    assert terms["Steel in Hand"] == ("weapon",)
    view = GAME.view(early(), None)
    assert len(set(initials(view))) == len(view.heroes)
    assert status(view)[1] == view.active and stage(view)


# -- every reachable position ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "players", "seed"),
    [
        ("competitive", 2, 1),
        ("competitive", 3, 2),
        ("competitive", 4, 3),
        ("cooperative", 2, 4),
        ("cooperative", 3, 5),
        ("cooperative", 4, 6),
    ],
)
def test_random_positions_render(mode: str, players: int, seed: int) -> None:
    """Every position of a random match, to its end, draws: the public board at a small size, and now and then
    the board and the hand image of the seat deciding."""
    state = GAME.setup({"mode": mode}, players, seed)
    pick = random.Random(seed)
    small = 320
    for step in range(1500):
        view = GAME.view(state, None)
        assert decode(board_png(view, size=small)).size == (small, round(small / 1.28))
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        if step % 40 == 0:
            mine = GAME.view(state, seat)
            assert decode(board_png(mine, size=small)).width == small
            assert Image.open(io.BytesIO(extra_png(mine, "hand", size=small))).width == small
        state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat))).state
    assert GAME.outcome(state) is not None, "the match ends"
    assert decode(board_png(GAME.view(state, None))).size == (SIZE, HEIGHT)


# -- golden images ---------------------------------------------------------------------------------------------


def _golden_png(case: str) -> bytes:
    if case == "early":
        return board_png(GAME.view(early(), None))
    if case == "lord":
        return board_png(GAME.view(lord_awake(), None), caption="Mournwell hits the Dungeon Lord for 4.", clock="3:05")
    state = run("competitive", 3, 7, 6)  # just after the heroes drew their hands
    seat = max(state.heroes, key=lambda h: len(h.hand)).seat
    return extra_png(GAME.view(state, seat), "hand")


@pytest.mark.parametrize("case", ["early", "lord", "hand"])
def test_matches_its_golden_image(case: str, tmp_path: Path) -> None:
    assert_matches_golden(f"shadowscape-{case}", _golden_png(case), tmp_path)
