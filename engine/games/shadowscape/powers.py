"""Effects as code, keyed by effect id: what a special action card face offers and does, the riders an
attack or heal face carries, and the small state changes several effects share (a hero moved, an enemy
pushed, Wounds mended, cards drawn). Hero abilities that only add to a number are read in ``area.py``.

Each resolver takes the state and the decision and returns the new state, the log lines, and the decision
the rules must wait for next (or ``None``).
"""

from __future__ import annotations

from collections.abc import Callable

from ...frozen import replace
from . import area, wounds
from .cards import ActionSide
from .dungeon import Place, name, neighbours, parse
from .keys import ShadowAction
from .model import PRINTED_WORD, HeroState, Pending, ShadowState
from .scope import reach, room_shrine
from .setup import draw
from .tables import TABLES

Outcome = tuple[ShadowState, list[str], Pending | None]
SEAT_PREFIX = "s"


def seat_token(seat: int) -> str:
    return f"{SEAT_PREFIX}{seat}"


def seat_of(token: str) -> int:
    return int(token[1:])


def hero_name(state: ShadowState, seat: int) -> str:
    hero = state.hero(seat)
    return TABLES.heroes[hero.hero].name if hero.hero else f"seat {seat + 1}"


def enemy_name(token: str) -> str:
    """``beast-3`` → its kind's name; ``lord`` (or one of a sweeping Lord's attacks, ``lord>2``) → the Lord."""
    token = token.partition(">")[0]
    if token == "lord":
        return "Dungeon Lord"
    return TABLES.enemy_kinds[TABLES.enemies[token].kind].name


# -- listing special faces ----------------------------------------------------------------------------------


def special_options(state: ShadowState, hero: HeroState, card: str, side: ActionSide) -> list[ShadowAction]:
    """The choices a special face offers: none (just play it), a room, one of your cards, an enemy and where it
    goes, or a hero."""
    assert side.effect is not None and hero.place is not None
    effect = side.effect
    if effect.id == "blink":
        rooms = list(reach(state, hero, blink=True, most=effect.amount))
        return [ShadowAction("sp", card, name(p)) for p in sorted(rooms)]
    if effect.id == "ready_card":
        others = [c.card for c in hero.cards if c.card != card and c.exhausted and not c.wounds]
        return [ShadowAction("sp", card, other) for other in others]
    if effect.id == "shove":
        return [ShadowAction("sp", card, b) for b in shoves(state, hero.place)]
    if effect.id == "mend_ally":
        hurt = [h.seat for h in state.heroes if h.place == hero.place and area.wounds_total(h)]
        return [ShadowAction("sp", card, seat_token(s)) for s in hurt]
    return [ShadowAction("sp", card)]


def shoves(state: ShadowState, room: Place) -> list[str]:
    """``enemy>room`` for every enemy in ``room`` and every room adjacent to it."""
    return [
        f"{token}>{name(other)}"
        for token, where in state.enemies
        if where == room
        for other in neighbours(state.dungeon, room)
    ]


# -- resolving ------------------------------------------------------------------------------------------------


def resolve_special(state: ShadowState, seat: int, action: ShadowAction, side: ActionSide) -> Outcome:
    """Play a special face's effect."""
    assert side.effect is not None
    return SPECIALS[side.effect.id](state, seat, action, side.effect.amount)


def _draw(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    state, drawn = draw(state, seat, amount)
    return state, [f"{hero_name(state, seat)} draws {len(drawn)} fate card{'s' * (len(drawn) != 1)}."], None


def _draw_to_hand(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    state, lines, _ = _draw(state, seat, action, amount)
    return state, lines, discard_down(state, seat)


def discard_down(state: ShadowState, seat: int) -> Pending | None:
    """The decision to discard down to the Hand Size after a Prepare, if the hand is over it."""
    hero = state.hero(seat)
    shrine = room_shrine(state, hero)
    over = len(hero.hand) - area.hand_size(hero, shrine)
    return Pending("drop", seat, count=over) if over > 0 else None


def _blink(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    room = parse(action.b)
    assert room is not None
    return move_hero(state, seat, room), [f"{hero_name(state, seat)} steps through the shadows to {action.b}."], None


def move_hero(state: ShadowState, seat: int, room: Place) -> ShadowState:
    return state.with_hero(replace(state.hero(seat), place=room))


def _ready_card(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    hero = state.hero(seat)
    card = hero.card(action.b)
    state = state.with_hero(hero.with_card(replace(card, exhausted=False)))
    return state, [f"{hero_name(state, seat)} readies {area.face(card).name}."], None


def _shove(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    token, _, room = action.b.partition(">")
    return push(state, token, room), [f"{hero_name(state, seat)} shoves the {enemy_name(token)} into {room}."], None


def push(state: ShadowState, token: str, room: str) -> ShadowState:
    """Move an enemy token to the room named ``room``."""
    place = parse(room)
    assert place is not None
    return replace(state, enemies=tuple((t, place if t == token else w) for t, w in state.enemies))


def _mend_ally(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    target = seat_of(action.b)
    state = mend(state, target, amount, by=seat)
    return state, [f"{hero_name(state, target)} is mended ({amount})."], state.pending


def mend(state: ShadowState, seat: int, points: int, *, by: int | None = None) -> ShadowState:
    """Remove up to ``points`` Wounds from ``seat``'s hero. From rules version 5, when ``by`` (the player who
    heals) has a choice of which, the state waits for it (``Pending("mend")``, answered with ``mn``); otherwise,
    and always before, the action cards' Wounds go first, in the order the cards lie."""
    hero = state.hero(seat)
    chooses = by is not None and state.rules >= PRINTED_WORD and state.pending is None
    if chooses and len(wounds.removals(hero, points)) > 1:
        return replace(state, pending=Pending("mend", by, count=points, patient=seat))
    return state.with_hero(area.heal(hero, points))


def _guard(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    hero = state.hero(seat)
    for other in state.heroes:
        if other.place == hero.place:
            state = state.with_hero(replace(other, guard=other.guard + amount))
    return state, [f"{hero_name(state, seat)} stands guard: +{amount} Defence in the room until their next turn."], None


def _foresee(state: ShadowState, seat: int, action: ShadowAction, amount: int) -> Outcome:
    count = min(amount, len(state.piles.fate))
    if count < 2:
        return state, [f"{hero_name(state, seat)} looks into the fate deck."], None
    line = f"{hero_name(state, seat)} looks at the top {count} fate cards."
    return state, [line], Pending("foresee", seat, count=count)


def reorder(state: ShadowState, order: tuple[str, ...]) -> ShadowState:
    rest = state.piles.fate[len(order) :]
    return replace(state, piles=replace(state.piles, fate=(*order, *rest)))


SPECIALS: dict[str, Callable[[ShadowState, int, ShadowAction, int], Outcome]] = {
    "draw": _draw,
    "draw_to_hand": _draw_to_hand,
    "blink": _blink,
    "ready_card": _ready_card,
    "shove": _shove,
    "mend_ally": _mend_ally,
    "guard": _guard,
    "foresee": _foresee,
}
