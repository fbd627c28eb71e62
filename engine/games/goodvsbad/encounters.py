"""Which card an Encounter square turns over (docs/rules/good-vs-bad.md *Encounters*), and when it is public.

A square draws from the deck its depth grades, moved one deck by Weak or Strong Monsters; the card goes under
its deck once it is fought or, from rules version 3, once a Hero that saw it stands aside. From rules version 3
a Hero sees the card before it chooses, so while it chooses (and while the Heroes it called answer) the card is
public: views show it, and the AI's sampled worlds keep it on top.
"""

from __future__ import annotations

from ...frozen import replace
from .board import grade, parse_space
from .model import SIZING_UP, GvbState
from .tables import DECKS, TABLES


def grade_of(state: GvbState, place: str) -> str:
    """The deck an Encounter square draws from, moved by Weak or Strong Monsters in play."""
    connector, position = parse_space(place)  # type: ignore[misc]
    natural = DECKS.index(grade(position, state.lengths[connector]))
    return DECKS[min(3, max(0, natural + state.shift))]


def top_card(state: GvbState, place: str) -> str:
    """The card the Encounter square ``place`` would turn over now."""
    return state.decks.encounters[DECKS.index(grade_of(state, place))][0]


def under_its_deck(state: GvbState, card: str) -> GvbState:
    """``card``, just turned over, put under its deck, fought or not, and the Monsters' shift used up."""
    index = DECKS.index(TABLES.encounters[card].deck)
    decks = tuple((*d[1:], d[0]) if i == index else d for i, d in enumerate(state.decks.encounters))
    return replace(state, decks=replace(state.decks, encounters=decks), shift=0)


def seen_card(state: GvbState) -> str:
    """The Encounter card a Hero has turned over and not yet fought ("" for none): from rules version 3, while
    its player chooses and while the Heroes it called answer."""
    if state.rules < SIZING_UP:
        return ""
    if state.call is not None:
        hero = state.pieces[state.call.hero] if state.call.challenger < 0 else None
    else:
        pending = state.pending
        hero = state.pieces[pending.piece] if pending is not None and pending.kind == "help" else None
    if hero is None or parse_space(hero.place) is None:
        return ""
    return top_card(state, hero.place)
