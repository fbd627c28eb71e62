"""Metamorph's rulebook against its data and its code (issue 42: help text must not drift from the data).

``docs/rules/metamorph.md`` is what ``/game rules`` shows: every table and list in it that prints the data (the
shapes, the chart, the turns a change takes, the specials, the spells, the terrain, the facing changes, the
geomorphs, the layouts, the odds) is read here and compared with ``data/*.json`` and what the game does, so that
a change to either fails here until the other follows.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from engine import get_game
from engine.games.metamorph.board import block_positions, parse_hex
from engine.games.metamorph.keys import MetaAction
from engine.games.metamorph.labels import plain_label
from engine.games.metamorph.model import intelligence
from engine.games.metamorph.tables import CLASS_NAMES, FACING_ALLOWANCE, HUMAN, SIZES, TABLES, chart_distance
from engine.geometry.hexes import arc
from tests.helpers.metamorph import act, near, position, with_dice, wizard

GAME = get_game("metamorph")
RULEBOOK = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "metamorph.md").read_text(encoding="utf-8")
NONE = "—"


def section(heading: str) -> str:
    """The text under the heading ``heading`` (its own level, to the next heading of that level or higher)."""
    match = re.search(rf"^(#+) {re.escape(heading)}\s*$", RULEBOOK, re.MULTILINE)
    assert match, heading
    level = len(match[1])
    rest = RULEBOOK[match.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def table(text: str, nth: int = 0) -> list[list[str]]:
    """The ``nth`` Markdown table of ``text``: its rows of cells (the header and the rule under it left out)."""
    tables, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif current:
            tables.append(current[2:])
            current = []
    return tables[nth]


def names(cell: str) -> list[str]:
    return [] if cell in (NONE, "") else [n.strip() for n in cell.split(",")]


def plain(cell: str) -> str:
    return cell.replace("**", "").strip()


def shapes_with(special_id: str) -> list[str]:
    return sorted(s.name for s in TABLES.shapes.values() if special_id in s.specials)


def test_the_shape_table_is_the_data() -> None:
    """*Shapes*: one row per shape of shapes.json, every figure, special and source as the data has them."""
    rows = table(section("Shapes"))
    assert [r[0] for r in rows] == sorted(TABLES.shapes)
    for name, size, kind, *figures, specials, source in rows:
        shape = TABLES.shapes[name]
        assert (size, kind) == (shape.size, shape.shape_class), name
        numbers = (shape.int_, shape.ls, shape.ws, shape.as_, shape.arm, shape.agi, shape.att, shape.hlt, shape.cst)
        assert [int(f) for f in figures] == list(numbers), name
        assert names(specials) == [TABLES.specials[s].name for s in shape.specials], name
        assert ("Curufea" if shape.source == "curufea" else "**[ours]**") == source.split(" (")[0], name


def test_the_chart_is_the_data() -> None:
    """*The chart*: each cell holds the shape whose chart cell it is, with its class letter."""
    letters = {"Mammal": "M", "Magical": "F", "Reptilian": "R", "Aquatic": "A"}
    cells = TABLES.by_cell()
    for row, line in enumerate(table(section("The chart [ours]"))):
        assert line[0] == f"**{row + 1}**"
        for col, cell in enumerate(line[1:]):
            shape = cells.get((row, col))
            assert plain(cell) == (f"{shape.name} ({letters[shape.shape_class]})" if shape else "·"), (row, col)


def test_the_turns_from_the_human_are_the_charts() -> None:
    """*How long a change takes*: the shapes a change from the Human reaches in each number of turns."""
    rows = table(section("How long a change takes"))
    printed = {name: int(turns) for turns, shapes in rows for name in names(shapes)}
    assert printed == {s: chart_distance(HUMAN, s) for s, row in TABLES.shapes.items() if row.cell and s != HUMAN}


@pytest.mark.parametrize(
    ("heading", "kinds"),
    [
        ("Strikes: added to your hand-to-hand attack", ("strike",)),
        ("Attacks of their own: beside the hand-to-hand attack", ("attack",)),
        ("On yourself, objects, always on", ("self", "object", "passive")),
    ],
)
def test_the_special_tables_are_the_data(heading: str, kinds: tuple[str, ...]) -> None:
    """*Special abilities*: each table lists the specials of its kinds, with their mana, range and shapes."""
    rows = table(section(heading))
    assert sorted(r[0] for r in rows) == sorted(s.name for s in TABLES.specials.values() if s.kind in kinds)
    for row in rows:
        special = next(s for s in TABLES.specials.values() if s.name == row[0])
        assert row[1] == (NONE if special.kind == "passive" else str(special.cost)), special.name
        assert sorted(names(row[-1])) == shapes_with(special.id), special.name
        if special.kind == "attack":
            assert row[2] == ("neighbouring hex" if special.range == 1 else f"{special.range} hexes")
            assert row[3].startswith("front arc") == special.front
            assert ("can hit fliers" in row[4]) == special.fliers
        if special.damage:
            assert f"+{special.damage} damage" in row[2]
        if special.run:
            assert f"{special.run} or more hexes" in row[2]


def test_the_spell_table_is_the_data() -> None:
    """*Spells*: each spell's level (the INT it needs and its mana), and who can cast what."""
    rows = table(section("Spells"))
    assert [r[0] for r in rows] == [s.name for s in TABLES.spells.values()]
    for row, spell in zip(rows, TABLES.spells.values(), strict=True):
        assert row[1].split(",")[0] == str(spell.level)
    casters = re.search(r"Restrict 4 \(([^;]+);", section("Spells"))
    assert casters and sorted(names(casters[1])) == sorted(s for s, r in TABLES.shapes.items() if r.int_ >= 4)
    teleport = re.search(r"Teleport 5 \(([^)]+)\)", section("Spells"))
    assert teleport and sorted(teleport[1].split(" and ")) == sorted(s for s, r in TABLES.shapes.items() if r.int_ >= 5)
    keyed = re.search(r"a (\w+) or (\w+) carrying the Key", section("Spells"))
    state = position(wizard(0, "e4"), wizard(1, "k8"))
    with_key = {s for s, r in TABLES.shapes.items() if r.int_ == 3 and r.has("hands")}
    assert keyed and set(keyed.groups()) == with_key
    assert all(intelligence(state, wizard(0, "e4", s)) == 3 for s in with_key)


def test_the_terrain_table_is_the_data() -> None:
    """*Terrain*: each terrain's letter, what walking (and climbing), swimming and flying in cost, sight, and the
    classes that favour it."""
    rows = table(section("Terrain"))
    assert [r[0] for r in rows] == [t.name for t in TABLES.terrain.values()]
    for name, letter, land, water, air, sight, favoured in rows:
        terrain = next(t for t in TABLES.terrain.values() if t.name == name)
        walk = str(terrain.land_cost) if terrain.land_cost else NONE
        if terrain.climb_cost != terrain.land_cost:
            walk += f" (Climb: {terrain.climb_cost})"
        assert (letter, land, water, air) == (terrain.letter, walk, "1" if terrain.water else NONE, "1"), name
        assert plain(sight) == ("blocks" if terrain.blocks_sight else "clear"), name
        assert names(favoured) == list(terrain.favoured), name


def test_the_facing_table_is_the_seeds_list() -> None:
    """*Facing changes by size and terrain*: the seed's list on favoured ground, one fewer elsewhere."""
    rows = table(section("Facing changes by size and terrain"))
    assert [r[0] for r in rows] == list(SIZES)
    assert all((int(r[1]), int(r[2])) == (FACING_ALLOWANCE[r[0]], FACING_ALLOWANCE[r[0]] - 1) for r in rows)


def test_the_geomorphs_drawn_are_the_data() -> None:
    """*The eight geomorphs*: the drawing's letters, block by block, are the data's rows."""
    drawing = section("The eight geomorphs").split("```")[1].strip("\n")
    drawn: dict[str, tuple[str, ...]] = {}
    for block in (part.splitlines() for part in drawing.split("\n\n")):
        titles = block[0].split()
        for index, title in enumerate(titles):
            rows = tuple(line.replace(" ", "")[index * 6 : index * 6 + 6] for line in block[1:7])
            drawn[title.lower()] = rows
    assert drawn == {g.id: g.rows for g in TABLES.geomorphs}


def test_the_layouts_are_the_games() -> None:
    """*Layouts per scenario*: how many geomorphs each match lays and the size of its map."""
    scenarios = ("duel", "war", "key")
    for row in table(section("Layouts per scenario [ours]")):
        players = int(row[0])
        for scenario, cell in zip(scenarios, row[1:], strict=True):
            count, size = re.match(r"(\d+) .*?, (\d+) × (\d+)$", cell).group(1), re.findall(r"\d+", cell)[-2:]  # type: ignore[union-attr]
            state = GAME.setup({"scenario": scenario}, players, 1)
            assert len(state.geomorphs) == int(count) == len(block_positions(int(count), scenario)), cell
            assert (len(state.grid[0]), len(state.grid)) == (int(size[0]), int(size[1])), cell


def test_the_odds_are_two_dice() -> None:
    """*The odds*: the chance of 2d6 reaching each number, rounded to a whole per cent; and the formula above it
    counts home ground, as the game does."""
    text = section("The odds (our attack table)")
    header = re.search(r"^\| you need \|(.+)$", text, re.MULTILINE)
    assert header
    needs = [c.strip() for c in header[1].strip().strip("|").split("|")]
    chances = table(text)[0][1:]
    for need, chance in zip(needs, chances, strict=True):
        n = int(re.match(r"\d+", need)[0])  # type: ignore[index]
        odds = Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= n), 36)
        printed = 0 if chance == "0" else int(chance.rstrip(" %"))
        assert printed == round(odds * 100), need
    assert "home ground" in text.split("|")[0]


def test_the_worked_example_is_what_the_game_does() -> None:
    """*The odds*' example: a Wolf on plains bites a Human from the flank and rolls 9; the game deals the damage
    the example works out."""
    text = section("The odds (our attack table)")
    example = re.search(r"rolls (\d+):.*?: (\d+) of the Human's 12 health", text, re.S)
    assert example
    roll, damage = int(example[1]), int(example[2])
    flank = next(f for f in range(6) if arc(f, parse_hex(near("e4", 0)), parse_hex("e4")) == "flank")
    state = position(wizard(0, "e4", "Wolf", facing=0), wizard(1, near("e4", 0), facing=flank))
    bitten, _ = act(with_dice(state, roll), "attack:blue:bite")
    assert bitten.wizard(1).damage == damage



def test_the_lists_of_fliers_and_of_shapes_that_cannot_walk_or_swim_are_the_data() -> None:
    """*Flying* names every flier; *Modes of transport* every shape with LS 0 and every one with WS 0."""
    fliers = re.search(r"Fliers:\s+\*\*([^*]+)\*\*", section("Flying"))
    assert fliers and sorted(names(fliers[1])) == sorted(s for s, r in TABLES.shapes.items() if r.as_)
    moving = section("Modes of transport").replace("\n  ", " ")
    for figure, words in (("ls", "LS 0"), ("ws", "WS 0")):
        listed = re.search(rf"Shapes with {words} \(([^)]+)\)", moving)
        assert listed, words
        assert sorted(names(listed[1])) == sorted(s for s, r in TABLES.shapes.items() if not getattr(r, figure))


def test_the_pickers_words_in_the_rulebook_are_the_games() -> None:
    """*Building a turn in the picker*: the labels it quotes for the spells are the game's own, and its Morph step
    names the classes as the board does."""
    text = section("Building a turn in the picker")
    morph, heal = TABLES.spells["morph"], TABLES.spells["heal"]
    assert f"*Morph… ({morph.level} mana)*" in text and f"*Heal ({heal.level} mana)*" in text
    assert f"*{plain_label(MetaAction('cast', 'teleport'))[0]}*" in text
    assert "(" + ", ".join(CLASS_NAMES[c] for c in ("Mammal", "Magical", "Reptilian", "Aquatic")) + ")" in text


def test_the_conditions_come_from_what_the_data_says_inflicts_them() -> None:
    """*Conditions*: each condition's sources are the specials whose data inflicts it (and the two spells of their
    own), and how long it lasts is their data's."""
    kinds = {"Slowed": "slow", "Restricted": "restrict", "Poisoned": "poison", "Held": "held"}
    kinds |= {"Constricted": "constrict", "Webbed": "web", "Ink": "ink"}
    lasting = {"next turn": "its next turn", "die": "a die's worth of its turns", "own turn": "until its own next"}
    for condition, sources, _, lasts in table(section("Conditions")):
        kind = kinds[condition]
        specials = [s for s in TABLES.specials.values() if s.inflicts == kind]
        spells = [s.name for s in TABLES.spells.values() if s.id == kind]
        assert sorted(names(sources)) == sorted([s.name for s in specials] + spells), condition
        assert all(lasts.startswith(lasting[s.lasts]) for s in specials if s.lasts), condition
