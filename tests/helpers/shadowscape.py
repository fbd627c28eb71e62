"""Shadowscape positions for rule and face tests: a real setup, then heroes, cards, hands, enemies and treasures
set by hand, so a test shows one rule. Decisions go through the game's own keys (``act``), so what is checked
is what a player can do."""

from __future__ import annotations

from dataclasses import replace

from engine.games.shadowscape.dungeon import Place, laid_at, name, neighbours, places
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.model import CardState, ShadowOptions, ShadowState, Used
from engine.games.shadowscape.setup import new_match, take_hero
from engine.games.shadowscape.tables import TABLES
from engine.rng import Rng

GAME = Shadowscape()
CURRENT = GAME.meta.rules_version


def home_room(state: ShadowState) -> Place:
    """The room the heroes start a test in: the first with no shrine (a shrine would add to their actions)."""
    plain = (p for p in places() if not laid_at(state.dungeon, p).shown().shrine)
    return next(p for p in plain if len(neighbours(state.dungeon, p)) > 1)


def arena(
    heroes: tuple[str, ...] = ("gorm", "tansy"),
    *,
    mode: str = "competitive",
    rules: int = CURRENT,
    seed: int = 2,
    advanced: bool = False,
) -> ShadowState:
    """``heroes`` (seat by seat) in one room without a shrine (``home_room``), with empty hands; no enemies,
    treasures or Lord out; seat 0 in its Action Phase with both actions left."""
    state = new_match(ShadowOptions(mode=mode, advanced=advanced), len(heroes), Rng(seed), rules=rules)
    home = home_room(state)
    for seat, hero in enumerate(heroes):
        state = take_hero(state, seat, hero)
        state = state.with_hero(replace(state.hero(seat), place=home, hand=()))
    return replace(state, enemies=(), treasures=(), phase="action", active=0, turn=3, used=Used(), stunned=())


def holding(state: ShadowState, seat: int, hand: tuple[str, ...]) -> ShadowState:
    """``seat`` holds ``hand``, those cards taken out of the fate deck and its discard pile."""
    piles = replace(
        state.piles,
        fate=tuple(c for c in state.piles.fate if c not in hand),
        fate_discard=tuple(c for c in state.piles.fate_discard if c not in hand),
    )
    return replace(state.with_hero(replace(state.hero(seat), hand=hand)), piles=piles)


def with_card(state: ShadowState, seat: int, card: str, face: int) -> ShadowState:
    """``seat``'s Hero Area shows ``card`` on ``face``, ready to use (a General Action card is added)."""
    hero = state.hero(seat)
    fresh = CardState(card, face=face)
    if any(c.card == card for c in hero.cards):
        return state.with_hero(hero.with_card(fresh))
    return state.with_hero(replace(hero, cards=(*hero.cards, fresh)))


def enemy(state: ShadowState, token: str, room: Place, *, weaker: int = 0) -> ShadowState:
    """Enemy ``token`` in ``room`` (its Defence lowered by ``weaker`` for this turn, as a weaken does)."""
    state = replace(state, enemies=(*((t, w) for t, w in state.enemies if t != token), (token, room)))
    return replace(state, weakened=(*state.weakened, (token, weaker))) if weaker else state


def foe(
    state: ShadowState, defence: int, room: Place, *, skip: int = 0, kind: str | None = None
) -> tuple[ShadowState, str]:
    """An ordinary enemy of exactly ``defence`` in ``room`` (the weakest kind that has it, weakened down to it;
    ``skip`` takes a later token of that kind, for a second enemy), and its token."""
    kinds = [k for k in TABLES.enemy_kinds.values() if k.defence >= defence and (kind is None or k.id == kind)]
    chosen = min(kinds, key=lambda k: k.defence)
    tokens = [t for t in TABLES.enemies if TABLES.enemies[t].kind == chosen.id]
    token = tokens[skip]
    return enemy(state, token, room, weaker=chosen.defence - defence), token


def beside(state: ShadowState, room: Place | None = None) -> Place:
    """A room next to ``room`` (default: the heroes' home room)."""
    return neighbours(state.dungeon, room or home_room(state))[0]


def keys(state: ShadowState, seat: int = 0) -> set[str]:
    return {c.key for c in GAME.choices(state, seat)}


def act(state: ShadowState, key: str, seat: int | None = None) -> ShadowState:
    return GAME.act(state, GAME.to_decide(state)[0] if seat is None else seat, key).state


def room(place: Place) -> str:
    return name(place)
