"""Players, a part of ``MatchService``: each player's settings and vacations.

A vacation pauses the clocks of every correspondence match of the player at once; each of those matches is
changed with the same compare-and-set as a decision. The arithmetic of pausing and resuming is in
``engine.clocks``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from .clocks import VACATION_DAYS_PER_YEAR, ClockState, PlayerSettings, days_taken, pause, resume
from .errors import EngineError, InvalidSetup
from .live import Change, Live, LiveMatches
from .matches import ClockRefused, MatchInfo
from .planning import Planner, in_play


@dataclass(frozen=True, slots=True)
class Vacation:
    """A vacation started or ended: when, what is left of the year's allowance, and the matches it touched."""

    user_id: int
    until: datetime
    days_left: int
    matches: tuple[MatchInfo, ...]


class Players:
    """Settings and vacations, stored per user; vacations reclock the user's live matches."""

    def __init__(self, live: LiveMatches, planner: Planner) -> None:
        self.live = live
        self.planner = planner

    async def player(self, user_id: int) -> PlayerSettings:
        """A player's settings (the defaults if they never changed any)."""
        return await self.live.store.get_player(user_id) or PlayerSettings(user_id)

    async def set_reminders(self, user_id: int, remind_by: str) -> PlayerSettings:
        """Where reminders reach the player: ``channel`` (a mention) or ``dm``."""
        if remind_by not in ("channel", "dm"):
            raise InvalidSetup("Reminders come by channel mention or by DM.")
        player = replace(await self.player(user_id), remind_by=remind_by)  # type: ignore[arg-type]
        await self.live.store.put_player(player)
        return player

    async def set_auto_pass(self, user_id: int, on: bool) -> PlayerSettings:
        """Whether the player declines every reaction window at once (``MatchService.auto_pass`` plays it)."""
        player = replace(await self.player(user_id), auto_pass=on)
        await self.live.store.put_player(player)
        return player

    async def set_hidden(self, user_id: int, hidden: bool) -> PlayerSettings:
        """Keep the player off the ladders (they are still rated), or list them again."""
        player = replace(await self.player(user_id), hidden=hidden)
        await self.live.store.put_player(player)
        return player

    async def away(self, user_ids: Iterable[int]) -> dict[int, datetime]:
        """Which of ``user_ids`` are on vacation now, and until when (a match starting now pauses their clocks)."""
        now = self.planner.now()
        away = {}
        for user_id in user_ids:
            player = await self.live.store.get_player(user_id)
            if player is not None and player.on_vacation(now) and player.vacation_until is not None:
                away[user_id] = player.vacation_until
        return away

    async def start_vacation(self, user_id: int, days: int) -> Vacation:
        """Pause the clocks of all the user's correspondence matches for ``days`` (30 days a calendar year)."""
        now = self.planner.now()
        player = await self.player(user_id)
        if not 1 <= days <= VACATION_DAYS_PER_YEAR:
            raise ClockRefused(f"A vacation lasts 1 to {VACATION_DAYS_PER_YEAR} days.")
        if player.on_vacation(now):
            raise ClockRefused(
                f"You are already on vacation until {_when(player.vacation_until)}; end it first with days:0."
            )
        left = player.days_left(now.year)
        if days > left:
            raise ClockRefused(
                f"You have {left} of your {VACATION_DAYS_PER_YEAR} vacation days left this year, not {days}."
            )
        until = now + timedelta(days=days)
        booked = player.days_used(now.year) + days
        await self.live.store.put_player(
            replace(player, vacation_from=now, vacation_until=until, vacation_year=now.year, vacation_days=booked)
        )
        matches = await self._reclock_player(user_id, lambda clock: pause(clock, user_id, until, now))
        return Vacation(user_id, until, VACATION_DAYS_PER_YEAR - booked, matches)

    async def end_vacation(self, user_id: int) -> Vacation:
        """End the user's vacation now: their clocks run again, and unused whole days are given back."""
        now = self.planner.now()
        player = await self.player(user_id)
        if not player.on_vacation(now) or player.vacation_from is None or player.vacation_until is None:
            raise ClockRefused("You are not on vacation.")
        unused = days_taken(player.vacation_from, player.vacation_until) - days_taken(player.vacation_from, now)
        ended = replace(player, vacation_until=now, vacation_days=max(0, player.vacation_days - unused))
        await self.live.store.put_player(ended)
        matches = await self._reclock_player(user_id, lambda clock: resume(clock, user_id, now))
        return Vacation(user_id, now, ended.days_left(now.year), matches)

    async def _reclock_player(self, user_id: int, change: Callable[[ClockState], ClockState]) -> tuple[MatchInfo, ...]:
        """Apply ``change`` (ClockState → ClockState) to every active correspondence match of the user."""
        touched = []
        for match in await self.live.store.active_matches_of(user_id):
            if match.time_control.kind != "correspondence":
                continue

            def plan(live: Live) -> Change:
                current = in_play(live)
                clock: ClockState = change(current.clock)
                return Change(replace(current, clock=clock, revision=current.revision + 1), live.state)

            try:
                touched.append((await self.live.change(match.id, plan)).match)
            except EngineError:
                continue  # ended meanwhile
        return tuple(touched)


def _when(moment: datetime | None) -> str:
    """A moment as plain UTC text (the engine knows no Discord markup)."""
    return "?" if moment is None else f"{moment:%d %B %Y, %H:%M} UTC"
