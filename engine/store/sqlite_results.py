"""The SQLite side of results and ratings (migration 8): the write made inside the transaction that ends a match,
and the look-ups behind ``/game stats``, ``leaderboard`` and ``history``.

The write runs on the writer's thread inside the ending write's savepoint (``sqlite_writer._apply``): one writer
thread serialises every transaction, so reading a rating and writing it back cannot interleave with another
match's ending, and a write that lost its compare-and-set never gets here: a rating changes once per match.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from ..matches import MatchInfo
from ..ratings import MatchResult, Placing, Rating, rate, result_of
from .base import RESIGN, HistoryEntry
from .rows import micros, moment, optional_micros, optional_moment

SEATS_INSERT = (
    "INSERT INTO result_seats (match_id, seat, user_id, game, guild_id, ended_at, place, won, resigned, "
    "shown_before, shown_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
RATING_COLUMNS = "mu, sigma, matches, wins, streak, best_streak, last_at"
# A new rating row is listed unless its player hides; an existing row keeps its ``listed`` (``put_player`` sets it).
_INSERT = (
    "INSERT INTO ratings (scope, game, user_id, mu, sigma, ordinal, matches, wins, streak, best_streak, last_at, "
    "listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce((SELECT 1 - hidden FROM players WHERE user_id = ?), 1)) "
    "ON CONFLICT (scope, game, user_id) DO "
)
UPSERT = _INSERT + (
    "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, matches = excluded.matches, "
    "wins = excluded.wins, streak = excluded.streak, best_streak = excluded.best_streak, last_at = excluded.last_at"
)
PLACEHOLDER = _INSERT + "NOTHING"
RELIST = "UPDATE ratings SET listed = ? WHERE user_id = ? AND listed != ?"


def rating_of_row(row: Sequence[Any]) -> Rating:
    mu, sigma, matches, wins, streak, best, last_at = row
    return Rating(mu, sigma, matches, wins, streak, best, optional_moment(last_at))


def rating_values(scope: int, game: str, user_id: int, rating: Rating) -> tuple[Any, ...]:
    """A rating as a row, in ``UPSERT`` order (the user again last, to look up whether they hide)."""
    return (scope, game, user_id, rating.mu, rating.sigma, rating.ordinal, rating.matches, rating.wins,
            rating.streak, rating.best_streak, optional_micros(rating.last_at), user_id)  # fmt: skip


def record_result(conn: sqlite3.Connection, match: MatchInfo) -> MatchResult | None:
    """Store the result of ``match``, which this transaction ends, and rate it if it is rated; nothing if its
    result is already stored (a later write to an ended match)."""
    if conn.execute("SELECT 1 FROM results WHERE match_id = ?", (match.id,)).fetchone():
        return None
    rows = conn.execute("SELECT seat, user_id, ai_level FROM entrants WHERE match_id = ?", (match.id,)).fetchall()
    resigned = conn.execute("SELECT seat FROM actions WHERE match_id = ? AND key = ?", (match.id, RESIGN)).fetchall()
    result = result_of(match, {seat: (user, ai) for seat, user, ai in rows}, [seat for (seat,) in resigned])
    if result is None:
        return None
    before: dict[int, int] = {}
    after: dict[int, int] = {}
    if result.rated:
        for scope in result.scopes():
            users = [placing.user_id for placing in result.placings]
            old = [_rating(conn, scope, result.game, user) for user in users]
            new = rate(old, result)
            values = [rating_values(scope, result.game, u, r) for u, r in zip(users, new, strict=True)]
            conn.executemany(UPSERT, values)
            if scope == result.scopes()[-1]:  # the change shown is the server's ladder (the overall one in DMs)
                before = {p.seat: r.shown for p, r in zip(result.placings, old, strict=True)}
                after = {p.seat: r.shown for p, r in zip(result.placings, new, strict=True)}
    insert_result(conn, result, before, after)
    return result


def insert_result(
    conn: sqlite3.Connection, result: MatchResult, before: dict[int, int], after: dict[int, int]
) -> None:
    conn.execute(
        "INSERT INTO results (match_id, seq, game, guild_id, ended_at, rated, cooperative, difficulty, decisions) "
        "VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM results), ?, ?, ?, ?, ?, ?, ?)",
        (result.match_id, result.game, result.guild_id, micros(result.ended_at), int(result.rated),
         int(result.cooperative), result.difficulty, result.decisions),
    )  # fmt: skip
    conn.executemany(SEATS_INSERT, seat_rows(result, before, after))


def seat_rows(result: MatchResult, before: dict[int, int], after: dict[int, int]) -> list[tuple[Any, ...]]:
    """The ``result_seats`` rows of a result, in ``SEATS_INSERT`` order (both stores write these)."""
    return [
        (result.match_id, p.seat, p.user_id, result.game, result.guild_id, micros(result.ended_at), p.place,
         int(p.won), int(p.resigned), before.get(p.seat), after.get(p.seat))
        for p in result.placings
    ]  # fmt: skip


def _rating(conn: sqlite3.Connection, scope: int, game: str, user_id: int) -> Rating:
    row = conn.execute(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND game = ? AND user_id = ?", (scope, game, user_id)
    ).fetchone()
    return Rating() if row is None else rating_of_row(row)


def replace_ratings(conn: sqlite3.Connection, table: dict[tuple[int, str, int], Rating]) -> None:
    """The rebuild's write: the ratings table becomes ``table``, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("DELETE FROM ratings")
        conn.executemany(UPSERT, [rating_values(*key, rating) for key, rating in table.items()])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


# -- reading results back ---------------------------------------------------------------------------------------


def results_of_rows(rows: Iterable[Sequence[Any]], seats: Iterable[Sequence[Any]]) -> list[MatchResult]:
    """Results from rows of ``results`` and of ``result_seats`` (any order)."""
    placings: dict[str, list[Placing]] = {}
    for match_id, seat, user_id, place, won, resigned in seats:
        placings.setdefault(match_id, []).append(Placing(seat, user_id, place, bool(won), bool(resigned)))
    return [
        MatchResult(match_id, game, guild_id, moment(ended_at), bool(rated), bool(coop), decisions,
                    tuple(sorted(placings.get(match_id, []), key=lambda p: p.seat)), difficulty, seq)
        for match_id, game, guild_id, ended_at, rated, coop, difficulty, decisions, seq in rows
    ]


# Shared by both stores' look-ups (``$`` marks a parameter; SQLite's store writes ``?`` for it).
LISTED = "listed = 1"
# A page: its players found in the ladder's index alone (it holds the user ids), and only their rows read; an
# OFFSET over whole rows read every row it skipped.
LADDER = (
    "SELECT r.user_id, r.mu, r.sigma, r.matches, r.wins, r.streak, r.best_streak, r.last_at FROM ("
    "SELECT user_id, ordinal FROM ratings WHERE scope = $ AND game = $ AND listed = 1 ORDER BY ordinal DESC, "
    "user_id LIMIT $ OFFSET $) AS top JOIN ratings r ON r.scope = $ AND r.game = $ AND r.user_id = top.user_id "
    "ORDER BY top.ordinal DESC, top.user_id"
)
_ABOVE = "SELECT count(*) FROM ratings o WHERE o.scope = r.scope AND o.game = r.game AND o.listed = 1 AND "
RANK = (  # two ranges of the ladder's index: those rated higher, and those level but first by id
    f"SELECT 1 + ({_ABOVE}o.ordinal > r.ordinal) + ({_ABOVE}o.ordinal = r.ordinal AND o.user_id < r.user_id) "
    "FROM ratings r WHERE r.scope = $ AND r.game = $ AND r.user_id = $ AND r.listed = 1"
)
CONCAT = "group_concat(DISTINCT o.user_id)"  # PostgreSQL: string_agg(DISTINCT o.user_id::text, ',')
# A person who held two seats (hotseat, a solo co-op) played one match: its line is their best seat's, and the
# opponents are the other people in it.
HISTORY = (
    "SELECT s.match_id, s.game, s.guild_id, m.channel_id, s.ended_at, s.seat, s.place, s.won, s.resigned, "
    "r.decisions, s.shown_before, s.shown_after, (SELECT {concat} FROM result_seats o "
    "WHERE o.match_id = s.match_id AND o.user_id != s.user_id), r.cooperative, r.difficulty "
    "FROM result_seats s JOIN results r ON r.match_id = s.match_id JOIN matches m ON m.id = s.match_id "
    "WHERE {where} AND s.seat = (SELECT x.seat FROM result_seats x WHERE x.match_id = s.match_id "
    "AND x.user_id = s.user_id ORDER BY x.place, x.seat LIMIT 1) ORDER BY s.ended_at DESC, r.seq DESC LIMIT ?"
)


def history_entry(row: Sequence[Any]) -> HistoryEntry:
    match_id, game, guild_id, channel_id, ended_at, seat, place, won, resigned, decisions, before, after = row[:12]
    others, cooperative, difficulty = row[12:]
    opponents = tuple(int(u) for u in str(others).split(",")) if others else ()
    return HistoryEntry(match_id, game, guild_id, channel_id, moment(ended_at), seat, place, bool(won),
                        bool(resigned), decisions, opponents, before, after, bool(cooperative),
                        difficulty or "")  # fmt: skip


RESULT_COLUMNS = "match_id, game, guild_id, ended_at, rated, cooperative, difficulty, decisions, seq"
SEAT_COLUMNS = "match_id, seat, user_id, place, won, resigned"
