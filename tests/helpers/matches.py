"""Fixtures and helpers for match-service tests: a deterministic clock, fixed match keys, database dumps."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from engine import GAMES, register
from engine.matches import ActResult, MatchInfo
from engine.rng import MatchKey
from engine.service import MatchService
from engine.store import is_postgres
from tests.fakes.shell_game import ShellGame

if "shells" not in GAMES:
    register(ShellGame())

GUILD, CHANNEL = 900, 100
HOST, GUEST, STRANGER = 1, 2, 3


class Ticker:
    """A clock that advances one second per reading, so timestamps are predictable."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def open_service(path: str | Path, **options: Any) -> MatchService:
    options.setdefault("clock", Ticker())
    options.setdefault("keys", lambda: MatchKey(20260101))
    return await MatchService.open(path, **options)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "changeling.db"


@pytest.fixture
async def service(database: str | Path) -> AsyncIterator[MatchService]:
    """A service on each backend in turn (``database``, in conftest.py)."""
    svc = await open_service(database)
    yield svc
    await svc.close()


DUMPED = ("matches", "actions", "snapshots", "schema_migrations")


async def dump(location: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row, read through a separate plain connection: for "nothing was written" checks."""
    return {table: await query(location, f"SELECT * FROM {table} ORDER BY 1, 2") for table in DUMPED}


async def query(location: str | Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (placeholders ``?`` for SQLite, ``$1`` for PostgreSQL) through a plain connection of
    its own, beside the store's."""
    if is_postgres(location):
        conn = await asyncpg.connect(str(location))
        try:
            return [tuple(row) for row in await conn.fetch(sql, *args)]
        finally:
            await conn.close()
    with contextlib.closing(sqlite3.connect(location)) as plain:
        return plain.execute(sql, args).fetchall()


async def lobby(svc: MatchService, game: str = "wars", channel: int = CHANNEL, **options: Any) -> MatchInfo:
    return await svc.lobby.create(channel_id=channel, host_id=HOST, game_id=game, guild_id=GUILD, **options)


async def started(svc: MatchService, game: str = "wars", channel: int = CHANNEL) -> ActResult:
    """A started two-player match between HOST (seat 0) and GUEST (seat 1)."""
    match = await lobby(svc, game, channel)
    await svc.lobby.join(match.id, GUEST)
    return await svc.start(match.id, HOST)


async def random_move(svc: MatchService, result: ActResult, rnd: random.Random) -> ActResult:
    """One random legal decision by a seat that must decide, through the service as a player would."""
    seat = rnd.choice(sorted(result.to_decide))
    user = result.to_decide[seat]
    assert user is not None
    choices = (await svc.choices_for(result.match.id, user))[seat]
    return await svc.act(result.match.id, user, rnd.choice(choices).key, result.version, seat=seat)


async def play_out(svc: MatchService, result: ActResult, rnd: random.Random, limit: int = 10_000) -> ActResult:
    for _ in range(limit):
        if result.outcome is not None:
            break
        result = await random_move(svc, result, rnd)
    return result
