"""What the bot posts: board messages (image, embed, buttons) and the private picker (lobbies: ``lobby.py``).

Everything here is built from what the service returns (match records, views, choices, log lines); nothing
here knows a rule.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import discord
from discord import ui

import render
from engine import Game, View, get_game
from engine.clocks import span, timestamp
from engine.core import Step
from engine.correspondence import two_sided
from engine.matches import Decision, MatchInfo, Status
from engine.steps import join_path

from .components import (
    BackButton,
    ImageButton,
    RematchButton,
    RulesButton,
    SecretsButton,
    StepSelect,
    TakeTurnButton,
    TimeoutButton,
    VerifyButton,
)

IMAGE_SIZE = 1024
SELECT_LIMIT = 25
COLOUR = discord.Colour(0x5865F2)
ENDED_COLOUR = discord.Colour(0xE69F00)


def seat_line(game: Game, match: MatchInfo, seat: int) -> str:
    """``Red (@alice)``: a seat's name and who holds it."""
    name = game.seat_names(match.players)[seat]
    holder = match.seats[seat]
    if holder.autopilot:
        return f"{name} (<@{holder.user_id}>, AI autopilot)"
    if holder.user_id is not None:
        return f"{name} (<@{holder.user_id}>)"
    if holder.ai_level is not None:
        return f"{name} (AI, {holder.ai_level})"
    return f"{name} (open)"


def board_file(view: View, *, caption: str | None, orientation: int | None = None) -> discord.File:
    """The board image as an attachment.

    Drawn on the event loop on purpose: a 1024 px board takes about 6 ms (bench/render.py), and Pillow holds the
    GIL while it draws, so a worker thread would add a hop without letting much else run meanwhile.
    """
    png = render.board_png(view, size=IMAGE_SIZE, caption=caption, orientation=orientation)
    return discord.File(io.BytesIO(png), filename="board.png")


def extra_labels(game_id: str) -> Mapping[str, str]:
    """The extra images (name → button label) the game's renderer offers beside the board."""
    return render.extras_of(game_id)


def extra_file(view: View, name: str) -> discord.File:
    """An extra image of ``view`` (Metamorph's shape chart) as an attachment called ``<name>.png``."""
    return discord.File(io.BytesIO(render.extra_png(view, name, size=IMAGE_SIZE)), filename=f"{name}.png")


@dataclass(frozen=True, slots=True)
class BoardPost:
    """Everything of a board message except the file, which is drawn separately."""

    content: str | None
    embed: discord.Embed
    view: ui.View


def board_post(
    match: MatchInfo,
    view: View,
    lines: Sequence[str],
    to_decide: Mapping[int, int | None],
    *,
    quiet: Collection[int | None] = (),
    ratings: Mapping[int, tuple[int, int]] | None = None,
) -> BoardPost:
    """The public board message after a decision (or a re-post with ``lines`` empty); users in ``quiet`` are
    not mentioned. ``ratings``: each rated seat's shown rating before and after, once a rated match ended."""
    game = get_game(match.game)
    embed = discord.Embed(title=f"{game.meta.title} · turn {view.turn}", colour=COLOUR)
    embed.description = "\n".join(lines) if lines else None
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Match {match.id} · version {match.version}")
    buttons = ui.View(timeout=None)
    content = None
    if match.status is Status.ACTIVE and to_decide:
        names = ", ".join(seat_line(game, match, seat) for seat in to_decide)
        embed.add_field(name="To decide", value=names, inline=False)
        deadlines = deadline_lines(game, match)
        if deadlines:
            embed.add_field(name="Deadline", value="\n".join(deadlines), inline=False)
        mentions = [f"<@{uid}>" for uid in dict.fromkeys(to_decide.values()) if uid is not None and uid not in quiet]
        content = f"{' '.join(mentions)}, your turn." if mentions else None
        buttons.add_item(TakeTurnButton(match.id, match.version))
        buttons.add_item(SecretsButton(match.id, secret=game.meta.hidden_information))
        for name, label in extra_labels(game.meta.id).items():
            buttons.add_item(ImageButton(match.id, name, label))
        buttons.add_item(RulesButton(game.meta.id))
        for item in timeout_buttons(game, match):
            buttons.add_item(item)
    else:
        embed.colour = ENDED_COLOUR
        embed.add_field(name="Result", value=result_text(game, match), inline=False)
        if ratings:
            changes = [f"{seat_line(game, match, seat)}: {after:,} ({after - before:+d})"
                       for seat, (before, after) in sorted(ratings.items())]  # fmt: skip
            embed.add_field(name="Ratings", value="\n".join(changes), inline=False)
        if match.status is Status.ENDED:
            buttons.add_item(RematchButton(match.id))
        buttons.add_item(RulesButton(game.meta.id))
    if game.commitments(view):
        buttons.add_item(VerifyButton(match.id))
    return BoardPost(content, embed, buttons)


def timeout_buttons(game: Game, match: MatchInfo) -> list[TimeoutButton]:
    """While a seat's time has run out and the others are to choose, the board offers the choice too, so it
    survives a lost "time ran out" message (``/game board`` brings it back)."""
    if match.time_control.expiry != "ask":
        return []
    actions = ("claim", "skip", "autopilot") if two_sided(game, match) else ("skip", "autopilot")
    names = game.seat_names(match.players)
    return [
        TimeoutButton(action, match.id, clock.seat, match.version, names[clock.seat])
        for clock in match.clock.seats
        if clock.expired
        for action in actions
    ][:20]


def deadline_lines(game: Game, match: MatchInfo) -> list[str]:
    """Each deciding seat's deadline as Discord timestamps (every reader sees their own time zone)."""
    names = game.seat_names(match.players)
    control = match.time_control
    lines = []
    for clock in match.clock.seats:
        name = names[clock.seat]
        if clock.expired:
            lines.append(f"{name}: ⌛ time ran out (they can still move until someone chooses)")
        elif clock.deadline is None:
            lines.append(f"{name}: ⏸️ paused while on vacation ({span(clock.remaining or 0)} left)")
        else:
            at = timestamp(clock.deadline)
            bank = clock.allowed - control.per_decision
            extra = f" · includes a time bank of {span(bank)}" if control.bank and bank >= 1 else ""
            lines.append(f"{name}: <t:{at}:R> (<t:{at}:f>){extra}")
    return lines


def plural(count: int, noun: str) -> str:
    """``1 choice``, ``3 choices``, ``2 matches``."""
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def result_text(game: Game, match: MatchInfo) -> str:
    """``🏆 Winner: Red (@alice). Red's king reached Blue's home row.`` (Seat names may be plural, like
    "Heroes", so no verb is conjugated with them.)"""
    outcome = match.outcome
    if match.status is Status.ABORTED:
        return "The match was ended without a result."
    if outcome is None:
        return "The match is over."
    if outcome.draw:
        return f"🤝 Draw: {outcome.reason}"
    if not outcome.winners:
        return f"Nobody wins: {outcome.reason}"
    winners = " and ".join(seat_line(game, match, seat) for seat in sorted(outcome.winners))
    title = "Winner" if len(outcome.winners) == 1 else "Winners"
    return f"🏆 {title}: {winners}. {outcome.reason}"


# -- the private picker -------------------------------------------------------------------------------------


def decision_token(decision: Decision) -> str:
    """A short digest of one seat's decision (where it began, its prompt and choices): a picker drawn for it
    stays good until the seat has decided, so another seat's reaction does not make it stale, and the seat's
    next decision is a new component even when it reads the same (two equal defences in a row)."""
    text = "\n".join([str(decision.since), decision.prompt, *(c.key for c in decision.choices)])
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def step_view(match_id: str, token: str, seat: int, path: tuple[str, ...], step: Step) -> ui.View:
    """One step of the private picker: its select, and Back once past the first step."""
    view = ui.View(timeout=None)
    options = [discord.SelectOption(label=o.label[:100], value=o.key) for o in step.options]  # words, never a key
    view.add_item(StepSelect(match_id, token, seat, join_path(path), options, least=step.least, most=step.most))
    if path:
        view.add_item(BackButton(match_id, token, seat, join_path(path[:-1])))
    return view
