"""What the match service hands to front ends: match records, act results, and the errors a player can cause.

Everything here is plain immutable data with Discord-free ids: match ids are short lowercase strings that fit
in a URL or a component ``custom_id``; users, channels and guilds are integers (Discord snowflakes). The store
persists ``MatchInfo`` as is, so the service, the store and the bot share one picture of a match.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .clocks import NO_CLOCK, NO_CLOCKS, ClockState, TimeControl
from .core import Choice, Outcome, View
from .errors import EngineError, GameOver
from .rng import MatchKey


class Status(enum.StrEnum):
    """Where a match is in its life; ``LOBBY`` and ``ACTIVE`` are open and hold their channel."""

    LOBBY = "lobby"
    ACTIVE = "active"
    ENDED = "ended"
    ABORTED = "aborted"

    @property
    def open(self) -> bool:
        return self in (Status.LOBBY, Status.ACTIVE)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a user, an AI of some level, or nobody yet.

    A seat with both a user and an AI level is a person's seat the AI plays for while they are absent
    (autopilot after their time ran out); the user keeps the seat and takes it back by acting.
    """

    user_id: int | None = None
    ai_level: str | None = None

    @property
    def empty(self) -> bool:
        return self.user_id is None and self.ai_level is None

    @property
    def autopilot(self) -> bool:
        return self.user_id is not None and self.ai_level is not None


EMPTY_SEAT = Seat()


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """One match as stored: setup, seats, status and counters. ``version`` counts the decisions recorded;
    ``revision`` counts every write of the row and is what concurrent writers compare and set.
    ``time_control`` is the clock chosen in the lobby and ``clock`` its running state (``engine.clocks``)."""

    id: str
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    status: Status
    version: int
    revision: int
    key: MatchKey | None  # drawn when the match starts; secret: never shown, never logged
    rules_version: int
    outcome: Outcome | None
    created_at: datetime
    updated_at: datetime
    time_control: TimeControl = NO_CLOCK
    clock: ClockState = NO_CLOCKS
    rated: bool = True  # the host's choice: a match of people only is rated unless they turn it off

    @property
    def due_at(self) -> datetime | None:
        """When the scheduler must next look at this match (a reminder, a deadline, a vacation's end)."""
        return self.clock.next_due() if self.status is Status.ACTIVE else None

    @property
    def players(self) -> int:
        return len(self.seats)

    def seats_of(self, user_id: int | None) -> tuple[int, ...]:
        """Every seat ``user_id`` holds (usually one; hotseat games may give a user several)."""
        if user_id is None:
            return ()
        return tuple(i for i, seat in enumerate(self.seats) if seat.user_id == user_id)

    def seat_of(self, user_id: int | None) -> int | None:
        """The first seat ``user_id`` holds, or ``None`` for a spectator."""
        seats = self.seats_of(user_id)
        return seats[0] if seats else None

    @property
    def filled(self) -> int:
        return sum(not seat.empty for seat in self.seats)

    @property
    def user_ids(self) -> tuple[int, ...]:
        """The distinct human players, in seat order."""
        return tuple(dict.fromkeys(s.user_id for s in self.seats if s.user_id is not None))


@dataclass(frozen=True, slots=True)
class Decision:
    """What one seat must decide now: the game's one-line prompt and the legal choices, for that seat only, and
    ``since``, the log position of the seat's previous decision: two decisions of a seat in a row differ in it
    even when their prompts and choices are the same (a picker must tell them apart), while another seat's
    moves leave it as it was."""

    seat: int
    prompt: str
    choices: tuple[Choice, ...]
    since: int = 0


@dataclass(frozen=True, slots=True)
class Bookmark:
    """Where a front end last showed a match (``kind``: "board", "lobby"): a channel and a message in it.

    The bot strips the buttons of the previous board and links stale clicks to the current one through this;
    the service only stores it.
    """

    match_id: str
    kind: str
    channel_id: int
    message_id: int
    version: int

    def url(self, guild_id: int | None) -> str:
        """A link to the message (``@me`` outside a server)."""
        return f"https://discord.com/channels/{guild_id or '@me'}/{self.channel_id}/{self.message_id}"


@dataclass(frozen=True, slots=True)
class ActResult:
    """What a front end renders after a change of position (a decision, a start, a resignation).

    ``public_log`` is for the channel. ``private_log`` holds, per seat, the lines only that seat may read
    (its own version of a secret event); show them to the seat's owner privately. ``view`` is the public view
    (``viewer`` is ``None``); ask ``view_for`` for a seat's own. ``to_decide`` maps each seat that must decide
    now to its user id (``None`` for an AI seat).
    """

    match: MatchInfo
    seat: int | None
    key: str | None
    public_log: tuple[str, ...]
    private_log: Mapping[int, tuple[str, ...]]
    view: View
    to_decide: Mapping[int, int | None]
    outcome: Outcome | None = None
    windows: tuple[int, ...] = ()  # seats deciding in a reaction window (public: everyone who could respond)

    @property
    def version(self) -> int:
        """The version a player sees with this position and sends back with the next decision."""
        return self.match.version


# -- errors a player can cause (all ``EngineError``: the bot shows the message privately, unchanged) ---------


class MatchNotFound(EngineError):
    def __init__(self, match_id: str) -> None:
        super().__init__(f"There is no match with id {str(match_id)[:20]!r}.")
        self.match_id = match_id


class ChannelBusy(EngineError):
    """The channel already has an open match; ``match_id`` lets the front end link to it."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"There is already a match in this channel ({match_id}); finish or abort it first.")
        self.match_id = match_id


class StaleVersion(EngineError):
    """The player decided on an old position; ``version`` is the current one."""

    def __init__(self, version: int) -> None:
        super().__init__("The board has moved on since you looked: here is the current position.")
        self.version = version


class MatchClosed(GameOver):
    """The match has ended or was aborted: nothing more can be played or changed."""

    def __init__(self, status: Status) -> None:
        text = "This match was aborted." if status is Status.ABORTED else "This match is over."
        super().__init__(f"{text} No more moves can be made; start a new one or ask for a rematch.")
        self.status = status


class NotAPlayer(EngineError):
    def __init__(self) -> None:
        super().__init__("You don't have a seat in this match.")


class NotHost(EngineError):
    def __init__(self, what: str) -> None:
        super().__init__(f"Only the host of this match can {what}.")


class AlreadySeated(EngineError):
    def __init__(self, seat_name: str) -> None:
        super().__init__(f"You already have a seat in this match ({seat_name}).")


class SeatUnavailable(EngineError):
    """A full match, a taken seat, or a seat number the match doesn't have."""


class NotInLobby(EngineError):
    def __init__(self) -> None:
        super().__init__("This match has already started; seats can no longer change.")


class NotStarted(EngineError):
    def __init__(self) -> None:
        super().__init__("This match hasn't started yet: the host can start it once enough players have joined.")


class NotEnoughPlayers(EngineError):
    def __init__(self, title: str, needed: int, seated: int) -> None:
        super().__init__(f"{title} needs at least {needed} players; {seated} seated so far.")
        self.needed = needed
        self.seated = seated


class ClockRefused(EngineError):
    """A clock, vacation or expiry request that cannot be granted; the message says why."""
