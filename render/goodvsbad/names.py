"""Road names and space numbers on the Good vs Bad board, so that any place a prompt names ("Red–Blue Road 16")
can be found on it without counting beads.

Each Connector's name, exactly as the engine spells it (``engine.games.goodvsbad.board.layout``), runs along its
road: a ring road's inside the ring (outside there is only a thin margin, and the board's corners hold the key),
a Spoke's to one side of it. Every Encounter space (every fourth: 4, 8, 12…) carries its number beside it, on
the other side of the road from the name, so the amber rings double as ticks: any space is at most three beads
from a numbered one, and the numbers' order shows which end space 1 is at.

Labels are placed by a pure function of the size, seat count and lengths (``board_labels``), which the drawing
and the tests share: each starts next to its road and slides away from it until it touches no disc and no
label placed before it. Drawn into the cached background (``board.background``), so they cost nothing a move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from PIL import Image

from engine.games.goodvsbad.board import CROSSROADS, is_encounter, space

from ..palette import RGB
from ..toolkit import Box, Point, Sketch, text_sprite, text_width
from ..tracks import RING
from .geometry import Layout, board_layout

NAME_PX = 23.0  # a road's name, at 1024 pixels (9 pixels when Discord shows the board 400 wide)
NAME_PX_FOR_TWO = 28.0  # two players: two long roads and an empty middle, room for larger names
NUMBER_PX = 13.0  # a space's number: detail, read when the board is opened or in the close-up…
NUMBER_PX_MOST = 17.0  # …and larger beside larger spaces (two or three players), up to this
CLEARANCE = 3.0  # at 1024 pixels: the least gap between a label and a disc or another label
SLIDE = 1.5  # at 1024 pixels: how far a label moves per try, away from its road
TRIES = 40
NAME_FILL: RGB = (222, 208, 178)
NUMBER_FILL: RGB = (236, 176, 88)  # the Encounter ring's amber, lightened to read on the dark background


@dataclass(frozen=True, slots=True)
class Label:
    """A piece of text on the board: ``angle`` is its baseline's direction (radians, y down), ``width`` and
    ``height`` its extent before turning. ``position`` is the space a number belongs to (0 for a road's name)."""

    kind: Literal["road", "number"]
    text: str
    connector: int
    position: int
    centre: Point
    angle: float
    width: float
    height: float
    px: int

    def axes(self) -> tuple[Point, Point]:
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (c, s), (-s, c)

    def corners(self) -> list[Point]:
        (ax, ay), (bx, by) = self.axes()
        x, y = self.centre
        w, h = self.width / 2, self.height / 2
        return [(x + i * w * ax + j * h * bx, y + i * w * ay + j * h * by) for i, j in ((-1, -1), (1, -1), (1, 1),
                (-1, 1))]  # fmt: skip

    def hits_disc(self, centre: Point, radius: float) -> bool:
        """Whether the disc touches this label's rectangle (exactly: the nearest point of the rectangle)."""
        (ax, ay), (bx, by) = self.axes()
        dx, dy = centre[0] - self.centre[0], centre[1] - self.centre[1]
        along, across = dx * ax + dy * ay, dx * bx + dy * by
        nx = max(abs(along) - self.width / 2, 0.0)
        ny = max(abs(across) - self.height / 2, 0.0)
        return nx * nx + ny * ny < radius * radius

    def hits(self, other: Label, gap: float = 0.0) -> bool:
        """Whether two labels' rectangles, each grown by ``gap / 2``, overlap (the separating axis test)."""
        mine, theirs = _grown(self, gap / 2), _grown(other, gap / 2)
        for axis in (*self.axes(), *other.axes()):
            a = [x * axis[0] + y * axis[1] for x, y in mine]
            b = [x * axis[0] + y * axis[1] for x, y in theirs]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
        return True

    def hits_box(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        rect = Label("road", "", -1, 0, ((x0 + x1) / 2, (y0 + y1) / 2), 0.0, x1 - x0, y1 - y0, 0)
        return self.hits(rect)

    def inside(self, box: Box) -> bool:
        return all(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in self.corners())


def _grown(label: Label, by: float) -> list[Point]:
    return replace(label, width=label.width + 2 * by, height=label.height + 2 * by).corners()


def obstacles(lay: Layout) -> list[tuple[Point, float]]:
    """Every disc on the board (an Encounter space with its amber ring), as centre and radius."""
    found = []
    for place, point in lay.places.items():
        r = lay.radius(place)
        position = int(place.split(".")[1]) if "." in place else 0
        found.append((point, r * RING if position and is_encounter(position) else r))
    return found


@lru_cache(maxsize=32)
def board_labels(size: int, players: int, lengths: tuple[int, ...]) -> tuple[Label, ...]:
    """Every road's name and every Encounter space's number, placed clear of each other and of every disc."""
    lay = board_layout(size, players, lengths)
    discs = obstacles(lay)
    placed: list[Label] = []
    px_name = round((NAME_PX_FOR_TWO if players == 2 else NAME_PX) * lay.u)
    for c in lay.connectors:
        n = lengths[c.index]
        px_number = max(6, round(max(NUMBER_PX * lay.u, min(NUMBER_PX_MOST * lay.u, 1.3 * lay.radii[c.index]))))
        anchor, tangent = _along(lay, c.index, n, (n + 1) / 2)
        name = _draft("road", c.name, (c.index, 0), anchor, tangent=tangent, px=px_name)
        placed.append(_place(lay, discs, placed, name, _name_side(lay, c.index, n, (n + 1) / 2)))
        for position in range(1, n + 1):
            if is_encounter(position):
                point = _along(lay, c.index, n, position)[0]
                number = _draft("number", str(position), (c.index, position), point, tangent=None, px=px_number)
                side = _name_side(lay, c.index, n, position)
                placed.append(_place(lay, discs, placed, number, (-side[0], -side[1])))
    return tuple(placed)


def _along(lay: Layout, connector: int, n: int, at: float) -> tuple[Point, Point]:
    """A point of the road at position ``at`` (a half-way ``at`` lies between two spaces) and its direction."""
    low, high = max(1, math.floor(at)), min(n, math.ceil(at))
    a, b = lay.near(space(connector, low)), lay.near(space(connector, high))
    point = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    before = lay.near(space(connector, max(1, low - 1)))
    after = lay.near(space(connector, min(n, high + 1)))
    dx, dy = after[0] - before[0], after[1] - before[1]
    length = math.hypot(dx, dy) or 1.0
    return point, (dx / length, dy / length)


def _name_side(lay: Layout, connector: int, n: int, at: float) -> Point:
    """The unit normal at position ``at`` on the side of the road its name goes: a ring road's towards the
    board's middle, a Spoke's to the left as one walks in from its Home Base. Its numbers take the other side."""
    point, (tx, ty) = _along(lay, connector, n, at)
    if lay.connectors[connector].kind == "spoke":
        return (ty, -tx)
    normal = (-ty, tx)
    cx, cy = lay.near(CROSSROADS) if CROSSROADS in lay.places else _middle(lay)
    towards = (cx - point[0]) * normal[0] + (cy - point[1]) * normal[1]
    return normal if towards > 0 else (-normal[0], -normal[1])


def _middle(lay: Layout) -> Point:
    xs = [p[0] for p in lay.places.values()]
    ys = [p[1] for p in lay.places.values()]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _draft(
    kind: Literal["road", "number"], text: str, where: tuple[int, int], anchor: Point, *, tangent: Point | None, px: int
) -> Label:
    """A label centred on ``anchor``: a road's name along ``tangent``, turned to read upright; a number level.
    ``where``: its Connector and space (0 for a road's name)."""
    angle = 0.0
    if tangent is not None:
        angle = math.atan2(tangent[1], tangent[0])
        if angle > math.pi / 2 + 1e-9 or angle <= -math.pi / 2 + 1e-9:  # never upside down
            angle += math.pi if angle <= 0 else -math.pi
    return Label(kind, text, where[0], where[1], anchor, angle, text_width(text, px, bold=True), px * 0.78, px)


def _place(lay: Layout, discs: list[tuple[Point, float]], placed: list[Label], draft: Label, side: Point) -> Label:
    """``draft`` moved to ``side`` of its road until it touches no disc, no label in ``placed`` and no edge; if no
    try is clear, the clearest one (the tests catch that)."""
    gap = CLEARANCE * lay.u
    (ax, ay), (bx, by) = draft.axes()
    reach = abs(side[0] * ax + side[1] * ay) * draft.width / 2 + abs(side[0] * bx + side[1] * by) * draft.height / 2
    best: tuple[int, Label] | None = None
    x, y = draft.centre
    # Only what the label can reach in its tries can touch it: a board has a few hundred discs and labels.
    span = reach + TRIES * SLIDE * lay.u + math.hypot(draft.width, draft.height) / 2 + gap
    discs = [(p, r) for p, r in discs if math.dist(p, draft.centre) <= span + r]
    placed = [o for o in placed if math.dist(o.centre, draft.centre) <= span + math.hypot(o.width, o.height) / 2]
    for step in range(TRIES):
        d = reach + step * SLIDE * lay.u
        label = replace(draft, centre=(x + side[0] * d, y + side[1] * d))
        clashes = sum(label.hits_disc(p, r + gap) for p, r in discs) + sum(label.hits(o, gap) for o in placed)
        clashes += 0 if label.inside(lay.board) else 1
        if clashes == 0:
            return label
        if best is None or clashes < best[0]:
            best = (clashes, label)
    assert best is not None
    return best[1]


def draw_labels(sk: Sketch, labels: tuple[Label, ...]) -> None:
    """Each label's text, turned to its angle, onto the sketch at the sketch's own scale (smoothed with the rest
    of the background when the sketch is reduced)."""
    s = sk.scale
    for label in labels:
        fill = NAME_FILL if label.kind == "road" else NUMBER_FILL
        sprite = _turned(label.text, round(label.px * s), fill, label.angle)
        x, y = round(label.centre[0] * s - sprite.width / 2), round(label.centre[1] * s - sprite.height / 2)
        left, top = max(0, -x), max(0, -y)
        if left or top:
            sprite = sprite.crop((left, top, sprite.width, sprite.height))
        sk.image.alpha_composite(sprite, (x + left, y + top))


@lru_cache(maxsize=512)
def _turned(text: str, px: int, fill: RGB, angle: float) -> Image.Image:
    """A label's text turned to ``angle``, kept: the close-up draws its large background each time it is asked."""
    sprite, _, _ = text_sprite(text, px, fill, True)
    if not angle:
        return sprite
    return sprite.rotate(-math.degrees(angle), resample=Image.Resampling.BICUBIC, expand=True)
