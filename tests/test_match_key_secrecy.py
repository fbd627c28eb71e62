"""The match key never leaves the engine: not in a log line, an error text, a view, a bot message, a Python log
record, nor the state handed to an AI worker. Whole matches are played through the real bot (SimCord) with a
known key, and every byte that left is searched for it in every spelling."""

from __future__ import annotations

import json
import logging

import pytest

from engine import canonical, get_game
from engine.ai.worker import think_sync
from engine.rng import MatchKey
from tests.bot_support import play, private_text, running_bot
from tests.test_bot_swartzblak import play_scripted_match

KEY = 0xC0FF_EE15_BAD5_EED0_1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321_D15C_0BA1_1AB5_0CA7
GAME = get_game("swartzblak")


def spellings(key: int) -> list[str]:
    """The key as decimal, as hex either way round, and every 8-byte piece of its hex: what a leak would show."""
    big, little = f"{key:064x}", key.to_bytes(32, "little").hex()
    pieces = {text[i : i + 16] for text in (big, little) for i in range(0, 64 - 15, 2)}
    return [str(key), f"{key:x}", big, little, *sorted(pieces)]


def assert_absent(texts: list[str], where: str) -> None:
    blob = "\n".join(texts).lower()
    found = [s for s in spellings(KEY) if s in blob]
    assert not found, f"the match key shows in {where}: {found[:3]}"


def test_the_search_for_the_key_would_find_it() -> None:
    """The control: the same search finds the key in a text that holds it."""
    with pytest.raises(AssertionError):
        assert_absent([f"state: {{'rng': {{'key': {KEY}}}}}"], "a careless log line")
    with pytest.raises(AssertionError):
        assert_absent([f"...{KEY:064x}"[:40]], "a hex fragment")


async def test_a_whole_match_leaks_no_key_anywhere(tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG)  # everything every library logs, as a server owner chasing a bug would
    handed_to_ai: list[str] = []

    async def recording_thinker(game_id: str, state: object, seat: int, level: str, seed: int) -> str:
        handed_to_ai.append(json.dumps(state))
        return think_sync(game_id, state, seat, "easy", seed)

    async with running_bot(tmp_path / "bot.db", seed=KEY, thinker=recording_thinker) as world:
        await play_scripted_match(world, 4)
        ended = await world.service.guild_matches(world.guild.id)
        assert ended and ended[0].key == MatchKey(KEY), "the match really was played under the key"
        match_id = ended[0].id
        texts = [await world.service.log(match_id, seat) for seat in (None, 0, 1)]
        views = [canonical(GAME.view_to_json(await world.service.view_for(match_id, u))) for u in (None, 1)]
        # Errors: a move in a closed match, a malformed key, a command from a stranger.
        await world.alice.slash(world.channel, "game new", game="swartzblak", ai="easy")
        refusals = [await world.carol.slash(world.channel, "game move", action="pick1")]
        refusals.append(await world.alice.slash(world.channel, "game move", action="no such move ~~"))
        await world.alice.click(world.channel.last_message, label="Start")  # the AI picks first
        new_match = await world.service.in_channel(world.channel.id)
        (decision,) = await world.service.decisions_for(new_match.id, world.alice.id)
        await play(world, world.alice, decision.choices[0].key)
        requests = [json.dumps(r.json, default=str) for r in world.env.http_requests]
        transcript = world.env.transcript()
    assert handed_to_ai, "the AI thought at least once"
    assert_absent([line for seat_lines in texts for line in seat_lines], "the match log")
    assert_absent(views, "a view")
    assert_absent([private_text(r) for r in refusals], "an error text")
    assert_absent([*requests, transcript], "a request the bot sent to Discord")
    assert_absent([record.getMessage() for record in caplog.records], "a Python log record")
    assert_absent(handed_to_ai, "the state handed to the AI")
