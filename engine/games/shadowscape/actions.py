"""What a seat may decide now, listed in a fixed order: the draft and placing, then in the Action Phase the
actions card by card (Move with any usable card, then the face's own action), the claims, Alter Fate and
``end``; in a pending decision, its options (Defence boosts, where Wounds go, the next attack, ...).

Boosts are listed as every set of fate cards that can pay for the action's symbol, up to the size that can
still change the result (an ordinary enemy falls or not; a treasure is taken or not; Movement reaches a room
or not); against the Dungeon Lord, whose damage stays, every size.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from . import area
from .cards import ActionSide
from .dungeon import CORNERS, name, neighbours
from .fate import alter_fate_options
from .keys import ShadowAction
from .model import ACTIONS_PER_TURN, HeroState, ShadowState
from .powers import seat_token, special_options
from .reactions import options
from .scope import free_boost, needed, reach, room_shrine, search_targets, subsets, targets
from .tables import TABLES
from .whispers import claimable

SEATS = ("s0", "s1", "s2", "s3")


def legal(state: ShadowState, seat: int) -> list[ShadowAction]:
    """Every legal decision of ``seat`` now (empty when it has none)."""
    if state.outcome is not None:
        return []
    if state.pending is not None:
        return pending_options(state, seat) if seat == state.pending.seat else []
    if seat != state.active:
        return []
    if state.phase == "draft":
        return _draft(state)
    if state.phase == "place":
        taken = {h.place for h in state.heroes}
        return [ShadowAction("start", name(c)) for c in CORNERS if c not in taken]
    hero = state.hero(seat)
    found: list[ShadowAction] = []
    if state.used.actions < ACTIONS_PER_TURN:
        rooms = _move_rooms(state, hero)
        for card in hero.cards:
            if area.usable(card):
                found += [ShadowAction("mv", card.card, room, boosts) for room, boosts in rooms]
                found += _face_actions(state, hero, card.card, area.face(card))
    if not state.used.claimed:
        found += claims(state, hero)
    if not state.used.altered:
        found += alter_fate_options(state, hero)
    found.append(ShadowAction("end"))
    if state.final_turns is not None and seat in state.final_turns:
        found.append(ShadowAction("end", "rest"))
    return found


def _draft(state: ShadowState) -> list[ShadowAction]:
    """Free heroes (of those this rules version drafts), each with every choice of which cards start on their
    back face."""
    taken = {h.hero for h in state.heroes}
    found = []
    for hero in TABLES.heroes_for(state.rules):
        if hero.id in taken:
            continue
        for size in range(5):
            for flips in itertools.combinations("1234", size):
                found.append(ShadowAction("hero", hero.id, "".join(flips)))
    return found


def _move_rooms(state: ShadowState, hero: HeroState) -> list[tuple[str, tuple[str, ...]]]:
    """Where a Move can go, each with every set of move cards that pays for it (none for a hero a collapse
    holds this turn); any usable card can make the Move."""
    assert hero.place is not None
    if hero.stuck:
        return []
    base = area.movement(hero, room_shrine(state, hero)) + free_boost(state, hero, "move")
    pay = area.boost_cards(hero, "move")
    found = []
    for room, cost in reach(state, hero, most=base + len(pay)).items():
        extra = max(0, cost - base)
        if extra <= len(pay):
            found += [(name(room), boosts) for boosts in itertools.combinations(pay, extra)]
    return found


def _face_actions(state: ShadowState, hero: HeroState, card: str, side: ActionSide) -> list[ShadowAction]:
    """The face's own action: attack or magic at each target, search, prepare, heal, or a special."""
    kind = side.action
    if kind in ("attack", "magic"):
        return [a for target in _attack_targets(state, hero, side) for a in _boosted(state, hero, card, side, target)]
    if kind == "search":
        return [a for target in search_targets(state, hero, side) for a in _boosted(state, hero, card, side, target)]
    if kind == "prepare":
        return [ShadowAction("pr", card)]
    if kind == "heal":
        if side.effect is not None and side.effect.id == "mend_ally":
            hurt = [h.seat for h in state.heroes if h.place == hero.place and area.wounds_total(h)]
            return [a for seat in hurt for a in _boosted(state, hero, card, side, seat_token(seat))]
        return list(_boosted(state, hero, card, side, "")) if area.wounds_total(hero) else []
    return special_options(state, hero, card, side)


def _attack_targets(state: ShadowState, hero: HeroState, side: ActionSide) -> list[str]:
    """Targets, and with a shove rider also each target pushed into each room beside it (if it survives)."""
    found = targets(state, hero, side)
    if side.effect is not None and side.effect.id == "shove":
        rooms = dict(state.enemies)
        found += [f"{t}>{name(p)}" for t in found if t != "lord" for p in neighbours(state.dungeon, rooms[t])]
    return found


KIND_KEYS = {"attack": "at", "magic": "at", "search": "se", "heal": "he"}


def _boosted(state: ShadowState, hero: HeroState, card: str, side: ActionSide, target: str) -> Iterator[ShadowAction]:
    pay = area.boost_cards(hero, side.boost) if side.boost else []
    most = needed(state, hero, side, target.partition(">")[0])
    for boosts in subsets(pay, len(pay) if most is None else most):
        yield ShadowAction(KIND_KEYS[side.action], card, target, boosts)


def claims(state: ShadowState, hero: HeroState) -> list[ShadowAction]:
    """Equipment for a treasure token, a General Action card for a trophy (ours), a whisper whose condition
    the hero meets."""
    found = []
    for item in state.piles.equipment_market:
        found += [ShadowAction("cl", item, token) for token in hero.treasures]
    for card in state.piles.action_market:
        found += [ShadowAction("cl", card, token) for token in hero.trophies]
    found += [ShadowAction("cl", w) for w in state.piles.whisper_row if claimable(state, hero, w)]
    return found


def pending_options(state: ShadowState, seat: int) -> list[ShadowAction]:
    """The options of the decision the rules wait for."""
    return options(state, seat)
