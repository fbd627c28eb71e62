"""Where a piece arrives (docs/rules/good-vs-bad.md *Landing on a space*): Traps and Fortifications, Home Bases,
Blank spaces turning Good or Bad, the raise a piece may make, the level's effect, then an encounter or a duel.

``arrive`` queues what follows as tasks (the effect, the duel check) so that a decision on the way (raise
or not, where a Good space nudges to) stops the work and the rest still happens after it.
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .board import CROSSROADS, home, is_encounter, is_node, layout, parse_space, walks
from .destiny import ROLE_OF, face_up, give_back
from .labels import place_name
from .model import AS_PRINTED, SEAT_NAMES, SPECIAL_LEVEL, GvbState, Mark, Pending, Piece, Task, piece_name
from .spaces import (
    SPECIAL_NAMES,
    after_landing,
    effect,
    heal,
    hurt,
    item_power,
    may_raise,
    raised,
    restore,
    specials_for,
    worse_places,
)
from .tables import TABLES

Log = list[LogEntry]
NUDGE = {"nudge1": 1, "nudge2": 2}
WORSE = {"worse1": 1, "worse2": 2}


def arrive(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    """Resolve a piece's arrival where it now stands."""
    piece = state.pieces[task.piece]
    place = piece.place
    state, log = _fixtures(state, piece)
    piece = state.pieces[task.piece]
    if piece.place != place:  # defeated by a Fortification: it went home
        return state, log
    if is_node(place):
        return _node(state, piece, log)
    follow = [Task("duel", piece.id, at=place)]
    position = parse_space(place)
    assert position is not None
    if is_encounter(position[1]):
        follow.insert(0, Task("encounter", piece.id, at=place))
    else:
        mark = state.mark_at(place)
        made = after_landing(mark, place, piece.kind, piece.seat)
        if mark is None and made is not None:
            state = state.with_mark(made)
            log.append(LogEntry(f"{_name(piece)} turns {place_name(state, place)} {made.side.title()} 1."))
        elif mark is not None:
            follow.insert(0, Task("effect", piece.id, task.came_from, effect=effect(mark), at=place))
            if may_raise(mark, piece.kind):
                state = replace(state, pending=Pending("raise", piece.id, _raise_options(mark.level, mark.side)))
    return replace(state, agenda=(*follow, *state.agenda)), log


def _raise_options(level: int, side: str) -> tuple[str, ...]:
    if level + 1 == SPECIAL_LEVEL:
        return ("keep", *(f"up:{special}" for special in specials_for(side)))  # type: ignore[arg-type]
    return ("keep", "up")


def _fixtures(state: GvbState, piece: Piece) -> tuple[GvbState, Log]:
    """A Trap on the space is spent; a Fortification breaks under a Villain, which takes 1 damage."""
    log: Log = []
    for fixture in state.fixtures:
        if fixture.place != piece.place:
            continue
        if fixture.item == "trap":
            log.append(LogEntry(f"{_name(piece)} is caught by {SEAT_NAMES[fixture.seat]}'s Trap, which is spent."))
        elif piece.kind == "villain":
            points = taken(state, piece, 1)
            log.append(LogEntry(f"{_name(piece)} breaks {SEAT_NAMES[fixture.seat]}'s Fortification and takes "
                                f"{points} damage."))  # fmt: skip
            state, more = damage(state, piece.id, points)
            log += more
        else:
            continue
        kept = tuple(f for f in state.fixtures if f != fixture)
        state = replace(state, fixtures=kept).discarded(items=(fixture.item,))
    return state, log


def _node(state: GvbState, piece: Piece, log: Log) -> tuple[GvbState, Log]:
    """A Home Base: an Event card, or at one's own a point of Special instead. The Crossroads: nothing."""
    if piece.place == CROSSROADS:
        return state, log
    if piece.place == home(piece.seat):
        return replace(state, pending=Pending("home", piece.id, ("event", "special"))), log
    state, more = draw_event(state, piece.seat)
    return state, log + more


def resolve_raise(state: GvbState, choice: str) -> tuple[GvbState, Log]:
    """The raise decision: keep the level, raise it, or (from 5) raise it to the Special named."""
    state, _, piece = state.answered()
    if choice == "keep":
        return state, []
    mark = state.mark_at(piece.place)
    assert mark is not None
    state, log = raise_mark(state, piece.seat, mark, choice.partition(":")[2])
    where = place_name(state, piece.place)
    return state, log or [LogEntry(f"{_name(piece)} raises {where} to {mark.side.title()} {mark.level + 1}.")]


def raise_mark(state: GvbState, seat: int, mark: Mark, special: str = "") -> tuple[GvbState, Log]:
    """A space one level up, by ``seat``'s doing (a piece's raise, Goodness, Badness, a Wave); at 6 it becomes
    the Special named, and ``seat`` scores 2 Renown for making it."""
    state = state.with_mark(raised(mark, seat, special))
    if mark.level + 1 < SPECIAL_LEVEL:
        return state, []
    player = state.player(seat)
    state = state.with_player(replace(player, renown=player.renown + 2))
    where = place_name(state, mark.place)
    return state, [LogEntry(f"{where} becomes a Special: {SPECIAL_NAMES[special]} ({SEAT_NAMES[seat]} +2 Renown).")]


def apply_effect(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    """What the space did to the piece, by the level it had when the piece landed."""
    piece = state.pieces[task.piece]
    if piece.place != task.at:
        return state, []
    name, kind = _name(piece), task.effect
    if kind in NUDGE:
        if (piece.id, "nudge") in state.used:
            return state, []
        options = ("stay", *_near(state, piece, NUDGE[kind]))
        return replace(state, pending=Pending("nudge", piece.id, options)), []
    if kind in WORSE:
        marks = {m.place: m for m in state.marks}
        connectors = layout(len(state.players), SEAT_NAMES)
        back = None if state.rules >= AS_PRINTED else task.came_from  # version 4: either way, as the seed says
        places = worse_places(
            piece.place, WORSE[kind], marks, connectors, state.lengths, came_from=back, stops=traps(state)
        )
        if len(places) == 1:
            return go(state, piece, places[0], f"{name} is dragged to {place_name(state, places[0])}.")
        if places:
            return replace(state, pending=Pending("worse", piece.id, places)), []
        return state, []
    if kind in {"heal1", "heal2"}:
        healed = heal(piece, int(kind[-1]))
        return state.with_piece(healed), [LogEntry(f"{name} heals: {_stats(healed)}.")] if healed != piece else []
    if kind == "reroll":
        if (piece.id, "reroll") in state.used:
            return state, []
        return replace(state, pending=Pending("reroll", piece.id, ("reroll", "stay"))), []
    if kind == "slow":
        return state.with_piece(replace(piece, slowed=piece.slowed + 1)), [
            LogEntry(f"{name}'s next move is 1 shorter.")
        ]
    if kind in {"hurt", "wound"}:
        points = taken(state, piece, 1)
        state, log = damage(state, piece.id, points)
        return state, [LogEntry(f"{name} takes {points} damage."), *log]
    if kind == "skip":
        return state.with_piece(replace(piece, lose_turns=piece.lose_turns + 1)), [
            LogEntry(f"{name} loses its next turn.")
        ]
    return _special(state, piece, kind)


def _special(state: GvbState, piece: Piece, kind: str) -> tuple[GvbState, Log]:
    name = _name(piece)
    if kind == "draw_item":
        return draw_item(state, piece.seat)
    if kind == "draw_event":
        return draw_event(state, piece.seat)
    if kind == "restore":
        return state.with_piece(restore(piece)), [LogEntry(f"{name} is healed whole: {_stats(restore(piece))}.")]
    if kind == "raise":
        return replace(state, pending=Pending("stat", piece.id, ("agility", "might", "smarts"))), []
    if kind == "lose_d6":
        (turns,), rng = state.rng.dice(1)  # type: ignore[union-attr]
        state = replace(state, rng=rng).with_piece(replace(piece, lose_turns=piece.lose_turns + turns))
        return state, [LogEntry(f"{name} sinks and loses {turns} turn{'s' if turns > 1 else ''}.")]
    assert kind == "home", kind
    sent = replace(piece, place=home(piece.seat), lose_turns=piece.lose_turns + 1)
    return state.with_piece(sent), [LogEntry(f"{name} is banished to its Home Base and loses its next turn.")]


def go(state: GvbState, piece: Piece, place: str, line: str) -> tuple[GvbState, Log]:
    """Move a piece a short way by a space's effect; it lands there (a new arrival)."""
    came_from = piece.place
    state = state.with_piece(replace(piece, place=place))
    return replace(state, agenda=(Task("arrive", piece.id, came_from), *state.agenda)), [LogEntry(line)]


def _near(state: GvbState, piece: Piece, reach: int) -> tuple[str, ...]:
    """Where a Good 1 or 2 space's nudge may take the piece, either way: ``reach`` steps (rules version 4, as the
    seed prints it), or up to ``reach`` (versions 1–3)."""
    connectors = layout(len(state.players), SEAT_NAMES)
    counts = (reach,) if state.rules >= AS_PRINTED else range(1, reach + 1)
    stops = traps(state)
    found = {end for steps in counts for end in walks(piece.place, steps, connectors, state.lengths, stops=stops)}
    return tuple(sorted(found - {piece.place}))


def traps(state: GvbState) -> frozenset[str]:
    """Where a space's move or drag stops short: the Traps (rules version 4: a Trap stops "the next piece that
    would move past it", however it moves; before, only the roll's move)."""
    if state.rules < AS_PRINTED:
        return frozenset()
    return frozenset(f.place for f in state.fixtures if f.item == "trap")


def taken(state: GvbState, piece: Piece, points: int) -> int:
    """The damage a space or a Fortification does to ``piece``: from rules version 4 its Armour takes its power
    off, as the card says of all damage taken (fights have always counted it)."""
    if state.rules < AS_PRINTED:
        return points
    return max(0, points - item_power(piece, "armour"))


def damage(state: GvbState, piece_id: int, points: int) -> tuple[GvbState, Log]:
    """Points of damage; a piece left with no Agility, Might or Smarts is defeated: home, whole again, and it
    loses its next turn."""
    piece = hurt(state.pieces[piece_id], points)
    if not piece.defeated:
        return state.with_piece(piece), []
    beaten = replace(restore(piece), place=home(piece.seat), lose_turns=piece.lose_turns + 1, role="", toured=())
    if piece.role and face_up(state.rules):
        state = give_back(state, ROLE_OF[piece.role])
    return state.with_piece(beaten), [LogEntry(f"{_name(piece)} is defeated and goes home.")]


def draw_item(state: GvbState, seat: int) -> tuple[GvbState, Log]:
    decks = state.decks
    if not decks.items:
        return state, [LogEntry("The Item deck is empty.")]
    card, player = decks.items[0], state.player(seat)
    state = replace(state, decks=replace(decks, items=decks.items[1:])).with_player(
        replace(player, items=(*player.items, card))
    )
    public = f"{SEAT_NAMES[seat]} draws an Item card."
    return state, [LogEntry(public, ((seat, f"{public} ({TABLES.items[card].name})"),))]


def draw_event(state: GvbState, seat: int) -> tuple[GvbState, Log]:
    decks = state.decks
    if not decks.events:
        if not decks.event_discards:
            return state, [LogEntry("The Event deck is empty.")]
        shuffled, rng = state.rng.shuffled(decks.event_discards)  # type: ignore[union-attr]
        decks = replace(decks, events=shuffled, event_discards=())
        state = replace(state, rng=rng, decks=decks)
    card, player = decks.events[0], state.player(seat)
    player = replace(player, events=(*player.events, card))
    state = replace(state, decks=replace(decks, events=decks.events[1:])).with_player(player)
    public = f"{SEAT_NAMES[seat]} draws an Event card."
    return state, [LogEntry(public, ((seat, f"{public} ({TABLES.events[card].name})"),))]


def _name(piece: Piece) -> str:
    return piece_name(piece.seat, piece.kind)


def _stats(piece: Piece) -> str:
    agility, might, smarts = piece.stats
    return f"Agility {agility}, Might {might}, Smarts {smarts}"
