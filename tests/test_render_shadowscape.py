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

from engine.games.shadowscape.dungeon import CENTRE, CORNERS, laid_at, name, parse, places
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from render import board_png, extra_png, extras_of
from render import palette as pal
from render.core import RENDERERS
from render.shadowscape import ShadowscapeRenderer, hand_image, hand_png
from render.shadowscape import board as board_module
from render.shadowscape import glyphs as gl
from render.shadowscape import heroes as heroes_module
from render.shadowscape import markets as markets_module
from render.shadowscape import rooms as rooms_module
from render.shadowscape import status as status_module
from render.shadowscape.fit import Fit
from render.shadowscape.geometry import LORD_WIDE, layout, place_tokens, room_boxes, room_pixels
from render.shadowscape.hand import fate_title
from render.shadowscape.heroes import ROW_H, HeroFace, chip_label, chip_room, hero_boxes, hero_label
from render.shadowscape.key import icon, key_image, keyed
from render.shadowscape.markets import cell_box, cell_text
from render.shadowscape.rooms import room_label
from render.shadowscape.samples import played_state, sample_views
from render.shadowscape.sprites import MARKS
from render.shadowscape.words import deciding, initials, short_hero, stage, status, whisper_terms
from render.toolkit import measure
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
    assert dict(extras_of("shadowscape")) == {"hand": "My hand", "key": "Symbols"}
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


# -- names whole, a key to every symbol, the lit hero ---------------------------------------------------------


def _whole(fit: Fit, text: str, width: float, height: float | None = None, *, bold: bool = False) -> None:
    """``fit`` sets all of ``text`` (no ellipsis, nothing dropped) within ``width`` × ``height``."""
    assert fit.whole and not any("…" in line for line in fit.lines), (text, fit)
    joined = "".join(line if line.endswith("-") else line + " " for line in fit.lines).strip()
    assert joined == text, (text, fit.lines)
    assert fit.widest(bold) <= width + 0.01, (text, fit, width)
    if height is not None:
        assert fit.height() <= height + 0.01, (text, fit, height)


def room_names() -> set[str]:
    return {face.name for room in TABLES.rooms.values() for face in (room.face, room.back) if face is not None}


@pytest.mark.parametrize("size", [640, 1024, 2048])
def test_every_room_name_is_set_whole_in_its_band(size: int) -> None:
    lay = layout(size, 4)
    x0, y0, x1, y1 = room_boxes(lay.room).name
    for room in sorted(room_names()):
        _whole(room_label(room, lay), room, x1 - x0, y1 - y0)


@pytest.mark.parametrize("size", [1024, 2048])
def test_every_market_card_shows_its_whole_name_and_detail(size: int) -> None:
    lay = layout(size, 4)
    x0, y0, x1, y1 = lay.markets
    for row, cards in enumerate((TABLES.equipment, TABLES.actions, TABLES.whispers)):
        width, height = cell_box((x1 - x0, y1 - y0), lay.u, row)
        for card in cards:
            text = cell_text(row, card, (width, height), lay.u)
            name, detail, gems = markets_module.cell_words(row, card)
            gem = lay.px(markets_module.GEM) - lay.px(3)
            _whole(text.name, name, width, bold=True)
            _whole(text.detail, detail, width - (gems * gem + lay.px(3) if gems else 0))
            assert text.name.height() + text.detail.height() <= height + 0.01, (card, text)


@pytest.mark.parametrize("size", [1024, 2048])
def test_every_action_face_and_equipment_chip_shows_its_whole_name(size: int) -> None:
    """Chips as a hero card lays them out two a row, at full and at a squeezed row height, with a ready mark or
    two Wounds before the name."""
    lay = layout(size, 4)
    inner = lay.heroes[0][2] - lay.heroes[0][0] - 2 * lay.px(10)
    chip_w = (inner - lay.px(4)) / 2
    faces = {face.name for card in TABLES.actions.values() for face in card.faces}
    gear = {item.name for item in TABLES.equipment.values()}
    for h in (min(27 * lay.u, lay.px(ROW_H) - lay.px(4)), 21 * lay.u):
        box = (0.0, 0.0, chip_w, h)
        for marks, names, is_gear in ((1, faces, False), (1.4, faces, False), (1, gear, True)):
            _, room = chip_room(box, marks, gear=is_gear)
            for text in sorted(names):
                _whole(chip_label(text, room, h, lay.u), text, room, h - 2 * lay.u)


def test_every_fate_card_title_and_hero_name_is_whole() -> None:
    for size in (512, 1024, 2048):
        columns = max(1, min(4, size // 220))
        pad, gap = round(24 * size / 1024), round(16 * size / 1024)
        card_w = int((size - 2 * pad - (columns - 1) * gap) / columns)
        u = card_w / 240
        for fate in TABLES.fate.values():
            _whole(fate_title(fate.name, card_w), fate.name, card_w - 66 * u, 46 * u, bold=True)
    for hero in TABLES.heroes:
        face = HeroFace(0, hero, None, (), 0, 0, (), (), (), (), 0, False)
        fitted = hero_label(face, 190, 1.0)
        assert fitted.whole and fitted.lines[0] in TABLES.heroes[hero].name and measure(*fitted.lines, fitted.px) < 190


def _recorder(seen: set[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Wrap every sprite maker the board's modules call so each glyph drawn is noted by its key id."""

    def wrap(module, name: str, ids) -> None:
        real = getattr(module, name)

        def recorded(*args, **kwargs):
            seen.update(ids(*args, **kwargs))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, recorded)

    def enemy_ids(kind_id: str, _d: int, *, stunned: bool = False) -> list[str]:
        kind = TABLES.enemy_kinds[kind_id]
        return [f"enemy:{kind.type}", "ranged" if kind.ranged else "melee", *(["stunned"] if stunned else [])]

    wrap(rooms_module, "door_disc", lambda symbol, _d: [f"door:{symbol}"])
    wrap(rooms_module, "lair_badge", lambda kind, _d: [f"lair:{kind}"])
    wrap(rooms_module, "shrine_badge", lambda kind, _d: [f"shrine:{kind}"])
    wrap(rooms_module, "shard_badge", lambda _d: ["shard"])
    wrap(rooms_module, "empty_spot", lambda _d: ["spot"])
    wrap(rooms_module, "treasure_token", lambda _value, _d: ["treasure"])
    wrap(rooms_module, "enemy_token", enemy_ids)
    wrap(rooms_module, "hero_token", lambda _s, _l, _d, active=False: ["halo" if active else "hero"])
    wrap(rooms_module, "lord_token", lambda *_: ["lord"])
    wrap(
        rooms_module,
        "_floor",
        lambda place: {CENTRE: ["floor:throne"]}.get(place, ["floor:start"] * (place in CORNERS)),
    )
    wrap(rooms_module, "mark_rooms", lambda _i, _l, rooms, _d: [f"frame:{kind}" for kind in rooms.values()])
    for module in (heroes_module, status_module, markets_module):
        wrap(module, "mark", lambda kind, _d: [f"mark:{kind}"])
    wrap(heroes_module, "treasure_token", lambda _value, _d: ["coin"])
    wrap(heroes_module.HeroCard, "gear_chip", lambda *_: ["chip:gear"])
    wrap(heroes_module.HeroCard, "card_chip", lambda _self, card, _box: ["chip:wounded"] * bool(card.wounds))
    wrap(heroes_module.HeroCard, "items", lambda self, _y: ["whisper"] * bool(self.face.whispers))
    wrap(markets_module, "cell_words", lambda row, _card: ["letters"] * (row == 0))
    for cached in (board_module.background, heroes_module.hero_tile, markets_module.markets_tile):
        cached.cache_clear()  # drawn afresh, so the wrapped makers are called


def test_every_glyph_the_board_draws_has_a_key_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards of the samples, the goldens' positions and a few matches to their end are drawn with every
    sprite maker recorded; each glyph seen, and each the data can put on a board, has an entry in the key."""
    seen: set[str] = set()
    _recorder(seen, monkeypatch)
    busy, quiet = sample_views()
    board_png(busy, highlight=("mv:gorm-1:b3",), squares=("a1",), size=640)
    board_png(quiet, size=640)
    board_png(GAME.view(lord_awake(), None), size=640)
    for seed in (1, 2):
        state = GAME.setup({"mode": ("competitive", "cooperative")[seed % 2]}, 3, seed)
        pick = random.Random(seed)
        for step in range(600):
            if GAME.outcome(state) is not None:
                break
            if step % 5 == 0:
                board_png(GAME.view(state, None), size=320)
            seat = GAME.to_decide(state)[0]
            state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat))).state
    assert {"door:sun", "lair:beast", "enemy:undead", "hero", "halo", "mark:wound", "letters"} <= seen, seen
    faces = [face for room in TABLES.rooms.values() for face in (room.face, room.back) if face is not None]
    possible = {f"door:{s}" for f in faces for s in f.doors.values() if s}
    possible |= {f"lair:{f.lair}" for f in faces if f.lair} | {f"shrine:{f.shrine}" for f in faces if f.shrine}
    possible |= {f"enemy:{k.type}" for k in TABLES.enemy_kinds.values()} | {f"mark:{t}" for t in gl.ENEMIES}
    possible |= {f"mark:{m}" for m in MARKS if m != "ranged"} | {"melee", "ranged", "stunned", "frame:marked"}
    missing = (seen | possible) - keyed()
    assert not missing, f"glyphs with no key entry: {sorted(missing)}"
    for kind in sorted(keyed()):
        assert icon(kind, 40).width >= 8, kind


def test_the_key_is_offered_beside_the_board_and_reads_at_discord_size() -> None:
    view = GAME.view(early(), None)
    png = extra_png(view, "key")
    assert png == extra_png(GAME.view(lord_awake(), 1), "key"), "the same key for every view"
    image = decode(png)
    assert image.width == SIZE and image.height < 1600
    assert key_image(512).width == 512


def defending_elsewhere() -> ShadowState:
    """A real position (seeded random play) where one hero must defend an attack during another's turn."""
    state = GAME.setup({"mode": "cooperative"}, 3, 4)
    pick = random.Random(4)
    for _ in range(400):
        pending = state.pending
        if pending is not None and pending.kind == "defend" and pending.seat != state.active:
            return state
        seat = GAME.to_decide(state)[0]
        state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat))).state
    raise AssertionError("no defence on another hero's turn")


def _gold_edge(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    x0, y0, x1, _ = box
    return share(image, (x0 + 20, y0, x1 - 20, y0 + 2), pal.GOLD, tol=30)


def test_the_lit_hero_card_is_the_hero_the_headline_names() -> None:
    """Tansy defending on Fenwick's turn: the headline names the defender, the defender's card (and only it)
    has the gold frame and its token the halo, and the stage line says whose turn it is."""
    state = defending_elsewhere()
    defender, turn = state.pending.seat, state.active
    assert GAME.to_decide(state) == (defender,)
    view = GAME.view(state, None)
    headline, seat = status(view)
    assert seat == defender == deciding(view) and short_hero(view.heroes[defender]) in headline
    assert stage(view).startswith(f"{short_hero(view.heroes[turn])}'s turn"), stage(view)
    image = png_of(view)
    boxes = hero_boxes(layout(SIZE, len(view.heroes)), view)
    lit = [i for i, box in enumerate(boxes) if _gold_edge(image, box) > 0.5]
    assert lit == [defender], (lit, defender, turn)


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
