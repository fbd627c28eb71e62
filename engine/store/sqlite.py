"""The SQLite store: one database file, WAL with ``synchronous=FULL`` so a commit survives a crash or power loss.

Two connections. The writer is a plain ``sqlite3`` connection on a thread of its own: every write transaction
is one function (``sqlite_writer``) run there whole, so the thread serialises transactions without a lock and
a write crosses between threads once, not once per statement. Writes that arrive while a commit is under way go
together in the next (group commit: one sync to disk for all). The reader (``aiosqlite``) in WAL mode never
waits for the writer. Reads need no transaction: the log is append-only and every read of it is bounded by the
row's version.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from ..clocks import PlayerSettings
from ..matches import Bookmark, MatchInfo
from ..ratings import MatchResult, Rating
from . import sqlite_results as results
from . import sqlite_writer as writes
from .base import ActionRow, ChannelOccupied, DuplicateMatchId, HistoryEntry, JobRow, Ranked, SnapshotRow, Store
from .rows import COLUMNS, OPEN, PLAYER_COLUMNS, match_of, micros, moment, optional_moment, player_of

T = TypeVar("T")
_GROUP_LIMIT = 256  # writes per group commit: bounds one transaction's length
# aiosqlite logs every statement with its parameters at DEBUG: match keys and secret states among them.
_DRIVER_LOG = "aiosqlite"


class SqliteStore(Store):
    """``Store`` on one SQLite file (which must be a real path: the two connections share it)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._writer: sqlite3.Connection | None = None
        self._writer_thread: ThreadPoolExecutor | None = None
        self._reader: aiosqlite.Connection | None = None
        self._queue: list[writes.Pending] = []
        self._committer: asyncio.Task[None] | None = None

    # -- life cycle -----------------------------------------------------------------------------------------

    async def open(self) -> None:
        """Open the writer (which refuses a database from newer code before changing anything, then migrates),
        then the reader. The driver's statement log is held at INFO, so turning on DEBUG logging cannot write a
        match key to a log file."""
        driver_log = logging.getLogger(_DRIVER_LOG)
        driver_log.setLevel(max(driver_log.level, logging.INFO))
        thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-writer")
        try:
            self._writer = await asyncio.get_running_loop().run_in_executor(thread, writes.open_writer, self.path)
        except BaseException:
            thread.shutdown(wait=False)
            raise
        self._writer_thread = thread
        self._reader = await self._connect_reader()

    async def close(self) -> None:
        if self._committer is not None:  # writes already queued are committed and answered first
            await asyncio.gather(self._committer, return_exceptions=True)
        if self._reader is not None:
            await self._reader.close()
        if self._writer is not None:
            await self._on_writer(sqlite3.Connection.close)
        if self._writer_thread is not None:
            self._writer_thread.shutdown()  # idle by now: its last job has returned
        self._reader = self._writer = self._writer_thread = None

    async def _on_writer(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(connection, *args)`` with the writer's connection on the writer's thread: one transaction at
        a time, in the order they were asked for. A caller cancelled meanwhile does not stop a transaction once
        it runs."""
        if self._writer is None or self._writer_thread is None:
            raise RuntimeError("the store is not open")
        return await asyncio.get_running_loop().run_in_executor(self._writer_thread, work, self._writer, *args)

    async def _connect_reader(self) -> aiosqlite.Connection:
        conn = aiosqlite.connect(self.path, isolation_level=None, timeout=writes.BUSY_TIMEOUT_S)
        # aiosqlite's worker thread would keep a process that forgot to close the store alive at exit; exiting
        # with it is no worse than a crash, which the database survives by design.
        thread = getattr(conn, "_thread", None)
        if isinstance(thread, threading.Thread):
            thread.daemon = True
        await conn
        conn.row_factory = sqlite3.Row  # columns by name
        await conn.execute("PRAGMA query_only = ON")
        return conn

    async def schema_version(self) -> int:
        """The version recorded in the database (for diagnostics and tests)."""
        return await self._on_writer(writes.schema_version)

    @property
    def _read(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise RuntimeError("the store is not open")
        return self._reader

    # -- matches --------------------------------------------------------------------------------------------

    async def insert_match(self, match: MatchInfo) -> None:
        try:
            await self._on_writer(writes.insert_match, match)
        except sqlite3.IntegrityError as exc:
            if "matches.id" in str(exc):
                raise DuplicateMatchId(match.id) from exc
            holder = await self.open_match_in_channel(match.channel_id)
            raise ChannelOccupied(holder.id if holder else "?") from exc

    async def get_match(self, match_id: str) -> MatchInfo | None:
        rows = list(await self._read.execute_fetchall(f"SELECT {COLUMNS} FROM matches WHERE id = ?", (match_id,)))
        return match_of(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchInfo | None:
        query = f"SELECT {COLUMNS} FROM matches WHERE channel_id = ? AND {OPEN}"
        rows = list(await self._read.execute_fetchall(query, (channel_id,)))
        return match_of(rows[0]) if rows else None

    async def guild_matches(self, guild_id: int, *, open_only: bool = False, limit: int = 25) -> list[MatchInfo]:
        where = f"guild_id = ?{f' AND {OPEN}' if open_only else ''}"
        query = f"SELECT {COLUMNS} FROM matches WHERE {where} ORDER BY updated_at DESC LIMIT ?"
        return [match_of(row) for row in await self._read.execute_fetchall(query, (guild_id, limit))]

    async def active_with_ai(self, *, limit: int = 1000) -> list[MatchInfo]:
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE status = 'active' AND id IN "
            "(SELECT match_id FROM seats WHERE ai_level IS NOT NULL) LIMIT ?"
        )
        return [match_of(row) for row in await self._read.execute_fetchall(query, (limit,))]

    # -- writes ---------------------------------------------------------------------------------------------

    async def write(
        self,
        match: MatchInfo,
        *,
        expected_revision: int,
        action: ActionRow | None = None,
        snapshot: SnapshotRow | None = None,
        job: JobRow | None = None,
    ) -> bool:
        """Group commit: writes that arrive while a commit is under way wait for it, then go together in one
        transaction (each under its own savepoint, so one that fails undoes only itself) and one sync to disk.
        Each caller still returns only once its write is durable."""
        done = asyncio.get_running_loop().create_future()
        self._queue.append(writes.Pending(match, expected_revision, action, snapshot, job, done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_queued(), name="sqlite-group-commit")
        # Shielded: a caller cancelled while waiting must not cancel the commit the others wait on.
        return await asyncio.shield(done)

    async def _commit_queued(self) -> None:
        """Commit what is queued, batch after batch, until the queue is empty."""
        while self._queue:
            batch, self._queue = self._queue[:_GROUP_LIMIT], self._queue[_GROUP_LIMIT:]
            try:
                outcomes = await self._commit_batch(batch)
            except Exception as error:  # the commit itself failed: nothing of the batch is stored
                for pending in batch:
                    pending.done.set_exception(error)
                continue
            for pending, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, Exception):
                    pending.done.set_exception(outcome)
                else:
                    pending.done.set_result(outcome)

    async def _commit_batch(self, batch: list[writes.Pending]) -> list[bool | Exception]:
        return await self._on_writer(writes.commit_batch, batch)

    # -- log and snapshots ----------------------------------------------------------------------------------

    async def actions(self, match_id: str, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        query = "SELECT seq, seat, key, at FROM actions WHERE match_id = ? AND seq > ? AND seq <= ? ORDER BY seq"
        rows = await self._read.execute_fetchall(query, (match_id, after, 2**62 if upto is None else upto))
        return [ActionRow(match_id, seq, seat, key, moment(at)) for seq, seat, key, at in rows]

    async def last_action_of(self, match_id: str, seat: int) -> int:
        query = "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE match_id = ? AND seat = ?"
        rows = list(await self._read.execute_fetchall(query, (match_id, seat)))
        return int(rows[0][0])

    async def latest_snapshot(self, match_id: str, *, upto: int) -> SnapshotRow | None:
        query = "SELECT seq, state_json FROM snapshots WHERE match_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1"
        rows = list(await self._read.execute_fetchall(query, (match_id, upto)))
        return SnapshotRow(match_id, rows[0][0], json.loads(rows[0][1])) if rows else None

    # -- bookmarks ------------------------------------------------------------------------------------------

    async def get_bookmark(self, match_id: str, kind: str) -> Bookmark | None:
        query = "SELECT channel_id, message_id, version FROM bookmarks WHERE match_id = ? AND kind = ?"
        rows = list(await self._read.execute_fetchall(query, (match_id, kind)))
        return Bookmark(match_id, kind, *rows[0]) if rows else None

    async def set_bookmark(self, bookmark: Bookmark) -> None:
        await self._on_writer(writes.set_bookmark, bookmark)

    # -- clocks ---------------------------------------------------------------------------------------------

    async def due_matches(self, now: datetime, *, limit: int = 50) -> list[MatchInfo]:
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE due_at IS NOT NULL AND due_at <= ? AND status = 'active' "
            "ORDER BY due_at LIMIT ?"
        )
        return [match_of(row) for row in await self._read.execute_fetchall(query, (micros(now), limit))]

    async def next_due(self) -> datetime | None:
        query = "SELECT min(due_at) FROM matches WHERE due_at IS NOT NULL AND status = 'active'"
        rows = list(await self._read.execute_fetchall(query))
        return optional_moment(rows[0][0]) if rows else None

    async def active_matches_of(self, user_id: int, *, limit: int = 500) -> list[MatchInfo]:
        # Seats are stored as [[user_id, ai_level], ...]: a user's seat starts with "[<id>,".
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE status = 'active' AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = ?) LIMIT ?"
        )
        rows = await self._read.execute_fetchall(query, (user_id, limit))
        return [m for m in map(match_of, rows) if m.seats_of(user_id)]

    # -- jobs -----------------------------------------------------------------------------------------------

    async def claim_jobs(self, holder: str, now: datetime, until: datetime, *, limit: int = 50) -> list[JobRow]:
        return await self._on_writer(writes.claim_jobs, holder, now, until, limit)

    async def finish_job(self, match_id: str, revision: int, holder: str) -> None:
        await self._on_writer(writes.finish_job, match_id, revision, holder)

    async def claim_lease(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        return await self._on_writer(writes.claim_lease, name, holder, now, until)

    async def release_lease(self, name: str, holder: str) -> None:
        await self._on_writer(writes.release_lease, name, holder)

    async def lapsed_leases(self, prefix: str, now: datetime) -> list[str]:
        query = "SELECT name FROM leases WHERE name >= ? AND name < ? AND until <= ? ORDER BY name"
        rows = await self._read.execute_fetchall(query, (prefix, prefix + "\uffff", micros(now)))
        return [name for (name,) in rows]

    async def next_job_until(self) -> datetime | None:
        rows = list(await self._read.execute_fetchall("SELECT min(until) FROM jobs"))
        return optional_moment(rows[0][0]) if rows else None

    async def get_player(self, user_id: int) -> PlayerSettings | None:
        query = f"SELECT {PLAYER_COLUMNS} FROM players WHERE user_id = ?"
        rows = list(await self._read.execute_fetchall(query, (user_id,)))
        return player_of(rows[0]) if rows else None

    async def put_player(self, player: PlayerSettings) -> None:
        await self._on_writer(writes.put_player, player)

    # -- results and ratings --------------------------------------------------------------------------------

    async def result(self, match_id: str) -> tuple[MatchResult, dict[int, tuple[int | None, int | None]]] | None:
        query = f"SELECT {results.RESULT_COLUMNS} FROM results WHERE match_id = ?"
        rows = list(await self._read.execute_fetchall(query, (match_id,)))
        if not rows:
            return None
        seats = list(await self._read.execute_fetchall(
            f"SELECT {results.SEAT_COLUMNS}, shown_before, shown_after FROM result_seats WHERE match_id = ?",
            (match_id,),
        ))  # fmt: skip
        (found,) = results.results_of_rows(rows, [row[:6] for row in seats])
        return found, {row[1]: (row[6], row[7]) for row in seats}

    async def rating(self, user_id: int, game: str, scope: int) -> Rating | None:
        query = f"SELECT {results.RATING_COLUMNS} FROM ratings WHERE scope = ? AND game = ? AND user_id = ?"
        rows = list(await self._read.execute_fetchall(query, (scope, game, user_id)))
        return results.rating_of_row(rows[0]) if rows else None

    async def ladder(self, game: str, scope: int, *, offset: int = 0, limit: int = 10) -> list[Ranked]:
        query = results.LADDER.replace("$", "?")
        rows = await self._read.execute_fetchall(query, (scope, game, limit, offset, scope, game))
        return [Ranked(offset + i + 1, row[0], results.rating_of_row(row[1:])) for i, row in enumerate(rows)]

    async def ladder_size(self, game: str, scope: int) -> int:
        query = f"SELECT count(*) FROM ratings WHERE scope = ? AND game = ? AND {results.LISTED}"
        return int(next(iter(await self._read.execute_fetchall(query, (scope, game))))[0])

    async def rank_of(self, user_id: int, game: str, scope: int) -> int | None:
        rows = list(await self._read.execute_fetchall(results.RANK.replace("$", "?"), (scope, game, user_id)))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def history(self, user_id: int, *, game: str | None = None, limit: int = 10) -> list[HistoryEntry]:
        where = "s.user_id = ?" + (" AND s.game = ?" if game else "")
        params = (user_id, game, limit) if game else (user_id, limit)
        rows = await self._read.execute_fetchall(results.HISTORY.format(where=where, concat=results.CONCAT), params)
        return [results.history_entry(row) for row in rows]

    async def seat_counts(self, user_id: int, game: str) -> dict[int, int]:
        query = "SELECT seat, count(*) FROM result_seats WHERE user_id = ? AND game = ? GROUP BY seat"
        return dict(await self._read.execute_fetchall(query, (user_id, game)))

    async def all_results(self) -> list[MatchResult]:
        rows = await self._read.execute_fetchall(f"SELECT {results.RESULT_COLUMNS} FROM results")
        seats = await self._read.execute_fetchall(f"SELECT {results.SEAT_COLUMNS} FROM result_seats")
        return results.results_of_rows(rows, seats)

    async def ratings_table(self) -> dict[tuple[int, str, int], Rating]:
        rows = await self._read.execute_fetchall(f"SELECT scope, game, user_id, {results.RATING_COLUMNS} FROM ratings")
        return {(row[0], row[1], row[2]): results.rating_of_row(row[3:]) for row in rows}

    async def replace_ratings(self, table: dict[tuple[int, str, int], Rating]) -> None:
        await self._on_writer(results.replace_ratings, table)
