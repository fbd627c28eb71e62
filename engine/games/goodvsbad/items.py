"""Item cards from the hand (docs/rules/good-vs-bad.md *Items*): laid beside a piece before the roll (one of
each type a piece, boots and mounts never together), a Villain's Trap or a Hero's Fortification left on its
space, a Prophecy played to send any piece to any Home Base; and the hand limit at the end of a turn.

Keys: ``lay:weapon:hero``, ``lay:trap:villain``, ``prophecy:3:h1`` (piece 3 to Blue's Home Base),
``discard:negation``.
"""

from __future__ import annotations

from ...core import LogEntry
from ...frozen import replace
from .board import is_encounter, parse_space
from .model import KINDS, SEAT_NAMES, Fixture, GvbState, Pending, Task, piece_name
from .tables import TABLES

Log = list[LogEntry]
EXCLUSIVE = {"boots": "mount", "mount": "boots"}  # seven-league boots and a mount never together
LEFT_ON_THE_SPACE = ("trap", "fortification")


def hand_limit(state: GvbState) -> int:
    """Item and Event cards together: twice the number of players."""
    return 2 * len(state.players)


def item_options(state: GvbState, seat: int) -> list[str]:
    """What ``seat`` may do with its Items before rolling, in hand order."""
    found: list[str] = []
    for item_id in dict.fromkeys(state.player(seat).items):
        card = TABLES.items[item_id]
        if card.type == "prophecy":
            found += [
                f"prophecy:{piece.id}:h{home}"
                for piece in state.pieces
                for home in state.seats
                if piece.place != f"h{home}"
            ]
            continue
        for kind in KINDS:
            if card.who not in ("any", kind) or not _may_lay(state, state.piece(seat, kind), card.type):
                continue
            found.append(f"lay:{item_id}:{kind}")
    return found


def _may_lay(state: GvbState, piece, item_type: str) -> bool:  # type: ignore[no-untyped-def]
    """One Item of a type beside a piece; a Trap or Fortification only on a plain Connector space of its own."""
    if item_type in LEFT_ON_THE_SPACE:
        found = parse_space(piece.place)
        taken = {f.place for f in state.fixtures}
        return found is not None and not is_encounter(found[1]) and piece.place not in taken
    types = {TABLES.items[i].type for i in piece.items}
    return item_type not in types and EXCLUSIVE.get(item_type) not in types


def lay(state: GvbState, seat: int, item_id: str, kind: str) -> tuple[GvbState, Log]:
    """Put an Item from the hand into play beside (or on the space of) one's own piece."""
    player = state.player(seat)
    hand = list(player.items)
    hand.remove(item_id)
    state = state.with_player(replace(player, items=tuple(hand)))
    piece = state.piece(seat, kind)  # type: ignore[arg-type]
    card = TABLES.items[item_id]
    name = piece_name(seat, kind)  # type: ignore[arg-type]
    if card.type in LEFT_ON_THE_SPACE:
        fixture = Fixture(piece.place, card.type, seat)  # type: ignore[arg-type]
        state = replace(state, fixtures=tuple(sorted((*state.fixtures, fixture), key=lambda f: f.place)))
        return state, [LogEntry(f"{name} leaves a {card.name} on its space.")]
    state = state.with_piece(replace(piece, items=(*piece.items, item_id)))
    return state, [LogEntry(f"{name} takes up the {card.name}.")]


def prophecy(state: GvbState, seat: int, piece_id: int, home: str) -> tuple[GvbState, Log]:
    """Move any piece to any Home Base (no landing); the card is discarded."""
    state = state.spend(seat, "prophecy")
    piece = state.pieces[piece_id]
    state = state.with_piece(replace(piece, place=home))
    where = f"{SEAT_NAMES[int(home[1:])]}'s Home Base"
    return state, [
        LogEntry(f"{SEAT_NAMES[seat]} plays a Prophecy: {piece_name(piece.seat, piece.kind)} goes to {where}.")
    ]


def over_the_limit(state: GvbState) -> GvbState | None:
    """At the end of a turn: if the active player holds more cards than the limit, the discard decision (and the
    turn's end again after it); ``None`` if the hand fits."""
    player = state.player(state.active)
    if player.hand_size <= hand_limit(state):
        return None
    return replace(state, pending=Pending("discard"), agenda=(Task("end_turn"), *state.agenda))


def discard_options(state: GvbState, seat: int) -> tuple[str, ...]:
    """The cards ``seat`` may discard down to the limit: each kind in its hand once, read from the hand when
    asked, so no copy of a hand sits in the pending decision (which every seat's view shows)."""
    player = state.player(seat)
    return tuple(dict.fromkeys((*player.items, *player.events)))


def discard(state: GvbState, seat: int, card_id: str) -> tuple[GvbState, Log]:
    """Discard one card from the hand, face up."""
    card = TABLES.items.get(card_id) or TABLES.events[card_id]
    state = replace(state.spend(seat, card_id), pending=None)
    return state, [LogEntry(f"{SEAT_NAMES[seat]} discards {card.name} down to the hand limit.")]
