"""SimCord: a whole Swartzblak match through the real bot with the Adversary's DMs closed, played to a result,
and the same match replayed with another secret pick: every public message must read the same."""

from __future__ import annotations

import re

import pytest

from engine import get_game
from tests.bot_support import (
    channel_text,
    close_dms,
    latest_public,
    play,
    private_message,
    private_text,
    public_record,
    running_bot,
)

GAME = get_game("swartzblak")


async def play_scripted_match(world, pick: int) -> None:
    """Alice plays the Heroes, Bob the Adversary (DMs closed); each turn makes one move, then ends."""
    close_dms(world, world.bob)
    await world.alice.slash(world.channel, "game new", game="swartzblak")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    confirmation = await play(world, world.bob, f"pick{pick}")
    assert f"Varmint {pick}" in private_text(confirmation), "the Adversary's confirmation names its own pick"
    adversary = private_message(await world.bob.click(latest_public(world), label="My secrets"))
    assert f"Varmint {pick}" in adversary.embeds[0].description, "the Adversary sees its own pick"
    heroes = private_message(await world.alice.click(latest_public(world), label="My secrets"))
    assert f"Varmint {pick}" not in (heroes.embeds[0].description or "")
    players = {0: world.alice, 1: world.bob}
    acted_this_turn = False
    while (match := await world.service.in_channel(world.channel.id)) is not None:
        state = await world.service.state(match.id)
        seat = GAME.to_decide(state)[0]
        keys = [c.key for c in GAME.choices(state, seat)]
        moves = [k for k in keys if k != "end" and ">" in k]
        key = moves[0] if moves and not acted_this_turn else ("end" if "end" in keys else keys[0])
        acted_this_turn = key != "end"
        await play(world, players[seat], key)


@pytest.mark.parametrize("pick", [2, 5])
async def test_a_whole_match_with_closed_dms_reaches_a_result_without_leaking(tmp_path, pick) -> None:
    async with running_bot(tmp_path / "bot.db", seed=11) as world:
        await play_scripted_match(world, pick)
        final = latest_public(world)
        result = next(f.value for f in final.embeds[0].fields if f.name == "Result")
        assert "🏆 Winner" in result
        record = public_record(world)
        notices = [text for text in record if "couldn't send you a direct message" in text]
        assert len(notices) == 1 and world.bob.mention in notices[0]
        dm_path = f"/channels/{world.bob.user.dm_channel.id}/messages"
        refused = [r for r in world.env.http_requests if r.method == "POST" and r.path == dm_path]
        assert len(refused) == 1, "after the first refusal, no more DMs of this match are tried"
        before_the_end = "\n".join(record[:-1])
        assert "hiding as" not in before_the_end and "opened" not in before_the_end
        assert f"hiding as Varmint {pick}" in final.embeds[0].description, "the end reveals the pick"


async def test_two_worlds_differing_only_in_the_pick_post_the_same_public_messages(tmp_path) -> None:
    records, images = [], []
    for pick in (2, 5):
        async with running_bot(tmp_path / f"bot{pick}.db", seed=11) as world:
            await play_scripted_match(world, pick)
            records.append(public_record(world))
            boards = [m for m in world.channel.history(viewer=world.carol) if m.attachments]
            images.append([await m.attachments[0].read() for m in boards[:-1]])
    first, second = records
    assert len(first) == len(second)
    assert first[:-1] == second[:-1], "every public message before the reveal is identical"
    assert images[0] == images[1], "every public board image before the reveal is byte-identical"


async def test_the_seals_are_fingerprints_on_the_board_and_whole_behind_verify_seals(tmp_path) -> None:
    """Issue 43: the 64-digit seal and the salt stood in the public board text. Now the board shows a short
    fingerprint; **Verify seals** shows the seal whole (and, at the end, each opening and its check)."""
    async with running_bot(tmp_path / "bot.db", seed=11) as world:
        await play_scripted_match(world, 3)
        match_id = (await world.service.guild_matches(world.guild.id))[0].id
        state = await world.service.state(match_id)
        record = channel_text(world.channel, world.carol)
        assert state.seals and state.seals[0][:12] in record
        assert not re.search(r"[0-9a-f]{32}", record), "no seal or salt whole in the channel"
        final = latest_public(world)
        shown = private_message(await world.carol.click(final, label="Verify seals"))
        text = shown.embeds[0].description
        assert state.seals[0] in text and state.picks[0].salt in text and "✅ it checks out" in text
        assert shown.flags.ephemeral
