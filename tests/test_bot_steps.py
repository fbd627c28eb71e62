"""SimCord: the private picker one step at a time, with Back: 700 choices, and a game's own steps with a
multi-select; nothing is played until the last step, and then exactly once."""

from __future__ import annotations

from tests.bot_support import (
    custom_ids,
    latest_public,
    play,
    private_message,
    running_bot,
    select_bounds,
    select_options,
    step_id,
    step_keys,
    tagged,
)
from tests.fakes.party_game import DiscardPartyGame, WidePartyGame, party_variant_offered


async def open_party(world) -> None:
    await world.alice.slash(world.channel, "game new", game="party", players=2)
    await world.bob.slash(world.channel, "game join")
    await world.alice.click(world.channel.last_message, label="Start")


async def test_seven_hundred_choices_in_steps_with_back(tmp_path) -> None:
    with party_variant_offered(WidePartyGame()):
        async with running_bot(tmp_path / "bot.db") as world:
            await open_party(world)
            picker = private_message(await world.alice.click(latest_public(world), label="Take turn"))
            first = select_options(picker, "chg:step:")
            assert 1 < len(first) <= 25 and all(key.startswith("s") for key in step_keys(picker))
            deeper = private_message(await world.alice.select(picker, [first[-1].value], custom_id=step_id(picker)))
            assert any(cid.startswith("chg:back:") for cid in custom_ids(deeper))
            back = private_message(await world.alice.click(deeper, label="Back"))
            assert [o.value for o in select_options(back, "chg:step:")] == [o.value for o in first]
            match = await world.service.in_channel(world.channel.id)
            assert match.version == 0, "choosing sections and going back plays nothing"
            await play(world, world.alice, "k650")
            match = await world.service.get(match.id)
            assert match.version == 1
            assert "Ruby adds 3." in latest_public(world).embeds[0].description, "k650 adds 650 % 3 + 1"


async def test_a_games_own_steps_with_a_multi_select_commit_once(tmp_path) -> None:
    with party_variant_offered(DiscardPartyGame()):
        async with running_bot(tmp_path / "bot.db") as world:
            await open_party(world)
            picker = private_message(await world.alice.click(latest_public(world), label="Take turn"))
            assert "How much do you add?" in picker.content
            added = await world.alice.select(picker, tagged(picker, ["add3"]), custom_id=step_id(picker))
            cards = private_message(added)
            assert "Discard two or three cards." in cards.content
            assert select_bounds(cards) == (2, 3)
            await world.alice.select(cards, tagged(cards, ["c1", "c4"]), custom_id=step_id(cards))
            match = await world.service.in_channel(world.channel.id)
            assert match.version == 1
            rows = await world.service.store.actions(match.id)
            assert [row.key for row in rows] == ["add3:c1+c4"], "one decision, one log row"
