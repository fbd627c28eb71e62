"""The local sandbox: the real bot against SimCord's simulated Discord, shown in a browser on 127.0.0.1.

``make run`` without a token lands here: a server with a ``#games`` channel and two players, Alice and Bob;
the preview page lets you switch "Viewing as" between them and play a whole match without Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from engine.service import MatchService

from .app import ChangelingBot, build_bot
from .settings import Settings

WELCOME = (
    "**Welcome to the Changeling sandbox.** This is a pretend Discord server on your machine: nothing leaves it.\n"
    "- Start a match: type `/game new` here as Alice and pick a game (add `ai:` to play against the computer).\n"
    "- Play the other side: switch *Viewing as* to Bob and press **Join**, then Alice presses **Start**.\n"
    "- On the board, **Take turn** opens your move picker; `/game list` shows the games, `/game rules` their rules.\n"
    "- After a match: `/game stats`, `/game leaderboard`, `/game history`, `/game replay`; `/game mine` lists your "
    "running matches and `/game help` every command."
)


@dataclass(frozen=True, slots=True)
class SandboxWorld:
    """The simulated server the sandbox sets up, for the browser and for scripted smoke tests."""

    env: simcord.Env
    bot: ChangelingBot
    guild: Any
    channel: Any
    alice: Any
    bob: Any


@asynccontextmanager
async def sandbox(settings: Settings, database: Path) -> AsyncIterator[SandboxWorld]:
    """Start the bot in a simulated Discord with a server, a ``#games`` channel and two players."""
    async with await MatchService.open(database) as service:
        bot = build_bot(settings, service)
        async with simcord.run(bot, shard_count=1) as env:
            guild = env.create_guild("Changeling Sandbox")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice", global_name="Alice"))
            bob = guild.add_member(env.create_user("bob", global_name="Bob"))
            await welcome(bot, channel.id)
            yield SandboxWorld(env, bot, guild, channel, alice, bob)


async def welcome(bot: ChangelingBot, channel_id: int) -> None:
    """The bot's first message in ``#games``: how to start, so the page never opens on an empty channel."""
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    await channel.send(WELCOME)  # type: ignore[union-attr]


async def run_sandbox(settings: Settings, *, port: int | None = None) -> None:
    """Serve the sandbox until the page's "End preview session" or Ctrl+C."""
    with tempfile.TemporaryDirectory(prefix="changeling-sandbox-") as folder:
        async with (
            sandbox(settings, Path(folder) / "sandbox.db") as world,
            world.env.preview(world.channel, viewers=[world.alice, world.bob], layout="channel", port=port) as page,
        ):
            print("Changeling sandbox is running (no Discord token set, so nothing leaves this machine).")
            print(f"Open {page.url} in a browser.")
            print("Type /game new in #games as Alice, then switch 'Viewing as' to Bob to join.")
            print("Stop with Ctrl+C, or press 'End preview session' on the page.")
            with contextlib.suppress(asyncio.CancelledError):
                await page.wait_closed()
