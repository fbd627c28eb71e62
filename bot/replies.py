"""Private replies and friendly errors: the one way the bot answers a single user.

Every refusal and every error reaches the user privately (ephemeral), whether or not the interaction was
already deferred; the full trace goes to the log and never to the user.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec

import discord

from engine import EngineError

log = logging.getLogger("changeling.bot")

P = ParamSpec("P")
Flow = Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]

SORRY = "Something went wrong on our side, and nothing was changed. Please try again in a moment."


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Answer ``interaction``: the first response if none was sent yet, otherwise a follow-up."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if content is not None:
        kwargs["content"] = content
    if embed is not None:
        kwargs["embed"] = embed
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)
    if view is not None:
        # Our components are DynamicItems, dispatched by custom id whatever view object sent them; discord.py
        # gives a view in an ephemeral message a 15-minute timeout task, which would only pile up. Release it.
        view.stop()


async def refuse(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why their action did nothing: the engine's own words, or a generic apology."""
    if isinstance(error, EngineError):
        text = str(error)
    else:
        log.error("interaction failed", exc_info=error)
        text = SORRY
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not deliver an error message to user %s", interaction.user.id, exc_info=True)


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel or to one message in it."""
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


def guarded(flow: Flow[P]) -> Flow[P]:
    """Turn any failure of a flow into a private, friendly answer (and a logged trace if unexpected)."""

    @functools.wraps(flow)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await flow(self, interaction, *args, **kwargs)
        except Exception as error:  # every failure must reach the user as a message
            await refuse(interaction, error)

    return wrapper
