"""The PostgreSQL store, for several bot processes on several machines sharing one database.

``CHANGELING_DATABASE=postgresql://…`` selects it (``engine.store.store_for``). It keeps every promise of
``Store`` the way SQLite's does: a write is one transaction whose ``UPDATE`` compares and sets the row's
``revision`` (under READ COMMITTED a second writer of the same row waits for the first, then finds the revision
moved and changes nothing), and it has committed, with PostgreSQL's default ``synchronous_commit``, before it
returns. The rows are SQLite's, column for column (``rows.py``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import asyncpg

from ..clocks import PlayerSettings
from ..matches import Bookmark, MatchInfo, Status
from ..ratings import MatchResult, Rating
from . import pg_results
from . import sqlite_results as shared
from .base import (
    ActionRow,
    ChannelOccupied,
    DuplicateMatchId,
    HistoryEntry,
    JobRow,
    Ranked,
    SchemaTooNew,
    SnapshotRow,
    Store,
)
from .pg_migrations import PG_BOOKKEEPING, PG_LATEST, PG_MIGRATIONS
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

_INSERT = f"INSERT INTO matches ({COLUMNS}) VALUES ({', '.join(f'${n}' for n in range(1, len(NAMES) + 1))})"
_CHANGED = tuple(name for name in NAMES if name not in FIXED)
_UPDATE = (
    f"UPDATE matches SET {', '.join(f'{name} = ${n}' for n, name in enumerate(_CHANGED, start=3))} "
    "WHERE id = $1 AND revision = $2"
)
_CHANNEL = "changeling_due"  # LISTEN/NOTIFY: the earliest due moment a write committed, in microseconds
# One number for the advisory lock that lets a single process migrate at a time ("changeling" in ASCII, folded).
_MIGRATION_LOCK = 0x6368616E67656C
_POOL_SIZE = 10


def is_postgres(location: object) -> bool:
    """Whether a ``CHANGELING_DATABASE`` value names a PostgreSQL server rather than a SQLite file."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


class PostgresStore(Store):
    """``Store`` on a PostgreSQL database, through a small pool of connections."""

    shared = True

    def __init__(self, dsn: str, *, pool_size: int = _POOL_SIZE) -> None:
        self.dsn = dsn
        self._pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None

    def __repr__(self) -> str:  # the DSN may hold a password
        return "PostgresStore(…)"

    # -- life cycle -----------------------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, refuse a database from newer code before changing anything, then migrate (one process at
        a time, under an advisory lock)."""
        pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self._pool_size)
        try:
            async with pool.acquire() as conn:
                await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
                try:
                    await self._refuse_newer(conn)
                    await self._migrate(conn)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        if self._pool is not None:
            await self._pool.close()
        self._pool = None

    async def _refuse_newer(self, conn: asyncpg.Connection) -> None:
        if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
            return
        version = await self._schema_version(conn)
        if version > PG_LATEST:
            raise SchemaTooNew(
                f"The PostgreSQL database has schema version {version}, but this Changeling only knows versions up "
                f"to {PG_LATEST}: it was written by a newer release. Upgrade Changeling (or point "
                "CHANGELING_DATABASE at another database); the database has not been changed."
            )

    @staticmethod
    async def _schema_version(conn: asyncpg.Connection) -> int:
        return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations"))

    async def _migrate(self, conn: asyncpg.Connection) -> None:
        await conn.execute(PG_BOOKKEEPING)
        for migration in PG_MIGRATIONS:
            if migration.version <= await self._schema_version(conn):
                continue
            async with conn.transaction():
                for statement in migration.statements:
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                    migration.version,
                    micros(datetime.now(UTC)),
                )

    async def schema_version(self) -> int:
        """The version recorded in the database (for diagnostics and tests)."""
        async with self._connection() as conn:
            return await self._schema_version(conn)

    def _connection(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool.acquire()

    async def _fetch(self, query: str, *args: Any) -> list[asyncpg.Record]:
        async with self._connection() as conn:
            return list(await conn.fetch(query, *args))

    # -- matches --------------------------------------------------------------------------------------------

    async def insert_match(self, match: MatchInfo) -> None:
        values = row_values(match)
        try:
            async with self._connection() as conn:
                await conn.execute(_INSERT, *(values[name] for name in NAMES))
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "matches_pkey":
                raise DuplicateMatchId(match.id) from exc
            holder = await self.open_match_in_channel(match.channel_id)
            raise ChannelOccupied(holder.id if holder else "?") from exc

    async def get_match(self, match_id: str) -> MatchInfo | None:
        rows = await self._fetch(f"SELECT {COLUMNS} FROM matches WHERE id = $1", match_id)
        return match_of(rows[0]) if rows else None

    async def open_match_in_channel(self, channel_id: int) -> MatchInfo | None:
        rows = await self._fetch(f"SELECT {COLUMNS} FROM matches WHERE channel_id = $1 AND {OPEN}", channel_id)
        return match_of(rows[0]) if rows else None

    async def guild_matches(self, guild_id: int, *, open_only: bool = False, limit: int = 25) -> list[MatchInfo]:
        where = f"guild_id = $1{f' AND {OPEN}' if open_only else ''}"
        query = f"SELECT {COLUMNS} FROM matches WHERE {where} ORDER BY updated_at DESC LIMIT $2"
        return [match_of(row) for row in await self._fetch(query, guild_id, limit)]

    async def active_with_ai(self, *, limit: int = 1000) -> list[MatchInfo]:
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE status = 'active' AND id IN "
            "(SELECT match_id FROM seats WHERE ai_level IS NOT NULL) LIMIT $1"
        )
        return [match_of(row) for row in await self._fetch(query, limit)]

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
        # Shielded: a caller cancelled mid-transaction must not leave a pooled connection inside it.
        return await asyncio.shield(self._write(match, expected_revision, action, snapshot, job))

    async def _write(
        self,
        match: MatchInfo,
        expected: int,
        action: ActionRow | None,
        snapshot: SnapshotRow | None,
        job: JobRow | None,
    ) -> bool:
        values = row_values(match)
        async with self._connection() as conn, conn.transaction():
            status = await conn.execute(_UPDATE, match.id, expected, *(values[name] for name in _CHANGED))
            if status != "UPDATE 1":
                return False  # the revision moved on: nothing was changed, so nothing is left to undo
            due = [moment for moment in (match.due_at, job.until if job else None) if moment is not None]
            if due:  # delivered to every listening process when this transaction commits
                await conn.execute("SELECT pg_notify($1, $2)", _CHANNEL, str(micros(min(due))))
            if job is not None:
                await conn.execute(
                    "INSERT INTO jobs (match_id, revision, work_json, holder, until) VALUES ($1, $2, $3, $4, $5)",
                    job.match_id,
                    job.revision,
                    dumps(job.work),
                    job.holder,
                    micros(job.until),
                )
            if action is not None:
                await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, key, at) VALUES ($1, $2, $3, $4, $5)",
                    action.match_id,
                    action.seq,
                    action.seat,
                    action.key,
                    micros(action.at),
                )
            if snapshot is not None:
                await conn.execute(
                    "INSERT INTO snapshots (match_id, seq, state_json) VALUES ($1, $2, $3) "
                    "ON CONFLICT (match_id, seq) DO UPDATE SET state_json = excluded.state_json",
                    snapshot.match_id,
                    snapshot.seq,
                    dumps(snapshot.state),
                )
            if match.status is Status.ENDED:  # the write that ends it: its result and ratings, once
                await pg_results.record_result(conn, match)
        return True

    # -- log and snapshots ----------------------------------------------------------------------------------

    async def actions(self, match_id: str, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        query = "SELECT seq, seat, key, at FROM actions WHERE match_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq"
        rows = await self._fetch(query, match_id, after, 2**31 - 1 if upto is None else upto)
        return [ActionRow(match_id, seq, seat, key, moment(at)) for seq, seat, key, at in rows]

    async def last_action_of(self, match_id: str, seat: int) -> int:
        rows = await self._fetch(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE match_id = $1 AND seat = $2", match_id, seat
        )
        return int(rows[0][0])

    async def latest_snapshot(self, match_id: str, *, upto: int) -> SnapshotRow | None:
        query = "SELECT seq, state_json FROM snapshots WHERE match_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1"
        rows = await self._fetch(query, match_id, upto)
        return SnapshotRow(match_id, rows[0][0], json.loads(rows[0][1])) if rows else None

    # -- bookmarks ------------------------------------------------------------------------------------------

    async def get_bookmark(self, match_id: str, kind: str) -> Bookmark | None:
        query = "SELECT channel_id, message_id, version FROM bookmarks WHERE match_id = $1 AND kind = $2"
        rows = await self._fetch(query, match_id, kind)
        return Bookmark(match_id, kind, *rows[0]) if rows else None

    async def set_bookmark(self, bookmark: Bookmark) -> None:
        # Two posts of one match can race; the bookmark only ever moves to the same or a newer version.
        async with self._connection() as conn:
            await conn.execute(
                "INSERT INTO bookmarks (match_id, kind, channel_id, message_id, version) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (match_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, version = excluded.version "
                "WHERE excluded.version >= bookmarks.version",
                bookmark.match_id,
                bookmark.kind,
                bookmark.channel_id,
                bookmark.message_id,
                bookmark.version,
            )

    # -- clocks ---------------------------------------------------------------------------------------------

    async def due_matches(self, now: datetime, *, limit: int = 50) -> list[MatchInfo]:
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE due_at IS NOT NULL AND due_at <= $1 AND status = 'active' "
            "ORDER BY due_at LIMIT $2"
        )
        return [match_of(row) for row in await self._fetch(query, micros(now), limit)]

    async def next_due(self) -> datetime | None:
        rows = await self._fetch("SELECT min(due_at) FROM matches WHERE due_at IS NOT NULL AND status = 'active'")
        return optional_moment(rows[0][0]) if rows else None

    async def active_matches_of(self, user_id: int, *, limit: int = 500) -> list[MatchInfo]:
        query = (
            f"SELECT {COLUMNS} FROM matches WHERE status = 'active' AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = $1) LIMIT $2"
        )
        return [m for m in map(match_of, await self._fetch(query, user_id, limit)) if m.seats_of(user_id)]

    async def listen(self, callback: Callable[[datetime], None]) -> None:
        """A connection of its own LISTENs for other processes' due moments (and this one's: harmless)."""
        if self._listener is None:
            self._listener = await asyncpg.connect(self.dsn)

        def heard(_conn: object, _pid: int, _channel: str, payload: str) -> None:
            callback(moment(int(payload)))

        await self._listener.add_listener(_CHANNEL, heard)

    # -- jobs -----------------------------------------------------------------------------------------------

    async def claim_jobs(self, holder: str, now: datetime, until: datetime, *, limit: int = 50) -> list[JobRow]:
        # SKIP LOCKED: processes claiming at once each take jobs the others are not taking.
        rows = await self._fetch(
            "UPDATE jobs SET holder = $1, until = $2 WHERE (match_id, revision) IN (SELECT match_id, revision "
            "FROM jobs WHERE until <= $3 ORDER BY until LIMIT $4 FOR UPDATE SKIP LOCKED) "
            "RETURNING match_id, revision, work_json",
            holder,
            micros(until),
            micros(now),
            limit,
        )
        return [JobRow(m, r, json.loads(work), holder, until) for m, r, work in rows]

    async def finish_job(self, match_id: str, revision: int, holder: str) -> None:
        async with self._connection() as conn:
            await conn.execute(
                "DELETE FROM jobs WHERE match_id = $1 AND revision = $2 AND holder = $3", match_id, revision, holder
            )

    async def claim_lease(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        async with self._connection() as conn:
            status = await conn.execute(
                "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET "
                "holder = excluded.holder, until = excluded.until "
                "WHERE leases.until <= $4 OR leases.holder = excluded.holder",
                name,
                holder,
                micros(until),
                micros(now),
            )
        return status == "INSERT 0 1"

    async def release_lease(self, name: str, holder: str) -> None:
        async with self._connection() as conn:
            await conn.execute("DELETE FROM leases WHERE name = $1 AND holder = $2", name, holder)

    async def lapsed_leases(self, prefix: str, now: datetime) -> list[str]:
        query = "SELECT name FROM leases WHERE starts_with(name, $1) AND until <= $2 ORDER BY name"
        return [name for (name,) in await self._fetch(query, prefix, micros(now))]

    async def next_job_until(self) -> datetime | None:
        rows = await self._fetch("SELECT min(until) FROM jobs")
        return optional_moment(rows[0][0]) if rows else None

    async def get_player(self, user_id: int) -> PlayerSettings | None:
        rows = await self._fetch(f"SELECT {PLAYER_COLUMNS} FROM players WHERE user_id = $1", user_id)
        return player_of(rows[0]) if rows else None

    async def put_player(self, player: PlayerSettings) -> None:
        updates = ", ".join(f"{name} = excluded.{name}" for name in PLAYER_COLUMNS.split(", ")[1:])
        listed = int(not player.hidden)
        async with self._connection() as conn, conn.transaction():
            await conn.execute(
                f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                f"ON CONFLICT (user_id) DO UPDATE SET {updates}",
                *player_values(player),
            )
            await conn.execute(pg_results.RELISTED, listed, player.user_id, listed)

    # -- results and ratings (the queries are SQLite's: ``sqlite_results``) ---------------------------------------

    async def result(self, match_id: str) -> tuple[MatchResult, dict[int, tuple[int | None, int | None]]] | None:
        rows = await self._fetch(f"SELECT {shared.RESULT_COLUMNS} FROM results WHERE match_id = $1", match_id)
        if not rows:
            return None
        query = f"SELECT {shared.SEAT_COLUMNS}, shown_before, shown_after FROM result_seats WHERE match_id = $1"
        seats = [tuple(row) for row in await self._fetch(query, match_id)]
        (found,) = shared.results_of_rows([tuple(rows[0])], [row[:6] for row in seats])
        return found, {row[1]: (row[6], row[7]) for row in seats}

    async def rating(self, user_id: int, game: str, scope: int) -> Rating | None:
        query = f"SELECT {shared.RATING_COLUMNS} FROM ratings WHERE scope = $1 AND game = $2 AND user_id = $3"
        rows = await self._fetch(query, scope, game, user_id)
        return shared.rating_of_row(tuple(rows[0])) if rows else None

    async def ladder(self, game: str, scope: int, *, offset: int = 0, limit: int = 10) -> list[Ranked]:
        rows = await self._fetch(pg_results.numbered(shared.LADDER), scope, game, limit, offset, scope, game)
        return [Ranked(offset + i + 1, row[0], shared.rating_of_row(tuple(row)[1:])) for i, row in enumerate(rows)]

    async def ladder_size(self, game: str, scope: int) -> int:
        query = f"SELECT count(*) FROM ratings WHERE scope = $1 AND game = $2 AND {shared.LISTED}"
        return int((await self._fetch(query, scope, game))[0][0])

    async def rank_of(self, user_id: int, game: str, scope: int) -> int | None:
        rows = await self._fetch(pg_results.numbered(shared.RANK), scope, game, user_id)
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def history(self, user_id: int, *, game: str | None = None, limit: int = 10) -> list[HistoryEntry]:
        where = "s.user_id = ?" + (" AND s.game = ?" if game else "")
        concat = "string_agg(DISTINCT o.user_id::text, ',')"
        query = pg_results.numbered(shared.HISTORY.format(where=where, concat=concat))
        rows = await self._fetch(query, *((user_id, game, limit) if game else (user_id, limit)))
        return [shared.history_entry(tuple(row)) for row in rows]

    async def seat_counts(self, user_id: int, game: str) -> dict[int, int]:
        query = "SELECT seat, count(*) FROM result_seats WHERE user_id = $1 AND game = $2 GROUP BY seat"
        return {row[0]: row[1] for row in await self._fetch(query, user_id, game)}

    async def all_results(self) -> list[MatchResult]:
        rows = [tuple(row) for row in await self._fetch(f"SELECT {shared.RESULT_COLUMNS} FROM results")]
        seats = [tuple(row) for row in await self._fetch(f"SELECT {shared.SEAT_COLUMNS} FROM result_seats")]
        return shared.results_of_rows(rows, seats)

    async def ratings_table(self) -> dict[tuple[int, str, int], Rating]:
        rows = await self._fetch(f"SELECT scope, game, user_id, {shared.RATING_COLUMNS} FROM ratings")
        return {(row[0], row[1], row[2]): shared.rating_of_row(tuple(row)[3:]) for row in rows}

    async def replace_ratings(self, table: dict[tuple[int, str, int], Rating]) -> None:
        async with self._connection() as conn:
            await pg_results.replace_ratings(conn, table)
