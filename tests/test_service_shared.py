"""Three real processes act on the same hundred matches at once, on one database; one of them is SIGKILLed mid-
stream twenty times (and started again). Every version commits exactly once, no acknowledged act is lost, and
every match replays from its log to the state the service loads. On PostgreSQL, and on SQLite (one machine)."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path

from engine.store.rebuild import check
from tests.helpers import shared_driver
from tests.helpers.forked import Forked
from tests.helpers.matches import open_service, query
from tests.test_service_crash import check_replays

CHANNELS = 100
KILLS = 20


class Driver:
    """One driver process, its acknowledgements read by a thread as they come."""

    def __init__(self, database: str | Path, seed: int) -> None:
        self.proc = Forked(shared_driver.forked, str(database), seed, CHANNELS)
        self.acked: list[tuple[str, int, str]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while line := self.proc.readline():
            if line.startswith("ACK"):
                _, match_id, seq, key = line.split()
                self.acked.append((match_id, int(seq), key))

    def wait_for(self, count: int) -> None:
        """Until this process has acknowledged ``count`` decisions (it must still be running)."""
        while len(self.acked) < count:
            assert self.proc.running(), "a driver stopped by itself"
            time.sleep(0.001)

    def kill(self) -> list[tuple[str, int, str]]:
        self.proc.stop()
        self._reader.join()  # it has read to the pipe's end: every line sent before the kill
        self.proc.kill()  # nothing is left to read: this closes the pipe
        return self.acked


async def opened(database: str | Path) -> None:
    service = await open_service(database)
    for channel in range(1, CHANNELS + 1):
        match = await service.lobby.create(channel_id=channel, host_id=1, game_id="wars", guild_id=1)
        await service.lobby.join(match.id, 2)
        await service.start(match.id, 1)
    await service.close()


def test_three_processes_on_the_same_matches_commit_each_version_once_through_twenty_kills(
    database: str | Path,
) -> None:
    asyncio.run(opened(database))
    rnd = random.Random(17)
    drivers = [Driver(database, seed) for seed in range(3)]
    acked: list[tuple[str, int, str]] = []
    try:
        for kill in range(KILLS):
            victim = drivers[kill % 3]
            victim.wait_for(rnd.randint(5, 40))
            time.sleep(rnd.uniform(0, 0.002))  # land the kill anywhere in the next decision
            acked += victim.kill()
            drivers[kill % 3] = Driver(database, 100 + kill)
        for driver in drivers:
            driver.wait_for(5)
    finally:
        for driver in drivers:
            acked += driver.kill()

    pairs = [(match_id, seq) for match_id, seq, _ in acked]
    assert len(pairs) == len(set(pairs)), "no version was acknowledged twice, by one process or two"
    stored = set(asyncio.run(query(database, "SELECT match_id, seq, key FROM actions")))
    lost = set(acked) - stored
    assert not lost, f"acknowledged but lost: {sorted(lost)[:5]}"
    assert len(acked) >= KILLS * 5
    matches = asyncio.run(query(database, "SELECT id, game, options_json, players, version, status FROM matches"))
    snapshots = asyncio.run(query(database, "SELECT match_id, seq, state_json FROM snapshots"))
    assert len(matches) >= CHANNELS
    asyncio.run(check_replays(database, matches, snapshots))
    # Each ended match was rated exactly once, by whichever process ended it, however the kills fell: one result
    # a match, and ratings equal to rating those results in turn (a lost or doubled update would differ).
    ended = {row[0] for row in matches if row[5] == "ended"}
    results = [row[0] for row in asyncio.run(query(database, "SELECT match_id FROM results"))]
    assert len(ended) >= 10 and sorted(results) == sorted(ended)
    assert asyncio.run(check(str(database), repair=False)).equal
    counts = dict(asyncio.run(query(database, "SELECT user_id, matches FROM ratings WHERE scope = 0")))
    assert counts == {1: len(ended), 2: len(ended)}
