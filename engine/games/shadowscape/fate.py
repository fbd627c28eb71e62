"""Alter Fate: playing one fate card from hand for its text, once per Action Phase. The cooperative game reads
the green text, the competitive game the red (Bane) one. Each text is an effect id with code here; a text
that names "a rival" may only pick another player's hero.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import LogEntry
from ...frozen import replace
from . import area
from .cards import ENEMY_TYPES, Effect, FateText
from .dungeon import Place, name, neighbours, parse, places
from .keys import ShadowAction
from .model import PRINTED_WORD, HeroState, Pending, ShadowState
from .powers import Outcome, enemy_name, hero_name, mend, move_hero, push, seat_of, seat_token, shoves
from .scope import reach
from .setup import draw, spawn_one
from .tables import TABLES
from .turns import take_wounds
from .wounds import free_spots


def text_of(state: ShadowState, card: str) -> FateText:
    fate = TABLES.fate[card]
    return fate.coop if state.cooperative else fate.bane


def alter_fate_options(state: ShadowState, hero: HeroState) -> list[ShadowAction]:
    """Each fate card in hand with each target its text can take (cards whose text has no target now are not
    offered)."""
    found = []
    for card in hero.hand:
        effect = text_of(state, card).effect
        found += [ShadowAction("af", card, target) for target in _targets(state, hero, effect)]
    return found


def _rivals(state: ShadowState, hero: HeroState) -> list[HeroState]:
    """Other players' heroes a red text may pick: not one warded against Banes."""
    return [
        h
        for h in state.heroes
        if h.seat != hero.seat and h.place is not None and not (h.hero and area.amount_of(h, "bane_ward"))
    ]


def _empty_rooms(state: ShadowState) -> list[Place]:
    full = {h.place for h in state.heroes} | {w for _, w in state.enemies} | {state.lord.place}
    return [p for p in places() if p not in full]


def _targets(state: ShadowState, hero: HeroState, effect: Effect) -> list[str]:
    """The targets of a text (``[""]``: it needs none)."""
    kind = effect.id
    enemies_at = {w for _, w in state.enemies}
    if kind in ("draw", "delay_fate", "bolster", "foresee"):
        if kind == "delay_fate" and not state.piles.fate_discard:
            return []  # version 5: the card it moves is the one on the pile before it, so there must be one
        return [""]
    if kind in ("stun", "weaken"):
        return [t for t, _ in state.enemies if t not in state.stunned or kind == "weaken"]
    if kind == "mend_any":
        return [seat_token(h.seat) for h in state.heroes if area.wounds_total(h)]
    if kind == "mend_ally":
        return [seat_token(h.seat) for h in state.heroes if h.place == hero.place and area.wounds_total(h)]
    if kind == "haste":
        found = []
        for other in state.heroes:
            if other.place is None:
                continue
            rooms = list(reach(state, other, most=effect.amount))
            found += [f"{seat_token(other.seat)}>{name(p)}" for p in rooms]
        return found
    if kind == "shove":
        return shoves(state, hero.place) if hero.place else []
    if kind == "curse_wound":
        rivals = [r for r in _rivals(state, hero) if r.place in enemies_at]
        if state.rules >= PRINTED_WORD:  # only a hero with a free Wound slot: a curse must do something
            rivals = [r for r in rivals if free_spots(r, state.rules)]
        return [seat_token(r.seat) for r in rivals]
    if kind == "lure":
        rival_rooms = {r.place for r in _rivals(state, hero)}
        return [f"{t}>{name(p)}" for t, w in state.enemies for p in neighbours(state.dungeon, w) if p in rival_rooms]
    if kind == "summon":
        return [name(p) for p in _empty_rooms(state)] if _pile_left(state, effect) else []
    if kind == "rob":
        return [seat_token(r.seat) for r in _rivals(state, hero) if r.place == hero.place and r.treasures]
    if kind == "drain":
        return [seat_token(r.seat) for r in _rivals(state, hero) if r.hand]
    if kind == "collapse":
        return [seat_token(r.seat) for r in _rivals(state, hero) if r.place not in enemies_at and not r.stuck]
    return []


def _pile_left(state: ShadowState, effect: Effect) -> bool:
    index = ENEMY_TYPES.index(effect.enemy or "beast")
    return bool(state.piles.enemies[index] or state.piles.enemy_discard[index])


def alter_fate(state: ShadowState, seat: int, action: ShadowAction) -> Outcome:
    """Play the fate card ``action.a`` for its text: discard it, then do what it says."""
    hero = state.hero(seat)
    card = action.a
    text = text_of(state, card)
    hand = tuple(c for c in hero.hand if c != card)
    state = state.with_hero(replace(hero, hand=hand))
    state = replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, card)))
    state, lines, pending = TEXTS[text.effect.id](state, seat, action.b, text.effect)
    title = TABLES.fate[card].name
    return state, [f"{hero_name(state, seat)} alters fate with {title}: {text.text}", *lines], pending


def _draw(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    state, drawn = draw(state, seat, effect.amount)
    return state, [f"{hero_name(state, seat)} draws {len(drawn)}."], None


def _stun(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    return replace(state, stunned=(*state.stunned, target)), [f"The {enemy_name(target)} is stunned."], None


def _weaken(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    weakened = (*state.weakened, (target, effect.amount))
    return replace(state, weakened=weakened), [f"The {enemy_name(target)} is weakened."], None


def _mend(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    other = seat_of(target)
    state = mend(state, other, effect.amount, by=seat)
    return state, [f"{hero_name(state, other)} is mended."], state.pending


def _haste(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    who, _, room = target.partition(">")
    place = parse(room)
    assert place is not None
    other = seat_of(who)
    return move_hero(state, other, place), [f"{hero_name(state, other)} hurries to {room}."], None


def _shove(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    token, _, room = target.partition(">")
    return push(state, token, room), [f"The {enemy_name(token)} is driven into {room}."], None


def _delay(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    """To version 4 the card on top of the discard pile was this very card; from 5, the one below it, which
    was on top before this card was played: "put the top card of the fate discard pile" is another card."""
    piles = state.piles
    below = -2 if state.rules >= PRINTED_WORD else -1
    top = piles.fate_discard[below]
    rest = piles.fate_discard[:below] + (piles.fate_discard[below + 1 :] if below == -2 else ())
    piles = replace(piles, fate_discard=rest, fate=(*piles.fate, top))
    return replace(state, piles=piles), [f"{TABLES.fate[top].name} goes back under the fate deck."], None


def _bolster(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    for hero in state.heroes:
        state = state.with_hero(replace(hero, guard=hero.guard + effect.amount))
    return state, [f"Every hero gains +{effect.amount} Defence until their next turn."], None


def _foresee(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    count = min(effect.amount, len(state.piles.fate))
    return state, [], (Pending("foresee", seat, count=count) if count >= 2 else None)


def _curse(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    """To version 4, damage that Defence applies to (so a curse of 1 never hurt anyone); from 5, Wounds that
    Defence does not stop, placed where the victim chooses."""
    victim = seat_of(target)
    hero = state.hero(victim)
    if state.rules >= PRINTED_WORD:
        line = LogEntry(f"{hero_name(state, victim)} is cursed with {effect.amount} Wound{'s' * (effect.amount != 1)}.")
        state, log = take_wounds(state, victim, effect.amount, [line])
        return state, [entry.public for entry in log], state.pending
    damage = max(0, effect.amount - area.defence(hero, None, None))
    state = state.with_hero(area.wound(hero, damage))
    return state, [f"{hero_name(state, victim)} takes {damage} Wound{'s' * (damage != 1)}."], None


def _lure(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    return _shove(state, seat, target, effect)


def _summon(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    place = parse(target)
    assert place is not None and effect.enemy is not None
    state = spawn_one(state, effect.enemy, place)
    return state, [f"An enemy appears in {target}."], None


def _rob(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    victim = state.hero(seat_of(target))
    token = victim.treasures[0]
    state = state.with_hero(replace(victim, treasures=victim.treasures[1:]))
    state = replace(state, piles=replace(state.piles, treasures=(*state.piles.treasures, token)))
    return state, [f"{hero_name(state, victim.seat)} loses a treasure."], None


def _drain(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    victim = state.hero(seat_of(target))
    count = min(effect.amount, len(victim.hand))
    lost = []
    rng = state.rng
    hand = list(victim.hand)
    for _ in range(count):
        index, rng = rng.below(len(hand))
        lost.append(hand.pop(index))
    state = replace(state.with_hero(replace(victim, hand=tuple(hand))), rng=rng)
    state = replace(state, piles=replace(state.piles, fate_discard=(*state.piles.fate_discard, *lost)))
    return state, [f"{hero_name(state, victim.seat)} discards {count} fate card{'s' * (count != 1)} at random."], None


def _collapse(state: ShadowState, seat: int, target: str, effect: Effect) -> Outcome:
    victim = state.hero(seat_of(target))
    line = f"The way out closes on {hero_name(state, victim.seat)}."
    return state.with_hero(replace(victim, stuck=True)), [line], None


TEXTS: dict[str, Callable[[ShadowState, int, str, Effect], Outcome]] = {
    "draw": _draw,
    "stun": _stun,
    "weaken": _weaken,
    "mend_any": _mend,
    "mend_ally": _mend,
    "haste": _haste,
    "shove": _shove,
    "delay_fate": _delay,
    "bolster": _bolster,
    "foresee": _foresee,
    "curse_wound": _curse,
    "lure": _lure,
    "summon": _summon,
    "rob": _rob,
    "drain": _drain,
    "collapse": _collapse,
}
