"""The dungeon: 25 room cards laid 5 × 5, turned so that every door meets a door; adjacency through doors;
and the path an enemy walks by its door symbols.

Places are ``(row, col)`` with row 0 at the top; rooms are named like a chess board, column letter then row
number from the bottom (``a1`` bottom left, ``c3`` the centre). A card is laid with one of its faces up and
turned ``turn`` quarter-turns clockwise, so the door printed on its north side then faces east after one turn.

How cards are laid (ours, docs/rules/shadowscape.md): the starting rooms go in the corners with their two doors
facing inward; nine four-door rooms fill the 3 × 3 middle; the rest (three-door rooms, and the spare four-door
room) go on the edges, the three-door ones with their wall outward. Then every door on a shared edge meets a
door, and the dungeon is connected.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ...rng import MatchRng
from .cards import DoorSymbol, Room, RoomFace, Side
from .tables import TABLES, Tables

SIZE = 5
CENTRE = (2, 2)
CORNERS = ((0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1))
SIDES: tuple[Side, ...] = ("n", "e", "s", "w")
STEP: dict[Side, tuple[int, int]] = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE: dict[Side, Side] = {"n": "s", "e": "w", "s": "n", "w": "e"}
Place = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Laid:
    """A room card as laid: which card, which face up (0 front, 1 back), and quarter-turns clockwise."""

    room: str
    face: int
    turn: int

    def card(self, tables: Tables = TABLES) -> Room:
        return tables.rooms[self.room]

    def shown(self, tables: Tables = TABLES) -> RoomFace:
        card = tables.rooms[self.room]
        return card.back if self.face and card.back is not None else card.face

    def doors(self, tables: Tables = TABLES) -> dict[Side, DoorSymbol | None]:
        """The door on each side of the board as the card lies (turned)."""
        printed = self.shown(tables).doors
        return {SIDES[(SIDES.index(side) + self.turn) % 4]: door for side, door in printed.items()}


def name(place: Place) -> str:
    """``(4, 0)`` → ``a1``: column letter, then row counted from the bottom."""
    row, col = place
    return f"{'abcde'[col]}{SIZE - row}"


def parse(text: str) -> Place | None:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcde" or text[1] not in "12345":
        return None
    return (SIZE - int(text[1]), "abcde".index(text[0]))


def places() -> Iterator[Place]:
    for row in range(SIZE):
        for col in range(SIZE):
            yield (row, col)


def outward(place: Place) -> tuple[Side, ...]:
    """The sides of ``place`` on the board's edge."""
    row, col = place
    found: list[Side] = []
    if row == 0:
        found.append("n")
    if col == SIZE - 1:
        found.append("e")
    if row == SIZE - 1:
        found.append("s")
    if col == 0:
        found.append("w")
    return tuple(found)


def _turn_for(printed: dict[Side, DoorSymbol | None], walls_to: tuple[Side, ...]) -> int:
    """The quarter-turns that put this face's walls exactly on ``walls_to`` (the first such turn)."""
    walls = {side for side, door in printed.items() if door is None}
    for turn in range(4):
        if {SIDES[(SIDES.index(side) + turn) % 4] for side in walls} == set(walls_to):
            return turn
    raise ValueError("no turn puts the walls there")


def lay_out(rng: MatchRng, tables: Tables = TABLES) -> tuple[tuple[Laid, ...], MatchRng]:
    """The dungeon of a new match, row by row (25 cards), and the advanced generator."""
    starts = [room for room in tables.rooms.values() if room.start]
    crossings = [r for r in tables.rooms.values() if not r.start and None not in r.face.doors.values()]
    others = [r for r in tables.rooms.values() if not r.start and None in r.face.doors.values()]
    starts_order, rng = rng.shuffled([r.id for r in starts])
    crossing_order, rng = rng.shuffled([r.id for r in crossings])
    inner, spare = crossing_order[:9], crossing_order[9:]
    edge_order, rng = rng.shuffled([*spare, *(r.id for r in others)])
    laid: dict[Place, Laid] = {}
    for corner, room_id in zip(CORNERS, starts_order, strict=True):
        face, rng = rng.below(2)
        shown = Laid(room_id, face, 0).shown(tables)
        laid[corner] = Laid(room_id, face, _turn_for(shown.doors, outward(corner)))
    inner_places = [p for p in places() if not outward(p)]
    for place, room_id in zip(inner_places, inner, strict=True):
        turn, rng = rng.below(4)
        laid[place] = Laid(room_id, 0, turn)
    edge_places = [p for p in places() if outward(p) and p not in CORNERS]
    for place, room_id in zip(edge_places, edge_order, strict=True):
        card = tables.rooms[room_id]
        if None in card.face.doors.values():
            turn = _turn_for(card.face.doors, outward(place))
        else:
            turn, rng = rng.below(4)
        laid[place] = Laid(room_id, 0, turn)
    return tuple(laid[p] for p in places()), rng


def laid_at(dungeon: tuple[Laid, ...], place: Place) -> Laid:
    return dungeon[place[0] * SIZE + place[1]]


def through(dungeon: tuple[Laid, ...], place: Place, side: Side, tables: Tables = TABLES) -> Place | None:
    """The room beyond the door on ``side`` of ``place`` (``None``: a wall, the board's edge, or no door on
    the far side)."""
    if laid_at(dungeon, place).doors(tables)[side] is None:
        return None
    row, col = place[0] + STEP[side][0], place[1] + STEP[side][1]
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    if laid_at(dungeon, (row, col)).doors(tables)[OPPOSITE[side]] is None:
        return None
    return (row, col)


def neighbours(dungeon: tuple[Laid, ...], place: Place, tables: Tables = TABLES) -> list[Place]:
    """Rooms adjacent to ``place``: those through a door (the seed: only rooms joined by a doorway)."""
    if tables is TABLES:
        return list(adjacency(dungeon)[place])
    return [p for side in SIDES if (p := through(dungeon, place, side, tables)) is not None]


@functools.lru_cache(maxsize=64)
def adjacency(dungeon: tuple[Laid, ...]) -> dict[Place, tuple[Place, ...]]:
    """Every room's neighbours, computed once per dungeon: a match's dungeon never changes, and moves, enemy
    walks and ranges ask for neighbours all the time."""
    return {p: tuple(q for side in SIDES if (q := through(dungeon, p, side)) is not None) for p in places()}


def door_with(dungeon: tuple[Laid, ...], place: Place, symbol: DoorSymbol, tables: Tables = TABLES) -> Side | None:
    """The side of ``place`` whose door shows ``symbol`` (``None`` if none does)."""
    for side, door in laid_at(dungeon, place).doors(tables).items():
        if door == symbol:
            return side
    return None


def distances(dungeon: tuple[Laid, ...], start: Place) -> Mapping[Place, int]:
    """Rooms reachable from ``start`` through doors, with the number of rooms entered to get there (read-only,
    computed once per dungeon and room: the AI's evaluation asks for it at every position it judges)."""
    return _distances(dungeon, start)


@functools.lru_cache(maxsize=256)
def _distances(dungeon: tuple[Laid, ...], start: Place) -> Mapping[Place, int]:
    links = adjacency(dungeon)
    found = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for place in frontier:
            for other in links[place]:
                if other not in found:
                    found[other] = found[place] + 1
                    nxt.append(other)
        frontier = nxt
    return MappingProxyType(found)
