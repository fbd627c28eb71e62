"""Hand-made Metamorph positions for rule tests: a small map of chosen terrain, wizards where a test wants them.

``position`` builds a state whose active wizard's turn has just begun (its sight noted), as ``begin_turn``
would leave it, but without the start-of-turn effects, so a test sees exactly the numbers it set. The face
checks' shared pieces (the faces as test cases, the dummy a blow is measured on) close the module.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.games.metamorph import GAME
from engine.games.metamorph.actions import legal
from engine.games.metamorph.board import hex_name, in_sight, parse_hex
from engine.games.metamorph.faces import faces
from engine.games.metamorph.keys import MetaAction
from engine.games.metamorph.model import Artifact, MetamorphOptions, MetaState, TurnDone, Wizard
from engine.games.metamorph.tables import BLOB, TABLES, Shape
from engine.rng import Rng

PLAINS = ("P" * 12,) * 8
SWAMP = ("S" * 12,) * 8  # no class of ours favours it but reptiles and swimmers: Humans fight there unaided


def wizard(seat: int, at: str, shape: str = "Human", facing: int = 0, **fields: Any) -> Wizard:
    """A wizard of ``shape`` on the hex named ``at`` (``facing``: 0 east … 5 south-east)."""
    body_flies = fields.pop("flying", None)
    made = Wizard(seat=seat, shape=shape, hex=parse_hex(at), facing=facing, **fields)
    flies = made.body.flies if body_flies is None else body_flies
    return replace(made, flying=flies)


def position(
    *wizards: Wizard,
    grid: tuple[str, ...] = PLAINS,
    artifacts: tuple[Artifact, ...] = (),
    active: int = 0,
    seed: int = 1,
    rules_version: int = GAME.meta.rules_version,
    **options: Any,
) -> MetaState:
    """A state with these wizards (seats 0…n−1, in this order), ``active`` to act, under ``rules_version`` (the
    current one unless a test of older rules asks for another)."""
    order = (active, *(w.seat for w in wizards if w.seat != active))
    state = MetaState(
        options=MetamorphOptions(**options),
        rules_version=rules_version,
        grid=grid,
        geomorphs=(),
        wizards=tuple(wizards),
        artifacts=artifacts,
        order=order,
        index=0,
        round=1,
        turns=1,
        done=TurnDone(),
        rng=Rng(seed),
    )
    me = state.wizard(active)
    seen = tuple(
        w.seat
        for w in state.standing()
        if w.seat != active
        and me.hex is not None
        and w.hex is not None
        and in_sight(grid, me.hex, w.hex, airborne=me.flying or w.flying)
    )
    return replace(state, done=TurnDone(seen=seen))


def keys(state: MetaState, seat: int | None = None) -> set[str]:
    """The keys of every legal whole action of ``seat`` (default: the active wizard), stages aside."""
    return {a.key for a in legal(state, state.active if seat is None else seat)}


def act(state: MetaState, key: str, seat: int | None = None) -> tuple[MetaState, str]:
    """Play ``key`` (checked against the rules) and return the new state and its log as one text."""
    transition = GAME.act(state, state.active if seat is None else seat, key)
    return transition.state, " ".join(e.public for e in transition.log)


def with_dice(state: MetaState, *wanted: int) -> MetaState:
    """``state`` with a generator whose next 2d6 rolls total ``wanted`` (searched over seeds, so the rules'
    own dice code rolls them)."""
    for seed in range(1, 200_000):
        rng = Rng(seed)
        ok = True
        for total in wanted:
            dice, rng = rng.dice(2)
            if sum(dice) != total:
                ok = False
                break
        if ok:
            return replace(state, rng=Rng(seed))
    raise AssertionError(f"no seed rolls {wanted}")


END = MetaAction("end")


def near(at: str, direction: int, steps: int = 1) -> str:
    """The hex ``steps`` away from ``at`` in ``direction`` (0 east, counter-clockwise)."""
    hex_ = parse_hex(at)
    for _ in range(steps):
        hex_ = hex_.neighbour(direction)
    return hex_name(hex_)


def uniform(letter: str, width: int = 20) -> tuple[str, ...]:
    """A map of one terrain, ``width`` columns by 8 rows (wide enough for the fastest shape's straight run)."""
    return (letter * width,) * 8


def farthest(state: MetaState, mode: str) -> int | None:
    """How far from where it stands the active wizard's farthest ``mode`` move ends (``None``: no such move)."""
    here = state.wizard(state.active).hex
    assert here is not None
    ends = [parse_hex(k.split(":")[2]) for k in keys(state) if k.startswith(f"move:{mode}:") and k.count(":") == 3]
    return max((h.distance(here) for h in ends), default=None)


def facings_at(state: MetaState, mode: str, at: str) -> set[str]:
    """The facings a ``mode`` move of the active wizard may end with at the hex named ``at``."""
    return {k.split(":")[3] for k in keys(state) if k.startswith(f"move:{mode}:{at}:")}


def turn_of(state: MetaState, seat: int) -> MetaState:
    """End turns (at least the one in progress) until ``seat``'s next turn has begun: the order of a round is worked
    out afresh each round, so the next turn is not always the other seat's."""
    state = act(state, "end")[0]
    for _ in range(12):
        if state.active == seat or state.outcome is not None:
            return state
        state = act(state, "end")[0]
    raise AssertionError(f"seat {seat}'s turn never came")


# -- the face checks' shared pieces (tests/test_metamorph_faces*.py) ----------------------------------------------

FAR = "t8"  # a rival far from everything a check looks at
ELEPHANT = TABLES.shapes["Elephant"]  # the dummy a blow is measured on: AGI 0, ARM 2, HLT 21 (no blow here kills it)


def data_params(kind: str) -> list[Any]:
    """The faces of ``kind``, each a case of the data-driven check that claims it."""
    return [
        pytest.param(face, id=face.id, marks=pytest.mark.face("metamorph", face.id, data=True))
        for face in faces()
        if face.kind == kind
    ]


def not_home(shape_class: str) -> str:
    """The first terrain letter the class does not favour, where a blow of its shapes has no home-ground bonus."""
    return next(t.letter for t in TABLES.terrain.values() if shape_class not in t.favoured)


def home(shape: Shape, letter: str) -> int:
    """The home-ground bonus (terrain data) of ``shape`` fighting from ``letter``."""
    return int(shape.shape_class in TABLES.terrain[letter].favoured)


def blow(state: MetaState, key: str, roll: int) -> tuple[MetaState, str]:
    """Play the attack ``key`` with 2d6 rolling ``roll``."""
    return act(with_dice(state, roll), key)


def body(shape: Shape, seat: int, at: str, **fields: Any) -> Wizard:
    """A wizard in ``shape`` on the ground (a Blob mid-change, as a Blob always is)."""
    if shape.name == BLOB:
        fields = {"target": "Dragon", "cell": (4, 4), **fields}
    return wizard(seat, at, shape.name, **{"flying": False, **fields})
