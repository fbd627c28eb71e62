"""How a change of a match is planned: the checks and the arithmetic every service operation shares.

A plan is a pure function of the live match (``engine.live``): it checks who may do what, applies the rules,
recomputes the clocks and returns the ``Change`` to write, or raises an ``EngineError``. The service and its
parts (the lobby, the clocks, the players) each hold the one ``Planner`` and differ only in what they plan;
nothing here touches the store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from .clocks import AUTOPILOT_LEVEL, NO_CLOCKS, recompute
from .core import Game, LogEntry, Outcome, View
from .errors import NotYourTurn
from .live import Change, Live
from .matches import ActResult, MatchClosed, MatchInfo, NotInLobby, NotStarted, Seat, StaleVersion, Status
from .registry import get_game
from .store import ActionRow, SnapshotRow
from .store.base import AUTOPILOT, CLAIM, RESIGN, RETURN, SKIP

SNAPSHOT_EVERY = 32

Clock = Callable[[], datetime]


def game_of(match: MatchInfo) -> Game[Any, Any, Any]:
    """The rules a match is played by."""
    return get_game(match.game)


def in_lobby(live: Live) -> MatchInfo:
    """The match, if it is still a lobby (``MatchClosed`` or ``NotInLobby`` otherwise)."""
    if not live.match.status.open:
        raise MatchClosed(live.match.status)
    if live.match.status is not Status.LOBBY:
        raise NotInLobby()
    return live.match


def in_play(live: Live) -> MatchInfo:
    """The match, if it has started and not ended (``NotStarted`` or ``MatchClosed`` otherwise)."""
    if live.match.status is Status.LOBBY:
        raise NotStarted()
    if live.match.status is not Status.ACTIVE:
        raise MatchClosed(live.match.status)
    return live.match


def check_version(match: MatchInfo, version: int | None) -> None:
    """A decision made on an older position than the match's is refused (``None`` skips the check)."""
    if version is not None and version != match.version:
        raise StaleVersion(match.version)


def take_back(match: MatchInfo, seats: Iterable[int]) -> MatchInfo:
    """The owners hold ``seats`` again: the AI stops playing them."""
    back = set(seats)
    if not back:
        return match
    new_seats = tuple(Seat(s.user_id) if i in back and s.user_id is not None else s for i, s in enumerate(match.seats))
    autopilot = {k: v for k, v in match.clock.autopilot.items() if k not in back}
    return replace(match, seats=new_seats, clock=replace(match.clock, autopilot=autopilot))


def event_line(match: MatchInfo, row: ActionRow) -> str:
    """The log line of a service event (a resignation, an expiry, an abort): no game writes these."""
    name = game_of(match).seat_names(match.players)[row.seat] if row.seat is not None else "?"
    lines = {
        RESIGN: f"{name} resigns.",
        CLAIM: f"{name} ran out of time, and the win was claimed.",
        SKIP: f"{name} ran out of time: the AI ({AUTOPILOT_LEVEL}) makes {name}'s decisions this turn.",
        AUTOPILOT: f"{name} ran out of time: the AI ({AUTOPILOT_LEVEL}) plays {name} until its player is back.",
        RETURN: f"{name}'s player is back; the AI no longer plays {name}.",
    }
    if row.key in lines and row.seat is not None:
        return lines[row.key]
    return "The match was aborted."


def view_of(match: MatchInfo, state: Any, seats: tuple[int, ...]) -> View:
    """The game's view for the holder of ``seats`` (none: the public view), told about a resignation or
    abort that ended the match outside the rules."""
    view = game_of(match).view_of_seats(state, seats)
    if match.status is not Status.ACTIVE and (view.to_decide or view.outcome != match.outcome):
        view = replace(view, to_decide=(), outcome=match.outcome)
    return view


def result_of(change: Change) -> ActResult:
    """What a front end is told of a written change: the public and private log, the public view, and who
    must decide next (an AI seat as ``None``), with the seats that are only asked to react."""
    match, state = change.match, change.state
    private: dict[int, list[str]] = {}
    for entry in change.log:
        for owner, text in entry.private:
            private.setdefault(owner, []).append(text)
    game = game_of(match)
    deciding = game.to_decide(state) if match.status is Status.ACTIVE else ()
    return ActResult(
        match=match,
        seat=change.action.seat if change.action else None,
        key=change.action.key if change.action else None,
        public_log=tuple(entry.public for entry in change.log),
        private_log={owner: tuple(lines) for owner, lines in private.items()},
        view=view_of(match, state, ()),
        to_decide={seat: None if match.seats[seat].ai_level else match.seats[seat].user_id for seat in deciding},
        outcome=match.outcome,
        windows=tuple(seat for seat in deciding if game.pass_key(state, seat) is not None),
    )


class Planner:
    """The planning steps that need the service's clock and snapshot interval: stamping a row, applying a
    decision, logging an event, and recomputing the turn clocks after either."""

    def __init__(self, clock: Clock, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.now = clock
        self._snapshot_every = snapshot_every

    def touch(self, match: MatchInfo, **changes: Any) -> MatchInfo:
        """``match`` with ``changes``, its revision bumped and its time stamped."""
        return replace(match, revision=match.revision + 1, updated_at=self.now(), **changes)

    def decide(self, live: Live, seat: int, key: str, version: int | None) -> Change:
        """Check the version, apply ``key`` through the rules, and plan the write (snapshotting if due)."""
        match = live.match
        check_version(match, version)
        game = game_of(match)
        transition = game.act(live.state, seat, key)
        canonical_key = game.action_key(game.parse_key(key.strip()))
        outcome = game.outcome(transition.state)
        seq = match.version + 1
        new = self.touch(match, version=seq, status=Status.ENDED if outcome else Status.ACTIVE, outcome=outcome)
        new = self.reclock(self._end_skipped_turns(new, transition.state), transition.state, seat)
        snapshot = None
        if outcome is not None or seq % self._snapshot_every == 0:
            snapshot = SnapshotRow(match.id, seq, game.state_to_json(transition.state))
        action = ActionRow(match.id, seq, seat, canonical_key, new.updated_at)
        return Change(new, transition.state, action, snapshot, transition.log)

    def event(
        self, live: Live, seat: int | None, key: str, status: Status, outcome: Outcome | None, **changes: Any
    ) -> Change:
        """A resignation, expiry or abort: logged like a decision so the log alone tells how the match went."""
        match = live.match
        seq = match.version + 1
        touched = self.touch(match, version=seq, status=status, outcome=outcome, **changes)
        new = self.reclock(touched, live.state, None)
        snapshot = SnapshotRow(match.id, seq, game_of(match).state_to_json(live.state))
        action = ActionRow(match.id, seq, seat, key, new.updated_at)
        return Change(new, live.state, action, snapshot, (LogEntry(event_line(match, action)),))

    @staticmethod
    def deciding(live: Live, held: tuple[int, ...]) -> int:
        """The first of ``held`` that must decide now (``NotYourTurn`` naming who must, if none)."""
        game = game_of(live.match)
        deciding = game.to_decide(live.state)
        for seat in held:
            if seat in deciding:
                return seat
        names = ", ".join(game.seat_names(live.match.players)[s] for s in deciding)
        raise NotYourTurn(f"It isn't your turn: waiting for {names}.")

    @staticmethod
    def reclock(match: MatchInfo, state: Any, acted: int | None) -> MatchInfo:
        """``match`` with its clocks recomputed for the position ``state`` (cleared once it is over)."""
        if match.status is not Status.ACTIVE:
            return replace(match, clock=NO_CLOCKS) if not match.clock.empty else match
        deciding = {
            seat: match.seats[seat].user_id
            for seat in game_of(match).to_decide(state)
            if match.seats[seat].user_id is not None and not match.seats[seat].ai_level
        }
        clock = recompute(match.clock, match.time_control, deciding, acted, match.updated_at)
        return replace(match, clock=clock)

    @staticmethod
    def _end_skipped_turns(match: MatchInfo, state: Any) -> MatchInfo:
        """A skipped turn (the AI deciding once for an absent owner) ends when that seat stops deciding."""
        turns = [seat for seat, mode in match.clock.autopilot.items() if mode == "turn"]
        if match.status is not Status.ACTIVE or not turns:
            return match
        deciding = game_of(match).to_decide(state)
        return take_back(match, [seat for seat in turns if seat not in deciding])
