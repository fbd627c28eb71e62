"""SimCord: the AI in lobbies and in play, its thinking state, and its turns surviving a restart."""

from __future__ import annotations

import pytest

from bot.ai_turns import AI_LEVELS
from bot.catalog import offered_games
from engine import get_game
from engine.ai import worker
from engine.ai.worker import think_sync
from engine.matches import MatchInfo, Status
from engine.service import LEASE_HOLD
from tests.bot_support import custom_ids, inline_thinker, latest_public, play, private_text, running_bot
from tests.conftest import PostgresServer


@pytest.fixture
async def world(tmp_path):
    async with running_bot(tmp_path / "bot.db") as world:
        yield world


def ai_select(message) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("chg:ai:"))


async def test_solo_play_against_the_ai_answers_every_human_move(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars", ai="easy")
    seats = next(f.value for f in world.channel.last_message.embeds[0].fields if f.name == "Seats")
    assert "Blue (AI, easy)" in seats
    option = next(cid for cid in custom_ids(world.channel.last_message) if cid.startswith("chg:opt:"))
    await world.alice.select(world.channel.last_message, ["red"], custom_id=option)
    await world.alice.click(world.channel.last_message, label="Start")
    await play(world, world.alice, "b1-b2")
    await play(world, world.alice, "~b2")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 4, "the AI played its move and its transform at once"
    board = latest_public(world)
    assert board.content == f"{world.alice.mention}, your turn."
    assert "Blue" in board.embeds[0].description
    typing = [r for r in world.env.http_requests if r.path.endswith("/typing")]
    assert typing, "the AI shows a thinking state while it decides"


async def test_the_host_seats_and_removes_ai_players_in_the_lobby(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    refused = await world.bob.select(lobby, ["1:hard"], custom_id=ai_select(lobby))
    assert "host" in private_text(refused).lower()
    await world.alice.select(lobby, ["1:hard"], custom_id=ai_select(lobby))
    match = await world.service.in_channel(world.channel.id)
    assert match.seats[1].ai_level == "hard"
    lobby = world.channel.last_message
    assert "Blue (AI, hard)" in lobby.embeds[0].fields[0].value
    await world.alice.select(lobby, ["1:open"], custom_id=ai_select(lobby))
    assert (await world.service.in_channel(world.channel.id)).seats[1].ai_level is None
    joined = await world.bob.slash(world.channel, "game join")
    assert "You joined as Blue" in private_text(joined)


async def ai_to_move_that_cannot_think(world) -> MatchInfo:
    """Alice plays Red against an easy AI that moves first, but whose worker dies whenever it thinks."""

    async def broken(*_: object) -> str:
        raise RuntimeError("the worker died")

    world.bot.flows.ai.thinker = broken
    await world.alice.slash(world.channel, "game new", game="wars", ai="easy")
    option = next(cid for cid in custom_ids(world.channel.last_message) if cid.startswith("chg:opt:"))
    await world.alice.select(world.channel.last_message, ["blue"], custom_id=option)
    await world.alice.click(world.channel.last_message, label="Start")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 0, "the AI could not think"
    return match


async def test_an_ai_turn_interrupted_by_a_restart_is_taken_after_it(world) -> None:
    await ai_to_move_that_cannot_think(world)
    await world.restart(thinker=inline_thinker)
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 2 and match.status is Status.ACTIVE, "after the restart the AI took its turn"
    assert latest_public(world).content == f"{world.alice.mention}, your turn."


async def test_the_real_worker_process_thinks_for_the_bot(tmp_path) -> None:
    try:
        async with running_bot(tmp_path / "bot.db", thinker=worker.think) as world:
            await world.alice.slash(world.channel, "game new", game="wars", ai="easy")
            option = next(cid for cid in custom_ids(world.channel.last_message) if cid.startswith("chg:opt:"))
            await world.alice.select(world.channel.last_message, ["blue"], custom_id=option)
            await world.alice.click(world.channel.last_message, label="Start")
            match = await world.service.in_channel(world.channel.id)
            assert match.version == 2
    finally:
        worker.shutdown()


@pytest.mark.parametrize("game_id", ["metamorph", "goodvsbad", "shadowscape"])
async def test_ai_without_a_count_opens_a_table_for_two(world, game_id: str) -> None:
    """Issue 43: ``/game new game:metamorph ai:normal`` sat one person with five AI wizards in a "duel"."""
    await world.alice.slash(world.channel, "game new", game=game_id, ai="easy")
    match = await world.service.in_channel(world.channel.id)
    assert match.players == 2 and match.seats[1].ai_level == "easy"
    await world.service.abort(match.id, world.alice.id)
    await world.alice.slash(world.channel, "game new", game=game_id, ai="easy", seat=3)
    match = await world.service.in_channel(world.channel.id)
    assert match.players == 3 and match.seats_of(world.alice.id) == (2,), "room for the seat asked for"


async def test_a_lobby_full_of_people_offers_no_ai_seat(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    assert any(cid.startswith("chg:ai:") for cid in custom_ids(world.channel.last_message))
    await world.bob.slash(world.channel, "game join")
    lobby = next(m for m in reversed(world.channel.history()) if m.embeds and m.embeds[0].title.startswith("New game"))
    assert not any(cid.startswith("chg:ai:") for cid in custom_ids(lobby))


SEATS = [(game.meta.id, seat) for game in offered_games() for seat in range(len(game.meta.seat_names))]


@pytest.mark.parametrize("level", AI_LEVELS)
@pytest.mark.parametrize(("game_id", "ai_seat"), SEATS)
async def test_every_seat_of_every_game_plays_against_every_level(tmp_path, game_id, ai_seat, level) -> None:
    """The host may sit on any side and give the others to the AI at any level; the AI then plays its seats
    at that level. (The search itself runs at easy here: what each level costs and wins is bench/ai.py's job.)"""
    asked: list[tuple[int, str]] = []

    async def thinker(gid: str, state: object, seat: int, lv: str, seed: int) -> str:
        asked.append((seat, lv))
        return think_sync(gid, state, seat, "easy", seed)

    async with running_bot(tmp_path / "bot.db", seed=41, thinker=thinker) as world:
        names = get_game(game_id).meta.seat_names
        await world.alice.slash(world.channel, "game new", game=game_id, players=len(names))  # every seat open
        human = 1 if ai_seat == 0 else 0
        if human:
            moved = await world.alice.click(world.channel.last_message, label=f"Join as {names[human]}")
            assert f"You moved to {names[human]}" in private_text(moved)
        for seat in range(len(names)):
            if seat != human:
                lobby = world.channel.last_message
                await world.alice.select(lobby, [f"{seat}:{level}"], custom_id=ai_select(lobby))
        await world.alice.click(world.channel.last_message, label="Start")
        match = await world.service.in_channel(world.channel.id)
        assert match.seats[ai_seat].ai_level == level and match.seat_of(world.alice.id) == human
        played = 0
        while (ai_seat, level) not in asked and played < 20:  # the human plays until that seat's AI has decided
            (decision,) = await world.service.decisions_for(match.id, world.alice.id)
            await play(world, world.alice, decision.choices[0].key)
            played += 1
        assert (ai_seat, level) in asked and all(lv == level and seat != human for seat, lv in asked)
        now = await world.service.in_channel(world.channel.id)
        assert now.version == played + len(asked), "every decision the AI made was committed"


async def test_solo_play_from_any_seat_in_one_command(world) -> None:
    """``/game new ai:… seat:…`` seats the host where asked and the AI everywhere else; a seat the game does not
    have is refused privately and opens no lobby."""
    refused = await world.alice.slash(world.channel, "game new", game="swartzblak", ai="normal", seat=3)
    assert "no seat 3" in private_text(refused) and await world.service.in_channel(world.channel.id) is None
    await world.alice.slash(world.channel, "game new", game="swartzblak", ai="normal", seat=2)
    match = await world.service.in_channel(world.channel.id)
    assert match.seat_of(world.alice.id) == 1 and match.seats[0].ai_level == "normal"
    seats = next(f.value for f in world.channel.last_message.embeds[0].fields if f.name == "Seats")
    assert "Heroes (AI, normal)" in seats and f"Adversary ({world.alice.mention})" in seats


async def test_on_postgresql_a_dead_process_s_ai_match_is_taken_up_once_its_lease_lapses(
    postgres_server: PostgresServer,
) -> None:
    async with running_bot(postgres_server.new_database()) as world:  # type: ignore[arg-type]
        match = await ai_to_move_that_cannot_think(world)
        # Another process was driving this match's AI when it died: its lease is held for a minute more.
        now = world.service.now()
        assert await world.service.store.claim_lease(f"ai:{match.id}", "dead", now, now + LEASE_HOLD)
        await world.restart(thinker=inline_thinker)
        assert (await world.service.get(match.id)).version == 0, "a held match is not driven twice"
        await world.env.advance_time(LEASE_HOLD.total_seconds() + 1)  # the lease lapses; the sweep takes it up
        match = await world.service.get(match.id)
        assert match.version == 2 and match.status is Status.ACTIVE, "the AI took its turn in this process"
        assert latest_public(world).content == f"{world.alice.mention}, your turn."
        assert await world.service.store.lapsed_leases("ai:", world.service.now()) == []
