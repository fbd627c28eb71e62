"""Special abilities: which a wizard may use now, and what each does, by the effect fields of data/specials.json.

Kinds: a strike is added to a hand-to-hand attack and is the turn's special (``rules._attack`` rolls the blow
with its ``to_hit``, ``damage`` and ``pierces``; ``after_hit`` plays what it leaves on the target); an attack is
one of its own, beside the hand-to-hand one; self and object specials act on the wizard or an object; passives
(Climb, and Hands as carrying) are always on. From rules version 3 nothing is offered that cannot have its
effect: Sprint only while the wizard can still walk, Zap only against armour, Web and Trap only on a wizard they
can still stop, Charge after a run every Charge shape can make.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import LogEntry
from ...frozen import replace
from ...geometry.hexes import arc
from .board import in_sight, stands
from .combat import Blow, adjacent_artifacts, can_reach, describe_blow, roll_blow, wound
from .keys import MetaAction
from .model import DIE, MAX_MANA, SEAT_NAMES, SEAT_SLUGS, MetaState, Wizard
from .movement import modes
from .tables import HUMAN, TABLES, Shape, Special

STRIKES = tuple(s.id for s in TABLES.specials.values() if s.kind == "strike")
RANGED = tuple(s.id for s in TABLES.specials.values() if s.kind == "attack")
CHARGE_RUN_V2 = 3  # the forward run Charge's damage needed before rules version 3


def enemies(state: MetaState, wizard: Wizard) -> list[Wizard]:
    return [w for w in state.standing() if w.seat != wizard.seat]


def run_needed(state: MetaState, special: Special) -> int:
    """The forward run (hexes from start to end) a strike's damage needs: the data's from rules version 3, and 3
    before, which the Elephant, the Hippopotamus and the Eel (speed 2) could never cover."""
    if not special.run:
        return 0
    return special.run if state.as_printed else CHARGE_RUN_V2


def sees_unseen(body: Shape) -> bool:
    """Whether the shape may attack hand to hand after moving a wizard it did not see as its turn began (the
    seed: Charge and Track)."""
    return any(TABLES.specials[s].unseen for s in body.specials)


def strikes(state: MetaState, wizard: Wizard, foe: Wizard) -> list[str]:
    """The strikes the wizard may add to a hand-to-hand attack on ``foe`` now: the turn's special unspent, paid
    for, a strike's run covered; from rules version 3 a strike that ignores armour only against armour."""
    if state.done.special:
        return []
    found = []
    for special_id in wizard.body.specials:
        special = TABLES.specials[special_id]
        if special.kind != "strike" or special.cost > wizard.mana:
            continue
        if special.run and state.done.charge_run < run_needed(state, special):
            continue
        if special.pierces and state.as_printed and foe.body.arm == 0:
            continue
        found.append(special_id)
    return found


def on_offer(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """The specials of the wizard's shape it may use now (strikes come with the attacks)."""
    if state.done.special:
        return []
    found = []
    assert wizard.hex is not None
    for special_id in wizard.body.specials:
        special = TABLES.specials[special_id]
        if special.cost > wizard.mana:
            continue
        if special.kind == "attack":
            targets = ranged_targets(state, wizard, special_id)
            found += [MetaAction("special", special_id, SEAT_SLUGS[t.seat]) for t in targets]
        elif special_id == "rest":
            if wizard.shape == HUMAN and wizard.mana < MAX_MANA:
                found.append(MetaAction("special", "rest"))
        elif special_id == "sprint":
            if _can_sprint(state, wizard):
                found.append(MetaAction("special", "sprint"))
        elif special_id == "ink":
            found.append(MetaAction("special", "ink"))
        elif special_id == "survival":
            if wizard.damage:
                found.append(MetaAction("special", "survival"))
        elif special_id == "hands" and not wizard.high and len(state.held_by(wizard.seat)) < 2:
            found += [MetaAction("special", "pickup", a.id) for a in adjacent_artifacts(state, wizard.hex)]
    return found


def _can_sprint(state: MetaState, wizard: Wizard) -> bool:
    """Sprint before the move; from rules version 3 only while the wizard can still walk (not held, webbed or
    constricted, and with land speed): a sprint that cannot be run doubles nothing."""
    if state.done.moved:
        return False
    return not state.as_printed or (not wizard.pinned and "L" in modes(state, wizard))


def ranged_targets(state: MetaState, wizard: Wizard, special_id: str) -> list[Wizard]:
    """Who an attack of its own (Breathe, Flame, Web, Trap) can reach: in range, in sight, in the front arc for
    fire, a flier only if it reaches fliers; from rules version 3 a harmless one (Web, Trap) only a wizard it can
    still stop (not already pinned for its next turn, unless a web would bring it down)."""
    special = TABLES.specials[special_id]
    assert wizard.hex is not None
    found = []
    for foe in enemies(state, wizard):
        assert foe.hex is not None
        distance = foe.hex.distance(wizard.hex)
        if distance > special.range or (state.done.rising and not foe.flying):
            continue
        if special.front and arc(wizard.facing, wizard.hex, foe.hex) != "front":
            continue
        if not in_sight(state.grid, wizard.hex, foe.hex, airborne=wizard.flying or foe.flying):
            continue
        if special.harmless and state.as_printed and foe.pinned and not _grounds(state, special, foe):
            continue
        if can_reach(state, wizard, foe, reaches_fliers=special.fliers):
            found.append(foe)
    return found


def _grounds(state: MetaState, special: Special, foe: Wizard) -> bool:
    """Whether a hit of ``special`` would bring the flier ``foe`` down (Web, where its shape can stand)."""
    return special.inflicts == "web" and foe.flying and stands(state.grid, foe.body, foe.hex)  # type: ignore[arg-type]


def _lasting(state: MetaState, special: Special, target: Wizard) -> tuple[MetaState, Wizard, int]:
    """The target with the special's condition on it, and for how many of its turns: the next one, or a die's
    worth (rolled now)."""
    turns = 1
    if special.lasts == "die":
        rolled, rng = state.rng.below(DIE)
        state, turns = replace(state, rng=rng), rolled + 1
    return state, target.with_condition(special.inflicts, turns), turns  # type: ignore[arg-type]


def after_hit(
    state: MetaState, target: Wizard, blow: Blow, strike: str, by: Wizard
) -> tuple[MetaState, list[LogEntry]]:
    """A hand-to-hand blow's damage, then what its strike leaves on a target that survives (Hug, Constrict,
    Poison): on a hit only, even a hit for 0."""
    if not blow.hit:
        return state, []
    state, log = wound(state, target, blow.damage, by)
    target = state.wizard(target.seat)
    special = TABLES.specials[strike] if strike else None
    if not target.on_board or special is None or special.inflicts is None:
        return state, log
    state, target, turns = _lasting(state, special, target)
    state = state.with_wizard(target)
    name = SEAT_NAMES[target.seat]
    held = f"{name} is poisoned for {turns} turns." if special.inflicts == "poison" else f"{name} is held fast."
    return state, [*log, LogEntry(held)]


# -- the specials used on their own -------------------------------------------------------------------------------

Effect = Callable[[MetaState, Wizard, str], tuple[MetaState, list[LogEntry]]]


def _name(wizard: Wizard) -> str:
    return SEAT_NAMES[wizard.seat]


def _rest(state: MetaState, wizard: Wizard, _: str) -> tuple[MetaState, list[LogEntry]]:
    gained = min(TABLES.specials["rest"].mana, MAX_MANA - wizard.mana)
    return state.with_wizard(replace(wizard, mana=wizard.mana + gained)), [
        LogEntry(f"{_name(wizard)} rests: +{gained} mana.")
    ]


def _sprint(state: MetaState, wizard: Wizard, _: str) -> tuple[MetaState, list[LogEntry]]:
    return replace(state, done=replace(state.done, sprint=True)), [
        LogEntry(f"{_name(wizard)} sprints: land speed doubled.")
    ]


def _ink(state: MetaState, wizard: Wizard, _: str) -> tuple[MetaState, list[LogEntry]]:
    return state.with_wizard(wizard.with_condition("ink", 1)), [LogEntry(f"{_name(wizard)} hides in a cloud of ink.")]


def _survival(state: MetaState, wizard: Wizard, _: str) -> tuple[MetaState, list[LogEntry]]:
    healed = min(TABLES.specials["survival"].heal, wizard.damage)
    return state.with_wizard(replace(wizard, damage=wizard.damage - healed)), [
        LogEntry(f"{_name(wizard)} endures and recovers {healed} health.")
    ]


def _pickup(state: MetaState, wizard: Wizard, artifact_id: str) -> tuple[MetaState, list[LogEntry]]:
    artifact = state.artifact(artifact_id)
    state = state.with_artifact(replace(artifact, carrier=wizard.seat, hex=None))
    return state, [LogEntry(f"{_name(wizard)} picks up {artifact.name}.")]


VERBS = {"breathe": "breathes fire at", "flame": "flames", "web": "spins a web at", "trap": "snaps at"}


def _at(special_id: str) -> Effect:
    """The attacks of their own share one effect, told apart by their data."""

    def effect(state: MetaState, wizard: Wizard, target: str) -> tuple[MetaState, list[LogEntry]]:
        return _ranged(state, wizard, TABLES.specials[special_id], state.wizard(SEAT_SLUGS.index(target)))

    return effect


def _ranged(state: MetaState, wizard: Wizard, special: Special, target: Wizard) -> tuple[MetaState, list[LogEntry]]:
    """An attack of its own: rolled with the shape's attacks (and the special's ``att``); a harmful one wounds, a
    harmless one leaves its condition on a hit (a web brings a flier down where it can stand)."""
    state, blow = roll_blow(state, wizard, target, wizard.body.att + special.att)
    text = f"{_name(wizard)} {VERBS[special.id]} {SEAT_NAMES[target.seat]}"
    if not special.harmless:
        state, died = wound(state, target, blow.damage, wizard)
        return state, [LogEntry(f"{text} {describe_blow(blow)}."), *died]
    text += f" (rolled {blow.roll}, {blow.total} against {blow.mark}) {'and catches it' if blow.hit else 'and misses'}."
    if blow.hit:
        state, caught, _ = _lasting(state, special, target)
        if _grounds(state, special, caught):
            caught = replace(caught, flying=False, high=False, rising=0)
            text += f" {SEAT_NAMES[target.seat]} is brought down."
        state = state.with_wizard(caught)
    return state, [LogEntry(text)]


SPECIAL_EFFECTS: dict[str, Effect] = {
    "rest": _rest,
    "sprint": _sprint,
    "ink": _ink,
    "survival": _survival,
    "pickup": _pickup,
    **{special: _at(special) for special in RANGED},
}
STRIKE_EFFECTS = STRIKES  # played by ``rules._attack`` and ``after_hit``, from their data
PASSIVE_EFFECTS = ("climb", "hands")  # climb in movement.entry_cost; hands lets "pickup" be offered
