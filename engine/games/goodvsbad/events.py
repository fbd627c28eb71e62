"""Event cards (docs/rules/good-vs-bad.md *Events*): played by the active player before the roll, each opening a
reaction window in which every other player with a card in hand answers at once, sealed: let it stand, or
play a Negation. A Negation that stands opens a window of its own (a Negation can be Negated); when a window
closes with nobody negating, the chain is settled: an even number of Negations lets the Event happen.

Keys: ``event:extension``, ``event:goodness:0.5`` (``:restore`` added when it makes a Special),
``event:teleport:2`` (Green's pieces swap), ``event:wave-of-goodness:restore``; in a window ``answer:pass`` and
``answer:negate``.
"""

from __future__ import annotations

import functools

from ...clocks import plural
from ...core import LogEntry
from ...frozen import replace
from . import destiny
from .board import LONGEST, extended, home, is_encounter, layout, moved_by_extension, parse_space, places
from .destiny import ROLES, TITLES
from .labels import place_name
from .landing import raise_mark
from .model import AS_PRINTED, SEAT_NAMES, SPECIAL_LEVEL, GvbState, Mark, Pending, Piece, Window, piece_name
from .spaces import is_markable, raised, specials_for
from .tables import DECKS, TABLES

Log = list[LogEntry]
SIDES = {"goodness": "good", "badness": "bad", "wave-of-goodness": "good", "wave-of-badness": "bad"}
# ``ROLES``: the winning cards; from rules version 5 they lie face up as Destiny cards (``destiny``).


def event_options(state: GvbState, seat: int) -> list[str]:
    """The Events ``seat`` may play before its roll, with their targets; from rules version 4 only where the card
    would do something (a face offered as a play must be able to have its effect)."""
    found: list[str] = []
    printed = state.rules >= AS_PRINTED
    for card in dict.fromkeys(state.player(seat).events):
        if card == "negation" or (card in ROLES and champion(state, ROLES[card][0]) is None):
            continue
        if printed and not _would_work(state, card):
            continue
        side = SIDES.get(card)
        if card in ("goodness", "badness"):
            found += [f"event:{card}:{target}" for target in _targets(state, side)]  # type: ignore[arg-type]
        elif side is not None and printed:  # a wave: its Specials are named one by one as it happens
            found.append(f"event:{card}")
        elif side is not None:  # a wave of versions 1–3: one Special named for every space it makes one
            at_five = any(m.side == side and m.level == SPECIAL_LEVEL - 1 for m in state.marks)
            specials = specials_for(side) if at_five else ("",)  # type: ignore[arg-type]
            found += [f"event:{card}:{special}".rstrip(":") for special in specials]
        elif card == "teleport":
            found += [f"event:teleport:{s}" for s in state.seats if not printed or _apart(state, s)]
        else:
            found.append(f"event:{card}")
    found += [f"event:{card}" for card in state.destinies if destiny.playable(state, seat, card)]
    return found


def _would_work(state: GvbState, card: str) -> bool:
    """Whether ``card`` would change anything now (rules version 4 offers no card that would not): an Extension
    needs a Connector under 29, a Wave a space of its side below 6, Weak (Strong) Monsters a deck below (above)
    the one every square would draw from already."""
    if card == "extension":
        return any(length < LONGEST for length in state.lengths)
    if card in ("wave-of-goodness", "wave-of-badness"):
        return any(m.side == SIDES[card] and m.level < SPECIAL_LEVEL for m in state.marks)
    if card == "weak-monsters":
        return state.shift > 1 - len(DECKS)
    if card == "strong-monsters":
        return state.shift < len(DECKS) - 1
    return True


def _apart(state: GvbState, seat: int) -> bool:
    """Whether ``seat``'s Hero and Villain stand on different places (a Teleport would move them)."""
    return state.piece(seat, "hero").place != state.piece(seat, "villain").place


def champion(state: GvbState, kind: str) -> Piece | None:
    """The Hero (Villain) whose Agility, Might and Smarts are each higher than every other piece's, if one is;
    already a Protector or Supervillain, it cannot be named again."""
    standing = state.pieces
    for piece in standing:
        if piece.kind != kind or piece.role:
            continue
        if all(
            all(a > b for a, b in zip(piece.stats, other.stats, strict=True)) for other in standing if other != piece
        ):
            return piece
    return None


def _crown(state: GvbState, card: str) -> tuple[GvbState, Log]:
    """Topple the New God (Defeat the Supervillain): the champion takes the role and goes home to start its tour."""
    kind, role = ROLES[card]
    if destiny.face_up(state.rules):
        piece = destiny.standing_above(state, kind)
        if piece is None:
            line = "Nobody stands above the others any more: the Destiny card lies face up again."
            return destiny.give_back(state, card), [LogEntry(line)]
    else:
        piece = champion(state, kind)
    if piece is None:
        return state, [LogEntry("Nobody stands above all the others any more: nothing happens.")]
    state = state.with_piece(replace(piece, role=role, place=home(piece.seat), toured=()))  # type: ignore[arg-type]
    return state, [LogEntry(f"{piece_name(piece.seat, piece.kind)} becomes {TITLES[role]} and goes home: it wins by "
                            "reaching every other Home Base undefeated.")]  # fmt: skip


def _targets(state: GvbState, side: str) -> list[str]:
    """Spaces Goodness (Badness) may raise: its side's spaces below 6 and every Blank space; one at 5 names the
    Special it becomes."""
    marks = {m.place: m for m in state.marks}
    every, markable = _board(len(state.players), state.lengths)
    found = []
    for place in every:
        mark = marks.get(place)
        if mark is None:
            if place in markable:
                found.append(place)
        elif mark.side == side and mark.level < SPECIAL_LEVEL - 1:
            found.append(place)
        elif mark.side == side and mark.level == SPECIAL_LEVEL - 1:
            found += [f"{place}:{special}" for special in specials_for(side)]  # type: ignore[arg-type]
    return found


@functools.lru_cache(maxsize=64)
def _board(players: int, lengths: tuple[int, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """Every place on the board, in order, and the markable ones: a Goodness or Badness in a hand lists its
    targets at every step of a search (a tenth of hard's time in late rounds), and the board changes only when
    an Extension lengthens a Connector."""
    every = places(layout(players, SEAT_NAMES), lengths, players)
    return every, frozenset(place for place in every if is_markable(place))


def play_event(state: GvbState, seat: int, key: str) -> tuple[GvbState, Log]:
    """Take the card from the hand into play and open the window on it."""
    card = key.split(":")[1]
    state = destiny.lift(state, seat, card)
    line = LogEntry(f"{SEAT_NAMES[seat]} plays {TABLES.events[card].name}{_target_words(state, key)}.")
    return _open(state, Window(key, seat, seat, ()), [line])


def _open(state: GvbState, window: Window, log: Log) -> tuple[GvbState, Log]:
    """Ask every other player who holds a card; with nobody to ask, settle at once."""
    answers = tuple(None if s != window.against and p.hand_size else "" for s, p in enumerate(state.players))
    if all(a == "" for a in answers):
        return settle(replace(state, window=None), window, log)
    asked = ", ".join(SEAT_NAMES[s] for s, a in enumerate(answers) if a is None)
    return replace(state, window=replace(window, answers=answers)), [*log, LogEntry(f"{asked} may answer.")]


def answer(state: GvbState, seat: int, choice: str) -> tuple[GvbState, Log]:
    """A sealed answer; the last one opens them all."""
    window = state.window
    assert window is not None
    answers = tuple(choice if s == seat else a for s, a in enumerate(window.answers))
    sealed = LogEntry.secret(f"{SEAT_NAMES[seat]} has answered.", {seat: f"You answered: {choice}."})
    window = replace(window, answers=answers)
    if any(a is None for a in answers):
        return replace(state, window=window), [sealed]
    negators = [s for s, a in enumerate(answers) if a == "negate"]
    if not negators:
        return settle(replace(state, window=None), window, [sealed])
    first = min(negators, key=lambda s: (s - window.against) % len(state.players))
    state = state.spend(first, "negation")
    line = LogEntry(f"{SEAT_NAMES[first]} plays a Negation.")
    chained = Window(window.key, window.player, first, (), window.negations + 1)
    return _open(replace(state, window=None), chained, [sealed, line])


def settle(state: GvbState, window: Window, log: Log) -> tuple[GvbState, Log]:
    """The chain is over: an even number of Negations lets the Event happen."""
    card = window.key.split(":")[1]
    if window.negations % 2:
        if card in ROLES and destiny.face_up(state.rules):
            state = destiny.give_back(state, card)
            line = f"{TABLES.events[card].name} is cancelled: the Destiny card lies face up again."
            return state, [*log, LogEntry(line)]
        return state, [*log, LogEntry(f"{TABLES.events[card].name} is cancelled.")]
    state, more = happen(state, window.player, window.key)
    return state, log + more


def happen(state: GvbState, seat: int, key: str) -> tuple[GvbState, Log]:
    """The Event's effect."""
    parts = key.split(":")
    card = parts[1]
    if card == "extension":
        return _extension(state)
    if card in ROLES:
        return _crown(state, card)
    if card in ("weak-monsters", "strong-monsters"):
        shift = -1 if card == "weak-monsters" else 1
        line = f"The next Encounter is drawn one deck {'weaker' if shift < 0 else 'stronger'}."
        return replace(state, shift=state.shift + shift), [LogEntry(line)]
    if card == "teleport":
        target = int(parts[2])
        hero, villain = state.piece(target, "hero"), state.piece(target, "villain")
        state = state.with_piece(replace(hero, place=villain.place)).with_piece(replace(villain, place=hero.place))
        return state, [LogEntry(f"{SEAT_NAMES[target]}'s Hero and Villain swap places.")]
    side = SIDES[card]
    if card in ("goodness", "badness"):
        return _raise_one(state, seat, side, parts[2], parts[3] if len(parts) > 3 else "")
    if len(parts) == 2 and state.rules >= AS_PRINTED:
        return _wave_each(state, seat, side)
    return _wave(state, seat, side, parts[2] if len(parts) > 2 else "")


def _raise_one(state: GvbState, seat: int, side: str, place: str, special: str) -> tuple[GvbState, Log]:
    mark = state.mark_at(place)
    if mark is None:
        if not is_markable(place):
            return state, []
        line = LogEntry(f"{place_name(state, place)} turns {side.title()} 1.")
        return state.with_mark(Mark(place, side, 1, maker=seat)), [line]  # type: ignore[arg-type]
    if mark.side != side or mark.level >= SPECIAL_LEVEL:
        return state, [LogEntry("The space has changed: nothing happens.")]
    return raise_mark(state, seat, mark, special)


def _wave(state: GvbState, seat: int, side: str, special: str) -> tuple[GvbState, Log]:
    log = [LogEntry(f"Every {side.title()} space below 6 rises a level.")]
    for mark in [m for m in state.marks if m.side == side and m.level < SPECIAL_LEVEL]:
        state, more = raise_mark(state, seat, mark, special)
        log += more
    return state, log


def _wave_each(state: GvbState, seat: int, side: str) -> tuple[GvbState, Log]:
    """A Wave of rules version 4: every space of its side below 5 rises a level at once; each one at 5 becomes a
    Special its player names, one decision a space (the seed: whoever makes a Special chooses which it is)."""
    log = [LogEntry(f"Every {side.title()} space below 6 rises a level.")]
    fives = tuple(m.place for m in state.marks if m.side == side and m.level == SPECIAL_LEVEL - 1)
    for mark in [m for m in state.marks if m.side == side and m.level < SPECIAL_LEVEL - 1]:
        state = state.with_mark(raised(mark, seat))
    if fives:
        state = replace(state, pending=Pending("wave", options=specials_for(side), spaces=fives))  # type: ignore[arg-type]
    return state, log


def name_wave_special(state: GvbState, special: str) -> tuple[GvbState, Log]:
    """The Wave's player names the Special of the first space still waiting; the next one is asked after it."""
    pending = state.pending
    assert pending is not None and pending.kind == "wave"
    place, rest = pending.spaces[0], pending.spaces[1:]
    state = replace(state, pending=replace(pending, spaces=rest) if rest else None)
    mark = state.mark_at(place)
    assert mark is not None
    return raise_mark(state, state.active, mark, special)


def _extension(state: GvbState) -> tuple[GvbState, Log]:
    """Every Connector under 29 grows by six at its middle; a marked space that is now an Encounter square
    loses its mark (the seed), and a Trap or Fortification there is discarded."""
    lengths, middles = extended(state.lengths)
    if not middles:
        return state, [LogEntry("Every road is as long as it gets: nothing happens.")]

    def moved(place: str) -> str:
        return moved_by_extension(place, middles)

    def plain(place: str) -> bool:
        found = parse_space(place)
        return found is None or not is_encounter(found[1])

    pieces = tuple(replace(p, place=moved(p.place)) for p in state.pieces)
    shifted = (replace(m, place=moved(m.place)) for m in state.marks)
    marks = tuple(sorted((m for m in shifted if plain(m.place)), key=lambda m: m.place))
    lost = len(state.marks) - len(marks)
    fixtures = tuple(replace(f, place=moved(f.place)) for f in state.fixtures)
    kept = tuple(f for f in fixtures if plain(f.place))
    state = replace(state, lengths=lengths, pieces=pieces, marks=marks, fixtures=kept)
    state = state.discarded(items=tuple(f.item for f in fixtures if not plain(f.place)))
    grown = plural(len(middles), "Connector")
    line = f"The roads grow by 6 spaces on {grown}; marked spaces now Encounter squares: {lost}."
    return state, [LogEntry(line)]


def _target_words(state: GvbState, key: str) -> str:
    parts = key.split(":")
    if parts[1] == "teleport":
        return f" on {SEAT_NAMES[int(parts[2])]}"
    if parts[1] in ("goodness", "badness"):
        return f" on {parts[2]}"
    return ""
