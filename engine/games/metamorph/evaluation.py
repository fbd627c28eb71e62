"""How good a Metamorph position is for one wizard: the AI's judgement, in [-1, 1].

A wizard is worth its life, its shape's fighting power scaled by the health it has left, its mana, and its
progress in the scenario (the Key in hand and the way out; a Font underfoot). On top, the blows that can
land at once: the wizard to move may still strike an adjacent enemy this turn, and enemies standing beside a
wizard threaten it next. Expected damage comes from the seed's formula over the 36 rolls of 2d6.
"""

from __future__ import annotations

import math

from ...geometry.hexes import Hex, arc
from .board import OFF_MAP, terrain_at
from .combat import FACING_BONUS
from .model import MetaState, Wizard
from .tables import TABLES, Shape

LIFE = 1.0
MANA = 0.8
UPKEEP = 0.04  # per point of maintenance a turn
CHANGE_DISCOUNT = 0.85  # per turn a change still needs
APPROACH = 0.03  # per hex between a wizard and its nearest rival, scaled by how much stronger it is
KEY_HELD = 1.2
KEY_STEP = 0.06
FONT_UNDERFOOT = 0.25
STRIKE_NOW = 0.35
THREAT = 0.2
REACH = 0.1  # a rival not yet adjacent but within a move of it
SCALE = 2.5


def _mean_damage(att: int, agi: int, arm: int, bonus: int) -> float:
    """Mean damage of one blow over the 36 rolls of 2d6."""
    total = 0
    for a in range(1, 7):
        for b in range(1, 7):
            score = a + b + att - agi + bonus
            if score >= 7:
                total += max(0, att - arm + score - 7)
    return total / 36


_STATS = [(s.att, s.agi, s.arm) for s in TABLES.shapes.values()]
EXPECTED = {  # every (attacks, agility, armour, facing bonus) the shape table can bring together
    (att, agi, arm, bonus): _mean_damage(att, agi, arm, bonus)
    for att in {a for a, _, _ in _STATS}
    for agi in {g for _, g, _ in _STATS}
    for arm in {r for _, _, r in _STATS}
    for bonus in (0, 1, 2)
}


def power(shape: Shape) -> float:
    """A shape's fighting worth, roughly 0.15 (the Blob) to 1.3 (the Dragon)."""
    return (shape.att + 0.8 * shape.arm + 0.5 * shape.agi + shape.hlt / 4) / 10


def _edge_distance(state: MetaState, hex_: Hex) -> int:
    """Steps from ``hex_`` to the nearest hex off the map (how far the Key must still be carried)."""
    for radius in range(1, 40):
        ring = [hex_ + Hex(d.q * radius, d.r * radius) for d in (Hex(1, 0), Hex(-1, 0), Hex(0, 1), Hex(0, -1))]
        if any(terrain_at(state.grid, h) == OFF_MAP for h in ring):
            return radius
    return 40


def worth(state: MetaState, wizard: Wizard) -> float:
    """What one wizard has: life, body, mana and objective."""
    if not wizard.on_board:
        return 0.0
    body = wizard.body
    value = LIFE + power(body) * wizard.health / body.hlt + MANA * wizard.mana / 50 - UPKEEP * body.cst
    if wizard.target is not None and wizard.cell is not None:
        target = TABLES.shapes[wizard.target]
        assert target.cell is not None
        left = abs(target.cell[0] - wizard.cell[0]) + abs(target.cell[1] - wizard.cell[1])
        value += (power(target) - power(body) - UPKEEP * target.cst) * CHANGE_DISCOUNT**left
    assert wizard.hex is not None
    for artifact in state.artifacts:
        if artifact.destroyed:
            continue
        if artifact.kind == "key":
            if artifact.carrier == wizard.seat:
                value += KEY_HELD - KEY_STEP * _edge_distance(state, wizard.hex)
            elif artifact.hex is not None:
                value -= KEY_STEP * artifact.hex.distance(wizard.hex) / 2
        elif artifact.hex == wizard.hex:
            value += FONT_UNDERFOOT
        elif artifact.carrier == wizard.seat:
            value += FONT_UNDERFOOT / 2
    return value


def _blow(attacker: Wizard, defender: Wizard) -> float:
    assert attacker.hex is not None and defender.hex is not None
    bonus = FACING_BONUS[arc(defender.facing, defender.hex, attacker.hex)]
    damage = EXPECTED[attacker.body.att, defender.body.agi, defender.body.arm, bonus]
    return min(damage, defender.health) / max(1, defender.body.hlt) * (LIFE + power(defender.body))


def evaluate(state: MetaState, seat: int) -> float:
    """The position's value for ``seat``: its worth against its strongest rival's, plus blows about to land."""
    if state.outcome is not None:
        if state.outcome.draw:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    me = state.wizard(seat)
    if not me.on_board:
        return -1.0
    rivals = [w for w in state.standing() if w.seat != seat]
    mine = worth(state, me)
    strongest = max((worth(state, w) for w in rivals), default=0.0)
    score = mine - strongest
    if rivals and state.options.scenario != "key":
        assert me.hex is not None
        nearest = min(rivals, key=lambda w: w.hex.distance(me.hex))  # type: ignore[union-attr]
        gap = nearest.hex.distance(me.hex)  # type: ignore[union-attr]
        eagerness = min(1.0, max(0.0, mine - worth(state, nearest) + 0.7))  # continuous; equals still close in
        score -= APPROACH * gap * eagerness
    active = state.wizard(state.active)
    for rival in rivals:
        assert rival.hex is not None and me.hex is not None
        distance = rival.hex.distance(me.hex)
        if rival.high != me.high:
            continue
        if distance > 1:  # a rival that can walk up and strike on its next turn
            if rival.body.att and distance <= max(rival.body.ls, rival.body.as_) + 1 and rival.seat != seat:
                score -= REACH * _blow(rival, me)
            continue
        if seat == state.active and not state.done.attacked and me.body.att:
            score += STRIKE_NOW * _blow(me, rival)
        elif rival.seat == state.active and not state.done.attacked and active.body.att:
            score -= STRIKE_NOW * _blow(rival, me)
        else:
            score -= THREAT * _blow(rival, me)
            score += THREAT * _blow(me, rival) if me.body.att else 0.0
    return math.tanh(score / SCALE)
