"""Where Wounds land and which ones a Heal takes away, from rules version 5, where the player chooses both (the
seed: "covering up a Wound symbol on your Hero Card or on any of your Action Cards"; Example V picks the
Wounds a Heal removes). A *spot* is ``hero`` (a Wound slot on the hero card) or an action card's id (one of
its slots). A card with a Heal face, on either side, takes no Wound ("Cards with the Heal Action cannot be
disabled by any game effects"), so a hero always keeps a way back.

Choices are listed smallest spots first and with the old fixed order first (the hero card before the cards
when placing, the cards before the hero card when removing), so a decision settled by its first option (the
AI's look-ahead) plays as versions 1–4 did.
"""

from __future__ import annotations

import itertools

from ...frozen import replace
from . import area
from .model import PRINTED_WORD, HeroState
from .tables import TABLES, Tables

HERO = "hero"


def never_disabled(card_id: str, tables: Tables = TABLES) -> bool:
    """A card with a Heal face on either side cannot take Wounds (version 5)."""
    return any(side.action == "heal" for side in tables.actions[card_id].faces)


def free_spots(hero: HeroState, rules: int, tables: Tables = TABLES) -> list[str]:
    """One entry per free Wound slot: the hero card's first, then each action card's, in the order they lie."""
    on_card, cards = area.free_wound_slots(hero, tables)
    if rules >= PRINTED_WORD:
        cards = [card for card in cards if not never_disabled(card, tables)]
    return [HERO] * on_card + cards


def placements(hero: HeroState, count: int, rules: int, tables: Tables = TABLES) -> list[tuple[str, ...]]:
    """Every way to place ``count`` Wounds (as many as there are free slots; the rest are lost), the hero card
    first; one entry when there is nothing to choose."""
    spots = free_spots(hero, rules, tables)
    size = min(count, len(spots))
    return sorted(set(itertools.combinations(spots, size)), key=lambda c: [spots.index(s) for s in c])


def place(hero: HeroState, spots: tuple[str, ...]) -> HeroState:
    """Put a Wound on each spot named."""
    hero = replace(hero, wounds=hero.wounds + spots.count(HERO))
    for card_id in spots:
        if card_id != HERO:
            card = hero.card(card_id)
            hero = hero.with_card(replace(card, wounds=card.wounds + 1))
    return hero


def wounded_spots(hero: HeroState) -> list[str]:
    """One entry per Wound in the Hero Area: the action cards' first, in the order they lie, then the hero card."""
    return [c.card for c in hero.cards for _ in range(c.wounds)] + [HERO] * hero.wounds


def removals(hero: HeroState, points: int) -> list[tuple[str, ...]]:
    """Every choice of Wounds to remove with ``points`` (all of them, if there are no more than that); the old
    order (cards before the hero card) first."""
    spots = wounded_spots(hero)
    size = min(points, len(spots))
    return sorted(set(itertools.combinations(spots, size)), key=lambda c: [spots.index(s) for s in c])


def remove(hero: HeroState, spots: tuple[str, ...]) -> HeroState:
    """Take a Wound off each spot named."""
    hero = replace(hero, wounds=hero.wounds - spots.count(HERO))
    for card_id in spots:
        if card_id != HERO:
            card = hero.card(card_id)
            hero = hero.with_card(replace(card, wounds=card.wounds - 1))
    return hero
