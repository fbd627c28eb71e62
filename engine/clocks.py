"""Turn clocks as pure arithmetic: time controls, per-seat deadlines, time banks, vacations, reminder points.

The rules know no wall clock; clocks are the match service's business. Everything here is a pure function of
the stored clock state and a moment passed in (``now``), so the service, the scheduler and the tests agree on
every deadline without sleeping. The state lives in the match row (``MatchInfo.clock``), never in memory.

Design choices (see docs/correspondence.md):

- Each seat that must decide has its own clock (simultaneous deciders each get one); a seat whose position is
  unchanged keeps its running clock when another seat decides.
- "Per decision": every decision gets the full allowance. With a time bank, the time left when a seat decides
  is its new bank (at most ``BANK_CAP`` allowances), added to its next allowance: unused time carries over.
- A player on vacation has their seats' clocks paused: the time left is kept and the deadline dropped; on
  return the deadline is now plus the time left, so reminder points move with it.
- Reminders at about half and nine tenths of the allowance. Catching up after downtime sends only the latest
  due reminder (one at most), and none once the deadline itself has passed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from .errors import InvalidSetup

Kind = Literal["none", "live", "correspondence"]
Expiry = Literal["ask", "claim", "skip", "autopilot"]
EXPIRY_POLICIES: tuple[Expiry, ...] = ("ask", "claim", "skip", "autopilot")
DAY = 86_400
LIVE_MINUTES = (1, 3, 5, 10, 30)
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
REMINDER_POINTS = (0.5, 0.9)  # fractions of the allowance at which the seat to move is reminded
BANK_CAP = 2  # a bank holds at most this many allowances
AUTOPILOT_LEVEL = "easy"
VACATION_DAYS_PER_YEAR = 30


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clock chosen in the lobby: kind, seconds per decision, whether unused time is banked, and what
    happens when a seat runs out of time."""

    kind: Kind = "none"
    per_decision: int = 0
    bank: bool = False
    expiry: Expiry = "ask"

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def preset(self) -> str:
        """The lobby select's value for this clock: ``none``, ``live:5``, ``corr:3`` or ``corr:3:bank``."""
        if self.kind == "live":
            return f"live:{self.per_decision // 60}"
        if self.kind == "correspondence":
            return f"corr:{self.per_decision // DAY}{':bank' if self.bank else ''}"
        return "none"

    @classmethod
    def from_preset(cls, preset: str, expiry: Expiry = "ask") -> TimeControl:
        """Parse a preset (``InvalidSetup`` for anything not offered)."""
        kind, _, rest = preset.partition(":")
        amount, _, bank = rest.partition(":")
        try:
            if kind == "none" and not rest:
                return cls(expiry=expiry)
            if kind == "live" and int(amount) in LIVE_MINUTES and not bank:
                return cls("live", int(amount) * 60, False, expiry)
            if kind == "corr" and int(amount) in CORRESPONDENCE_DAYS and bank in ("", "bank"):
                return cls("correspondence", int(amount) * DAY, bank == "bank", expiry)
        except ValueError:
            pass
        raise InvalidSetup("That is not one of the clocks on offer.")

    def describe(self) -> str:
        """``3 days per decision, with a time bank``: for the lobby and the board."""
        if self.kind == "live":
            return f"live: {plural(self.per_decision // 60, 'minute')} per decision"
        if self.kind == "correspondence":
            bank = ", with a time bank" if self.bank else ""
            return f"{plural(self.per_decision // DAY, 'day')} per decision{bank}"
        return "no clock"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "per_decision": self.per_decision, "bank": self.bank, "expiry": self.expiry}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> TimeControl:
        if not data:
            return NO_CLOCK
        return cls(data["kind"], int(data["per_decision"]), bool(data["bank"]), data["expiry"])


NO_CLOCK = TimeControl()


def presets() -> list[tuple[str, str]]:
    """Every clock the lobby offers, as (value, label)."""
    found = [("none", "No clock")]
    found += [(f"live:{m}", f"Live: {plural(m, 'minute')} per decision") for m in LIVE_MINUTES]
    found += [(f"corr:{d}", f"{plural(d, 'day')} per decision") for d in CORRESPONDENCE_DAYS]
    found += [(f"corr:{d}:bank", f"{plural(d, 'day')} per decision + time bank") for d in CORRESPONDENCE_DAYS]
    return found


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def span(seconds: float) -> str:
    """A short human duration: ``2 days 4 h``, ``3 h 10 min``, ``45 s``."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{plural(days, 'day')}{f' {hours} h' if hours else ''}"
    if hours:
        return f"{hours} h{f' {minutes} min' if minutes else ''}"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"


# -- per-seat clocks ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatClock:
    """The clock of one seat that must decide.

    ``allowed`` is what this decision was given (allowance plus bank). ``deadline`` is ``None`` while paused,
    and ``remaining`` then holds the time left. ``reminded`` is the last reminder sent for this deadline (0, 1:
    about half, 2: about nine tenths); ``expired`` says the deadline passed and was dealt with.
    """

    seat: int
    user_id: int | None
    allowed: float
    deadline: datetime | None
    remaining: float | None = None
    reminded: int = 0
    expired: bool = False

    @property
    def paused(self) -> bool:
        return self.deadline is None

    def point(self, level: int) -> datetime | None:
        """When reminder ``level`` (1 or 2) is due, or ``None`` while paused."""
        if self.deadline is None:
            return None
        return self.deadline - timedelta(seconds=self.allowed * (1 - REMINDER_POINTS[level - 1]))

    def left(self, now: datetime) -> float:
        """Seconds left (negative once the deadline has passed)."""
        if self.deadline is None:
            return self.remaining or 0.0
        return (self.deadline - now).total_seconds()

    def next_due(self) -> datetime | None:
        """The next moment something happens to this clock: a reminder or the deadline."""
        if self.deadline is None or self.expired:
            return None
        for level in (1, 2):
            if self.reminded < level:
                return self.point(level)
        return self.deadline


@dataclass(frozen=True, slots=True)
class ClockState:
    """Everything stored about a match's clocks: the running seat clocks, the banks of seats not deciding,
    the players away on vacation (user id → until), and seats the AI plays for an absent owner (seat → mode:
    ``turn`` for a skipped turn, ``away`` for autopilot until the owner is back)."""

    seats: tuple[SeatClock, ...] = ()
    banks: Mapping[int, float] = field(default_factory=dict)
    away: Mapping[int, datetime] = field(default_factory=dict)
    autopilot: Mapping[int, str] = field(default_factory=dict)

    def of(self, seat: int) -> SeatClock | None:
        return next((c for c in self.seats if c.seat == seat), None)

    def next_due(self) -> datetime | None:
        """The earliest stored moment the scheduler must act on (the indexed ``due_at`` column)."""
        moments = [c.next_due() for c in self.seats]
        moments += list(self.away.values())
        found = [m for m in moments if m is not None]
        return min(found) if found else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [
                {
                    "seat": c.seat,
                    "user": c.user_id,
                    "allowed": c.allowed,
                    "deadline": None if c.deadline is None else c.deadline.isoformat(),
                    "remaining": c.remaining,
                    "reminded": c.reminded,
                    "expired": c.expired,
                }
                for c in self.seats
            ],
            "banks": {str(k): v for k, v in self.banks.items()},
            "away": {str(k): v.isoformat() for k, v in self.away.items()},
            "autopilot": {str(k): v for k, v in self.autopilot.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> ClockState:
        if not data:
            return NO_CLOCKS
        seats = tuple(
            SeatClock(
                seat=c["seat"],
                user_id=c["user"],
                allowed=float(c["allowed"]),
                deadline=None if c["deadline"] is None else datetime.fromisoformat(c["deadline"]),
                remaining=c["remaining"],
                reminded=c["reminded"],
                expired=c["expired"],
            )
            for c in data.get("seats", ())
        )
        return cls(
            seats=seats,
            banks={int(k): float(v) for k, v in data.get("banks", {}).items()},
            away={int(k): datetime.fromisoformat(v) for k, v in data.get("away", {}).items()},
            autopilot={int(k): str(v) for k, v in data.get("autopilot", {}).items()},
        )

    @property
    def empty(self) -> bool:
        return not (self.seats or self.banks or self.away or self.autopilot)


NO_CLOCKS = ClockState()


def settle_bank(clock: SeatClock, control: TimeControl, now: datetime) -> float:
    """The bank after ``clock``'s seat decided: the time it had left, between zero and ``BANK_CAP`` allowances."""
    return min(max(clock.left(now), 0.0), float(BANK_CAP * control.per_decision))


def recompute(
    state: ClockState,
    control: TimeControl,
    deciding: Mapping[int, int | None],
    acted: int | None,
    now: datetime,
) -> ClockState:
    """The clocks after a change of position.

    ``deciding`` maps each human-held seat that must decide now to its user. A seat that acted, or no longer
    decides, has its clock settled into its bank; a seat still deciding that did not act keeps its clock; a
    seat newly deciding gets a fresh one (paused if its user is away).
    """
    if not control.timed:
        return replace(state, seats=(), banks={})
    old = {c.seat: c for c in state.seats}
    banks = dict(state.banks)
    for seat, clock in old.items():
        if (seat not in deciding or seat == acted) and control.bank:
            banks[seat] = settle_bank(clock, control, now)
    seats = []
    for seat, user in sorted(deciding.items()):
        kept = old.get(seat)
        if kept is not None and seat != acted:
            seats.append(kept)
            continue
        allowed = float(control.per_decision) + (banks.pop(seat, 0.0) if control.bank else 0.0)
        if away_until(state, user, now) is not None and control.kind == "correspondence":
            seats.append(SeatClock(seat, user, allowed, None, remaining=allowed))
        else:
            seats.append(SeatClock(seat, user, allowed, now + timedelta(seconds=allowed)))
    return replace(state, seats=tuple(seats), banks=banks)


def away_until(state: ClockState, user_id: int | None, now: datetime) -> datetime | None:
    until = state.away.get(user_id) if user_id is not None else None
    return until if until is not None and until > now else None


def pause(state: ClockState, user_id: int, until: datetime, now: datetime) -> ClockState:
    """``user_id`` goes on vacation until ``until``: their running clocks keep their time left, deadline-free."""
    seats = tuple(
        replace(c, deadline=None, remaining=max(c.left(now), 0.0))
        if c.user_id == user_id and not c.paused and not c.expired
        else c
        for c in state.seats
    )
    return replace(state, seats=seats, away={**state.away, user_id: until})


def resume(state: ClockState, user_id: int, now: datetime) -> ClockState:
    """``user_id`` is back: their paused clocks run again from the time they had left."""
    seats = tuple(
        replace(c, deadline=now + timedelta(seconds=c.remaining or 0.0), remaining=None)
        if c.user_id == user_id and c.paused
        else c
        for c in state.seats
    )
    return replace(state, seats=seats, away={k: v for k, v in state.away.items() if k != user_id})


@dataclass(frozen=True, slots=True)
class Reminder:
    seat: int
    user_id: int | None
    level: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class Expired:
    seat: int
    user_id: int | None
    deadline: datetime


@dataclass(frozen=True, slots=True)
class Due:
    """What came due at one moment: the clock state with all of it marked done, and what to do about it."""

    state: ClockState
    reminders: tuple[Reminder, ...] = ()
    expired: tuple[Expired, ...] = ()
    returned: tuple[int, ...] = ()  # users whose vacation ended

    @property
    def anything(self) -> bool:
        return bool(self.reminders or self.expired or self.returned)


def collect(state: ClockState, now: datetime, *, expire_limit: int | None = None) -> Due:
    """Everything due at ``now``, marked as done in the returned state (to be stored before acting on it).

    Vacations that ended resume first. A passed deadline expires the clock (at most ``expire_limit`` of them;
    the rest stay due) and sends no reminder. Otherwise only the latest reminder point passed is reminded, so
    a bot that was down for a while sends one catch-up reminder, never a burst.
    """
    returned = tuple(user for user, until in sorted(state.away.items()) if until <= now)
    for user in returned:
        state = resume(state, user, now)
    reminders: list[Reminder] = []
    expired: list[Expired] = []
    seats = []
    for clock in state.seats:
        seats.append(_collect_one(clock, now, reminders, expired, expire_limit))
    return Due(replace(state, seats=tuple(seats)), tuple(reminders), tuple(expired), returned)


def _collect_one(
    clock: SeatClock, now: datetime, reminders: list[Reminder], expired: list[Expired], expire_limit: int | None
) -> SeatClock:
    """One clock's due work, appended to ``reminders`` or ``expired``; returns the clock marked."""
    if clock.deadline is None or clock.expired:
        return clock
    if now >= clock.deadline:
        if expire_limit is not None and len(expired) >= expire_limit:
            return clock
        expired.append(Expired(clock.seat, clock.user_id, clock.deadline))
        return replace(clock, expired=True, reminded=len(REMINDER_POINTS))
    level = max((lv for lv in (1, 2) if (p := clock.point(lv)) is not None and p <= now), default=0)
    if level <= clock.reminded:
        return clock
    reminders.append(Reminder(clock.seat, clock.user_id, level, clock.deadline))
    return replace(clock, reminded=level)


def without_seats(state: ClockState, seats: Iterable[int]) -> ClockState:
    drop = set(seats)
    return replace(state, seats=tuple(c for c in state.seats if c.seat not in drop))


# -- players: reminder preference and vacation allowance ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A player's preferences and vacation bookkeeping (the ``players`` table)."""

    user_id: int
    remind_by: Literal["channel", "dm"] = "channel"
    vacation_from: datetime | None = None
    vacation_until: datetime | None = None
    vacation_year: int | None = None
    vacation_days: int = 0  # days booked in ``vacation_year``
    auto_pass: bool = False  # decline every reaction window at once (keeps a six-player game moving)
    hidden: bool = False  # kept off the ladders (still rated): ``/game settings``

    def on_vacation(self, now: datetime) -> bool:
        return self.vacation_until is not None and self.vacation_until > now

    def days_used(self, year: int) -> int:
        return self.vacation_days if self.vacation_year == year else 0

    def days_left(self, year: int) -> int:
        return VACATION_DAYS_PER_YEAR - self.days_used(year)


def days_taken(start: datetime, end: datetime) -> int:
    """Whole days charged for a vacation from ``start`` to ``end`` (a started day counts; at least one)."""
    return max(1, math.ceil((end - start).total_seconds() / DAY - 1e-9))


def timestamp(moment: datetime) -> int:
    """Unix seconds, for Discord's ``<t:…>`` markup (shown in each reader's own time zone)."""
    return int(moment.astimezone(UTC).timestamp())
