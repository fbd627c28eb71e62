"""The flow of play: turn order each round, what happens as a wizard's turn begins and ends, and the end.

Order (the seed): highest agility first; among equals the smaller shape; then a die, drawn each round. In the
first round the scenario's first player (chosen by a die) goes first and the rest follow that order.
"""

from __future__ import annotations

from ...clocks import plural
from ...core import LogEntry, Outcome
from ...frozen import replace
from .actions import more_than_ending
from .board import in_sight, terrain_at
from .combat import blobbed, drop_all, wound
from .model import FLIGHT_CHANGE_DAMAGE, MAX_MANA, SEAT_NAMES, MetaState, TurnDone, Wizard, article, maintenance
from .tables import BLOB, HUMAN, TABLES, cells_apart, step_towards


def round_order(state: MetaState, first: int | None = None) -> tuple[MetaState, tuple[int, ...]]:
    """This round's order of the wizards still on the board, a die settling exact ties; ``first`` (round one)
    is moved to the front."""
    rng = state.rng
    ranked = []
    for wizard in state.standing():
        die, rng = rng.below(6)
        ranked.append((-wizard.body.agi, wizard.body.size_rank, die, wizard.seat))
    order = tuple(seat for *_, seat in sorted(ranked))
    if first is not None and first in order:
        order = (first, *(s for s in order if s != first))
    return replace(state, rng=rng), order


def outcome_of(state: MetaState) -> Outcome | None:
    """Last wizard standing wins (in the key scenario too, once the Key is gone or no rival is left); nobody
    standing is a draw."""
    standing = state.standing()
    if len(standing) == 1:
        return Outcome.win(standing[0].seat, reason=f"{SEAT_NAMES[standing[0].seat]} is the last wizard standing.")
    if not standing:
        return Outcome.drawn("No wizard is left standing.")
    return None


def begin_turn(state: MetaState) -> tuple[MetaState, list[LogEntry]]:
    """Start the active wizard's turn: its change of shape moves on, conditions bite, artifacts give mana, it
    pays upkeep, and what it can see now is noted (for charging into hand-to-hand after moving)."""
    seat = state.active
    log: list[LogEntry] = []
    wizard = state.wizard(seat)
    name = SEAT_NAMES[seat]
    state = replace(state, turns=state.turns + 1, done=TurnDone())
    risen = _rise(wizard)
    if any(c.kind == "ink" for c in risen.conditions):
        risen = replace(risen, conditions=tuple(c for c in risen.conditions if c.kind != "ink"))
    if risen is not wizard:
        state = state.with_wizard(risen)
    wizard = risen
    state, changed = _change_progress(state, wizard)
    log.extend(changed)
    wizard = state.wizard(seat)
    for kind in ("poison", "constrict"):
        if wizard.condition(kind) and wizard.on_board:
            state, died = wound(state, wizard, 1, None)
            log.append(LogEntry(f"{name} takes 1 damage from {'poison' if kind == 'poison' else 'the constriction'}."))
            log.extend(died)
            wizard = state.wizard(seat)
    if not wizard.on_board:
        return state, log
    gained = _artifact_mana(state, wizard)
    if gained:
        wizard = replace(wizard, mana=min(MAX_MANA, wizard.mana + gained))
        state = state.with_wizard(wizard)
        log.append(LogEntry(f"{name} draws {gained} mana from artifacts."))
    state, upkeep = _upkeep(state, wizard)
    log.extend(upkeep)
    wizard = state.wizard(seat)
    if wizard.hex is None:  # the change its upkeep forced in flight killed it
        return state, log
    seen = tuple(
        w.seat
        for w in state.standing()
        if w.seat != seat
        and w.hex is not None
        and in_sight(state.grid, wizard.hex, w.hex, airborne=wizard.flying or w.flying)
    )
    return replace(state, done=replace(state.done, seen=seen)), log


def _rise(wizard: Wizard) -> Wizard:
    """Flying high: a climb or descent declared last turn is complete now."""
    if wizard.rising > 0 and wizard.flying:
        return replace(wizard, high=True, rising=0)
    if wizard.rising < 0:
        return replace(wizard, high=False, rising=0)
    return replace(wizard, rising=0) if wizard.rising else wizard


def _change_progress(state: MetaState, wizard: Wizard) -> tuple[MetaState, list[LogEntry]]:
    """A changing wizard's counter moves one cell towards its target; on arrival it takes the shape, whole. From
    rules version 3 it drops what it holds as the shape arrives (the seed: objects drop "when you change shapes"):
    a Human who cast Morph and picked the Key up again that turn no longer becomes a Rat holding the Key."""
    if wizard.target is None or wizard.cell is None:
        return state, []
    goal = TABLES.shapes[wizard.target].cell
    assert goal is not None
    cell = step_towards(wizard.cell, goal)
    name = SEAT_NAMES[wizard.seat]
    if cell != goal:
        more = plural(cells_apart(cell, goal), "turn")
        line = f"{name}'s change goes on: the Blob moves a cell towards {article(wizard.target)} ({more} more)."
        return state.with_wizard(replace(wizard, cell=cell)), [LogEntry(line)]
    dropped: list[LogEntry] = []
    if state.as_printed:
        state, dropped = drop_all(state, wizard)
    shape = TABLES.shapes[wizard.target]
    done = replace(wizard, shape=shape.name, target=None, cell=None, damage=0, flying=shape.flies, high=False)
    return state.with_wizard(done), [*dropped, LogEntry(f"{name} takes the shape of {article(shape.name)}.")]


def _artifact_mana(state: MetaState, wizard: Wizard) -> int:
    """The mana artifacts give (data/artifacts.json): one that works carried, to its bearer (the Key: 4); one that
    works on the ground, to every wizard in its hex unless that hex is water (a Font: 6, each Font adding up);
    never to a Blob (the seed: no mana is gained while a Blob)."""
    if wizard.shape == BLOB or not state.artifacts:
        return 0
    gained = 0
    for artifact in state.artifacts:
        if artifact.destroyed:
            continue
        kind = TABLES.artifacts[artifact.kind]
        if kind.works == "carried" and artifact.carrier == wizard.seat:
            gained += kind.mana
        elif kind.works == "ground" and artifact.hex == wizard.hex and artifact.carrier is None:
            gained += 0 if TABLES.terrain[terrain_at(state.grid, wizard.hex)].water else kind.mana  # type: ignore[arg-type]
    return gained


def _upkeep(state: MetaState, wizard: Wizard) -> tuple[MetaState, list[LogEntry]]:
    """Pay the shape's maintenance; a wizard who cannot becomes a Blob heading back to Human. From rules version 3
    a flier that cannot pay takes the seed's 4 damage for changing shape without landing (which can kill): the
    change is as much a change of shape as a Morph, and it could have landed last turn."""
    cost = maintenance(wizard, state.options.specialization)
    if cost == 0:
        return state, []
    name = SEAT_NAMES[wizard.seat]
    if wizard.mana >= cost:
        return state.with_wizard(replace(wizard, mana=wizard.mana - cost)), [
            LogEntry(f"{name} pays {cost} mana to stay {article(wizard.shape)}.")
        ]
    log = [LogEntry(f"{name} cannot pay {cost} mana for the {wizard.shape}.")]
    state, dropped = drop_all(state, wizard)
    log += dropped
    if wizard.flying and state.as_printed:  # the seed's 4 damage for changing shape in flight, this change too
        state, died = wound(state, state.wizard(wizard.seat), FLIGHT_CHANGE_DAMAGE, None)
        log += [LogEntry(f"{name} changes shape in flight and takes {FLIGHT_CHANGE_DAMAGE} damage."), *died]
        if not state.wizard(wizard.seat).on_board:
            return state, log
    state = state.with_wizard(blobbed(state.wizard(wizard.seat), HUMAN))
    return state, [*log, LogEntry(f"{name} melts into a Blob and heads back to Human.")]


def end_turn(state: MetaState) -> tuple[MetaState, list[LogEntry]]:
    """Close the active wizard's turn and begin the next wizard's, starting a new round when everyone has had
    a turn. Wizards who die as their turn begins are passed over, and so (ours) is a wizard who can do
    nothing at all but end its turn: its turn passes by itself."""
    state = _close(state)
    log: list[LogEntry] = []
    while True:
        outcome = outcome_of(state)
        if outcome is not None:
            return replace(state, outcome=outcome), log
        state, new_round = _advance(state)
        if new_round:
            if state.round > state.options.rounds:
                return replace(state, outcome=Outcome.drawn(f"{state.options.rounds} rounds have passed.")), log
            order = ", ".join(SEAT_NAMES[s] for s in state.order)
            log.append(LogEntry(f"Round {state.round} begins. Order: {order}."))
        state, started = begin_turn(state)
        log.extend(started)
        if not state.wizard(state.active).on_board:
            continue
        outcome = outcome_of(state)
        if outcome is not None:
            return replace(state, outcome=outcome), log
        if more_than_ending(state, state.active):
            return state, log
        log.append(LogEntry(f"{SEAT_NAMES[state.active]} can do nothing this turn, and it passes."))
        state = _close(state)


def _close(state: MetaState) -> MetaState:
    """The active wizard's turn ends: its conditions count down (Ink waits for its next turn to begin), and what
    it struck is remembered (a flier that struck someone may be struck back)."""
    wizard = state.wizard(state.active)
    kept = tuple(
        c if c.kind == "ink" else replace(c, turns=c.turns - 1)
        for c in wizard.conditions
        if c.kind == "ink" or c.turns > 1
    )
    return state.with_wizard(replace(wizard, conditions=kept, struck=state.done.struck))


def _advance(state: MetaState) -> tuple[MetaState, bool]:
    """The next wizard on the board in this round's order, or a new round's first."""
    for index in range(state.index + 1, len(state.order)):
        if state.wizard(state.order[index]).on_board:
            return replace(state, index=index), False
    state, order = round_order(state)
    return replace(state, order=order, index=0, round=state.round + 1), True
