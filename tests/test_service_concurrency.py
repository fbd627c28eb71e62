"""Concurrency: simultaneous clicks on one position count once, across processes too; matches don't block
each other."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.matches import ActResult, MatchInfo, StaleVersion
from engine.rng import MatchKey
from engine.service import MatchService
from engine.store import ActionRow, JobRow, SnapshotRow, SqliteStore
from tests.helpers.matches import GUEST, HOST, Ticker, db_path, open_service, service, started

__all__ = ["db_path", "service"]  # fixtures


async def deciding_keys(svc: MatchService, result: ActResult) -> tuple[int, list[str]]:
    """The deciding user and every legal key they could click."""
    ((seat, user),) = result.to_decide.items()
    assert user is not None
    return user, [choice.key for choice in (await svc.choices_for(result.match.id, user))[seat]]


def tally(outcomes: list[object]) -> tuple[list[ActResult], list[BaseException]]:
    wins = [o for o in outcomes if isinstance(o, ActResult)]
    losses = [o for o in outcomes if isinstance(o, BaseException)]
    return wins, losses


async def test_fifty_clicks_on_one_version_commit_exactly_once(service: MatchService) -> None:
    result = await started(service)
    user, keys = await deciding_keys(service, result)
    clicks = [service.act(result.match.id, user, keys[i % len(keys)], result.version) for i in range(50)]
    wins, losses = tally(await asyncio.gather(*clicks, return_exceptions=True))
    assert len(wins) == 1 and len(losses) == 49
    assert all(isinstance(loss, StaleVersion) and loss.version == 1 for loss in losses)
    assert [row.seq for row in await service.store.actions(result.match.id)] == [1]
    assert (await service.get(result.match.id)).version == 1


async def test_two_processes_sharing_a_database_still_count_each_click_once(database: str | Path) -> None:
    first = await open_service(database)
    second = await open_service(database)
    try:
        result = await started(first)
        match_id = result.match.id
        await second.position(match_id)  # both now cache version 0
        user, keys = await deciding_keys(first, result)
        clicks = [svc.act(match_id, user, keys[0], 0) for _ in range(25) for svc in (first, second)]
        wins, losses = tally(await asyncio.gather(*clicks, return_exceptions=True))
        assert len(wins) == 1 and all(isinstance(loss, StaleVersion) for loss in losses)

        # Whichever service lost the race holds an old cache; both accept clicks on the winner's position.
        user, keys = await deciding_keys(first, wins[0])
        moved = await second.act(match_id, user, keys[0], 1)
        user, keys = await deciding_keys(first, moved)
        ahead = await first.act(match_id, user, keys[0], 2)
        assert ahead.version == 3 and (await second.get(match_id)).version == 3
        assert [row.seq for row in await first.store.actions(match_id)] == [1, 2, 3]
    finally:
        await first.close()
        await second.close()


async def test_a_stale_cache_in_another_process_is_refused_then_refreshed(database: str | Path) -> None:
    first = await open_service(database)
    second = await open_service(database)
    try:
        result = await started(first)
        match_id = result.match.id
        stale = await second.position(match_id)
        user, keys = await deciding_keys(first, result)
        await first.act(match_id, user, keys[0], 0)
        user, keys = await deciding_keys(second, stale)
        try:
            await second.act(match_id, user, keys[0], 0)
        except StaleVersion as error:
            assert error.version == 1
        else:
            raise AssertionError("a click on an old position was accepted")
        assert (await second.position(match_id)).version == 1
    finally:
        await first.close()
        await second.close()


class GatedStore(SqliteStore):
    """A store whose writes for chosen matches wait at a gate, to hold a match's lock as long as we like."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gates: dict[str, asyncio.Event] = {}
        self.parked = asyncio.Event()

    async def write(
        self,
        match: MatchInfo,
        *,
        expected_revision: int,
        action: ActionRow | None = None,
        snapshot: SnapshotRow | None = None,
        job: JobRow | None = None,
    ) -> bool:
        gate = self.gates.get(match.id)
        if gate is not None:
            self.parked.set()
            await gate.wait()
        return await super().write(
            match, expected_revision=expected_revision, action=action, snapshot=snapshot, job=job
        )


async def test_a_slow_match_does_not_hold_up_another(db_path: Path) -> None:
    """The service's lock is per match (on SQLite: the lock is the service's, whatever the store)."""
    store = GatedStore(db_path)
    await store.open()
    service = MatchService(store, clock=Ticker(), keys=lambda: MatchKey(7))
    try:
        slow = await started(service, channel=1)
        quick = await started(service, channel=2)
        store.gates[slow.match.id] = asyncio.Event()
        user, keys = await deciding_keys(service, slow)
        pending = asyncio.create_task(service.act(slow.match.id, user, keys[0], 0))
        await store.parked.wait()  # the slow match's act now holds its lock, mid-write

        user, keys = await deciding_keys(service, quick)
        done = await service.act(quick.match.id, user, keys[0], 0)
        assert done.version == 1 and not pending.done()

        store.gates[slow.match.id].set()
        assert (await pending).version == 1
    finally:
        await service.close()


async def test_many_matches_move_at_once(service: MatchService) -> None:
    results = [await started(service, channel=100 + i) for i in range(20)]
    clicks = []
    for result in results:
        user, keys = await deciding_keys(service, result)
        clicks.append(service.act(result.match.id, user, keys[-1], 0))
    moved = await asyncio.gather(*clicks)
    assert [m.version for m in moved] == [1] * 20
    assert {m.match.id for m in moved} == {r.match.id for r in results}
    assert {GUEST, HOST} >= {user for m in moved for user in m.to_decide.values()}
