"""Setting up (docs/rules/good-vs-bad.md *Setting up*): the deal of ten unseen Item cards a player, the naming
of Specials in turn, and the sealed purchase of stats that every player makes at once.

A purchase is four numbers, the cards thrown away for Agility, Might, Smarts and the Special, ten at most in
all. Which cards go is the deal's order, not a choice: nobody has seen them. The purchases stay sealed (a
public line says only that a player has bought) until the last player buys; then all are opened together.
"""

from __future__ import annotations

import itertools

from ...clocks import plural
from ...core import LogEntry
from ...errors import IllegalAction
from ...frozen import replace
from ...rng import MatchRng
from .board import home, layout, starting_lengths
from .destiny import split_deck
from .model import (
    DEALT_FOR_BUYING,
    KINDS,
    SEAT_NAMES,
    SPECIAL_NAMES,
    STARTING_STAT,
    Decks,
    GoodVsBadOptions,
    GvbState,
    Pending,
    Piece,
    Player,
)
from .tables import DECKS, TABLES

TWO_ITEM_DECKS_FROM = 5  # players: ten cards each would empty one deck of 43
Purchase = tuple[int, int, int, int]


def initial_state(options: GoodVsBadOptions, players: int, rng: MatchRng, rules_version: int) -> GvbState:
    """Deal and shuffle; the rolled first player names a Special first."""
    copies = TABLES.copies("items") * (2 if players >= TWO_ITEM_DECKS_FROM else 1)
    items, rng = rng.shuffled(copies)
    cards, laid = split_deck(TABLES.copies("events"), rules_version)
    events, rng = rng.shuffled(cards)
    encounters = []
    for grade in DECKS:
        deck, rng = rng.shuffled(TABLES.deck(grade))
        encounters.append(deck)
    first, rng = rng.below(players)
    dealt = [items[seat * DEALT_FOR_BUYING : (seat + 1) * DEALT_FOR_BUYING] for seat in range(players)]
    start = (STARTING_STAT,) * 3
    return GvbState(
        players=tuple(Player(seat, dealt=dealt[seat]) for seat in range(players)),
        pieces=tuple(Piece(seat, kind, home(seat), start, start) for seat in range(players) for kind in KINDS),
        lengths=starting_lengths(layout(players, SEAT_NAMES)),
        marks=(),
        fixtures=(),
        decks=Decks(items=items[players * DEALT_FOR_BUYING :], events=events, encounters=tuple(encounters)),
        stage="name",
        rounds=options.rounds,
        first=first,
        active=first,
        rng=rng,
        rules=rules_version,
        destinies=laid,
    )


def names_left(state: GvbState) -> tuple[str, ...]:
    taken = {p.special_name for p in state.players}
    return tuple(name for name in SPECIAL_NAMES if name not in taken)


def name_special(state: GvbState, seat: int, name: str) -> tuple[GvbState, list[LogEntry]]:
    """The active player names its Special; the next player in turn names next, and after the last, all buy."""
    if name not in names_left(state):
        raise IllegalAction(f"{name} is taken or not a Special: choose one of {', '.join(names_left(state))}.")
    state = state.with_player(replace(state.player(seat), special_name=name))
    log = [LogEntry(f"{SEAT_NAMES[seat]} names their Special: {name}.")]
    following = (seat + 1) % len(state.players)
    if following == state.first:
        state = replace(state, stage="buy")
        log.append(LogEntry("Everyone now buys stats with the Item cards they were dealt face down, in secret."))
        return state, log
    return replace(state, active=following), log


def purchases(budget: int = DEALT_FOR_BUYING) -> tuple[Purchase, ...]:
    """Every purchase: cards for Agility, Might, Smarts and the Special, ``budget`` at most in all (1,001)."""
    return tuple(p for p in itertools.product(range(budget + 1), repeat=4) if sum(p) <= budget)  # type: ignore[misc]


PURCHASES = purchases()  # a constant of the rules, like the board's lengths


def seal_purchase(state: GvbState, seat: int, purchase: Purchase) -> tuple[GvbState, list[LogEntry]]:
    """Seal one player's purchase; the last one opens them all."""
    if state.player(seat).purchase is not None:
        raise IllegalAction("You have already bought your stats; the others are still choosing.")
    if len(purchase) != 4 or min(purchase) < 0 or sum(purchase) > DEALT_FOR_BUYING:
        raise IllegalAction(f"Spend at most {DEALT_FOR_BUYING} cards between the four stats.")
    state = state.with_player(replace(state.player(seat), purchase=purchase))
    public = f"{SEAT_NAMES[seat]} has bought."
    log = [LogEntry(public, ((seat, f"{public} (You: {describe_purchase(purchase)}.)"),))]
    if all(p.purchase is not None for p in state.players):
        state, opened = open_purchases(state)
        log += opened
    return state, log


def open_purchases(state: GvbState) -> tuple[GvbState, list[LogEntry]]:
    """Every purchase at once: stats for both pieces; the cards spent, from the top of each deal, go face down
    under the Item deck (nobody ever sees them); the rest into the hand. The first player's turn begins."""
    log = []
    under = list(state.decks.items)
    for player in state.players:
        bought = player.purchase or (0, 0, 0, 0)
        spent = sum(bought)
        under += player.dealt[:spent]
        stats = tuple(STARTING_STAT + n for n in bought[:3])
        for kind in KINDS:
            piece = state.piece(player.seat, kind)
            state = state.with_piece(replace(piece, stats=stats, start=stats))
        state = state.with_player(
            replace(player, special=STARTING_STAT + bought[3], items=player.dealt[spent:], dealt=(), purchase=None)
        )
        log.append(LogEntry(f"{SEAT_NAMES[player.seat]} bought {describe_purchase(bought)}."))
    decks = replace(state.decks, items=tuple(under))
    return replace(state, decks=decks, stage="turn", active=state.first, pending=Pending("roll")), log


def describe_purchase(purchase: Purchase) -> str:
    a, m, s, x = purchase
    kept = plural(DEALT_FOR_BUYING - sum(purchase), "card")
    return f"Agility +{a}, Might +{m}, Smarts +{s}, Special +{x} ({kept} kept)"
