"""A ``Store`` kept in dictionaries: proof that the service needs only the interface, not SQLite."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from engine.clocks import PlayerSettings
from engine.matches import Bookmark, MatchInfo
from engine.store import ActionRow, ChannelOccupied, DuplicateMatchId, JobRow, SnapshotRow, Store


class MemoryStore(Store):
    def __init__(self) -> None:
        self.matches: dict[str, MatchInfo] = {}
        self.log: dict[str, list[ActionRow]] = {}
        self.snapshots: dict[str, list[SnapshotRow]] = {}
        self.bookmarks: dict[tuple[str, str], Bookmark] = {}
        self.players: dict[int, PlayerSettings] = {}
        self.jobs: dict[tuple[str, int], JobRow] = {}
        self.leases: dict[str, tuple[str, datetime]] = {}

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
        if self.matches[match.id].revision != expected_revision:
            return False
        self.matches[match.id] = match
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
