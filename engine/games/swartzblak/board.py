"""The town of Swartzblak: the grid, distances, line of sight, and the three Alleyways (their
Twists and Turns are in ``twists.py``).

Squares are indexed ``(rank - 1) * 10 + file``: a1 = 0 (the Heroes' corner), j10 = 99 (the Varmints' side).
"Adjacent" always means sharing an edge (never only a corner): for tiles, for figures and for the win checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...geometry.squares import SquareGrid
from ...rng import MatchRng

SIZE = 10
FILES = "abcdefghij"
SQUARES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
SQUARE_PATTERN = r"[a-j](?:10|[1-9])"

ALLEY_KEYS = ("A", "T", "I")
ALLEY_NAMES = ("Astrologic Alley", "Torrensh Alley", "Illogic Alley")
ALLEY_SYMBOLS = ("moon", "anchor", "sun")
TILES = 6
ALLEY_ROWS = range(2, 8)  # ranks 3–8: the Alleyways are laid between the two starting areas

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north (towards rank 10), east, south, west
DIRECTION_NAMES = ("north", "east", "south", "west")


GRID = SquareGrid(SIZE, SIZE)  # the town: shared square geometry (engine/geometry/squares.py)
xy = GRID.xy
at = GRID.at
reach = GRID.reach  # squares reachable in N edge steps around what blocks
between = GRID.between  # squares a line of sight crosses
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(GRID.neighbours(sq) for sq in range(GRID.size))
DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID.distance(a, b) for b in range(GRID.size)) for a in range(GRID.size)
)


def distance(a: int, b: int) -> int:
    """Spaces between two squares, counted in edge steps (what "within N spaces" measures)."""
    return DIST[a][b]


def footprint(anchor: int) -> tuple[int, ...] | None:
    """The four squares of a Large figure whose south-west square is ``anchor`` (``None`` off the board)."""
    x, y = xy(anchor)
    if x >= SIZE - 1 or y >= SIZE - 1:
        return None
    return (anchor, anchor + 1, anchor + SIZE, anchor + SIZE + 1)


# -- Alleyways -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Alley:
    """One Alleyway: its tiles' squares in path order, and the tile number printed on each of them.

    Consecutive squares are adjacent, so every tile touches another tile of its Alleyway. The numbers need
    not run 0–5 along the path; their order along the path is what Twists and Turns preserves.
    """

    key: str
    squares: tuple[int, ...]
    numbers: tuple[int, ...]
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Hash once: a layout outlives thousands of the positions it is part of."""
        object.__setattr__(self, "_hash", hash((self.key, self.squares, self.numbers)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Alley], tuple[str, tuple[int, ...], tuple[int, ...]]]:
        """Unpickle through ``__init__``: hashes of strings differ from process to process."""
        return (Alley, (self.key, self.squares, self.numbers))

    @property
    def name(self) -> str:
        return ALLEY_NAMES[ALLEY_KEYS.index(self.key)]

    def square_of(self, tile: int) -> int:
        return self.squares[self.numbers.index(tile)]


def with_alley(alleys: tuple[Alley, ...], index: int, alley: Alley) -> tuple[Alley, ...]:
    return (*alleys[:index], alley, *alleys[index + 1 :])


def connects(alleys: tuple[Alley, ...], index: int) -> bool:
    """Whether Alleyway ``index`` connects to another: one of its tiles is adjacent to another's tile."""
    mine = alleys[index].squares
    others = {sq for i, alley in enumerate(alleys) if i != index for sq in alley.squares}
    return any(n in others for sq in mine for n in NEIGHBOURS[sq])


ALL_SQUARES = frozenset(range(SIZE * SIZE))


def empty_tiles(tile_squares: Iterable[int], occupied: Iterable[int]) -> frozenset[int]:
    """Empty tiles: street squares (no Alleyway tile) with no figure on them."""
    return ALL_SQUARES.difference(tile_squares, occupied)


def place_alleys(rng: MatchRng) -> tuple[tuple[Alley, ...], MatchRng]:
    """Lay the three Alleyways at setup: each a path of six tiles in ranks 3–8, none touching another.

    Keeping them apart at the start makes every Tile 5 a live escape route; Twists and Turns can join them
    later. The numbers are shuffled along each path, so Tile 5 may sit anywhere in its Alleyway.
    """
    taken: set[int] = set()
    alleys: list[Alley] = []
    for key in ALLEY_KEYS:
        while True:
            path, rng = _random_path(rng, taken)
            if path is not None:
                break
        numbers, rng = rng.shuffled(range(TILES))
        alleys.append(Alley(key, path, numbers))
        taken.update(path)
    return tuple(alleys), rng


def _random_path(rng: MatchRng, taken: set[int]) -> tuple[tuple[int, ...] | None, MatchRng]:
    """One random walk of six tiles that avoids ``taken`` and every square next to it (or ``None``)."""
    banned = taken | {n for sq in taken for n in NEIGHBOURS[sq]}
    x, rng = rng.below(SIZE)
    y, rng = rng.below(len(ALLEY_ROWS))
    start = at(x, ALLEY_ROWS[y])
    assert start is not None
    if start in banned:
        return None, rng
    path = [start]
    while len(path) < TILES:
        options = [n for n in NEIGHBOURS[path[-1]] if n not in banned and n not in path and n // SIZE in ALLEY_ROWS]
        if not options:
            return None, rng
        step, rng = rng.choice(options)
        path.append(step)
    return tuple(path), rng
