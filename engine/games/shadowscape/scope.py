"""What an action can reach and what it takes: rooms a Move ends in, targets of an attack or a search, an
enemy's Defence against a face, the free boosts a hero has, and how many boost cards can still matter.
Shared by the listing (``actions.py``), the powers, the fate texts and the rules that resolve them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from . import area
from .cards import ActionSide, ShrineKind, Symbol
from .dungeon import Place, adjacency, laid_at, name, neighbours
from .enemies import kind_of
from .model import HeroState, ShadowState
from .tables import TABLES
from .whispers import lord_defence, lord_side


def subsets(cards: Sequence[str], most: int) -> Iterator[tuple[str, ...]]:
    """Every set of ``cards`` (in hand order) of at most ``most`` cards, smallest first."""
    for size in range(min(most, len(cards)) + 1):
        yield from itertools.combinations(cards, size)


def room_shrine(state: ShadowState, hero: HeroState) -> ShrineKind | None:
    """The shrine of the room the hero stands in: shrines help only heroes in their room."""
    return laid_at(state.dungeon, hero.place).shown().shrine if hero.place else None


def free_boost(state: ShadowState, hero: HeroState, symbol: Symbol | None) -> int:
    """Boost the hero gets without cards: the room's shrine, and a once-per-turn free symbol not yet spent."""
    if symbol is None:
        return 0
    shrine = room_shrine(state, hero)
    free = 0 if symbol in state.used.free_symbols else area.amount_of(hero, "free_symbol", symbol=symbol)
    return area.shrine_boost(shrine, symbol) + free


def reach(state: ShadowState, hero: HeroState, *, blink: bool = False, most: int | None = None) -> dict[Place, int]:
    """Rooms a Move can end in, with the movement points each costs: one per room entered, stopping in a room
    with an enemy (once per turn not, with Slip Past; never, for a blink). With ``most``, only rooms costing at
    most that many points: the search stops there, as most moves are short and every decision lists them."""
    assert hero.place is not None
    slip = blink or (not state.used.slipped and area.amount_of(hero, "slip_past") > 0)
    occupied = {where for _, where in state.enemies} | ({state.lord.place} if state.lord.place else set())
    best: dict[Place, int] = {hero.place: 0}
    frontier = [hero.place]
    doors = adjacency(state.dungeon)
    depth = 0
    while frontier and (most is None or depth < most):
        depth += 1
        nxt = []
        for here in frontier:
            if here != hero.place and here in occupied and not slip:
                continue
            for other in doors[here]:
                if other not in best:
                    best[other] = best[here] + 1
                    nxt.append(other)
        frontier = nxt
    del best[hero.place]
    return best


def in_reach(state: ShadowState, hero: HeroState, side: ActionSide) -> set[Place]:
    """Rooms an action of this face may target: the hero's, and adjacent ones for a face that reaches or an
    ability that extends actions boosted by the face's symbol."""
    assert hero.place is not None
    rooms = {hero.place}
    extends = side.boost is not None and area.amount_of(hero, "reach_adjacent", symbol=side.boost) > 0
    if side.reach == "adjacent" or extends:
        rooms |= set(neighbours(state.dungeon, hero.place))
    return rooms


def targets(state: ShadowState, hero: HeroState, side: ActionSide) -> list[str]:
    """Enemies (and the Dungeon Lord) an attack of this face can target."""
    rooms = in_reach(state, hero, side)
    found = [token for token, where in state.enemies if where in rooms]
    if state.lord.place is not None and state.lord.place in rooms:
        found.append("lord")
    return found


def search_targets(state: ShadowState, hero: HeroState, side: ActionSide) -> list[str]:
    """Treasure tokens in reach, and the rooms in reach a face-up whisper asks to be searched."""
    rooms = in_reach(state, hero, side)
    found = [token for token, where in state.treasures if where in rooms]
    wanted = {w for w in state.piles.whisper_row if any(n.kind == "search" for n in TABLES.whispers[w].needs)}
    if wanted:
        found += [name(room) for room in sorted(rooms)]
    return found


def needed(state: ShadowState, hero: HeroState, side: ActionSide, target: str) -> int | None:
    """Boost cards that can still matter for ``target`` (``None``: any number, against the Lord)."""
    amount = area.base_value(hero, side) + free_boost(state, hero, side.boost) + bonus(state, hero, side)
    if target == "lord":
        return None
    if side.action in ("attack", "magic") and target in TABLES.enemies:
        return max(0, defence_of(state, target, side) - amount)
    if side.action == "search" and target in TABLES.treasures:
        return max(0, TABLES.treasures[target].search - amount)
    if side.action == "heal":
        patient = state.hero(int(target[1:])) if target.startswith("s") else hero
        return max(0, area.wounds_total(patient) - amount)
    return 0


def bonus(state: ShadowState, hero: HeroState, side: ActionSide) -> int:
    """What abilities and equipment add to a face's amount: searches, attacks of a symbol, and the first attack
    of a turn for a hero holding two weapons with Second Weapon."""
    extra = area.amount_of(hero, "treasure_eye") if side.action == "search" else 0
    if side.action in ("attack", "magic"):
        if side.boost is not None:
            extra += area.amount_of(hero, "extra_damage", symbol=side.boost)
        weapons = sum(TABLES.equipment[e].slot == "weapon" for e in hero.equipment)
        if weapons == 2 and area.amount_of(hero, "second_weapon") and not state.used.attacked:
            extra += 1
    return extra


def lord_damage(state: ShadowState, side: ActionSide, damage: int) -> int:
    """What an attack leaves on the Dungeon Lord, from rules version 5: Pierce counts (its Defence is that much
    less against the blow), and Armoured or Warded takes its amount off (before, the Lord took the raw damage)."""
    effect = lord_side(state).effect
    armoured = effect.id == "armoured" and side.boost == "might"
    tough = effect.amount if armoured or (effect.id == "warded" and side.action == "magic") else 0
    cut = side.effect.amount if side.effect is not None and side.effect.id == "pierce" else 0
    return max(0, damage + cut - tough)


def defence_of(state: ShadowState, target: str, side: ActionSide) -> int:
    """An enemy's Defence against this face: Pierce lowers it; Armoured and Warded raise it in the advanced game."""
    if target == "lord":
        effect = lord_side(state).effect
        armoured = effect.id == "armoured" and side.boost == "might"
        tough = armoured or (effect.id == "warded" and side.action == "magic")
        return lord_defence(state) + (effect.amount if tough else 0)
    value = kind_of(target).defence - dict(state.weakened).get(target, 0)
    if side.effect is not None and side.effect.id == "pierce":
        value -= side.effect.amount
    if state.options.advanced:
        ability = kind_of(target).ability
        if (ability.id == "armoured" and side.boost == "might") or (ability.id == "warded" and side.action == "magic"):
            value += ability.amount
    return max(0, value)
