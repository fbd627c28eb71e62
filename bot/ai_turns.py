"""AI seats take their turns: thinking off the event loop, playing through the service, posting like anyone.

A driver task runs per match while an AI seat must decide. It reads the position from the service (never
from memory), asks the thinker for a key (by default a worker process, see ``engine.ai.worker``), plays it
with the version it thought about, and publishes the board. After a restart, ``resume`` finds every active
match waiting for an AI and starts its driver again.

With several processes on one PostgreSQL, a driver holds the lease ``ai:<match>`` while it runs (renewed at
every decision), so one process drives a match's AI at a time; if that process dies, its lease lapses and
the others' sweep (every ``LEASE_HOLD``) takes the match up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import discord

from engine import EngineError, get_game
from engine.matches import ActResult, StaleVersion, Status
from engine.service import LEASE_HOLD, MatchService

log = logging.getLogger("changeling.bot")

Thinker = Callable[[str, Mapping[str, Any], int, str, int], Awaitable[str]]
Publisher = Callable[[ActResult], Awaitable[Any]]
AI_LEVELS = ("easy", "normal", "hard")
LEASE_PREFIX = "ai:"


@asynccontextmanager
async def _thinking(channel: discord.abc.Messageable) -> AsyncIterator[None]:
    """The "thinking" state players see (Discord's typing indicator), best-effort: a refused typing request
    must not cost the AI its turn."""
    typing = channel.typing()
    try:
        await typing.__aenter__()
    except discord.HTTPException:
        yield
        return
    try:
        yield
    finally:
        await typing.__aexit__(None, None, None)


def ai_seats_to_decide(result: ActResult) -> list[int]:
    """The seats an AI holds among those that must decide in this position."""
    if result.match.status is not Status.ACTIVE:
        return []
    return [seat for seat in result.to_decide if result.match.seats[seat].ai_level]


class AiTurns:
    """Runs the AI's decisions for every match that needs one, one driver task per match."""

    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        thinker: Thinker,
        publish: Publisher,
        *,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.client = client
        self.service = service
        self.thinker = thinker
        self.publish = publish
        self._sleep = sleep
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    def kick(self, result: ActResult) -> None:
        """Make sure a driver runs for this match if an AI must decide in ``result``'s position, or a reaction
        window is open (players who chose auto-pass answer it at once)."""
        match_id = result.match.id
        if not ai_seats_to_decide(result) and not (result.windows and result.match.status is Status.ACTIVE):
            return
        running = self._drivers.get(match_id)
        if running is not None and not running.done():
            return
        task = asyncio.create_task(self._drive(match_id), name=f"ai-{match_id}")
        self._drivers[match_id] = task
        task.add_done_callback(
            lambda done: self._drivers.pop(match_id, None) if self._drivers.get(match_id) is done else None
        )

    async def resume(self) -> int:
        """After a (re)start: drive every active match whose next decision belongs to an AI; with a shared
        database, also sweep for matches whose driving process died, from now on."""
        waiting = await self.service.awaiting_ai()
        for result in waiting:
            self.kick(result)
        if self.service.store.shared and self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="ai-sweeper")
        return len(waiting)

    async def sweep(self) -> int:
        """Take up the matches whose AI another process was driving when it died (its lease lapsed)."""
        taken = 0
        for name in await self.service.lapsed(LEASE_PREFIX):
            if not await self.service.hold(name):
                continue  # another process's sweep was first
            await self.service.let_go(name)  # cleared: the driver takes it afresh, if there is anything to drive
            try:
                self.kick(await self.service.position(name.removeprefix(LEASE_PREFIX)))
            except EngineError:  # ended or gone meanwhile: nothing to drive
                continue
            taken += 1
        return taken

    async def _sweep_forever(self) -> None:
        while True:
            await self._sleep(LEASE_HOLD.total_seconds())
            try:
                await self.sweep()
            except Exception:
                log.exception("the AI sweep failed; trying again later")

    async def close(self) -> None:
        """Stop every driver (at shutdown): a decision not yet played is resumed after the next start."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
            self._sweeper = None
        drivers = list(self._drivers.values())
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no driver is running (tests and shutdown)."""
        while self._drivers:
            await asyncio.gather(*list(self._drivers.values()), return_exceptions=True)

    async def _drive(self, match_id: str) -> None:
        """Play the AI's decisions until a human must decide or the match ends, holding the match's lease (so
        no other process drives it meanwhile)."""
        lease = LEASE_PREFIX + match_id
        if not await self.service.hold(lease):
            return  # another process drives it
        try:
            await self._drive_held(match_id, lease)
        finally:
            with contextlib.suppress(Exception):  # a lease not given up lapses by itself
                await self.service.let_go(lease)

    async def _drive_held(self, match_id: str, lease: str) -> None:
        try:
            while await self.service.hold(lease):  # renewed at every decision
                try:
                    passed = await self.service.auto_pass(match_id)
                except StaleVersion:  # someone answered meanwhile: look again
                    continue
                if passed is not None:
                    await self.publish(passed)
                    continue
                result = await self.service.position(match_id)
                seats = ai_seats_to_decide(result)
                if not seats:
                    return
                played = await self._decide(result, seats[0])
                if played is not None:
                    await self.publish(played)
        except EngineError as error:
            log.info("AI driver of match %s stopped: %s", match_id, error)
        except Exception:
            log.exception("AI driver of match %s failed", match_id)

    async def _decide(self, result: ActResult, seat: int) -> ActResult | None:
        """Think about the current position and play; ``None`` if the position changed meanwhile."""
        match = result.match
        game = get_game(match.game)
        state, seed = await self.service.search_position(match.id, seat)
        level = match.seats[seat].ai_level or "easy"
        channel = self.client.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        async with _thinking(channel):
            key = await self.thinker(game.meta.id, game.state_to_json(state), seat, level, seed)
        try:
            return await self.service.play(match.id, seat, key, version=match.version, as_ai=True)
        except StaleVersion:
            return None
