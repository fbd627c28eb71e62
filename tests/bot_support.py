"""Shared pieces of the SimCord tests: a running bot on a temporary database, and reading its answers."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.ai_turns import Thinker
from bot.app import ChangelingBot, build_bot
from bot.components import value_tag
from bot.settings import Settings
from engine import get_game
from engine.ai.levels import Level, scaled, unhurried
from engine.ai.search import decide, level_for
from engine.ai.worker import think_sync
from engine.rng import MatchKey
from engine.service import MatchService
from engine.steps import MULTI_SEPARATOR, path_to


class EnvClock:
    """The service's clock in SimCord tests: the simulated time, which ``env.advance_time`` moves (the bot's
    sleeps are simulated too), so deadlines, reminders and Discord's own timestamps agree."""

    def __init__(self) -> None:
        self.env: simcord.Env | None = None

    def __call__(self) -> datetime:
        return self.env.now() if self.env is not None else datetime.now(UTC)


@dataclass
class World:
    env: simcord.Env
    bot: ChangelingBot
    service: MatchService
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any  # a spectator
    database: Path
    clock: EnvClock = field(default_factory=EnvClock)

    async def restart(self, *, thinker: Thinker = None) -> None:
        """Stop the bot and its service, then start fresh ones on the same database file."""
        await self.service.close()
        self.service = await MatchService.open(self.database, clock=self.clock)
        self.bot = build_bot(Settings(_env_file=None), self.service, thinker=thinker or inline_thinker)
        await self.env.restart_bot(self.bot)


# How long SimCord waits, in real seconds, for the bot to go quiet before it calls a test stuck: a net for a bot
# that hangs, not a clock for slow machines (the work a test asks for is bounded: the AI's budgets below), so
# six times SimCord's default. It must stay under the bot's own shortest timed wait (an AI lease of 60 s):
# SimCord treats a wait that ends beyond the limit as virtual time, and one that ends within it as real.
SETTLE_LIMIT = 30.0
TEST_BUDGET = 0.1  # of each level's search budget: the bot tests need the AI to play, not to play well


def bounded_level(game_id: str, level: str) -> Level:
    """``level`` as the bot tests play it: a tenth of its budget and no wall-clock cap, so a decision is the same
    work, and the same decision, on an idle machine and a busy one (bench/ai.py measures the real levels)."""
    return unhurried(scaled(level_for(game_id, level), TEST_BUDGET))


async def inline_thinker(game_id: str, state: Any, seat: int, level: str, seed: int) -> str:
    """The AI's real search at a bounded level, run in the test's own process so SimCord settles it like any
    bot work."""
    return think_sync(game_id, state, seat, bounded_level(game_id, level), seed)


@asynccontextmanager
async def running_bot(
    database: Path, *, seed: int | None = None, thinker: Thinker = inline_thinker
) -> AsyncIterator[World]:
    """The bot on a fresh database in a simulated server with Alice, Bob and Carol (started and shut down the
    way SimCord's own pytest fixture does, so setup and teardown may run in different contexts). ``seed``
    fixes every match's seed, to replay the same match in two worlds."""
    clock = EnvClock()
    keys = {} if seed is None else {"keys": lambda: MatchKey(seed)}
    service = await MatchService.open(database, clock=clock, **keys)
    env = simcord.Env(
        build_bot(Settings(_env_file=None), service, thinker=thinker), shard_count=1, settle_timeout=SETTLE_LIMIT
    )
    clock.env = env
    await env.start()
    guild = env.create_guild("Test Server")
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    world = World(env, env.bot, service, guild, channel, *people, database, clock)
    try:
        yield world
    finally:
        await env.shutdown()
        await world.service.close()
        if env.check_errors:
            env.raise_errors()


def private_text(result: Any) -> str:
    """The text of the last private answer an interaction got (response or follow-up)."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None, "the interaction got no answer"
    assert message.ephemeral, "answers to one user must be private"
    parts = [message.content or ""]
    parts += [e.description or "" for e in message.embeds]
    parts += [e.title or "" for e in message.embeds]
    return "\n".join(parts)


def private_message(result: Any) -> Any:
    message = result.followups[-1] if result.followups else result.response
    assert message is not None and message.ephemeral
    return message


def custom_ids(message: Any) -> list[str]:
    """Every component custom id on a message, buttons and selects alike."""
    message = getattr(message, "message", message)
    found = []
    for row in message.components:
        for child in getattr(row, "children", []):
            if getattr(child, "custom_id", None):
                found.append(child.custom_id)
    return found


def select_options(message: Any, prefix: str = "chg:") -> list[discord.SelectOption]:
    """The options of the first select whose custom id starts with ``prefix``."""
    message = getattr(message, "message", message)
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.SelectMenu) and child.custom_id.startswith(prefix):
                return list(child.options)
    return []


def channel_text(channel: Any, viewer: Any) -> str:
    """All text ``viewer`` can read in a channel: contents and embeds (titles, descriptions, fields, footers)."""
    parts = []
    for message in channel.history(viewer=viewer):
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def latest_public(world: Any) -> Any:
    """The newest public board (``last_message`` may be an ephemeral answer or a notice)."""
    return [m for m in world.channel.history() if m.attachments and not m.flags.ephemeral][-1]


async def open_wars(world: Any, first: str = "red") -> Any:
    """Alice hosts Wars, Bob joins by button, Alice picks who goes first and starts: returns the first board."""
    await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    await world.bob.click(lobby, label="Join as Blue")
    option = next(cid for cid in custom_ids(lobby) if cid.startswith("chg:opt:"))
    await world.alice.select(world.channel.last_message, [first], custom_id=option)
    await world.alice.click(world.channel.last_message, label="Start")
    return latest_public(world)


async def play(world: Any, player: Any, key: str) -> Any:
    """Take turn on the current board, then pick, step by step, the fragments that build ``key`` in the private
    picker (found from the game's own steps, as a player reads them off each select); returns the final
    select's result."""
    picker = private_message(await player.click(latest_public(world), label="Take turn"))
    return await pick(world, player, picker, key)


async def pick(world: Any, player: Any, picker: Any, key: str) -> Any:
    """In an open picker (after Take turn, or the one a decision chains on to), pick the fragments that build
    ``key``; returns the final select's result."""
    service = world.bot.service  # the bot's own (a SimCord world and the sandbox both have a bot)
    match = await service.in_channel(world.channel.id)
    state = await service.state(match.id)
    game = get_game(match.game)
    deciding = [seat for seat in match.seats_of(player.id) if seat in game.to_decide(state)]
    path = next((p for seat in deciding if (p := path_to(game, state, seat, key)) is not None), None)
    assert path is not None, f"{key} not offered"
    for fragment in path[:-1]:
        picker = private_message(await player.select(picker, _picks(picker, fragment), custom_id=step_id(picker)))
    return await player.select(picker, _picks(picker, path[-1]), custom_id=step_id(picker))


def _picks(picker: Any, fragment: str) -> list[str]:
    """The values to pick on the picker's select for ``fragment``: several, on a multi-select (joined by ``+``
    in a path), each of them offered there."""
    values = fragment.split(MULTI_SEPARATOR) if select_bounds(picker)[1] > 1 else [fragment]
    assert all(value in step_keys(picker) for value in values), f"{fragment} not on the select"
    return tagged(picker, values)


def step_keys(picker: Any) -> list[str]:
    """The choice keys a picker's step select offers, as the engine names them (its values without the step's
    tag, ``bot.components.value_tag``)."""
    return [o.value[len(value_tag(step_id(picker))) :] for o in select_options(picker, "chg:step:")]


def tagged(picker: Any, keys: list[str]) -> list[str]:
    """The select values that pick ``keys`` on this picker's step: each key behind the step's tag."""
    return [value_tag(step_id(picker)) + key for key in keys]


def select_bounds(message: Any) -> tuple[int, int]:
    """(min_values, max_values) of the message's step select (components as objects or as raw data)."""
    message = getattr(message, "message", message)
    for row in message.components:
        for child in getattr(row, "children", None) or row.get("components", []):
            data = child if isinstance(child, dict) else {"custom_id": child.custom_id, "min_values": child.min_values,
                                                           "max_values": child.max_values}  # fmt: skip
            if str(data.get("custom_id", "")).startswith("chg:step:"):
                return data["min_values"], data["max_values"]
    raise AssertionError("no step select")


def step_id(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("chg:step:"))


# A quick scripted Wars game that Red (Alice) wins with its king's large attack on b5, Blue's home row.
RED_WINS = [(0, "c1-c2"), (0, "~c2"), (1, "a5-a4"), (1, "~a4"), (0, "c2-b3"), (0, "~b3"), (1, "e5-e4"), (1, "~a4")]
WINNING_BLOW = "b3xb5"


def close_dms(world: Any, member: Any) -> None:
    """The member turned off DMs from server members: sending to them fails with 50007."""
    world.env.inject_error(
        "POST", f"/channels/{member.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )


HEX_DIGEST = re.compile(r"\b[0-9a-f]{32,64}\b|(?<=seal #\d: )[0-9a-f]{12}\b|(?<=Seal #\d \()[0-9a-f]{12}\b")


def public_record(world) -> list[str]:
    """Every public message's text and image bytes' size, with seal digests masked (they hash random salts)."""
    record = []
    for message in world.channel.history(viewer=world.carol):
        texts = [message.content or ""]
        for embed in message.embeds:
            texts += [embed.title or "", embed.description or "", *(f"{f.name}={f.value}" for f in embed.fields)]
        record.append(HEX_DIGEST.sub("<seal>", "\n".join(texts)))
    return record


async def seat_ai(world: Any, seats: tuple[int, ...], level: str = "easy") -> None:
    """The host gives ``seats`` to the AI at ``level``, with the lobby's AI select."""
    for seat in seats:
        lobby = world.channel.last_message
        ai = next(cid for cid in custom_ids(lobby) if cid.startswith("chg:ai:"))
        await world.alice.select(lobby, [f"{seat}:{level}"], custom_id=ai)


async def type_moves_against_ai(world: Any, *, level: str, limit: int) -> int:
    """Alice holds seat 0 and types each decision (the AI's choice at ``level``) with ``/game move``, while the
    AI seats answer by themselves; fails if a decision of theirs is left unmade. Returns Alice's decisions."""
    decisions = 0
    while (match := await world.service.in_channel(world.channel.id)) is not None:
        state = await world.service.state(match.id)
        game = get_game(match.game)
        if game.to_decide(state) != (0,):
            raise AssertionError("the AI left a decision unmade")
        key = decide(game, state, 0, level=bounded_level(match.game, level), seed=decisions).key
        answer = await world.alice.slash(world.channel, "game move", action=key)
        assert "isn't" not in private_text(answer), key
        decisions += 1
        assert decisions < limit
    return decisions
