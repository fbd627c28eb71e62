"""Where everything goes on the Shadowscape board image, for any width: the 5 × 5 dungeon at the top left,
the markets card under it, and the right column (the status card, then one card per hero).

Inside a room (``RoomBoxes``): the coordinate at the top left, Lair and Shard at the top right, the whole name
(one or two lines) under the top door, tokens (the Lord, enemies, heroes) under the name, the Treasure spot at
the bottom left and the shrine at the bottom right; each door's symbol sits in the doorway of its side.
Tests, the renderer and anyone mapping a click to a room use these same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.games.shadowscape.dungeon import SIZE, Place

Box = tuple[int, int, int, int]
FBox = tuple[float, float, float, float]

ASPECT = 1.28  # 1024 × 800: the map and its markets on the left, the heroes on the right
MARGIN, GAP = 12, 12
MAP = 600  # the dungeon card, at 1024 pixels
RIM = 10
STATUS_H = 208  # six lines, the caption's two at a size that reads at 400 pixels wide
WALL = 0.06  # wall thickness between two rooms, as a fraction of a room
DOOR_GAP = 0.34  # a doorway's width
DOOR = 0.16  # a door symbol's disc
DOOR_AT = 0.085  # its centre, in from the room's edge (over the doorway's end)
CORNER = 0.2  # a feature icon in a room's corner
TOKEN_SIZES = (0.38, 0.34, 0.31, 0.28, 0.24, 0.2)  # token sizes tried, largest first, until the room's tokens fit
ROOMY = 0.28  # below this size, tokens may cover the room's name (the crowded zone) rather than shrink further
LORD_WIDE = 1.7  # the Lord's plate, in tokens
LORD_TOP = 0.33  # the Lord's height when it has a row of its own


@dataclass(frozen=True, slots=True)
class Layout:
    """The cards of one board size. ``heroes`` splits the column evenly; ``heroes.hero_boxes`` sizes each card
    by what it holds within the same extent."""

    width: int
    height: int
    u: float  # 1.0 at 1024 pixels wide
    map: Box  # the dungeon's card
    x0: int  # top left of room a5
    y0: int
    room: float  # a room's side
    markets: Box
    status: Box
    heroes: tuple[Box, ...]

    def px(self, at_1024: float) -> int:
        """A length given for a 1024-pixel board, at this board's size (at least 1)."""
        return max(1, round(at_1024 * self.u))


def canvas(width: int) -> tuple[int, int]:
    return width, round(width / ASPECT)


@lru_cache(maxsize=32)
def layout(width: int, heroes: int) -> Layout:
    w, h = canvas(width)
    u = width / 1024
    m, g = round(MARGIN * u), round(GAP * u)
    side = round(MAP * u)
    rim = round(RIM * u)
    room = (side - 2 * rim) / SIZE
    map_box = (m, m, m + side, m + side)
    markets = (m, m + side + g, m + side, h - m)
    right = m + side + g
    status = (right, m, w - m, m + round(STATUS_H * u))
    top = status[3] + g
    count = max(1, heroes)
    each = (h - m - top - g * (count - 1)) / count
    boxes = tuple((right, round(top + i * (each + g)), w - m, round(top + i * (each + g) + each)) for i in range(count))
    return Layout(w, h, u, map_box, m + rim, m + rim, room, markets, status, boxes)


def room_box(lay: Layout, place: Place) -> FBox:
    """The square of the room at ``(row, col)`` (row 0 at the top: a5 is the top left, a1 the bottom left)."""
    row, col = place
    x, y = lay.x0 + col * lay.room, lay.y0 + row * lay.room
    return (x, y, x + lay.room, y + lay.room)


def room_pixels(lay: Layout, place: Place) -> Box:
    x0, y0, x1, y1 = room_box(lay, place)
    return (round(x0), round(y0), round(x1), round(y1))


@dataclass(frozen=True, slots=True)
class RoomBoxes:
    """Sub-boxes of one room, relative to its top left corner (in pixels of the final image)."""

    r: float
    coord: tuple[float, float]  # left-middle anchor of the coordinate
    name: FBox  # the band the room's name is set in, one line or two (``rooms.room_label``)
    corner: float  # side of a corner icon
    top_right: tuple[float, float]  # top left of the rightmost top corner icon
    treasure: tuple[float, float]  # top left of the Treasure spot
    shrine: tuple[float, float]  # top left of the shrine icon
    tokens: FBox  # where tokens go
    crowded: FBox  # where they go when they would be too small there: over the name too

    def door(self, side: str) -> FBox:
        """The disc of the door symbol on ``side``: straddling the doorway, a little inside the room."""
        r, d = self.r, self.r * DOOR
        inset = r * DOOR_AT
        cx, cy = {"n": (r / 2, inset), "s": (r / 2, r - inset), "w": (inset, r / 2), "e": (r - inset, r / 2)}[side]
        return (cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2)


@lru_cache(maxsize=16)
def room_boxes(room: float) -> RoomBoxes:
    r = room
    c = r * CORNER
    pad = r * (WALL + 0.02)
    side = DOOR_AT + DOOR / 2 + 0.005  # tokens keep clear of the side doors' discs
    return RoomBoxes(
        r=r,
        coord=(pad + r * 0.02, pad + c / 2),
        name=(r * 0.04, r * 0.255, r * 0.96, r * 0.475),
        corner=c,
        top_right=(r - pad - c, pad),
        treasure=(pad, r - pad - c),
        shrine=(r - pad - c, r - pad - c),
        tokens=(r * side, r * 0.475, r - r * side, r * 0.86),
        crowded=(r * side, r * 0.26, r - r * side, r - pad - c * 0.2),
    )


Spot = tuple[float, float, float]  # a token's top left and size


def place_tokens(widths: list[float], boxes: RoomBoxes) -> list[Spot]:
    """Where a room's tokens go (each token's top left and size, relative to the room). The Lord (listed first,
    ``LORD_WIDE``) gets a row of its own over the others when they fit under it; otherwise tokens go in the
    zone under the name while they stay roomy, else over the name too, else overlapping."""
    if widths and widths[0] == LORD_WIDE:
        found = _lord_on_top(widths, boxes)
        if found is not None:
            return found
    roomy = pack(widths, boxes.tokens, boxes.r, smallest=ROOMY, valign=0.0)  # up against the name, clear of the corners
    for fitted in (roomy, pack(widths, boxes.crowded, boxes.r)):
        if fitted is not None:
            size, spots = fitted
            return [(x, y, size) for x, y in spots]
    size, spots = overlapping(widths, boxes.crowded, boxes.r)
    return [(x, y, size) for x, y in spots]


def _lord_on_top(widths: list[float], boxes: RoomBoxes) -> list[Spot] | None:
    r = boxes.r
    x0, y0, x1, y1 = boxes.crowded
    lord = min(r * LORD_TOP, (x1 - x0) / LORD_WIDE)
    top = y0 - r * 0.015
    below = (x0, top + lord + r * 0.03, x1, y1)
    spot = ((x0 + x1 - lord * LORD_WIDE) / 2, top, lord)
    if len(widths) == 1:
        return [spot]
    fitted = pack(widths[1:], below, r, smallest=0.24)
    if fitted is None:
        return None
    size, spots = fitted
    return [spot, *((x, y, size) for x, y in spots)]


def pack(
    widths: list[float], zone: FBox, room: float, *, smallest: float = 0.0, valign: float = 0.5
) -> tuple[float, list[tuple[float, float]]] | None:
    """Token positions in a zone: the largest of ``TOKEN_SIZES`` (times ``room``, none below ``smallest``) at
    which every token (each ``widths[i]`` tokens wide) fits in rows; each row centred, the rows ``valign`` of
    the way down the zone's spare height (0 at the top). Returns the size and each token's top left, or
    ``None`` if none fits."""
    x0, y0, x1, y1 = zone
    for share in (s for s in TOKEN_SIZES if s >= smallest):
        s = room * share
        gap = max(1.0, s * 0.08)
        rows: list[list[int]] = [[]]
        used = 0.0
        for i, w in enumerate(widths):
            need = w * s + (gap if rows[-1] else 0)
            if rows[-1] and used + need > x1 - x0:
                rows.append([])
                used, need = 0.0, w * s
            rows[-1].append(i)
            used += need
        if any(w * s > x1 - x0 for w in widths):
            continue
        height = len(rows) * s + (len(rows) - 1) * gap
        if height > y1 - y0:
            continue
        spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(widths)
        y = y0 + (y1 - y0 - height) * valign
        for row in rows:
            span = sum(widths[i] * s for i in row) + gap * (len(row) - 1)
            x = x0 + (x1 - x0 - span) / 2
            for i in row:
                spots[i] = (x, y)
                x += widths[i] * s + gap
            y += s + gap
        return s, spots
    return None


def overlapping(widths: list[float], zone: FBox, room: float) -> tuple[float, list[tuple[float, float]]]:
    """The fallback for a crowded room: the smallest size, two rows, tokens overlapping along each row."""
    x0, y0, x1, y1 = zone
    s = room * TOKEN_SIZES[-1]
    half = -(-len(widths) // 2)
    rows = [list(range(half)), list(range(half, len(widths)))]
    spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(widths)
    for r, row in enumerate(rows):
        if not row:
            continue
        span = sum(widths[i] for i in row) * s
        step = min(1.0, (x1 - x0 - widths[row[-1]] * s) / max(1e-6, span - widths[row[-1]] * s)) if len(row) > 1 else 1
        x, y = x0, y0 + r * (y1 - y0 - s)
        for i in row:
            spots[i] = (x, y)
            x += widths[i] * s * step
    return s, spots
