"""Metamorph's printed faces, checked against what the game does (the face audit, issue 42): every shape's row of
figures, every terrain and both artifacts, each set up in a position where its words matter, played through the
game's own listing and ``act``, and held to what it says. Specials and spells: ``test_metamorph_faces_specials.py``.

The whole listing (``keys``: every whole action, which the picker's stages reach exactly, as
``test_metamorph_play.py`` checks) is what is on offer; dice are fixed by choosing a generator that rolls them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import get_game
from engine.content import Face
from engine.games.metamorph.board import parse_hex
from engine.games.metamorph.faces import FIGURE_NAMES, FIGURES
from engine.games.metamorph.model import Artifact, Condition, MetaState
from engine.games.metamorph.movement import facing_allowance
from engine.games.metamorph.tables import BLOB, FACING_ALLOWANCE, TABLES, Shape, Terrain
from tests.helpers.metamorph import (
    ELEPHANT,
    FAR,
    act,
    blow,
    body,
    data_params,
    facings_at,
    farthest,
    home,
    keys,
    near,
    not_home,
    position,
    uniform,
    wizard,
)

GAME = get_game("metamorph")


# -- shapes: every figure of the row --------------------------------------------------------------------------------


@pytest.mark.parametrize("face", data_params("shape"))
def test_every_shape_plays_its_printed_figures(face: Face) -> None:
    """A shape's row is rules a player reads: each speed is how far it goes, INT the spells it casts, AGI and ARM
    what it takes to hit and hurt it, ATT how it strikes, HLT when it dies, CST its upkeep, size its facing
    changes (and a Huge shape reaches fliers), and only its printed specials are on offer."""
    shape = TABLES.shapes[face.name]
    printed = zip(FIGURES, FIGURE_NAMES, strict=True)
    assert all(f"{name} {getattr(shape, field)}" in face.text for field, name in printed)
    _speeds_and_facing_changes(shape)
    _intelligence_and_specials(shape)
    _agility_armour_and_health(shape)
    _attacks(shape)
    _upkeep(shape)


def _speeds_and_facing_changes(shape: Shape) -> None:
    """LS on plains, WS in water, AS in the air: the farthest move is the figure (none for 0); at the end of a
    straight run of full speed the facings left are those the size's free turns reach (its list, one fewer off
    favoured ground)."""
    for mode, figure, letter in (("L", shape.ls, "P"), ("W", shape.ws, "W"), ("A", shape.as_, "P")):
        me = body(shape, 0, "b4", facing=0, flying=mode == "A" and shape.flies)
        state = position(me, wizard(1, FAR), grid=uniform(letter))
        assert farthest(state, mode) == (figure or None), (mode, figure)
        if figure:
            free = FACING_ALLOWANCE[shape.size] - (1 - home(shape, letter))
            assert facing_allowance(state, state.wizard(0)) == free
            assert len(facings_at(state, mode, near("b4", 0, figure))) == min(6, 2 * free + 1), mode


def _intelligence_and_specials(shape: Shape) -> None:
    """Hurt, with mana and a rival beside it: the spells on offer are exactly those of level up to INT; the
    specials on offer are its own."""
    state = position(body(shape, 0, "e4", damage=1), wizard(1, near("e4", 0)))
    offered = keys(state)
    spells = {k.split(":")[1] for k in offered if k.startswith("cast:")}
    assert spells == {s.id for s in TABLES.spells.values() if s.level <= shape.int_}
    used = {k.split(":")[1] for k in offered if k.startswith("special:")}
    used |= {k.split(":")[2] for k in offered if k.startswith("attack:") and k.count(":") == 2}
    assert used <= {"pickup" if s == "hands" else s for s in shape.specials}


def _agility_armour_and_health(shape: Shape) -> None:
    """A Human (ATT 3, from a swamp: no home ground) strikes it from the front: it needs 7 on 2d6 + 3 − AGI, so a
    roll of 4 + AGI hits and one less misses; a roll of 12 deals 3 − ARM + the points over (never below 0); and
    damage that reaches HLT kills (poison's 1 as its turn begins: at HLT − 1 it dies, at HLT − 2 it lives)."""
    state = position(wizard(0, "e4", facing=0), body(shape, 1, "f4", facing=3), grid=uniform("S"))
    mark = 4 + shape.agi
    missed, log = blow(state, "attack:blue", mark - 1)
    assert "misses" in log and missed.wizard(1).damage == 0
    expected = max(0, 3 - shape.arm + 12 - mark)
    hit, log = blow(state, "attack:blue", 12)
    assert f"hits for {expected}" in log
    assert hit.wizard(1).alive == (expected < shape.hlt)
    poisoned = (Condition("poison", 2),)
    for damage, lives in ((shape.hlt - 1, False), (shape.hlt - 2, True)):
        me = body(shape, 0, "e4", damage=damage, conditions=poisoned)
        after, _ = act(position(me, wizard(1, FAR), active=1), "end")
        assert after.wizard(0).alive == lives and (not lives or after.wizard(0).health == 1)


def _attacks(shape: Shape) -> None:
    """It strikes the Elephant (AGI 0, ARM 2) from ground its class does not favour: a roll of 12 deals ATT − 2 +
    (12 + ATT − 7); it needs 7 − ATT to hit. A shape with ATT 0 cannot attack; a Huge one reaches a flier."""
    letter = not_home(shape.shape_class)
    state = position(body(shape, 0, "e4", facing=0), body(ELEPHANT, 1, "f4", facing=3), grid=uniform(letter))
    if not shape.att:
        assert not any(k.startswith("attack:") for k in keys(state))
        return
    _, log = blow(state, "attack:blue", 12)
    assert f"hits for {2 * shape.att + 3}" in log
    if 7 - shape.att >= 3:
        assert "misses" in blow(state, "attack:blue", 6 - shape.att)[1]
        assert "hits" in blow(state, "attack:blue", 7 - shape.att)[1]
    bat = position(body(shape, 0, "e4", facing=0), wizard(1, "f4", "Bat", facing=3), grid=uniform(letter))
    assert ("attack:blue" in keys(bat)) == (shape.size == "Huge")


def _upkeep(shape: Shape) -> None:
    """As its turn begins it pays its CST in mana (the Human and the Blob nothing)."""
    after, _ = act(position(body(shape, 0, "e4", mana=30), wizard(1, FAR), active=1), "end")
    assert after.wizard(0).mana == 30 - shape.cst


# -- terrain: what it costs, hides and favours ----------------------------------------------------------------------


@pytest.mark.parametrize("face", data_params("terrain"))
def test_every_terrain_does_what_its_row_says(face: Face) -> None:
    """A terrain's row: walking in costs ``land_cost`` (``climb_cost`` with Climb; 0: no way in), swimmers enter
    only water, fliers pay 1; it blocks sight or not; its favoured classes fight from it at +1 to hit and keep
    their full facing changes; a Mana Font in water gives nothing."""
    terrain = next(t for t in TABLES.terrain.values() if t.name == face.name)
    grid = uniform(terrain.letter)
    human = position(wizard(0, "b4", facing=0), wizard(1, FAR), grid=grid)
    assert farthest(human, "L") == (3 // terrain.land_cost if terrain.land_cost else None)
    assert farthest(human, "W") == (1 if terrain.water else None)
    rat = position(wizard(0, "b4", "Rat", facing=0), wizard(1, FAR), grid=grid)
    assert farthest(rat, "L") == (3 // terrain.climb_cost if terrain.climb_cost else None)
    bat = position(wizard(0, "b4", "Bat", facing=0), wizard(1, FAR), grid=grid)
    assert farthest(bat, "A") == 5
    _sight(terrain)
    _favoured(terrain)
    font = (Artifact("font1", parse_hex("e4")),)
    after, _ = act(position(wizard(0, "e4", mana=20), wizard(1, FAR), artifacts=font, grid=grid, active=1), "end")
    assert after.wizard(0).mana == 20 + (0 if terrain.water else TABLES.artifacts["font"].mana)


def _sight(terrain: Terrain) -> None:
    """A Giant Spider on the ground webs a wizard two hexes off on plains: over a hex of this terrain only if it
    does not block sight; a wizard standing in it is always seen."""
    between = ("P" * 5 + terrain.letter + "P" * 14,)
    grid = ("P" * 20,) * 3 + between + ("P" * 20,) * 4
    spider = wizard(0, "e4", "Giant Spider", facing=0)
    state = position(spider, wizard(1, "g4"), grid=grid)
    assert ("special:web:blue" in keys(state)) == (not terrain.blocks_sight)
    inside = ("P" * 6 + terrain.letter + "P" * 13,)
    state = position(spider, wizard(1, "g4"), grid=("P" * 20,) * 3 + inside + ("P" * 20,) * 4)
    assert "special:web:blue" in keys(state)


SAMPLES = {"Mammal": "Human", "Magical": "Salamander", "Reptilian": "Lizard", "Aquatic": "Frog"}  # one per class


def _favoured(terrain: Terrain) -> None:
    """A shape of each class strikes a Human (AGI 3) from this terrain: it hits with a roll one lower where its
    class is favoured, and keeps its size's full facing changes there (one fewer elsewhere)."""
    for shape_class, name in SAMPLES.items():
        shape = TABLES.shapes[name]
        bonus = int(shape_class in terrain.favoured)
        state = position(wizard(0, "e4", name, facing=0), wizard(1, "f4", facing=3), grid=uniform(terrain.letter))
        mark = 7 - shape.att + 3 - bonus
        assert "misses" in blow(state, "attack:blue", mark - 1)[1], name
        assert "hits" in blow(state, "attack:blue", mark)[1], name
        assert facing_allowance(state, state.wizard(0)) == FACING_ALLOWANCE[shape.size] - 1 + bonus


# -- artifacts ------------------------------------------------------------------------------------------------------


def _frog_strikes(artifact: Artifact, roll: int) -> str:
    """A Frog (ATT 1, on plains: no home ground) strikes ``artifact`` lying beside it: a roll of r deals r − 5."""
    state = position(wizard(0, "e4", "Frog"), wizard(1, FAR), artifacts=(artifact,), scenario="key")
    return blow(state, f"attack:{artifact.id}", roll)[1]


@pytest.mark.parametrize("face", data_params("artifact"))
def test_every_artifact_does_what_its_text_says(face: Face) -> None:
    """The Key and the Font: what they give, where they work, what breaks them (data/artifacts.json)."""
    kind = next(a for a in TABLES.artifacts.values() if a.name == face.name)
    assert f"{kind.mana} mana" in face.text and f"{kind.toughness} damage" in face.text
    lying = Artifact("font1" if kind.id == "font" else "key", parse_hex(near("e4", 0)))
    assert "destroyed" not in _frog_strikes(lying, 4 + kind.toughness)  # one short of its toughness
    assert "destroyed" in _frog_strikes(lying, 5 + kind.toughness)
    (_key if kind.id == "key" else _font)(kind.mana)


def _turn_begins(me: Any, artifacts: tuple[Artifact, ...], **options: Any) -> MetaState:
    return act(position(me, wizard(1, FAR), artifacts=artifacts, active=1, **options), "end")[0]


def _key(mana: int) -> None:
    """Carried: +1 INT (a Dog, INT 3, may Restrict) and 4 mana a turn; its bearer walks at half speed and cannot
    Teleport; lying on the ground it gives nothing, and no Teleport ends within 3 hexes of it. One hand holds it."""
    carried = (Artifact("key", None, carrier=0),)
    dog = position(wizard(0, "e4", "Dog"), wizard(1, near("e4", 0, 2)), artifacts=carried, scenario="key")
    assert "cast:restrict:blue" in keys(dog) and "cast:restrict:blue" not in keys(replace(dog, artifacts=()))
    assert _turn_begins(wizard(0, "e4", mana=20), carried).wizard(0).mana == 20 + mana
    assert _turn_begins(wizard(0, "e4", mana=20), (Artifact("key", parse_hex("e4")),)).wizard(0).mana == 20
    bearer = position(wizard(0, "b4", facing=0), wizard(1, FAR), artifacts=carried, scenario="key")
    assert farthest(bearer, "L") == 3 // 2 and not any(k.startswith("cast:teleport") for k in keys(bearer))
    lying = position(wizard(0, "a1"), wizard(1, FAR), artifacts=(Artifact("key", parse_hex("g4")),), scenario="key")
    ends = [parse_hex(k.split(":")[2]) for k in keys(lying) if k.startswith("cast:teleport:")]
    assert ends and min(h.distance(parse_hex("g4")) for h in ends) == 4
    fonts = (*carried, Artifact("font1", parse_hex(near("e4", 0))), Artifact("font2", parse_hex(near("e4", 3))))
    two = act(position(wizard(0, "e4"), wizard(1, FAR), artifacts=fonts), "special:pickup:font1")[0]
    assert two.artifact("font1").carrier == 0 and not any(k.startswith("special:pickup") for k in keys(two))


def _font(mana: int) -> None:
    """On dry ground: 6 mana a turn to every wizard in its hex, Fonts adding up; nothing carried, nothing in water
    (a swamp is water), nothing to a Blob."""
    here = parse_hex("e4")
    one, two = (Artifact("font1", here),), (Artifact("font1", here), Artifact("font2", here))
    assert _turn_begins(wizard(0, "e4", mana=20), one).wizard(0).mana == 20 + mana
    assert _turn_begins(wizard(0, "e4", mana=20), two).wizard(0).mana == 20 + 2 * mana
    assert _turn_begins(wizard(0, "e4", mana=20), (Artifact("font1", None, carrier=0),)).wizard(0).mana == 20
    wet = position(wizard(0, "e4", mana=20), wizard(1, FAR), artifacts=one, active=1, grid=uniform("S"))
    assert act(wet, "end")[0].wizard(0).mana == 20
    blob = wizard(0, "e4", BLOB, target="Dragon", cell=(4, 4), mana=20)
    assert _turn_begins(blob, one).wizard(0).mana == 20
