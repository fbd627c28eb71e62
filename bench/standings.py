"""``bench/standings.py [--players 100000] [--matches 1000000] [--database DB]``: the standings look-ups on a big
SQLite database, and the price of rating inside the commit that ends a match.

Builds (once; a file named by the sizes is kept under the system's temp folder) a database of ``--matches``
ended two-player matches among ``--players`` players in five games and ten servers, with their results and
their ratings on both ladders, written row by row in the stores' own tables (the ratings are drawn at random:
the queries' cost does not depend on the figures). Then times each look-up ``/game stats``, ``leaderboard`` and
``history`` make, for random players, games and pages (p50, p99 in ms; the issue's bar is p99 at most 20 ms),
and a match ending by resignation through the service with and without its rating (a match with an AI seat
is recorded unrated). Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ratings import OVERALL
from engine.service import MatchService
from engine.store import SqliteStore

GAMES = ("wars", "swartzblak", "metamorph", "shadowscape", "goodvsbad")
GUILDS = 10
SAMPLES = 400
T0 = 1_767_225_600_000_000  # 2026-01-01 in microseconds


def build(path: Path, players: int, matches: int, seed: int = 1) -> None:
    """The synthetic database: match rows (the seats trigger fills ``seats``), results, their seats, ratings."""
    asyncio.run(_create(path))
    rnd = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    played: dict[tuple[int, str, int], list[int]] = {}
    batch = 20_000
    for start in range(0, matches, batch):
        conn.execute("BEGIN")
        rows, results, seats = [], [], []
        for n in range(start, min(matches, start + batch)):
            game, guild = rnd.choice(GAMES), 1 + rnd.randrange(GUILDS)
            a, b = rnd.sample(range(1, players + 1), 2)
            at = T0 + n * 1_000_000
            match_id = f"b{n:07d}"
            rows.append((match_id, game, guild, guild * 1000 + n % 500, a, "{}", 2, json.dumps([[a, None], [b, None]]),
                         "ended", 40, 41, 1, '{"winners": [0], "reason": "bench", "draw": false}', at, at))  # fmt: skip
            results.append((match_id, n + 1, game, guild, at, 1, 0, "", 40))
            for seat, user in enumerate((a, b)):
                won = int(seat == 0)
                seats.append((match_id, seat, user, game, guild, at, 1 + seat, won, 0, 1000, 1010 - 20 * seat))
                for scope in (OVERALL, guild):
                    played.setdefault((scope, game, user), []).append(won)
        conn.executemany(
            "INSERT INTO matches (id, game, guild_id, channel_id, host_id, options_json, players, seats_json, status, "
            "version, revision, rules_version, outcome_json, created_at, updated_at) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO result_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)
        conn.execute("COMMIT")
    conn.execute("BEGIN")
    ratings = []
    for (scope, game, user), wins in played.items():
        mu, sigma = rnd.gauss(25, 4), max(1.0, 8.3 - 0.3 * len(wins))
        ratings.append((scope, game, user, mu, sigma, mu - 3 * sigma, len(wins), sum(wins), 0, 1, T0, 1))
    conn.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", ratings)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


async def _create(path: Path) -> None:
    store = SqliteStore(path)
    await store.open()
    await store.close()


async def timed(samples: int, call: Callable[[random.Random], Awaitable[Any]]) -> dict[str, float]:
    rnd = random.Random(7)
    seconds = []
    for _ in range(samples):
        begun = time.perf_counter()
        await call(rnd)
        seconds.append(time.perf_counter() - begun)
    return percentiles(seconds)


def percentiles(seconds: list[float]) -> dict[str, float]:
    seconds = sorted(seconds)
    return {"p50_ms": 1000 * statistics.median(seconds), "p99_ms": 1000 * seconds[int(0.99 * (len(seconds) - 1))]}


async def measure(path: Path, players: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    async with await MatchService.open(path) as svc:
        standings, store = svc.standings, svc.store

        def someone(rnd: random.Random) -> int:
            return rnd.randint(1, players)

        def scope(rnd: random.Random) -> int:
            return rnd.choice((OVERALL, 1 + rnd.randrange(GUILDS)))

        figures["stats"] = await timed(SAMPLES, lambda r: standings.record(someone(r), r.choice(GAMES), 1))
        figures["leaderboard"] = await timed(
            SAMPLES, lambda r: standings.ladder(r.choice(GAMES), scope(r), someone(r), r.randint(1, 100))
        )
        figures["leaderboard_deep"] = await timed(
            SAMPLES // 4, lambda r: standings.ladder(r.choice(GAMES), OVERALL, someone(r), r.randint(1_000, 2_000))
        )
        figures["rank"] = await timed(SAMPLES, lambda r: store.rank_of(someone(r), r.choice(GAMES), scope(r)))
        figures["history"] = await timed(SAMPLES, lambda r: standings.history(someone(r)))
        figures["end_rated"], figures["end_unrated"] = await ending_costs(svc)
    return figures


async def ending_costs(svc: MatchService) -> tuple[dict[str, float], dict[str, float]]:
    """A Wars match ended by a resignation: rated (two people), and recorded unrated (an AI seat)."""
    channel = iter(range(10_000_000, 20_000_000))

    async def end(rnd: random.Random, *, rated: bool) -> None:
        match = await svc.lobby.create(channel_id=next(channel), host_id=1, game_id="wars", guild_id=1)
        if rated:
            await svc.lobby.join(match.id, rnd.randint(2, 1000))
        else:
            await svc.lobby.seat_ai(match.id, 1, "easy", 1)
        await svc.start(match.id, 1)
        begun = time.perf_counter()
        await svc.resign(match.id, 1)
        spent.append(time.perf_counter() - begun)

    results = []
    for rated in (True, False):
        spent: list[float] = []
        await timed(SAMPLES // 4, lambda r, rated=rated: end(r, rated=rated))
        results.append(percentiles(spent))
    return results[0], results[1]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--database", help="where to build it (default: kept in the temp folder)")
    args = parser.parse_args(argv)
    path = Path(args.database or Path(tempfile.gettempdir()) / f"changeling-standings-{args.players}-{args.matches}.db")
    if not path.exists():
        begun = time.perf_counter()
        build(path, args.players, args.matches)
        print(f"built {path} in {time.perf_counter() - begun:.0f} s")
    figures = asyncio.run(measure(path, args.players))
    for name, cell in figures.items():
        print(f"{name:18} p50 {cell['p50_ms']:7.2f} ms   p99 {cell['p99_ms']:7.2f} ms")
    print(json.dumps({"players": args.players, "matches": args.matches, **figures}))


if __name__ == "__main__":
    main(sys.argv[1:])
