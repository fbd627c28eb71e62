"""A Hero's call for help against an Encounter (docs/rules/good-vs-bad.md *Encounters*): every other Hero on the
same Connector may join; their players answer on the caller's turn, in the open; those who join move to the
square and add their stats, share the damage of a loss, and score 1 Renown for a win.

Keys: ``help:call`` / ``help:alone`` (the caller), ``help:join`` / ``help:decline`` (the others).
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .board import parse_space
from .fights import fight
from .model import SEAT_NAMES, Call, GvbState, Pending, Piece, Task

Log = list[LogEntry]


def helpers_for(state: GvbState, hero: Piece) -> tuple[Piece, ...]:
    """The other Heroes standing on the caller's Connector (on its spaces, not at its ends)."""
    here = parse_space(hero.place)
    if here is None:
        return ()
    return tuple(
        p
        for p in state.pieces
        if p.kind == "hero" and p.id != hero.id and (parse_space(p.place) or (-1, 0))[0] == here[0]
    )


def start_encounter(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    """Turn over the card: a Villain is offered its flight first, a Hero with Heroes on its road a call for
    help; otherwise the fight is at once."""
    piece = state.pieces[task.piece]
    if piece.place != task.at:
        return state, []
    if piece.kind == "villain":
        return replace(state, pending=Pending("flee", piece.id, ("flee", "fight"))), []
    if helpers_for(state, piece):
        return replace(state, pending=Pending("help", piece.id, ("call", "alone"))), []
    return fight(state, piece.id)


def decide(state: GvbState, choice: str) -> tuple[GvbState, Log]:
    """Call, opening the answers; or fight alone at once."""
    pending = state.pending
    assert pending is not None
    hero = state.pieces[pending.piece]
    state = replace(state, pending=None)
    if choice == "alone":
        return fight(state, hero.id)
    asked = {p.seat for p in helpers_for(state, hero)}
    answers = tuple(None if seat in asked else "" for seat in state.seats)
    names = ", ".join(SEAT_NAMES[s] for s in sorted(asked))
    line = LogEntry(f"{SEAT_NAMES[hero.seat]}'s Hero calls for help: {names} may come.")
    return replace(state, call=Call(hero.id, answers)), [line]


def answer(state: GvbState, seat: int, choice: str) -> tuple[GvbState, Log]:
    """A public answer; the last one starts the fight with whoever joined."""
    call = state.call
    assert call is not None
    answers = tuple(choice if s == seat else a for s, a in enumerate(call.answers))
    line = LogEntry(f"{SEAT_NAMES[seat]}'s Hero {'joins the fight' if choice == 'join' else 'stays away'}.")
    if any(a is None for a in answers):
        return replace(state, call=replace(call, answers=answers)), [line]
    state = replace(state, call=None)
    hero = state.pieces[call.hero]
    helpers = tuple(state.piece(s, "hero").id for s, a in enumerate(answers) if a == "join")
    for helper in helpers:
        state = state.with_piece(replace(state.pieces[helper], place=hero.place))
    state, log = fight(state, hero.id, helpers)
    return state, [line, *log]
