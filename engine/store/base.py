"""The small interface between the match service and a database.

A match is event-sourced: its row (setup, seats, status, counters) plus an append-only log of decisions keyed
by (match, sequence) rebuild it completely; snapshots of the full state every few decisions only make loading
faster. The service needs nothing else, so a PostgreSQL store is one more subclass of ``Store``.

Every write is a compare-and-set on the row's ``revision`` and happens in one transaction with its log row and
snapshot, so several processes may share one database: a writer that lost a race gets ``False`` and nothing
of its change is stored.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..clocks import PlayerSettings
from ..matches import Bookmark, MatchInfo
from ..ratings import MatchResult, Rating

EVENT = "!"  # log keys of the service's own events (resign, abort, clocks) start with this; no game key does
RESIGN, ABORT = "!resign", "!abort"
# A seat ran out of time: the win was claimed, its turn skipped, or the AI plays it; its owner came back.
CLAIM, SKIP, AUTOPILOT, RETURN = "!claim", "!skip", "!autopilot", "!return"


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of a match's log: decision ``seq`` (1-based, no gaps) was ``key`` by ``seat``.

    Keys starting with ``!`` are the service's own events (a resignation, an abort), never game keys.
    """

    match_id: str
    seq: int
    seat: int | None
    key: str
    at: datetime


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    """The full state (``Game.state_to_json``) of a match after decision ``seq``."""

    match_id: str
    seq: int
    state: dict[str, Any]


@dataclass(frozen=True, slots=True)
class JobRow:
    """Work the front end must carry out because of a write (reminders to send, a board to post), stored in the
    write's own transaction and deleted once done: ``holder`` (a process) carries it out before ``until``, after
    which any process may take it over. So a process that dies mid-job leaves the job to another."""

    match_id: str
    revision: int
    work: dict[str, Any]
    holder: str
    until: datetime


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One ended match as a player's history lists it: where they finished, against whom, and the rating change
    (``None`` before and after for an unrated match)."""

    match_id: str
    game: str
    guild_id: int | None
    channel_id: int
    ended_at: datetime
    seat: int
    place: int
    won: bool
    resigned: bool
    decisions: int
    opponents: tuple[int, ...]
    shown_before: int | None
    shown_after: int | None
    cooperative: bool = False
    difficulty: str = ""  # co-op only: the level it was played at


@dataclass(frozen=True, slots=True)
class Ranked:
    """A ladder's line: a player's place on it and their rating."""

    rank: int
    user_id: int
    rating: Rating


class StoreError(Exception):
    """Something is wrong with the database itself (not the player's doing)."""


class ChannelOccupied(StoreError):
    """Another open match already holds the channel."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"channel already holds open match {match_id}")
        self.match_id = match_id


class DuplicateMatchId(StoreError):
    """A freshly drawn match id collided with a stored one; draw again."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Changeling; it is left untouched."""


class Store(ABC):
    """Persistence of matches: rows, their append-only logs, and snapshots."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema up to date (refusing a newer one with ``SchemaTooNew``)."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections; pending writes have all committed already."""

    @abstractmethod
    async def insert_match(self, match: MatchInfo) -> None:
        """Store a new match; ``ChannelOccupied`` if the channel already has an open one."""

    @abstractmethod
    async def get_match(self, match_id: str) -> MatchInfo | None:
        """The stored row, or ``None``."""

    @abstractmethod
    async def open_match_in_channel(self, channel_id: int) -> MatchInfo | None:
        """The lobby or active match of a channel (there is at most one)."""

    @abstractmethod
    async def guild_matches(self, guild_id: int, *, open_only: bool = False, limit: int = 25) -> list[MatchInfo]:
        """A server's matches, most recently changed first."""

    @abstractmethod
    async def write(
        self,
        match: MatchInfo,
        *,
        expected_revision: int,
        action: ActionRow | None = None,
        snapshot: SnapshotRow | None = None,
        job: JobRow | None = None,
    ) -> bool:
        """Replace the row if its revision is still ``expected_revision``, appending ``action`` and storing
        ``snapshot`` and ``job`` in the same transaction; durable when it returns ``True``, untouched when
        ``False``."""

    @abstractmethod
    async def actions(self, match_id: str, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        """Log rows with ``after < seq <= upto``, in order."""

    @abstractmethod
    async def last_action_of(self, match_id: str, seat: int) -> int:
        """The ``seq`` of the seat's newest log row (0 if it has none): where its current decision began."""

    @abstractmethod
    async def latest_snapshot(self, match_id: str, *, upto: int) -> SnapshotRow | None:
        """The newest snapshot taken at or before decision ``upto``."""

    @abstractmethod
    async def get_bookmark(self, match_id: str, kind: str) -> Bookmark | None:
        """Where a front end last showed the match as ``kind``."""

    @abstractmethod
    async def set_bookmark(self, bookmark: Bookmark) -> None:
        """Remember (replacing) where a front end showed the match; durable when it returns."""

    @abstractmethod
    async def active_with_ai(self, *, limit: int = 1000) -> list[MatchInfo]:
        """Active matches with at least one AI seat: after a restart, their AI turns must be resumed."""

    # -- clocks (migration 3) ---------------------------------------------------------------------------------

    @abstractmethod
    async def due_matches(self, now: datetime, *, limit: int = 50) -> list[MatchInfo]:
        """Active matches whose ``due_at`` is at or before ``now``, earliest first (an indexed query)."""

    @abstractmethod
    async def next_due(self) -> datetime | None:
        """The earliest ``due_at`` of any active match."""

    @abstractmethod
    async def active_matches_of(self, user_id: int, *, limit: int = 500) -> list[MatchInfo]:
        """Active matches in which ``user_id`` holds a seat."""

    # -- jobs (SQLite migration 7, PostgreSQL 2) -----------------------------------------------------------------

    @abstractmethod
    async def claim_jobs(self, holder: str, now: datetime, until: datetime, *, limit: int = 50) -> list[JobRow]:
        """Take over jobs whose holder's time ran out by ``now``: they become ``holder``'s until ``until``. Two
        processes claiming at once never get the same job."""

    @abstractmethod
    async def finish_job(self, match_id: str, revision: int, holder: str) -> None:
        """The job is done: delete it (unless another process took it over meanwhile)."""

    @abstractmethod
    async def next_job_until(self) -> datetime | None:
        """The earliest moment a held job may be taken over."""

    # -- leases ---------------------------------------------------------------------------------------------

    shared: bool = False  # whether processes on several machines may share the database (PostgreSQL)

    @abstractmethod
    async def claim_lease(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        """Take or renew the lease ``name`` for ``holder`` until ``until``: granted if it is free, lapsed by
        ``now``, or ``holder``'s already."""

    @abstractmethod
    async def release_lease(self, name: str, holder: str) -> None:
        """Give the lease up (if ``holder`` still has it)."""

    @abstractmethod
    async def lapsed_leases(self, prefix: str, now: datetime) -> list[str]:
        """Leases named ``prefix…`` whose holder did not renew them by ``now`` (it died holding them)."""

    async def listen(self, callback: Callable[[datetime], None]) -> None:
        """Call ``callback`` with the earliest due moment of every write another process commits (due clock
        work, or a job's hold), so a sleeping scheduler wakes in time. Only a database shared between machines
        can tell; the default, for SQLite's one process, tells nothing."""
        return

    @abstractmethod
    async def get_player(self, user_id: int) -> PlayerSettings | None:
        """A player's stored settings, or ``None`` if they never changed any."""

    @abstractmethod
    async def put_player(self, player: PlayerSettings) -> None:
        """Store (replacing) a player's settings; durable when it returns."""

    # -- results and ratings (SQLite migration 8, PostgreSQL 3) ----------------------------------------------------
    # A write that ends a match stores its result and, when rated, changes its players' ratings in the same
    # transaction (``engine.ratings``).

    @abstractmethod
    async def result(self, match_id: str) -> tuple[MatchResult, dict[int, tuple[int | None, int | None]]] | None:
        """An ended match's result and each seat's shown rating before and after it, or ``None``."""

    @abstractmethod
    async def rating(self, user_id: int, game: str, scope: int) -> Rating | None:
        """``user_id``'s rating on a ladder (``ratings.OVERALL`` or a guild id), or ``None`` if never rated."""

    @abstractmethod
    async def ladder(self, game: str, scope: int, *, offset: int = 0, limit: int = 10) -> list[Ranked]:
        """The best-rated players of a ladder who do not hide, best first, from place ``offset + 1``."""

    @abstractmethod
    async def ladder_size(self, game: str, scope: int) -> int:
        """How many players a ladder lists (those who hide are not counted)."""

    @abstractmethod
    async def rank_of(self, user_id: int, game: str, scope: int) -> int | None:
        """``user_id``'s place on a ladder (``None`` if unrated there or hidden)."""

    @abstractmethod
    async def history(self, user_id: int, *, game: str | None = None, limit: int = 10) -> list[HistoryEntry]:
        """``user_id``'s ended matches, newest first."""

    @abstractmethod
    async def seat_counts(self, user_id: int, game: str) -> dict[int, int]:
        """How often ``user_id`` has finished a match of ``game`` in each seat (their favourite seat)."""

    @abstractmethod
    async def all_results(self) -> list[MatchResult]:
        """Every recorded result (for rebuilding the ratings)."""

    @abstractmethod
    async def ratings_table(self) -> dict[tuple[int, str, int], Rating]:
        """The whole ratings table, keyed by (scope, game, user)."""

    @abstractmethod
    async def replace_ratings(self, table: dict[tuple[int, str, int], Rating]) -> None:
        """Make the ratings table ``table`` (the rebuild's repair), in one transaction."""
