"""The ``/game`` command group: thin wrappers that hand their arguments to ``Flows``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from .ai_turns import AI_LEVELS
from .catalog import game_choices

MAX_SEATS = 6  # the most seats any game has

if TYPE_CHECKING:
    from .flows import Flows


def build_game_group(flows: Flows) -> app_commands.Group:
    """All commands in one group, so they sit together in Discord's command list."""
    group = app_commands.Group(name="game", description="Play Changeling's shapeshifter board games")
    games = game_choices()

    @group.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game to play",
        ai="Play against the AI: it takes every other seat",
        seat="Your seat (1 is the first seat); leave empty for the first",
        players="How many seats (for games of more than two); empty: the most the game allows, or two with ai:",
        rated="Rate the match (default: yes, when every seat is a person); false for a friendly match",
    )
    @app_commands.choices(
        game=games, ai=[app_commands.Choice(name=f"against the AI ({lv})", value=lv) for lv in AI_LEVELS]
    )
    async def new(  # noqa: PLR0917 (a slash command's options arrive as its parameters)
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        ai: app_commands.Choice[str] | None = None,
        seat: app_commands.Range[int, 1, MAX_SEATS] | None = None,
        players: app_commands.Range[int, 1, MAX_SEATS] | None = None,
        rated: bool = True,
    ) -> None:
        ai_level = None if ai is None else ai.value
        seat_index = 0 if seat is None else seat - 1
        await flows.new(interaction, game.value, ai_level, seat_index, players=players, rated=rated)

    @group.command(name="join", description="Take a seat in this channel's lobby")
    @app_commands.describe(
        seat="Seat number (1 is the first seat); leave empty for the first free seat",
        also="Keep your seat and take this one too (games one person may play several seats of)",
    )
    async def join(
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, MAX_SEATS] | None = None,
        also: bool = False,
    ) -> None:
        await flows.join(interaction, None, None if seat is None else seat - 1, hotseat=also)

    @group.command(name="leave", description="Leave this channel's lobby")
    async def leave(interaction: discord.Interaction) -> None:
        await flows.leave(interaction)

    @group.command(name="start", description="Start this channel's match (host only)")
    async def start(interaction: discord.Interaction) -> None:
        await flows.start(interaction)

    @group.command(name="move", description="Make your move by typing it (autocomplete lists your choices)")
    @app_commands.describe(action="Your move, for example b1-b2")
    async def move(interaction: discord.Interaction, action: str) -> None:
        await flows.move(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = await flows.move_choices(interaction, current)
        return [app_commands.Choice(name=c.label[:100], value=c.key) for c in choices]

    @group.command(name="board", description="Post the current board again at the bottom of the channel")
    async def board(interaction: discord.Interaction) -> None:
        await flows.repost_board(interaction)

    @group.command(name="secret", description="See your private view of this channel's match (only you see it)")
    async def secret(interaction: discord.Interaction) -> None:
        await flows.show_secrets(interaction)

    @group.command(name="resign", description="Give up this channel's match")
    async def resign(interaction: discord.Interaction) -> None:
        await flows.confirm_resign(interaction)

    @group.command(name="abort", description="End this channel's match without a result (host or moderators)")
    async def abort(interaction: discord.Interaction) -> None:
        await flows.confirm_abort(interaction)

    @group.command(name="rules", description="Read the rules of a game")
    @app_commands.choices(game=games)
    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await flows.show_rules(interaction, game.value)

    @group.command(name="vacation", description="Pause your correspondence clocks for some days (30 days a year)")
    @app_commands.describe(days="How many days (1–30); 0 ends your vacation now; leave empty to see where you stand")
    async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 0, 30] | None = None) -> None:
        await flows.clocks.vacation(interaction, days)

    @group.command(name="settings", description="Your settings: reminders, auto-pass, hiding from leaderboards")
    @app_commands.describe(
        reminders="How reminders reach you",
        autopass="Decline every chance to react on others' turns at once (keeps big games moving)",
        hidden="Keep yourself off the leaderboards (you are still rated)",
    )
    @app_commands.choices(
        reminders=[
            app_commands.Choice(name="a mention in the match's channel", value="channel"),
            app_commands.Choice(name="a direct message", value="dm"),
        ]
    )
    async def settings(
        interaction: discord.Interaction,
        reminders: app_commands.Choice[str] | None = None,
        autopass: bool | None = None,
        hidden: bool | None = None,
    ) -> None:
        await flows.clocks.settings(interaction, None if reminders is None else reminders.value, autopass, hidden)

    @group.command(name="stats", description="A player's record: rating, matches, wins, streaks (only you see it)")
    @app_commands.describe(player="Whose record (empty: yours)", game="One game's record (empty: every game)")
    @app_commands.choices(game=games)
    async def stats(
        interaction: discord.Interaction, player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:  # fmt: skip
        await flows.standings.stats(interaction, player, None if game is None else game.value)

    @group.command(name="leaderboard", description="The best-rated players of a game (only you see it)")
    @app_commands.describe(game="Which game", scope="This server's ladder, or everyone's")
    @app_commands.choices(
        game=games,
        scope=[app_commands.Choice(name="this server", value="s"), app_commands.Choice(name="global", value="g")],
    )
    async def leaderboard(
        interaction: discord.Interaction, game: app_commands.Choice[str], scope: app_commands.Choice[str] | None = None
    ) -> None:
        default = "s" if interaction.guild_id is not None else "g"
        await flows.standings.leaderboard(interaction, game.value, default if scope is None else scope.value)

    @group.command(name="history", description="A player's latest finished matches (only you see it)")
    @app_commands.describe(player="Whose matches (empty: yours)", game="Only this game's")
    @app_commands.choices(game=games)
    async def history(
        interaction: discord.Interaction, player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:  # fmt: skip
        await flows.standings.history(interaction, player, None if game is None else game.value)

    @group.command(name="mine", description="Every match you are in, on any server, yours to move first")
    async def mine(interaction: discord.Interaction) -> None:
        await flows.standings.mine(interaction)

    @group.command(name="replay", description="Step through a match again; once it is over, what was hidden too")
    @app_commands.describe(match="The match's id (in its board's footer); empty: this channel's match")
    async def replay(interaction: discord.Interaction, match: str | None = None) -> None:
        await flows.replays.replay(interaction, match)

    @group.command(name="list", description="The games on offer and the matches running in this server")
    async def list_(interaction: discord.Interaction) -> None:
        await flows.list_games(interaction)

    @group.command(name="help", description="Every /game command, in a line each (only you see it)")
    async def help_(interaction: discord.Interaction) -> None:
        lines = [f"`/game {command.name}`: {command.description}" for command in group.commands]
        await flows.show_help(interaction, lines)

    return group
