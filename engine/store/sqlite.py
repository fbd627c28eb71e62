"""The SQLite store: one database file, WAL with ``synchronous=FULL`` so a commit survives a crash or power loss.

Two connections: a writer, used by one transaction at a time (an asyncio lock keeps coroutines from joining
each other's transactions), and a reader, which in WAL mode never waits for the writer. Reads need no
transaction: the log is append-only and every read of it is bounded by the row's version.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from ..clocks import PlayerSettings
from ..matches import Bookmark, MatchInfo
from .base import ActionRow, ChannelOccupied, DuplicateMatchId, JobRow, SchemaTooNew, SnapshotRow, Store, StoreError
from .migrations import BOOKKEEPING, LATEST, MIGRATIONS
from .rows import (
    COLUMNS,
    FIXED,
    NAMES,
    OPEN,
    PLAYER_COLUMNS,
    dumps,
    match_of,
    micros,
    moment,
    optional_moment,
    player_of,
    player_values,
    row_values,
)

_INSERT = f"INSERT INTO matches ({COLUMNS}) VALUES ({', '.join(f':{name}' for name in NAMES)})"
_UPDATE = (
    f"UPDATE matches SET {', '.join(f'{name} = :{name}' for name in NAMES if name not in FIXED)} "
    "WHERE id = :id AND revision = :expected_revision"
)
_CLAIM = (
    "INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
    "holder = excluded.holder, until = excluded.until WHERE leases.until <= ? OR leases.holder = excluded.holder"
)
_BUSY_TIMEOUT_S = 10.0
_GROUP_LIMIT = 256  # writes per group commit: bounds one transaction's length
# aiosqlite logs every statement with its parameters at DEBUG: match keys and secret states among them.
_DRIVER_LOG = "aiosqlite"


@contextlib.asynccontextmanager
async def _immediate(conn: aiosqlite.Connection) -> AsyncIterator[None]:
    """One write transaction (``BEGIN IMMEDIATE`` takes the file's write lock at once): committed when the block
    ends, rolled back if it raises (or is cancelled)."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        await conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        raise


@dataclass(slots=True)
class _Pending:
    """A write waiting for the next group commit, and the future its caller awaits."""

    match: MatchInfo
    expected: int
    action: ActionRow | None
    snapshot: SnapshotRow | None
    job: JobRow | None
    done: asyncio.Future[bool]


class SqliteStore(Store):
    """``Store`` on one SQLite file (which must be a real path: the two connections share it)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._queue: list[_Pending] = []
        self._committer: asyncio.Task[None] | None = None

    # -- life cycle -----------------------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, refuse a database from newer code before changing anything, then migrate. The driver's
        statement log is held at INFO, so turning on DEBUG logging cannot write a match key to a log file."""
        driver_log = logging.getLogger(_DRIVER_LOG)
        driver_log.setLevel(max(driver_log.level, logging.INFO))
        writer = await self._connect()
        try:
            await self._refuse_newer(writer)
            await self._enable_wal(writer)
            await writer.execute("PRAGMA synchronous = FULL")
            await self._migrate(writer)
        except BaseException:
            await writer.close()
            raise
        self._writer = writer
        self._reader = await self._connect()
        await self._reader.execute("PRAGMA query_only = ON")

    async def close(self) -> None:
        if self._committer is not None:  # writes already queued are committed and answered first
            await asyncio.gather(self._committer, return_exceptions=True)
        for conn in (self._reader, self._writer):
            if conn is not None:
                await conn.close()
        self._reader = self._writer = None

    async def _connect(self) -> aiosqlite.Connection:
        conn = aiosqlite.connect(self.path, isolation_level=None, timeout=_BUSY_TIMEOUT_S)
        # aiosqlite's worker thread would keep a process that forgot to close the store alive at exit; exiting
        # with it is no worse than a crash, which the database survives by design.
        thread = getattr(conn, "_thread", None)
        if isinstance(thread, threading.Thread):
            thread.daemon = True
        await conn
        conn.row_factory = sqlite3.Row  # columns by name
        await conn.execute("PRAGMA foreign_keys = ON")
        return conn

    async def _enable_wal(self, conn: aiosqlite.Connection) -> None:
        """Switch to WAL (a no-op once done). SQLite doesn't wait for the busy timeout on this switch, so when
        several processes open a new database at once, the losers retry here."""
        deadline = asyncio.get_running_loop().time() + _BUSY_TIMEOUT_S
        while True:
            try:
                rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.01)
                continue
            if rows[0][0] != "wal":
                raise StoreError(f"{self.path}: SQLite refused write-ahead logging (journal mode {rows[0][0]})")
            return

    async def _refuse_newer(self, conn: aiosqlite.Connection) -> None:
        found = await conn.execute_fetchall(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", ("schema_migrations",)
        )
        if not found:
            return
        version = await self._schema_version(conn)
        if version > LATEST:
            raise SchemaTooNew(
                f"The database {self.path} has schema version {version}, but this Changeling only knows versions up "
                f"to {LATEST}: it was written by a newer release. Upgrade Changeling (or point CHANGELING_DATABASE "
                "at another file); the database has not been changed."
            )

    @staticmethod
    async def _schema_version(conn: aiosqlite.Connection) -> int:
        rows = list(await conn.execute_fetchall("SELECT coalesce(max(version), 0) FROM schema_migrations"))
        return int(rows[0][0])

    async def _migrate(self, conn: aiosqlite.Connection) -> None:
        """Apply each missing migration in its own transaction, re-checking inside it in case another process
        migrated meanwhile."""
        await conn.execute(BOOKKEEPING)
        for migration in MIGRATIONS:
            if migration.version <= await self._schema_version(conn):
                continue
            async with _immediate(conn):
                if migration.version > await self._schema_version(conn):
                    for statement in migration.statements:
                        await conn.execute(statement)
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                        (migration.version, micros(datetime.now(UTC))),
                    )

    async def schema_version(self) -> int:
        """The version recorded in the database (for diagnostics and tests)."""
        return await self._schema_version(self._read)

    @property
    def _read(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise RuntimeError("the store is not open")
        return self._reader

    # -- matches --------------------------------------------------------------------------------------------

    async def insert_match(self, match: MatchInfo) -> None:
        async with self._write_lock:
            try:
                await self._writer_conn.execute(_INSERT, row_values(match))
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

    @property
    def _writer_conn(self) -> aiosqlite.Connection:
        if self._writer is None:
            raise RuntimeError("the store is not open")
        return self._writer

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
        pending = _Pending(match, expected_revision, action, snapshot, job, asyncio.get_running_loop().create_future())
        self._queue.append(pending)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_queued(), name="sqlite-group-commit")
        # Shielded: a caller cancelled while waiting must not cancel the commit the others wait on.
        return await asyncio.shield(pending.done)

    async def _commit_queued(self) -> None:
        """Commit what is queued, batch after batch, until the queue is empty."""
        while self._queue:
            batch, self._queue = self._queue[:_GROUP_LIMIT], self._queue[_GROUP_LIMIT:]
            try:
                outcomes = await self._commit_batch(batch)
            except BaseException as error:  # the commit itself failed: nothing of the batch is stored
                for pending in batch:
                    if not pending.done.done():
                        pending.done.set_exception(error if isinstance(error, Exception) else StoreError(str(error)))
                if not isinstance(error, Exception):
                    raise
                continue
            for pending, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, BaseException):
                    pending.done.set_exception(outcome)
                else:
                    pending.done.set_result(outcome)

    async def _commit_batch(self, batch: list[_Pending]) -> list[bool | BaseException]:
        outcomes: list[bool | BaseException] = []
        async with self._write_lock:
            conn = self._writer_conn
            async with _immediate(conn):
                for pending in batch:
                    await conn.execute("SAVEPOINT one_write")
                    try:
                        outcomes.append(await self._apply(conn, pending))
                    except Exception as error:
                        await conn.execute("ROLLBACK TO one_write")
                        outcomes.append(error)
                    await conn.execute("RELEASE one_write")
        return outcomes

    @staticmethod
    async def _apply(conn: aiosqlite.Connection, pending: _Pending) -> bool:
        """One write inside the batch's transaction: the compare-and-set, then its log row and snapshot."""
        update = {**row_values(pending.match), "expected_revision": pending.expected}
        async with conn.execute(_UPDATE, update) as cursor:
            if cursor.rowcount != 1:
                return False
        action, snapshot, job = pending.action, pending.snapshot, pending.job
        if job is not None:
            await conn.execute(
                "INSERT INTO jobs (match_id, revision, work_json, holder, until) VALUES (?, ?, ?, ?, ?)",
                (job.match_id, job.revision, dumps(job.work), job.holder, micros(job.until)),
            )
        if action is not None:
            await conn.execute(
                "INSERT INTO actions (match_id, seq, seat, key, at) VALUES (?, ?, ?, ?, ?)",
                (action.match_id, action.seq, action.seat, action.key, micros(action.at)),
            )
        if snapshot is not None:
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (match_id, seq, state_json) VALUES (?, ?, ?)",
                (snapshot.match_id, snapshot.seq, dumps(snapshot.state)),
            )
        return True

    # -- log and snapshots ----------------------------------------------------------------------------------

    async def actions(self, match_id: str, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        query = "SELECT seq, seat, key, at FROM actions WHERE match_id = ? AND seq > ? AND seq <= ? ORDER BY seq"
        rows = await self._read.execute_fetchall(query, (match_id, after, 2**62 if upto is None else upto))
        return [ActionRow(match_id, seq, seat, key, moment(at)) for seq, seat, key, at in rows]

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
        async with self._write_lock:
            # Two posts of one match can race; the bookmark only ever moves to the same or a newer version.
            await self._writer_conn.execute(
                "INSERT INTO bookmarks (match_id, kind, channel_id, message_id, version) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, version = excluded.version "
                "WHERE excluded.version >= bookmarks.version",
                (bookmark.match_id, bookmark.kind, bookmark.channel_id, bookmark.message_id, bookmark.version),
            )

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
        async with self._write_lock:
            conn = self._writer_conn
            async with _immediate(conn):  # one writer at a time: no second process claims the same jobs
                rows = list(
                    await conn.execute_fetchall(
                        "SELECT match_id, revision, work_json FROM jobs WHERE until <= ? ORDER BY until LIMIT ?",
                        (micros(now), limit),
                    )
                )
                await conn.executemany(
                    "UPDATE jobs SET holder = ?, until = ? WHERE match_id = ? AND revision = ?",
                    [(holder, micros(until), match_id, revision) for match_id, revision, _ in rows],
                )
        return [JobRow(m, r, json.loads(work), holder, until) for m, r, work in rows]

    async def finish_job(self, match_id: str, revision: int, holder: str) -> None:
        async with self._write_lock:
            await self._writer_conn.execute(
                "DELETE FROM jobs WHERE match_id = ? AND revision = ? AND holder = ?", (match_id, revision, holder)
            )

    async def claim_lease(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        claim = (name, holder, micros(until), micros(now))
        async with self._write_lock, self._writer_conn.execute(_CLAIM, claim) as cursor:
            return cursor.rowcount == 1

    async def release_lease(self, name: str, holder: str) -> None:
        async with self._write_lock:
            await self._writer_conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

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
        async with self._write_lock:
            await self._writer_conn.execute(
                f"INSERT OR REPLACE INTO players ({PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", player_values(player)
            )
