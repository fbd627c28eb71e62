"""A Hero's choices at an Encounter and calls for help (docs/rules/good-vs-bad.md *Encounters*, *Events*).

From rules version 3 a Hero sees the card before it fights (the card on top of its square's deck is public
then) and may stand aside. A Hero's call for help is answered by the other Heroes on its Connector, a Villain's
rally against the Protector by the other Villains on its Connector. Answers come on the caller's turn, in the
open; those who join move to the square and add their stats (and, in an Encounter, share the damage of a loss
and score 1 Renown for a win).

Keys: ``help:call`` / ``help:alone`` / ``help:aside`` and ``rally:call`` / ``rally:alone`` (the caller),
``help:join`` / ``help:decline`` (the others).
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .encounters import top_card, under_its_deck
from .fights import fight, same_road
from .model import SEAT_NAMES, SIZING_UP, Call, GvbState, Pending, Piece, Task, piece_name
from .tables import PLAIN_STATS, TABLES

Log = list[LogEntry]


def helpers_for(state: GvbState, piece: Piece) -> tuple[Piece, ...]:
    """Who may come: the other pieces of the caller's kind on its Connector."""
    return same_road(state, piece)


def start_encounter(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    """A Villain is offered its flight first (the card unseen). A Hero sees the card from rules version 3 and
    chooses to fight, call the Heroes on its road or stand aside; before that, a Hero with Heroes on its road
    could call them, and a Hero alone fought at once."""
    piece = state.pieces[task.piece]
    if piece.place != task.at:
        return state, []
    if piece.kind == "villain":
        return replace(state, pending=Pending("flee", piece.id, ("flee", "fight"))), []
    calling = ("call",) if helpers_for(state, piece) else ()
    if state.rules >= SIZING_UP:
        return replace(state, pending=Pending("help", piece.id, (*calling, "alone", "aside"))), []
    if calling:
        return replace(state, pending=Pending("help", piece.id, ("call", "alone"))), []
    return fight(state, piece.id)


def stand_aside(state: GvbState, hero: Piece) -> tuple[GvbState, Log]:
    """The Hero lets the foe it saw be: the card goes under its deck; no Renown, no damage."""
    card = TABLES.encounters[top_card(state, hero.place)]
    state = under_its_deck(state, card.id)
    return state, [LogEntry(f"{piece_name(hero.seat, hero.kind)} stands aside from {card.name}.")]


def decide(state: GvbState, choice: str) -> tuple[GvbState, Log]:
    """Call (a Hero's help, a Villain's rally), opening the answers; or go on alone at once."""
    state, pending, caller = state.answered()
    rally = pending.kind == "rally"
    if choice == "alone":
        if rally:
            return replace(state, pending=Pending("duel", pending.challenger, PLAIN_STATS)), []
        return fight(state, caller.id)
    if choice == "aside":
        return stand_aside(state, caller)
    asked = {p.seat for p in helpers_for(state, caller)}
    answers = tuple(None if seat in asked else "" for seat in state.seats)
    names = ", ".join(SEAT_NAMES[s] for s in sorted(asked))
    what = "rallies the Villains on its road against the Protector" if rally else "calls for help"
    line = LogEntry(f"{piece_name(caller.seat, caller.kind)} {what}: {names} may come.")
    return replace(state, call=Call(caller.id, answers, pending.challenger)), [line]


def answer(state: GvbState, seat: int, choice: str) -> tuple[GvbState, Log]:
    """A public answer; the last one starts the fight with whoever joined."""
    call = state.call
    assert call is not None
    answers = tuple(choice if s == seat else a for s, a in enumerate(call.answers))
    kind = state.pieces[call.hero].kind.title()
    line = LogEntry(f"{SEAT_NAMES[seat]}'s {kind} {'joins the fight' if choice == 'join' else 'stays away'}.")
    if any(a is None for a in answers):
        return replace(state, call=replace(call, answers=answers)), [line]
    state = replace(state, call=None)
    caller = state.pieces[call.hero]
    helpers = tuple(state.piece(s, caller.kind).id for s, a in enumerate(answers) if a == "join")
    for helper in helpers:
        state = state.with_piece(replace(state.pieces[helper], place=caller.place))
    if call.challenger >= 0:  # a rally: the duel's stat is named next, the rallied Villains beside
        return replace(state, allies=helpers, pending=Pending("duel", call.challenger, PLAIN_STATS)), [line]
    state, log = fight(state, caller.id, helpers)
    return state, [line, *log]
