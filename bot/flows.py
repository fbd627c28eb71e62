"""What each command and button does, written once: slash commands and components both call ``Flows``.

Every flow follows the same order: acknowledge within Discord's 3 seconds (deferring when work may take
longer), call the service (which commits before returning), then answer and post. A refusal or error goes
to the user privately through ``replies.refuse`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from engine import EngineError, GameOver, IllegalAction, NotYourTurn, get_game
from engine.core import Choice, Step
from engine.matches import ActResult, MatchInfo, NotAPlayer, NotHost, NotInLobby, Status
from engine.service import MatchService

from .ai_turns import AiTurns, Thinker
from .catalog import offered_games
from .components import ConfirmButton, RulesButton
from .flows_clock import ClockFlows
from .inputs import OUTDATED, UnreadableInput, ai_seat_value, match_ids_in, one_value
from .lobby import lobby_post, settings_panel
from .poster import Poster
from .posts import decision_token, extra_file, extra_labels, result_text, seat_line, step_view
from .replays import ReplayFlows
from .replies import guarded, reply
from .rules import rule_pages
from .scheduler import Sleep
from .secrets import SecretCourier
from .standings import StandingsFlows

log = logging.getLogger("changeling.bot")


class NoMatchHere(EngineError):
    def __init__(self) -> None:
        super().__init__("There is no game in this channel. Start one with `/game new`.")


class Flows:
    """The bot's behaviour, given the service; no game rules live here. It holds the parts that post boards
    (``Poster``), run clocks (``ClockFlows``) and carry secrets (``SecretCourier``), and the flow of every
    command and button."""

    def __init__(
        self, client: discord.Client, service: MatchService, thinker: Thinker, *, sleep: Sleep = asyncio.sleep
    ) -> None:
        self.client = client
        self.service = service
        self.courier = SecretCourier(client, service)
        self.poster = Poster(client, service, self.courier, kick=self._wake_ai)
        self.ai = AiTurns(client, service, thinker, self.poster.publish, sleep=sleep)
        self.clocks = ClockFlows(client, service, self.poster, sleep=sleep)
        self.standings = StandingsFlows(service)
        self.replays = ReplayFlows(service)

    def _wake_ai(self, result: ActResult) -> None:
        """After each new board: the AI takes its seats' turns (the poster and the AI publish through each
        other, so the poster is handed this instead of the AI itself)."""
        self.ai.kick(result)

    # -- lobby ------------------------------------------------------------------------------------------------

    @guarded
    async def new(
        self,
        interaction: discord.Interaction,
        game_id: str,
        ai_level: str | None = None,
        seat: int = 0,
        *,
        players: int | None = None,
        rated: bool = True,
    ) -> None:
        """Open a lobby in this channel with ``players`` seats and the host in ``seat`` (and the AI in every
        other seat for solo play); the lobby is the reply. Without a count, a lobby for people has the game's
        most seats (empty ones are dropped at the start), one the AI fills the game's natural count: asking
        for ``ai:`` alone must not sit you at a table of five computers."""
        if players is None and ai_level:
            meta = get_game(game_id).meta
            players = min(max(meta.natural_players, seat + 1), meta.max_players)  # room for the seat asked for
        match = await self.service.lobby.create(
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            game_id=game_id,
            guild_id=interaction.guild_id,
            host_seat=seat,
            players=players,
            rated=rated,
        )
        for other in range(match.players) if ai_level else ():
            if other != seat:
                match = await self.service.lobby.seat_ai(match.id, interaction.user.id, ai_level, other)
        await self._post_lobby(interaction, match)

    async def _channel_match(self, interaction: discord.Interaction) -> MatchInfo:
        match = await self.service.in_channel(interaction.channel_id)
        if match is None:
            raise NoMatchHere()
        return match

    @guarded
    async def join(
        self, interaction: discord.Interaction, match_id: str | None, seat: int | None, *, hotseat: bool = False
    ) -> None:
        """Take a seat (the first free one if ``seat`` is ``None``); ``match_id`` ``None``: this channel's.
        ``hotseat``: keep the seats already held and take this one too (where the game allows it)."""
        match_id = match_id or (await self._channel_match(interaction)).id
        held = (await self.service.get(match_id)).seats_of(interaction.user.id)
        match = await self.service.lobby.join(match_id, interaction.user.id, seat, hotseat=hotseat)
        game = get_game(match.game)
        mine = match.seats_of(interaction.user.id)
        now = [s for s in mine if s not in held] or list(mine)
        verb = "You also took" if held and hotseat else "You moved to" if held else "You joined as"
        await self.poster.refresh_lobby(interaction, match, f"{verb} {seat_line(game, match, now[0])}.")

    @guarded
    async def leave(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        match_id = match_id or (await self._channel_match(interaction)).id
        match = await self.service.lobby.leave(match_id, interaction.user.id)
        await self.poster.refresh_lobby(interaction, match, "You left the lobby.")

    @guarded
    async def set_ai(self, interaction: discord.Interaction, match_id: str, values: list[str]) -> None:
        """The lobby's AI select (a value ``seat:level``): put an AI of ``level`` in ``seat``, or open the seat
        (``open``)."""
        match = await self.service.get(match_id)
        seat, level = ai_seat_value(one_value(values), match.players)
        if level == "open":
            match = await self.service.lobby.clear_seat(match_id, interaction.user.id, seat)
        else:
            if match.seats[seat].ai_level is not None:
                await self.service.lobby.clear_seat(match_id, interaction.user.id, seat)
            match = await self.service.lobby.seat_ai(match_id, interaction.user.id, level, seat)
        await self.poster.refresh_lobby(interaction, match, None)

    @guarded
    async def set_option(
        self, interaction: discord.Interaction, match_id: str, name: str, values: list[str], *, multi: bool = False
    ) -> None:
        """A lobby option's select: several values of a list (``multi``), else exactly one."""
        value = list(values) if multi else one_value(values)
        match = await self.service.lobby.set_options(match_id, interaction.user.id, {name: value})
        await self.poster.refresh_lobby(interaction, match, None)

    @guarded
    async def open_settings(self, interaction: discord.Interaction, match_id: str, page: int) -> None:
        """The host's private settings panel (or another page of it, in place)."""
        match = await self.service.get(match_id)
        if interaction.user.id != match.host_id:
            raise NotHost("change the settings")
        if match.status is not Status.LOBBY:
            raise NotInLobby()
        content, view = settings_panel(match, page)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await reply(interaction, content, view=view)

    @guarded
    async def solo(self, interaction: discord.Interaction, match_id: str) -> None:
        """**Play solo**: the host takes a second seat under the game's solo options, and the match starts."""
        await self.service.lobby.solo(match_id, interaction.user.id)
        await self.start(interaction, match_id)

    @guarded
    async def start(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        match_id = match_id or (await self._channel_match(interaction)).id
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.start(match_id, interaction.user.id)
        embed, _ = lobby_post(result.match)
        embed.title = f"Started: {get_game(result.match.game).meta.title}"
        embed.set_footer(text=f"Match {result.match.id} · the board is below")
        await self.poster.edit_bookmarked(result.match, "lobby", embed=embed, view=None)
        await reply(interaction, "The match has started.")
        if await self.poster.announce(interaction, result):
            try:
                await self.courier.greet(result)
            except Exception:  # the match has started; secrets stay available through My secrets
                log.exception("match %s: could not greet the players privately", result.match.id)

    # -- ending -----------------------------------------------------------------------------------------------

    @guarded
    async def confirm_resign(self, interaction: discord.Interaction) -> None:
        match = await self._channel_match(interaction)
        if not match.seats_of(interaction.user.id):
            raise NotAPlayer()
        view = discord.ui.View(timeout=None).add_item(ConfirmButton("resign", match.id))
        await reply(interaction, "Resign this match? Your opponents win.", view=view)

    @guarded
    async def confirm_abort(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        match = await self.service.get(match_id) if match_id else await self._channel_match(interaction)
        self._check_may_abort(interaction, match)
        view = discord.ui.View(timeout=None).add_item(ConfirmButton("abort", match.id))
        what = "Cancel this lobby?" if match.status is Status.LOBBY else "End this match without a result?"
        await reply(interaction, what, view=view)

    @staticmethod
    def _may_moderate(interaction: discord.Interaction) -> bool:
        permissions = getattr(interaction, "permissions", None)
        return bool(permissions and permissions.manage_messages)

    def _check_may_abort(self, interaction: discord.Interaction, match: MatchInfo) -> None:
        if interaction.user.id != match.host_id and not self._may_moderate(interaction):
            raise EngineError("Only the host, or someone who can manage messages here, can end this match.")

    @guarded
    async def resign(self, interaction: discord.Interaction, match_id: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.resign(match_id, interaction.user.id)
        await reply(interaction, "You resigned.")
        await self.poster.announce(interaction, result)

    @guarded
    async def abort(self, interaction: discord.Interaction, match_id: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        was = await self.service.get(match_id)
        self._check_may_abort(interaction, was)
        match = await self.service.abort(match_id, interaction.user.id, moderator=self._may_moderate(interaction))
        await reply(interaction, "Done: the match is closed.")
        if was.status is Status.LOBBY:
            embed = discord.Embed(title="Lobby cancelled", description=f"<@{interaction.user.id}> cancelled it.")
            await self.poster.edit_bookmarked(match, "lobby", embed=embed, view=None)
            return
        await self.poster.edit_bookmarked(match, "board", view=None)
        channel = self.client.get_partial_messageable(match.channel_id)
        game = get_game(match.game)
        try:
            await channel.send(
                f"**{game.meta.title}** (match {match.id}) was ended by <@{interaction.user.id}>, without a result."
            )
        except discord.HTTPException:  # the match is closed all the same; the user was told so above
            log.info("match %s: could not announce the abort", match.id, exc_info=True)

    @guarded
    async def rematch(self, interaction: discord.Interaction, match_id: str) -> None:
        await self._post_lobby(interaction, await self.service.lobby.rematch(match_id, interaction.user.id))

    async def _post_lobby(self, interaction: discord.Interaction, match: MatchInfo) -> None:
        """Answer with the new lobby and remember it; the lobby exists once created, whatever happens here."""
        try:
            embed, view = lobby_post(match)
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
            await self.service.set_bookmark(match.id, "lobby", message.channel.id, message.id, 0)
        except Exception:
            log.exception("match %s: the lobby was created but could not be posted", match.id)
            await reply(interaction, "The lobby is open, but I couldn't post it here. `/game board` shows it.")

    # -- playing ----------------------------------------------------------------------------------------------

    async def _stale(self, interaction: discord.Interaction, match: MatchInfo, version: int) -> bool:
        """Answer a click on an old board with a link to the current one; ``True`` if it was old. The current
        board may carry an older version than the match's, after decisions it did not need redrawing for."""
        if match.status is Status.ACTIVE and match.version == version:
            return False
        mark = await self.service.bookmark(match.id, "board")
        clicked = interaction.message.id if interaction.message is not None else None
        if match.status is Status.ACTIVE and mark is not None and (mark.message_id, mark.version) == (clicked, version):
            return False
        where = f" The current board is here: {mark.url(match.guild_id)}" if mark else ""
        text = "This match is over." if match.status is not Status.ACTIVE else "This board is out of date."
        await reply(interaction, text + where)
        return True

    @guarded
    async def open_picker(self, interaction: discord.Interaction, match_id: str, version: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self._welcome_back(interaction, await self.service.get(match_id))
        if match is None:
            return
        if await self._stale(interaction, match, version):
            return
        await self._send_picker(interaction, match)

    async def _welcome_back(self, interaction: discord.Interaction, match: MatchInfo) -> MatchInfo | None:
        """A player the AI was playing for (autopilot) is back: they hold their seat again. Returns the match
        to go on with, or ``None`` once the player has been answered."""
        result = await self.service.clocks.come_back(match.id, interaction.user.id)
        if result is None:
            return match
        await self.poster.announce(interaction, result, actor=interaction.user.id)
        if await self.service.decisions_for(match.id, interaction.user.id):
            await self._send_picker(interaction, result.match, note="Welcome back: the AI no longer plays for you.\n")
        else:
            await reply(interaction, "Welcome back: the AI no longer plays for you. You'll be pinged on your turn.")
        return None

    async def _send_picker(
        self, interaction: discord.Interaction, match: MatchInfo, *, edit: bool = False, note: str = ""
    ) -> None:
        """Show the first step of the user's decision (seat by seat if they hold several that must decide)."""
        if not match.seats_of(interaction.user.id):
            raise NotAPlayer()
        decisions = await self.service.decisions_for(match.id, interaction.user.id)
        if not decisions:
            raise EngineError(f"It isn't your turn right now: {await self._waiting_for(match)}")
        seat = decisions[0].seat
        step = await self.service.step_for(match.id, interaction.user.id, seat, ())
        assert isinstance(step, Step), "an empty path never completes a decision"
        content = note + self._picker_text(match, seat, step)
        view = step_view(match.id, decision_token(decisions[0]), seat, (), step)
        if edit:
            await interaction.edit_original_response(content=content, view=view)
        else:
            await reply(interaction, content, view=view)

    async def _waiting_for(self, match: MatchInfo) -> str:
        """``waiting for Blue (@bob).``"""
        position = await self.service.position(match.id)
        game = get_game(match.game)
        return "waiting for " + ", ".join(seat_line(game, match, seat) for seat in position.to_decide) + "."

    @staticmethod
    def _picker_text(match: MatchInfo, seat: int, step: Step) -> str:
        name = get_game(match.game).seat_names(match.players)[seat]
        return f"**{name}**: {step.prompt}"

    @guarded
    async def step(
        self, interaction: discord.Interaction, match_id: str, token: str, seat: int, path: tuple[str, ...]
    ) -> None:
        """A step of the private picker: show the next one (or, with Back, an earlier one), and once the path
        completes a decision, commit it, confirm it privately, post the board and chain the turn. The picker
        is stale only if this seat's own decision changed since it was drawn (``token``). A picker is always
        a private message: a step on any other (a forged one) is refused, so it can never edit a public post."""
        if interaction.message is None or not interaction.message.flags.ephemeral:
            raise UnreadableInput()
        await interaction.response.defer()
        decisions = await self.service.decisions_for(match_id, interaction.user.id)
        decision = next((d for d in decisions if d.seat == seat), None)
        if decision is None or decision_token(decision) != token:
            await self._after_stale_pick(interaction, match_id)
            return
        match = await self.service.get(match_id)
        following = await self.service.step_for(match_id, interaction.user.id, seat, path)
        if isinstance(following, Step):
            view = step_view(match_id, token, seat, path, following)
            await interaction.edit_original_response(content=self._picker_text(match, seat, following), view=view)
            return
        try:
            result = await self.service.act(match_id, interaction.user.id, following, None, seat=seat)
        except (IllegalAction, NotYourTurn, GameOver):  # the position moved between the check and the commit
            await self._after_stale_pick(interaction, match_id)
            return
        await self.poster.announce(interaction, result, actor=interaction.user.id)
        try:
            if result.match.status is Status.ACTIVE and interaction.user.id in result.to_decide.values():
                await self._send_picker(interaction, result.match, edit=True)
            else:
                await interaction.edit_original_response(content=f"✅ {self._own_words(result)}", view=None)
        except Exception:  # the decision counts: say so, never "nothing was changed"
            log.warning("match %s: committed, but the picker could not be updated", match_id, exc_info=True)
            await self._picker_anew(interaction, result)

    async def _picker_anew(self, interaction: discord.Interaction, result: ActResult) -> None:
        """After a commit whose picker could not be edited (a slow or failed edit): a new private message that
        says the decision counted and, if the user decides again, carries the current picker."""
        counted = f"✅ That counted: {self._own_words(result)}\n"
        try:
            if result.match.status is Status.ACTIVE and interaction.user.id in result.to_decide.values():
                await self._send_picker(interaction, await self.service.get(result.match.id), note=counted)
            else:
                await reply(interaction, counted)
        except Exception:
            log.warning("match %s: could not send a new picker either", result.match.id, exc_info=True)
            await reply(interaction, counted + "Press **Take turn** on the board for your next choice.")

    @staticmethod
    def _own_words(result: ActResult) -> str:
        """What the decision did, as its maker reads it: their private lines when it had any (a secret pick
        names the Varmint for the Adversary), else the public ones."""
        own = result.private_log.get(result.seat, ()) if result.seat is not None else ()
        return " ".join(own or result.public_log) or "Done."

    async def _after_stale_pick(self, interaction: discord.Interaction, match_id: str) -> None:
        """A choice made on an old position: offer the choices of the current one, or point to the board (and
        once the match is over, say so, with its result)."""
        match = await self.service.get(match_id)
        moved_on = "The board has moved on since this picker opened, so nothing was played.\n"
        if not match.status.open:
            moved_on = f"This match is over, so nothing was played. {result_text(get_game(match.game), match)}\n"
        if match.status is Status.ACTIVE and await self.service.decisions_for(match_id, interaction.user.id):
            await self._send_picker(interaction, match, edit=True, note=moved_on)
            return
        mark = await self.service.bookmark(match.id, "board")
        where = f"The current board: {mark.url(match.guild_id)}" if mark else ""
        await interaction.edit_original_response(content=moved_on + where, view=None)

    @guarded
    async def outdated(self, interaction: discord.Interaction) -> None:
        """A ``chg:`` button or select that no component of today claims (posted by an older version of the
        bot, or forged): say so privately, with a link to the current board of the match it names, else of
        this channel's match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        match = None
        for match_id in match_ids_in(custom_id):
            match = await self.service.find(match_id)
            if match is not None:
                break
        match = match or await self.service.in_channel(interaction.channel_id)
        where = ""
        if match is not None:
            mark = await self.service.bookmark(match.id, "board") or await self.service.bookmark(match.id, "lobby")
            where = f" The current board is here: {mark.url(match.guild_id)}" if mark is not None else ""
        await reply(interaction, OUTDATED + where)

    @guarded
    async def move(self, interaction: discord.Interaction, key: str) -> None:
        """``/game move``: the typed or autocompleted key is checked again by the engine."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self._channel_match(interaction)
        back = await self.service.clocks.come_back(match.id, interaction.user.id)
        if back is not None:
            await self.poster.announce(interaction, back, actor=interaction.user.id)
        result = await self.service.act(match.id, interaction.user.id, key, None)
        text = f"✅ {self._own_words(result)}"
        if not result.public_log:  # a stage of a decision (a Metamorph move's mode): say what it asks next
            text += "".join(f"\n{d.prompt}" for d in await self.service.decisions_for(match.id, interaction.user.id))
        await reply(interaction, text)
        await self.poster.announce(interaction, result, actor=interaction.user.id)

    async def move_choices(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        """Autocomplete for ``/game move``: what the caller's decisions suggest for what they typed."""
        match = await self.service.in_channel(interaction.channel_id)
        if match is None or match.status is not Status.ACTIVE:
            return []
        return (await self.service.suggestions_for(match.id, interaction.user.id, typed))[:25]

    # -- looking ----------------------------------------------------------------------------------------------

    @guarded
    async def repost_board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self._channel_match(interaction)
        if match.status is Status.LOBBY:
            embed, view = lobby_post(match)
            message = await interaction.channel.send(embed=embed, view=view)
            await self.poster.edit_bookmarked(match, "lobby", view=None)
            await self.service.set_bookmark(match.id, "lobby", message.channel.id, message.id, 0)
        else:
            await self.poster.publish(await self.service.position(match.id), deliver_secrets=False, ping=False)
        await reply(interaction, "The board is at the bottom of the channel again.")

    @guarded
    async def show_secrets(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.get(match_id) if match_id else await self._channel_match(interaction)
        embed, file = await self.courier.private_view(match, interaction.user.id)
        await reply(interaction, embed=embed, file=file)

    @guarded
    async def show_commitments(self, interaction: discord.Interaction, match_id: str) -> None:
        """**Verify seals**: the match's commitments whole, from the caller's own view, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.get(match_id)
        game = get_game(match.game)
        view = await self.service.view_for(match.id, interaction.user.id)
        lines = game.commitments(view) if view is not None else []
        if not lines:
            await reply(interaction, "This match has sealed nothing yet.")
            return
        title = f"{game.meta.title}: the seals of match {match.id}"
        await reply(interaction, embed=discord.Embed(title=title, description="\n".join(lines)[:4000]))

    @guarded
    async def show_image(self, interaction: discord.Interaction, match_id: str, name: str) -> None:
        """An extra image of the match (Metamorph's shape chart), from the caller's own view, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.get(match_id)
        view = await self.service.view_for(match.id, interaction.user.id)
        labels = extra_labels(match.game)
        if view is None or name not in labels:
            await reply(interaction, "There is no such image for this match.")
            return
        embed = discord.Embed(title=f"{get_game(match.game).meta.title}: {labels[name].lower()}")
        embed.set_image(url=f"attachment://{name}.png")
        await reply(interaction, embed=embed, file=extra_file(view, name))

    @guarded
    async def show_rules(
        self, interaction: discord.Interaction, game_id: str, page: int = 0, *, edit: bool = False
    ) -> None:
        game = get_game(game_id)
        pages = rule_pages(game.meta.id)
        page = max(0, min(page, len(pages) - 1))
        embed = discord.Embed(
            title=f"{game.meta.title}: rules", description=pages[page], colour=discord.Colour(0x56B4E9)
        )
        embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
        view = discord.ui.View(timeout=None)
        if page > 0:
            view.add_item(RulesButton(game.meta.id, page - 1, label="Previous", edit=True, emoji="◀️"))
        if page < len(pages) - 1:
            next_style = discord.ButtonStyle.primary
            view.add_item(RulesButton(game.meta.id, page + 1, label="Next", edit=True, emoji="▶️", style=next_style))
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await reply(interaction, embed=embed, view=view)

    @guarded
    async def show_help(self, interaction: discord.Interaction, lines: list[str]) -> None:
        """``/game help``: the commands as the command group itself describes them (one source for both)."""
        embed = discord.Embed(title="Changeling commands", colour=discord.Colour(0x009E73))
        embed.description = "\n".join(lines)
        embed.set_footer(text="Buttons on each board do the rest: Take turn, My secrets, Rules.")
        await reply(interaction, embed=embed)

    async def list_games(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Changeling games", colour=discord.Colour(0x009E73))
        embed.description = "The AI can take any seat a person doesn't: `/game new` opens a lobby."
        for game in offered_games():
            low, high = game.meta.min_players, game.meta.max_players
            players = f"{low} players" if low == high else f"{low}–{high} players"
            if game.solo_options() is not None:
                players += ", or 1 alone"  # the lobby's Play solo: one person holding two seats
            embed.add_field(name=f"{game.meta.title} ({players})", value=game.meta.summary, inline=False)
        if interaction.guild_id is not None:
            matches = await self.service.guild_matches(interaction.guild_id, open_only=True, limit=15)
            lines = [f"• {get_game(m.game).meta.title} in <#{m.channel_id}>: {m.status.value}" for m in matches]
            embed.add_field(name="Running in this server", value="\n".join(lines) or "None right now.", inline=False)
        await reply(interaction, embed=embed)
