"""The lobby message and the host's settings panel, built from the match and its game's options model.

A lobby shows a Join button per seat (up to six), the AI select and the host's buttons. The settings (each
game option, the clock, what happens when time runs out) sit in the lobby message while they fit in
Discord's five rows; when they don't, a **Settings** button opens them privately to the host, a page at a
time. An option is offered by its type: a fixed list of values (``Literal``), yes/no (``bool``), a number
with bounds of at most 25 values (``int`` with ``ge``/``le``), or several of a list at once (a set of a
``Literal``).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass

import discord
from discord import ui
from pydantic.fields import FieldInfo

from engine import Game, get_game
from engine.clocks import presets
from engine.correspondence import two_sided
from engine.matches import MatchInfo

from .ai_turns import AI_LEVELS
from .components import (
    AiSeatSelect,
    ClockSelect,
    ExpirySelect,
    JoinButton,
    LobbyButton,
    OptionSelect,
    SettingsButton,
)
from .posts import COLOUR, seat_line

SELECT_LIMIT = 25
PANEL_ROWS = 4  # settings per page of the panel; the fifth row holds Previous and Next

EXPIRY_TEXT = {
    "ask": "the others choose",
    "claim": "the others win",
    "skip": "the turn is skipped",
    "autopilot": "the AI plays until they're back",
}


@dataclass(frozen=True)
class OptionControl:
    """How the lobby offers one option: its values (as text) and whether several may be chosen."""

    name: str
    values: tuple[str, ...]
    labels: tuple[str, ...]
    multi: bool = False


def option_controls(game: Game) -> list[OptionControl]:
    """The options of ``game`` that a select can offer, in the model's order."""
    controls = []
    for name, field in game.meta.options.model_fields.items():
        control = _control(name, field)
        if control is not None:
            controls.append(control)
    return controls


def _control(name: str, field: FieldInfo) -> OptionControl | None:
    annotation = field.annotation
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        values = tuple(str(v) for v in typing.get_args(annotation))
        return OptionControl(name, values, values)
    if annotation is bool:
        return OptionControl(name, ("true", "false"), ("yes", "no"))
    if annotation is int:
        low, high = _bounds(field)
        if low is not None and high is not None and high - low < SELECT_LIMIT:
            values = tuple(str(v) for v in range(low, high + 1))
            return OptionControl(name, values, values)
        return None
    if origin in (frozenset, set, tuple) and typing.get_args(annotation):
        inner = typing.get_args(annotation)[0]
        if typing.get_origin(inner) is typing.Literal:
            values = tuple(str(v) for v in typing.get_args(inner))
            return OptionControl(name, values, values, multi=True)
    return None


def _bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for rule in field.metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
        if getattr(rule, "gt", None) is not None:
            low = rule.gt + 1
        if getattr(rule, "lt", None) is not None:
            high = rule.lt - 1
    return low, high


def option_text(value: object) -> str:
    """An option's current value as the lobby shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(sorted(map(str, value))) or "none"
    return str(value)


def lobby_embed(match: MatchInfo) -> discord.Embed:
    game = get_game(match.game)
    embed = discord.Embed(title=f"New game: {game.meta.title}", description=game.meta.summary, colour=COLOUR)
    seats = "\n".join(f"• {seat_line(game, match, s)}" for s in range(match.players))
    embed.add_field(name="Seats", value=seats, inline=False)
    options = ", ".join(f"{k.replace('_', ' ')}: **{option_text(v)}**" for k, v in match.options.items()) or "none"
    embed.add_field(name="Options", value=options, inline=False)
    control = match.time_control
    clock = f"**{control.describe()}**"
    if control.timed:
        clock += f" · when time runs out: **{EXPIRY_TEXT[control.expiry]}**"
    embed.add_field(name="Clock", value=clock, inline=False)
    game_rated = not game.meta.cooperative and match.options.get("mode") != "cooperative"
    if not match.rated:
        rated = "no: a friendly match (`/game new rated:false`)"
    elif game_rated:
        rated = unrated_by_seats(match) or "yes, when every seat is a different person (an AI seat makes it unrated)"
    else:
        rated = "no: a co-operative match is recorded, not rated"
    embed.add_field(name="Rated", value=rated, inline=False)
    embed.set_footer(text=f"Match {match.id} · the host sets options and AI players, then presses Start")
    return embed


def unrated_by_seats(match: MatchInfo) -> str:
    """Why the seats as they are make this match unrated (an AI, or one person in two seats), or "" while
    they still allow a rating: the lobby says so before Start, not the result afterwards."""
    if any(seat.ai_level is not None for seat in match.seats):
        return "no, as the seats are now: an AI plays a seat (a match is rated only when people hold every seat)"
    people = [seat.user_id for seat in match.seats if seat.user_id is not None]
    if len(people) != len(set(people)):
        return "no, as the seats are now: one person holds two seats"
    return ""


def lobby_post(match: MatchInfo) -> tuple[discord.Embed, ui.View]:
    """The lobby message: seats with Join buttons, the AI select, the host's buttons, and the settings when
    they fit (else a Settings button that opens them to the host)."""
    game = get_game(match.game)
    settings = settings_items(match)
    view = _lobby_view(game, match, settings)
    if view is None:
        view = _lobby_view(game, match, [])
        assert view is not None, "seats, the AI select and the buttons always fit"
        view.add_item(SettingsButton(match.id, 0))
    return lobby_embed(match), view


def _lobby_view(game: Game, match: MatchInfo, settings: list[ui.Item[ui.View]]) -> ui.View | None:
    view = ui.View(timeout=None)
    names = game.seat_names(match.players)
    try:
        for seat in range(match.players):
            view.add_item(JoinButton(match.id, seat, names[seat], taken=not match.seats[seat].empty))
        ai_options = ai_seat_options(game, match)
        if ai_options:  # a lobby full of people has no seat for the AI
            view.add_item(AiSeatSelect(match.id, ai_options))
        alone = game.solo_options() is not None and all(s.empty or s.user_id == match.host_id for s in match.seats)
        for action in ("start", "solo", "leave", "cancel") if alone else ("start", "leave", "cancel"):
            view.add_item(LobbyButton(action, match.id))
        for item in settings:
            view.add_item(item)
    except ValueError:  # more than Discord's five rows
        return None
    return view


def settings_items(match: MatchInfo) -> list[ui.Item[ui.View]]:
    """A select per game option, then the clock and the expiry policy."""
    game = get_game(match.game)
    items: list[ui.Item[ui.View]] = [
        OptionSelect(match.id, c.name, c.values, match.options.get(c.name), labels=c.labels, multi=c.multi)
        for c in option_controls(game)
    ]
    items += [ClockSelect(match.id, clock_options(match)), ExpirySelect(match.id, expiry_options(game, match))]
    return items


def settings_panel(match: MatchInfo, page: int) -> tuple[str, ui.View]:
    """Page ``page`` of the host's private settings panel: up to four settings and Previous/Next."""
    items = settings_items(match)
    pages = max(1, -(-len(items) // PANEL_ROWS))
    page = min(max(page, 0), pages - 1)
    view = ui.View(timeout=None)
    for item in items[page * PANEL_ROWS : (page + 1) * PANEL_ROWS]:
        view.add_item(item)
    if pages > 1:
        view.add_item(SettingsButton(match.id, page - 1, label="Previous", disabled=page == 0))
        view.add_item(SettingsButton(match.id, page + 1, label="Next", disabled=page == pages - 1))
    return f"Settings for match {match.id} (page {page + 1} of {pages}). Only the host can change them.", view


def settings_page_of(match: MatchInfo, custom_id: str) -> int:
    """The page of the settings panel that holds the component ``custom_id`` (the first page if none)."""
    for index, item in enumerate(settings_items(match)):
        if getattr(item, "custom_id", None) == custom_id:
            return index // PANEL_ROWS
    return 0


def clock_options(match: MatchInfo) -> list[discord.SelectOption]:
    current = match.time_control.preset
    return [discord.SelectOption(label=label, value=value, default=value == current) for value, label in presets()]


def expiry_options(game: Game, match: MatchInfo) -> list[discord.SelectOption]:
    """The expiry policies that make sense for this game (a win is claimed only in two-sided games)."""
    current = match.time_control.expiry
    labels = {
        "ask": "When time runs out: the others choose",
        "claim": "When time runs out: the others win",
        "skip": "When time runs out: skip the turn (the AI moves once)",
        "autopilot": "When time runs out: the AI plays until they're back",
    }
    offered = [p for p in labels if p != "claim" or two_sided(game, match)]
    return [discord.SelectOption(label=labels[p], value=p, default=p == current) for p in offered]


def ai_seat_options(game: Game, match: MatchInfo) -> list[discord.SelectOption]:
    """Per seat not held by a person: an AI of each level, or (for an AI's seat) opening it again."""
    names = game.seat_names(match.players)
    options = []
    for seat, holder in enumerate(match.seats):
        if holder.user_id is not None:
            continue
        for level in AI_LEVELS:
            if holder.ai_level != level:
                options.append(discord.SelectOption(label=f"{names[seat]}: AI ({level})", value=f"{seat}:{level}"))
        if holder.ai_level is not None:
            options.append(discord.SelectOption(label=f"{names[seat]}: open for a person", value=f"{seat}:open"))
    return options[:SELECT_LIMIT]
