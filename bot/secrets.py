"""Secrets reach only their owner: by DM, and always through the private **My secrets** button.

A DM can fail (the user closed DMs from server members: error 50007). The match never waits on a DM: the
player is told in the channel, without the secret, to use **My secrets**, which answers ephemerally, and no
further DM of that match is tried for them (each try would be one more refused request, and a drawn image).
"""

from __future__ import annotations

import logging

import discord

from engine import get_game
from engine.matches import ActResult, MatchInfo
from engine.service import MatchService

from .posts import board_file, extra_labels

log = logging.getLogger("changeling.bot")

CLOSED_DMS_STATUS, CLOSED_DMS_CODE = 403, 50007  # Discord's refusal: the user takes no DMs from us
DM_CLOSED_NOTICE = (
    "<@{user}>, I couldn't send you a direct message. Your secrets are safe: use **My secrets** on the board "
    "(or `/game secret`) to see them privately."
)


class SecretCourier:
    """Delivers private log lines and private views, and reports (publicly, secret-free) when it cannot."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self.client = client
        self.service = service
        self._told: set[tuple[str, int]] = set()  # (match, user) whose DMs were refused, and who were told

    async def greet(self, result: ActResult) -> None:
        """At the start of a hidden-information match, DM every human holder of a seat their private view."""
        match = result.match
        if not get_game(match.game).meta.hidden_information:
            return
        for user_id in match.user_ids:
            lines = await self._private_lines(match, user_id)
            await self._send(match, user_id, "\n".join(["Your match has started. Keep this to yourself:", *lines]))

    async def deliver(self, result: ActResult) -> None:
        """DM each seat's owner the private lines the last decision gave them."""
        match = result.match
        for seat, lines in result.private_log.items():
            user_id = match.seats[seat].user_id if 0 <= seat < match.players else None
            if user_id is not None and lines:
                await self._send(match, user_id, "\n".join(lines))
        if not match.status.open:  # the match is over: forget whose DMs were refused
            self._told = {(m, u) for m, u in self._told if m != match.id}

    async def _send(self, match: MatchInfo, user_id: int, text: str) -> None:
        if (match.id, user_id) in self._told:  # refused before in this match: the secret stays one button away
            return
        game = get_game(match.game)
        seat = match.seat_of(user_id)
        view = await self.service.view_for(match.id, user_id)
        embed = discord.Embed(title=f"{game.meta.title}: your secrets (match {match.id})", description=text[:4000])
        file = None
        if view is not None and game.meta.hidden_information:
            file = board_file(view, caption=None, orientation=seat)
            embed.set_image(url="attachment://board.png")
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(embed=embed, **({"file": file} if file else {}))
        except discord.HTTPException as error:
            log.info("DM to user %s failed (%s)", user_id, getattr(error, "code", "?"))
            if error.status == CLOSED_DMS_STATUS or error.code == CLOSED_DMS_CODE:
                await self._tell_dm_closed(match, user_id)

    async def _tell_dm_closed(self, match: MatchInfo, user_id: int) -> None:
        if (match.id, user_id) in self._told:
            return
        self._told.add((match.id, user_id))
        channel = self.client.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        await channel.send(DM_CLOSED_NOTICE.format(user=user_id), allowed_mentions=discord.AllowedMentions(users=True))

    async def _private_lines(self, match: MatchInfo, user_id: int) -> list[str]:
        """The log lines that read differently for this user's seats than for everyone else."""
        seats = match.seats_of(user_id)
        if not seats or match.key is None:
            return []
        return await self.service.private_lines(match.id, seats)

    @staticmethod
    def _nothing_logged(match: MatchInfo) -> str:
        """What My secrets says before any private line: a hand is a secret even when nothing was logged yet."""
        hand = extra_labels(match.game).get("hand")
        if hand is not None:
            return f"Your cards are behind **{hand}**; no other secret of yours has come up yet."
        return "You hold no secrets in this match: the board shows all you know."

    async def private_view(self, match: MatchInfo, user_id: int) -> tuple[discord.Embed, discord.File | None]:
        """**My secrets**: the caller's own view and private lines, for an ephemeral reply."""
        game = get_game(match.game)
        seat = match.seat_of(user_id)
        if seat is None:
            return discord.Embed(
                description="You're not playing in this match, so there are no secrets of yours here."
            ), None
        view = await self.service.view_for(match.id, user_id)
        names = game.seat_names(match.players)
        name = " and ".join(names[s] for s in match.seats_of(user_id))
        embed = discord.Embed(title=f"{game.meta.title}: your view as {name}")
        if game.meta.hidden_information:
            lines = await self._private_lines(match, user_id)
            embed.description = "\n".join(lines[-15:]) or self._nothing_logged(match)
        else:
            embed.description = "This game has no hidden information: here is the board from your side."
        if view is None:
            return embed, None
        embed.set_image(url="attachment://board.png")
        return embed, board_file(view, caption=None, orientation=seat)
