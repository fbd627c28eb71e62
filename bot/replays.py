"""``/game replay``: a match shown again, privately. A step-through viewer (⏮ ◀ ▶ ⏭, persistent buttons that
edit the viewer in place, so yesterday's viewer still steps) and, once the match is over, its animated replay
cut into parts that fit Discord's attachments.

The engine rebuilds each frame from the log (``engine.replays``): the public view and lines, and after the end
what was hidden. A running match's replay is what its channel saw, nothing more.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import ui

from engine import get_game
from engine.errors import EngineError
from engine.matches import MatchInfo
from engine.replays import PART, ReplayFrame
from engine.service import MatchService
from render import board_png, replay_gif

from .inputs import MATCH_ID
from .replies import guarded, jump_url, reply

COLOUR = discord.Colour(0x56B4E9)
ATTACHMENT_LIMIT = 8 * 1024 * 1024  # what every server accepts from a bot
PARTS = 10  # attachments a message may carry
GIF_SIZE = 512


class NoReplay(EngineError):
    def __init__(self, what: str) -> None:
        super().__init__(what)


def frame_embed(frame: ReplayFrame) -> discord.Embed:
    """The viewer's text: where in the match, that decision's lines, and after the end what was hidden."""
    game = get_game(frame.match.game)
    if not game.meta.hidden_information:  # every move was in plain sight: nothing to hold back or reveal
        state = "over · nothing in this game is hidden" if frame.over else "running · nothing in this game is hidden"
    else:
        state = "over" if frame.over else "running: public history only"
    embed = discord.Embed(title=f"{game.meta.title} · replay of match {frame.match.id}", colour=COLOUR)
    where = "the opening position" if frame.step == 0 else f"decision {frame.step} of {frame.steps}"
    embed.description = f"**{where}** · the match is {state}\n" + ("\n".join(frame.lines) or "")
    if frame.revealed:
        hidden = "\n".join(frame.revealed)
        embed.add_field(name="What was hidden", value=hidden[:1000], inline=False)
    embed.add_field(name="Match", value=f"[its channel]({jump_url(frame.match.guild_id, frame.match.channel_id)})")
    embed.set_image(url="attachment://replay.png")
    return embed


def frame_file(frame: ReplayFrame) -> discord.File:
    caption = " ".join(frame.lines) or None
    return discord.File(io.BytesIO(board_png(frame.view, size=768, caption=caption)), filename="replay.png")


def viewer(frame: ReplayFrame) -> ui.View:
    view = ui.View(timeout=None)
    for tag, label, wanted in (("f", "⏮", 0), ("p", "◀", frame.step - 1), ("n", "▶", frame.step + 1),
                               ("l", "⏭", frame.steps)):  # fmt: skip
        target = max(0, min(frame.steps, wanted))
        button = ReplayButton(frame.match.id, target, tag, label)
        button.item.disabled = target == frame.step
        view.add_item(button)
    return view


def gif_parts(frames: list[ReplayFrame], part: int = PART) -> list[bytes]:
    """The animated replay in parts of at most ``part`` frames, each after the first opening on the last frame
    of the one before, so the parts play on from each other."""
    parts = []
    for start in range(0, len(frames), part):
        chunk = frames[max(0, start - 1) : start + part]
        parts.append(replay_gif([(f.view, " ".join(f.lines) or None) for f in chunk], size=GIF_SIZE))
    return parts


def allowed(interaction: discord.Interaction, match: MatchInfo) -> MatchInfo:
    """A match's replay is its server's to see (and its players', anywhere): its channel was nobody else's."""
    if match.guild_id != interaction.guild_id and not match.seats_of(interaction.user.id):
        raise NoReplay("That match was played on another server: replay it there (or from a seat of yours).")
    return match


class ReplayFlows:
    """``/game replay`` and its buttons."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def _match(self, interaction: discord.Interaction, match_id: str | None) -> MatchInfo:
        """The match named, or this channel's running match, or the last one it held."""
        if match_id is not None:
            if not MATCH_ID.fullmatch(match_id.strip().lower()):
                raise NoReplay(f"`{match_id[:20]}` is not a match id: it is the code in a board's footer.")
            found = await self.service.find(match_id.strip().lower())
            if found is None:
                raise NoReplay(f"There is no match `{match_id.strip().lower()}`.")
            return allowed(interaction, found)
        here = await self.service.in_channel(interaction.channel_id or 0)
        if here is None and interaction.guild_id is not None:
            held = await self.service.guild_matches(interaction.guild_id, limit=200)
            here = next((m for m in held if m.channel_id == interaction.channel_id), None)
        if here is None:
            raise NoReplay("No match was played in this channel: name one with `match:` (the id in its footer).")
        return here

    @guarded
    async def replay(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        """The viewer at the match's latest decision; once it is over, the animated replay as well."""
        match = await self._match(interaction, match_id)
        if match.key is None:
            raise NoReplay("That match has not started: there is nothing to replay yet.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        frame = await self.service.replays.frame(match.id, match.version)
        await reply(interaction, embed=frame_embed(frame), file=frame_file(frame), view=viewer(frame))
        if frame.over:
            frames = await self.service.replays.frames(match.id)
            parts = await asyncio.to_thread(gif_parts, frames)
            fitting = [p for p in parts if len(p) <= ATTACHMENT_LIMIT][:PARTS]
            files = [discord.File(io.BytesIO(p), filename=f"replay-{i + 1}.gif") for i, p in enumerate(fitting)]
            note = f"The whole match, animated ({len(frames) - 1} decisions"
            note += f", in {len(files)} parts)." if len(files) > 1 else ")."
            if len(fitting) < len(parts):
                note += f" {len(parts) - len(fitting)} more parts are too long to attach; step through them above."
            for start in range(0, len(files), PARTS):
                await interaction.followup.send(note, files=files[start : start + PARTS], ephemeral=True)

    @guarded
    async def step(self, interaction: discord.Interaction, match_id: str, step: int) -> None:
        """A viewer button: the frame it names, in place of the one shown."""
        match = await self.service.find(match_id)
        if match is None:
            raise NoReplay("That match is no longer stored.")
        frame = await self.service.replays.frame(allowed(interaction, match).id, step)
        await interaction.response.edit_message(
            embed=frame_embed(frame), attachments=[frame_file(frame)], view=viewer(frame)
        )


STEP = r"^chg:rp:(?P<match>[a-z0-9]{1,16}):(?P<step>\d{1,6}):(?P<tag>[fpnl])$"


class ReplayButton(ui.DynamicItem[ui.Button], template=STEP):
    """A step of the replay viewer (first, previous, next, last): the decision it shows, in its custom id."""

    def __init__(self, match_id: str, step: int, tag: str, label: str) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"chg:rp:{match_id}:{step}:{tag}"))  # fmt: skip
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        labels = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}
        return cls(match["match"], int(match["step"]), match["tag"], labels[match["tag"]])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.flows.replays.step(interaction, self.match_id, self.step)  # type: ignore[attr-defined]


REPLAY_ITEMS = (ReplayButton,)
