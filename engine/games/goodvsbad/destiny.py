"""The Destiny cards (rules version 5, ours; docs/rules/good-vs-bad.md *Events*): Topple the New God and Defeat
the Supervillain, the seed's only way to win, lie face up beside the board instead of in the Event deck.

From the round after the first third of the match (round 5 of 12), a player plays one, as an Event before the
roll, while one of their own pieces is its **champion**: the Hero
(Villain) whose Agility, Might and Smarts together are more than those of every other Hero (Villain). Negated,
or with nobody standing above the others when it happens, the card goes back face up; it also comes back when
its Protector or Supervillain is defeated, which from version 5 a lost duel does too. Versions 1 to 4 keep the
cards in the deck and the seed's champion, each stat above every other piece's (``events.champion``).
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .model import DESTINIES, DESTINY_CARDS, OVERTIME, TOUR_PLAYS_ON, GvbState, Kind, Piece, piece_name

# Each winning card: the kind of piece it crowns and the role it gives (every version; face up from version 5).
ROLES: dict[str, tuple[Kind, str]] = {
    "topple-the-new-god": ("hero", "protector"),
    "defeat-the-supervillain": ("villain", "supervillain"),
}
ROLE_OF = {role: card for card, (_, role) in ROLES.items()}
TITLES = {"protector": "the Protector", "supervillain": "the Supervillain"}


def face_up(rules: int) -> bool:
    """Whether matches of ``rules`` lay the Destiny cards face up."""
    return rules >= DESTINIES


def split_deck(cards: tuple[str, ...], rules: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Event cards to shuffle, and the Destiny cards laid face up (none before version 5)."""
    if not face_up(rules):
        return cards, ()
    return tuple(c for c in cards if c not in DESTINY_CARDS), tuple(c for c in DESTINY_CARDS if c in cards)


def standing_above(state: GvbState, kind: Kind) -> Piece | None:
    """The piece of ``kind`` whose three stats together are more than every other piece of its kind's, if one is
    and it holds no role yet. Hero and Villain of one player start alike and heal alike, so measured against every
    piece, as the seed prints it, the card opened in about one match in a hundred (docs/rules, About balance)."""
    pieces = [p for p in state.pieces if p.kind == kind]
    best = max(pieces, key=lambda p: sum(p.stats))
    if best.role or any(sum(p.stats) >= sum(best.stats) for p in pieces if p is not best):
        return None
    return best


def first_round(rounds: int) -> int:
    """The round from which the Destiny cards may be played: after the first third of the match. Open from the
    first turn, the sealed purchase alone crowned a champion before a move was made, and hard two-player matches
    all ended by a tour in about four rounds; the roads should make the champion."""
    return rounds // 3 + 1


def playable(state: GvbState, seat: int, card: str) -> bool:
    """Whether ``seat`` may play the Destiny ``card`` now: it lies face up, its round has come (and not gone: the
    rounds a tour plays on are for the tours under way), and its champion is ``seat``'s."""
    if card not in state.destinies or not first_round(state.rounds) <= state.round <= state.rounds:
        return False
    champion = standing_above(state, ROLES[card][0])
    return champion is not None and champion.seat == seat


def lift(state: GvbState, seat: int, card: str) -> GvbState:
    """``card`` as ``seat`` plays it: a Destiny card leaves the table, any other card the hand."""
    if card in state.destinies:
        return replace(state, destinies=tuple(c for c in state.destinies if c != card))
    return state.spend(seat, card)


def give_back(state: GvbState, card: str) -> GvbState:
    """The Destiny card lies face up again, in its place."""
    kept = set(state.destinies) | {card}
    return replace(state, destinies=tuple(c for c in DESTINY_CARDS if c in kept))


def dethroned(state: GvbState, piece: Piece) -> tuple[GvbState, list[LogEntry]]:
    """A Protector or Supervillain beaten in a duel (version 5) loses its role and tour; its Destiny card lies face
    up again. The seed lets Villains pool their stats against the Protector, which only a duel lost can reward."""
    if not piece.role or not face_up(state.rules):
        return state, []
    title = TITLES[piece.role]
    state = give_back(state.with_piece(replace(piece, role="", toured=())), ROLE_OF[piece.role])
    name = piece_name(piece.seat, piece.kind)
    line = f"{name} is defeated: it is no longer {title}, and its Destiny card lies face up."
    return state, [LogEntry(line)]


def on_tour(state: GvbState) -> bool:
    """Whether a Protector or Supervillain is on its tour."""
    return any(piece.role for piece in state.pieces)


def last_round(state: GvbState) -> int:
    """The last round a tour may be walked in: from version 6 a tour under way when the last round ends plays on,
    for at most ``OVERTIME`` rounds more; a champion crowned in round 5 of a four-player match had some fifty
    spaces to walk in eight turns."""
    return state.rounds + (OVERTIME if state.rules >= TOUR_PLAYS_ON else 0)


def plays_on(state: GvbState) -> bool:
    """Whether the match goes on past its last round now: a tour is under way and its extra rounds are not over."""
    return state.round > state.rounds and on_tour(state) and state.round <= last_round(state)
