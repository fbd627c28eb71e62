"""Sharding: the settings that split a bot over processes, and one bot running two shards in SimCord, a whole
match in a guild of each shard, and a process taking over mid-match from the one that posted the buttons."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord
from pydantic import ValidationError

from bot.app import build_bot
from bot.settings import Settings
from engine.service import MatchService
from tests.bot_support import RED_WINS, SETTLE_LIMIT, WINNING_BLOW, EnvClock, World, inline_thinker, open_wars, play


def settings(**environment: str) -> Settings:
    return Settings(_env_file=None, **environment)  # type: ignore[arg-type]


def test_each_process_names_the_shard_count_and_its_own_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHANGELING_SHARD_COUNT", "4")
    monkeypatch.setenv("CHANGELING_SHARD_IDS", "2, 3")
    chosen = Settings(_env_file=None)
    assert (chosen.shard_count, chosen.shard_ids, chosen.syncs_commands) == (4, (2, 3), False)
    monkeypatch.setenv("CHANGELING_SHARD_IDS", "0,1")
    assert Settings(_env_file=None).syncs_commands, "the process with shard 0 registers the commands"
    monkeypatch.setenv("CHANGELING_SHARD_IDS", "")
    assert Settings(_env_file=None).shard_ids is None  # every shard of the count
    monkeypatch.delenv("CHANGELING_SHARD_COUNT")
    monkeypatch.delenv("CHANGELING_SHARD_IDS")
    plain = Settings(_env_file=None)
    assert (plain.shard_count, plain.shard_ids, plain.syncs_commands) == (None, None, True)


@pytest.mark.parametrize(
    ("count", "ids", "fragment"),
    [
        (None, "0", "needs CHANGELING_SHARD_COUNT"),
        ("2", "2", "from 0 to 1"),
        ("2", "1,1", "distinct"),
        ("0", "", "greater than or equal to 1"),
    ],
)
def test_shard_settings_that_cannot_work_are_refused(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str, fragment: str
) -> None:
    if count is not None:
        monkeypatch.setenv("CHANGELING_SHARD_COUNT", count)
    monkeypatch.setenv("CHANGELING_SHARD_IDS", ids)
    with pytest.raises(ValidationError, match=fragment):
        Settings(_env_file=None)


async def test_the_bot_runs_the_shards_it_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHANGELING_SHARD_COUNT", "3")
    monkeypatch.setenv("CHANGELING_SHARD_IDS", "1")
    async with await MatchService.open(tmp_path / "s.db") as service:
        bot = build_bot(Settings(_env_file=None), service, thinker=inline_thinker)
        assert (bot.shard_count, bot.shard_ids) == (3, [1])


async def test_a_two_shard_bot_serves_a_whole_match_in_a_guild_of_each_shard(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CHANGELING_SHARD_COUNT", "2")
    database = tmp_path / "shards.db"
    clock = EnvClock()
    service = await MatchService.open(database, clock=clock)
    env = simcord.Env(build_bot(Settings(_env_file=None), service, thinker=inline_thinker), settle_timeout=SETTLE_LIMIT)
    clock.env = env
    await env.start()
    try:
        worlds = []
        for shard in (0, 1):
            guild = env.create_guild(f"Shard {shard} Server", shard_id=shard)
            channel = guild.create_text_channel("games")
            people = [guild.add_member(env.create_user(f"{name}{shard}")) for name in ("alice", "bob", "carol")]
            worlds.append(World(env, env.bot, service, guild, channel, *people, database, clock))
        assert {env.bot.get_guild(w.guild.id).shard_id for w in worlds} == {0, 1}
        boards = [await open_wars(world) for world in worlds]
        assert all(board.embeds[0].title == "Shapeshifter Wars · turn 1" for board in boards)
        for number, (seat, key) in enumerate(RED_WINS):  # the two matches move in turn, each on its own shard
            if number == len(RED_WINS) // 2:  # another process takes over: a new service and bot, one database
                await service.close()
                service = await MatchService.open(database, clock=clock)
                await env.restart_bot(build_bot(Settings(_env_file=None), service, thinker=inline_thinker))
                for world in worlds:
                    world.bot, world.service = env.bot, service
            for world in worlds:
                await play(world, world.alice if seat == 0 else world.bob, key)
        for world in worlds:
            await play(world, world.alice, WINNING_BLOW)
            assert await service.in_channel(world.channel.id) is None, "the match ended"
        finished = [await service.guild_matches(world.guild.id) for world in worlds]
        assert all(len(matches) == 1 and matches[0].outcome.winners == {0} for matches in finished)
    finally:
        await env.shutdown()
        await service.close()
        env.raise_errors()


def test_the_example_environment_file_reads_as_one_sandbox_process() -> None:
    example = Settings(_env_file=Path(__file__).parents[1] / ".env.example")
    assert (example.shard_count, example.shard_ids, example.database, example.sandbox) == (
        None,
        None,
        "changeling.db",
        True,
    )
