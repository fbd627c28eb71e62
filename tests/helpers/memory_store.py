"""A ``Store`` kept in dictionaries: proof that the service needs only the interface, not SQLite."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from engine.clocks import PlayerSettings
from engine.matches import Bookmark, MatchInfo, Status
from engine.ratings import MatchResult, Rating, rate, result_of
from engine.store import ActionRow, ChannelOccupied, DuplicateMatchId, JobRow, SnapshotRow, Store
from engine.store.base import RESIGN, HistoryEntry, Ranked


class MemoryStore(Store):
    def __init__(self) -> None:
        self.matches: dict[str, MatchInfo] = {}
        self.log: dict[str, list[ActionRow]] = {}
        self.snapshots: dict[str, list[SnapshotRow]] = {}
        self.bookmarks: dict[tuple[str, str], Bookmark] = {}
        self.players: dict[int, PlayerSettings] = {}
        self.jobs: dict[tuple[str, int], JobRow] = {}
        self.leases: dict[str, tuple[str, datetime]] = {}
        self.entrants: dict[str, dict[int, tuple[int | None, str | None]]] = {}
        self.results: dict[str, tuple[MatchResult, dict[int, tuple[int | None, int | None]]]] = {}
        self.ratings: dict[tuple[int, str, int], Rating] = {}

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def insert_match(self, match: MatchInfo) -> None:
        if match.id in self.matches:
            raise DuplicateMatchId(match.id)
        holder = await self.open_match_in_channel(match.channel_id)
        if holder is not None and match.status.open:
            raise ChannelOccupied(holder.id)
        self.matches[match.id] = match

    async def get_match(self, match_id: str) -> MatchInfo | None:
        return self.matches.get(match_id)

    async def open_match_in_channel(self, channel_id: int) -> MatchInfo | None:
        return next((m for m in self.matches.values() if m.channel_id == channel_id and m.status.open), None)

    async def guild_matches(self, guild_id: int, *, open_only: bool = False, limit: int = 25) -> list[MatchInfo]:
        found = [m for m in self.matches.values() if m.guild_id == guild_id and (m.status.open or not open_only)]
        return sorted(found, key=lambda m: m.updated_at, reverse=True)[:limit]

    async def write(
        self,
        match: MatchInfo,
        *,
        expected_revision: int,
        action: ActionRow | None = None,
        snapshot: SnapshotRow | None = None,
        job: JobRow | None = None,
    ) -> bool:
        old = self.matches[match.id]
        if old.revision != expected_revision:
            return False
        self.matches[match.id] = match
        if old.status is Status.LOBBY and match.status is Status.ACTIVE:
            self.entrants[match.id] = {i: (seat.user_id, seat.ai_level) for i, seat in enumerate(match.seats)}
        if match.status is Status.ENDED and match.id not in self.results:
            self._record(match)
        if job is not None:
            self.jobs[job.match_id, job.revision] = job
        if action is not None:
            self.log.setdefault(match.id, []).append(action)
        if snapshot is not None:
            self.snapshots.setdefault(match.id, []).append(snapshot)
        return True

    async def actions(self, match_id: str, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        top = upto if upto is not None else 2**62
        return [row for row in self.log.get(match_id, []) if after < row.seq <= top]

    async def last_action_of(self, match_id: str, seat: int) -> int:
        return max((row.seq for row in self.log.get(match_id, []) if row.seat == seat), default=0)

    async def latest_snapshot(self, match_id: str, *, upto: int) -> SnapshotRow | None:
        return max((s for s in self.snapshots.get(match_id, []) if s.seq <= upto), key=lambda s: s.seq, default=None)

    async def get_bookmark(self, match_id: str, kind: str) -> Bookmark | None:
        return self.bookmarks.get((match_id, kind))

    async def set_bookmark(self, bookmark: Bookmark) -> None:
        old = self.bookmarks.get((bookmark.match_id, bookmark.kind))
        if old is None or bookmark.version >= old.version:
            self.bookmarks[bookmark.match_id, bookmark.kind] = bookmark

    async def active_with_ai(self, *, limit: int = 1000) -> list[MatchInfo]:
        found = [m for m in self.matches.values() if m.status.value == "active" and any(s.ai_level for s in m.seats)]
        return found[:limit]

    async def claim_jobs(self, holder: str, now: datetime, until: datetime, *, limit: int = 50) -> list[JobRow]:
        ready = sorted((j for j in self.jobs.values() if j.until <= now), key=lambda j: j.until)[:limit]
        for job in ready:
            self.jobs[job.match_id, job.revision] = replace(job, holder=holder, until=until)
        return [self.jobs[job.match_id, job.revision] for job in ready]

    async def finish_job(self, match_id: str, revision: int, holder: str) -> None:
        job = self.jobs.get((match_id, revision))
        if job is not None and job.holder == holder:
            del self.jobs[match_id, revision]

    async def claim_lease(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        held = self.leases.get(name)
        if held is not None and held[1] > now and held[0] != holder:
            return False
        self.leases[name] = (holder, until)
        return True

    async def release_lease(self, name: str, holder: str) -> None:
        if self.leases.get(name, ("", None))[0] == holder:
            del self.leases[name]

    async def lapsed_leases(self, prefix: str, now: datetime) -> list[str]:
        return sorted(n for n, (_, until) in self.leases.items() if n.startswith(prefix) and until <= now)

    async def next_job_until(self) -> datetime | None:
        return min((j.until for j in self.jobs.values()), default=None)

    async def due_matches(self, now: datetime, *, limit: int = 50) -> list[MatchInfo]:
        found = [m for m in self.matches.values() if m.due_at is not None and m.due_at <= now]
        return sorted(found, key=lambda m: m.due_at or now)[:limit]

    async def next_due(self) -> datetime | None:
        return min((m.due_at for m in self.matches.values() if m.due_at is not None), default=None)

    async def active_matches_of(self, user_id: int, *, limit: int = 500) -> list[MatchInfo]:
        found = [m for m in self.matches.values() if m.status.value == "active" and m.seats_of(user_id)]
        return found[:limit]

    async def get_player(self, user_id: int) -> PlayerSettings | None:
        return self.players.get(user_id)

    async def put_player(self, player: PlayerSettings) -> None:
        self.players[player.user_id] = player

    # -- results and ratings: the same rules as the databases', kept in dictionaries ---------------------------

    def _record(self, match: MatchInfo) -> None:
        resigned = [row.seat for row in self.log.get(match.id, []) if row.key == RESIGN and row.seat is not None]
        result = result_of(match, self.entrants.get(match.id, {}), resigned)
        if result is None:
            return
        result = replace(result, seq=len(self.results) + 1)
        shown: dict[int, tuple[int | None, int | None]] = {p.seat: (None, None) for p in result.placings}
        if result.rated:
            for scope in result.scopes():
                keys = [(scope, result.game, p.user_id) for p in result.placings]
                old = [self.ratings.get(key, Rating()) for key in keys]
                new = rate(old, result)
                self.ratings.update(zip(keys, new, strict=True))
                shown = {p.seat: (o.shown, n.shown) for p, o, n in zip(result.placings, old, new, strict=True)}
        self.results[match.id] = (result, shown)

    def _listed(self, game: str, scope: int) -> list[tuple[int, Rating]]:
        hidden = {user for user, settings in self.players.items() if settings.hidden}
        found = [(k[2], r) for k, r in self.ratings.items() if k[:2] == (scope, game) and k[2] not in hidden]
        return sorted(found, key=lambda item: (-item[1].ordinal, item[0]))

    async def result(self, match_id: str) -> tuple[MatchResult, dict[int, tuple[int | None, int | None]]] | None:
        return self.results.get(match_id)

    async def rating(self, user_id: int, game: str, scope: int) -> Rating | None:
        return self.ratings.get((scope, game, user_id))

    async def ladder(self, game: str, scope: int, *, offset: int = 0, limit: int = 10) -> list[Ranked]:
        listed = self._listed(game, scope)[offset : offset + limit]
        return [Ranked(offset + i + 1, user, rating) for i, (user, rating) in enumerate(listed)]

    async def ladder_size(self, game: str, scope: int) -> int:
        return len(self._listed(game, scope))

    async def rank_of(self, user_id: int, game: str, scope: int) -> int | None:
        users = [user for user, _ in self._listed(game, scope)]
        return users.index(user_id) + 1 if user_id in users else None

    async def history(self, user_id: int, *, game: str | None = None, limit: int = 10) -> list[HistoryEntry]:
        entries = []
        for result, shown in self.results.values():
            mine = sorted((p for p in result.placings if p.user_id == user_id), key=lambda p: (p.place, p.seat))
            for p in mine[:1]:  # one line a match, the person's best seat
                if game in (None, result.game):
                    others = tuple(dict.fromkeys(o.user_id for o in result.placings if o.user_id != user_id))
                    channel = self.matches[result.match_id].channel_id
                    entries.append(HistoryEntry(result.match_id, result.game, result.guild_id, channel,
                                                result.ended_at, p.seat, p.place, p.won, p.resigned,
                                                result.decisions, others, *shown[p.seat],
                                                result.cooperative, result.difficulty))  # fmt: skip
        order = {match_id: found[0].seq for match_id, found in self.results.items()}
        return sorted(entries, key=lambda e: (e.ended_at, order[e.match_id]), reverse=True)[:limit]

    async def seat_counts(self, user_id: int, game: str) -> dict[int, int]:
        counts: dict[int, int] = {}
        for entry in await self.history(user_id, game=game, limit=2**31):
            counts[entry.seat] = counts.get(entry.seat, 0) + 1
        return counts

    async def all_results(self) -> list[MatchResult]:
        return [result for result, _ in self.results.values()]

    async def ratings_table(self) -> dict[tuple[int, str, int], Rating]:
        return dict(self.ratings)

    async def replace_ratings(self, table: dict[tuple[int, str, int], Rating]) -> None:
        self.ratings = dict(table)
