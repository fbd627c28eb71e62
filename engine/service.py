"""The match service: every operation a front end performs on a match, with plain ids and no Discord.

Each change runs under the match's in-process lock, is checked against the rules, then written with a
compare-and-set on the row's revision (``Store.write``): one durable transaction before anything is returned.
Live states are cached (bounded LRU) so a decision needn't reload the match, but the cache is only a guess:
the compare-and-set catches a stale one, and any refusal based on cached data is re-checked against the
database, so several processes may share one database.

Decisions, resignations and aborts of started matches are all in the log (the last two as ``!`` events), so
the log rebuilds every match; the row's ``version`` is the number of log entries and is what a player sees.
The service's parts are composed, each in its own module: ``lobby`` (create, seats, options, clock, rematch;
``engine.lobby``), ``clocks`` (due reminders and expiries; ``engine.correspondence``) and ``players``
(settings and vacations; ``engine.players``). All plan with one ``Planner`` (``engine.planning``).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from .ai.mcts import reseeded
from .ai.search import decision_seed
from .clocks import AUTOPILOT_LEVEL, NO_CLOCKS
from .core import Choice, LogEntry, Outcome, Step, View
from .correspondence import Clocks
from .errors import NotYourTurn
from .live import Change, Live, LiveMatches
from .lobby import Lobby
from .matches import (
    ActResult,
    Bookmark,
    Decision,
    MatchClosed,
    MatchInfo,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    NotStarted,
    Seat,
    SeatUnavailable,
    StaleVersion,
    Status,
)
from .planning import (
    SNAPSHOT_EVERY,
    Clock,
    Planner,
    check_version,
    event_line,
    game_of,
    in_lobby,
    in_play,
    result_of,
    take_back,
    view_of,
)
from .players import Players
from .replays import Replays
from .rng import MatchKey, Rng
from .settings import Settings
from .standings import Standings
from .steps import next_step
from .store import Store, store_for
from .store.base import ABORT, EVENT, RESIGN

log = logging.getLogger("changeling.engine")
# A lease's length (``hold``): its holder renews it at every step of the work, far more often than this, so
# only a process that died leaves one to lapse, and others take the work up this long after at most.
LEASE_HOLD = timedelta(seconds=60)


def utc_now() -> datetime:
    return datetime.now(UTC)


class MatchService:
    """Decisions and look-ups for every front end, with its parts: ``lobby`` (seats, options, clock, rematch),
    ``clocks`` (due reminders and expiries) and ``players`` (settings, vacations). Player mistakes raise
    ``EngineError`` subclasses."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = utc_now,
        keys: Callable[[], MatchKey] = MatchKey.new,
        cache_size: int = 4096,
        snapshot_every: int = SNAPSHOT_EVERY,
        holder: str | None = None,
    ) -> None:
        self.store = store
        # This process among those sharing the database: jobs and leases it holds carry this name.
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.live = LiveMatches(store, cache_size)
        self.planner = Planner(clock, snapshot_every=snapshot_every)
        self.lobby = Lobby(self.live, self.planner)
        self.clocks = Clocks(self.live, self.planner, self.holder)
        self.players = Players(self.live, self.planner)
        self.standings = Standings(self.live)
        self.replays = Replays(self.live)
        self._keys = keys

    def now(self) -> datetime:
        """The service's clock (injectable): every deadline is computed from it."""
        return self.planner.now()

    # -- leases: one process at a time does a piece of work, any other once the holder dies ---------------------

    async def hold(self, name: str) -> bool:
        """Take or renew the lease ``name`` for ``LEASE_HOLD`` (say ``ai:<match>``: driving its AI). Always
        granted on a database of one process (SQLite)."""
        if not self.store.shared:
            return True
        now = self.now()
        return await self.store.claim_lease(name, self.holder, now, now + LEASE_HOLD)

    async def let_go(self, name: str) -> None:
        if self.store.shared:
            await self.store.release_lease(name, self.holder)

    async def lapsed(self, prefix: str) -> list[str]:
        """Leases ``prefix…`` a process stopped renewing: it died mid-work, which is now anyone's to take up."""
        return await self.store.lapsed_leases(prefix, self.now()) if self.store.shared else []

    async def watch_elsewhere(self, listener: Callable[[datetime], None]) -> None:
        """Call ``listener`` with the due moment of every write other processes commit (PostgreSQL only), so
        this process's scheduler wakes for work they leave, as ``watch`` does for its own."""
        await self.store.listen(listener)

    def watch(self, listener: Callable[[MatchInfo], None]) -> None:
        """Call ``listener`` with every match row written (the scheduler uses it to wake for new deadlines)."""
        self.live.listeners.append(listener)

    @classmethod
    async def open(cls, location: str | Path | None = None, **options: Any) -> MatchService:
        """A service on the database ``location`` names, migrated: a SQLite file, or a ``postgresql://`` URL
        (default: the ``CHANGELING_DATABASE`` setting)."""
        store = store_for(Settings().database if location is None else location)
        await store.open()
        return cls(store, **options)

    async def close(self) -> None:
        await self.store.close()

    async def __aenter__(self) -> MatchService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self, match_id: str, user_id: int) -> ActResult:
        """The host starts the lobby with the seats filled so far (empty ones are dropped); the match key
        is drawn now, so nobody can learn it from the lobby. Players already on vacation start with paused clocks."""
        away = await self.players.away((await self.get(match_id)).user_ids)

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            if user_id != match.host_id:
                raise NotHost("start it")
            game = game_of(match)
            seats = tuple(s for s in match.seats if not s.empty)
            if len(seats) < game.meta.min_players:
                raise NotEnoughPlayers(game.meta.title, game.meta.min_players, len(seats))
            key = self._keys()
            state = game.setup(match.options, len(seats), key)  # the current rules: a match keeps them to its end
            clock = replace(NO_CLOCKS, away=away if match.time_control.kind == "correspondence" else {})
            version = game.meta.rules_version
            started = self.planner.touch(
                match, seats=seats, status=Status.ACTIVE, key=key, clock=clock, rules_version=version
            )
            return Change(self.planner.reclock(started, state, None), state)

        return result_of(await self.live.change(match_id, plan))

    # -- play ---------------------------------------------------------------------------------------------

    async def act(
        self, match_id: str, user_id: int, key: str, version: int | None, *, seat: int | None = None
    ) -> ActResult:
        """Play ``key`` for the user's seat that must decide (or ``seat``, if the user holds several).

        ``version`` is the one the player saw; an older one raises ``StaleVersion``. ``None`` skips the check.
        """

        def plan(live: Live) -> Change:
            match = in_play(live)
            held = match.seats_of(user_id)
            if not held or (seat is not None and seat not in held):
                raise NotAPlayer()
            check_version(match, version)
            chosen = seat if seat is not None else self.planner.deciding(live, held)
            if match.seats[chosen].autopilot:  # the owner is back: the AI stops playing for them
                live = Live(take_back(match, (chosen,)), live.state)
            return self.planner.decide(live, chosen, key, version)

        return result_of(await self.live.change(match_id, plan))

    async def play(
        self, match_id: str, seat: int, key: str, version: int | None = None, *, as_ai: bool = False
    ) -> ActResult:
        """Play ``key`` for ``seat`` without asking who holds it: for trusted callers such as the AI driver.

        ``as_ai``: only while an AI holds the seat (an owner back from autopilot wins over an AI mid-thought).
        """

        def plan(live: Live) -> Change:
            match = in_play(live)
            if not 0 <= seat < match.players:
                raise SeatUnavailable(f"This match has seats 1–{match.players}; there is no seat {seat + 1}.")
            if as_ai and not match.seats[seat].ai_level:
                raise StaleVersion(match.version)
            return self.planner.decide(live, seat, key, version)

        return result_of(await self.live.change(match_id, plan))

    async def auto_pass(self, match_id: str) -> ActResult | None:
        """Decline one reaction window for a player who chose auto-pass (``set_auto_pass``), if any seat of such
        a player is being asked now; ``None`` when none is. Callers repeat it until ``None``."""
        position = await self.position(match_id)
        if position.match.status is not Status.ACTIVE:
            return None
        for seat in position.windows:
            user_id = position.to_decide.get(seat)
            if user_id is not None and (await self.players.player(user_id)).auto_pass:
                state = (await self.live.fresh(match_id)).state
                key = game_of(position.match).pass_key(state, seat)
                if key is not None:
                    return await self.play(match_id, seat, key, position.version)
        return None

    async def resign(self, match_id: str, user_id: int) -> ActResult:
        """The user gives up. The rules decide what that does (``Game.concede``): the match ends with their
        outcome, or the user's seats drop out and the AI carries them on while the others play to the end."""

        def plan(live: Live) -> Change:
            match = in_play(live)
            held = match.seats_of(user_id)
            if not held:
                raise NotAPlayer()
            game = game_of(match)
            outcome = game.concede(live.state, held, match.players)
            if outcome is not None:
                return self.planner.event(live, held[0], RESIGN, Status.ENDED, outcome)
            carried = tuple(Seat(ai_level=AUTOPILOT_LEVEL) if i in held else s for i, s in enumerate(match.seats))
            if all(seat.user_id is None for seat in carried):  # nobody left to play for: no AI-only match
                names = " and ".join(game.seat_names(match.players)[s] for s in held)
                ended = Outcome(frozenset(), f"{names} resigned, and no player is left.")
                return self.planner.event(live, held[0], RESIGN, Status.ENDED, ended)
            return self.planner.event(live, held[0], RESIGN, Status.ACTIVE, None, seats=carried)

        return result_of(await self.live.change(match_id, plan))

    async def abort(self, match_id: str, user_id: int, *, moderator: bool = False) -> MatchInfo:
        """End a lobby or a match without a result: the host may, and so may a moderator (the bot decides)."""

        def plan(live: Live) -> Change:
            match = live.match
            if not match.status.open:
                raise MatchClosed(match.status)
            if user_id != match.host_id and not moderator:
                raise NotHost("abort it")
            if match.status is Status.LOBBY:
                return Change(self.planner.touch(match, status=Status.ABORTED), None)
            return self.planner.event(live, None, ABORT, Status.ABORTED, None)

        return (await self.live.change(match_id, plan)).match

    # -- look-ups -----------------------------------------------------------------------------------------

    async def awaiting_ai(self) -> list[ActResult]:
        """The current position of every active match where an AI seat must decide (to resume after a restart)."""
        waiting = []
        for match in await self.store.active_with_ai():
            try:
                result = await self.position(match.id)
            except Exception:
                log.exception("match %s could not be loaded to resume its AI", match.id)
                continue
            if any(result.match.seats[seat].ai_level for seat in result.to_decide):
                waiting.append(result)
        return waiting

    async def get(self, match_id: str) -> MatchInfo:
        return await self.live.row(match_id)

    async def find(self, match_id: str) -> MatchInfo | None:
        """The match called ``match_id``, or ``None``: for ids read from old or forged input, which may name none."""
        return await self.store.get_match(match_id)

    async def in_channel(self, channel_id: int) -> MatchInfo | None:
        """The channel's open (lobby or active) match, if any."""
        return await self.store.open_match_in_channel(channel_id)

    async def guild_matches(self, guild_id: int, *, open_only: bool = False, limit: int = 25) -> list[MatchInfo]:
        """A server's matches, most recently changed first."""
        return await self.store.guild_matches(guild_id, open_only=open_only, limit=limit)

    @staticmethod
    def seat_of(match: MatchInfo, user_id: int | None) -> int | None:
        return match.seat_of(user_id)

    async def position(self, match_id: str) -> ActResult:
        """The current position as ``ActResult`` with an empty log: for redrawing a board."""
        live = await self.live.fresh(match_id)
        if live.state is None:
            raise NotStarted() if live.match.status is Status.LOBBY else MatchClosed(live.match.status)
        return result_of(Change(live.match, live.state))

    async def view_for(self, match_id: str, user_id: int | None) -> View | None:
        """What this user may see: their seat's view, or the public one for a spectator (``None`` in a lobby)."""
        live = await self.live.fresh(match_id)
        if live.state is None:
            return None
        return view_of(live.match, live.state, live.match.seats_of(user_id))

    async def decisions_for(self, match_id: str, user_id: int) -> list[Decision]:
        """For each of the user's seats that must decide now: its prompt and legal choices (empty if none)."""
        live = await self.live.fresh(match_id)
        if live.match.status is not Status.ACTIVE:
            return []
        game = game_of(live.match)
        deciding = game.to_decide(live.state)
        return [
            Decision(
                seat,
                game.prompt(live.state, seat),
                tuple(game.choices(live.state, seat)),
                await self.store.last_action_of(match_id, seat),
            )
            for seat in live.match.seats_of(user_id)
            if seat in deciding
        ]

    async def suggestions_for(self, match_id: str, user_id: int, typed: str) -> list[Choice]:
        """What a typed move suggests to this user for the text typed so far (``Game.suggestions``), over each
        of their seats that must decide now (empty if none must)."""
        live = await self.live.fresh(match_id)
        if live.match.status is not Status.ACTIVE:
            return []
        game = game_of(live.match)
        deciding = game.to_decide(live.state)
        seats = [seat for seat in live.match.seats_of(user_id) if seat in deciding]
        return [choice for seat in seats for choice in game.suggestions(live.state, seat, typed)]

    async def choices_for(self, match_id: str, user_id: int) -> dict[int, list[Choice]]:
        """The legal choices of each of the user's seats that must decide now (empty if none must)."""
        return {d.seat: list(d.choices) for d in await self.decisions_for(match_id, user_id)}

    async def step_for(self, match_id: str, user_id: int, seat: int, path: tuple[str, ...]) -> Step | str:
        """The step of ``seat``'s decision after ``path`` (``engine.steps``), or the whole key it completes;
        only for the seat's holder while it must decide. The key is then played with ``act``, once."""
        live = await self.live.fresh(match_id)
        if live.match.status is not Status.ACTIVE:
            raise MatchClosed(live.match.status)
        if seat not in live.match.seats_of(user_id):
            raise NotAPlayer()
        game = game_of(live.match)
        if seat not in game.to_decide(live.state):
            raise NotYourTurn("It isn't your turn to decide.")
        return next_step(game, live.state, seat, path)

    async def log(self, match_id: str, seat: int | None = None) -> list[str]:
        """The whole log as ``seat`` reads it (``None``: a spectator); private lines reach only their owners."""
        return [entry.line_for(seat) for entry in await self._entries(match_id)]

    async def private_lines(self, match_id: str, seats: int | tuple[int, ...]) -> list[str]:
        """The log lines the holder of ``seats`` reads differently from everyone else: their secrets, in order."""
        held = (seats,) if isinstance(seats, int) else seats
        entries = await self._entries(match_id)
        return [entry.line_for_seats(held) for entry in entries if entry.line_for_seats(held) != entry.public]

    async def _entries(self, match_id: str) -> list[LogEntry]:
        """Every log entry of the match, rebuilt from its setup and log (service events as public entries)."""
        match = (await self.live.fresh(match_id)).match
        if match.key is None:
            return []
        game = game_of(match)
        state = game.setup(match.options, match.players, match.key, rules_version=match.rules_version)
        entries: list[LogEntry] = []
        for row in await self.store.actions(match_id, upto=match.version):
            if row.key.startswith(EVENT):
                entries.append(LogEntry(event_line(match, row)))
                continue
            transition = game.act(state, row.seat, row.key)
            state = transition.state
            entries.extend(transition.log)
        return entries

    async def state(self, match_id: str) -> Any | None:
        """The full state, secrets included: for audits, never for a player."""
        return (await self.live.fresh(match_id)).state

    async def search_position(self, match_id: str, seat: int) -> tuple[Any, int]:
        """What an AI deciding for ``seat`` is handed: the state with the match generator replaced by one keyed
        for this decision alone (so no search, nor the worker process it runs in, holds the match key or can
        know a future die), and the decision's seed, derived one way from the match key."""
        live = await self.live.fresh(match_id)
        if live.state is None or live.match.key is None:
            raise NotStarted() if live.match.status is Status.LOBBY else MatchClosed(live.match.status)
        seed = decision_seed(live.match.key, live.match.version, seat)
        return reseeded(live.state, Rng(seed)), seed

    # -- bookmarks ----------------------------------------------------------------------------------------

    async def bookmark(self, match_id: str, kind: str) -> Bookmark | None:
        """Where a front end last showed this match as ``kind`` ("board", "lobby"), if it said so."""
        return await self.store.get_bookmark(match_id, kind)

    async def set_bookmark(self, match_id: str, kind: str, channel_id: int, message_id: int, version: int) -> None:
        """Remember where a front end showed the match, so a restart still finds the current board."""
        await self.store.set_bookmark(Bookmark(match_id, kind, channel_id, message_id, version))
