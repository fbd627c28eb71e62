"""The bot object. ``build_bot`` is the single place it is made, for the real run, the tests and the sandbox."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from engine.ai import worker
from engine.service import MatchService

from .ai_turns import Thinker
from .commands import build_game_group
from .components import DYNAMIC_ITEMS
from .flows import Flows
from .inputs import ID_PREFIX, claimed
from .replays import REPLAY_ITEMS
from .replies import refuse
from .scheduler import Sleep
from .settings import Settings
from .standings import STANDINGS_ITEMS

log = logging.getLogger("changeling.bot")
ITEMS = (*DYNAMIC_ITEMS, *STANDINGS_ITEMS, *REPLAY_ITEMS)
TEMPLATES = tuple(item.__discord_ui_compiled_template__ for item in ITEMS)

# Changeling has no voice features; don't warn at every start that voice libraries are missing.
discord.VoiceClient.warn_nacl = False
if hasattr(discord.VoiceClient, "warn_dave"):
    discord.VoiceClient.warn_dave = False


class ChangelingBot(commands.AutoShardedBot):
    """discord.py's sharding-ready bot with our resources passed in, never created inside."""

    def __init__(
        self,
        *,
        settings: Settings,
        service: MatchService,
        thinker: Thinker = worker.think,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.settings = settings
        self.service = service
        self.flows = Flows(self, service, thinker, sleep=sleep)
        self._resumed = False

    async def setup_hook(self) -> None:
        """Register the persistent components and the command group, then sync the commands (from the process
        holding shard 0 only: the commands are the application's, not a shard's)."""
        self.add_dynamic_items(*ITEMS)
        self.tree.add_command(build_game_group(self.flows))
        self.tree.on_error = self.on_app_command_error
        if not self.settings.syncs_commands:
            return
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        """Once per process: AI seats whose turn it was when the bot stopped take it now, and the clock
        scheduler starts (its first pass picks up whatever came due while the bot was down)."""
        if not self._resumed:
            self._resumed = True
            self.flows.clocks.scheduler.start()
            resumed = await self.flows.ai.resume()
            log.info("ready; clock scheduler started; resumed the AI in %d matches", resumed)

    async def close(self) -> None:
        await self.flows.clocks.scheduler.stop()
        await self.flows.ai.close()
        await super().close()
        worker.shutdown(wait=False)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a ``chg:`` component that none of today's claims (a button of an older version of the bot,
        or a forged id) would go unanswered, and Discord would say "This interaction failed": answer it."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith(ID_PREFIX) and not claimed(custom_id, TEMPLATES):
            await self.flows.outdated(interaction)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Errors that escape a command (bad arguments, checks) still reach the user as a private message."""
        await refuse(interaction, getattr(error, "original", error))


def build_bot(
    settings: Settings, service: MatchService, *, thinker: Thinker = worker.think, sleep: Sleep = asyncio.sleep
) -> ChangelingBot:
    """The bot, configured but not connected. ``thinker`` chooses the AI's moves (a worker process by default);
    ``sleep`` is how the clock scheduler waits (the service's clock tells it the time)."""
    return ChangelingBot(settings=settings, service=service, thinker=thinker, sleep=sleep)
