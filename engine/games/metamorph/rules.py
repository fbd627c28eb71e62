"""Playing one legal action: moving, casting, specials, hand-to-hand attacks, declarations and ending a turn.

Each function takes a state in which the action is legal (``actions.legal`` listed it) and returns the next
state and its log lines. Dice come from the state's generator.
"""

from __future__ import annotations

from ...core import LogEntry, Outcome
from ...frozen import replace
from .actions import SEAT_SLUGS, can_stand
from .board import hex_name, parse_hex
from .combat import blobbed, describe_blow, drop_all, roll_blow, strike_artifact, wound
from .keys import FACING_WORDS, FACINGS, MetaAction, is_whole, parent
from .model import (
    DIE,
    FLIGHT_CHANGE_DAMAGE,
    SCHOOL_BY_SLUG,
    SEAT_NAMES,
    SHAPE_BY_SLUG,
    MetaState,
    Wizard,
    article,
    intelligence,
)
from .movement import reaches_forward
from .specials import SPECIAL_EFFECTS, after_hit, run_needed
from .tables import HUMAN, SCHOOL_NAMES, TABLES, chart_distance
from .turns import begin_turn, end_turn, outcome_of


def play(state: MetaState, seat: int, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    """Apply ``action`` (already known to be legal) for ``seat``: a stage of a decision is only noted (nothing
    happens on the table, nothing is logged); a whole action clears the stages picked before it."""
    if action.kind == "back":
        before = parent(MetaAction(*state.pending))  # type: ignore[arg-type]
        return replace(state, pending=tuple(p for p in before if p) if before else ()), []
    if not is_whole(action):
        return replace(state, pending=tuple(p for p in action if p)), []
    if state.pending:
        state = replace(state, pending=())
    handler = {
        "school": _school,
        "move": _move,
        "cast": _cast,
        "special": _special,
        "attack": _attack,
        "land": _land,
        "drop": _drop,
        "rise": _rise,
        "end": _end,
    }[action.kind]
    state, log = handler(state, state.wizard(seat), action)
    if state.outcome is None and action.kind not in ("end", "school"):
        outcome = outcome_of(state)
        if outcome is not None:
            state = replace(state, outcome=outcome)
        elif not state.wizard(seat).on_board:  # it left the map: the next wizard's turn
            state, more = end_turn(state)
            log += more
    return state, log


def _name(wizard: Wizard) -> str:
    return SEAT_NAMES[wizard.seat]


def _school(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    """Specialization: each wizard picks a school (or, from rules version 3, none) in the first round's order,
    then play begins."""
    school = SCHOOL_BY_SLUG.get(action.a)
    state = state.with_wizard(replace(wizard, school=school))
    studies = f"the {SCHOOL_NAMES[school]} school" if school else "no school: every shape costs what it says"
    log = [LogEntry(f"{_name(wizard)} studies {studies}.")]
    if state.index + 1 < len(state.order):
        return replace(state, index=state.index + 1), log
    state = replace(state, choosing_school=False, index=0)
    state, started = begin_turn(state)
    return state, log + started


def _move(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    mode, start = action.a, wizard.hex
    assert start is not None
    done = replace(state.done, moved=True)
    if action.b == "off":
        carries_key = state.carries_key(wizard.seat)
        gone = replace(wizard, left_map=True, hex=None, flying=False, high=False)
        state = replace(state.with_wizard(gone), done=done, last_path=(start,))
        if carries_key:
            reason = f"{_name(wizard)} leaves the map carrying the Key of Solomon."
            return replace(state, outcome=Outcome.win(wizard.seat, reason=reason)), [LogEntry(reason)]
        state, dropped = drop_all(state, replace(wizard, hex=start))
        return state, [LogEntry(f"{_name(wizard)} leaves the map without the Key, and is out of the game."), *dropped]
    end = parse_hex(action.b)
    facing = FACINGS.index(action.c)
    forward = end.distance(start) if _went_forward(state, wizard, action) else 0
    moved = replace(wizard, hex=end, facing=facing, flying=mode == "A")
    done = replace(done, charge_run=forward)
    state = replace(state.with_wizard(moved), done=done, last_path=(start, end))
    if end == start:
        lands = " lands and" if wizard.flying and mode != "A" else ""
        return state, [LogEntry(f"{_name(wizard)}{lands} turns to face {FACING_WORDS[facing]} in {hex_name(end)}.")]
    how = {"L": "walks", "W": "swims", "A": "flies"}[mode]
    return state, [LogEntry(f"{_name(wizard)} {how} to {hex_name(end)}, facing {FACING_WORDS[facing]}.")]


def _went_forward(state: MetaState, wizard: Wizard, action: MetaAction) -> bool:
    """Whether the chosen end is reached moving forward (Charge counts only forward runs)."""
    return reaches_forward(state, wizard, action.a, parse_hex(action.b), FACINGS.index(action.c))  # type: ignore[arg-type]


def _cast(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    spell = TABLES.spells[action.a]
    state = replace(state, done=replace(state.done, cast=True))
    name = _name(wizard)
    if spell.id == "morph":
        return _morph(state, wizard, SHAPE_BY_SLUG[action.b])
    wizard = replace(wizard, mana=wizard.mana - spell.level)
    state = state.with_wizard(wizard)
    if spell.id == "heal":
        healed = min(wizard.damage, intelligence(state, wizard))
        state = state.with_wizard(replace(wizard, damage=wizard.damage - healed))
        return state, [LogEntry(f"{name} casts Heal and recovers {healed} health.")]
    if spell.id == "teleport":
        hex_ = parse_hex(action.b)
        state = replace(state.with_wizard(replace(wizard, hex=hex_)), last_path=(wizard.hex, hex_))  # type: ignore[arg-type]
        state = replace(state, done=replace(state.done, teleported=True))
        return state, [LogEntry(f"{name} teleports to {hex_name(hex_)}.")]
    target = state.wizard(SEAT_SLUGS.index(action.b))
    turns, rng = state.rng.below(DIE)
    state = replace(state, rng=rng)
    kind = spell.id
    state = state.with_wizard(target.with_condition(kind, turns + 1))
    what = "its speeds are halved" if kind == "slow" else "it may change only within its class"
    line = f"{name} casts {spell.name} on {SEAT_NAMES[target.seat]}: for {turns + 1} of its turns {what}."
    return state, [LogEntry(line)]


def _morph(state: MetaState, wizard: Wizard, target: str) -> tuple[MetaState, list[LogEntry]]:
    """Declare the target shape: pay 1 + the damage taken; drop what is held; a change to a neighbouring cell
    completes as the next turn begins, a longer one makes the wizard a Blob at once."""
    name = _name(wizard)
    log: list[LogEntry] = []
    if wizard.flying:
        state, died = wound(state, wizard, FLIGHT_CHANGE_DAMAGE, None)
        log.append(LogEntry(f"{name} changes shape in flight and takes {FLIGHT_CHANGE_DAMAGE} damage."))
        log += died
        wizard = state.wizard(wizard.seat)
        if not wizard.on_board:
            return state, log
    cost = 1 + wizard.damage
    state, dropped = drop_all(state, wizard)
    log += dropped
    wizard = state.wizard(wizard.seat)
    if wizard.mana < cost:
        state = state.with_wizard(blobbed(wizard, HUMAN))
        log.append(
            LogEntry(f"{name} cannot pay {cost} mana for the change and melts into a Blob heading back to Human.")
        )
        return state, log
    wizard = replace(wizard, mana=wizard.mana - cost)
    distance = chart_distance(wizard.shape, target)
    if distance == 1:
        cell = TABLES.shapes[wizard.shape].cell
        state = state.with_wizard(replace(wizard, target=target, cell=cell))
        log.append(LogEntry(f"{name} casts Morph ({cost} mana): {article(target)} as the next turn begins."))
    else:
        state = state.with_wizard(replace(blobbed(wizard, target), mana=wizard.mana))
        turns = distance
        log.append(
            LogEntry(f"{name} casts Morph ({cost} mana) and melts into a Blob: {article(target)} in {turns} turns.")
        )
    return state, log


def _special(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    """Pay for a special and play its effect (``SPECIAL_EFFECTS``, keyed by the special's id)."""
    special = TABLES.specials["hands" if action.a == "pickup" else action.a]
    wizard = replace(wizard, mana=wizard.mana - special.cost)
    state = replace(state.with_wizard(wizard), done=replace(state.done, special=True))
    return SPECIAL_EFFECTS[action.a](state, wizard, action.b)


def _attack(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    """One hand-to-hand attack, with a strike special if named (it is then the turn's special)."""
    done = replace(state.done, attacked=True)
    if action.a not in SEAT_SLUGS:
        state = replace(state, done=done)
        state, lines = strike_artifact(state, wizard, state.artifact(action.a), wizard.body.att)
        return state, [LogEntry(line) for line in lines]
    target = state.wizard(SEAT_SLUGS.index(action.a))
    strike = action.b
    done = replace(done, struck=(*done.struck, target.seat), special=done.special or bool(strike))
    state = replace(state, done=done)
    to_hit = bonus = 0
    if strike:
        special = TABLES.specials[strike]
        wizard = replace(wizard, mana=wizard.mana - special.cost)
        state = state.with_wizard(wizard)
        to_hit, bonus = special.to_hit, special.damage if state.done.charge_run >= run_needed(state, special) else 0
    pierces = bool(strike) and TABLES.specials[strike].pierces
    state, blow = roll_blow(state, wizard, target, wizard.body.att, to_hit=to_hit, bonus=bonus, ignore_armour=pierces)
    with_what = f" with {TABLES.specials[strike].name}" if strike else ""
    log = [LogEntry(f"{_name(wizard)} attacks {SEAT_NAMES[target.seat]}{with_what} {describe_blow(blow)}.")]
    state, more = after_hit(state, target, blow, strike, wizard)
    return state, log + more


def _land(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    assert can_stand(state, wizard, wizard.hex)
    return state.with_wizard(replace(wizard, flying=False)), [LogEntry(f"{_name(wizard)} lands.")]


def _drop(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    artifact = state.artifact(action.a)
    state = state.with_artifact(replace(artifact, carrier=None, hex=wizard.hex))
    return state, [LogEntry(f"{_name(wizard)} puts down {artifact.name} in {hex_name(wizard.hex)}.")]  # type: ignore[arg-type]


def _rise(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    """Flying high: climbing or descending takes this turn's move; it is complete as the next turn begins."""
    up = action.a == "up"
    state = replace(state, done=replace(state.done, moved=True, rising=True))
    state = state.with_wizard(replace(wizard, rising=1 if up else -1))
    return state, [LogEntry(f"{_name(wizard)} {'climbs high' if up else 'descends'}.")]


def _end(state: MetaState, wizard: Wizard, action: MetaAction) -> tuple[MetaState, list[LogEntry]]:
    return end_turn(state)
