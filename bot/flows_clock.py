"""Correspondence play in Discord: the lobby's clock, reminders, expiries, vacations and settings.

The service decides and stores everything (``engine.correspondence``); this module shows it. Work that comes
due (a reminder, a deadline passing, a vacation ending) arrives from the scheduler already committed, with a
stored job this process holds; it goes out through the throttled outbox, one message per job, and the stored
job is finished after the last message (a process that dies first leaves it to another).
"""

from __future__ import annotations

import asyncio
import functools
import logging

import discord

from engine import get_game
from engine.clocks import Expired, Reminder, timestamp
from engine.correspondence import DueWork, two_sided
from engine.matches import MatchInfo, Status
from engine.players import Vacation
from engine.service import MatchService

from .components import TimeoutButton
from .inputs import one_value
from .poster import Poster
from .posts import plural
from .replies import guarded, reply
from .scheduler import Job, Outbox, Scheduler, Sleep

log = logging.getLogger("changeling.bot")
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)
CHOSEN = {
    "claim": "claimed the win",
    "skip": "skipped {seat}'s turn: the AI makes its decisions this turn",
    "autopilot": "let the AI play {seat} until its player is back",
}


def when(moment_ts: int) -> str:
    """A Discord timestamp, relative and in full: each reader sees their own time zone."""
    return f"<t:{moment_ts}:R> (<t:{moment_ts}:f>)"


class ClockFlows:
    """Clock behaviour of the bot; owns the scheduler and its outbox."""

    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        poster: Poster,
        *,
        sleep: Sleep = asyncio.sleep,
        rate: float = 2.0,
        burst: int = 4,
    ) -> None:
        self.client = client
        self.service = service
        self.poster = poster
        self.outbox = Outbox(self.service.now, sleep, rate=rate, burst=burst)
        self.scheduler = Scheduler(self.service, self.on_due, sleep=sleep)

    # -- lobby ----------------------------------------------------------------------------------------------

    @guarded
    async def set_clock(
        self,
        interaction: discord.Interaction,
        match_id: str,
        *,
        presets: list[str] | None = None,
        expiries: list[str] | None = None,
    ) -> None:
        """The lobby's clock select (``presets``) or its "when time runs out" select (``expiries``): one value."""
        preset = None if presets is None else one_value(presets)
        expiry = None if expiries is None else one_value(expiries)
        match = await self.service.lobby.set_clock(match_id, interaction.user.id, preset=preset, expiry=expiry)
        await self.poster.refresh_lobby(interaction, match, None)

    # -- a seat ran out of time: the other players choose -----------------------------------------------------

    @guarded
    async def resolve(
        self, interaction: discord.Interaction, match_id: str, seat: int, version: int, action: str
    ) -> None:
        await interaction.response.defer()
        result = await self.service.clocks.resolve_expiry(match_id, interaction.user.id, seat, version, action)
        name = get_game(result.match.game).seat_names(result.match.players)[seat]
        chosen = CHOSEN[action].format(seat=name)
        await interaction.edit_original_response(
            content=f"⌛ {name} ran out of time: <@{interaction.user.id}> {chosen}.", view=None
        )
        await self.poster.announce(interaction, result, actor=interaction.user.id)

    # -- vacation and settings --------------------------------------------------------------------------------

    @guarded
    async def vacation(self, interaction: discord.Interaction, days: int | None) -> None:
        """``/game vacation``: ``days`` 1–30 starts one, 0 ends it early, nothing shows where things stand."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        now = self.service.now()
        if days is None:
            player = await self.service.players.player(user_id)
            left = player.days_left(now.year)
            if player.on_vacation(now) and player.vacation_until is not None:
                status = f"You are on vacation until {when(timestamp(player.vacation_until))}."
            else:
                status = "You are not on vacation."
            await reply(interaction, f"{status} Vacation days left this year: {left} of 30.")
            return
        if days == 0:
            vacation = await self.service.players.end_vacation(user_id)
            await reply(
                interaction,
                f"Welcome back! Your clocks run again in {plural(len(vacation.matches), 'match')}. "
                f"Vacation days left this year: {vacation.days_left}.",
            )
        else:
            vacation = await self.service.players.start_vacation(user_id, days)
            await reply(
                interaction,
                f"Enjoy your break! Your clocks are paused in {plural(len(vacation.matches), 'correspondence match')} "
                f"until {when(timestamp(vacation.until))}. End it early with `/game vacation days:0`. "
                f"Vacation days left this year: {vacation.days_left}.",
            )
        self._tell_vacation(vacation, away=days != 0)

    def _tell_vacation(self, vacation: Vacation, *, away: bool) -> None:
        for match in vacation.matches:
            if away:
                text = (
                    f"🏖️ <@{vacation.user_id}> is on vacation until {when(timestamp(vacation.until))}: "
                    f"their clock in this match is paused until then."
                )
            else:
                text = f"👋 <@{vacation.user_id}> is back from vacation: their clock in this match runs again."
            self.outbox.put(f"vacation {match.id}", functools.partial(self._say, match, text))

    @guarded
    async def settings(
        self,
        interaction: discord.Interaction,
        reminders: str | None,
        autopass: bool | None = None,
        hidden: bool | None = None,
    ) -> None:
        """``/game settings``: where reminders reach the player (a mention in the channel, or a DM), whether
        reaction windows are declined at once for them (auto-pass), and whether the leaderboards list them."""
        if reminders is not None:
            await self.service.players.set_reminders(interaction.user.id, reminders)
        if autopass is not None:
            await self.service.players.set_auto_pass(interaction.user.id, autopass)
        if hidden is not None:
            await self.service.players.set_hidden(interaction.user.id, hidden)
        player = await self.service.players.player(interaction.user.id)
        how = "by direct message" if player.remind_by == "dm" else "with a mention in the match's channel"
        passes = "are declined at once (auto-pass)" if player.auto_pass else "wait for your answer"
        listed = (
            "You are kept off the leaderboards (your matches are still rated, and anyone may still ask for your stats)"
            if player.hidden
            else "The leaderboards list you"
        )
        await reply(
            interaction,
            f"Reminders before a deadline reach you {how}. Chances to react on others' turns {passes}. "
            f"{listed}. Change them with `/game settings`.",
        )

    # -- due work from the scheduler --------------------------------------------------------------------------

    def on_due(self, work: DueWork) -> None:
        """Queue what came due: each job is about one message, sent at the outbox's pace. Once the last has run,
        the work's stored job is finished; if this process dies first, another takes the job over."""
        match = work.match
        jobs: list[tuple[str, Job]] = []
        for reminder in work.reminders:
            jobs.append((f"remind {match.id}", functools.partial(self._remind, match, reminder)))
        for expired in work.asks:
            jobs.append((f"ask {match.id}", functools.partial(self._ask, match, expired)))
        if work.result is not None:
            jobs.append((f"expire {match.id}", functools.partial(self.poster.publish, work.result)))
        for user_id in work.returned:
            text = f"👋 <@{user_id}>'s vacation is over: their clock in this match runs again."
            jobs.append((f"back {match.id}", functools.partial(self._say, match, text)))
        if not jobs:
            self.outbox.put(f"finish {match.id}", functools.partial(self._finish, work))
            return
        left = [len(jobs)]

        async def then_finish(job: Job) -> object:
            try:
                return await job()
            finally:
                left[0] -= 1
                if left[0] == 0:
                    await self._finish(work)

        for label, job in jobs:
            self.outbox.put(label, functools.partial(then_finish, job))

    async def _finish(self, work: DueWork) -> bool:
        await self.service.clocks.finish(work)
        return False  # nothing was sent: no token spent

    async def _say(self, match: MatchInfo, text: str, view: discord.ui.View | None = None) -> None:
        channel = self.client.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        await channel.send(text, allowed_mentions=MENTIONS, **({"view": view} if view is not None else {}))

    async def _remind(self, match: MatchInfo, reminder: Reminder) -> bool:
        """Remind the seat to move, unless it moved since (then ``False``: nothing sent); by DM if the player
        chose so, in the channel if not or if the DM fails."""
        current = await self.service.get(match.id)
        clock = current.clock.of(reminder.seat)
        user_id = reminder.user_id
        if current.status is not Status.ACTIVE or clock is None or clock.deadline != reminder.deadline:
            return False
        if user_id is None:
            return False
        game = get_game(match.game)
        name = game.seat_names(match.players)[reminder.seat]
        mark = await self.service.bookmark(match.id, "board")
        where = mark.url(match.guild_id) if mark else f"<#{match.channel_id}>"
        urgency = "time is nearly up" if reminder.level >= 2 else "about half of your time is gone"
        deadline = when(timestamp(reminder.deadline))
        text = f"⏳ <@{user_id}>, {urgency} for your move as **{name}** in {game.meta.title}: it runs out {deadline}."
        if (await self.service.players.player(user_id)).remind_by == "dm":
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                await user.send(f"{text} The board: {where}")
                return True
            except discord.HTTPException:
                log.info("reminder DM to user %s failed; reminding in the channel", user_id)
        await self._say(match, f"{text} The board: {where}")
        return True

    async def _ask(self, match: MatchInfo, expired: Expired) -> None:
        """Ask the other players what happens to a seat whose time ran out (once per deadline)."""
        game = get_game(match.game)
        name = game.seat_names(match.players)[expired.seat]
        others = [u for u in match.user_ids if u != expired.user_id]
        owner = f" (<@{expired.user_id}>)" if expired.user_id is not None else ""
        view = discord.ui.View(timeout=None)
        actions = ("claim", "skip", "autopilot") if two_sided(game, match) else ("skip", "autopilot")
        for action in actions:
            view.add_item(TimeoutButton(action, match.id, expired.seat, match.version, name))
        text = (
            f"⌛ **{name}**{owner} ran out of time in {game.meta.title}. "
            f"{' '.join(f'<@{u}>' for u in others)}: what now? {name} can still move until one of you chooses."
        )
        await self._say(match, text, view)
