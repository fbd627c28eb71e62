"""SimCord: secrets reach only their owner, by DM or through My secrets, even when DMs are closed.

Played with the test-only shell game (a secret and a two-seat decision window) until Swartzblak lands.
"""

from __future__ import annotations

import pytest

from engine.matches import Status
from tests.bot_support import (
    channel_text,
    close_dms,
    custom_ids,
    latest_public,
    private_message,
    private_text,
    running_bot,
    step_keys,
    tagged,
)
from tests.fakes.shell_render import shell_game_offered


@pytest.fixture
async def world(tmp_path):
    with shell_game_offered():
        async with running_bot(tmp_path / "bot.db") as world:
            yield world


async def choose(world, player, key: str) -> None:
    picker = private_message(await player.click(latest_public(world), label="Take turn"))
    assert key in step_keys(picker)
    select = next(cid for cid in custom_ids(picker) if cid.startswith("chg:step:"))
    await player.select(picker, tagged(picker, [key]), custom_id=select)


async def start_shells(world) -> None:
    await world.alice.slash(world.channel, "game new", game="shells")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")


async def test_a_match_with_closed_dms_goes_on_and_the_secret_stays_private(world) -> None:
    close_dms(world, world.alice)
    await start_shells(world)
    notices = [
        m for m in world.channel.history(viewer=world.carol) if "couldn't send you a direct message" in m.content
    ]
    assert len(notices) == 1 and world.alice.mention in notices[0].content
    await choose(world, world.alice, "hide2")
    public = channel_text(world.channel, world.carol) + channel_text(world.channel, world.bob)
    assert "The Trickster hid the pea in secret." in public
    assert "shell 2" not in public and "hide2" not in public
    assert len([m for m in world.channel.history() if "couldn't send you" in m.content]) == 1, "told once"
    mine = private_message(await world.alice.click(latest_public(world), label="My secrets"))
    assert "You hid the pea under shell 2." in mine.embeds[0].description
    theirs = private_message(await world.bob.click(latest_public(world), label="My secrets"))
    assert "shell 2" not in (theirs.embeds[0].description or "")
    # Both decide in the same window: the Guesser lifts a shell while the Trickster taunts.
    await choose(world, world.bob, "guess1")
    assert "shell 2" not in channel_text(world.channel, world.carol)
    await choose(world, world.alice, "taunt")
    final = latest_public(world)
    result = next(f.value for f in final.embeds[0].fields if f.name == "Result")
    assert "Trickster" in result and "stayed hidden" in result
    matches = await world.service.guild_matches(world.guild.id)
    assert matches[0].status is Status.ENDED


async def test_open_dms_receive_the_secret_and_nothing_is_said_in_the_channel(world) -> None:
    await start_shells(world)
    await choose(world, world.alice, "hide3")
    dms = [m.embeds[0].description for m in world.alice.user.dm_channel.history() if m.embeds]
    assert any("You hid the pea under shell 3." in text for text in dms)
    assert not any("couldn't send you" in m.content for m in world.channel.history())
    assert "shell 3" not in channel_text(world.channel, world.carol)
    assert not any(
        "shell 3" in (m.embeds[0].description or "") for m in world.bob.user.dm_channel.history() if m.embeds
    )


async def test_secret_command_shows_only_the_callers_secret(world) -> None:
    await start_shells(world)
    await choose(world, world.alice, "hide1")
    mine = private_text(await world.alice.slash(world.channel, "game secret"))
    assert "You hid the pea under shell 1." in mine
    guesser = private_text(await world.bob.slash(world.channel, "game secret"))
    assert "shell 1" not in guesser
    spectator = private_text(await world.carol.slash(world.channel, "game secret"))
    assert "not playing" in spectator
