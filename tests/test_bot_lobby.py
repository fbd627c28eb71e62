"""SimCord: lobbies (commands and buttons), options, starting, cancelling, aborting and rematches."""

from __future__ import annotations

import discord
import pytest

from engine.matches import Status
from tests.bot_support import custom_ids, private_message, private_text, running_bot


@pytest.fixture
async def world(tmp_path):
    async with running_bot(tmp_path / "bot.db") as world:
        yield world


async def test_new_opens_a_lobby_with_seats_options_and_host_buttons(world) -> None:
    answer = await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    assert not answer.ephemeral
    embed = lobby.embeds[0]
    assert embed.title == "New game: Shapeshifter Wars"
    seats = next(f.value for f in embed.fields if f.name == "Seats")
    assert f"Red ({world.alice.mention})" in seats and "Blue (open)" in seats
    ids = custom_ids(lobby)
    assert any(i.endswith(":1") and i.startswith("chg:join:") for i in ids)
    assert {i.split(":")[2] for i in ids if i.startswith("chg:lobby:")} == {"start", "leave", "cancel"}
    assert any(i.startswith("chg:opt:") and i.endswith(":first") for i in ids)


async def test_a_second_lobby_in_the_same_channel_is_refused(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    again = await world.bob.slash(world.channel, "game new", game="wars")
    assert "already" in private_text(again)


async def test_join_leave_and_start_work_as_commands(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    early = await world.alice.slash(world.channel, "game start")
    assert "player" in private_text(early).lower()
    joined = await world.bob.slash(world.channel, "game join")
    assert "You joined as Blue" in private_text(joined)
    seats = next(f.value for f in world.channel.last_message.embeds[0].fields if f.name == "Seats")
    assert f"Blue ({world.bob.mention})" in seats, "the lobby message is updated for keyboard joins too"
    twice = await world.bob.slash(world.channel, "game join")
    assert "already" in private_text(twice).lower()
    await world.bob.slash(world.channel, "game leave")
    assert (await world.service.in_channel(world.channel.id)).seats[1].user_id is None
    await world.carol.slash(world.channel, "game join", seat=2)
    not_host = await world.carol.slash(world.channel, "game start")
    assert "host" in private_text(not_host).lower()
    await world.alice.slash(world.channel, "game start")
    match = await world.service.in_channel(world.channel.id)
    assert match.status is Status.ACTIVE
    assert world.channel.last_message.attachments, "the first board is posted"


async def test_only_the_host_changes_options(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    option = next(cid for cid in custom_ids(lobby) if cid.startswith("chg:opt:"))
    refused = await world.bob.select(lobby, ["blue"], custom_id=option)
    assert "host" in private_text(refused).lower()
    assert (await world.service.in_channel(world.channel.id)).options["first"] == "random"
    await world.alice.select(world.channel.last_message, ["blue"], custom_id=option)
    assert (await world.service.in_channel(world.channel.id)).options["first"] == "blue"
    assert "first: **blue**" in world.channel.last_message.embeds[0].fields[1].value


async def test_cancel_asks_first_then_closes_the_lobby(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    asked = private_message(await world.alice.click(world.channel.last_message, label="Cancel"))
    assert "Cancel this lobby?" in asked.content
    await world.alice.click(asked, label="Yes, end the match")
    assert await world.service.in_channel(world.channel.id) is None
    lobby = next(m for m in world.channel.history() if m.embeds)
    assert lobby.embeds[0].title == "Lobby cancelled" and custom_ids(lobby) == []


async def test_abort_is_for_the_host_or_moderators_only(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    refused = await world.bob.slash(world.channel, "game abort")
    assert "Only the host" in private_text(refused)
    moderators = world.guild.create_role("Moderators", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[moderators])
    asked = private_message(await mod.slash(world.channel, "game abort"))
    assert "without a result" in asked.content
    await mod.click(asked, label="Yes, end the match")
    assert await world.service.in_channel(world.channel.id) is None
    assert "was ended by" in world.channel.last_message.content


async def test_host_may_abort_a_running_match(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    asked = private_message(await world.alice.slash(world.channel, "game abort"))
    await world.alice.click(asked, label="Yes, end the match")
    matches = await world.service.guild_matches(world.guild.id)
    assert matches[0].status is Status.ABORTED


async def test_rematch_opens_a_new_lobby_with_the_same_players(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    asked = private_message(await world.bob.slash(world.channel, "game resign"))
    await world.bob.click(asked, label="Yes, resign")
    final = world.channel.last_message
    await world.bob.click(final, label="Rematch")
    lobby = world.channel.last_message
    assert lobby.embeds[0].title == "New game: Shapeshifter Wars"
    match = await world.service.in_channel(world.channel.id)
    assert match.status is Status.LOBBY and set(match.user_ids) == {world.alice.id, world.bob.id}


async def test_commands_outside_a_match_explain_how_to_start(world) -> None:
    for command in ("game board", "game start", "game resign", "game secret", "game leave"):
        answer = await world.alice.slash(world.channel, command)
        assert "/game new" in private_text(answer), command
