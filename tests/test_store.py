"""The stores, SQLite and PostgreSQL alike: migrations, refusal of newer schemas, constraints, compare-and-set, seats;
and SQLite's durability settings and its old databases."""

from __future__ import annotations

import asyncio
import hashlib
import random
import shutil
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest

from engine import Outcome, canonical, get_game
from engine.matches import Bookmark, MatchInfo, Seat, Status
from engine.rng import LEGACY, MatchKey
from engine.service import MatchService
from engine.store import (
    ActionRow,
    ChannelOccupied,
    DuplicateMatchId,
    JobRow,
    PostgresStore,
    SchemaTooNew,
    SnapshotRow,
    SqliteStore,
    Store,
    is_postgres,
    store_for,
)
from engine.store.migrations import LATEST
from engine.store.pg_migrations import PG_LATEST
from tests.conftest import PostgresServer
from tests.helpers.matches import Ticker, db_path, play_out, query, started
from tests.helpers.memory_store import MemoryStore

__all__ = ["db_path"]  # fixtures

WHEN = datetime(2026, 3, 4, 5, 6, 7, 891_234, tzinfo=UTC)


def a_match(match_id: str = "m1", channel: int = 10, status: Status = Status.LOBBY) -> MatchInfo:
    return MatchInfo(
        id=match_id,
        game="wars",
        guild_id=None,
        channel_id=channel,
        host_id=5,
        options={"first": "red"},
        seats=(Seat(5), Seat(ai_level="hard")),
        status=status,
        version=0,
        revision=0,
        key=None,
        rules_version=1,
        outcome=None,
        created_at=WHEN,
        updated_at=WHEN,
    )


@pytest.fixture
async def store(database: str | Path):  # type: ignore[no-untyped-def]
    """An open store on each backend in turn."""
    opened = store_for(database)
    await opened.open()
    yield opened
    await opened.close()


def latest(location: str | Path) -> int:
    return PG_LATEST if is_postgres(location) else LATEST


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_the_sqlite_database_is_durable_wal(db_path: Path) -> None:
    store = SqliteStore(db_path)
    await store.open()
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()
    synchronous = await store._on_writer(lambda writer: writer.execute("PRAGMA synchronous").fetchall())
    assert synchronous == [(2,)]  # FULL
    await store.close()


async def test_postgresql_commits_are_durable(postgres_server: PostgresServer) -> None:
    location = postgres_server.new_database()
    assert await query(location, "SHOW synchronous_commit") == [("on",)]
    assert await query(location, "SHOW fsync") == [("on",)]


async def test_migrations_are_recorded_once(store: Store, database: str | Path) -> None:
    assert await store.schema_version() == latest(database)  # type: ignore[attr-defined]
    await store.close()
    before = await query(database, "SELECT * FROM schema_migrations")
    await store.open()
    assert await query(database, "SELECT * FROM schema_migrations") == before
    assert [row[0] for row in before] == list(range(1, latest(database) + 1))


async def test_two_processes_may_migrate_a_new_database_at_once(database: str | Path) -> None:
    stores = [store_for(database) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    assert [await s.schema_version() for s in stores] == [latest(database)] * 3  # type: ignore[attr-defined]
    for s in stores:
        await s.close()


@pytest.mark.parametrize("wal", [True, False])
async def test_a_newer_database_is_refused_untouched(db_path: Path, wal: bool) -> None:
    conn = sqlite3.connect(db_path)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_migrations VALUES (?, 0)", (LATEST + 7,))
    conn.execute("CREATE TABLE future (x)")
    conn.commit()
    conn.close()
    before = digest(db_path)
    with pytest.raises(SchemaTooNew, match=rf"schema version {LATEST + 7}.*newer release.*not been changed"):
        await SqliteStore(db_path).open()
    assert digest(db_path) == before
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal" if wal else "delete",)
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'matches'").fetchall() == []
    conn.close()


async def test_a_newer_postgresql_database_is_refused_untouched(postgres_server: PostgresServer) -> None:
    location = postgres_server.new_database()
    await query(location, "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
    await query(location, "INSERT INTO schema_migrations VALUES ($1, 0)", PG_LATEST + 7)
    before = await query(location, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
    with pytest.raises(SchemaTooNew, match=rf"schema version {PG_LATEST + 7}.*newer release.*not been changed"):
        await PostgresStore(location).open()
    after = await query(location, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
    assert after == before == [("schema_migrations",)]
    with pytest.raises(SchemaTooNew):
        await MatchService.open(location)


async def test_a_newer_database_is_refused_by_the_service(db_path: Path) -> None:
    await (await MatchService.open(db_path)).close()  # creates the schema
    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO schema_migrations VALUES (?, 0)", (LATEST + 1,))
    conn.commit()
    conn.close()
    with pytest.raises(SchemaTooNew):
        await MatchService.open(db_path)


async def test_matches_round_trip_exactly(store: Store) -> None:
    match = replace(
        a_match(status=Status.ENDED),
        key=MatchKey(2**256 - 1),
        version=3,
        revision=9,
        guild_id=2**62,
        outcome=Outcome.win(1, reason="Blue won."),
    )
    await store.insert_match(match)
    assert await store.get_match("m1") == match
    legacy = replace(match, id="m2", channel_id=match.channel_id + 1, key=MatchKey(2**63 - 1, LEGACY))
    await store.insert_match(legacy)
    assert await store.get_match("m2") == legacy
    assert await store.get_match("nope") is None


async def test_one_open_match_per_channel_is_enforced_by_the_database(store: Store) -> None:
    await store.insert_match(a_match("old", status=Status.ENDED))
    await store.insert_match(a_match("m1"))
    with pytest.raises(ChannelOccupied) as caught:
        await store.insert_match(a_match("m2"))
    assert caught.value.match_id == "m1"
    with pytest.raises(DuplicateMatchId):
        await store.insert_match(a_match("m1", channel=11))
    await store.insert_match(a_match("m3", channel=11))


async def test_writes_compare_and_set_the_revision(store: Store) -> None:
    await store.insert_match(a_match())
    active = replace(a_match(), status=Status.ACTIVE, key=MatchKey(1), revision=1)
    assert await store.write(active, expected_revision=0)
    moved = replace(active, version=1, revision=2)
    action = ActionRow("m1", 1, 0, "~a1", WHEN)
    snapshot = SnapshotRow("m1", 1, {"x": [1, 2]})
    assert not await store.write(moved, expected_revision=0, action=action, snapshot=snapshot)
    assert await store.get_match("m1") == active and await store.actions("m1") == []
    assert await store.write(moved, expected_revision=1, action=action, snapshot=snapshot)
    assert await store.actions("m1") == [action] and await store.latest_snapshot("m1", upto=5) == snapshot
    assert await store.latest_snapshot("m1", upto=0) is None


async def test_a_failed_transaction_leaves_nothing_behind(store: Store) -> None:
    await store.insert_match(replace(a_match(), status=Status.ACTIVE, key=MatchKey(1)))
    moved = replace(a_match(), status=Status.ACTIVE, key=MatchKey(1), version=1, revision=1)
    orphan = ActionRow("elsewhere", 1, 0, "~a1", WHEN)  # violates the foreign key: the transaction fails
    with pytest.raises((sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError)):
        await store.write(moved, expected_revision=0, action=orphan)
    assert (await store.get_match("m1")).revision == 0  # type: ignore[union-attr]
    assert await store.write(moved, expected_revision=0)


async def test_the_service_needs_only_the_store_interface() -> None:
    memory = MemoryStore()
    service = MatchService(memory, clock=Ticker(), keys=lambda: MatchKey(3), snapshot_every=4)
    result = await play_out(service, await started(service), random.Random(8))
    assert result.match.status is Status.ENDED
    game = get_game("wars")
    memory_state = await service.state(result.match.id)
    service.live.clear()
    rebuilt = await service.state(result.match.id)
    assert canonical(game.state_to_json(rebuilt)) == canonical(game.state_to_json(memory_state))


async def test_bookmarks_are_remembered_replaced_and_survive_reopening(database: str | Path) -> None:
    path = database
    async with await MatchService.open(path) as service:
        match = await service.lobby.create(channel_id=5, host_id=1, game_id="wars", guild_id=9)
        assert await service.bookmark(match.id, "board") is None
        await service.set_bookmark(match.id, "board", 5, 100, 1)
        await service.set_bookmark(match.id, "board", 5, 101, 2)
        await service.set_bookmark(match.id, "lobby", 5, 50, 0)
    async with await MatchService.open(path) as service:
        assert await service.bookmark(match.id, "board") == Bookmark(match.id, "board", 5, 101, 2)
        assert (await service.bookmark(match.id, "lobby")).message_id == 50
        assert (await service.bookmark(match.id, "board")).url(9) == "https://discord.com/channels/9/5/101"


async def test_a_bookmark_never_moves_back_to_an_older_version(database: str | Path) -> None:
    async with await MatchService.open(database) as service:
        match = await service.lobby.create(channel_id=5, host_id=1, game_id="wars")
        await service.set_bookmark(match.id, "board", 5, 200, 6)
        await service.set_bookmark(match.id, "board", 5, 100, 5)  # a slower post of an older position
        assert (await service.bookmark(match.id, "board")).message_id == 200
        await service.set_bookmark(match.id, "board", 5, 300, 6)  # a re-post of the same position moves it
        assert (await service.bookmark(match.id, "board")).message_id == 300


async def seat_rows(location: str | Path) -> list[tuple[str, int, int | None, str | None]]:
    return await query(location, "SELECT match_id, seat, user_id, ai_level FROM seats ORDER BY 1, 2")


async def test_the_seats_table_follows_every_change_of_seats(store: Store, database: str | Path) -> None:
    await store.insert_match(a_match())
    assert await seat_rows(database) == [("m1", 0, 5, None), ("m1", 1, None, "hard")]
    active = replace(a_match(), status=Status.ACTIVE, key=MatchKey(1), revision=1, seats=(Seat(5), Seat(7)))
    assert await store.write(active, expected_revision=0)
    assert await seat_rows(database) == [("m1", 0, 5, None), ("m1", 1, 7, None)]
    assert [m.id for m in await store.active_matches_of(7)] == ["m1"] and await store.active_matches_of(8) == []
    assert await store.active_with_ai() == []
    autopilot = replace(active, revision=2, seats=(Seat(5, "easy"), Seat(7)))
    assert await store.write(autopilot, expected_revision=1)
    assert [m.id for m in await store.active_with_ai()] == ["m1"]
    assert (await seat_rows(database))[0] == ("m1", 0, 5, "easy")


async def test_migration_five_fills_the_seats_of_stored_matches(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    shutil.copy(Path(__file__).parent / "fixtures" / "legacy_db" / "v1.db", path)
    store = SqliteStore(path)
    await store.open()
    try:
        rows = await seat_rows(path)
        assert len(rows) == 2 * 6 and {(seat, user) for _, seat, user, _ in rows} == {(0, 1), (1, 2), (1, None)}
        assert len(await store.active_matches_of(2)) == 4, "the four matches in progress (the ended one is not)"
    finally:
        await store.close()


class CountingStore(SqliteStore):
    """Counts group commits (one transaction and one sync each)."""

    commits = 0

    async def _commit_batch(self, batch):  # type: ignore[no-untyped-def]
        self.commits += 1
        return await super()._commit_batch(batch)


async def test_concurrent_sqlite_writes_share_commits_and_a_failing_one_undoes_only_itself(db_path: Path) -> None:
    store = CountingStore(db_path)
    await store.open()
    ids = [f"m{i}" for i in range(40)]
    for number, match_id in enumerate(ids):
        active = replace(a_match(match_id, channel=100 + number), status=Status.ACTIVE, key=MatchKey(1))
        await store.insert_match(active)

    def moved(match_id: str) -> MatchInfo:
        return replace(a_match(match_id), status=Status.ACTIVE, key=MatchKey(1), version=1, revision=1)

    writes = [
        store.write(moved(m), expected_revision=0, action=ActionRow(m if m != "m7" else "nowhere", 1, 0, "~a1", WHEN))
        for m in ids
    ]
    stale = store.write(moved("m3"), expected_revision=5)  # a lost race in the same batch
    *outcomes, lost = await asyncio.gather(*writes, stale, return_exceptions=True)
    assert lost is False
    assert isinstance(outcomes[7], sqlite3.IntegrityError)  # its foreign key fails: only it is undone
    assert all(outcome is True for n, outcome in enumerate(outcomes) if n != 7)
    assert store.commits < len(ids) / 4, store.commits  # most writes shared a commit
    await store.close()
    reopened = SqliteStore(db_path)  # everything answered True is on disk
    await reopened.open()
    assert [(await reopened.get_match(m)).revision for m in ids] == [0 if m == "m7" else 1 for m in ids]  # type: ignore[union-attr]
    assert await reopened.actions("m7") == [] and len(await reopened.actions("m8")) == 1
    await reopened.close()


async def test_a_sqlite_writer_cancelled_while_waiting_leaves_the_commit_to_the_others(db_path: Path) -> None:
    store = SqliteStore(db_path)
    await store.open()
    ids = [f"m{i}" for i in range(8)]
    for number, match_id in enumerate(ids):
        await store.insert_match(
            replace(a_match(match_id, channel=100 + number), status=Status.ACTIVE, key=MatchKey(1))
        )
    moved = {m: replace(a_match(m), status=Status.ACTIVE, key=MatchKey(1), version=1, revision=1) for m in ids}
    tasks = [asyncio.create_task(store.write(moved[m], expected_revision=0)) for m in ids]
    await asyncio.sleep(0)  # each task runs to its wait: all eight are queued for one commit
    tasks[3].cancel()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(outcomes[3], asyncio.CancelledError)
    assert [outcome for n, outcome in enumerate(outcomes) if n != 3] == [True] * 7
    assert await store.write(replace(moved["m0"], revision=2), expected_revision=1) is True  # the writer goes on
    await store.close()
    reopened = SqliteStore(db_path)
    await reopened.open()
    # The cancelled caller's write was already in the batch: it is stored with the others, not half of it.
    assert [(await reopened.get_match(m)).revision for m in ids] == [2, 1, 1, 1, 1, 1, 1, 1]  # type: ignore[union-attr]
    await reopened.close()


async def test_a_job_is_stored_with_its_write_held_then_taken_over_once_its_time_runs_out(store: Store) -> None:
    await store.insert_match(a_match())
    active = replace(a_match(), status=Status.ACTIVE, key=MatchKey(1), revision=1)
    soon = WHEN + timedelta(minutes=10)
    job = JobRow("m1", 1, {"reminders": [1, 2]}, "process-a", soon)
    assert not await store.write(active, expected_revision=7, job=job), "a lost race stores no job"
    assert await store.next_job_until() is None
    assert await store.write(active, expected_revision=0, job=job)
    assert await store.next_job_until() == soon
    assert await store.claim_jobs("process-b", WHEN, WHEN + timedelta(minutes=20)) == [], "held, not yet free"
    later = soon + timedelta(seconds=1)
    (taken,) = await store.claim_jobs("process-b", later, later + timedelta(minutes=10))
    assert (taken.match_id, taken.revision, taken.work, taken.holder) == ("m1", 1, {"reminders": [1, 2]}, "process-b")
    await store.finish_job("m1", 1, "process-a")  # the first holder comes back too late: the job is not its own
    assert await store.next_job_until() == later + timedelta(minutes=10)
    await store.finish_job("m1", 1, "process-b")
    assert await store.next_job_until() is None


async def test_processes_claiming_at_once_never_share_a_job(database: str | Path) -> None:
    stores = [store_for(database) for _ in range(3)]
    for opened in stores:
        await opened.open()
    first = stores[0]
    for number in range(60):
        match = replace(a_match(f"m{number}", channel=number), status=Status.ACTIVE, key=MatchKey(1))
        await first.insert_match(match)
        job = JobRow(match.id, 1, {"n": number}, "dead", WHEN)
        assert await first.write(replace(match, revision=1), expected_revision=0, job=job)
    later = WHEN + timedelta(minutes=1)
    claims = await asyncio.gather(
        *(s.claim_jobs(f"p{n}", later, later + timedelta(minutes=5), limit=25) for n, s in enumerate(stores))
    )
    taken = [(job.match_id, job.holder) for claim in claims for job in claim]
    assert len(taken) == 60 and len({match_id for match_id, _ in taken}) == 60
    for opened in stores:
        await opened.close()


async def test_a_lease_is_one_holders_until_it_lapses(store: Store) -> None:
    later = WHEN + timedelta(minutes=1)
    assert await store.claim_lease("ai:m1", "p1", WHEN, later)
    assert await store.claim_lease("ai:m1", "p1", WHEN, later + timedelta(minutes=1)), "its holder renews it"
    assert not await store.claim_lease("ai:m1", "p2", later, later), "held until its end"
    assert await store.lapsed_leases("ai:", later) == []
    ended = later + timedelta(minutes=1)
    assert await store.lapsed_leases("ai:", ended) == ["ai:m1"] and await store.lapsed_leases("other:", ended) == []
    assert await store.claim_lease("ai:m1", "p2", ended, ended + timedelta(minutes=1)), "lapsed: anyone's"
    await store.release_lease("ai:m1", "p1")  # no longer its to give up
    assert not await store.claim_lease("ai:m1", "p3", ended, ended)
    await store.release_lease("ai:m1", "p2")
    assert await store.claim_lease("ai:m1", "p3", ended, ended + timedelta(minutes=1))
