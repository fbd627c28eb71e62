"""One scheduler loop driven by the stored deadlines, and a throttled outbox for what it sends.

The loop asks the service for everything due (reminders, expiries, vacation ends), which commits it with a
job this process holds before returning it, and for jobs another process held past their time (it died
mid-job); it hands each piece of work to the bot's clock flows, then sleeps until the next stored due moment.
A change to any match that brings a due moment earlier wakes it. Nothing is held in memory: after a restart
the first pass picks up whatever came due meanwhile, exactly once.

Clock and sleep are injected (the service's clock and ``asyncio.sleep`` by default), so under SimCord the
loop runs on simulated time and tests move days forward without waiting.

The outbox spreads the scheduler's messages with a token bucket (a small burst, then a few per second), so
many matches expiring at the same moment never come near Discord's 50 requests per second.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from engine.correspondence import JOB_HOLD, DueWork
from engine.matches import MatchInfo
from engine.service import MatchService

log = logging.getLogger("changeling.bot")

Clock = Callable[[], datetime]
Sleep = Callable[[float], Awaitable[None]]
Job = Callable[[], Awaitable[object]]
Handler = Callable[[DueWork], None]

MAX_NAP = 86_400.0  # wake at least daily even if nothing is due (cheap: one indexed query)
# On a database other processes share, wake at least this often: should this process miss a NOTIFY (its
# listening connection dropped), a job a dead process left still waits at most twice its hold.
SHARED_MAX_NAP = JOB_HOLD.total_seconds()
BATCH = 50
MAX_BATCHES = 20  # per wake-up; the rest is picked up straight after the next (short) nap
RETRY = 30.0  # after an unexpected failure of a pass


class Outbox:
    """Runs jobs (each about one message) in order, at most ``burst`` at once and ``rate`` per second after.
    A job returning ``False`` sent nothing and gets its token back."""

    def __init__(self, clock: Clock, sleep: Sleep, *, rate: float = 2.0, burst: int = 4) -> None:
        self._clock = clock
        self._sleep = sleep
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._stamp: datetime | None = None
        self._jobs: deque[tuple[str, Job]] = deque()
        self._drainer: asyncio.Task[None] | None = None

    def __len__(self) -> int:
        return len(self._jobs)

    def put(self, label: str, job: Job) -> None:
        """Queue ``job``; a drain task runs while jobs wait (none idles, so nothing waits on an empty queue)."""
        self._jobs.append((label, job))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain(), name="clock-outbox")

    async def idle(self) -> None:
        """Wait until every queued job has run (tests and shutdown)."""
        while self._drainer is not None and not self._drainer.done():
            await asyncio.gather(self._drainer, return_exceptions=True)

    async def _drain(self) -> None:
        while self._jobs:
            await self._take_token()
            label, job = self._jobs.popleft()
            try:
                sent = await job()
            except Exception:
                log.exception("scheduled job failed: %s", label)
                continue
            if sent is False:  # the job found nothing to send (say, the player moved meanwhile): refund
                self._tokens = min(float(self.burst), self._tokens + 1)

    def _refill(self) -> None:
        now = self._clock()
        if self._stamp is not None:
            gained = max(0.0, (now - self._stamp).total_seconds()) * self.rate
            self._tokens = min(float(self.burst), self._tokens + gained)
        self._stamp = now

    async def _take_token(self) -> None:
        self._refill()
        while self._tokens < 1:
            await self._sleep((1 - self._tokens) / self.rate)
            self._refill()
        self._tokens -= 1


class Scheduler:
    """The loop: process what is due, hand it to ``handle``, sleep until the next stored due moment."""

    def __init__(self, service: MatchService, handle: Handler, *, sleep: Sleep = asyncio.sleep) -> None:
        self.service = service
        self.handle = handle
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None
        self._nap: asyncio.Task[None] | None = None
        self._wake_at: datetime | None = None
        self._soonest_change: datetime | None = None  # earliest due moment of a match changed during a pass
        service.watch(self._changed)

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._run(), name="clock-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def _changed(self, match: MatchInfo) -> None:
        """Every write of a match in this process lands here."""
        if match.due_at is not None:
            self._due(match.due_at)

    def _due(self, due: datetime) -> None:
        """Something is due at ``due`` (a write here, or another process's): wake the loop if that is before it
        would wake."""
        if self._soonest_change is None or due < self._soonest_change:
            self._soonest_change = due
        if self._nap is not None and not self._nap.done() and (self._wake_at is None or due < self._wake_at):
            self._nap.cancel()

    async def run_once(self) -> int:
        """Process everything due now; returns how many pieces of work were handed on."""
        handled = 0
        for _ in range(MAX_BATCHES):
            works = await self.service.clocks.process_due(limit=BATCH)
            works += await self.service.clocks.take_over(limit=BATCH)  # jobs a dead process left
            for work in works:
                try:
                    self.handle(work)
                except Exception:
                    log.exception("could not hand on due work of match %s", work.match.id)
            handled += len(works)
            if not works:
                break
        return handled

    async def _run(self) -> None:
        try:
            await self.service.watch_elsewhere(self._due)
        except Exception:  # without it the loop still wakes at the due moments it reads itself
            log.exception("could not listen for other processes' due work")
        while True:
            self._soonest_change = None
            try:
                await self.run_once()
                delay = await self._delay()
            except Exception:
                log.exception("the clock scheduler failed a pass; retrying in %s s", RETRY)
                delay = RETRY
            wake = self.service.now() + timedelta(seconds=delay)
            if self._soonest_change is not None and self._soonest_change < wake:
                continue  # a match changed while we looked and is due before we would wake: look again now
            await self._nap_for(delay)

    async def _delay(self) -> float:
        longest = SHARED_MAX_NAP if self.service.store.shared else MAX_NAP
        upcoming = await self.service.clocks.next_due()
        if upcoming is None:
            return longest
        seconds = (upcoming - self.service.now()).total_seconds()
        return min(longest, seconds if seconds > 0 else 1.0)

    async def _nap_for(self, delay: float) -> None:
        """Sleep ``delay`` seconds unless ``_changed`` cuts it short (by cancelling the nap, not the loop)."""
        self._wake_at = self.service.now() + timedelta(seconds=delay)
        self._nap = asyncio.create_task(self._sleep(delay), name="clock-nap")
        try:
            await self._nap
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise  # the loop itself is being stopped
        finally:
            self._nap = None
            self._wake_at = None
