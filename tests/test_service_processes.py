"""Several processes sharing one database (PostgreSQL, and SQLite on one machine): due clock work is carried out
by exactly one of them, and a process that dies mid-job leaves its jobs to the others."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from bot.scheduler import Scheduler
from engine.correspondence import JOB_HOLD, DueWork
from engine.service import MatchService
from tests.conftest import PostgresServer
from tests.helpers import clock_driver
from tests.helpers.matches import CHANNEL
from tests.test_service_clocks import T0, ManualClock, clock, clocked, open_at

__all__ = ["clock"]  # fixtures

MATCHES = 50


class Process:
    """A service and its scheduler, as one bot process runs them; ``carried`` is the work it carried out."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.carried: list[DueWork] = []
        self.scheduler = Scheduler(service, self.carried.append)

    async def pass_and_finish(self) -> list[DueWork]:
        """One scheduler pass, then every job of it finished (its messages sent)."""
        before = len(self.carried)
        await self.scheduler.run_once()
        done = self.carried[before:]
        for work in done:
            await self.service.clocks.finish(work)
        return done


async def processes(database: str | Path, clock: ManualClock, count: int = 3) -> list[Process]:
    return [Process(await open_at(database, clock)) for _ in range(count)]


def reminders(works: list[DueWork]) -> list[tuple[str, int, int]]:
    return [(w.match.id, r.seat, r.level) for w in works for r in w.reminders]


async def test_fifty_deadlines_at_once_fire_exactly_once_among_three_processes(
    database: str | Path, clock: ManualClock
) -> None:
    crowd = await processes(database, clock)
    try:
        for number in range(MATCHES):  # every third match skips a seat out of time by itself, the rest ask
            expiry = "skip" if number % 3 == 0 else "ask"
            await clocked(crowd[number % 3].service, "corr:3", expiry=expiry, channel=CHANNEL + number)
        clock.advance(36)  # half the time gone in all fifty at once
        passes = await asyncio.gather(*(p.pass_and_finish() for p in crowd))
        halves = reminders([w for done in passes for w in done])
        assert len(halves) == MATCHES and len(set(halves)) == MATCHES and {r[2] for r in halves} == {1}
        clock.advance(72 - 36)  # every deadline passes at once
        passes = await asyncio.gather(*(p.pass_and_finish() for p in crowd))
        works = [w for done in passes for w in done]
        asks = [(w.match.id, e.seat) for w in works for e in w.asks]
        skipped = [w.match.id for w in works if w.result is not None]
        assert len(asks) == len(set(asks)) == MATCHES - len(range(0, MATCHES, 3))
        assert len(skipped) == len(set(skipped)) == len(range(0, MATCHES, 3))
        assert not set(skipped) & {m for m, _ in asks}
        again = await asyncio.gather(*(p.pass_and_finish() for p in crowd))
        assert reminders([w for done in again for w in done]) == [] and not any(w.asks for d in again for w in d)
    finally:
        for process in crowd:
            await process.service.close()


def carry_out_in_three_processes(database: str | Path, now: datetime) -> list[str]:
    """Three real processes each run one scheduler pass at ``now`` at the same time; every line they print."""
    command = [sys.executable, clock_driver.__file__, str(database), now.isoformat()]
    procs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    lines = []
    for proc in procs:
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0
        lines += out.splitlines()
    return lines


async def test_fifty_deadlines_at_once_fire_exactly_once_among_three_real_processes(
    database: str | Path, clock: ManualClock
) -> None:
    setup = await open_at(database, clock)
    for number in range(MATCHES):
        await clocked(setup, "corr:3", expiry="skip" if number % 3 == 0 else "ask", channel=CHANNEL + number)
    await setup.close()
    halves = await asyncio.to_thread(carry_out_in_three_processes, database, T0 + timedelta(hours=36))
    assert len(halves) == len(set(halves)) == MATCHES and all(line.startswith("REMIND") for line in halves)
    ends = await asyncio.to_thread(carry_out_in_three_processes, database, T0 + timedelta(hours=72))
    skipped = len(range(0, MATCHES, 3))
    assert len(ends) == len(set(ends)) == MATCHES
    assert sum(line.startswith("POST") for line in ends) == skipped
    assert sum(line.startswith("ASK") for line in ends) == MATCHES - skipped
    again = await asyncio.to_thread(carry_out_in_three_processes, database, T0 + timedelta(hours=72))
    assert again == [], "nothing fires twice"


async def test_a_process_that_dies_mid_job_leaves_its_jobs_to_another(database: str | Path, clock: ManualClock) -> None:
    crowd = await processes(database, clock)
    doomed, *others = crowd
    try:
        for number in range(10):
            await clocked(doomed.service, "corr:3", channel=CHANNEL + number)
        clock.advance(36)
        await doomed.scheduler.run_once()  # it commits the reminders with their jobs ...
        lost = reminders(doomed.carried)
        assert len(lost) == 10
        await doomed.service.close()  # ... and dies before sending any
        crowd.remove(doomed)
        passes = await asyncio.gather(*(p.pass_and_finish() for p in others))
        assert not any(passes), "a live holder is never second-guessed"
        assert await others[0].service.clocks.next_due() == clock.now + JOB_HOLD
        clock.advance(JOB_HOLD.total_seconds() / 3600 + 0.01)
        passes = await asyncio.gather(*(p.pass_and_finish() for p in others))
        taken = reminders([w for done in passes for w in done])
        assert sorted(taken) == sorted(lost), "each job taken over exactly once"
        again = await asyncio.gather(*(p.pass_and_finish() for p in others))
        assert not any(again)
        assert await others[0].service.clocks.next_due() == T0 + timedelta(days=3) * 0.9, "only the next reminders"
    finally:
        for process in crowd:
            await process.service.close()


async def test_a_sleeping_scheduler_wakes_for_work_another_process_writes(
    postgres_server: PostgresServer, clock: ManualClock
) -> None:
    database = postgres_server.new_database()
    writer, sleeper = await processes(database, clock, count=2)
    heard: asyncio.Queue[datetime] = asyncio.Queue()
    nap_started = asyncio.Event()

    async def long_nap(_seconds: float) -> None:
        nap_started.set()
        await asyncio.Event().wait()  # sleeps until cut short

    sleeper.scheduler = Scheduler(sleeper.service, sleeper.carried.append, sleep=long_nap)
    await sleeper.service.watch_elsewhere(heard.put_nowait)
    sleeper.scheduler.start()
    try:
        await asyncio.wait_for(nap_started.wait(), 10)  # nothing due anywhere: it naps for a day
        nap_started.clear()
        result = await clocked(writer.service, "live:5")  # due in minutes, long before the nap would end
        assert await asyncio.wait_for(heard.get(), 10) == result.match.due_at, "told by NOTIFY"
        await asyncio.wait_for(nap_started.wait(), 10)  # it woke, looked, and napped again until that moment
        assert sleeper.scheduler._wake_at is not None and sleeper.scheduler._wake_at <= result.match.due_at
    finally:
        await sleeper.scheduler.stop()
        for process in (writer, sleeper):
            await process.service.close()
