"""SimCord: lobbies of up to six seats, with options of every kind (a bounded number, a list, yes/no, several
of a list, a name with a digit) that page into the host's private settings panel when they don't fit."""

from __future__ import annotations

import pytest

from tests.bot_support import (
    custom_ids,
    play,
    private_message,
    private_text,
    running_bot,
    select_options,
)
from tests.fakes.party_game import NAMES, party_game_offered


@pytest.fixture
async def world(tmp_path):
    with party_game_offered():
        async with running_bot(tmp_path / "bot.db") as world:
            yield world


def select_id(message, prefix: str) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith(prefix))


async def test_six_seats_and_five_options_fit_by_moving_settings_to_a_private_panel(world) -> None:
    await world.alice.slash(world.channel, "game new", game="party")
    lobby = world.channel.last_message
    ids = custom_ids(lobby)
    assert sum(cid.startswith("chg:join:") for cid in ids) == 6
    assert not any(cid.startswith(("chg:opt", "chg:clock")) for cid in ids), "the settings don't fit: not inline"
    refused = await world.bob.click(lobby, label="Settings")
    assert "host" in private_text(refused).lower()
    panel = private_message(await world.alice.click(lobby, label="Settings"))
    assert "page 1 of 2" in panel.content
    match = await world.service.in_channel(world.channel.id)
    panel = private_message(await world.alice.select(panel, ["5"], custom_id=select_id(panel, "chg:opt:")))
    assert "page 1 of 2" in panel.content, "the panel stays on its page"
    multi = select_id(panel, "chg:optm:")
    await world.alice.select(panel, ["fog", "echo"], custom_id=multi)
    match = await world.service.get(match.id)
    assert match.options["rounds"] == 5 and sorted(match.options["extras"]) == ["echo", "fog"]
    options = next(f.value for f in world.channel.last_message.embeds[0].fields if f.name == "Options")
    assert "rounds: **5**" in options and "extras: **echo, fog**" in options, "the public lobby is redrawn"
    panel = private_message(await world.alice.click(panel, label="Next"))
    assert "page 2 of 2" in panel.content
    assert select_id(panel, "chg:clock:") and select_id(panel, "chg:expiry:"), "the clock is on the last page"
    await world.alice.select(panel, ["high"], custom_id=select_id(panel, "chg:opt:"))
    match = await world.service.get(match.id)
    assert match.options["level2"] == "high"
    panel = private_message(await world.alice.click(panel, label="Previous"))
    await world.alice.select(panel, [], custom_id=select_id(panel, "chg:optm:"))  # several of a list: or none
    assert (await world.service.get(match.id)).options["extras"] == []


async def test_players_and_a_sixth_seat_from_the_commands(world) -> None:
    await world.alice.slash(world.channel, "game new", game="party", players=3)
    match = await world.service.in_channel(world.channel.id)
    assert match.players == 3 and sum(c.startswith("chg:join:") for c in custom_ids(world.channel.last_message)) == 3
    assert any(c.startswith("chg:settings:") for c in custom_ids(world.channel.last_message))
    confirm = private_message(await world.alice.slash(world.channel, "game abort"))
    await world.alice.click(confirm, label="Yes, end the match")
    await world.alice.slash(world.channel, "game new", game="party", seat=6)
    await world.bob.slash(world.channel, "game join", seat=5)
    match = await world.service.in_channel(world.channel.id)
    assert match.seat_of(world.alice.id) == 5 and match.seat_of(world.bob.id) == 4


@pytest.mark.parametrize("mode", ["competitive", "cooperative"])
async def test_a_six_seat_match_of_people_and_ai_plays_to_its_result(world, mode: str) -> None:
    await world.alice.slash(world.channel, "game new", game="party")
    lobby = await world.service.in_channel(world.channel.id)
    await world.service.lobby.set_options(lobby.id, world.alice.id, {"mode": mode})
    await world.bob.slash(world.channel, "game join")
    await world.carol.slash(world.channel, "game join")
    for seat in (3, 4, 5):
        lobby = world.channel.last_message
        assert f"{seat}:easy" in [o.value for o in select_options(lobby, "chg:ai:")]
        await world.alice.select(lobby, [f"{seat}:easy"], custom_id=select_id(lobby, "chg:ai:"))
    await world.alice.click(world.channel.last_message, label="Start")
    people = {0: world.alice, 1: world.bob, 2: world.carol}
    while (match := await world.service.in_channel(world.channel.id)) is not None:
        result = await world.service.position(match.id)
        (seat,) = result.to_decide
        await play(world, people[seat], "add3")
    final = world.channel.last_message.embeds[0]
    result = next(f.value for f in final.fields if f.name == "Result")
    if mode == "cooperative":
        assert "together" in result or "fell short" in result, "the party wins or loses as one"
    else:
        assert any(name in result for name in NAMES) or "Draw" in result


async def test_one_person_may_take_several_seats_with_join_also(world) -> None:
    await world.alice.slash(world.channel, "game new", game="party", players=3)
    answer = await world.alice.slash(world.channel, "game join", seat=2, also=True)
    assert "You also took Sapphire" in private_text(answer)
    match = await world.service.in_channel(world.channel.id)
    assert match.seats_of(world.alice.id) == (0, 1)
