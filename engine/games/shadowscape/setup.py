"""Setting up a match (the seed's steps 1–10): the dungeon, the whisper deck, the markets, the fate deck, the
enemies and treasures on their symbols, the Dungeon Lord, the first player; then the heroes are drafted and
placed in reverse turn order, and each draws a hand.

Every shuffle and draw comes from the match's generator, so the same key replays the same setup.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from ...frozen import replace
from ...rng import MatchRng, Rng
from .cards import ENEMY_TYPES, EnemyType
from .dungeon import Place, laid_at, lay_out, places
from .enemies import kind_of, lairs
from .model import (
    DECK_RAN_OUT,
    DIFFICULTY_DISCARDS,
    LORD_NEARER,
    MARKET,
    PRINTED_WORD,
    CardState,
    HeroState,
    LordState,
    Piles,
    ShadowOptions,
    ShadowState,
    Used,
)
from .tables import TABLES, Tables


def new_match(options: ShadowOptions, players: int, rng: MatchRng, rules: int, tables: Tables = TABLES) -> ShadowState:
    """A match ready for its draft: everything laid out, no hero chosen yet."""
    dungeon, rng = lay_out(rng, tables)
    whispers, rng = whisper_deck(options, players, rng, rules, tables)
    equipment, rng = rng.shuffled(sorted(tables.equipment))
    actions, rng = rng.shuffled(sorted(c.id for c in tables.general_cards()))
    fate, rng = rng.shuffled(sorted(tables.fate))
    discard: tuple[str, ...] = ()
    if options.mode == "cooperative":
        cut = DIFFICULTY_DISCARDS[options.difficulty]
        fate, discard = fate[cut:], fate[:cut]
    piles_by_type = []
    for kind in ENEMY_TYPES:
        tokens = sorted(t.id for t in tables.enemies.values() if tables.enemy_kinds[t.kind].type == kind)
        pile, rng = rng.shuffled(tokens)
        piles_by_type.append(pile)
    treasure_pile, rng = rng.shuffled(sorted(tables.treasures))
    lord, rng = rng.choice(sorted(tables.lords))
    first, rng = rng.below(players)
    state = ShadowState(
        options=options,
        dungeon=dungeon,
        heroes=tuple(HeroState(seat) for seat in range(players)),
        enemies=(),
        treasures=(),
        piles=Piles(
            fate=fate,
            fate_discard=discard,
            enemies=tuple(piles_by_type),
            treasures=treasure_pile,
            equipment=equipment[MARKET:],
            equipment_market=equipment[:MARKET],
            actions=actions[MARKET:],
            action_market=actions[:MARKET],
            whispers=whispers[MARKET:],
            whisper_row=whispers[:MARKET],
        ),
        lord=LordState(lord),
        first=first,
        active=last_player(first, players),
        phase="draft",
        turn=0,
        used=Used(),
        pending=None,
        final_turns=None,
        lord_claimer=None,
        outcome=None,
        rng=rng,
        rules=rules,
    )
    for kind in ENEMY_TYPES:
        state = spawn(state, kind, tables)
    return refill_treasures(state, tables)


def whisper_deck(
    options: ShadowOptions, players: int, rng: MatchRng, rules: int, tables: Tables = TABLES
) -> tuple[tuple[str, ...], MatchRng]:
    """The seed's whisper deck, top first: 3 + players one-shard cards, then ``players`` two-shard cards, then
    the Lord's card shuffled with two more two-shard cards at the bottom. The cooperative game keeps every
    card (the seed); where the spare ones go is ours: shuffled, on top of the deck (under rules version 3, a
    third of them under it: ``spares_under``)."""
    ones = sorted(w.id for w in tables.whispers.values() if w.shards == 1)
    twos = sorted(w.id for w in tables.whispers.values() if w.shards == 2)
    lord = next(w.id for w in tables.whispers.values() if w.shards == 3)
    ones_order, rng = rng.shuffled(ones)
    twos_order, rng = rng.shuffled(twos)
    bottom, rng = rng.shuffled([lord, *twos_order[:2]])
    middle = twos_order[2 : 2 + players]
    top = ones_order[: 3 + players]
    deck = (*top, *middle, *bottom)
    if options.mode != "cooperative":
        return deck, rng
    spare, rng = rng.shuffled([*ones_order[3 + players :], *twos_order[2 + players :]])
    under = spares_under(len(spare), rules)
    return (*spare[under:], *deck, *spare[:under]), rng


def spares_under(spare: int, rules: int) -> int:
    """How many of the ``spare`` cooperative whispers go under the deck (ours): a third, rounded down, under
    rules version 3 alone; none (all on top) before it and after it (docs/rules/shadowscape.md, *Cooperative
    game*: version 3 eased a planner that misjudged the game; with its judgement mended, version 4 digs deep)."""
    return spare // 3 if rules == LORD_NEARER else 0


WhisperSlot = Literal["spare", "one", "two", "bottom"]


def whisper_layout(
    options: ShadowOptions, players: int, rules: int, tables: Tables = TABLES
) -> tuple[WhisperSlot, ...]:
    """What everyone knows of the whisper deck ``whisper_deck`` lays, top first: which places hold one-shard
    cards, which two-shard ones, the bottom three (the Lord's and two two-shard cards, in an unknown order) and
    the cooperative spares (any of the cards the competitive deck leaves out). The deck is only ever drawn from
    the top, so a place's distance from the bottom never changes: ``determinize`` deals within it."""
    ones = sum(w.shards == 1 for w in tables.whispers.values())
    twos = sum(w.shards == 2 for w in tables.whispers.values())
    core: tuple[WhisperSlot, ...] = (*["one"] * (3 + players), *["two"] * players, *["bottom"] * 3)
    if options.mode != "cooperative":
        return core
    spare = ones - 3 - players + twos - 2 - players
    under = spares_under(spare, rules)
    return (*["spare"] * (spare - under), *core, *["spare"] * under)


def redeal_whispers(
    deck: tuple[str, ...], layout: tuple[WhisperSlot, ...], rng: Rng, tables: Tables = TABLES
) -> tuple[tuple[str, ...], Rng]:
    """The face-down ``deck`` (what is left of a deck laid out as ``layout``) dealt afresh, each card into a place
    it could be in: one-shard cards to the one-shard places, two-shard cards to theirs, the Lord's card among the
    bottom three, the rest shuffled into the spare places. Any true deck is one such deal, and each is as
    likely as the next, so this is a fair guess for a player who has seen none of them."""
    slots = layout[len(layout) - len(deck) :]
    ones, rng = rng.shuffled(sorted(w for w in deck if tables.whispers[w].shards == 1))
    twos, rng = rng.shuffled(sorted(w for w in deck if tables.whispers[w].shards == 2))
    lord = [w for w in deck if tables.whispers[w].shards == 3]
    fixed_ones = slots.count("one")
    fixed_twos = slots.count("two") + slots.count("bottom") - len(lord)
    bottom, rng = rng.shuffled([*lord, *twos[: slots.count("bottom") - len(lord)]])
    middle = twos[len(bottom) - len(lord) : fixed_twos]
    spare, rng = rng.shuffled([*ones[fixed_ones:], *twos[fixed_twos:]])
    sources: dict[WhisperSlot, Iterator[str]] = {
        "one": iter(ones[:fixed_ones]),
        "two": iter(middle),
        "bottom": iter(bottom),
        "spare": iter(spare),
    }
    return tuple(next(sources[slot]) for slot in slots), rng


def last_player(first: int, players: int) -> int:
    """The player before the first: the draft and the placing go in reverse turn order from there."""
    return (first - 1) % players


def spawn(
    state: ShadowState, kind: EnemyType, tables: Tables = TABLES, skip: frozenset[Place] = frozenset()
) -> ShadowState:
    """Put one enemy of ``kind`` on every Lair of that type (but those in ``skip``) from the face-down pile,
    turning the discarded ones over when it runs out; as many as there are tokens."""
    for place in lairs(state, kind, tables):
        if place not in skip:
            state = spawn_one(state, kind, place)
    return state


def spawn_one(state: ShadowState, kind: EnemyType, place: Place) -> ShadowState:
    """Put one enemy of ``kind`` from its pile (turning the discards over if it is empty) in ``place``."""
    index = ENEMY_TYPES.index(kind)
    pile, discard, rng = state.piles.enemies[index], state.piles.enemy_discard[index], state.rng
    if not pile:
        pile, rng = rng.shuffled(discard)
        discard = ()
    if not pile:
        return state
    piles = replace(
        state.piles,
        enemies=_swap(state.piles.enemies, index, pile[1:]),
        enemy_discard=_swap(state.piles.enemy_discard, index, discard),
    )
    return replace(state, enemies=(*state.enemies, (pile[0], place)), piles=piles, rng=rng)


def refill_treasures(state: ShadowState, tables: Tables = TABLES) -> ShadowState:
    """A random treasure token on every treasure symbol that has none (at setup, and whenever the fate deck is
    reshuffled), from the face-down pile (spent treasures go back into it), as far as it goes."""
    taken = {where for _, where in state.treasures}
    spots = [p for p in places() if laid_at(state.dungeon, p).shown(tables).treasure and p not in taken]
    pile, rng = state.rng.shuffled(state.piles.treasures)
    state = replace(state, rng=rng)
    placed = list(state.treasures)
    for place, token in zip(spots, pile, strict=False):
        placed.append((token, place))
    used = min(len(spots), len(pile))
    return replace(state, treasures=tuple(placed), piles=replace(state.piles, treasures=pile[used:]))


def take_hero(state: ShadowState, seat: int, hero: str, tables: Tables = TABLES) -> ShadowState:
    """``seat`` takes ``hero`` and its four action cards, front faces up (the player then chooses which to turn
    over, the seed's free choice of faces)."""
    cards = tuple(CardState(card.id) for card in tables.hero_cards(hero))
    return state.with_hero(replace(state.hero(seat), hero=hero, cards=cards))


def draw(state: ShadowState, seat: int, count: int) -> tuple[ShadowState, tuple[str, ...]]:
    """``seat`` draws ``count`` fate cards (fewer if deck and discard run out); an empty deck is reshuffled
    from the discard pile in the competitive game, with treasures refilled (the seed). The cooperative game
    never reshuffles: its rules end the match when the deck runs out, at the Enemy Phase's draw, and from rules
    version 5 at any draw (the rulebook's "when a card must be drawn from an empty deck")."""
    drawn: list[str] = []
    for _ in range(count):
        card, state = draw_fate(state)
        if card is None:
            if state.cooperative and state.rules >= PRINTED_WORD:
                state = replace(state, outcome=DECK_RAN_OUT, phase="over", pending=None)
            break
        drawn.append(card)
    hero = state.hero(seat)
    return state.with_hero(replace(hero, hand=(*hero.hand, *drawn))), tuple(drawn)


def draw_fate(state: ShadowState, tables: Tables = TABLES) -> tuple[str | None, ShadowState]:
    """The top fate card, reshuffling the discard pile first if the deck is empty (competitive only)."""
    piles = state.piles
    if not piles.fate:
        if state.cooperative or not piles.fate_discard:
            return None, state
        deck, rng = state.rng.shuffled(piles.fate_discard)
        piles = replace(piles, fate=deck, fate_discard=(), reshuffles=piles.reshuffles + 1)
        state = refill_treasures(replace(state, rng=rng, piles=piles), tables)
        piles = state.piles
    return piles.fate[0], replace(state, piles=replace(piles, fate=piles.fate[1:]))


def discard_enemy(piles: Piles, token: str) -> Piles:
    """``piles`` with a spent enemy token (a traded or dropped Trophy) on its own type's discard pile."""
    index = ENEMY_TYPES.index(kind_of(token).type)
    return replace(piles, enemy_discard=_swap(piles.enemy_discard, index, (*piles.enemy_discard[index], token)))


def _swap(items: tuple[tuple[str, ...], ...], index: int, new: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(new if i == index else old for i, old in enumerate(items))
