"""Standings, a part of ``MatchService``: what players come back for. A player's record in a game, the ladders,
their history of ended matches, and the inbox of matches they are in, across servers, theirs to move first.

Everything here is read from what the stores keep (results and ratings are written when a match ends,
``engine.ratings``) and from public positions: nothing a seat's secret decides is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .live import LiveMatches
from .matches import MatchInfo, Status
from .planning import game_of
from .ratings import OVERALL, Rating
from .registry import get_game
from .store.base import HistoryEntry, Ranked

PAGE = 10  # lines of a ladder a page
HISTORY = 10  # matches a history shows
INBOX = 25  # matches the inbox lists (an embed holds 25 fields)
SCANNED = INBOX * 4  # running matches read to find those waiting for the player


@dataclass(frozen=True, slots=True)
class Record:
    """A player's record in one game: their ratings (overall, and on this server when asked from one), and
    the counts behind them, over every ended match of theirs, rated or not."""

    user_id: int
    game: str
    overall: Rating | None
    server: Rating | None
    matches: int
    wins: int
    streak: int
    best_streak: int
    favourite_seat: str | None
    last_played: datetime | None
    co_op: tuple[CoopRecord, ...] = ()  # the co-operative matches among them, by difficulty (never rated)


@dataclass(frozen=True, slots=True)
class CoopRecord:
    """A player's co-operative matches of one game at one difficulty (``""``: the game has none): played, won."""

    difficulty: str
    matches: int
    wins: int


@dataclass(frozen=True, slots=True)
class LadderPage:
    """One page of a ladder, whether another follows, and where the asker stands on it (``None``: not on it).
    No total: counting a ladder of 100,000 is the one look-up that would not stay within 20 ms
    (bench/standings.py), and a page needs only to know whether there is a next."""

    game: str
    scope: int
    page: int
    more: bool
    lines: tuple[Ranked, ...]
    mine: Ranked | None


@dataclass(frozen=True, slots=True)
class InboxEntry:
    """A running match of the player's: whose decision it waits for, and the player's deadline in it."""

    match: MatchInfo
    waiting_for: tuple[int, ...]  # the seats it waits for
    yours: bool  # it waits for this player
    deadline: datetime | None  # this player's, when it is their decision on a clock


@dataclass(frozen=True, slots=True)
class Inbox:
    """The first ``INBOX`` of a player's running matches, and how many they hold (``at_least``: the count is a
    floor, the store having been asked for no more than ``SCANNED``), so the list can say what it left out."""

    entries: tuple[InboxEntry, ...]
    running: int
    at_least: bool


class Standings:
    """Records, ladders, histories and inboxes, read from the store."""

    def __init__(self, live: LiveMatches) -> None:
        self.live = live

    @property
    def _store(self):
        return self.live.store

    async def record(self, user_id: int, game: str, guild_id: int | None = None) -> Record:
        """``user_id``'s record in ``game``; their rating on ``guild_id``'s ladder too when asked from a server."""
        game_id = get_game(game).meta.id
        history = await self._store.history(user_id, game=game_id, limit=2**31 - 1)
        overall = await self._store.rating(user_id, game_id, OVERALL)
        server = await self._store.rating(user_id, game_id, guild_id) if guild_id is not None else None
        seats = await self._store.seat_counts(user_id, game_id)
        favourite = None
        if seats:
            seat = max(sorted(seats), key=lambda s: seats[s])
            names = get_game(game_id).meta.seat_names
            favourite = names[seat] if seat < len(names) else f"seat {seat + 1}"
        streak = best = 0
        for entry in reversed(history):  # oldest first
            streak = streak + 1 if entry.won else 0
            best = max(best, streak)
        return Record(
            user_id, game_id, overall, server, len(history), sum(e.won for e in history), streak, best, favourite,
            history[0].ended_at if history else None, co_op_of(history),
        )  # fmt: skip

    async def ladder(self, game: str, scope: int, user_id: int, page: int = 1) -> LadderPage:
        """Page ``page`` (from 1) of a ladder, and the asker's own line. A page past the end is empty."""
        game_id = get_game(game).meta.id
        page = max(1, page)
        lines = await self._store.ladder(game_id, scope, offset=(page - 1) * PAGE, limit=PAGE + 1)
        rank = await self._store.rank_of(user_id, game_id, scope)
        mine = None
        if rank is not None:
            rating = await self._store.rating(user_id, game_id, scope)
            mine = Ranked(rank, user_id, rating) if rating is not None else None
        return LadderPage(game_id, scope, page, len(lines) > PAGE, tuple(lines[:PAGE]), mine)

    async def history(self, user_id: int, game: str | None = None, limit: int = HISTORY) -> list[HistoryEntry]:
        """``user_id``'s ended matches, newest first (of one game if named)."""
        game_id = get_game(game).meta.id if game else None
        return await self._store.history(user_id, game=game_id, limit=limit)

    async def inbox(self, user_id: int, now: datetime) -> Inbox:
        """The running matches ``user_id`` holds a seat in, on any server: those waiting for them first (the
        nearest deadline first), then the others (the most recently moved first)."""
        entries = []
        found = await self._store.active_matches_of(user_id, limit=SCANNED)
        for match in found:
            if match.status is not Status.ACTIVE:
                continue
            live = await self.live.fresh(match.id)
            game = game_of(live.match)
            deciding = game.to_decide(live.state)
            mine = [seat for seat in deciding if live.match.seats[seat].user_id == user_id]
            clocks = [live.match.clock.of(seat) for seat in mine]
            deadlines = [c.deadline for c in clocks if c is not None and c.deadline is not None]
            entries.append(InboxEntry(live.match, tuple(deciding), bool(mine),
                                      min(deadlines) if deadlines else None))  # fmt: skip
        far = datetime.max.replace(tzinfo=now.tzinfo)
        entries.sort(key=lambda e: (not e.yours, e.deadline or far, -e.match.updated_at.timestamp()))
        return Inbox(tuple(entries[:INBOX]), len(entries), len(found) >= SCANNED)

    async def change_of(self, match_id: str) -> dict[int, tuple[int, int]]:
        """Each rated seat's shown rating before and after an ended match (for its result post); empty if the
        match was not rated."""
        found = await self._store.result(match_id)
        if found is None:
            return {}
        return {seat: (b, a) for seat, (b, a) in found[1].items() if b is not None and a is not None}


def co_op_of(history: list[HistoryEntry]) -> tuple[CoopRecord, ...]:
    """The co-operative matches of a history, counted by difficulty, in the order first played."""
    tally: dict[str, list[int]] = {}
    for entry in reversed(history):  # oldest first
        if entry.cooperative:
            counts = tally.setdefault(entry.difficulty, [0, 0])
            counts[0] += 1
            counts[1] += entry.won
    return tuple(CoopRecord(level, played, won) for level, (played, won) in tally.items())
