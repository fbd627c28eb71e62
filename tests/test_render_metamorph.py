"""The Metamorph board and its chart of shapes: views only, every scenario and wizard count laid out without
overlaps, wizards, facings, artifacts and the last move where the view puts them, and the chart marking
each standing wizard's cell, Blob counter and target.

Positions come from real matches: ``script`` plays a fixed rule (pick up an artifact, attack a wizard, cast
Slow or Restrict, use Web or Ink, change shape once as the seat's plan says, else walk towards the Key or the
nearest rival, else end the turn), so the same seed always gives the same match, and the golden images of
``tests/test_render_golden.py`` replay it. Pixel checks locate hexes with the renderer's own geometry
(``render.metamorph.geometry``) and look for colours with a small tolerance (boards use a 255-colour palette).
"""

from __future__ import annotations

import io
import itertools
import math
import random
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine import get_game
from engine.core import Outcome
from engine.games.metamorph.actions import legal
from engine.games.metamorph.board import hexes_of, parse_hex
from engine.games.metamorph.game import MetaView
from engine.games.metamorph.keys import MetaAction
from engine.games.metamorph.model import Condition, MetaState
from engine.games.metamorph.tables import CHART_SIZE, HUMAN, TABLES
from render import board_png, extra_png, extras_of
from render import palette as pal
from render.metamorph import MetamorphRenderer, chart_image, chart_png
from render.metamorph.board import describe, status
from render.metamorph.chart import NAME_BAND, cell_box, cells, path_cells, path_points, region, wizard_cell
from render.metamorph.geometry import board_layout, hex_box
from render.metamorph.roster import badges_of, turns_left
from render.metamorph.sprites import BADGE, KEY_GOLD, SEAT_PALE, SEAT_STRONG, badge_offset, shape_labels
from render.toolkit import SIDE_SHAPES
from tests.test_render_toolkit import SIMULATIONS, _distance, _simulate
from tests.test_render_wars import decode, share

GAME = get_game("metamorph")
RULES = 1
SCENARIOS = ("duel", "war", "key")
SEATS = ("red", "blue", "green", "yellow", "purple", "orange")
PLAN = {1: "giant-spider", 2: "rat", 3: "crocodile", 4: "bat", 5: "otter"}  # Red stays Human, to carry the Key
THEN = {3: ("Crocodile", "dolphin")}  # Yellow changes again, a long way: a Blob on the chart for turns
FIRST = ("special:pickup", *(f"attack:{s}" for s in SEATS), "cast:slow", "cast:restrict", "special:web", "special:ink")

# The key scenario, 4 wizards, seed 7: by MIDGAME Red (Human, hurt, webbed) carries the Key, Blue is a slowed
# and hurt Giant Spider, Green (a Rat) is dead, and Yellow is a Blob on its way to a Dolphin.
KEY_MATCH = ("key", 4, 7)
MIDGAME = 53


def scripted(state: MetaState, seat: int) -> MetaAction:
    """The fixed rule's choice (see the module's docstring): the first legal action it names."""
    actions = legal(state, seat)  # whole actions, as the picker's stages build them
    view = GAME.view(state, None)
    for prefix in FIRST:
        hit = next((a for a in actions if a.key.startswith(prefix)), None)
        if hit is not None:
            return hit
    me = view.wizards[seat]
    wanted = [f"cast:morph:{PLAN[seat]}"] if me.shape == HUMAN and seat in PLAN else []
    if seat in THEN and me.shape == THEN[seat][0]:
        wanted.append(f"cast:morph:{THEN[seat][1]}")
    hit = next((a for a in actions if a.key in wanted and not me.changing), None)
    if hit is not None:
        return hit
    goal = _goal(view, seat)
    moves = [a for a in actions if a.kind == "move" and a.b != "off"]
    if moves and goal is not None:
        return min(moves, key=lambda a: parse_hex(a.b).distance(goal))
    return next(a for a in actions if a.kind == "end")


def _goal(view: MetaView, seat: int):
    key = next((a.hex for a in view.artifacts if a.kind == "key" and a.hex is not None and not a.destroyed), None)
    if key is not None:
        return key
    me = view.wizards[seat]
    rivals = [w for w in view.wizards if w.on_board and w.seat != seat]
    if me.hex is None or not rivals:
        return None
    return min(rivals, key=lambda w: (w.hex.distance(me.hex), w.seat)).hex


def start(scenario: str, players: int, seed: int) -> MetaState:
    return GAME.setup({"scenario": scenario}, players, seed, rules_version=RULES)


def script(scenario: str, players: int, seed: int, decisions: int) -> list[str]:
    """The keys of the first ``decisions`` decisions the fixed rule makes in this match."""
    state, keys = start(scenario, players, seed), []
    while len(keys) < decisions and GAME.outcome(state) is None:
        seat = GAME.to_decide(state)[0]
        action = scripted(state, seat)
        keys.append(action.key)
        state = GAME.apply(state, seat, action).state
    return keys


MATCH = script(*KEY_MATCH, MIDGAME)


def play(keys: list[str], *, seat: int | None = None, match: tuple[str, int, int] = KEY_MATCH):
    """The view after ``keys`` from the start of ``match``, and the last decision's log line."""
    state, line = start(*match), ""
    for key in keys:
        transition = GAME.act(state, GAME.to_decide(state)[0], key)
        state = transition.state
        line = " ".join(entry.line_for(seat) for entry in transition.log)
    return GAME.view(state, seat), line


def png_of(view: MetaView, **options) -> Image.Image:
    return decode(board_png(view, **options))


def box_of(view: MetaView, hex_, size: int = 1024) -> tuple[int, int, int, int]:
    return hex_box(hex_, size=size, grid=view.grid, count=len(view.wizards))


def inner(box: tuple[int, int, int, int], share_: float) -> tuple[int, int, int, int]:
    """The middle of ``box``, ``share_`` of its width and height."""
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) * (1 - share_) / 2, (y1 - y0) * (1 - share_) / 2
    return (round(x0 + dx), round(y0 + dy), round(x1 - dx), round(y1 - dy))


# -- views only, options --------------------------------------------------------------------------------------


def test_a_full_state_is_refused() -> None:
    state = start(*KEY_MATCH)
    with pytest.raises(TypeError, match="view"):
        board_png(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view"):
        chart_png(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        chart_png(get_game("wars").view(get_game("wars").setup(None, 2, 1), None))  # type: ignore[arg-type]


def test_bad_options_are_refused() -> None:
    view, _ = play([])
    with pytest.raises(ValueError):
        board_png(view, squares=("zz",))
    with pytest.raises(ValueError):
        board_png(view, highlight=("not a key",))
    with pytest.raises(ValueError):
        chart_png(view, size=50)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("players", [2, 6])
def test_every_scenario_renders_each_wizard_on_its_hex(scenario: str, players: int) -> None:
    view = GAME.view(start(scenario, players, 3), None)
    image = png_of(view)
    assert image.size == (1024, 1024)
    for wizard in view.wizards:
        assert wizard.hex is not None
        assert share(image, box_of(view, wizard.hex), SEAT_STRONG[wizard.seat], tol=10) > 0.03, wizard.seat


def test_png_of_any_size_is_deterministic() -> None:
    view, line = play(MATCH)
    first = board_png(view, caption=line)
    assert first == board_png(view, caption=line)
    assert first[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(first) < 150_000
    for size in (512, 640, 2048):
        assert decode(board_png(view, size=size)).size == (size, size)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("players", range(2, 7))
def test_the_layout_keeps_map_and_cards_apart_and_on_the_canvas(scenario: str, players: int) -> None:
    view = GAME.view(start(scenario, players, 5), None)
    lay = board_layout(1024, view.grid, players)
    cards = [b for b in (lay.header, lay.roster, lay.legend, lay.chart) if b is not None]
    for x0, y0, x1, y1 in [*cards, lay.map_bounds]:
        assert 0 <= x0 < x1 <= 1024 and 0 <= y0 < y1 <= 1024
    for a, b in itertools.combinations(cards, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], f"cards {a} and {b} overlap"
    for hex_ in hexes_of(view.grid):
        x0, y0, x1, y1 = box_of(view, hex_)
        for c in cards:
            assert x1 <= c[0] or c[2] <= x0 or y1 <= c[1] or c[3] <= y0, f"hex {hex_} under card {c}"
    assert lay.radius >= 20, "hexes big enough for a token with a readable label"


# -- wizards -------------------------------------------------------------------------------------------------


def test_turning_or_changing_shape_redraws_only_that_wizard_on_the_map() -> None:
    view, _ = play(MATCH)
    blue = view.wizards[1]
    before = png_of(view, caption="-")
    for changed in (replace(blue, facing=(blue.facing + 3) % 6), replace(blue, shape="Dragon", damage=0)):
        wizards = tuple(changed if w.seat == 1 else w for w in view.wizards)
        after = png_of(replace(view, wizards=wizards), caption="-")
        diff = ImageChops.difference(before, after).crop(board_layout(1024, view.grid, 4).map_bounds)
        x0, y0, x1, y1 = box_of(view, blue.hex)
        bx0, by0 = board_layout(1024, view.grid, 4).map_bounds[:2]
        bbox = diff.getbbox()
        assert bbox is not None, "the image must change"
        assert bbox[0] + bx0 >= x0 - 12 and bbox[2] + bx0 <= x1 + 12, bbox
        assert bbox[1] + by0 >= y0 - 12 and bbox[3] + by0 <= y1 + 12, bbox


def test_the_wedge_points_where_the_wizard_faces() -> None:
    view = GAME.view(start("duel", 2, 1), None)
    red = view.wizards[0]
    lay = board_layout(1024, view.grid, 2)
    for facing in range(6):
        wizards = (replace(red, facing=facing), view.wizards[1])
        image = png_of(replace(view, wizards=wizards))
        cx, cy = lay.hexes.centre(red.hex)
        a = math.radians(-60 * facing)
        reach = lay.radius * 0.8
        x, y = round(cx + reach * math.cos(a)), round(cy + reach * math.sin(a))
        assert share(image, (x - 2, y - 2, x + 3, y + 3), SEAT_STRONG[0], tol=40) > 0.3, facing


def test_status_badges_and_bars_follow_the_wizard() -> None:
    view, _ = play([])
    red = view.wizards[0]
    x0, y0, x1, y1 = box_of(view, red.hex)
    plain = png_of(view).crop((x0, y0, x1, y1))
    busy = replace(red, flying=True, conditions=(Condition("slow", 2),), damage=9, mana=10)
    marked = png_of(replace(view, wizards=(busy, *view.wizards[1:]))).crop((x0, y0, x1, y1))
    assert ImageChops.difference(plain, marked).getbbox() is not None
    assert share(marked, (0, 0, x1 - x0, y1 - y0), pal.ORANGE, tol=30) > share(
        plain, (0, 0, x1 - x0, y1 - y0), pal.ORANGE, tol=30
    )


def test_seat_colours_are_the_seats_names_and_survive_colour_blindness() -> None:
    red, blue, green, yellow, purple, orange = SEAT_STRONG
    assert red[0] > red[2] and blue[2] > blue[0] and green[1] > green[0]
    assert yellow[0] > 200 and yellow[1] > 200 and yellow[2] < 100
    assert purple[0] > purple[1] and purple[2] > purple[1] and orange[0] > orange[1] > orange[2]
    assert len(set(SIDE_SHAPES)) == 6, "and each seat has its own shape, for whatever colours cannot do"
    for matrix in SIMULATIONS.values():
        for a, b in itertools.combinations(SEAT_STRONG, 2):
            assert _distance(_simulate(a, matrix), _simulate(b, matrix)) > 28


def test_shape_labels_are_short_and_unique() -> None:
    labels = shape_labels()
    assert len(set(labels.values())) == len(labels)
    assert all(1 <= len(label) <= 3 for label in labels.values())
    assert labels["Giant Spider"] == "GSp" and labels[HUMAN] == "Hum"


# -- the Key, the last move, marks ----------------------------------------------------------------------------


def test_the_key_lies_on_its_hex_then_rides_with_its_carrier() -> None:
    view, _ = play([])
    key = next(a for a in view.artifacts if a.kind == "key")
    assert share(png_of(view), inner(box_of(view, key.hex), 0.6), KEY_GOLD, tol=20) > 0.05
    later, _ = play(MATCH)
    assert next(a for a in later.artifacts if a.kind == "key").carrier == 0
    image = png_of(later)
    assert share(image, inner(box_of(later, key.hex), 0.6), KEY_GOLD, tol=20) < 0.01 or later.wizards[0].hex == key.hex
    red = later.wizards[0]
    lay = board_layout(1024, later.grid, 4)
    cx, cy = lay.hexes.centre(red.hex)
    slot = next(i for i, (kind, _) in enumerate(badges_of(later, red)) if kind == "key")
    ox, oy = badge_offset(slot, lay.radius)
    d = max(round(13 * lay.metrics.u), round(lay.radius * BADGE))
    badge_box = (round(cx + ox - d / 2), round(cy + oy - d / 2), round(cx + ox + d / 2), round(cy + oy + d / 2))
    assert share(image, badge_box, KEY_GOLD, tol=30) > 0.004


def test_the_last_move_is_outlined_and_marked_hexes_too() -> None:
    view, _ = play(MATCH)
    start_hex, end_hex = view.last_path[0], view.last_path[-1]
    assert start_hex != end_hex
    image = png_of(view)
    assert share(image, box_of(view, start_hex), pal.LAST_MOVE_EDGE, tol=30) > 0.04
    quiet = png_of(view, highlight=())
    assert share(quiet, box_of(view, start_hex), pal.LAST_MOVE_EDGE, tol=30) < 0.01
    marked = png_of(view, highlight=(), squares=("a1", parse_hex("b3")))
    for name in ("a1", "b3"):
        assert share(marked, box_of(view, name), pal.MARKED_EDGE, tol=30) > 0.04
    chosen = png_of(view, highlight=("move:L:c5:e",))
    assert share(chosen, box_of(view, "c5"), pal.LAST_MOVE_EDGE, tol=30) > 0.04


def test_headline_and_fallback_caption() -> None:
    view, _ = play([])
    assert status(view) == (f"{view.seat_names[view.active]} to act", view.active)
    later, _ = play(MATCH)
    text = describe(later)
    assert later.seat_names[later.active] in text and "to" in text
    ended = replace(later, outcome=GAME.outcome(start(*KEY_MATCH)) or _won(later))
    assert status(ended)[0].endswith("wins!")


def _won(view: MetaView) -> Outcome:
    return Outcome.win(0, reason="Red leaves the map carrying the Key of Solomon.")


def test_the_scripted_match_shows_what_the_goldens_rely_on() -> None:
    view, _ = play(MATCH)
    red, blue, green, yellow = view.wizards
    assert next(a for a in view.artifacts if a.kind == "key").carrier == red.seat
    assert red.shape == HUMAN and red.damage and red.condition("web")
    assert blue.shape == "Giant Spider" and blue.condition("slow")
    assert not green.alive
    assert yellow.changing and yellow.target == "Dolphin" and turns_left(yellow) > 1


# -- the chart of shapes --------------------------------------------------------------------------------------


def test_chart_regions_are_the_pinwheel_of_the_four_classes() -> None:
    assert region(4, 4) is None
    assert (region(0, 0), region(0, 8), region(8, 0), region(8, 8)) == ("Mammal", "Magical", "Reptilian", "Aquatic")
    for shape in TABLES.shapes.values():
        if shape.cell is not None and shape.name != HUMAN:
            assert region(*shape.cell) == shape.shape_class, shape.name
    for kind in ("Mammal", "Magical", "Reptilian", "Aquatic"):  # each region is one piece
        cells = {(r, c) for r in range(CHART_SIZE) for c in range(CHART_SIZE) if region(r, c) == kind}
        seen, todo = set(), [min(cells)]
        while todo:
            r, c = todo.pop()
            if (r, c) in cells and (r, c) not in seen:
                seen.add((r, c))
                todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        assert seen == cells, kind


def test_chart_marks_each_standing_wizard_its_counter_and_its_target() -> None:
    view, _ = play(MATCH)
    png = chart_png(view)
    assert png == chart_png(view) == MetamorphRenderer.chart_png(view)
    image = decode(png)
    assert image.width == 1024 and image.height > 1024
    for wizard in view.wizards:
        cell = wizard_cell(wizard)
        colour = SEAT_STRONG[wizard.seat]
        if wizard.alive:
            assert share(image, cell_box(*cell), colour, tol=16) > 0.005, wizard.seat
    green = view.wizards[2]
    assert share(image, cell_box(*TABLES.shapes[green.shape].cell), SEAT_STRONG[2], tol=16) == 0, "the dead are gone"
    yellow = view.wizards[3]
    target = TABLES.shapes[yellow.target].cell
    assert share(image, cell_box(*target), SEAT_STRONG[3], tol=16) > 0.02, "the target is framed"
    walk = path_cells(yellow.cell, target)
    assert len(walk) == turns_left(yellow) + 1
    middle = walk[len(walk) // 2]
    assert share(image, cell_box(*middle), SEAT_STRONG[3], tol=40) > 0.005, "the path runs through the chart"


Point = tuple[float, float]


def _crosses(a: Point, b: Point, box: tuple[float, float, float, float], half: float) -> bool:
    """Whether the segment a–b, ``half`` its line's width either side, enters ``box`` (segments here are
    horizontal or vertical)."""
    x0, y0, x1, y1 = min(a[0], b[0]) - half, min(a[1], b[1]) - half, max(a[0], b[0]) + half, max(a[1], b[1]) + half
    return x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1


def test_a_change_path_never_crosses_a_shapes_name_or_figures() -> None:
    """Issue 43: the chart's path ran through the cells' middles, across their names. Every walk from any
    shape to any other, drawn as the chart draws it, stays clear of every named cell's text."""
    c, half = 100.0, 100.0 * 0.09 / 2  # the outline line is 0.09 of a cell wide
    named = list(cells())
    fx0, fy0, fx1, fy1 = NAME_BAND
    bands = [(q * c + fx0 * c, r * c + fy0 * c, q * c + fx1 * c, r * c + fy1 * c) for r, q in named]
    for start in named:
        for goal in named:
            if start == goal:
                continue
            points = path_points(path_cells(start, goal), c)
            assert all(a[0] == b[0] or a[1] == b[1] for a, b in itertools.pairwise(points))
            hits = [band for a, b in itertools.pairwise(points) for band in bands if _crosses(a, b, band, half)]
            assert hits == [], (start, goal)


def test_a_small_chart_image_has_everyone_on_human_at_the_start() -> None:
    view, _ = play([])
    image = chart_image(view, size=512)
    assert image.mode == "RGB" and image.width == 512
    human = cell_box(4, 4, size=512)
    for wizard in view.wizards:  # everyone starts Human
        assert share(image, human, SEAT_PALE[wizard.seat], tol=12) > 0.005


def test_a_short_wide_map_gets_a_small_chart_on_the_board() -> None:
    view = GAME.view(start("duel", 2, 1), None)
    lay = board_layout(1024, view.grid, 2)
    assert lay.chart is not None and lay.chart_grid is not None
    human = lay.chart_grid.box(4, 4)
    image = png_of(view)
    for wizard in view.wizards:
        assert share(image, human, SEAT_PALE[wizard.seat], tol=12) > 0.01


def test_random_positions_render() -> None:
    pick = random.Random(4)
    for scenario, players in (("duel", 2), ("war", 3), ("key", 5)):
        state = start(scenario, players, pick.randrange(1000))
        for step in range(120):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_decide(state)[0]
            state = GAME.apply(state, seat, pick.choice(legal(state, seat))).state
            if step % 30 == 0:
                view = GAME.view(state, seat)
                assert decode(board_png(view, size=512)).size == (512, 512)
                assert Image.open(io.BytesIO(chart_png(view, size=512))).width == 512
    assert decode(board_png(GAME.view(state, None), size=512)).size == (512, 512)


def test_extra_images_are_offered_by_name() -> None:
    """The board's extra images are named by the renderer: Metamorph offers its chart, Wars nothing; an
    unknown name is refused."""
    game = get_game("metamorph")
    view = game.view(game.setup({"scenario": "war"}, 3, 4), None)
    assert extras_of("metamorph") == {"chart": "Shape chart"} and dict(extras_of("wars")) == {}
    assert extra_png(view, "chart", size=512)[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(KeyError):
        extra_png(view, "hand")
