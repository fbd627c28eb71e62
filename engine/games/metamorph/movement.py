"""Where a wizard can move this turn: the end hexes and facings one mode of transport reaches.

A move is all forward (each step enters the hex faced) or all backward (each step enters the hex behind, at
half speed rounded down). Facing changes are free up to the allowance (size, one fewer off favoured terrain);
beyond it each costs a point of speed. The search keeps, per hex and facing, the best pairs of (speed left,
free turns left): a small Pareto set, since trading one for the other is the only choice a path makes.
"""

from __future__ import annotations

from ...geometry.hexes import DIRECTIONS, Hex
from .board import OFF_MAP, terrain_at
from .model import MetaState, Mode, Wizard
from .tables import FACING_ALLOWANCE, TABLES

EXIT = "off"


def speed(state: MetaState, wizard: Wizard, mode: Mode) -> int:
    """The wizard's speed in ``mode`` this turn: halved while slowed, land speed doubled by Sprint."""
    body = wizard.body
    base = {"L": body.ls, "W": body.ws, "A": body.as_}[mode]
    if mode == "L" and state.done.sprint:
        base *= 2
    if wizard.condition("slow"):
        base //= 2
    return base


def entry_cost(state: MetaState, wizard: Wizard, mode: Mode, hex_: Hex) -> int:
    """What entering ``hex_`` costs in ``mode`` (0: it cannot be entered that way)."""
    letter = terrain_at(state.grid, hex_)
    if letter == OFF_MAP:
        return 0
    terrain = TABLES.terrain[letter]
    if mode == "A":
        return 1
    if mode == "W":
        return 1 if terrain.water else 0
    climber = wizard.body.has("climb")
    if terrain.id == "rocks":
        return 2 if climber else 0
    if climber and terrain.id in ("forest", "hills"):
        return 1
    return terrain.land_cost


def facing_allowance(state: MetaState, wizard: Wizard) -> int:
    """Free facing changes this move: the size's figure on favoured terrain, one fewer elsewhere."""
    assert wizard.hex is not None
    body = wizard.body
    letter = terrain_at(state.grid, wizard.hex)
    favoured = letter != OFF_MAP and body.shape_class in TABLES.terrain[letter].favoured
    return FACING_ALLOWANCE[body.size] - (0 if favoured else 1)


def modes(state: MetaState, wizard: Wizard) -> tuple[Mode, ...]:
    """The modes of transport the wizard may use now (speed above 0; high fliers only fly)."""
    found: list[Mode] = []
    for mode in ("L", "W", "A"):
        if speed(state, wizard, mode) > 0 and not (wizard.high and mode != "A"):  # type: ignore[arg-type]
            found.append(mode)  # type: ignore[arg-type]
    return tuple(found)


def reachable(state: MetaState, wizard: Wizard, mode: Mode) -> tuple[set[tuple[Hex, int]], bool]:
    """Every (hex, facing) the wizard can end a ``mode`` move on (its own place and facing excluded), and
    whether it can step off the map."""
    assert wizard.hex is not None
    full = speed(state, wizard, mode)
    turns = facing_allowance(state, wizard)
    blocked = {w.hex for w in state.wizards if w.on_board and w.seat != wizard.seat}
    ends: set[tuple[Hex, int]] = set()
    exits = False
    for forward, points in ((True, full), (False, full // 2)):
        found, can_exit = _search(state, wizard, mode, points=points, turns=turns, forward=forward, blocked=blocked)
        exits = exits or can_exit
        ends |= found
    ends.discard((wizard.hex, wizard.facing))
    return ends, exits


def forward_reach(state: MetaState, wizard: Wizard, mode: Mode) -> set[tuple[Hex, int]]:
    """The places a forward move reaches (Charge counts only a forward run)."""
    full = speed(state, wizard, mode)
    blocked = {w.hex for w in state.wizards if w.on_board and w.seat != wizard.seat}
    found, _ = _search(
        state, wizard, mode, points=full, turns=facing_allowance(state, wizard), forward=True, blocked=blocked
    )
    return found


STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


def _search(
    state: MetaState,
    wizard: Wizard,
    mode: Mode,
    *,
    points: int,
    turns: int,
    forward: bool,
    blocked: set[Hex | None],
) -> tuple[set[tuple[Hex, int]], bool]:
    """Places reachable with ``points`` of speed and ``turns`` free facing changes, stepping one way.

    It runs for every mode at every decision, so it works on plain tuples: (q, r, facing) places, and each
    hex's entry cost looked up once per search."""
    assert wizard.hex is not None
    taken = {(h.q, h.r) for h in blocked if h is not None}
    costs: dict[tuple[int, int], int] = {}
    back = 0 if forward else 3
    start = (wizard.hex.q, wizard.hex.r, wizard.facing)
    best: dict[tuple[int, int, int], list[tuple[int, int]]] = {start: [(points, turns)]}
    frontier = [(start, points, turns)]
    exits = False
    while frontier:
        (q, r, facing), left, free = frontier.pop()
        moves = []
        if free > 0:
            moves += [((q, r, (facing + 1) % 6), left, free - 1), ((q, r, (facing + 5) % 6), left, free - 1)]
        elif left > 0:
            moves += [((q, r, (facing + 1) % 6), left - 1, free), ((q, r, (facing + 5) % 6), left - 1, free)]
        if left > 0:
            dq, dr = STEPS[(facing + back) % 6]
            ahead = (q + dq, r + dr)
            cost = costs.get(ahead)
            if cost is None:
                cost = costs[ahead] = entry_cost(state, wizard, mode, Hex(*ahead))
                if cost == 0 and terrain_at(state.grid, Hex(*ahead)) == OFF_MAP:
                    cost = costs[ahead] = -1
            if cost == -1:
                exits = True
            elif cost and cost <= left and ahead not in taken:
                moves.append(((ahead[0], ahead[1], facing), left - cost, free))
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
    return {(Hex(q, r), facing) for q, r, facing in best}, exits
