"""Metamorph's tables, read from ``data/``: shapes and their chart cells, specials, spells, terrain, geomorphs and
the scenarios' artifacts.

Curufea's figures (credit "Curufea (curufea.com)", CC BY-NC-SA 2.5) and ours live side by side; each row of
the shape table says which it is. The tables are read once, at import, into frozen models; ``TABLES`` is
a constant of the rules like a chess board's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from ...content import ContentFile, ContentRow, by_key, load_table

DATA = Path(__file__).resolve().parent / "data"

SIZES = ("Small", "Medium", "Large", "Very Large", "Huge")
SizeName = Literal["Small", "Medium", "Large", "Very Large", "Huge"]
ShapeClass = Literal["Mammal", "Magical", "Reptilian", "Aquatic", "Blob"]
SCHOOLS: tuple[ShapeClass, ...] = ("Mammal", "Reptilian", "Magical", "Aquatic")
SCHOOL_NAMES = {"Mammal": "Mammalian", "Reptilian": "Reptilian", "Magical": "Fantastical", "Aquatic": "Aquatic"}
# A class as players read it on the board, the chart and the menus: the seed's Specialization calls the shape
# list's Magical class Fantastical, and so does everything a player sees.
CLASS_NAMES = {
    "Mammal": "Mammal",
    "Magical": "Fantastical",
    "Reptilian": "Reptilian",
    "Aquatic": "Aquatic",
    "Blob": "Blob",
}
FACING_ALLOWANCE = {"Small": 5, "Medium": 4, "Large": 3, "Very Large": 2, "Huge": 1}  # the seed's list
BLOB, HUMAN = "Amorphous Blob", "Human"
CHART_SIZE = 9


class Shape(ContentRow):
    """One row of the shape table; ``cell`` is its place on the chart (the Blob has none)."""

    name: str
    size: SizeName
    shape_class: ShapeClass
    int_: int = Field(alias="int", ge=0)
    ls: int = Field(ge=0)
    ws: int = Field(ge=0)
    as_: int = Field(alias="as", ge=0)
    arm: int = Field(ge=0)
    agi: int = Field(ge=0)
    att: int = Field(ge=0)
    hlt: int = Field(ge=1)
    cst: int = Field(ge=0)
    specials: tuple[str, ...] = ()
    source: Literal["curufea", "ours"]
    cell: tuple[int, int] | None = None

    @property
    def size_rank(self) -> int:
        """0 for Small up to 4 for Huge: smaller shapes act first among equals."""
        return SIZES.index(self.size)

    @property
    def flies(self) -> bool:
        return self.as_ > 0

    def has(self, special: str) -> bool:
        return special in self.specials


ConditionKind = Literal["slow", "restrict", "poison", "held", "constrict", "web", "ink"]


class Special(ContentRow):
    """A special ability: ``kind`` says how it is used, ``cost`` its mana, and the effect fields what it does
    (data/specials.json's notes say what each means; the code of ``specials.py`` reads them)."""

    id: str
    name: str
    kind: Literal["strike", "attack", "self", "object", "passive"]
    cost: int = Field(ge=0)
    range: int = Field(ge=0)
    text: str
    to_hit: int = 0
    damage: int = Field(default=0, ge=0)
    att: int = 0
    pierces: bool = False
    run: int = Field(default=0, ge=0)
    unseen: bool = False
    harmless: bool = False
    inflicts: ConditionKind | None = None
    lasts: Literal["next turn", "die", "own turn"] | None = None
    front: bool = False
    fliers: bool = False
    heal: int = Field(default=0, ge=0)
    mana: int = Field(default=0, ge=0)


class Spell(ContentRow):
    """A spell: its level is the intelligence needed and the mana it costs; range -1 is the caster's INT."""

    id: str
    name: str
    level: int = Field(ge=1)
    range: int = Field(ge=-1)
    text: str


class Terrain(ContentRow):
    """A terrain type: what walking pays to enter it (0: cannot), and a shape with Climb; whether swimmers may;
    sight; and which shape classes favour it (+1 to hit from it, a facing change more there)."""

    id: str
    letter: str = Field(min_length=1, max_length=1)
    name: str
    land_cost: int = Field(ge=0)
    climb_cost: int = Field(ge=0)
    water: bool
    blocks_sight: bool
    favoured: tuple[ShapeClass, ...]


class ArtifactKind(ContentRow):
    """An artifact of the scenarios: what breaks it, and what it gives, while carried or lying on dry ground."""

    id: Literal["key", "font"]
    name: str
    toughness: int = Field(ge=1)
    works: Literal["carried", "ground"]
    mana: int = Field(ge=0)
    int_bonus: int = Field(default=0, ge=0)
    text: str


class Geomorph(ContentRow):
    """A 6 × 6 block of map, as rows of terrain letters; ``farm`` marks the ones that may hold the Key."""

    id: str
    rows: tuple[str, ...]
    farm: bool


@dataclass(frozen=True)
class Tables:
    """Every table, indexed for the rules."""

    shapes: dict[str, Shape]
    specials: dict[str, Special]
    spells: dict[str, Spell]
    terrain: dict[str, Terrain]  # by letter
    geomorphs: tuple[Geomorph, ...]
    artifacts: dict[str, ArtifactKind]
    files: dict[str, ContentFile]

    def by_cell(self) -> dict[tuple[int, int], Shape]:
        return {shape.cell: shape for shape in self.shapes.values() if shape.cell is not None}


def load_tables(folder: Path = DATA) -> Tables:
    """Read and check every table: unique names, chart cells inside the grid and unique, known specials."""
    files = {
        "shapes": load_table(folder / "shapes.json", Shape),
        "specials": load_table(folder / "specials.json", Special),
        "spells": load_table(folder / "spells.json", Spell),
        "terrain": load_table(folder / "terrain.json", Terrain),
        "geomorphs": load_table(folder / "geomorphs.json", Geomorph),
        "artifacts": load_table(folder / "artifacts.json", ArtifactKind),
    }
    shapes = by_key(files["shapes"].rows, "name")
    cells = [s.cell for s in shapes.values() if s.cell is not None]
    if len(set(cells)) != len(cells) or any(not (0 <= r < CHART_SIZE and 0 <= c < CHART_SIZE) for r, c in cells):
        raise ValueError("chart cells must be unique and inside the 9 × 9 grid")
    tables = Tables(
        shapes=shapes,
        specials=by_key(files["specials"].rows, "id"),
        spells=by_key(files["spells"].rows, "id"),
        terrain=by_key(files["terrain"].rows, "letter"),
        geomorphs=files["geomorphs"].rows,
        artifacts=by_key(files["artifacts"].rows, "id"),
        files=files,
    )
    for geo in tables.geomorphs:
        if len(geo.rows) != 6 or any(len(row) != 6 or set(row) - set(tables.terrain) for row in geo.rows):
            raise ValueError(f"geomorph {geo.id} must be 6 rows of 6 known terrain letters")
    return tables


TABLES = load_tables()


def chart_distance(a: str, b: str) -> int:
    """Cells between two shapes on the chart, counted edge to edge (Manhattan): 1 for neighbours."""
    ca, cb = TABLES.shapes[a].cell, TABLES.shapes[b].cell
    assert ca is not None and cb is not None
    return cells_apart(ca, cb)


def cells_apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells of the chart (Manhattan): the turns a Blob's counter takes from one to the other."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def step_towards(cell: tuple[int, int], goal: tuple[int, int]) -> tuple[int, int]:
    """One cell closer to ``goal``: rows first, then columns (a fixed rule, so the chart shows the path)."""
    (r, c), (gr, gc) = cell, goal
    if r != gr:
        return (r + (1 if gr > r else -1), c)
    if c != gc:
        return (r, c + (1 if gc > c else -1))
    return cell
