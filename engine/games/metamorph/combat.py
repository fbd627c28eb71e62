"""Blows and their consequences: who may be attacked, the seed's to-hit and damage formula, death, drops.

To hit: 2d6 + attacks − the target's agility + facing (flank +1, rear +2) ≥ 7 (9 against a wizard hidden in
ink). Damage on a hit: attacks − armour + one per point over the mark needed, never below 0 (ours).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import LogEntry
from ...frozen import replace
from ...geometry.hexes import Hex, arc
from .board import OFF_MAP, hex_name, terrain_at
from .model import SEAT_NAMES, Artifact, MetaState, Wizard
from .tables import BLOB, HUMAN, TABLES

FACING_BONUS = {"front": 0, "flank": 1, "rear": 2}


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack as rolled: its total against the mark, and the damage it does."""

    roll: int
    total: int
    mark: int
    damage: int

    @property
    def hit(self) -> bool:
        return self.total >= self.mark


def can_reach(state: MetaState, attacker: Wizard, target: Wizard, *, reaches_fliers: bool = False) -> bool:
    """Whether ``attacker`` may attack ``target`` at all, by the flying rules: a flier only by a Huge shape,
    another flier, an attack that reaches fliers, or a wizard it struck in its own last turn; a high flier only
    by another high flier, and a high flier attacks only high fliers."""
    if attacker.high != target.high:
        return False
    if not target.flying or target.high:
        return True
    return reaches_fliers or attacker.flying or attacker.body.size == "Huge" or attacker.seat in target.struck


def roll_blow(
    state: MetaState,
    attacker: Wizard,
    defender: Wizard | Artifact,
    att: int,
    *,
    to_hit: int = 0,
    bonus: int = 0,
    ignore_armour: bool = False,
) -> tuple[MetaState, Blow]:
    """Roll one attack by ``attacker`` with ``att`` attacks; artifacts have agility and armour 0. A strike's
    ``bonus`` damage comes on a hit; from rules version 3 after armour has done its worst, so "+2 damage" is 2
    more whatever the armour (version 2 let armour eat it: a Bat's Bite on a Tortoise added 1, or nothing)."""
    dice, rng = state.rng.dice(2)
    state = replace(state, rng=rng)
    roll = sum(dice)
    assert attacker.hex is not None
    if isinstance(defender, Wizard):
        assert defender.hex is not None
        facing = FACING_BONUS[arc(defender.facing, defender.hex, attacker.hex)]
        agi, arm = defender.body.agi, defender.body.arm
        mark = 9 if defender.condition("ink") else 7
    else:
        facing, agi, arm, mark = 0, 0, 0, 7
    total = roll + att - agi + facing + to_hit + home_ground(state, attacker)
    if total < mark:
        return state, Blow(roll, total, mark, 0)
    base = att - (0 if ignore_armour else arm) + (total - mark)
    damage = max(0, base) + bonus if state.as_printed else max(0, base + bonus)
    return state, Blow(roll, total, mark, damage)


def home_ground(state: MetaState, attacker: Wizard) -> int:
    """Ours, for the seed's "terrain effects combat ... depending on the class of creature": +1 to hit for a
    wizard fighting from terrain its class favours."""
    assert attacker.hex is not None
    letter = terrain_at(state.grid, attacker.hex)
    return int(letter != OFF_MAP and attacker.body.shape_class in TABLES.terrain[letter].favoured)


def describe_blow(blow: Blow) -> str:
    verdict = f"hits for {blow.damage}" if blow.hit else "misses"
    return f"(rolled {blow.roll}, {blow.total} against {blow.mark}) and {verdict}"


def wound(state: MetaState, victim: Wizard, amount: int, by: Wizard | None) -> tuple[MetaState, list[LogEntry]]:
    """Deal ``amount`` damage; a wizard whose damage reaches its shape's health dies and drops what it held.
    In the duel's "human kills" variant a kill counts only if the killer or the victim is Human: otherwise the
    victim collapses into an Amorphous Blob heading back to Human."""
    if amount <= 0 or not victim.on_board:
        return state, []
    hurt = replace(victim, damage=victim.damage + amount)
    if hurt.damage < hurt.body.hlt:
        return state.with_wizard(hurt), []
    name = SEAT_NAMES[victim.seat]
    counted = by is None or HUMAN in (victim.shape, by.shape)
    if state.options.human_kills and not counted:
        state, dropped = drop_all(state, victim)
        state = state.with_wizard(blobbed(state.wizard(victim.seat), HUMAN))
        line = f"{name} would have died, but the kill does not count: neither is Human. {name} collapses into a Blob."
        return state, [LogEntry(line), *dropped]
    state, dropped = drop_all(state, victim)
    dead = replace(state.wizard(victim.seat), damage=hurt.body.hlt, alive=False, hex=None, flying=False, high=False)
    return state.with_wizard(dead), [LogEntry(f"{name} dies."), *dropped]


def blobbed(wizard: Wizard, target: str) -> Wizard:
    """The wizard as an Amorphous Blob starting its change towards ``target`` from its current chart cell."""
    cell = wizard.cell if wizard.cell is not None else TABLES.shapes[wizard.shape].cell
    if cell is None:  # already a Blob without a cell cannot happen; fall back to Human's cell
        cell = TABLES.shapes[HUMAN].cell
    return replace(wizard, shape=BLOB, target=target, cell=cell, damage=0, flying=False, high=False, rising=0)


def drop_all(state: MetaState, wizard: Wizard) -> tuple[MetaState, list[LogEntry]]:
    """Everything the wizard holds falls in its hex."""
    lines = []
    for artifact in state.held_by(wizard.seat):
        state = state.with_artifact(replace(artifact, carrier=None, hex=wizard.hex))
        where = hex_name(wizard.hex) if wizard.hex is not None else "?"
        lines.append(LogEntry(f"{SEAT_NAMES[wizard.seat]} drops {artifact.name} in {where}."))
    return state, lines


def strike_artifact(state: MetaState, attacker: Wizard, artifact: Artifact, att: int) -> tuple[MetaState, list[str]]:
    """A blow at an artifact on the ground: the Key breaks at 3 damage, a Font at 5."""
    state, blow = roll_blow(state, attacker, artifact, att)
    text = f"{SEAT_NAMES[attacker.seat]} attacks {artifact.name} {describe_blow(blow)}."
    damaged = replace(artifact, damage=artifact.damage + blow.damage)
    if damaged.damage >= artifact.toughness:
        damaged = replace(damaged, destroyed=True, hex=None)
        text += f" {artifact.name[0].upper()}{artifact.name[1:]} is destroyed."
    return state.with_artifact(damaged), [text]


def adjacent_targets(state: MetaState, wizard: Wizard) -> list[Wizard]:
    assert wizard.hex is not None
    return [
        w for w in state.standing() if w.seat != wizard.seat and w.hex is not None and w.hex.distance(wizard.hex) == 1
    ]


def adjacent_artifacts(state: MetaState, hex_: Hex) -> list[Artifact]:
    return [a for a in state.artifacts if a.hex is not None and not a.destroyed and a.hex.distance(hex_) <= 1]
