"""The clocks, a part of ``MatchService``: due reminders and expiries, and what happens to a seat out of time.

Every change goes through the same compare-and-set write as a decision, so a reminder or an expiry comes due
in exactly one process, even across restarts and with several processes. What the front end must then do
(send the reminders, ask about an expiry, post the board) is stored as a job in the same transaction, held by
the process that wrote it: it finishes the job once the messages are out, and if it dies first, another
process takes the job over when the hold runs out (``JOB_HOLD``). The arithmetic is in ``engine.clocks``, the
lobby's choice of clock in ``engine.lobby`` and vacations in ``engine.players``; here is only where the clocks
meet the store.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from .clocks import AUTOPILOT_LEVEL, Expired, Reminder, collect
from .core import Game, Outcome
from .errors import EngineError, InvalidSetup
from .live import Change, Live, LiveMatches
from .matches import ActResult, ClockRefused, MatchInfo, NotAPlayer, Status
from .planning import Planner, game_of, in_play, result_of, take_back
from .store import JobRow
from .store.base import AUTOPILOT, CLAIM, RETURN, SKIP

Choice = Literal["claim", "skip", "autopilot"]
MAX_PASSES = 8  # per match and moment: one automatic expiry per write, so a few seats need a few writes
# How long the writing process holds a job before another may take it over: well past the time the throttled
# outbox needs for a burst of due work, so a live process is never second-guessed.
JOB_HOLD = timedelta(minutes=10)

log = logging.getLogger("changeling.engine")


class _NothingDue(EngineError):
    """Raised inside a plan when there is nothing left to do (nothing is written)."""


@dataclass(frozen=True, slots=True)
class DueWork:
    """What one write of due clock work committed, for the front end to carry out: reminders to send, expiries
    to ask the other players about, the new position after an automatic expiry, players back from vacation."""

    match: MatchInfo
    reminders: tuple[Reminder, ...] = ()
    asks: tuple[Expired, ...] = ()
    result: ActResult | None = None
    returned: tuple[int, ...] = ()
    job: tuple[str, int] | None = None  # (match, revision) of the stored job to finish once this is carried out


def work_json(
    reminders: tuple[Reminder, ...], asks: tuple[Expired, ...], posted: bool, returned: tuple[int, ...]
) -> dict[str, Any]:
    """A job's stored form: the messages to send, and whether the position must be posted."""
    return {
        "reminders": [[r.seat, r.user_id, r.level, r.deadline.isoformat()] for r in reminders],
        "asks": [[e.seat, e.user_id, e.deadline.isoformat()] for e in asks],
        "post": posted,
        "returned": list(returned),
    }


def _reminders(data: dict[str, Any]) -> tuple[Reminder, ...]:
    return tuple(Reminder(s, u, level, datetime.fromisoformat(d)) for s, u, level, d in data["reminders"])


def _asks(data: dict[str, Any]) -> tuple[Expired, ...]:
    return tuple(Expired(s, u, datetime.fromisoformat(d)) for s, u, d in data["asks"])


def two_sided(game: Game, match: MatchInfo) -> bool:
    """Claiming a win needs exactly one opponent: two seats, not cooperative."""
    return match.players == 2 and not game.meta.cooperative


class Clocks:
    """Due reminders and expiries of the service's live matches, planned with its ``Planner``."""

    def __init__(self, live: LiveMatches, planner: Planner, holder: str) -> None:
        self.live = live
        self.planner = planner
        self.holder = holder  # this process, as the jobs it holds name it

    # -- due reminders and expiries -----------------------------------------------------------------------

    async def next_due(self) -> datetime | None:
        """When the scheduler must next wake: the earliest stored due moment of any active match, or the moment
        a job held by a process (this one or another) may be taken over."""
        moments = [await self.live.store.next_due(), await self.live.store.next_job_until()]
        return min((m for m in moments if m is not None), default=None)

    async def finish(self, work: DueWork) -> None:
        """The front end carried ``work`` out: its job is done (unless another process took it over meanwhile)."""
        if work.job is not None:
            await self.live.store.finish_job(*work.job, self.holder)

    async def take_over(self, *, limit: int = 50) -> list[DueWork]:
        """Jobs whose holder ran out of time (a process that died mid-job), now this process's to carry out."""
        now = self.planner.now()
        works = []
        for job in await self.live.store.claim_jobs(self.holder, now, now + JOB_HOLD, limit=limit):
            try:
                live = await self.live.fresh(job.match_id)
            except Exception:
                log.exception("match %s: its job could not be taken over", job.match_id)
                continue
            posted = job.work["post"] and live.state is not None and live.match.status is not Status.LOBBY
            result = result_of(Change(live.match, live.state)) if posted else None
            returned, held = tuple(job.work["returned"]), (job.match_id, job.revision)
            works.append(DueWork(live.match, _reminders(job.work), _asks(job.work), result, returned, held))
        return works

    async def process_due(self, *, limit: int = 50) -> list[DueWork]:
        """Mark everything due now as done, match by match, and return what the front end must do about it.

        Each match's reminders and expiries are written before they are returned, with a job this process
        holds, so a second process never repeats one; a front end that dies before sending leaves the job to
        another process (``take_over``), so none is lost either.
        """
        now = self.planner.now()
        works: list[DueWork] = []
        for match in await self.live.store.due_matches(now, limit=limit):
            for _ in range(MAX_PASSES):
                try:
                    works.append(await self._process(match.id, now))
                except _NothingDue:
                    break
                except Exception:
                    # One match that cannot be loaded (a rules version this code no longer plays, a damaged
                    # log) must not stop every other match's reminders and expiries.
                    log.exception("match %s: its due clock work could not be processed", match.id)
                    break
        return works

    async def _process(self, match_id: str, now: datetime) -> DueWork:
        found: dict[str, Any] = {}

        def plan(live: Live) -> Change:
            match = live.match
            if match.status is not Status.ACTIVE:
                raise _NothingDue()
            auto = match.time_control.expiry != "ask"
            due = collect(match.clock, now, expire_limit=1 if auto else None)
            if not due.anything:
                raise _NothingDue()
            marked = replace(match, clock=due.state)
            game = game_of(match)
            for expired in due.expired:  # a reaction window's deadline: the seat declines, whatever the policy
                key = game.pass_key(live.state, expired.seat)
                if key is not None:
                    asks = () if auto else tuple(e for e in due.expired if e.seat != expired.seat)
                    change = self.planner.decide(Live(marked, live.state), expired.seat, key, None)
                    return self._with_job(change, due, asks, now, found)
            asks = () if auto else due.expired
            if auto and due.expired:
                change = self._expire(Live(marked, live.state), due.expired[0].seat, match.time_control.expiry)
                return self._with_job(change, due, asks, now, found)
            marked = replace(marked, revision=match.revision + 1)
            return self._with_job(Change(marked, live.state), due, asks, now, found)

        change = await self.live.change(match_id, plan)
        due, asks = found["due"], found["asks"]
        result = result_of(change) if change.action is not None else None
        job = (change.job.match_id, change.job.revision) if change.job is not None else None
        return DueWork(change.match, due.reminders, asks, result, due.returned, job)

    def _with_job(
        self, change: Change, due: Any, asks: tuple[Expired, ...], now: datetime, found: dict[str, Any]
    ) -> Change:
        """``change`` with the job of carrying it out, held by this process (none when nothing is to be done);
        what came due is noted in ``found`` for the caller."""
        found.update(due=due, asks=asks)
        posted = change.action is not None
        if not (due.reminders or asks or posted or due.returned):
            return change
        work = work_json(due.reminders, asks, posted, due.returned)
        return replace(change, job=JobRow(change.match.id, change.match.revision, work, self.holder, now + JOB_HOLD))

    def _expire(self, live: Live, seat: int, choice: str) -> Change:
        """Deal with ``seat``'s time running out: the others win, its turn is skipped, or the AI plays it."""
        match = live.match
        game = game_of(match)
        if choice == "claim" and not two_sided(game, match):
            choice = "skip"  # nobody can claim alone against several opponents or in a team game
        if choice == "claim":
            name = game.seat_names(match.players)[seat]
            others = tuple(s for s in range(match.players) if s != seat)
            outcome = Outcome.win(*others, reason=f"{name} ran out of time.")
            return self.planner.event(live, seat, CLAIM, Status.ENDED, outcome)
        mode, key = ("turn", SKIP) if choice == "skip" else ("away", AUTOPILOT)
        seats = tuple(replace(s, ai_level=AUTOPILOT_LEVEL) if i == seat else s for i, s in enumerate(match.seats))
        clock = replace(match.clock, autopilot={**match.clock.autopilot, seat: mode})
        carried = Live(replace(match, seats=seats, clock=clock), live.state)
        return self.planner.event(carried, seat, key, Status.ACTIVE, None)

    async def resolve_expiry(self, match_id: str, user_id: int, seat: int, version: int, choice: str) -> ActResult:
        """Another player chooses what happens to ``seat``, whose time ran out at ``version``."""
        if choice not in ("claim", "skip", "autopilot"):
            raise InvalidSetup("That is not a choice for a seat whose time ran out.")

        def plan(live: Live) -> Change:
            match = in_play(live)
            held = match.seats_of(user_id)
            name = game_of(match).seat_names(match.players)[seat] if 0 <= seat < match.players else "?"
            if not held:
                raise NotAPlayer()
            if seat in held:
                raise ClockRefused("That is your own seat: make your move instead.")
            clock = match.clock.of(seat)
            if match.version != version or clock is None or not clock.expired:
                raise ClockRefused(f"Too late: {name} has moved, or someone already chose, since this was asked.")
            if choice == "claim" and not two_sided(game_of(match), match):
                raise ClockRefused("A win can only be claimed in a two-player game.")
            return self._expire(live, seat, choice)

        return result_of(await self.live.change(match_id, plan))

    async def come_back(self, match_id: str, user_id: int) -> ActResult | None:
        """The owner of seats the AI plays for (autopilot) takes them back; ``None`` if there were none."""
        match = await self.live.row(match_id)
        if match.status is not Status.ACTIVE or not any(match.seats[s].autopilot for s in match.seats_of(user_id)):
            return None

        def plan(live: Live) -> Change:
            current = in_play(live)
            seats = [s for s in current.seats_of(user_id) if current.seats[s].autopilot]
            if not seats:
                raise _NothingDue()
            back = Live(take_back(current, seats), live.state)
            return self.planner.event(back, seats[0], RETURN, Status.ACTIVE, None)

        try:
            return result_of(await self.live.change(match_id, plan))
        except _NothingDue:
            return None


__all__ = ["DueWork", "two_sided"]
