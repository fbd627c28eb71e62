"""SimCord: input no honest client of today sends. Select values that were never offered (a tampering client),
and buttons whose ids no component of ours claims (posted by an older version of the bot): each gets a clear,
private answer, and nothing changes.

The components are posted by the bot itself, as an older version or a tampering client would have them on a
message, and then used the way any user uses them."""

from __future__ import annotations

import discord
import pytest
from simcord.actors import _visible_message  # a tampering client: see offer_too
from simcord.components import walk_components

from bot.inputs import OUTDATED, UNREADABLE
from bot.replies import SORRY
from engine.matches import Status
from tests.bot_support import custom_ids, latest_public, open_wars, private_message, private_text, running_bot


@pytest.fixture
async def world(tmp_path):
    async with running_bot(tmp_path / "bot.db") as world:
        yield world


async def post_button(world, custom_id: str, where=None) -> discord.Message:
    """A message of the bot's carrying one button with ``custom_id`` (in the games channel, or ``where``)."""
    view = discord.ui.View(timeout=None).add_item(discord.ui.Button(label="Old button", custom_id=custom_id))
    channel = world.bot.get_partial_messageable((where or world.channel).id)
    message = await channel.send("An old message", view=view)
    view.stop()
    return message


async def post_select(world, custom_id: str, values: list[str]) -> discord.Message:
    """A message of the bot's carrying one select with ``custom_id`` that offers ``values``."""
    select = discord.ui.Select(
        custom_id=custom_id,
        options=[discord.SelectOption(label=v or "empty", value=v or "-") for v in values],
        max_values=len(values),
    )
    view = discord.ui.View(timeout=None).add_item(select)
    message = await world.bot.get_partial_messageable(world.channel.id).send("A tampered message", view=view)
    view.stop()
    return message


def message_of(world, message: discord.Message):
    return next(m for m in world.channel.history() if m.id == message.id)


async def open_lobby(world, game: str = "metamorph", players: int = 3):
    await world.alice.slash(world.channel, "game new", game=game, players=players)
    return await world.service.in_channel(world.channel.id)


@pytest.mark.parametrize("value", ["9:easy", "99999999999999999999:easy", "x:easy", "1", "1:", ":easy", "1:wizard"])
async def test_a_forged_ai_seat_value_is_refused_privately(world, value) -> None:
    match = await open_lobby(world)
    posted = await post_select(world, f"chg:ai:{match.id}", [value])
    answer = await world.alice.select(message_of(world, posted), [value], custom_id=f"chg:ai:{match.id}")
    text = private_text(answer)
    assert text != SORRY
    assert text in (UNREADABLE, "That is not an AI level: choose easy, normal, hard.")
    assert (await world.service.get(match.id)).seats == match.seats


@pytest.mark.parametrize(
    ("prefix", "values"),
    [("chg:clock", ["never:1"]), ("chg:expiry", ["explode"]), ("chg:clock", ["live:5", "corr:3"])],
)
async def test_forged_clock_values_are_refused_privately(world, prefix, values) -> None:
    match = await open_lobby(world, "wars", 2)
    posted = await post_select(world, f"{prefix}:{match.id}", values)
    answer = await world.alice.select(message_of(world, posted), values, custom_id=f"{prefix}:{match.id}")
    assert private_text(answer) != SORRY
    assert (await world.service.get(match.id)).time_control == match.time_control


@pytest.mark.parametrize("values", [["purple"], ["red", "blue"]])
async def test_forged_option_values_are_refused_privately(world, values) -> None:
    match = await open_lobby(world, "wars", 2)
    custom_id = f"chg:opt:{match.id}:first"
    posted = await post_select(world, custom_id, values)
    answer = await world.alice.select(message_of(world, posted), values, custom_id=custom_id)
    assert private_text(answer) != SORRY
    assert (await world.service.get(match.id)).options == match.options


def offer_too(actor, message, custom_id: str, values: list[str]) -> None:
    """A tampering client: the select ``custom_id`` of a message ``actor`` sees (a private picker too) claims to
    offer ``values`` as well, so they can be sent. (SimCord's stored message, changed in place: what the
    client shows, not what the bot posted.)"""
    stored = _visible_message(actor, message)
    select = next(c for c in walk_components(stored.components) if c.get("custom_id") == custom_id)
    select["options"] = [*select["options"], *({"label": v or "-", "value": v} for v in values)]
    select["max_values"] = max(select.get("max_values", 1), len(values))


@pytest.mark.parametrize("fragments", [["zz9"], ["s99"], ["c1-c2", "b1-b2"], [""], ["c1-c2 c1-c2"]])
async def test_a_forged_step_value_is_refused_privately(world, fragments) -> None:
    board = await open_wars(world)
    picker = private_message(await world.alice.click(board, label="Take turn"))
    step = next(cid for cid in custom_ids(picker) if cid.startswith("chg:step:"))
    offer_too(world.alice, picker, step, fragments)
    answer = await world.alice.select(picker, fragments, custom_id=step)
    assert private_text(answer) not in ("", SORRY)
    assert (await world.service.in_channel(world.channel.id)).version == 0


async def test_a_step_select_on_a_public_message_is_refused_and_edits_nothing(world) -> None:
    board = await open_wars(world)
    picker = private_message(await world.alice.click(board, label="Take turn"))
    step = next(cid for cid in custom_ids(picker) if cid.startswith("chg:step:"))
    posted = await post_select(world, step, ["c1-c2"])
    answer = await world.alice.select(message_of(world, posted), ["c1-c2"], custom_id=step)
    assert private_text(answer) == UNREADABLE
    assert message_of(world, posted).content == "A tampered message"
    assert (await world.service.in_channel(world.channel.id)).version == 0


def unclaimed_ids(match_id: str) -> list[str]:
    return [
        "chg:nosuchthing:1",
        "chg:",
        "chg:turn::",
        "chg:turn:" + "9" * 90,
        f"chg:turn:{match_id.upper()}:0",
        f"chg:step:{match_id}:dead",
        f"chg:secret:{match_id}:extra",
        f"chg:join:{match_id}:x",
    ]


@pytest.mark.parametrize("which", range(8))
async def test_a_button_no_component_claims_says_it_is_out_of_date_with_a_link(world, which) -> None:
    board = await open_wars(world)
    match = await world.service.in_channel(world.channel.id)
    custom_id = unclaimed_ids(match.id)[which]
    posted = await post_button(world, custom_id)
    answer = await world.carol.click(message_of(world, posted), custom_id=custom_id)
    text = private_text(answer)
    assert text.startswith(OUTDATED)
    assert str(latest_public(world).id) in text and str(board.id) in text
    assert (await world.service.get(match.id)).version == 0


async def test_an_out_of_date_button_outside_any_match_says_so_without_a_link(world) -> None:
    posted = await post_button(world, "chg:nosuchthing:1")
    answer = await world.alice.click(message_of(world, posted), custom_id="chg:nosuchthing:1")
    assert private_text(answer) == OUTDATED


async def test_an_old_button_of_an_ended_match_posted_elsewhere_links_to_that_match(world) -> None:
    board = await open_wars(world)
    match = await world.service.in_channel(world.channel.id)
    asked = private_message(await world.alice.slash(world.channel, "game abort"))
    await world.alice.click(asked, label="Yes, end the match")
    assert (await world.service.get(match.id)).status is Status.ABORTED
    elsewhere = world.guild.create_text_channel("elsewhere")
    custom_id = f"chg:turn:{match.id.upper()}:0"
    posted = await post_button(world, custom_id, elsewhere)
    stored = next(m for m in elsewhere.history() if m.id == posted.id)
    answer = await world.bob.click(stored, custom_id=custom_id)
    assert private_text(answer) == f"{OUTDATED} The current board is here: {board.jump_url}"


def claimed_but_wrong(match_id: str) -> list[str]:
    """Ids a template of today claims, with parts that name nothing."""
    return [
        f"chg:join:{match_id}:9",
        f"chg:timeout:claim:{match_id}:9:0",
        f"chg:timeout:skip:{match_id}:1:99999999999999999999",
        "chg:rules:nosuchgame:0",
        "chg:rules:wars:99999999999999999999",
        f"chg:img:{match_id}:nosuch",
        f"chg:settings:{match_id}:-5",
        "chg:turn:nosuchmatch:0",
        "chg:secret:nosuchmatch",
        f"chg:back:{match_id}:00000000:0:s9 s9",
        f"chg:step:{match_id}:00000000:9:",
        f"chg:confirm:resign:{match_id}",
        "chg:rematch:nosuchmatch",
    ]


@pytest.mark.parametrize("which", range(13))
async def test_a_claimed_id_naming_nothing_gets_a_private_answer_and_changes_nothing(world, which) -> None:
    await open_wars(world)
    match = await world.service.in_channel(world.channel.id)
    custom_id = claimed_but_wrong(match.id)[which]
    posted = await post_button(world, custom_id)
    answer = await world.carol.click(message_of(world, posted), custom_id=custom_id)
    assert private_text(answer) not in ("", SORRY)
    after = await world.service.get(match.id)
    assert (after.version, after.status) == (0, Status.ACTIVE)
