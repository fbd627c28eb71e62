"""Crash safety: SIGKILL the service mid-stream, again and again, and check nothing acknowledged is lost,
nothing unacknowledged is half there, and every match replays from its log to the state the service loads.

Each round starts ``tests/helpers/crash_driver.py`` on the round's database (forked from a forkserver that
has imported it: tests/helpers/forked.py), reads its acknowledgements until a random count, kills it at a
random moment (sometimes before it has even finished migrating), then restarts the service in this process and
audits the whole database. Two lanes with their own databases run side by side, so the rounds take half the
wall time. It runs on a SQLite file and on a real PostgreSQL server.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine import GAMES, canonical, get_game, register, replay
from engine.service import ABORT, RESIGN, MatchService
from engine.store import is_postgres
from tests.fakes.shell_game import ShellGame
from tests.helpers import crash_driver
from tests.helpers.forked import Forked
from tests.helpers.matches import query

ROUNDS_PER_LANE = 26  # two lanes: 52 kills
ROUNDS_PER_DATABASE = 13
WORKERS = len(crash_driver.CHANNELS)

if "shells" not in GAMES:
    register(ShellGame())


@dataclass
class Lane:
    """One sequence of kill-and-restart rounds, sharing a database for ``ROUNDS_PER_DATABASE`` rounds; each new
    database comes from ``new_database(round)``."""

    new_database: Callable[[int], str | Path]
    rnd: random.Random
    acked: set[tuple[str, int, str]] = field(default_factory=set)
    known: set[tuple[str, int, str]] = field(default_factory=set)
    kills: int = 0
    acks: int = 0


def run_round(lane: Lane, db: str | Path) -> None:
    """Start the driver, let it acknowledge a random number of decisions, kill it, audit."""
    proc = Forked(crash_driver.forked, str(db), lane.rnd.randrange(10**9))
    early = lane.rnd.random() < 0.1  # kill during start-up or migration
    target = 0 if early else lane.rnd.randint(1, 60)
    if early:
        time.sleep(lane.rnd.uniform(0, 0.3))
    seen = 0
    lines: list[str] = []
    while seen < target:
        line = proc.readline()
        assert line, f"the driver stopped by itself: {lines[-3:]}"
        lines.append(line)
        seen += line.startswith("ACK")
    time.sleep(lane.rnd.uniform(0, 0.002))  # land the kill anywhere in the next decision
    lines.extend(proc.kill())  # sent before the kill, hence acknowledged too
    for line in lines:
        if line.startswith("ACK"):
            _, match_id, seq, key = line.split()
            lane.acked.add((match_id, int(seq), key))
    lane.kills += 1
    lane.acks += seen
    audit(lane, db)


def audit(lane: Lane, db: str | Path) -> None:
    asyncio.run(_audit(lane, db))


async def _audit(lane: Lane, db: str | Path) -> None:
    if is_postgres(db):
        tables = {row[0] for row in await query(db, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    else:
        tables = {row[0] for row in await query(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert await query(db, "PRAGMA integrity_check") == [("ok",)]
    if "actions" not in tables:
        assert not lane.acked  # killed before the first migration committed
        return
    stored = {tuple(row) for row in await query(db, "SELECT match_id, seq, key FROM actions")}
    matches = await query(db, "SELECT id, game, options_json, players, version, status FROM matches")
    snapshots = await query(db, "SELECT match_id, seq, state_json FROM snapshots")
    missing = lane.acked - stored
    assert not missing, f"acknowledged but lost: {sorted(missing)[:5]}"
    unacknowledged = stored - lane.acked - lane.known
    assert len(unacknowledged) <= WORKERS  # at most one committed-but-unprinted decision per worker
    lane.known |= stored
    await check_replays(db, matches, snapshots)


async def check_replays(db: str | Path, matches: list[tuple], snapshots: list[tuple]) -> None:
    """Every match: a gap-free log as long as its version, replaying to the loaded state and every snapshot."""
    snaps: dict[str, dict[int, str]] = {}
    for match_id, seq, state_json in snapshots:
        snaps.setdefault(match_id, {})[seq] = state_json
    service = await MatchService.open(db)  # a restart: migrations, then lazy loads
    try:
        for match_id, game_id, _options, players, version, status in matches:
            info = await service.get(match_id)
            rows = await service.store.actions(match_id)
            assert [row.seq for row in rows] == list(range(1, version + 1)), match_id
            assert set(snaps.get(match_id, {})) <= set(range(1, version + 1))
            if info.key is None:
                assert status in ("lobby", "aborted") and not rows
                continue
            game = get_game(game_id)
            moves = [(row.seat, row.key) for row in rows]
            for seq, state_json in snaps.get(match_id, {}).items():
                state, _ = replay(game, info.options, players, info.key, [m for m in moves[:seq] if m[1][0] != "!"])
                assert canonical(game.state_to_json(state)) == state_json, (match_id, seq)
            state, _ = replay(game, info.options, players, info.key, [m for m in moves if m[1][0] != "!"])
            loaded = await service.state(match_id)
            assert canonical(game.state_to_json(loaded)) == canonical(game.state_to_json(state)), match_id
            check_status(status, rows[-1].key if rows else None, game.outcome(state) is not None)
    finally:
        await service.close()


def check_status(status: str, last_key: str | None, rules_ended: bool) -> None:
    """A match is over exactly when its log says so: by the rules, a resignation or an abort."""
    expected = "aborted" if last_key == ABORT else "ended" if last_key == RESIGN or rules_ended else "active"
    assert status == expected, (status, last_key)


def rounds(lane: Lane) -> Iterator[str | Path]:
    for number in range(ROUNDS_PER_LANE):
        if number % ROUNDS_PER_DATABASE == 0:
            db = lane.new_database(number)
            lane.acked.clear()
            lane.known.clear()
        yield db


def run_lane(lane: Lane) -> Lane:
    for db in rounds(lane):
        run_round(lane, db)
    return lane


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_acknowledged_decisions_survive_sigkill(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    def on_sqlite(lane: int) -> Callable[[int], str | Path]:
        return lambda number: tmp_path / f"lane{lane}-crash-{number}.db"

    if backend == "postgres":
        server = request.getfixturevalue("postgres_server")
        lanes = [Lane(lambda _: server.new_database(), random.Random(2026 + i)) for i in range(2)]
    else:
        lanes = [Lane(on_sqlite(i), random.Random(2026 + i)) for i in range(2)]
    with ThreadPoolExecutor(len(lanes)) as pool:
        done = list(pool.map(run_lane, lanes))
    assert sum(lane.kills for lane in done) >= 50
    assert sum(lane.acks for lane in done) >= 500
