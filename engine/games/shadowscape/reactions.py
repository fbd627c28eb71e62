"""The decisions the rules wait for outside the active player's ordinary choice, and their options: a hero's
Defence boost against an attack (asked of that hero's player, on anyone's turn: a reaction window that never
says what the hand holds), where Wounds go when the hero card is full, which activated enemy attacks whom
next, discarding down to the Hand Size, a token over the limit, and the order of fate cards looked at.
"""

from __future__ import annotations

import itertools

from . import area, wounds
from .dungeon import neighbours
from .enemies import heroes_in_range, kind_of
from .keys import ShadowAction
from .model import PRINTED_WORD, Pending, ShadowState
from .powers import seat_token
from .scope import room_shrine, subsets
from .whispers import lord_side


def options(state: ShadowState, seat: int) -> list[ShadowAction]:
    pending = state.pending
    assert pending is not None and pending.seat == seat
    hero = state.hero(seat)
    if pending.kind == "defend":
        return defend_options(state, pending)
    if pending.kind == "wounds":
        if state.rules >= PRINTED_WORD:
            return [ShadowAction("wd", ".".join(p)) for p in wounds.placements(hero, pending.count, state.rules)]
        _, slots = area.free_wound_slots(hero)
        picks = sorted(set(itertools.combinations(slots, pending.count)))
        return [ShadowAction("wd", ".".join(p)) for p in picks]
    if pending.kind == "mend":
        patient = state.hero(pending.patient)
        return [ShadowAction("mn", ".".join(p)) for p in wounds.removals(patient, pending.count)]
    if pending.kind == "hit":
        return [
            ShadowAction("hit", enemy, seat_token(s))
            for enemy in dict.fromkeys(pending.queue)  # an enemy activated twice (two fate cards) is one choice
            for s in attack_targets(state, enemy)
        ]
    if pending.kind == "drop":
        return [ShadowAction("drop", boosts=c) for c in itertools.combinations(hero.hand, pending.count)]
    if pending.kind == "token":
        return [ShadowAction("drop", token) for token in (*hero.trophies, *hero.treasures)]
    orders = itertools.permutations(state.piles.fate[: pending.count])
    return [ShadowAction("ord", boosts=order) for order in orders]


def defend_options(state: ShadowState, pending: Pending) -> list[ShadowAction]:
    """``def`` plus each set of defence cards up to the size that still cancels damage (none where Fearsome
    forbids it: against a Fearsome attacker to version 4; from 5, in a room with a Fearsome enemy or Lord)."""
    hero = state.hero(pending.seat)
    if cowed(state, pending.seat) if state.rules >= PRINTED_WORD else fearsome(state, pending.attacker):
        return [ShadowAction("def")]
    block = area.defence(hero, attacker_type(pending.attacker), room_shrine(state, hero))
    most = max(0, pending.damage - block)
    return [ShadowAction("def", boosts=c) for c in subsets(area.boost_cards(hero, "defence"), most)]


def cowed(state: ShadowState, seat: int) -> bool:
    """Whether ``seat``'s hero stands in a room with a Fearsome enemy (the advanced game) or Lord: "while you are
    in its room, you cannot boost your Defence" (version 5)."""
    room = state.hero(seat).place
    if state.lord.place == room and lord_side(state).effect.id == "fearsome":
        return True
    return state.options.advanced and any(
        where == room and kind_of(token).ability.id == "fearsome" for token, where in state.enemies
    )


def attacker_of(entry: str) -> str:
    """The enemy token (or ``lord``) of a queued attack, without its fixed target."""
    return entry.partition(">")[0]


def attacker_type(attacker: str) -> str | None:
    who = attacker_of(attacker)
    return None if who == "lord" else kind_of(who).type


def fearsome(state: ShadowState, attacker: str) -> bool:
    who = attacker_of(attacker)
    if who == "lord":
        return lord_side(state).effect.id == "fearsome"
    return state.options.advanced and kind_of(who).ability.id == "fearsome"


def attack_targets(state: ShadowState, attacker: str) -> list[int]:
    """Seats an activated enemy (or the Lord: its room, or next to it with Dread Reach) can attack now;
    ``beast-3>2`` (or ``lord>2``) is an attack at seat 2 only: an ambush, or one of a sweeping Lord's."""
    if ">" in attacker:
        who, _, seat = attacker.partition(">")
        return [int(seat)] if int(seat) in attack_targets(state, who) else []
    if attacker == "lord":
        place = state.lord.place
        rooms = {place}
        side = lord_side(state)
        if side.ranged or side.effect.id == "dread_reach":
            rooms |= set(neighbours(state.dungeon, place))
        return [h.seat for h in state.heroes if h.place in rooms]
    where = dict(state.enemies).get(attacker)
    return heroes_in_range(state, attacker, where) if where is not None else []
