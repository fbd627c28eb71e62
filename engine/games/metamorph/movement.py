"""Where a wizard can move this turn: the end hexes and facings one mode of transport reaches.

A move is all forward (each step enters the hex faced) or all backward (each step enters the hex behind, at
half speed rounded down). Facing changes are free up to the allowance (size, one fewer off favoured terrain);
beyond it each costs a point of speed. The search keeps, per hex and facing, the best pairs of (speed left,
free turns left): a small Pareto set, since trading one for the other is the only choice a path makes.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from ...geometry.hexes import DIRECTIONS, Hex
from .board import OFF_MAP, terrain_at
from .model import MetaState, Mode, Wizard
from .tables import FACING_ALLOWANCE, TABLES, Shape

EXIT = "off"


def speed(state: MetaState, wizard: Wizard, mode: Mode) -> int:
    """The wizard's speed in ``mode`` this turn: halved while slowed, land speed doubled by Sprint; from rules
    version 2 halved while carrying the Key (its bearer must be catchable)."""
    body = wizard.body
    base = {"L": body.ls, "W": body.ws, "A": body.as_}[mode]
    if mode == "L" and state.done.sprint:
        base *= 2
    if wizard.condition("slow"):
        base //= 2
    if state.key_ward and state.carries_key(wizard.seat):
        base //= 2
    return base


def entry_cost(grid: tuple[str, ...], body: Shape, mode: Mode, hex_: Hex) -> int:
    """What entering ``hex_`` costs a ``body`` in ``mode`` (0: it cannot be entered that way)."""
    letter = terrain_at(grid, hex_)
    if letter == OFF_MAP:
        return 0
    terrain = TABLES.terrain[letter]
    if mode == "A":
        return 1
    if mode == "W":
        return 1 if terrain.water else 0
    climber = body.has("climb")
    if terrain.id == "rocks":
        return 2 if climber else 0
    if climber and terrain.id in ("forest", "hills"):
        return 1
    return terrain.land_cost


def facing_allowance(state: MetaState, wizard: Wizard) -> int:
    """Free facing changes this move: the size's figure on favoured terrain, one fewer elsewhere."""
    assert wizard.hex is not None
    return _allowance(state.grid, wizard.body, wizard.hex)


def _allowance(grid: tuple[str, ...], body: Shape, start: Hex) -> int:
    letter = terrain_at(grid, start)
    favoured = letter != OFF_MAP and body.shape_class in TABLES.terrain[letter].favoured
    return FACING_ALLOWANCE[body.size] - (0 if favoured else 1)


def modes(state: MetaState, wizard: Wizard) -> tuple[Mode, ...]:
    """The modes of transport the wizard may use now (speed above 0; high fliers only fly)."""
    found: list[Mode] = []
    for mode in ("L", "W", "A"):
        if speed(state, wizard, mode) > 0 and not (wizard.high and mode != "A"):  # type: ignore[arg-type]
            found.append(mode)  # type: ignore[arg-type]
    return tuple(found)


def reachable(state: MetaState, wizard: Wizard, mode: Mode) -> tuple[frozenset[tuple[Hex, int]], bool]:
    """Every (hex, facing) the wizard can end a ``mode`` move on (its own place and facing excluded), and
    whether it can step off the map."""
    return _reach(_mover(state, wizard, mode), speed(state, wizard, mode))


def forward_reach(state: MetaState, wizard: Wizard, mode: Mode) -> frozenset[tuple[Hex, int]]:
    """The places a forward move reaches (Charge counts only a forward run)."""
    found, _ = _search(_mover(state, wizard, mode), speed(state, wizard, mode), forward=True)
    return found


class Mover(NamedTuple):
    """What a move search depends on, as plain hashable values (so searches can be memoised): the map, the
    shape, where the wizard stands and faces, the mode, and the hexes other wizards stand on."""

    grid: tuple[str, ...]
    shape: str
    start: Hex
    facing: int
    mode: Mode
    taken: frozenset[tuple[int, int]]


def _mover(state: MetaState, wizard: Wizard, mode: Mode) -> Mover:
    assert wizard.hex is not None
    taken = frozenset((w.hex.q, w.hex.r) for w in state.wizards if w.on_board and w.seat != wizard.seat and w.hex)
    return Mover(state.grid, wizard.shape, wizard.hex, wizard.facing, mode, taken)


STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


@functools.lru_cache(maxsize=512)
def _reach(mover: Mover, full: int) -> tuple[frozenset[tuple[Hex, int]], bool]:
    """``reachable`` on plain values, memoised: listing, checking and applying a move ask the same question of
    the same position several times in a decision, and the answer depends on nothing else."""
    ahead, exits_ahead = _search(mover, full, forward=True)
    behind, exits_behind = _search(mover, full // 2, forward=False)
    return (ahead | behind) - {(mover.start, mover.facing)}, exits_ahead or exits_behind


@functools.lru_cache(maxsize=512)
def _search(mover: Mover, points: int, *, forward: bool) -> tuple[frozenset[tuple[Hex, int]], bool]:
    """Places reachable with ``points`` of speed, stepping one way (forward, or backward at the points given).

    It runs for every mode at every decision, so it works on plain tuples: (q, r, facing) places, and each
    hex's entry cost looked up once per search."""
    grid, mode, start, taken = mover.grid, mover.mode, mover.start, mover.taken
    body = TABLES.shapes[mover.shape]
    turns = _allowance(grid, body, start)
    costs: dict[tuple[int, int], int] = {}
    back = 0 if forward else 3
    origin = (start.q, start.r, mover.facing)
    best: dict[tuple[int, int, int], list[tuple[int, int]]] = {origin: [(points, turns)]}
    frontier = [(origin, points, turns)]
    exits = False
    while frontier:
        (q, r, face), left, free = frontier.pop()
        moves = []
        if free > 0:
            moves += [((q, r, (face + 1) % 6), left, free - 1), ((q, r, (face + 5) % 6), left, free - 1)]
        elif left > 0:
            moves += [((q, r, (face + 1) % 6), left - 1, free), ((q, r, (face + 5) % 6), left - 1, free)]
        if left > 0:
            dq, dr = STEPS[(face + back) % 6]
            step = (q + dq, r + dr)
            cost = costs.get(step)
            if cost is None:
                cost = costs[step] = entry_cost(grid, body, mode, Hex(*step))
                if cost == 0 and terrain_at(grid, Hex(*step)) == OFF_MAP:
                    cost = costs[step] = -1
            if cost == -1:
                exits = True
            elif cost and cost <= left and step not in taken:
                moves.append(((step[0], step[1], face), left - cost, free))
        for place, p, f in moves:
            kept = best.get(place)
            if kept is None:
                best[place] = [(p, f)]
            elif any(p <= kp and f <= kf for kp, kf in kept):
                continue
            else:
                kept[:] = [(kp, kf) for kp, kf in kept if not (kp <= p and kf <= f)]
                kept.append((p, f))
            frontier.append((place, p, f))
    return frozenset((Hex(q, r), face) for q, r, face in best), exits
