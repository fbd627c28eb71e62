"""A hero's area, read the way the rules read it: the face each action card shows, which cards can be used,
skill symbols, free Wound slots, Defence and Movement with everything that adds to them, and the boosts a
hand can pay for. Pure functions of a ``HeroState`` (and the room it stands in); the rules build on them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...frozen import replace
from .cards import ActionSide, Effect, EnemyType, Hero, ShrineKind, Skill, Symbol
from .model import CardState, HeroState
from .tables import TABLES, Tables

SHRINE_BOOSTS: dict[ShrineKind, Symbol] = {"arcane": "arcane", "battle": "might", "health": "heal", "armour": "defence"}


def hero_card(hero: HeroState, tables: Tables = TABLES) -> Hero:
    assert hero.hero is not None, "no hero chosen yet"
    return tables.heroes[hero.hero]


def face(card: CardState, tables: Tables = TABLES) -> ActionSide:
    """The face of an action card that is up now."""
    return tables.actions[card.card].faces[card.face]


def usable(card: CardState) -> bool:
    """An action card can be used when it is not exhausted this turn and carries no Wound (the seed)."""
    return not card.exhausted and card.wounds == 0


def used(card: CardState) -> CardState:
    """After an action the card flips to its other face and is exhausted for the rest of the turn."""
    return replace(card, face=1 - card.face, exhausted=True)


def abilities(hero: HeroState, tables: Tables = TABLES) -> list[Effect]:
    """The hero's own ability and those of equipment the hero's profession can use."""
    own = hero_card(hero, tables)
    found = [own.ability]
    for item_id in hero.equipment:
        item = tables.equipment[item_id]
        if own.profession in item.professions:
            found.append(item.effect)
    return found


def amount_of(hero: HeroState, effect_id: str, tables: Tables = TABLES, **match: object) -> int:
    """The total ``amount`` of an ability the hero has (0 without it); ``match`` filters on parameters, where
    an ability without that parameter applies to all (``defence_bonus`` with no enemy type counts always)."""
    total = 0
    for effect in abilities(hero, tables):
        if effect.id != effect_id:
            continue
        if all(getattr(effect, name) in (None, value) for name, value in match.items()):
            total += effect.amount or 1
    return total


def skills(hero: HeroState, skill: Skill, tables: Tables = TABLES) -> int:
    """Skill symbols visible in the Hero Area: on the face up of every action card, disabled ones included
    (the seed), plus abilities that count as one more."""
    printed = sum(face(card, tables).skills.count(skill) for card in hero.cards)
    bonus = sum(1 for effect in abilities(hero, tables) if effect.id == "skill_bonus" and effect.skill == skill)
    return printed + bonus


def base_value(hero: HeroState, side: ActionSide, tables: Tables = TABLES) -> int:
    """A face's amount before boosts: its value, plus one per skill symbol when it counts one."""
    return side.value + (skills(hero, side.per_skill, tables) if side.per_skill else 0)


def free_wound_slots(hero: HeroState, tables: Tables = TABLES) -> tuple[int, list[str]]:
    """Free slots on the hero card, and the action cards with a free slot (one entry per free slot)."""
    on_card = hero_card(hero, tables).wounds - hero.wounds
    cards = [c.card for c in hero.cards for _ in range(face(c, tables).wounds - c.wounds)]
    return on_card, cards


def wound(hero: HeroState, count: int, onto: Iterable[str] = (), tables: Tables = TABLES) -> HeroState:
    """Place ``count`` Wounds: on the hero card first (where they do nothing, so it is never a worse choice:
    ours), then on the action cards named in ``onto`` in that order; Wounds with no free slot are lost."""
    on_card, _ = free_wound_slots(hero, tables)
    first = min(count, on_card)
    hero = replace(hero, wounds=hero.wounds + first)
    left = count - first
    for card_id in onto:
        if left == 0:
            break
        card = hero.card(card_id)
        if card.wounds < face(card, tables).wounds:
            hero = hero.with_card(replace(card, wounds=card.wounds + 1))
            left -= 1
    return hero


def spills(hero: HeroState, count: int, tables: Tables = TABLES) -> int:
    """How many of ``count`` Wounds would land on action cards (so the player must say where)."""
    on_card, cards = free_wound_slots(hero, tables)
    return max(0, min(count - on_card, len(cards)))


def heal(hero: HeroState, points: int, tables: Tables = TABLES) -> HeroState:
    """Remove up to ``points`` Wounds: from action cards first, in the order they lie (a Wound there disables
    the card; one on the hero card does nothing: ours), then from the hero card."""
    for card in hero.cards:
        take = min(points, card.wounds)
        if take:
            hero = hero.with_card(replace(card, wounds=card.wounds - take))
            points -= take
    take = min(points, hero.wounds)
    return replace(hero, wounds=hero.wounds - take)


def wounds_total(hero: HeroState) -> int:
    return hero.wounds + sum(card.wounds for card in hero.cards)


def defence(
    hero: HeroState, attacker_type: EnemyType | None, shrine: ShrineKind | None, tables: Tables = TABLES
) -> int:
    """Defence against an attack before fate cards: the hero's, abilities against this attacker (a Lord
    counts as no type), the Armour shrine, and any guard until the next turn."""
    bonus = sum(
        effect.amount
        for effect in abilities(hero, tables)
        if effect.id == "defence_bonus" and effect.enemy in (None, attacker_type)
    )
    return hero_card(hero, tables).defence + bonus + (1 if shrine == "armour" else 0) + hero.guard


def movement(hero: HeroState, shrine: ShrineKind | None, tables: Tables = TABLES) -> int:
    """Movement points of a Move action before fate cards: the hero's, abilities, and the Hero shrine."""
    return hero_card(hero, tables).movement + amount_of(hero, "extra_move", tables) + (shrine == "hero")


def hand_size(hero: HeroState, shrine: ShrineKind | None, tables: Tables = TABLES) -> int:
    """Hand Size for a Prepare action (the only time it is enforced): Foresight lets one more card stay."""
    return hero_card(hero, tables).hand_size + amount_of(hero, "hand_bonus", tables) + (shrine == "foresight")


def boost_cards(hero: HeroState, symbol: Symbol, tables: Tables = TABLES) -> list[str]:
    """Fate cards in hand that can pay for ``symbol`` (a card with two symbols pays for either, once)."""
    return [card for card in hero.hand if symbol in tables.fate[card].symbols]


def shrine_boost(shrine: ShrineKind | None, symbol: Symbol | None) -> int:
    """+1 to actions boosted by the shrine's symbol, for a hero in its room (the seed's shrines)."""
    return 1 if shrine is not None and symbol is not None and SHRINE_BOOSTS.get(shrine) == symbol else 0


def tokens(hero: HeroState) -> int:
    """Trophies and treasures together: at most 3 may stay in a Hero Area."""
    return len(hero.trophies) + len(hero.treasures)
