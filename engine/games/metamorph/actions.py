"""What the active wizard may do now, listed in a fixed order: move, cast, special, attack, free declarations.

Each part of a turn is used at most once (the seed: one move, one spell, one special, one hand-to-hand attack),
in any order; ``end`` closes the turn.

Two listings: ``legal``, every whole action (what the AI weighs), and ``staged``, the decisions on offer at the
current stage (keys.py): a move is picked as its mode, then its hex, then its facing, so that no decision lists
hundreds of choices. Whole actions stay legal at every stage.
"""

from __future__ import annotations

import functools

from .board import hex_name, stands
from .combat import adjacent_artifacts, adjacent_targets, can_reach
from .keys import FACINGS, MetaAction, is_whole
from .model import (
    DIE,
    NO_SCHOOL,
    SCHOOL_BY_SLUG,
    SEAT_SLUGS,
    MetaState,
    Mode,
    Wizard,
    can_morph,
    intelligence,
    slug,
)
from .movement import Mover, modes, mover_of, place_of, reach, speed
from .specials import enemies, on_offer, sees_unseen, strikes
from .tables import BLOB, TABLES
from .teleport import can_teleport, can_teleport_to, teleports


def can_stand(state: MetaState, wizard: Wizard, hex_: object) -> bool:
    """Whether the wizard's shape can be on ``hex_`` without flying: land it walks, or water it swims."""
    return stands(state.grid, wizard.body, hex_)  # type: ignore[arg-type]


def legal(state: MetaState, seat: int) -> list[MetaAction]:
    """Every legal action of ``seat`` (empty unless it is that wizard's turn)."""
    if state.outcome is not None:
        return []
    if state.choosing_school:
        return schools(state) if seat == state.active else []
    if seat != state.active:
        return []
    wizard = state.wizard(seat)
    found: list[MetaAction] = []
    found += _moves(state, wizard)
    found += _casts(state, wizard)
    return found + _after_spells(state, wizard)


def schools(state: MetaState) -> list[MetaAction]:
    """Specialization's choice: the four schools, and from rules version 3 none at all (the seed: a wizard *can*
    belong to one of four schools; version 2 made every wizard pick one)."""
    found = [MetaAction("school", s) for s in SCHOOL_BY_SLUG]
    return [*found, MetaAction("school", NO_SCHOOL)] if state.as_printed else found


def staged(state: MetaState, seat: int) -> list[MetaAction]:
    """The decisions on offer at the current stage: with nothing picked, every whole action but the moves,
    Morphs and Teleports, which appear as their first stage (``move:L``, ``cast:morph``, ``cast:teleport``);
    after a stage, the next one's choices and ``back``."""
    if state.choosing_school:
        return legal(state, seat)
    if state.outcome is not None or seat != state.active:
        return []
    if not state.pending:
        return _first_level(state, state.wizard(seat))
    pending = MetaAction(*state.pending)  # type: ignore[arg-type]
    wizard = state.wizard(seat)
    found: list[MetaAction] = []
    if pending.kind == "move" and not _cannot_move(state, wizard) and pending.a in open_modes(state, wizard):
        tree = _tree(state, wizard, pending.a)  # type: ignore[arg-type]
        if pending.b:
            found += tree.get(pending.b, ())
        else:
            found += [tree["off"][0] if name == "off" else MetaAction("move", pending.a, name) for name in tree]
    elif pending.kind == "cast" and not state.done.cast:
        found += [a for a in _casts(state, wizard, teleport=pending.a == "teleport") if a.a == pending.a]
    found.append(MetaAction("back"))
    return found


def _first_level(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """``legal`` with its many moves, Morphs and Teleports each folded into their first stage."""
    found: list[MetaAction] = []
    if not _cannot_move(state, wizard):
        found += [MOVE_STAGES[mode] for mode in open_modes(state, wizard)]
        found += _rise(state, wizard)
    for cast in _casts(state, wizard, teleport=False):
        if cast.a != "morph":
            found.append(cast)
        elif MORPH_STAGE not in found:
            found.append(MORPH_STAGE)
    if can_teleport(state, wizard):
        found.append(MetaAction("cast", "teleport"))
    return found + _after_spells(state, wizard)


MORPH_STAGE = MetaAction("cast", "morph")
MOVE_STAGES = {mode: MetaAction("move", mode) for mode in ("L", "W", "A")}


def _after_spells(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """The end of a turn's list, the same in both listings: specials, blows, declarations, ``end``."""
    return [*on_offer(state, wizard), *_attacks(state, wizard), *_declarations(state, wizard), MetaAction("end")]


def _exits(state: MetaState) -> bool:
    """Whether the scenario has a way off the map (the Key of Solomon's)."""
    return state.options.scenario == "key"


def is_legal(state: MetaState, seat: int, action: MetaAction) -> bool:
    """Whether ``action`` is legal now, listing only its own kind (a move lists one mode's reach, not every
    spell's target): what checking a typed or clicked decision costs. A stage is legal when some whole action
    follows from it; ``back`` while a stage is picked."""
    if state.outcome is not None or seat != state.active:
        return False
    if state.choosing_school or action.kind == "school":
        return state.choosing_school and action in schools(state)
    if action.kind == "back":
        return bool(state.pending)
    wizard = state.wizard(seat)
    if not is_whole(action):
        return _stage_is_open(state, wizard, action)
    if action.kind == "move":
        if _cannot_move(state, wizard) or action.a not in open_modes(state, wizard):
            return False
        return action in _tree(state, wizard, action.a).get(action.b, ())  # type: ignore[arg-type]
    if action.kind == "cast" and action.a == "teleport":
        return can_teleport_to(state, wizard, action.b)
    if action.kind == "rise":
        candidates = [] if _cannot_move(state, wizard) else _rise(state, wizard)
    elif action.kind == "cast":
        candidates = _casts(state, wizard, teleport=False)
    elif action.kind in ("land", "drop"):
        candidates = _declarations(state, wizard)
    elif action.kind == "end":
        return True
    else:
        candidates = (on_offer if action.kind == "special" else _attacks)(state, wizard)
    return action in candidates


def _stage_is_open(state: MetaState, wizard: Wizard, stage: MetaAction) -> bool:
    """Whether a whole action follows from the stage ``stage`` (``move:L``, ``move:L:f7``, ``cast:morph``…)."""
    if stage.kind == "cast":
        if stage.a == "teleport":
            return can_teleport(state, wizard)
        return any(a.a == stage.a for a in _casts(state, wizard, teleport=False))
    if _cannot_move(state, wizard) or stage.a not in open_modes(state, wizard):
        return False
    if not stage.b:
        return True
    return stage.b != "off" and stage.b in _tree(state, wizard, stage.a)  # type: ignore[arg-type]


def more_than_ending(state: MetaState, seat: int) -> bool:
    """Whether the active wizard may still do anything but end its turn, the cheapest checks first: a move (no
    search needed), then declarations, blows and specials (sight to each rival), spells, Teleport last."""
    wizard = state.wizard(seat)
    if _can_move(state, wizard):
        return True
    cheap = (_declarations, _attacks, on_offer)
    if any(part(state, wizard) for part in cheap):
        return True
    if _casts(state, wizard, teleport=False):  # none once the spell is spent
        return True
    return can_teleport(state, wizard)


def _cannot_move(state: MetaState, wizard: Wizard) -> bool:
    """Whether the move is spent, or a hold, web or constriction pins the wizard."""
    return state.done.moved or wizard.pinned


def _can_move(state: MetaState, wizard: Wizard) -> bool:
    """Whether ``_moves`` would list anything, searching only when it must: a mode with speed that holds the wizard
    where it is can at least turn it on the spot (a turn costs a free turn or a point of speed), and a high flier
    can always descend."""
    if _cannot_move(state, wizard):
        return False
    return bool(open_modes(state, wizard) or _rise(state, wizard))


def open_modes(state: MetaState, wizard: Wizard) -> tuple[Mode, ...]:
    """The modes of transport offered now: those with speed (``modes``) whose move goes somewhere. From rules version
    3 a walk or swim may not end where that mode cannot hold the wizard (``movement.holds``), so such a mode is
    offered only if it reaches another hex (a search, done only then): "Swim…" on dry land far from water is gone."""
    found = modes(state, wizard)
    if not state.as_printed:
        return found
    return tuple(m for m in found if mover_of(state, wizard, m).stays or _tree(state, wizard, m))


def _moves(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """Moves by each mode, and the climb or descent of Flying High."""
    if _cannot_move(state, wizard):
        return []
    found: list[MetaAction] = []
    key = _exits(state)
    for mode in open_modes(state, wizard):
        found += _mode_moves(mover_of(state, wizard, mode), speed(state, wizard, mode), key)
    return found + _rise(state, wizard)


def _rise(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """The climb or descent of Flying High, for a flier whose move is not spent (the caller checks that)."""
    if state.options.flying_high and wizard.flying:
        return [MetaAction("rise", "down" if wizard.high else "up")]
    return []


@functools.lru_cache(maxsize=512)
def _mode_moves(mover: Mover, full: int, exits_allowed: bool) -> tuple[MetaAction, ...]:
    """One mode's moves, by row, column and facing, and the way off the map where the scenario has one. Memoised
    on plain values: a decision lists them, then checks and plays one of them."""
    ends, exits = reach(mover, full)
    found = [_move_action(mover.mode, p) for p in sorted(ends)]  # places sort by row, column and facing
    if exits and exits_allowed:
        found.append(MetaAction("move", mover.mode, "off"))
    return tuple(found)


@functools.lru_cache(maxsize=512)
def _mode_tree(mover: Mover, full: int, exits_allowed: bool) -> dict[str, tuple[MetaAction, ...]]:
    """One mode's moves by the hex they end on (in the order ``_mode_moves`` lists them; ``"off"`` for the way
    off the map): the hex stage lists the keys, the facing stage one hex's moves. Memoised (read-only)."""
    tree: dict[str, list[MetaAction]] = {}
    for action in _mode_moves(mover, full, exits_allowed):
        tree.setdefault(action.b, []).append(action)
    return {name: tuple(moves) for name, moves in tree.items()}


def _tree(state: MetaState, wizard: Wizard, mode: Mode) -> dict[str, tuple[MetaAction, ...]]:
    """``_mode_tree`` for the wizard's ``mode`` now."""
    return _mode_tree(mover_of(state, wizard, mode), speed(state, wizard, mode), _exits(state))


@functools.lru_cache(maxsize=16384)
def _move_action(mode: str, place: int) -> MetaAction:
    """The move by ``mode`` to a place, made once: the same few thousand are listed over and over."""
    hex_, facing = place_of(place)
    return MetaAction("move", mode, hex_name(hex_), FACINGS[facing])


@functools.lru_cache(maxsize=256)
def _morphs(shape: str, restricted: bool) -> tuple[MetaAction, ...]:
    """Morph into each shape on the chart but ``shape`` (only its class while ``restricted``): the same few dozen
    for every wizard of a shape, so made once."""
    own_class = TABLES.shapes[shape].shape_class
    return tuple(
        MetaAction("cast", "morph", slug(name))
        for name, other in TABLES.shapes.items()
        if other.cell is not None and name != shape and (not restricted or other.shape_class == own_class)
    )


def _casts(state: MetaState, wizard: Wizard, *, teleport: bool = True) -> list[MetaAction]:
    if state.done.cast:
        return []
    wit = intelligence(state, wizard)
    found = []
    for spell in TABLES.spells.values():
        if spell.level > wit or spell.level > wizard.mana:
            continue
        if spell.id == "morph":
            if can_morph(state, wizard):
                found += _morphs(wizard.shape, wizard.condition("restrict") > 0)
        elif spell.id == "heal":
            if wizard.damage:
                found.append(MetaAction("cast", "heal"))
        elif spell.id in ("slow", "restrict"):
            found += _hexes(state, wizard, spell.id, wit)
        elif spell.id == "teleport" and teleport:
            found += teleports(state, wizard)
    return found


def _hexes(state: MetaState, wizard: Wizard, spell_id: str, wit: int) -> list[MetaAction]:
    """Slow or Restrict on each enemy within ``wit`` hexes at the caster's height; from rules version 3 not on one
    whose condition already runs a die's full worth, which a new one could not lengthen."""
    assert wizard.hex is not None
    return [
        MetaAction("cast", spell_id, SEAT_SLUGS[foe.seat])
        for foe in enemies(state, wizard)
        if foe.hex is not None
        and foe.hex.distance(wizard.hex) <= wit
        and foe.high == wizard.high
        and (not state.as_printed or foe.condition(spell_id) < DIE)
    ]


def melee_targets(state: MetaState, wizard: Wizard) -> list[Wizard]:
    """Adjacent enemies the wizard may attack hand to hand now: the flying rules, and the seed's sight rule
    (after moving, only one seen as the turn began, unless it has Charge or Track, or flies)."""
    done = state.done
    free_sight = sees_unseen(wizard.body) or wizard.flying
    found = []
    for foe in adjacent_targets(state, wizard):
        if done.moved and foe.seat not in done.seen and not free_sight:
            continue
        if done.rising and not foe.flying:
            continue
        if can_reach(state, wizard, foe):
            found.append(foe)
    return found


def _attacks(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    if state.done.teleported:  # ours: no hand-to-hand in a turn the wizard arrived by Teleport
        return []
    if state.done.attacked or wizard.shape == BLOB or wizard.body.att == 0:
        return []
    found = []
    for foe in melee_targets(state, wizard):
        found.append(MetaAction("attack", SEAT_SLUGS[foe.seat]))
        found += [MetaAction("attack", SEAT_SLUGS[foe.seat], strike) for strike in strikes(state, wizard, foe)]
    assert wizard.hex is not None
    if not wizard.high and not state.done.rising:
        found += [MetaAction("attack", a.id) for a in adjacent_artifacts(state, wizard.hex)]
    return found


def _declarations(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    found = []
    if wizard.flying and not wizard.high and wizard.rising == 0 and can_stand(state, wizard, wizard.hex):
        found.append(MetaAction("land"))
    found += [MetaAction("drop", artifact.id) for artifact in state.held_by(wizard.seat)]
    return found
