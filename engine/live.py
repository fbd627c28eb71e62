"""Live matches: the service's cache of current states, and the one way a change reaches the store.

A change is planned against a match's current state, then written with a compare-and-set on the row's
revision. The cache (bounded LRU) only spares a reload; it is never trusted: a stale entry loses the
compare-and-set, and a refusal planned from cached data is re-planned from the database before it stands.
Per-match asyncio locks keep two changes to one match in this process from interleaving; matches never wait
for each other. Nothing is loaded at start-up: a match is read the first time it is touched.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .core import LogEntry
from .errors import EngineError, IncompatibleState
from .matches import MatchInfo, MatchNotFound, StaleVersion
from .registry import get_game
from .store import ActionRow, JobRow, SnapshotRow, Store, StoreError
from .store.base import EVENT

ATTEMPTS = 4


@dataclass(frozen=True, slots=True)
class Live:
    """A match and its current state (``None`` until the match starts)."""

    match: MatchInfo
    state: Any | None


@dataclass(frozen=True, slots=True)
class Change:
    """A planned write: the new row and state, the log row, snapshot and job to store with it, the game's log."""

    match: MatchInfo
    state: Any | None
    action: ActionRow | None = None
    snapshot: SnapshotRow | None = None
    log: tuple[LogEntry, ...] = ()
    job: JobRow | None = None


Plan = Callable[[Live], Change]


class LiveMatches:
    """Loads, caches and changes matches in one store."""

    def __init__(self, store: Store, cache_size: int) -> None:
        self.store = store
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_size = cache_size
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.listeners: list[Callable[[MatchInfo], None]] = []  # told of every row written

    def __len__(self) -> int:
        return len(self._cache)

    def clear(self) -> None:
        """Forget every cached match (they reload on next use)."""
        self._cache.clear()

    def lock(self, match_id: str) -> asyncio.Lock:
        """The match's lock; it lives while someone holds or awaits it, so the table never fills up."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def remember(self, live: Live) -> None:
        self._cache[live.match.id] = live
        self._cache.move_to_end(live.match.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def row(self, match_id: str) -> MatchInfo:
        """The match's row as stored now, without its state (``MatchNotFound`` if there is none)."""
        match = await self.store.get_match(match_id)
        if match is None:
            raise MatchNotFound(match_id)
        return match

    async def fresh(self, match_id: str) -> Live:
        """The match as the database has it now, reusing the cached state if it is still current."""
        match = await self.store.get_match(match_id)
        if match is None:
            raise MatchNotFound(match_id)
        cached = self._cache.get(match_id)
        if cached is not None and cached.match.revision == match.revision:
            self._cache.move_to_end(match_id)
            return cached
        live = Live(match, await self.rebuild(match))
        self.remember(live)
        return live

    async def rebuild(self, match: MatchInfo, *, upto: int | None = None) -> Any | None:
        """The state after the row's last decision (or after decision ``upto``, for a replay): the latest
        snapshot at or before it, then the log after it."""
        if match.key is None:
            return None
        if upto is not None and upto < match.version:
            match = replace(match, version=max(0, upto))
        game = get_game(match.game)
        if not game.meta.plays(match.rules_version):
            raise IncompatibleState(
                f"This match was played under version {match.rules_version} of the rules of {game.meta.title}; "
                f"this Changeling plays version {game.meta.rules_version}."
            )
        snapshot = await self.store.latest_snapshot(match.id, upto=match.version)
        base = 0 if snapshot is None else snapshot.seq
        if snapshot is None:
            state = game.setup(match.options, match.players, match.key, rules_version=match.rules_version)
        else:
            state = game.state_from_json(snapshot.state)
        tail = await self.store.actions(match.id, after=base, upto=match.version)
        if len(tail) != match.version - base:
            raise StoreError(f"match {match.id}: the log lacks entries {base + 1}..{match.version}")
        for row in tail:
            if not row.key.startswith(EVENT):
                state = game.act(state, row.seat, row.key).state
        return state

    async def change(self, match_id: str, plan: Plan) -> Change:
        """Plan against the cached match, write with compare-and-set, and re-plan against the database if the
        cache was stale (a refusal from cached data is re-checked too, so it is never the cache's fault)."""
        async with self.lock(match_id):
            live = self._cache.get(match_id)
            for _ in range(ATTEMPTS):
                from_cache = live is not None
                if live is None:
                    live = await self.fresh(match_id)
                try:
                    change = plan(live)
                except EngineError:
                    if from_cache:
                        live = None
                        continue
                    raise
                stored = await self.store.write(
                    change.match,
                    expected_revision=live.match.revision,
                    action=change.action,
                    snapshot=change.snapshot,
                    job=change.job,
                )
                if stored:
                    self.remember(Live(change.match, change.state))
                    for listener in self.listeners:
                        listener(change.match)
                    return change
                self._cache.pop(match_id, None)
                live = None
            current = await self.store.get_match(match_id)
            raise StaleVersion(current.version if current else 0)
