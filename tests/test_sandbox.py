"""The local sandbox: it starts, serves its browser page on 127.0.0.1, and a scripted match plays through."""

from __future__ import annotations

import aiohttp

from bot.sandbox import sandbox
from bot.settings import Settings
from tests.bot_support import RED_WINS, WINNING_BLOW, latest_public, open_wars, play


async def test_sandbox_serves_its_page_and_a_whole_match_plays(tmp_path) -> None:
    async with sandbox(Settings(_env_file=None), tmp_path / "sandbox.db") as world:
        assert world.channel.name == "games"
        assert {world.alice.name, world.bob.name} == {"alice", "bob"}
        greeting = world.channel.last_message  # issue 43: the page opened on an empty channel
        assert greeting.author.id == world.bot.user.id and "/game new" in greeting.content
        assert "Viewing as" in greeting.content and "Join" in greeting.content
        async with world.env.preview(world.channel, viewers=[world.alice, world.bob], layout="channel") as page:
            assert page.url.startswith("http://127.0.0.1:")
            async with aiohttp.ClientSession() as http, http.get(page.url.split("#")[0]) as answer:
                assert answer.status == 200
                assert "<html" in (await answer.text()).lower()
        await open_wars(world)
        players = {0: world.alice, 1: world.bob}
        for seat, key in RED_WINS:
            await play(world, players[seat], key)
        await play(world, world.alice, WINNING_BLOW)
        final = latest_public(world)
        assert "🏆 Winner: Red" in next(f.value for f in final.embeds[0].fields if f.name == "Result")
