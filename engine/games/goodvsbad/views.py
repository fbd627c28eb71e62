"""What a seat sees of a Good vs Bad match: the whole board and every piece, each player's Special, Renown and
the size of their hand; its own hand; its own sealed purchase; the decks as counts.

Never in a view: another player's hand, anybody's unseen deal, another player's sealed purchase, a deck's
order (but for an Encounter card a Hero has turned over), the generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import View
from ...frozen import replace
from .encounters import seen_card
from .model import Fixture, GvbState, Mark, Pending, Piece
from .rules import deciders


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the table sees them."""

    seat: int
    special_name: str
    special: int
    renown: int
    items_in_hand: int
    events_in_hand: int
    bought: bool  # while buying: has sealed a purchase (not what it was)


@dataclass(frozen=True, slots=True)
class GvbView(View):
    """The board as ``viewer`` may know it (``None``: the public view)."""

    players: tuple[PlayerView, ...]
    pieces: tuple[Piece, ...]
    lengths: tuple[int, ...]
    marks: tuple[Mark, ...]
    fixtures: tuple[Fixture, ...]
    stage: str
    round: int
    rounds: int
    active: int
    roll: int
    pending: Pending | None
    item_deck: int
    event_deck: int
    encounter_decks: tuple[int, ...]
    item_discards: tuple[str, ...]
    event_discards: tuple[str, ...]
    hand_items: tuple[str, ...]  # the viewer's own hand (empty for the public view)
    hand_events: tuple[str, ...]
    purchase: tuple[int, int, int, int] | None  # the viewer's own sealed purchase, while the others choose
    window: str  # the Event in play ("" for none), its key
    negations: int  # Negations that have stood against it so far
    asked: tuple[int, ...]  # seats still to answer (not what anyone answered)
    call: tuple[str | None, ...]  # a call for help's answers so far (public), empty when none is open
    facing: str  # the Encounter card a Hero has turned over and not yet fought (public), "" for none
    destinies: tuple[str, ...] = ()  # the winning cards lying face up (rules version 5)


def public_players(state: GvbState) -> tuple[PlayerView, ...]:
    return tuple(
        PlayerView(p.seat, p.special_name, p.special, p.renown, len(p.items), len(p.events), p.purchase is not None)
        for p in state.players
    )


def pending_for(state: GvbState, viewer: int | None) -> Pending | None:
    """The decision the match waits for, as ``viewer`` may know it: what kind it is, whose, and which piece it is
    about are public; its options are the deciding seat's business (a discard lists the cards in a hand), so
    any other seat and a spectator get it without them."""
    pending = state.pending
    if pending is None or viewer in deciders(state):
        return pending
    return replace(pending, options=(), paths=())


def board_fields(state: GvbState, viewer: int | None) -> dict[str, object]:
    """The view's own fields for ``viewer``; the shared ones come from ``Game.view_fields``."""
    own = state.players[viewer] if viewer is not None else None
    decks = state.decks
    return {
        "players": public_players(state),
        "pieces": state.pieces,
        "lengths": state.lengths,
        "marks": state.marks,
        "fixtures": state.fixtures,
        "stage": state.stage,
        "round": state.round,
        "rounds": state.rounds,
        "active": state.active,
        "roll": state.roll,
        "pending": pending_for(state, viewer),
        "item_deck": len(decks.items),
        "event_deck": len(decks.events),
        "encounter_decks": tuple(len(d) for d in decks.encounters),
        "item_discards": decks.item_discards,
        "event_discards": decks.event_discards,
        "hand_items": own.items if own else (),
        "hand_events": own.events if own else (),
        "purchase": own.purchase if own else None,
        "window": state.window.key if state.window else "",
        "negations": state.window.negations if state.window else 0,
        "asked": tuple(s for s, a in enumerate(state.window.answers) if a is None) if state.window else (),
        "call": state.call.answers if state.call else (),
        "facing": seen_card(state),
        "destinies": state.destinies,
    }
