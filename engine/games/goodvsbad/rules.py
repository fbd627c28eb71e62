"""Good vs Bad's decisions as keys: what a seat may do now (``legal``) and doing it (``play``).

Keys: ``name:fire`` (a Special), ``buy:3.2.1.2`` (Agility, Might, Smarts, Special), ``roll``, ``first:hero``,
``go:0.7`` (where a move ends), ``raise:keep`` / ``raise:up`` / ``raise:up:restore`` (a Special named at 6),
``home:event`` / ``home:special``, ``nudge:stay`` / ``nudge:0.8``, ``worse:0.9``, ``reroll:reroll`` /
``reroll:stay``, ``stat:might`` (a Training Ground), ``duel:smarts``, ``flee:flee`` / ``flee:fight``; a Hero's
(``calls.py``): ``help:call`` / ``help:alone`` / ``help:aside``, ``help:join`` / ``help:decline``; the
Items' keys (``items.py``): ``lay:weapon:hero``, ``prophecy:3:h1``, ``discard:negation``; the Events' keys
(``events.py``): ``event:goodness:0.5``, in a window ``answer:pass`` / ``answer:negate``, and a Wave's Specials
one by one (rules version 4) ``wave:restore``.
"""

from __future__ import annotations

from ...core import LogEntry
from ...errors import IllegalAction, MalformedKey
from ...frozen import replace
from . import calls, events, fights, items, landing, turns
from .labels import place_name
from .model import SEAT_NAMES, GvbState, Task
from .setup import PURCHASES, Purchase, name_special, names_left, seal_purchase
from .spaces import raise_stat
from .tables import PLAIN_STATS

Log = list[LogEntry]
ALL_PURCHASES = tuple(f"buy:{'.'.join(map(str, p))}" for p in PURCHASES)


def deciders(state: GvbState) -> tuple[int, ...]:
    """Who decides now: every player still buying (a sealed choice), else the active player."""
    if state.outcome is not None:
        return ()
    if state.stage == "buy":
        return tuple(p.seat for p in state.players if p.purchase is None)
    if state.window is not None:
        return tuple(s for s, answer in enumerate(state.window.answers) if answer is None)
    if state.call is not None:
        return tuple(s for s, answer in enumerate(state.call.answers) if answer is None)
    if state.pending is not None and state.pending.seat >= 0:
        return (state.pending.seat,)
    return (state.active,)


def legal(state: GvbState, seat: int) -> list[str]:
    """Every key ``seat`` may play now, in a fixed order."""
    if seat not in deciders(state):
        return []
    if state.stage == "name":
        return [f"name:{name.lower()}" for name in names_left(state)]
    if state.stage == "buy":
        return list(ALL_PURCHASES)
    if state.window is not None:
        return ["answer:pass", "answer:negate"] if "negation" in state.player(seat).events else ["answer:pass"]
    if state.call is not None:
        return ["help:join", "help:decline"]
    pending = state.pending
    assert pending is not None, "a turn always owes a decision between tasks"
    if pending.kind == "roll":
        return ["roll", *items.item_options(state, seat), *events.event_options(state, seat)]
    if pending.kind == "discard":
        return [f"discard:{card}" for card in items.discard_options(state, seat)]
    prefix = {"order": "first", "path": "go"}.get(pending.kind, pending.kind)
    return [f"{prefix}:{option}" for option in pending.options]


def play(state: GvbState, seat: int, key: str, *, listed: bool = False) -> tuple[GvbState, Log]:
    """Apply a legal key (``listed``: one ``legal`` gave for this very state, as search does, so not checked
    again); the turn's work runs on until the next decision."""
    if not listed and key not in legal(state, seat):
        raise IllegalAction(f"{key} is not a choice for {SEAT_NAMES[seat]} now.")
    kind, _, rest = key.partition(":")
    if kind == "name":
        return name_special(state, seat, rest.title())
    if kind == "buy":
        return seal_purchase(state, seat, _purchase(rest))
    if kind == "roll":
        return turns.roll(state)
    if kind == "first":
        return turns.choose_order(state, rest)
    if kind == "go":
        return turns.choose_path(state, rest)
    if kind == "event":
        return events.play_event(state, seat, key)
    if kind == "answer":
        return events.answer(state, seat, rest)
    if kind == "help" and state.call is not None:
        state, log = calls.answer(state, seat, rest)
        more_state, more = turns.run(state)
        return more_state, log + more
    if kind == "lay":
        item_id, _, piece_kind = rest.partition(":")
        return items.lay(state, seat, item_id, piece_kind)
    if kind == "prophecy":
        piece, _, home = rest.partition(":")
        return items.prophecy(state, seat, int(piece), home)
    if kind == "discard":
        state, log = items.discard(state, seat, rest)
        more_state, more = turns.run(state)
        return more_state, log + more
    state, log = _decide(state, kind, rest)
    more_state, more = turns.run(state)
    return more_state, log + more


def _decide(state: GvbState, kind: str, choice: str) -> tuple[GvbState, Log]:
    """The decisions taken on landing, in a fight, or at home; and a Wave's Specials, named one by one."""
    pending = state.pending
    assert pending is not None
    if kind == "wave":
        return events.name_wave_special(state, choice)
    piece = state.pieces[pending.piece]
    if kind == "raise":
        return landing.resolve_raise(state, choice)
    if kind == "duel":
        return fights.duel(state, choice)
    if kind == "flee":
        return fights.flee(state, choice)
    if kind in ("help", "rally"):
        return calls.decide(state, choice)
    if kind == "escape":
        return fights.escape(state, choice)
    state = replace(state, pending=None)
    name = f"{SEAT_NAMES[piece.seat]}'s {piece.kind.title()}"
    if kind == "home":
        if choice == "event":
            return landing.draw_event(state, piece.seat)
        player = state.player(piece.seat)
        state = state.with_player(replace(player, special=player.special + 1))
        return state, [LogEntry(f"{SEAT_NAMES[piece.seat]}'s {player.special_name} rises to {player.special + 1}.")]
    if kind == "nudge":
        if choice == "stay":
            return state, []
        state = replace(state, used=(*state.used, (piece.id, "nudge")))
        return landing.go(state, piece, choice, f"{name} moves on to {place_name(state, choice)}.")
    if kind == "worse":
        return landing.go(state, piece, choice, f"{name} is dragged to {place_name(state, choice)}.")
    if kind == "reroll":
        if choice == "stay":
            return state, []
        dice, rng = state.rng.dice(2)  # type: ignore[union-attr]
        state = replace(state, rng=rng, used=(*state.used, (piece.id, "reroll")))
        state, log = turns.begin_move(state, piece.id, sum(dice))
        return state, [LogEntry(f"{name} rolls again: {dice[0]} + {dice[1]}."), *log]
    assert kind == "stat", kind
    state = state.with_piece(raise_stat(piece, PLAIN_STATS.index(choice)))  # type: ignore[arg-type]
    return state, [LogEntry(f"{name}'s {choice.title()} rises by 1, for good.")]


def _purchase(text: str) -> Purchase:
    try:
        a, m, s, x = (int(n) for n in text.split("."))
    except ValueError:
        raise MalformedKey(f"buy:{text}: four numbers, like buy:3.2.1.2.") from None
    return a, m, s, x


__all__ = ["Task", "deciders", "legal", "play"]
