"""The map: geomorphs laid out per scenario, hex names, terrain, sight, and where wizards start.

Hexes are axial (``engine.geometry.hexes``); the map is stored as rows of terrain letters in "odd-r" offset
coordinates (odd rows shifted half a hex right), which is how geomorphs of 6 × 6 hexes tile without gaps.
A hex is named like a wargame map's: its column as a letter, then its row from 1 (``a1`` is the top left).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

from ...errors import MalformedKey
from ...geometry.hexes import Hex, pack, sector, seen_cells, sees
from ...rng import MatchRng
from .tables import TABLES, Geomorph, Shape

BLOCK = 6
OFF_MAP = "."
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def to_hex(col: int, row: int) -> Hex:
    return Hex(col - (row - (row & 1)) // 2, row)


def to_offset(hex_: Hex) -> tuple[int, int]:
    return hex_.q + (hex_.r - (hex_.r & 1)) // 2, hex_.r


def terrain_at(grid: tuple[str, ...], hex_: Hex) -> str:
    """The terrain letter of ``hex_``, or ``OFF_MAP``."""
    col, row = to_offset(hex_)
    if 0 <= row < len(grid) and 0 <= col < len(grid[row]):
        return grid[row][col]
    return OFF_MAP


def on_map(grid: tuple[str, ...], hex_: Hex) -> bool:
    return terrain_at(grid, hex_) != OFF_MAP


@functools.lru_cache(maxsize=64)
def hexes_of(grid: tuple[str, ...]) -> tuple[Hex, ...]:
    """Every hex of the map, row by row (the order ties are broken in). A pure function of the map, memoised:
    a match asks for it on every decision and its map never changes."""
    cells = ((col, row) for row, letters in enumerate(grid) for col, letter in enumerate(letters) if letter != OFF_MAP)
    return tuple(to_hex(col, row) for col, row in cells)


def cells_of(grid: tuple[str, ...]) -> zip[tuple[Hex, str]]:
    """Every hex of the map with its terrain letter, in ``hexes_of`` order: a map's per-hex tables (costs,
    landing, sight) are read from it, one letter lookup a hex. Not memoised as pairs: a string of letters
    holds nothing the garbage collector has to walk."""
    return zip(hexes_of(grid), "".join(grid).replace(OFF_MAP, ""), strict=True)


@functools.lru_cache(maxsize=4096)
def hex_name(hex_: Hex) -> str:
    """``f7``: memoised, as every listed move names its hex."""
    col, row = to_offset(hex_)
    return f"{COLUMNS[col]}{row + 1}"


def parse_hex(text: str) -> Hex:
    """``f7`` → the hex; anything else raises ``MalformedKey``."""
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit() or int(text[1:]) < 1:
        raise MalformedKey(f"{text!r} is not a hex name like f7.")
    return to_hex(COLUMNS.index(text[0]), int(text[1:]) - 1)


def stands(grid: tuple[str, ...], body: Shape, hex_: Hex) -> bool:
    """Whether a ``body`` can be on ``hex_`` without flying: land it walks (rocks if it climbs), or water it
    swims."""
    return _stands_on(terrain_at(grid, hex_), body)


def _stands_on(letter: str, body: Shape) -> bool:
    if letter == OFF_MAP:
        return False
    terrain = TABLES.terrain[letter]
    walk = (terrain.climb_cost if body.has("climb") else terrain.land_cost) > 0
    return (walk and body.ls > 0) or (terrain.water and body.ws > 0)


@functools.lru_cache(maxsize=1024)
def landing_cells(grid: tuple[str, ...], shape: str | None) -> frozenset[int]:
    """The hexes (packed: ``hexes.pack``) a ``shape`` can be on without flying (``stands`` for each), or every
    map hex (``None``: a flier's), memoised per map and shape."""
    body = None if shape is None else TABLES.shapes[shape]
    ok = {letter: body is None or _stands_on(letter, body) for letter in TABLES.terrain}
    return frozenset(pack(h) for h, letter in cells_of(grid) if ok[letter])


@functools.lru_cache(maxsize=64)
def map_cells(grid: tuple[str, ...]) -> tuple[int, ...]:
    """Every hex of the map packed (``hexes.pack``), in ``hexes_of`` order."""
    return tuple(pack(h) for h in hexes_of(grid))


def in_sight(grid: tuple[str, ...], a: Hex, b: Hex, *, airborne: bool = False) -> bool:
    """Whether ``a`` sees ``b``: no blocking terrain strictly between them. ``airborne``: one of the two flies,
    and a flier sees, and is seen, over everything."""
    return airborne or _clear_line(grid, a, b)


@functools.lru_cache(maxsize=8192)
def _clear_line(grid: tuple[str, ...], a: Hex, b: Hex) -> bool:
    """``in_sight`` on the ground, memoised: every turn asks it of each pair of wizards, and terrain never
    changes within a match."""
    return sees(a, b, _packed_blockers(grid))


def visible_cells(grid: tuple[str, ...], origin: Hex, among: Iterable[int]) -> list[int]:
    """Those of the packed hexes ``among`` that ``origin`` sees, in their order, for Teleport: ``in_sight`` for
    each, done at once. Not memoised here: its caller keeps the list it makes of it."""
    return seen_cells(pack(origin), among, _packed_blockers(grid))


@functools.lru_cache(maxsize=64)
def _packed_blockers(grid: tuple[str, ...]) -> frozenset[int]:
    """The map's hexes that block sight, packed (``hexes.pack``); read-only, shared by every sight test."""
    blocking = {letter for letter, terrain in TABLES.terrain.items() if terrain.blocks_sight}
    return frozenset(pack(h) for h, letter in cells_of(grid) if letter in blocking)


# -- laying out the map ----------------------------------------------------------------------------------


def block_positions(count: int, scenario: str) -> list[tuple[int, int]]:
    """Where ``count`` geomorphs go, as (block column, block row): the two-wizard duel's line of four; otherwise
    rows of ``ceil(sqrt(count))`` with a short last row centred (as nearly as whole blocks allow). No map is
    wider than 4 blocks, 24 columns: ``a`` to ``x``."""
    if scenario == "duel" and count == 4:
        return [(i, 0) for i in range(count)]
    width = math.ceil(math.sqrt(count))
    positions = []
    for index in range(count):
        row, col = divmod(index, width)
        in_row = min(width, count - row * width)
        positions.append((col + (width - in_row) // 2, row))
    return positions


def centre_block(positions: list[tuple[int, int]]) -> int:
    """The index of the block nearest the middle of the layout (where the Key's geomorph goes)."""
    xs = [c for c, _ in positions]
    ys = [r for _, r in positions]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(range(len(positions)), key=lambda i: ((positions[i][0] - mx) ** 2 + (positions[i][1] - my) ** 2, i))


def lay_out(
    scenario: str, players: int, rng: MatchRng, *, central_key: bool = False
) -> tuple[tuple[str, ...], tuple[str, ...], Hex | None, MatchRng]:
    """The map for a match: its grid, its layout names, the Key's hex (key scenario only), and the generator.
    ``central_key`` (rules version 2) puts the Key on its block's farm hex nearest the map's centre rather than
    a random one, so it never lies a step from the edge."""
    count = {"duel": 2 + players, "war": 2 * players, "key": 2 * players + 1}[scenario]
    positions = block_positions(count, scenario)
    key_block = centre_block(positions) if scenario == "key" else None
    farms = [g for g in TABLES.geomorphs if g.farm]
    width = (max(c for c, _ in positions) + 1) * BLOCK
    height = (max(r for _, r in positions) + 1) * BLOCK
    rows = [[OFF_MAP] * width for _ in range(height)]
    names = []
    key_hex = None
    for index, (bc, br) in enumerate(positions):
        pool = farms if index == key_block else TABLES.geomorphs
        pick, rng = rng.below(len(pool))
        flip, rng = rng.below(2)
        geo: Geomorph = pool[pick]
        turned = flip == 1
        letters = _block(geo, turned)
        for r in range(BLOCK):
            for c in range(BLOCK):
                rows[br * BLOCK + r][bc * BLOCK + c] = letters[r][c]
        names.append(f"{geo.id}@{bc},{br}{'^' if turned else ''}")
        if index == key_block:
            farm_cells = [(r, c) for r in range(BLOCK) for c in range(BLOCK) if letters[r][c] == "A"]
            if not central_key:
                spot, rng = rng.below(len(farm_cells))
                r, c = farm_cells[spot]
                key_hex = to_hex(bc * BLOCK + c, br * BLOCK + r)
    grid = tuple("".join(row) for row in rows)
    if central_key and key_block is not None:
        centre = map_centre(grid)
        bc, br = positions[key_block]
        block = [to_hex(bc * BLOCK + c, br * BLOCK + r) for r in range(BLOCK) for c in range(BLOCK)]
        key_hex = min((h for h in block if terrain_at(grid, h) == "A"), key=lambda h: (h.distance(centre), h.r, h.q))
    return grid, tuple(names), key_hex, rng


def _block(geo: Geomorph, turned: bool) -> list[str]:
    """A geomorph's letters, turned 180° if asked (rows and columns reversed: on an odd-r grid of even
    height this keeps every hex's neighbours, so the block still tiles)."""
    if not turned:
        return list(geo.rows)
    return [row[::-1] for row in reversed(geo.rows)]


# -- starting places --------------------------------------------------------------------------------------


def standable(grid: tuple[str, ...], hex_: Hex) -> bool:
    """A hex a Human may start on: land that walking can enter (plains, farm, forest, hills, swamp)."""
    letter = terrain_at(grid, hex_)
    return letter != OFF_MAP and TABLES.terrain[letter].land_cost > 0


def map_centre(grid: tuple[str, ...]) -> Hex:
    """The map hex nearest the middle of the map (in pixels), ties by hex order."""
    hexes = list(hexes_of(grid))
    xs = [h.pixel()[0] for h in hexes]
    ys = [h.pixel()[1] for h in hexes]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(hexes, key=lambda h: (h.pixel()[0] - mx) ** 2 + (h.pixel()[1] - my) ** 2)


def facing_towards(origin: Hex, goal: Hex) -> int:
    return 0 if origin == goal else sector(origin, goal)


def starting_hexes(grid: tuple[str, ...], count: int, avoid: tuple[Hex, ...]) -> list[Hex]:
    """The seed's "furthest legal hex", in placing order: the first wizard takes the legal hex nearest the
    middle of the west edge; each next one the legal hex whose nearest placed wizard (or avoided hex, such
    as the Key) is furthest away. Ties go to the first hex in map order."""
    legal = [h for h in hexes_of(grid) if standable(grid, h) and h not in avoid]
    west = to_hex(0, len(grid) // 2)
    chosen: list[Hex] = []
    for _ in range(count):
        if not chosen and not avoid:
            best = min(legal, key=lambda h: (h.distance(west), h.r, h.q))
        else:
            marks = chosen + list(avoid)
            best = max(legal, key=lambda h: (min(h.distance(m) for m in marks), -h.r, -h.q))
        chosen.append(best)
        legal.remove(best)
    return chosen
