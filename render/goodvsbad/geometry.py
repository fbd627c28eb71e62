"""Where everything goes on a Good vs Bad board: the roads on top, the players' cards underneath.

The Home Bases sit on an ellipse (two players: at its left and right ends), ring Connectors follow the ellipse
between them (two players: the North Road over the top, the South Road under the bottom) and Spokes run straight
to the Crossroads at the centre. Spaces are spread evenly along their Connector, so a Connector that an
Extension lengthened packs its spaces closer, and smaller (``Layout.radius``). Everything is a pure function of
the size, the seat count and the lengths.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from engine.games.goodvsbad.board import CROSSROADS, Connector, home, layout, parse_space, space
from engine.games.goodvsbad.model import SEAT_NAMES

from ..toolkit import Box, Point

BOARD_SHARE = 0.64  # of the canvas height: the roads; the rest holds the status line and the players' cards
ASPECT = 1.0
SPACE_FILL = 0.44  # a space's radius as a share of the gap to the next space on its Connector
MAX_RADIUS = 13.0  # at 1024 pixels: spaces on short Connectors stay space-sized, not coin-sized
HOME_RADIUS = 30.0
CROSSROADS_SHARE = 0.8  # the Crossroads' disc, of a Home Base's
TOKEN = 30.0  # a piece's token, at 1024 pixels
STATUS_HEIGHT = 72.0  # two lines, whose turn over what changed, each large enough to read on a 400-pixel board
CARD_COLUMNS = {2: 2, 3: 3, 4: 2, 5: 3, 6: 3}


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel positions of one board: every place's centre, the shared disc sizes and the panel's boxes."""

    size: int
    u: float  # pixels per unit of a 1024-pixel board
    places: dict[str, Point]
    connectors: tuple[Connector, ...]
    radii: tuple[float, ...]  # each Connector's space disc: a lengthened Connector packs smaller discs
    home_radius: float
    token: float
    board: Box
    status: Box
    cards: tuple[Box, ...]  # one per seat

    def near(self, place: str) -> Point:
        """A place's centre (a place the board does not have raises ``KeyError``)."""
        return self.places[place]

    def radius(self, place: str) -> float:
        """The disc of a place: its Connector's space size, or a Home Base's (the Crossroads is a little less)."""
        found = parse_space(place)
        return node_radius(place, self.u) if found is None else self.radii[found[0]]


def node_radius(place: str, u: float) -> float:
    """A Home Base's disc, or the Crossroads' (a little less), at ``u`` pixels a unit."""
    return HOME_RADIUS * u * (CROSSROADS_SHARE if place == CROSSROADS else 1.0)


def canvas(size: int) -> tuple[int, int]:
    return size, round(size / ASPECT)


@lru_cache(maxsize=32)
def board_layout(size: int, players: int, lengths: tuple[int, ...]) -> Layout:
    """The layout for ``players`` seats whose Connectors have ``lengths`` spaces, ``size`` pixels wide."""
    width, height = canvas(size)
    u = size / 1024
    board_h = height * BOARD_SHARE
    pad = 44 * u
    cx, cy = width / 2, board_h / 2 + 6 * u
    rx, ry = width / 2 - pad - HOME_RADIUS * u, board_h / 2 - pad
    connectors = layout(players, SEAT_NAMES[:players])
    places: dict[str, Point] = {}
    angles = _home_angles(players, (rx, ry))
    for seat, angle in enumerate(angles):
        places[home(seat)] = (cx + rx * math.cos(angle), cy + ry * math.sin(angle))
    if players >= 3:
        places[CROSSROADS] = (cx, cy)
    radii = []
    for c in connectors:
        n = lengths[c.index]
        skips = (node_radius(c.ends[0], u), node_radius(c.ends[1], u))  # spaces start at the end discs' rims
        points = _strip(c, n, angles=angles, centre=(cx, cy), radii=(rx, ry), skips=skips)
        for position, point in enumerate(points, 1):
            places[space(c.index, position)] = point
        gap = min((math.dist(a, b) for a, b in itertools.pairwise(points)), default=99 * u)
        radii.append(max(3.0, min(MAX_RADIUS * u, SPACE_FILL * gap)))
    return Layout(
        size=size,
        u=u,
        places=places,
        connectors=connectors,
        radii=tuple(radii),
        home_radius=HOME_RADIUS * u,
        token=TOKEN * u,
        board=(0, 0, width, board_h),
        status=(16 * u, board_h + 2 * u, width - 16 * u, board_h + STATUS_HEIGHT * u),
        cards=_cards(players, width, board_h + (STATUS_HEIGHT + 6) * u, height - 14 * u, u),
    )


def _home_angles(players: int, radii: tuple[float, float]) -> tuple[float, ...]:
    """Seat 0 at the left for two players. From three, the Home Bases split the ellipse into arcs of equal
    length (equal angles would give the flat sides' Connectors cramped spaces), seat 0 at the top (half a step
    left of it for an even count, so no Spoke runs up the short axis, where its spaces would crowd) and the
    rest clockwise."""
    if players == 2:
        return (math.pi, 0.0)
    rx, ry = radii
    samples = 720
    top = -math.pi / 2
    angles = [top + 2 * math.pi * i / samples for i in range(samples + 1)]
    run = [0.0]
    for a, b in itertools.pairwise(angles):
        run.append(run[-1] + math.dist((rx * math.cos(a), ry * math.sin(a)), (rx * math.cos(b), ry * math.sin(b))))
    first = -0.5 / players if players % 2 == 0 else 0.0
    found = []
    for seat in range(players):
        goal = ((first + seat / players) % 1.0) * run[-1]
        i = next(k for k in range(samples) if run[k + 1] >= goal)
        t = (goal - run[i]) / (run[i + 1] - run[i])
        found.append(angles[i] + (angles[i + 1] - angles[i]) * t)
    return tuple(found)


def _strip(
    c: Connector,
    n: int,
    *,
    angles: tuple[float, ...],
    centre: Point,
    radii: tuple[float, float],
    skips: tuple[float, float],
) -> list[Point]:
    """The centres of a Connector's ``n`` spaces, from its first end to its second, spread evenly between the
    rims of the discs at its ends (``skips``: how far each end's disc reaches along the road)."""
    cx, cy = centre
    rx, ry = radii
    players = len(angles)
    if c.kind == "spoke":
        seat = int(c.ends[0][1:])
        return _spread([(cx + rx * math.cos(angles[seat]), cy + ry * math.sin(angles[seat])), centre], n, skips)
    if players == 2:  # the North Road over the top (angles π → 2π on screen), the South Road under
        start, end = (math.pi, 2 * math.pi) if c.index == 0 else (math.pi, 0.0)
    else:
        start = angles[int(c.ends[0][1:])]
        end = angles[int(c.ends[1][1:])]
        end += 2 * math.pi if end <= start else 0.0
    samples = 240
    arc = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in (start + (end - start) * i / samples for i in
           range(samples + 1))]  # fmt: skip
    return _spread(arc, n, skips)


def _spread(line: list[Point], n: int, skips: tuple[float, float]) -> list[Point]:
    """``n`` points spread evenly *by length* along a polyline, leaving ``skips`` at its ends (even angles on
    the ellipse would crowd the spaces where it is flattest)."""
    run = [0.0]
    for a, b in itertools.pairwise(line):
        run.append(run[-1] + math.dist(a, b))
    first, span = skips[0], run[-1] - skips[0] - skips[1]
    points, i = [], 0
    for p in range(1, n + 1):
        goal = first + span * p / (n + 1)
        while run[i + 1] < goal:
            i += 1
        t = (goal - run[i]) / (run[i + 1] - run[i])
        points.append((line[i][0] + (line[i + 1][0] - line[i][0]) * t, line[i][1] + (line[i + 1][1] - line[i][1]) * t))
    return points


def _cards(players: int, width: float, top: float, bottom: float, u: float) -> tuple[Box, ...]:
    """The players' cards in a grid under the board, in seat order."""
    columns = CARD_COLUMNS[players]
    rows = -(-players // columns)
    gap = 12 * u
    left = 16 * u
    w = (width - 2 * left - (columns - 1) * gap) / columns
    h = (bottom - top - (rows - 1) * gap) / rows
    boxes = []
    for seat in range(players):
        row, column = divmod(seat, columns)
        x, y = left + column * (w + gap), top + row * (h + gap)
        boxes.append((x, y, x + w, y + h))
    return tuple(boxes)


def spots(lay: Layout, place: str, count: int) -> list[Point]:
    """Where ``count`` tokens on ``place`` stand. On a space: the space itself for one, else a tight ring round
    it. On a Home Base: along its inner rim, facing the board's centre, so its colour and letter stay in view.
    On the Crossroads: round its rim."""
    x, y = lay.near(place)
    if place.startswith("h"):
        cx, cy = (lay.board[0] + lay.board[2]) / 2, (lay.board[1] + lay.board[3]) / 2
        facing = math.atan2(cy - y, cx - x)
        reach = lay.radius(place) + lay.token * 0.15
        step = 2 * math.asin(min(1.0, lay.token * 0.55 / reach))
        angles = [facing + (i - (count - 1) / 2) * step for i in range(count)]
        return [(x + reach * math.cos(a), y + reach * math.sin(a)) for a in angles]
    if count == 1:
        return [(x, y)]
    reach = lay.token * (0.42 if count == 2 else 0.55) if place != CROSSROADS else lay.radius(place)
    return [(x + reach * math.cos(a), y + reach * math.sin(a)) for a in (math.pi + 2 * math.pi * i / count
            for i in range(count))]  # fmt: skip
