"""What brings players back, shown in Discord: ``/game stats``, ``/game leaderboard``, ``/game history`` and
``/game mine`` (the inbox), and the ladder's paging buttons.

The service reads everything (``engine.standings``); this module only words it. Every answer is private to the
asker, as a look-up is nobody else's business, and names are mentions, which an embed shows without pinging.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import Any

import discord
from discord import ui

from engine import get_game
from engine.errors import EngineError
from engine.ratings import OVERALL, Rating
from engine.service import MatchService
from engine.standings import HISTORY, LadderPage, Record
from engine.store.base import HistoryEntry
from render.standings import RecordCard, draw_record

from .catalog import offered_games
from .posts import plural, seat_line
from .replies import guarded, jump_url, reply

COLOUR = discord.Colour(0x0072B2)
SCOPES = {"server": "s", "global": "g"}


class NotHere(EngineError):
    """A server's ladder asked for outside a server."""

    def __init__(self) -> None:
        super().__init__("There is no server here, so no server ladder: ask for `scope: global`.")


class NotAPerson(EngineError):
    def __init__(self) -> None:
        super().__init__("Bots don't play matches of their own: ask about a person.")


def rating_text(rating: Rating | None) -> str:
    """``1,184 (12 matches)``, or that there is none yet."""
    if rating is None:
        return "not rated yet"
    return f"**{rating.shown:,}** ({plural(rating.matches, 'rated match')})"


def when(moment: Any) -> str:
    return f"<t:{int(moment.timestamp())}:R>" if moment is not None else "never"


def subject(user_id: int, asker_id: int) -> str:
    """``You have`` about oneself, ``@bob has`` about another."""
    return "You have" if user_id == asker_id else f"<@{user_id}> has"


def record_embed(record: Record, user_id: int, asker_id: int) -> discord.Embed:
    title = get_game(record.game).meta.title
    embed = discord.Embed(title=f"{title}: stats", colour=COLOUR, description=f"<@{user_id}>")
    if not record.matches:
        embed.description = f"{subject(user_id, asker_id)} not finished a match of {title} yet."
        return embed
    embed.add_field(name="Rating (overall)", value=rating_text(record.overall))
    if record.server is not None:
        embed.add_field(name="Rating (this server)", value=rating_text(record.server))
    share = round(100 * record.wins / record.matches)
    embed.add_field(name="Matches", value=f"{record.matches} · {plural(record.wins, 'win')} ({share} %)", inline=False)
    embed.add_field(name="Streak", value=f"now {record.streak} · best {record.best_streak}")
    embed.add_field(name="Favourite seat", value=record.favourite_seat or "—")
    embed.add_field(name="Last played", value=when(record.last_played))
    if record.co_op:
        lines = [f"{level_name(c.difficulty)}: {c.wins} of {plural(c.matches, 'match')} won" for c in record.co_op]
        embed.add_field(name="Co-op (not rated)", value="\n".join(lines), inline=False)
    embed.set_footer(text="A rating is a cautious estimate (mu - 3 sigma, scaled): a newcomer shows 1,000.")
    return embed


def level_name(difficulty: str) -> str:
    """``very_difficult`` as ``Very difficult``; a co-op game without levels is just co-op."""
    return difficulty.replace("_", " ").capitalize() or "Co-op"


def outcome_of(entry: HistoryEntry) -> str:
    """How the match went for the player: a draw and a co-operative loss leave everyone level at place 1."""
    if entry.resigned:
        words = "resigned"
    elif entry.won:
        words = "won"
    else:  # places are only the winners, the rest level below them, and who resigned: level first is a draw
        words = "lost" if entry.cooperative or entry.place > 1 else "draw"
    if entry.cooperative:
        words += f" (co-op{', ' + level_name(entry.difficulty) if entry.difficulty else ''})"
    return words


def ago(moment: datetime | None, now: datetime) -> str:
    """``today``, ``yesterday``, ``5 days ago``, ``3 months ago``: a card is an image, so no Discord timestamp."""
    if moment is None:
        return "never"
    days = (now - moment).days
    if days < 1:
        return "today"
    if days < 2:
        return "yesterday"
    return f"{days} days ago" if days < 60 else f"{days // 30} months ago"


def record_card(record: Record, name: str, now: datetime) -> RecordCard:
    """The card of a record: what the embed says, drawn in the boards' style."""
    share = round(100 * record.wins / record.matches) if record.matches else 0
    return RecordCard(
        game=get_game(record.game).meta.title,
        player=name,
        rating=f"{record.overall.shown:,}" if record.overall else "unrated",
        server_rating=None if record.server is None else f"{record.server.shown:,}",
        cells=(
            ("Matches", str(record.matches)), ("Wins", f"{record.wins} ({share} %)"),
            ("Streak", f"now {record.streak} · best {record.best_streak}"),
            ("Favourite seat", record.favourite_seat or "—"), ("Last played", ago(record.last_played, now)),
        ),
    )  # fmt: skip


def card_file(card: RecordCard) -> discord.File:
    out = io.BytesIO()
    draw_record(card).save(out, format="PNG", optimize=True)
    out.seek(0)
    return discord.File(out, filename="stats.png")


def ladder_embed(page: LadderPage, scope_name: str, *, hidden: bool = False) -> discord.Embed:
    title = get_game(page.game).meta.title
    embed = discord.Embed(title=f"{title}: {scope_name} leaderboard", colour=COLOUR)
    lines = [f"**{line.rank}.** <@{line.user_id}> · {line.rating.shown:,} · "
             f"{plural(line.rating.wins, 'win')} of {line.rating.matches}" for line in page.lines]  # fmt: skip
    empty = "Nobody is rated here yet: finish a rated match (every seat a person)."
    embed.description = "\n".join(lines) or (empty if page.page == 1 else "Nobody this far down: go back with ◀.")
    mine = "You: not listed, " + (
        "as you asked (`/game settings hidden:false` lists you again)" if hidden else "no rated match here yet"
    )
    if page.mine is not None:
        mine = f"You: **#{page.mine.rank}** · {page.mine.rating.shown:,}"
    embed.add_field(name="Your place", value=mine, inline=False)
    embed.set_footer(text=f"Page {page.page}" + ("" if page.more else " (the last)"))
    return embed


def ladder_view(page: LadderPage, scope: str) -> ui.View:
    view = ui.View(timeout=None)
    for label, target, usable in (("◀", page.page - 1, page.page > 1), ("▶", page.page + 1, page.more)):
        button = LadderButton(page.game, scope, max(1, target) if usable else page.page, label)
        button.item.disabled = not usable
        view.add_item(button)
    return view


class StandingsFlows:
    """The look-up commands; each answers privately."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def _board_link(self, match_id: str, guild_id: int | None, channel_id: int) -> str:
        """A link to the match's latest board (its result, once over), or to its channel if none is known."""
        shown = await self.service.bookmark(match_id, "board")
        return jump_url(guild_id, channel_id, shown.message_id if shown else None)

    @guarded
    async def stats(self, interaction: discord.Interaction, user: discord.abc.User | None, game: str | None) -> None:
        """One game's record (a card), or a line for every game the player has finished a match of."""
        who = user or interaction.user
        if who.bot:
            raise NotAPerson()
        guild = interaction.guild_id
        if game is not None:
            record = await self.service.standings.record(who.id, game, guild)
            embed = record_embed(record, who.id, interaction.user.id)
            if not record.matches:
                await reply(interaction, embed=embed)
                return
            embed.set_image(url="attachment://stats.png")
            card = record_card(record, who.display_name, self.service.now())
            await reply(interaction, embed=embed, file=card_file(card))
            return
        embed = discord.Embed(title="Stats", colour=COLOUR, description=f"<@{who.id}>")
        for offered in offered_games():
            record = await self.service.standings.record(who.id, offered.meta.id, guild)
            if record.matches:
                embed.add_field(name=offered.meta.title, inline=False, value=(
                    f"{rating_text(record.overall)} · {plural(record.wins, 'win')} of {record.matches}"))  # fmt: skip
        if not embed.fields:
            whose = subject(who.id, interaction.user.id)
            embed.description = f"{whose} not finished a match yet. Start one with `/game new`."
        await reply(interaction, embed=embed)

    @guarded
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, scope: str = "s", page: int = 1, *, edit: bool = False
    ) -> None:
        """A page of the server's (``s``) or the overall (``g``) ladder, with paging buttons and the asker's
        place; a button edits the page it is on."""
        if scope == "s" and interaction.guild_id is None:
            raise NotHere()
        ladder = OVERALL if scope == "g" else interaction.guild_id
        found = await self.service.standings.ladder(game, ladder, interaction.user.id, page)
        hidden = found.mine is None and (await self.service.players.player(interaction.user.id)).hidden
        embed = ladder_embed(found, "global" if scope == "g" else "server", hidden=hidden)
        if edit:
            await interaction.response.edit_message(embed=embed, view=ladder_view(found, scope))
            return
        await reply(interaction, embed=embed, view=ladder_view(found, scope))

    @guarded
    async def history(self, interaction: discord.Interaction, user: discord.abc.User | None, game: str | None) -> None:
        """The player's latest ended matches: result, opponents, length, rating change and a link."""
        who = user or interaction.user
        if who.bot:
            raise NotAPerson()
        entries = await self.service.standings.history(who.id, game, limit=HISTORY + 1)
        more, entries = len(entries) > HISTORY, entries[:HISTORY]
        embed = discord.Embed(title="History", colour=COLOUR, description=f"<@{who.id}>")
        for entry in entries:
            outcome = outcome_of(entry)
            against = ", ".join(f"<@{u}>" for u in entry.opponents) or "the AI"
            change = ""
            if entry.shown_before is not None and entry.shown_after is not None:
                change = f" · {entry.shown_after:,} ({entry.shown_after - entry.shown_before:+d})"
            link = await self._board_link(entry.match_id, entry.guild_id, entry.channel_id)
            embed.add_field(name=f"{get_game(entry.game).meta.title}: {outcome}{change}", inline=False, value=(
                f"against {against} · {plural(entry.decisions, 'decision')} · {when(entry.ended_at)} · "
                f"[match {entry.match_id}]({link})"))  # fmt: skip
        if more:
            embed.set_footer(text=f"the latest {HISTORY}; /game stats counts them all")
        if not entries:
            embed.description = f"{subject(who.id, interaction.user.id)} no finished matches yet."
        await reply(interaction, embed=embed)

    @guarded
    async def mine(self, interaction: discord.Interaction) -> None:
        """The inbox: every running match of the asker's, on any server, those waiting for them first."""
        inbox = await self.service.standings.inbox(interaction.user.id, self.service.now())
        embed = discord.Embed(title="Your matches", colour=COLOUR)
        for entry in inbox.entries:
            game = get_game(entry.match.game)
            title = game.meta.title
            others = ", ".join(seat_line(game, entry.match, seat) for seat in entry.waiting_for) or "nobody"
            waiting = "**your turn**" if entry.yours else f"waiting for {others}"
            deadline = f" · deadline {when(entry.deadline)}" if entry.deadline else ""
            link = await self._board_link(entry.match.id, entry.match.guild_id, entry.match.channel_id)
            embed.add_field(name=f"{title} · {waiting}", inline=False, value=(
                f"turn moved {when(entry.match.updated_at)}{deadline} · [match {entry.match.id}]({link})"))  # fmt: skip
        if inbox.running > len(inbox.entries):
            of = f"{inbox.running} or more" if inbox.at_least else str(inbox.running)
            shown = len(inbox.entries)
            embed.set_footer(text=f"{shown} of your {of} running matches shown: those waiting for you first")
        if not inbox.entries:
            embed.description = "You are in no running match. Start one with `/game new`."
        await reply(interaction, embed=embed)


LADDER = r"^chg:ladder:(?P<game>[a-z]{1,16}):(?P<scope>[sg]):(?P<page>\d{1,6}):(?P<arrow>[lr])$"


class LadderButton(ui.DynamicItem[ui.Button], template=LADDER):
    """◀ or ▶ on a ladder: the page it leads to; persistent, so a ladder shown yesterday still pages."""

    def __init__(self, game: str, scope: str, page: int, label: str) -> None:
        arrow = "l" if label == "◀" else "r"
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"chg:ladder:{game}:{scope}:{page}:{arrow}"))  # fmt: skip
        self.game, self.scope, self.page = game, scope, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["game"], match["scope"], int(match["page"]), "◀" if match["arrow"] == "l" else "▶")

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = interaction.client.flows  # type: ignore[attr-defined]
        await flows.standings.leaderboard(interaction, self.game, self.scope, self.page, edit=True)


STANDINGS_ITEMS = (LadderButton,)
