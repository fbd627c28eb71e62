"""The public messages of a match: posting boards, redrawing lobbies, editing bookmarked messages.

One part of the bot owns them, so every flow (commands, buttons, clocks, the AI) posts the same way: after the
service has committed, the board is shown, the AI is woken for its seats and private lines go out by DM.

A board is *edited in place* while the same seats keep deciding (a Wars turn's move then transform, a
Swartzblak side's several actions) and the message is under an hour old: its text gathers the turn's lines
and nobody is pinged again. A new board goes to the bottom of the channel, and the previous one loses its
buttons, when the deciders change, the match ends, or the old message has scrolled away in time. What the
board last showed is remembered in this process only; after a restart, or in another process, the next
decision simply posts a new board.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

from engine.core import View
from engine.matches import ActResult, MatchInfo, Status
from engine.service import MatchService

from .lobby import lobby_post, settings_page_of, settings_panel
from .posts import board_file, board_post
from .replies import reply
from .secrets import SecretCourier

log = logging.getLogger("changeling.bot")
EDIT_WINDOW = timedelta(hours=1)  # an older board is not edited: players would not look back for it
DESCRIPTION_LIMIT = 4000  # below Discord's 4096 characters of an embed description
SHOWN_LIMIT = 10_000  # boards remembered for editing (one per active match)
LOBBY_COMPONENTS = ("chg:join:", "chg:lobby:", "chg:opt:", "chg:optm:", "chg:ai:", "chg:clock:", "chg:expiry:")


@dataclass(frozen=True)
class Shown:
    """What a match's current board message shows: for deciding whether the next decision edits it."""

    message_id: int
    to_decide: Mapping[int, int | None]
    lines: tuple[str, ...]
    posted_at: datetime
    view: View | None = None  # the public view drawn on it


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
        self._shown: OrderedDict[str, Shown] = OrderedDict()  # match id → its board, bounded (SHOWN_LIMIT)

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
    ) -> discord.Message | None:
        """Show the new position: edit the current board while the same seats keep deciding, else post a new
        board at the bottom of the channel (the previous one loses its buttons); leave it as it is when it
        already shows the position (``None``).

        Players who must decide are mentioned on a new board, except ``actor`` (who is deciding again and
        already knows) and except when ``ping`` is off (a re-post of an unchanged position).
        """
        match = result.match
        shown = await self._editable(result) if ping else None
        if shown is not None and self._unchanged(shown, result):
            await self._after_board(result, deliver_secrets)
            return None  # a decision nobody else can see (a stage of a Metamorph move): the board stands
        lines = (*shown.lines, *result.public_log) if shown else result.public_log
        quiet = {actor} if ping else set(result.to_decide.values())
        ratings = await self.service.standings.change_of(match.id) if match.status is Status.ENDED else None
        post = board_post(match, result.view, lines, result.to_decide, quiet=quiet, ratings=ratings)
        # The image's caption: why the match ended, else the decision's last line in words.
        caption = result.outcome.reason if result.outcome else (result.public_log[-1] if result.public_log else None)
        file = board_file(result.view, caption=caption)
        channel = self.client.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        message = None
        if shown is not None:
            try:
                message = await channel.get_partial_message(shown.message_id).edit(
                    embed=post.embed, attachments=[file], view=post.view
                )
            except discord.HTTPException:  # gone or not ours to edit: a new board instead
                log.info("could not edit the board of match %s; posting a new one", match.id, exc_info=True)
                file = board_file(result.view, caption=caption)
                shown = None
        if message is None:
            message = await channel.send(
                content=post.content,
                embed=post.embed,
                file=file,
                view=post.view,
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            )
            await self._retire_previous(match, channel, message.id)
        posted_at = shown.posted_at if shown else self.service.now()
        self._remember(result, Shown(message.id, dict(result.to_decide), lines, posted_at, result.view))
        await self.service.set_bookmark(match.id, "board", match.channel_id, message.id, match.version)
        await self._after_board(result, deliver_secrets)
        return message

    @staticmethod
    def _unchanged(shown: Shown, result: ActResult) -> bool:
        """Whether the board ``shown`` already shows ``result``: no public line, the same public view, the same
        seats deciding (``_editable`` checked those). Such a decision is not drawn again: the image and its
        text would be the same, and a player picking a move in stages would see the board flicker."""
        return not result.public_log and shown.view is not None and shown.view == result.view

    async def _after_board(self, result: ActResult, deliver_secrets: bool) -> None:
        """Wake the AI for its seats and send the private lines, once the board is up to date."""
        self.kick(result)
        if deliver_secrets:
            try:
                await self.courier.deliver(result)
            except Exception:  # the board is posted and the decision counts; the DM can be had via My secrets
                log.exception("match %s: could not deliver private lines", result.match.id)

    async def _editable(self, result: ActResult) -> Shown | None:
        """The board to edit for ``result``, if the same seats decide as when it was shown, the match goes on,
        the board is still the match's current one and recent, and the turn's text still fits."""
        match = result.match
        shown = self._shown.get(match.id)
        if shown is None or result.outcome is not None or not result.to_decide:
            return None
        if dict(result.to_decide) != shown.to_decide or self.service.now() - shown.posted_at > EDIT_WINDOW:
            return None
        if len("\n".join((*shown.lines, *result.public_log))) > DESCRIPTION_LIMIT:
            return None
        mark = await self.service.bookmark(match.id, "board")
        if mark is None or mark.message_id != shown.message_id or mark.version > match.version:
            return None
        return shown

    async def _retire_previous(self, match: MatchInfo, channel: Any, posted: int) -> None:
        """Of two boards, the older loses its buttons; a newer one may have been posted while this one was drawn."""
        previous = await self.service.bookmark(match.id, "board")
        outdated = posted if previous is not None and previous.version > match.version else None
        if outdated is None and previous is not None and previous.message_id != posted:
            outdated = previous.message_id
        if outdated is not None:
            try:
                await channel.get_partial_message(outdated).edit(view=None)
            except discord.HTTPException:
                log.info("could not strip the buttons of an old board of match %s", match.id, exc_info=True)

    def _remember(self, result: ActResult, shown: Shown) -> None:
        match_id = result.match.id
        if not result.match.status.open:
            self._shown.pop(match_id, None)
            return
        self._shown[match_id] = shown
        self._shown.move_to_end(match_id)
        while len(self._shown) > SHOWN_LIMIT:
            self._shown.popitem(last=False)

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
