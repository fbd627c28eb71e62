"""The match service's clock operations: the lobby's clock, due reminders and expiries, vacations, settings.

A mixin of ``MatchService`` (kept apart so the service module stays readable). Every change goes through the
same compare-and-set write as a decision, so a reminder or an expiry is marked done in the database *before*
the front end acts on it: at most once, even across restarts and with several processes. The arithmetic is
in ``engine.clocks``; here is only where it meets the store.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from .clocks import (
    AUTOPILOT_LEVEL,
    DAY,
    EXPIRY_POLICIES,
    NO_CLOCKS,
    VACATION_DAYS_PER_YEAR,
    ClockState,
    Expired,
    PlayerSettings,
    Reminder,
    TimeControl,
    collect,
    days_taken,
    pause,
    recompute,
    resume,
)
from .core import Outcome
from .errors import EngineError, InvalidSetup
from .live import AUTOPILOT, CLAIM, RETURN, SKIP, Change, Live
from .matches import ActResult, ClockRefused, MatchInfo, NotAPlayer, NotHost, Seat, Status

if TYPE_CHECKING:
    from .core import Game
    from .live import LiveMatches
    from .store import Store

Choice = Literal["claim", "skip", "autopilot"]
MAX_PASSES = 8  # per match and moment: one automatic expiry per write, so a few seats need a few writes

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


@dataclass(frozen=True, slots=True)
class Vacation:
    """A vacation started or ended: when, what is left of the year's allowance, and the matches it touched."""

    user_id: int
    until: datetime
    days_left: int
    matches: tuple[MatchInfo, ...]


def two_sided(game: Game, match: MatchInfo) -> bool:
    """Claiming a win needs exactly one opponent: two seats, not cooperative."""
    return match.players == 2 and not game.meta.cooperative


class CorrespondenceMixin:
    """Clock operations of ``MatchService``; they use its store, live matches, clock and planning helpers."""

    if TYPE_CHECKING:
        store: Store
        live: LiveMatches
        _clock: Any

        def _game(self, match: MatchInfo) -> Game: ...
        def _lobby(self, live: Live) -> MatchInfo: ...
        def _active(self, live: Live) -> MatchInfo: ...
        def _touch(self, match: MatchInfo, **changes: Any) -> MatchInfo: ...
        def _event(self, live: Live, seat: int | None, key: str, status: Status, outcome: Outcome | None) -> Change: ...
        def _result(self, change: Change) -> ActResult: ...
        def _decide(self, live: Live, seat: int, key: str, version: int | None) -> Change: ...
        async def get(self, match_id: str) -> MatchInfo: ...

    # -- clocks after a change of position ---------------------------------------------------------------

    def _reclock(self, match: MatchInfo, state: Any, acted: int | None) -> MatchInfo:
        """``match`` with its clocks recomputed for the position ``state`` (cleared once it is over)."""
        if match.status is not Status.ACTIVE:
            return replace(match, clock=NO_CLOCKS) if not match.clock.empty else match
        deciding = {
            seat: match.seats[seat].user_id
            for seat in self._game(match).to_decide(state)
            if match.seats[seat].user_id is not None and not match.seats[seat].ai_level
        }
        clock = recompute(match.clock, match.time_control, deciding, acted, match.updated_at)
        return replace(match, clock=clock)

    def _end_skipped_turns(self, match: MatchInfo, state: Any) -> MatchInfo:
        """A skipped turn (the AI deciding once for an absent owner) ends when that seat stops deciding."""
        turns = [seat for seat, mode in match.clock.autopilot.items() if mode == "turn"]
        if match.status is not Status.ACTIVE or not turns:
            return match
        deciding = self._game(match).to_decide(state)
        return self._take_back(match, [seat for seat in turns if seat not in deciding])

    @staticmethod
    def _take_back(match: MatchInfo, seats: Iterable[int]) -> MatchInfo:
        """The owners hold ``seats`` again: the AI stops playing them."""
        back = set(seats)
        if not back:
            return match
        new_seats = tuple(
            Seat(s.user_id) if i in back and s.user_id is not None else s for i, s in enumerate(match.seats)
        )
        autopilot = {k: v for k, v in match.clock.autopilot.items() if k not in back}
        return replace(match, seats=new_seats, clock=replace(match.clock, autopilot=autopilot))

    # -- the lobby ----------------------------------------------------------------------------------------

    async def set_clock(
        self, match_id: str, user_id: int, *, preset: str | None = None, expiry: str | None = None
    ) -> MatchInfo:
        """The host chooses the clock (a preset of ``clocks.presets()``) and what happens when time runs out."""

        def plan(live: Live) -> Change:
            match = self._lobby(live)
            if user_id != match.host_id:
                raise NotHost("change the clock")
            control = match.time_control
            if preset is not None:
                control = TimeControl.from_preset(preset, control.expiry)
            if expiry is not None:
                if expiry not in EXPIRY_POLICIES:
                    raise InvalidSetup("That is not one of the choices for when time runs out.")
                if expiry == "claim" and self._game(match).meta.cooperative:
                    raise InvalidSetup("In a cooperative game nobody can claim a win.")
                control = replace(control, expiry=expiry)  # type: ignore[arg-type]
            return Change(self._touch(match, time_control=control), None)

        return (await self.live.change(match_id, plan)).match

    # -- due reminders and expiries -----------------------------------------------------------------------

    async def next_due(self) -> datetime | None:
        """When the scheduler must next wake (the earliest stored due moment of any active match)."""
        return await self.store.next_due()

    async def process_due(self, *, limit: int = 50) -> list[DueWork]:
        """Mark everything due now as done, match by match, and return what the front end must do about it.

        Each match's reminders and expiries are written before they are returned, so a crash or a second
        process never repeats one; a front end that dies before sending loses that reminder (at most once).
        """
        now = self._clock()
        works: list[DueWork] = []
        for match in await self.store.due_matches(now, limit=limit):
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
            found["due"] = due
            marked = replace(match, clock=due.state)
            game = self._game(match)
            for expired in due.expired:  # a reaction window's deadline: the seat declines, whatever the policy
                key = game.pass_key(live.state, expired.seat)
                if key is not None:
                    found["passed"] = expired.seat
                    return self._decide(Live(marked, live.state), expired.seat, key, None)
            if auto and due.expired:
                return self._expire(Live(marked, live.state), due.expired[0].seat, match.time_control.expiry)
            return Change(replace(marked, revision=match.revision + 1), live.state)

        change = await self.live.change(match_id, plan)
        due = found["due"]
        auto = change.match.time_control.expiry != "ask"
        result = self._result(change) if change.action is not None else None
        asks = () if auto else tuple(e for e in due.expired if e.seat != found.get("passed"))
        return DueWork(change.match, due.reminders, asks, result, due.returned)

    def _expire(self, live: Live, seat: int, choice: str) -> Change:
        """Deal with ``seat``'s time running out: the others win, its turn is skipped, or the AI plays it."""
        match = live.match
        game = self._game(match)
        if choice == "claim" and not two_sided(game, match):
            choice = "skip"  # nobody can claim alone against several opponents or in a team game
        if choice == "claim":
            name = game.seat_names(match.players)[seat]
            others = tuple(s for s in range(match.players) if s != seat)
            return self._event(live, seat, CLAIM, Status.ENDED, Outcome.win(*others, reason=f"{name} ran out of time."))
        mode, key = ("turn", SKIP) if choice == "skip" else ("away", AUTOPILOT)
        seats = tuple(replace(s, ai_level=AUTOPILOT_LEVEL) if i == seat else s for i, s in enumerate(match.seats))
        clock = replace(match.clock, autopilot={**match.clock.autopilot, seat: mode})
        return self._event(Live(replace(match, seats=seats, clock=clock), live.state), seat, key, Status.ACTIVE, None)

    async def resolve_expiry(self, match_id: str, user_id: int, seat: int, version: int, choice: str) -> ActResult:
        """Another player chooses what happens to ``seat``, whose time ran out at ``version``."""
        if choice not in ("claim", "skip", "autopilot"):
            raise InvalidSetup("That is not a choice for a seat whose time ran out.")

        def plan(live: Live) -> Change:
            match = self._active(live)
            held = match.seats_of(user_id)
            name = self._game(match).seat_names(match.players)[seat] if 0 <= seat < match.players else "?"
            if not held:
                raise NotAPlayer()
            if seat in held:
                raise ClockRefused("That is your own seat: make your move instead.")
            clock = match.clock.of(seat)
            if match.version != version or clock is None or not clock.expired:
                raise ClockRefused(f"Too late: {name} has moved, or someone already chose, since this was asked.")
            if choice == "claim" and not two_sided(self._game(match), match):
                raise ClockRefused("A win can only be claimed in a two-player game.")
            return self._expire(live, seat, choice)

        return self._result(await self.live.change(match_id, plan))

    async def come_back(self, match_id: str, user_id: int) -> ActResult | None:
        """The owner of seats the AI plays for (autopilot) takes them back; ``None`` if there were none."""
        match = await self.get(match_id)
        if match.status is not Status.ACTIVE or not any(match.seats[s].autopilot for s in match.seats_of(user_id)):
            return None

        def plan(live: Live) -> Change:
            current = self._active(live)
            seats = [s for s in current.seats_of(user_id) if current.seats[s].autopilot]
            if not seats:
                raise _NothingDue()
            return self._event(Live(self._take_back(current, seats), live.state), seats[0], RETURN, Status.ACTIVE, None)

        try:
            return self._result(await self.live.change(match_id, plan))
        except _NothingDue:
            return None

    # -- players: settings and vacations ------------------------------------------------------------------

    async def player(self, user_id: int) -> PlayerSettings:
        """A player's settings (the defaults if they never changed any)."""
        return await self.store.get_player(user_id) or PlayerSettings(user_id)

    async def set_reminders(self, user_id: int, remind_by: str) -> PlayerSettings:
        """Where reminders reach the player: ``channel`` (a mention) or ``dm``."""
        if remind_by not in ("channel", "dm"):
            raise InvalidSetup("Reminders come by channel mention or by DM.")
        player = replace(await self.player(user_id), remind_by=remind_by)  # type: ignore[arg-type]
        await self.store.put_player(player)
        return player

    async def set_auto_pass(self, user_id: int, on: bool) -> PlayerSettings:
        """Whether the player declines every reaction window at once (``MatchService.auto_pass`` plays it)."""
        player = replace(await self.player(user_id), auto_pass=on)
        await self.store.put_player(player)
        return player

    async def _vacations(self, user_ids: Iterable[int]) -> dict[int, datetime]:
        now = self._clock()
        away = {}
        for user_id in user_ids:
            player = await self.store.get_player(user_id)
            if player is not None and player.on_vacation(now) and player.vacation_until is not None:
                away[user_id] = player.vacation_until
        return away

    async def start_vacation(self, user_id: int, days: int) -> Vacation:
        """Pause the clocks of all the user's correspondence matches for ``days`` (30 days a calendar year)."""
        now = self._clock()
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
        await self.store.put_player(
            replace(player, vacation_from=now, vacation_until=until, vacation_year=now.year, vacation_days=booked)
        )
        matches = await self._reclock_player(user_id, lambda clock: pause(clock, user_id, until, now))
        return Vacation(user_id, until, VACATION_DAYS_PER_YEAR - booked, matches)

    async def end_vacation(self, user_id: int) -> Vacation:
        """End the user's vacation now: their clocks run again, and unused whole days are given back."""
        now = self._clock()
        player = await self.player(user_id)
        if not player.on_vacation(now) or player.vacation_from is None or player.vacation_until is None:
            raise ClockRefused("You are not on vacation.")
        unused = days_taken(player.vacation_from, player.vacation_until) - days_taken(player.vacation_from, now)
        ended = replace(player, vacation_until=now, vacation_days=max(0, player.vacation_days - unused))
        await self.store.put_player(ended)
        matches = await self._reclock_player(user_id, lambda clock: resume(clock, user_id, now))
        return Vacation(user_id, now, ended.days_left(now.year), matches)

    async def _reclock_player(self, user_id: int, change: Any) -> tuple[MatchInfo, ...]:
        """Apply ``change`` (ClockState → ClockState) to every active correspondence match of the user."""
        touched = []
        for match in await self.store.active_matches_of(user_id):
            if match.time_control.kind != "correspondence":
                continue

            def plan(live: Live) -> Change:
                current = self._active(live)
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


__all__ = ["DAY", "DueWork", "Vacation", "two_sided"]
