"""Where a wizard can move this turn: the end hexes and facings one mode of transport reaches.

A move is all forward (each step enters the hex faced) or all backward (each step enters the hex behind, at
half speed rounded down). Facing changes are free up to the allowance (size, one fewer off favoured terrain);
beyond it each costs a point of speed. The search keeps, per hex and facing, the best pairs of (speed left,
free turns left): a small Pareto set, since trading one for the other is the only choice a path makes.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from ...geometry.hexes import PACKED_DIRECTIONS, Hex, pack, unpack
from .board import OFF_MAP, cells_of, terrain_at
from .model import MetaState, Mode, Wizard
from .tables import FACING_ALLOWANCE, TABLES, Shape

EXIT = "off"


def speed(state: MetaState, wizard: Wizard, mode: Mode) -> int:
    """The wizard's speed in ``mode`` this turn: halved while slowed, land speed doubled by Sprint; from rules
    version 2 land speed halved while carrying the Key (its bearer must be catchable; version 2 halved every
    speed, so a bearer could never swim)."""
    body = wizard.body
    return _adjusted(state, wizard, mode, body.ls if mode == "L" else body.ws if mode == "W" else body.as_)


def _adjusted(state: MetaState, wizard: Wizard, mode: Mode, base: int) -> int:
    """``speed`` from the shape's figure ``base`` for ``mode``."""
    if mode == "L" and state.done.sprint:
        base *= 2
    if wizard.condition("slow"):
        base //= 2
    if state.key_ward and (mode == "L" or not state.as_printed) and state.carries_key(wizard.seat):
        base //= 2
    return base


def entry_cost(letter: str, climber: bool, mode: Mode) -> int:
    """What entering terrain ``letter`` costs in ``mode`` (0: it cannot be entered that way). Of a shape, only
    whether it climbs matters."""
    if letter == OFF_MAP:
        return 0
    terrain = TABLES.terrain[letter]
    if mode == "A":
        return 1
    if mode == "W":
        return 1 if terrain.water else 0
    return terrain.climb_cost if climber else terrain.land_cost


def facing_allowance(state: MetaState, wizard: Wizard) -> int:
    """Free facing changes this move: the size's figure on favoured terrain, one fewer elsewhere."""
    assert wizard.hex is not None
    return _allowance(state.grid, wizard.body, wizard.hex)


def _allowance(grid: tuple[str, ...], body: Shape, start: Hex) -> int:
    letter = terrain_at(grid, start)
    favoured = letter != OFF_MAP and body.shape_class in TABLES.terrain[letter].favoured
    return FACING_ALLOWANCE[body.size] - (0 if favoured else 1)


def modes(state: MetaState, wizard: Wizard) -> tuple[Mode, ...]:
    """The modes of transport the wizard may use now (speed above 0; high fliers only fly). A shape without a
    mode is ruled out before its conditions are read: most decisions ask this."""
    body = wizard.body
    found: list[Mode] = []
    for mode, base in (("L", body.ls), ("W", body.ws), ("A", body.as_)):
        if base > 0 and not (wizard.high and mode != "A") and _adjusted(state, wizard, mode, base) > 0:  # type: ignore[arg-type]
            found.append(mode)  # type: ignore[arg-type]
    return tuple(found)


def reachable(state: MetaState, wizard: Wizard, mode: Mode) -> tuple[frozenset[int], bool]:
    """Every place the wizard can end a ``mode`` move on (its own place and facing excluded), and whether it can
    step off the map. A place is an int (``place``, ``place_of``): a decision lists hundreds of them."""
    return reach(mover_of(state, wizard, mode), speed(state, wizard, mode))


def reaches_forward(state: MetaState, wizard: Wizard, mode: Mode, hex_: Hex, facing: int) -> bool:
    """Whether a forward move ends on ``hex_`` facing ``facing`` (Charge counts only a forward run)."""
    found, _ = _search(mover_of(state, wizard, mode), speed(state, wizard, mode), forward=True)
    return place(hex_, facing) in found


class Mover(NamedTuple):
    """What a move search depends on, as plain hashable values (so searches can be memoised): the map, the
    shape, where the wizard stands and faces, the mode, the cells other wizards stand on, and whether the move
    may end where it started (turning in place)."""

    grid: tuple[str, ...]
    shape: str
    start: Hex
    facing: int
    mode: Mode
    taken: frozenset[int]
    stays: bool = True


def mover_of(state: MetaState, wizard: Wizard, mode: Mode) -> Mover:
    assert wizard.hex is not None
    taken = frozenset(pack(w.hex) for w in state.wizards if w.on_board and w.seat != wizard.seat and w.hex)
    stays = not state.as_printed or holds(state.grid, wizard.shape, wizard.hex, mode)
    return Mover(state.grid, wizard.shape, wizard.hex, wizard.facing, mode, taken, stays)


def holds(grid: tuple[str, ...], shape: str, hex_: Hex, mode: Mode) -> bool:
    """Whether a ``shape`` may be on ``hex_`` by ``mode``: what a walk or swim may enter (or turn in, from rules
    version 3: a swim on dry land that only turned in place, or a flier's walk that set it down in a lake, was no
    move); anywhere, by air."""
    return entry_cost(terrain_at(grid, hex_), TABLES.shapes[shape].has("climb"), mode) > 0


# Places in the search are plain ints: a place is ``pack(hex) * 8 + facing``, so the search's dictionaries hash
# ints instead of tuples of objects, and places sort as moves are listed (by row, then column, then facing) in
# plain int order, packing being row-major.
STEPS = PACKED_DIRECTIONS
STEPS_BACK = tuple(STEPS[(face + 3) % 6] for face in range(6))
LEFT_TURN = tuple((face + 1) % 6 for face in range(6))
RIGHT_TURN = tuple((face + 5) % 6 for face in range(6))


def place(hex_: Hex, facing: int) -> int:
    """The place of standing on ``hex_`` facing ``facing``, as ``reachable`` lists it."""
    return pack(hex_) * 8 + facing


def place_of(place_: int) -> tuple[Hex, int]:
    """``place`` undone: the hex and the facing."""
    cell, facing = divmod(place_, 8)
    return unpack(cell), facing


@functools.lru_cache(maxsize=256)
def _costs(grid: tuple[str, ...], climber: bool, mode: Mode) -> dict[int, int]:
    """What entering each map hex costs in ``mode`` (0: not that way); a hex not in it is off the map. Only
    climbing changes costs between shapes, so this is memoised per map, climbing and mode."""
    cost = {letter: entry_cost(letter, climber, mode) for letter in TABLES.terrain}
    return {pack(h): cost[letter] for h, letter in cells_of(grid)}


@functools.lru_cache(maxsize=512)
def reach(mover: Mover, full: int) -> tuple[frozenset[int], bool]:
    """``reachable`` on plain values, memoised: listing, checking and applying a move ask the same question of
    the same position several times in a decision, and the answer depends on nothing else."""
    ahead, exits_ahead = _search(mover, full, forward=True)
    if full // 2 == 0:  # no step back: turning on the spot, all a backward search finds, is found ahead too
        ends, exits = ahead, exits_ahead
    else:
        behind, exits_behind = _search(mover, full // 2, forward=False)
        ends, exits = ahead | behind, exits_ahead or exits_behind
    if not mover.stays:  # no end where the mode cannot hold the wizard: not its own hex, in any facing
        here = pack(mover.start)
        return frozenset(p for p in ends if p >> 3 != here), exits
    return ends - {place(mover.start, mover.facing)}, exits


@functools.lru_cache(maxsize=512)
def _search(mover: Mover, points: int, *, forward: bool) -> tuple[frozenset[int], bool]:
    """Places reachable with ``points`` of speed, stepping one way (forward, or backward at the points given).

    A label is (speed left, free turns left). Every step spends at least one of the two, so labels are taken
    in falling order of their sum: a label taken out is never beaten by one found later, and no place is
    searched twice. (a, b) beats (c, d) when a >= c and a + b >= c + d: spare speed pays for any turn a free
    turn would have."""
    body = TABLES.shapes[mover.shape]
    costs = _costs(mover.grid, body.has("climb"), mover.mode)
    taken = mover.taken
    turns = _allowance(mover.grid, body, mover.start)
    steps = STEPS if forward else STEPS_BACK
    origin = place(mover.start, mover.facing)
    best: dict[int, list[tuple[int, int]]] = {origin: [(points, turns)]}
    buckets: list[list[tuple[int, int, int]]] = [[] for _ in range(points + turns + 1)]
    buckets[points + turns].append((origin, points, turns))
    exits = False
    for total in range(points + turns, 0, -1):  # a label summing to 0 has nothing left to spend: an end
        for here, left, free in buckets[total]:
            if (left, free) not in best[here]:
                continue  # beaten after it was queued
            face = here & 7
            base = here - face
            turn_left, turn_free = (left, free - 1) if free else (left - 1, 0)  # a turn spends a free turn first
            offers = [(base + LEFT_TURN[face], turn_left, turn_free), (base + RIGHT_TURN[face], turn_left, turn_free)]
            if left:
                step = (here >> 3) + steps[face]
                cost = costs.get(step)
                if cost is None:
                    exits = True
                elif cost and cost <= left and step not in taken:
                    offers.append((step * 8 + face, left - cost, free))
            for there, p, f in offers:
                kept = best.get(there)
                if kept is None:
                    best[there] = [(p, f)]
                    buckets[p + f].append((there, p, f))
                    continue
                beaten = False
                for kp, kf in kept:
                    if kp >= p and kp + kf >= p + f:
                        beaten = True
                        break
                if beaten:
                    continue
                kept[:] = [(kp, kf) for kp, kf in kept if not (p >= kp and p + f >= kp + kf)]
                kept.append((p, f))
                buckets[p + f].append((there, p, f))
    return frozenset(best), exits
