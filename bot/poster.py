"""The public messages of a match: posting boards, redrawing lobbies, editing bookmarked messages.

One part of the bot owns them, so every flow (commands, buttons, clocks, the AI) posts the same way: after the
service has committed, a new board goes to the bottom of the channel, the previous one loses its buttons,
the AI is woken for its seats and private lines go out by DM.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from engine.matches import ActResult, MatchInfo
from engine.service import MatchService

from .lobby import lobby_post, settings_page_of, settings_panel
from .posts import board_file, board_post
from .replies import reply
from .secrets import SecretCourier

log = logging.getLogger("changeling.bot")
LOBBY_COMPONENTS = ("chg:join:", "chg:lobby:", "chg:opt:", "chg:optm:", "chg:ai:", "chg:clock:", "chg:expiry:")


class Poster:
    """Posts and edits a match's public messages; ``kick`` wakes the AI after each new board."""

    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        courier: SecretCourier,
        kick: Callable[[ActResult], Any],
    ) -> None:
        self.client = client
        self.service = service
        self.courier = courier
        self.kick = kick

    async def announce(self, interaction: discord.Interaction, result: ActResult, *, actor: int | None = None) -> bool:
        """Publish after a commit. The decision already counts, so a failure here must not be reported as
        "nothing changed": the user hears that it counted and how to bring the board back."""
        try:
            await self.publish(result, actor=actor)
        except Exception:
            log.exception("match %s: committed version %s but could not post it", result.match.id, result.version)
            await reply(
                interaction, "That counted, but I couldn't post the new board here. Use `/game board` to show it."
            )
            return False
        return True

    async def publish(
        self, result: ActResult, *, deliver_secrets: bool = True, actor: int | None = None, ping: bool = True
    ) -> discord.Message:
        """Post the new board at the bottom of the match's channel; the previous board loses its buttons.

        Players who must decide are mentioned, except ``actor`` (who is deciding again and already knows) and
        except when ``ping`` is off (a re-post of an unchanged position).
        """
        match = result.match
        quiet = {actor} if ping else set(result.to_decide.values())
        post = board_post(match, result.view, result.public_log, result.to_decide, quiet=quiet)
        # The image's caption: why the match ended, else the decision's last line in words.
        caption = result.outcome.reason if result.outcome else (result.public_log[-1] if result.public_log else None)
        file = board_file(result.view, caption=caption)
        channel = self.client.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        message = await channel.send(
            content=post.content,
            embed=post.embed,
            file=file,
            view=post.view,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        previous = await self.service.bookmark(match.id, "board")
        await self.service.set_bookmark(match.id, "board", match.channel_id, message.id, match.version)
        # Of two boards, the older loses its buttons; a newer one may have been posted while this one was drawn.
        outdated = message.id if previous is not None and previous.version > match.version else None
        if outdated is None and previous is not None and previous.message_id != message.id:
            outdated = previous.message_id
        if outdated is not None:
            try:
                await channel.get_partial_message(outdated).edit(view=None)
            except discord.HTTPException:
                log.info("could not strip the buttons of an old board of match %s", match.id, exc_info=True)
        self.kick(result)
        if deliver_secrets:
            try:
                await self.courier.deliver(result)
            except Exception:  # the board is posted and the decision counts; the DM can be had via My secrets
                log.exception("match %s: could not deliver private lines", match.id)
        return message

    async def refresh_lobby(self, interaction: discord.Interaction, match: MatchInfo, note: str | None) -> None:
        """Redraw the lobby: in place when a lobby component was clicked, else by editing the stored message."""
        embed, view = lobby_post(match)
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if interaction.type is discord.InteractionType.component and custom_id.startswith(LOBBY_COMPONENTS):
            message = interaction.message
            if message is not None and message.flags.ephemeral:  # the host's settings panel: it stays on its page
                content, panel = settings_panel(match, settings_page_of(match, custom_id))
                await interaction.response.edit_message(content=content, view=panel)
                await self.edit_bookmarked(match, "lobby", embed=embed, view=view)
            else:
                await interaction.response.edit_message(embed=embed, view=view)
            if note:
                await reply(interaction, note)
            return
        await reply(interaction, note or "Done.")
        await self.edit_bookmarked(match, "lobby", embed=embed, view=view)

    async def edit_bookmarked(self, match: MatchInfo, kind: str, **changes: Any) -> None:
        """Edit the match's last ``kind`` message ("board", "lobby"), if there is one; a failure is only logged."""
        mark = await self.service.bookmark(match.id, kind)
        if mark is None:
            return
        channel = self.client.get_partial_messageable(mark.channel_id)
        try:
            await channel.get_partial_message(mark.message_id).edit(**changes)
        except discord.HTTPException:
            log.info("could not edit the %s message of match %s", kind, match.id, exc_info=True)
