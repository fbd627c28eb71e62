"""Shadowscape's evaluation: what a position is worth to a seat, for the planner and for any search.

Competitive: Shadow Shards first, then what turns into shards (trophies and treasures for whispers and
equipment, whispers whose condition is met, fate cards to boost with), less what holds a hero back (Wounds on
action cards). Cooperative: the whole team's progress towards the Lord (whispers dug through, the Lord's
wounds) against the fate deck that runs out, less the team's Wounds.
"""

from __future__ import annotations

import math

from . import area
from .dungeon import Place, distances, laid_at
from .enemies import kind_of
from .model import HeroState, ShadowState
from .tables import TABLES
from .whispers import claimable, has, lord_side, whisper_rooms

SHARD = 1.0
TOKEN = 0.35  # a trophy or treasure: spent on a claim, or shown for a whisper
READY_WHISPER = 0.6  # a face-up whisper the hero could claim now
CARD = 0.08  # a fate card in hand
CARD_WOUND = 0.25  # a Wound that disables an action card
EQUIPMENT = 0.25
ROOM_SHARD = 0.3  # a Shard room underfoot: a whole Shard only once the last turns have begun
APPROACH = 0.04  # per room nearer to the closest treasure or enemy (what turns into tokens)
WHISPER_APPROACH = 0.08  # per room nearer to where a face-up whisper the hero qualifies for is claimed
FAR = 6
CLAIM = 0.08  # co-op: a whisper claimed before the Lord is up
DUG = 1.0  # co-op: the worth of the digging once the Lord is up (about what the claims were worth)
LORD_UP = 0.2
LORD_PRIZE = 3 * SHARD  # competitive: the Lord's whisper, the final blow's
LORD_PULL = 0.5  # the share of that prize the Lord's wounds are worth to a hero in his room (less, further off)
LORD_START = 0.25  # what an unhurt Lord is worth so, as progress: someone must strike first
SEARCH_READY = 0.4  # a Search face up on a card without Wounds: treasures are won only by searching
SEARCH_LATER = 0.2  # a Search face on the other side of a card: a Move turns it up (any card moves)
IDLE_TROPHY = 0.2  # a trophy no face-up whisper asks for: it buys only a General Action card


def evaluate(state: ShadowState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1]."""
    if state.outcome is not None:
        return 1.0 if seat in state.outcome.winners else -1.0
    if state.phase in ("draft", "place"):
        return 0.0
    if state.cooperative:
        return _team(state)
    prizes = _prizes(state)  # the same rooms for every hero: found once
    mine = _worth(state, state.hero(seat), prizes)
    best_other = max((_worth(state, h, prizes) for h in state.heroes if h.seat != seat), default=0.0)
    return math.tanh((mine - best_other) / 4)


def _worth(state: ShadowState, hero: HeroState, prizes: set[Place]) -> float:
    card_wounds = sum(card.wounds for card in hero.cards)
    ready = sum(claimable(state, hero, w) for w in state.piles.whisper_row)
    owned = sum(TABLES.whispers[w].shards for w in hero.whispers) + sum(
        TABLES.equipment[e].shards for e in hero.equipment
    )
    underfoot = hero.place is not None and laid_at(state.dungeon, hero.place).shown().shard
    return (
        SHARD * owned
        + (SHARD if state.final_turns is not None else ROOM_SHARD) * underfoot
        - APPROACH * _distance(state, hero.place, prizes)
        - WHISPER_APPROACH * _distance(state, hero.place, _whisper_goals(state, hero))
        + _token_worth(state, hero)
        + _search_worth(hero)
        + _lord_claim(state, hero)
        + READY_WHISPER * ready
        + CARD * len(hero.hand)
        + EQUIPMENT * len(hero.equipment)
        - CARD_WOUND * card_wounds
    )


def _token_worth(state: ShadowState, hero: HeroState) -> float:
    """Treasures buy equipment and meet whispers; a trophy is worth as much only while a face-up whisper asks
    for one of its kind, else it buys no more than a General Action card. Without the difference, a hero held
    three trophies nobody wanted and never made room for the treasure the row asked for."""
    wanted = {
        need.enemy
        for whisper_id in state.piles.whisper_row
        for need in TABLES.whispers[whisper_id].needs
        if need.kind == "trophy"
    }
    trophies = sum(TOKEN if None in wanted or kind_of(t).type in wanted else IDLE_TROPHY for t in hero.trophies)
    return trophies + TOKEN * len(hero.treasures)


def _search_worth(hero: HeroState) -> float:
    """A Search face up and usable, or one a Move would turn up. Several heroes have none, and one without can win
    no treasure: it must buy a General Action card that searches (with a trophy), or the whispers that ask for
    treasures, equipment or a Search stay in the row for the whole match. The face down is worth less than the
    face up by less than a treasure, so a hero still searches when it can."""
    faces = [(TABLES.actions[c.card].faces, c) for c in hero.cards]
    if any(sides[c.face].action == "search" and c.wounds == 0 for sides, c in faces):
        return SEARCH_READY
    return SEARCH_LATER if any(side.action == "search" for sides, _ in faces for side in sides) else 0.0


def _lord_claim(state: ShadowState, hero: HeroState) -> float:
    """Competitive: the Lord's whisper goes to the final blow, so his wounds are worth most to the hero
    nearest him, who is likeliest to deal it. A person strikes the Lord when a rival is not better placed to
    finish him; valued at nothing until the kill, he was left alone in his room for the whole match."""
    if state.cooperative or state.lord.place is None:
        return 0.0
    progress = LORD_START + state.lord.damage / max(1, lord_side(state).defence)
    return LORD_PULL * LORD_PRIZE * progress / (1 + _distance(state, hero.place, {state.lord.place}))


def _prizes(state: ShadowState) -> set[Place]:
    """Rooms with something to take: treasure tokens, enemies, the Lord."""
    rooms = {where for _, where in state.treasures} | {where for _, where in state.enemies}
    if state.lord.place is not None:
        rooms.add(state.lord.place)
    return rooms


def _whisper_goals(state: ShadowState, hero: HeroState) -> set[Place]:
    """Rooms where the hero could claim a face-up whisper whose other needs it already meets (a Search is
    made on arrival, so it counts as met)."""
    rooms: set[Place] = set()
    for whisper_id in state.piles.whisper_row:
        needs = TABLES.whispers[whisper_id].needs
        if all(need.kind == "search" or has(state, hero, need) for need in needs):
            rooms |= whisper_rooms(state.dungeon, whisper_id)
    return rooms


def _distance(state: ShadowState, place: Place | None, goals: set[Place]) -> int:
    """Rooms to walk from ``place`` to the nearest of ``goals`` (``FAR`` when none is reachable)."""
    if place is None or not goals:
        return FAR
    return min((steps for room, steps in distances(state.dungeon, place).items() if room in goals), default=FAR)


def _team(state: ShadowState) -> float:
    """Co-op: whispers claimed (each brings the Lord's card closer), then the Lord's wounds, against the deck left
    and the team's Wounds. Once the Lord is up, claims count for nothing more (digging is done: a fixed
    ``DUG``), and the sum is squashed, not clipped, so a blow at the Lord always reads as better than none."""
    claimed = sum(len(h.whispers) for h in state.heroes)
    lord_up = state.lord.place is not None
    lord = state.lord.damage / max(1, lord_side(state).defence) if lord_up else 0.0
    deck = len(state.piles.fate) / 60
    wounds = sum(sum(c.wounds for c in h.cards) for h in state.heroes)
    if lord_up:
        approach = sum(_distance(state, h.place, {state.lord.place}) for h in state.heroes)
    else:
        prizes = _prizes(state)
        approach = sum(
            _distance(state, h.place, prizes) + 2 * _distance(state, h.place, _whisper_goals(state, h))
            for h in state.heroes
        )
    approach /= max(1, len(state.heroes))
    ready = 0 if lord_up else sum(claimable(state, h, w) for h in state.heroes for w in state.piles.whisper_row)
    tokens = sum(area.tokens(h) for h in state.heroes)
    score = (
        (DUG + LORD_UP if lord_up else CLAIM * claimed)
        + 0.8 * lord
        + 0.3 * deck
        - 0.05 * wounds
        + 0.03 * tokens
        + 0.04 * ready
        - 0.015 * approach
    )
    return 0.95 * math.tanh(score - 1.0)
