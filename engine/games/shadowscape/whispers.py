"""Whispers and the Dungeon Lord: whether a hero meets a whisper's condition, the whisper row's refill (which
brings the Lord into the centre room when its whisper turns up), and the Lord's side for the mode.
"""

from __future__ import annotations

import functools

from ...frozen import replace
from .cards import LordSide, Need, Place, Whisper
from .dungeon import CENTRE, CORNERS, Laid, laid_at, places
from .dungeon import Place as Room
from .enemies import kind_of
from .model import PRINTED_WORD, HeroState, ShadowState, topped_up
from .tables import TABLES


def lord_side(state: ShadowState) -> LordSide:
    lord = TABLES.lords[state.lord.lord]
    return lord.cooperative if state.cooperative else lord.competitive


def lord_defence(state: ShadowState) -> int:
    """Damage still needed to eliminate the Lord: its Defence less the damage it has taken (ours: it stays)."""
    return max(0, lord_side(state).defence - state.lord.damage)


def claimable(state: ShadowState, hero: HeroState, whisper_id: str) -> bool:
    """Whether ``hero`` meets the face-up whisper's place and needs now (tokens are shown, not spent)."""
    whisper = TABLES.whispers[whisper_id]
    if whisper.place is not None and not _placed(state, hero, whisper):
        return False
    return all(has(state, hero, need) for need in whisper.needs)


def _placed(state: ShadowState, hero: HeroState, whisper: Whisper) -> bool:
    """Whether the hero meets the whisper's place: stands there, or, for a whisper that asks for a Search there
    (from rules version 5), has searched such a room this turn, from wherever the Search reached it (the seed:
    a Search of an adjacent room is made there)."""
    assert whisper.place is not None
    if state.rules >= PRINTED_WORD and any(need.kind == "search" for need in whisper.needs):
        return any(fits(state.dungeon, room, whisper.place) for room in state.used.searched)
    return at_place(state, hero, whisper.place)


def at_place(state: ShadowState, hero: HeroState, place: Place) -> bool:
    return hero.place is not None and fits(state.dungeon, hero.place, place)


def fits(dungeon: tuple[Laid, ...], room: Room, place: Place) -> bool:
    """Whether the room at ``room`` is the kind of place a whisper names."""
    shown = laid_at(dungeon, room).shown()
    if place.kind == "lair":
        return shown.lair is not None and place.enemy in (None, shown.lair)
    if place.kind == "shrine":
        return shown.shrine is not None and place.shrine in (None, shown.shrine)
    if place.kind == "shard":
        return shown.shard
    if place.kind == "treasure":
        return shown.treasure
    if place.kind == "start":
        return room in CORNERS
    return room == CENTRE


@functools.lru_cache(maxsize=512)
def whisper_rooms(dungeon: tuple[Laid, ...], whisper_id: str) -> frozenset[Room]:
    """The rooms a hero may claim the whisper in (every room, for a whisper that names no place): for the AI,
    which walks towards them."""
    place = TABLES.whispers[whisper_id].place
    return frozenset(room for room in places() if place is None or fits(dungeon, room, place))


def has(state: ShadowState, hero: HeroState, need: Need) -> bool:
    if need.kind == "trophy":
        return sum(need.enemy in (None, kind_of(t).type) for t in hero.trophies) >= need.count
    if need.kind == "treasure":
        return len(hero.treasures) >= need.count
    if need.kind == "equipment":
        return sum(need.slot in (None, TABLES.equipment[e].slot) for e in hero.equipment) >= need.count
    if need.kind == "search":
        searched = bool(state.used.searched) if state.rules >= PRINTED_WORD else hero.place in state.used.searched
        return searched and hero.seat == state.active
    return state.lord.slain_by == hero.seat


def refill_row(state: ShadowState) -> ShadowState:
    """Turn whispers face up until the row holds four (or the deck is empty); the Lord's whisper coming up
    puts the Dungeon Lord in the centre room (the seed)."""
    row, deck = topped_up(state.piles.whisper_row, state.piles.whispers)
    state = replace(state, piles=replace(state.piles, whisper_row=row, whispers=deck))
    lord_up = any(TABLES.whispers[w].shards == 3 for w in row)
    if lord_up and state.lord.place is None and state.lord.slain_by is None:
        state = replace(state, lord=replace(state.lord, place=CENTRE))
    return state
