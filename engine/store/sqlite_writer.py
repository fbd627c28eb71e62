"""The SQLite writer's transactions: each a plain function of a ``sqlite3`` connection, run whole on the writer's
own thread (``SqliteStore._on_writer``).

A driver that crosses threads once per statement (as ``aiosqlite`` does) pays a wake-up of the writer's thread
and one of the event loop for each of a write's five to seven statements; on an idle machine each costs a
tenth of a millisecond or more, more than the statements themselves. A function that runs the whole
transaction crosses once: a group commit of 50 writes is one round trip, not 300.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..matches import Status
from .base import ActionRow, JobRow, SchemaTooNew, SnapshotRow, StoreError
from .migrations import BOOKKEEPING, LATEST, MIGRATIONS
from .rows import COLUMNS, FIXED, NAMES, PLAYER_COLUMNS, dumps, micros, player_values, row_values
from .sqlite_results import RELIST, record_result

if TYPE_CHECKING:
    import asyncio

    from ..clocks import PlayerSettings
    from ..matches import Bookmark, MatchInfo

BUSY_TIMEOUT_S = 10.0

_INSERT = f"INSERT INTO matches ({COLUMNS}) VALUES ({', '.join(f':{name}' for name in NAMES)})"
_UPDATE = (
    f"UPDATE matches SET {', '.join(f'{name} = :{name}' for name in NAMES if name not in FIXED)} "
    "WHERE id = :id AND revision = :expected_revision"
)
_CLAIM = (
    "INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
    "holder = excluded.holder, until = excluded.until WHERE leases.until <= ? OR leases.holder = excluded.holder"
)


@dataclass(slots=True)
class Pending:
    """A write waiting for the next group commit, and the future its caller awaits."""

    match: MatchInfo
    expected: int
    action: ActionRow | None
    snapshot: SnapshotRow | None
    job: JobRow | None
    done: asyncio.Future[bool]


class _Immediate:
    """One write transaction (``BEGIN IMMEDIATE`` takes the file's write lock at once): committed when the block
    ends, rolled back if it raises."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.conn.execute("COMMIT")
        elif self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


# -- opening ------------------------------------------------------------------------------------------------


def open_writer(path: Path) -> sqlite3.Connection:
    """Connect, refuse a database from newer code before changing anything, switch to WAL with
    ``synchronous=FULL`` (a commit survives a crash or power loss), then migrate."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        _refuse_newer(conn, path)
        _enable_wal(conn, path)
        conn.execute("PRAGMA synchronous = FULL")
        _migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _enable_wal(conn: sqlite3.Connection, path: Path) -> None:
    """Switch to WAL (a no-op once done). SQLite doesn't wait for the busy timeout on this switch, so when several
    processes open a new database at once, the losers retry here."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            (mode,) = conn.execute("PRAGMA journal_mode = WAL").fetchone()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
            continue
        if mode != "wal":
            raise StoreError(f"{path}: SQLite refused write-ahead logging (journal mode {mode})")
        return


def _refuse_newer(conn: sqlite3.Connection, path: Path) -> None:
    found = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").fetchone()
    if found is None:
        return
    version = schema_version(conn)
    if version > LATEST:
        raise SchemaTooNew(
            f"The database {path} has schema version {version}, but this Changeling only knows versions up "
            f"to {LATEST}: it was written by a newer release. Upgrade Changeling (or point CHANGELING_DATABASE "
            "at another file); the database has not been changed."
        )


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()[0])


def _migrate(conn: sqlite3.Connection) -> None:
    """Apply each missing migration in its own transaction, re-checking inside it in case another process
    migrated meanwhile."""
    conn.execute(BOOKKEEPING)
    for migration in MIGRATIONS:
        if migration.version <= schema_version(conn):
            continue
        with _Immediate(conn):
            if migration.version > schema_version(conn):
                for statement in migration.statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    (migration.version, micros(datetime.now(UTC))),
                )


# -- matches ------------------------------------------------------------------------------------------------


def insert_match(conn: sqlite3.Connection, match: MatchInfo) -> None:
    conn.execute(_INSERT, row_values(match))


def commit_batch(conn: sqlite3.Connection, batch: Sequence[Pending]) -> list[bool | Exception]:
    """Group commit: the writes in one transaction and one sync to disk, each under its own savepoint so one
    that fails undoes only itself (its error is its outcome)."""
    outcomes: list[bool | Exception] = []
    with _Immediate(conn):
        for pending in batch:
            conn.execute("SAVEPOINT one_write")
            try:
                outcomes.append(_apply(conn, pending))
            except sqlite3.Error as error:
                conn.execute("ROLLBACK TO one_write")
                outcomes.append(error)
            conn.execute("RELEASE one_write")
    return outcomes


def _apply(conn: sqlite3.Connection, pending: Pending) -> bool:
    """One write inside the batch's transaction: the compare-and-set, then its job, log row and snapshot."""
    if conn.execute(_UPDATE, {**row_values(pending.match), "expected_revision": pending.expected}).rowcount != 1:
        return False
    action, snapshot, job = pending.action, pending.snapshot, pending.job
    if job is not None:
        conn.execute(
            "INSERT INTO jobs (match_id, revision, work_json, holder, until) VALUES (?, ?, ?, ?, ?)",
            (job.match_id, job.revision, dumps(job.work), job.holder, micros(job.until)),
        )
    if action is not None:
        conn.execute(
            "INSERT INTO actions (match_id, seq, seat, key, at) VALUES (?, ?, ?, ?, ?)",
            (action.match_id, action.seq, action.seat, action.key, micros(action.at)),
        )
    if snapshot is not None:
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (match_id, seq, state_json) VALUES (?, ?, ?)",
            (snapshot.match_id, snapshot.seq, dumps(snapshot.state)),
        )
    if pending.match.status is Status.ENDED:  # the write that ends it: its result and ratings, once
        record_result(conn, pending.match)
    return True


def set_bookmark(conn: sqlite3.Connection, bookmark: Bookmark) -> None:
    # Two posts of one match can race; the bookmark only ever moves to the same or a newer version.
    conn.execute(
        "INSERT INTO bookmarks (match_id, kind, channel_id, message_id, version) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (match_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id, version = excluded.version WHERE excluded.version >= bookmarks.version",
        (bookmark.match_id, bookmark.kind, bookmark.channel_id, bookmark.message_id, bookmark.version),
    )


def put_player(conn: sqlite3.Connection, player: PlayerSettings) -> None:
    """The player's settings, and their ratings listed on the ladders or not as they chose, together."""
    with _Immediate(conn):
        conn.execute(
            f"INSERT OR REPLACE INTO players ({PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", player_values(player)
        )
        listed = int(not player.hidden)
        conn.execute(RELIST, (listed, player.user_id, listed))


# -- jobs and leases ----------------------------------------------------------------------------------------


def claim_jobs(conn: sqlite3.Connection, holder: str, now: datetime, until: datetime, limit: int) -> list[JobRow]:
    """Jobs whose hold ran out, now held by ``holder`` (in one transaction: no second process claims them)."""
    with _Immediate(conn):
        rows = conn.execute(
            "SELECT match_id, revision, work_json FROM jobs WHERE until <= ? ORDER BY until LIMIT ?",
            (micros(now), limit),
        ).fetchall()
        conn.executemany(
            "UPDATE jobs SET holder = ?, until = ? WHERE match_id = ? AND revision = ?",
            [(holder, micros(until), match_id, revision) for match_id, revision, _ in rows],
        )
    return [JobRow(match_id, revision, json.loads(work), holder, until) for match_id, revision, work in rows]


def finish_job(conn: sqlite3.Connection, match_id: str, revision: int, holder: str) -> None:
    conn.execute("DELETE FROM jobs WHERE match_id = ? AND revision = ? AND holder = ?", (match_id, revision, holder))


def claim_lease(conn: sqlite3.Connection, name: str, holder: str, now: datetime, until: datetime) -> bool:
    return conn.execute(_CLAIM, (name, holder, micros(until), micros(now))).rowcount == 1


def release_lease(conn: sqlite3.Connection, name: str, holder: str) -> None:
    conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
