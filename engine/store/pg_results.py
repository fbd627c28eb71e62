"""The PostgreSQL side of results and ratings (migration 3): the write inside the transaction that ends a match,
and the look-ups, on the same tables and with the same queries as SQLite's (``sqlite_results``).

Several processes end matches at once here, so the ratings a match changes are locked before they are read:
each missing row is first inserted at the default rating (``ON CONFLICT DO NOTHING`` waits for another
transaction inserting it), then every row is read ``FOR UPDATE``, always in the order of user ids, so two
endings that share players queue behind each other instead of deadlocking or losing an update.
"""

from __future__ import annotations

import itertools
import re

import asyncpg

from ..matches import MatchInfo
from ..ratings import MatchResult, Rating, rate, result_of
from .base import RESIGN
from .rows import micros
from .sqlite_results import (
    PLACEHOLDER,
    RATING_COLUMNS,
    RELIST,
    SEATS_INSERT,
    UPSERT,
    rating_of_row,
    rating_values,
    seat_rows,
)


def numbered(query: str) -> str:
    """A query whose parameters are marked ``$`` (or ``?``) with PostgreSQL's ``$1``, ``$2``, … in order."""
    counter = itertools.count(1)
    return re.sub(r"\$(?!\d)|\?", lambda _: f"${next(counter)}", query)


_UPSERT = numbered(UPSERT)
_PLACEHOLDER = numbered(PLACEHOLDER)
RELISTED = numbered(RELIST)
_LOCKED = (
    f"SELECT user_id, {RATING_COLUMNS} FROM ratings WHERE scope = $1 AND game = $2 AND user_id = ANY($3::bigint[]) "
    "ORDER BY user_id FOR UPDATE"
)


async def record_result(conn: asyncpg.Connection, match: MatchInfo) -> MatchResult | None:
    """Store the result of ``match``, which this transaction ends, and rate it if it is rated; nothing if its
    result is already stored."""
    if await conn.fetchval("SELECT 1 FROM results WHERE match_id = $1", match.id):
        return None
    rows = await conn.fetch("SELECT seat, user_id, ai_level FROM entrants WHERE match_id = $1", match.id)
    resigned = await conn.fetch("SELECT seat FROM actions WHERE match_id = $1 AND key = $2", match.id, RESIGN)
    entrants = {row["seat"]: (row["user_id"], row["ai_level"]) for row in rows}
    result = result_of(match, entrants, [row[0] for row in resigned])
    if result is None:
        return None
    before: dict[int, int] = {}
    after: dict[int, int] = {}
    if result.rated:
        users = [placing.user_id for placing in result.placings]
        for scope in result.scopes():
            game = result.game
            await conn.executemany(_PLACEHOLDER, [rating_values(scope, game, u, Rating()) for u in sorted(users)])
            locked = {row[0]: rating_of_row(tuple(row)[1:]) for row in await conn.fetch(_LOCKED, scope, game, users)}
            old = [locked[user] for user in users]
            new = rate(old, result)
            await conn.executemany(_UPSERT, [rating_values(scope, game, u, r) for u, r in zip(users, new, strict=True)])
            if scope == result.scopes()[-1]:
                before = {p.seat: r.shown for p, r in zip(result.placings, old, strict=True)}
                after = {p.seat: r.shown for p, r in zip(result.placings, new, strict=True)}
    await conn.execute(  # numbered only now, with the ratings it changed locked (see pg_migrations)
        "INSERT INTO results (match_id, seq, game, guild_id, ended_at, rated, cooperative, difficulty, decisions) "
        "VALUES ($1, nextval('results_seq'), $2, $3, $4, $5, $6, $7, $8)",
        result.match_id, result.game, result.guild_id, micros(result.ended_at), int(result.rated),
        int(result.cooperative), result.difficulty, result.decisions,
    )  # fmt: skip
    await conn.executemany(numbered(SEATS_INSERT), seat_rows(result, before, after))
    return result


async def replace_ratings(conn: asyncpg.Connection, table: dict[tuple[int, str, int], Rating]) -> None:
    """The rebuild's write: the ratings table becomes ``table``, in one transaction."""
    async with conn.transaction():
        await conn.execute("DELETE FROM ratings")
        await conn.executemany(_UPSERT, [rating_values(*key, rating) for key, rating in table.items()])
