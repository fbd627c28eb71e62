"""Metamorph's specials and spells, checked against what the game does (the face audit, issue 42): each special with
every shape that has it, and each spell, set up where its words matter, played through the game's listing and
``act``, and held to its text and its data's numbers. Shapes, terrain and artifacts: ``test_metamorph_faces.py``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import get_game
from engine.content import Face
from engine.games.metamorph.board import parse_hex
from engine.games.metamorph.model import MAX_MANA, SHAPE_BY_SLUG, Artifact, Condition, MetaState, slug
from engine.games.metamorph.tables import BLOB, HUMAN, TABLES, Shape, Special, chart_distance
from tests.helpers.metamorph import (
    ELEPHANT,
    FAR,
    act,
    blow,
    body,
    data_params,
    farthest,
    home,
    keys,
    near,
    not_home,
    position,
    turn_of,
    uniform,
    wizard,
)

GAME = get_game("metamorph")


def shapes_with(special: Special) -> list[Shape]:
    return [shape for shape in TABLES.shapes.values() if special.id in shape.specials]


@pytest.mark.parametrize("face", data_params("special"))
def test_every_special_does_what_it_says_for_every_shape_that_has_it(face: Face) -> None:
    """Each special, with each shape whose row names it: on offer where it can work, paid for, and doing what its
    text and its data promise (``specials.json``: the numbers the text prints are the ones played)."""
    special = next(s for s in TABLES.specials.values() if s.name == face.name)
    assert shapes_with(special), "a special no shape has"
    if special.kind != "passive":
        assert f"Costs {special.cost} mana" in face.text
    check = CHECKS.get(special.id) or KIND_CHECKS[special.kind]
    for shape in shapes_with(special):
        check(special, shape, face.text)


# -- strikes --------------------------------------------------------------------------------------------------------


def _striking(shape: Shape, target: Shape = ELEPHANT, *, run: int = 0) -> tuple[MetaState, str]:
    """``shape`` beside ``target`` (which faces it), ready to strike, after a forward run of ``run`` hexes when
    asked (by land if it can, else by water); and the terrain letter it strikes from."""
    mode = "L" if shape.ls >= run else "W"
    letter = not_home(shape.shape_class) if not run else ("P" if mode == "L" else "W")
    start = near("e4", 3, run)
    state = position(body(shape, 0, start, facing=0), body(target, 1, near("e4", 0), facing=3), grid=uniform(letter))
    if run:
        state, _ = act(state, f"move:{mode}:e4:e")
    return state, letter


def _damage(state: MetaState, key: str, roll: int) -> int:
    return blow(state, key, roll)[0].wizard(1).damage


def formula(shape: Shape, target: Shape, roll: int, home_ground: int, strike: Special | None = None) -> int:
    """The rulebook's blow from the front: 2d6 + ATT − AGI (+1 from home ground, + a strike's to hit) hits on 7;
    damage ATT − ARM (none counted, if the strike pierces) + each point over 7, never below 0; then the strike's
    damage."""
    to_hit, bonus, pierces = (strike.to_hit, strike.damage, strike.pierces) if strike else (0, 0, False)
    total = roll + shape.att - target.agi + home_ground + to_hit
    if total < 7:
        return 0
    return max(0, shape.att - (0 if pierces else target.arm) + total - 7) + bonus


def check_strike(special: Special, shape: Shape, text: str) -> None:
    """Added to a hand-to-hand attack: on offer (after its run, if it needs one), it costs its mana and is the
    turn's special; the blow, plain and with it, deals what the rulebook's formula says (to hit, points over,
    armour, then the strike's damage, which armour never eats): at 12 on a big target, and at the strike's lowest
    hit on a Tortoise (ARM 4), where its to hit turns a miss into a hit; on a hit it leaves its condition, which
    the target's next turn feels."""
    run = special.run  # the forward run the data asks for (rules version 3)
    key = f"attack:blue:{special.id}"
    big = TABLES.shapes["Crocodile"] if special.pierces else ELEPHANT  # armoured, for a strike that ignores it
    for target, rolls in ((big, (12,)), (TABLES.shapes["Tortoise"], ())):
        state, letter = _striking(shape, target, run=run)
        assert key in keys(state), shape.name
        hg = home(shape, letter)
        lowest = max(2, 7 - shape.att + target.agi - hg - special.to_hit)
        for roll in (*rolls, lowest):
            assert _damage(state, "attack:blue", roll) == formula(shape, target, roll, hg), (shape.name, roll)
            assert _damage(state, key, roll) == formula(shape, target, roll, hg, special), (shape.name, roll)
    struck, _ = blow(_striking(shape, ELEPHANT, run=run)[0], key, 12)
    assert struck.wizard(0).mana == 50 - special.cost
    assert not any(k.startswith("special:") for k in keys(struck))  # it was the turn's special
    if special.damage:
        assert f"+{special.damage} damage" in text
    if special.to_hit:
        assert f"+{special.to_hit} to hit" in text
    if run:
        assert f"{run} or more hexes" in text
        short, _ = _striking(shape, run=run - 1) if run > 1 else (position(body(shape, 0, "e4"), wizard(1, "f4")), "")
        assert key not in keys(short)
    if special.pierces:
        bare, _ = _striking(shape)  # the Elephant's ARM 2 is armour: against a Human's 0 Zap is not offered
        naked = position(body(shape, 0, "e4", facing=0), wizard(1, near("e4", 0), facing=3))
        assert key in keys(bare) and key not in keys(naked)
    if special.inflicts:
        _condition_lands(special, struck)
    if special.unseen:
        _strikes_unseen(shape)


def _condition_lands(special: Special, struck: MetaState) -> None:
    """The condition a hit leaves: held or constricted, the target cannot move on its next turn (constricted, it
    takes 1 as that turn begins); poisoned, it takes 1 as each of a die's worth of its turns begins."""
    target = struck.wizard(1)
    assert target.condition(special.inflicts)  # type: ignore[arg-type]
    if special.lasts == "die":
        assert 1 <= target.condition(special.inflicts) <= 6  # type: ignore[arg-type]
    before = target.damage
    turn, _ = act(struck, "end")
    assert turn.active == 1
    hurts = special.inflicts in ("constrict", "poison")
    assert turn.wizard(1).damage == before + hurts
    if special.inflicts in ("held", "constrict"):
        assert not any(a.kind == "move" for a in GAME.legal_actions(turn, 1))


def _strikes_unseen(shape: Shape) -> None:
    """Charge and Track: attack after moving even a wizard hidden behind rocks as the turn began (a shape without
    them, a Human on land or an Octopus in water, could not)."""
    letter = "P" if shape.ls else "W"
    grid = (letter * 20,) * 3 + (letter * 5 + "R" + letter * 14,) + (letter * 20,) * 4
    around = {near("g4", d) for d in range(6)} - {"f4"}
    for name, may in ((shape.name, True), (HUMAN if shape.ls else "Octopus", False)):
        state = position(wizard(0, "e4", name, facing=1, flying=False), wizard(1, "g4"), grid=grid)
        assert 1 not in state.done.seen
        on_foot = (k for k in sorted(keys(state)) if k[:6] in ("move:L", "move:W"))  # not flying: that sees all
        beside = next(k for k in on_foot if k.split(":")[2] in around)
        moved, _ = act(state, beside)
        assert ("attack:blue" in keys(moved)) == may, name


# -- attacks of their own -------------------------------------------------------------------------------------------


def check_attack(special: Special, shape: Shape, text: str) -> None:
    """An attack of its own: a target up to its range away (not one hex more), in the front arc if it says so, in
    sight (rocks between hide it), a flier only if it reaches fliers (or the user is Huge); rolled with the
    shape's ATT and the special's ``att``: damage as a blow, or none and its condition for a harmless one."""
    reach = special.range
    assert (f"up to {reach} hexes" in text) if reach > 1 else ("neighbouring hex" in text)
    me = body(shape, 0, "e4", facing=0)
    key = f"special:{special.id}:blue"
    assert key in keys(position(me, body(ELEPHANT, 1, near("e4", 0, reach), facing=3)))
    assert key not in keys(position(me, body(ELEPHANT, 1, near("e4", 0, reach + 1), facing=3)))
    assert (key in keys(position(me, body(ELEPHANT, 1, near("e4", 3))))) == (not special.front)
    if reach > 1:
        rocks = ("P" * 20,) * 3 + ("P" * 5 + "R" + "P" * 14,) + ("P" * 20,) * 4
        assert key not in keys(position(me, body(ELEPHANT, 1, "g4"), grid=rocks))
    flier = position(me, wizard(1, near("e4", 0), "Bat", facing=3))
    assert (key in keys(flier)) == (special.fliers or shape.size == "Huge")
    struck_back = position(me, wizard(1, near("e4", 0), "Bat", facing=3, struck=(0,)))
    assert key in keys(struck_back)  # a flier that struck it in its last turn may be struck back
    state = position(me, body(ELEPHANT, 1, near("e4", 0), facing=3))
    struck, _ = blow(state, key, 12)
    assert struck.wizard(0).mana == 50 - special.cost
    att = shape.att + special.att
    after = keys(struck)
    assert "attack:blue" in after and not any(k.count(":") == 2 for k in after if k.startswith("attack:"))
    if special.att:
        assert "less 1" in text and special.att == -1
    if not special.harmless:
        over = 12 + att - ELEPHANT.agi + home(shape, "P") - 7
        assert struck.wizard(1).damage == max(0, att - ELEPHANT.arm + over)
        return
    assert "no damage" in text and struck.wizard(1).damage == 0
    _condition_lands(special, struck)
    pinned = body(ELEPHANT, 1, near("e4", 0), facing=3, conditions=(Condition("held", 1),))
    assert key not in keys(position(me, pinned))  # it could stop nothing more
    if special.inflicts == "web":
        downed, _ = blow(position(me, wizard(1, near("e4", 0, 2), "Bat", facing=3)), key, 12)
        assert not downed.wizard(1).flying
        lake = position(me, wizard(1, near("e4", 0, 2), "Bat", facing=3), grid=uniform("W"))
        assert blow(lake, key, 12)[0].wizard(1).flying  # nowhere for a Bat to stand: it stays up, webbed


# -- the rest -------------------------------------------------------------------------------------------------------


def check_ink(special: Special, shape: Shape, text: str) -> None:
    """A cloud of ink: until its next turn begins, a blow at it needs 9, not 7 (a Human from a swamp, front)."""
    assert "9 or more" in text
    state = position(wizard(0, "e4", shape.name, facing=0), wizard(1, near("e4", 0), facing=3), grid=uniform("S"))
    inked, _ = act(act(state, "special:ink")[0], "end")
    assert inked.active == 1 and inked.wizard(0).mana == 50 - special.cost
    eight = 8 - 3 + shape.agi  # 2d6 + 3 − AGI = 8
    assert "misses" in blow(inked, "attack:red", eight)[1]
    assert "against 9" in blow(inked, "attack:red", eight + 1)[1]
    plain = position(wizard(0, "e4", shape.name, facing=0), wizard(1, near("e4", 0), facing=3), active=1)
    assert "hits" in blow(replace(plain, grid=uniform("S")), "attack:red", eight)[1]
    assert not turn_of(inked, 0).wizard(0).condition("ink")


def check_hands(special: Special, shape: Shape, text: str) -> None:
    """Hands: pick up an object from its hex or a neighbour's (its special), hold two (one in each hand), put one
    down for free."""
    assert "two objects" in text
    things = (Artifact("key", parse_hex("e4")), Artifact("font1", parse_hex("f4")), Artifact("font2", parse_hex("d4")))
    state = position(body(shape, 0, "e4"), wizard(1, FAR), artifacts=things, scenario="key")
    assert {k for k in keys(state) if k.startswith("special:pickup")} == {f"special:pickup:{a.id}" for a in things}
    state, _ = act(state, "special:pickup:key")
    assert state.artifact("key").carrier == 0 and not any(k.startswith("special:") for k in keys(state))
    mana = state.wizard(0).mana
    state, _ = act(state, "drop:key")
    assert state.artifact("key").hex == parse_hex("e4") and state.wizard(0).mana == mana
    assert any(k.startswith("move:") for k in keys(state))  # free: the turn goes on
    neighbour = next(s for s in TABLES.shapes.values() if s.cell and chart_distance(shape.name, s.name) == 1)
    held = (Artifact("key", None, carrier=0),)
    holding = position(body(shape, 0, "e4"), wizard(1, FAR), artifacts=held)
    morphed, _ = act(holding, f"cast:morph:{slug(neighbour.name)}")
    assert morphed.artifact("key").carrier is None  # dropped as it casts: the new shape may have no hands
    again, _ = act(morphed, "special:pickup:key")
    assert turn_of(again, 0).artifact("key").carrier is None  # and what it took up again drops as the shape arrives
    two = (Artifact("key", None, carrier=0), Artifact("font1", None, carrier=0), things[2])
    full = position(body(shape, 0, "e4"), wizard(1, FAR), artifacts=two, scenario="key")
    assert not any(k.startswith("special:pickup") for k in keys(full))


def check_rest(special: Special, shape: Shape, text: str) -> None:
    """Rest: a Human recovers 5 mana, never above 50, and is not offered it at 50."""
    assert f"recover {special.mana} mana" in text and f"at most {MAX_MANA}" in text
    for mana, after in ((40, 45), (48, 50)):
        state = act(position(wizard(0, "e4", shape.name, mana=mana), wizard(1, FAR)), "special:rest")[0]
        assert state.wizard(0).mana == after
    assert "special:rest" not in keys(position(wizard(0, "e4", shape.name), wizard(1, FAR)))


def check_sprint(special: Special, shape: Shape, text: str) -> None:
    """Sprint: land speed doubled for this turn's move, before moving; not once it has moved, nor while held."""
    state = position(wizard(0, "b4", shape.name, facing=0), wizard(1, FAR), grid=uniform("P"))
    sprinted, _ = act(state, "special:sprint")
    assert farthest(sprinted, "L") == 2 * shape.ls and sprinted.wizard(0).mana == 50 - special.cost
    moved, _ = act(state, f"move:L:{near('b4', 0)}:e")
    assert "special:sprint" not in keys(moved)
    held = position(wizard(0, "b4", shape.name, conditions=(Condition("held", 1),)), wizard(1, FAR))
    assert "special:sprint" not in keys(held)


def check_survival(special: Special, shape: Shape, text: str) -> None:
    """Survival: heal up to 3 damage; not offered unhurt."""
    assert f"up to {special.heal} damage" in text
    for damage, left in ((5, 2), (1, 0)):
        state = act(position(wizard(0, "e4", shape.name, damage=damage), wizard(1, FAR)), "special:survival")[0]
        assert state.wizard(0).damage == left
    assert "special:survival" not in keys(position(wizard(0, "e4", shape.name), wizard(1, FAR)))


def check_climb(special: Special, shape: Shape, text: str) -> None:
    """Climb, always on: forest and hills cost 1 to walk into, rocks 2 (and can be stood on)."""
    for letter, cost in (("F", 1), ("H", 1), ("R", 2)):
        state = position(wizard(0, "b4", shape.name, facing=0), wizard(1, FAR), grid=uniform(letter))
        assert farthest(state, "L") == shape.ls // cost, letter
    assert "cost 1" in text and "for 2" in text


CHECKS = {
    "ink": check_ink,
    "hands": check_hands,
    "rest": check_rest,
    "sprint": check_sprint,
    "survival": check_survival,
    "climb": check_climb,
}
KIND_CHECKS = {"strike": check_strike, "attack": check_attack}


# -- spells ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", data_params("spell"))
def test_every_spell_does_what_it_says(face: Face) -> None:
    """Each spell: cast by a wizard of enough INT, paid for at its level, doing what its text says."""
    spell = next(s for s in TABLES.spells.values() if s.name == face.name)
    assert f"Level {spell.level}" in face.text and f"costs {spell.level} mana" in face.text
    SPELLS[spell.id]()


def _turns_until(state: MetaState, shape: str) -> tuple[int, list[str]]:
    """Red's turns begun (Blue's in between) until it has ``shape``, and what it was at each."""
    seen = []
    while state.wizard(0).shape != shape:
        state = turn_of(state, 0)
        seen.append(state.wizard(0).shape)
        assert len(seen) < 12
    return len(seen), seen


def check_morph() -> None:
    """Morph: into every shape on the chart, the turns its option says (the cells crossed, edge to edge), a Blob
    on the way when a cell lies between; 1 mana plus 1 per point of damage; in flight 4 damage first, paid too."""
    for target in (s for s in TABLES.shapes.values() if s.cell is not None and s.name != HUMAN):
        state = position(wizard(0, "e4"), wizard(1, FAR))
        key = f"cast:morph:{slug(target.name)}"
        distance = chart_distance(HUMAN, target.name)
        assert f"({distance} turn" in GAME.describe(state, 0, GAME.parse_key(key)).label
        cast, _ = act(state, key)
        assert cast.wizard(0).mana == 49
        turns, shapes = _turns_until(cast, target.name)
        assert turns == distance and shapes[:-1] == [BLOB] * (distance - 1), target.name
    hurt = act(position(wizard(0, "e4", damage=3), wizard(1, FAR)), "cast:morph:rat")[0]
    assert hurt.wizard(0).mana == 50 - 4
    flying = position(wizard(0, "e4", "Griffon", mana=20), wizard(1, FAR))
    changed, log = act(flying, "cast:morph:unicorn")
    assert changed.wizard(0).mana == 15 and "takes 4 damage" in log
    for doomed in (wizard(0, "e4", "Bat"), wizard(0, "e4", "Griffon", mana=4)):  # the 4 would kill; 5 not there
        assert not any(k.startswith("cast:morph") for k in keys(position(doomed, wizard(1, FAR))))


def check_heal() -> None:
    """Heal: damage healed up to the caster's INT (a Human's 5, a Dog's 3); not offered unhurt."""
    for shape, damage, left in ((HUMAN, 7, 2), ("Dog", 2, 0), ("Dog", 5, 2)):
        state = act(position(wizard(0, "e4", shape, damage=damage), wizard(1, FAR)), "cast:heal")[0]
        assert state.wizard(0).damage == left and state.wizard(0).mana == 50 - 2
    assert "cast:heal" not in keys(position(wizard(0, "e4"), wizard(1, FAR)))


def check_slow() -> None:
    """Slow: an enemy within the caster's INT in hexes (a Human's 5: not 6) moves at half speed, rounded down, for
    a die's worth of its turns."""
    state = position(wizard(0, "b4"), wizard(1, near("b4", 0, 5), "Cheetah", facing=0))
    assert "cast:slow:blue" not in keys(position(wizard(0, "b4"), wizard(1, near("b4", 0, 6))))
    for spell in ("slow", "restrict"):  # a die's full worth left: a new one could not last longer
        full = wizard(1, near("b4", 0, 2), conditions=(Condition(spell, 6),))  # type: ignore[arg-type]
        assert f"cast:{spell}:blue" not in keys(position(wizard(0, "b4"), full))
    slowed, _ = act(state, "cast:slow:blue")
    turns = slowed.wizard(1).condition("slow")
    assert 1 <= turns <= 6 and slowed.wizard(0).mana == 50 - 3
    blue = turn_of(slowed, 1)
    assert farthest(blue, "L") == 7 // 2
    for _ in range(turns):  # each of its turns counts down as it ends
        blue = turn_of(blue, 1)
    assert not blue.wizard(1).condition("slow") and farthest(blue, "L") == 7


def check_restrict() -> None:
    """Restrict: for a die's worth of its turns the enemy may Morph only into shapes of its current class."""
    restricted, _ = act(position(wizard(0, "e4"), wizard(1, near("e4", 0, 4), "Cheetah")), "cast:restrict:blue")
    assert 1 <= restricted.wizard(1).condition("restrict") <= 6 and restricted.wizard(0).mana == 50 - 4
    blue = turn_of(restricted, 1)
    morphs = [k.split(":")[2] for k in keys(blue) if k.startswith("cast:morph:")]
    into = {TABLES.shapes[SHAPE_BY_SLUG[name]].shape_class for name in morphs}
    assert into == {"Mammal"}


def check_teleport() -> None:
    """Teleport: to an empty hex in sight where the shape could stand (not behind rocks, not into water for a
    Human, not onto another wizard), keeping its facing; no hand-to-hand attack after it."""
    grid = ("P" * 20,) * 3 + ("P" * 5 + "R" + "P" * 14,) + ("P" * 20,) * 4
    state = position(wizard(0, "e4", facing=1), wizard(1, "c2"), grid=grid)
    ends = {k.split(":")[2] for k in keys(state) if k.startswith("cast:teleport:")}
    assert {"d2", "b8", "t4"} - ends == {"t4"}  # t4 lies behind the rocks
    assert not {"f4", "k4", "c2", "e4"} & ends  # the rocks, behind them, another wizard's hex, its own
    moved, _ = act(state, "cast:teleport:d2")
    me = moved.wizard(0)
    assert me.hex == parse_hex("d2") and me.facing == 1 and me.mana == 50 - 5
    assert not any(k.startswith("attack:") for k in keys(moved))


SPELLS = {
    "morph": check_morph,
    "heal": check_heal,
    "slow": check_slow,
    "restrict": check_restrict,
    "teleport": check_teleport,
}

