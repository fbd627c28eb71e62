"""Results and ratings through the match service, on a real SQLite file and a real PostgreSQL server: a rating
changes exactly once, in the write that ends a match; an aborted match changes nothing; a resignation is a loss;
AI seats and co-op make a match unrated but recorded; the ladders, history and a rebuild from the results."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from engine.clocks import PlayerSettings
from engine.matches import ActResult, Seat, Status
from engine.ratings import OVERALL, SHOWN_BASE, rebuild
from engine.service import MatchService
from engine.store import is_postgres
from engine.store.rebuild import check, main
from tests.fakes.party_game import party_game_offered
from tests.helpers.matches import CHANNEL, GUILD, HOST, open_service, query, service

__all__ = ["service"]  # fixtures
PEOPLE = (HOST, 2, 3, 4, 5, 6)


@pytest.fixture(autouse=True)
def party() -> Iterator[None]:
    with party_game_offered():
        yield


async def party_match(
    svc: MatchService, players: int, *, channel: int = CHANNEL, ai: int = 0, **options: object
) -> ActResult:
    """A started party match of ``players`` seats: people in order, the last ``ai`` seats the AI's."""
    match = await svc.lobby.create(channel_id=channel, host_id=HOST, game_id="party", guild_id=GUILD,
                                   players=players, options={"rounds": 1, **options})  # fmt: skip
    for seat in range(1, players - ai):
        match = await svc.lobby.join(match.id, PEOPLE[seat], seat=seat)
    for seat in range(players - ai, players):
        match = await svc.lobby.seat_ai(match.id, HOST, "easy", seat)
    return await svc.start(match.id, HOST)


async def finish(svc: MatchService, started: ActResult, adds: dict[int, int] | None = None) -> ActResult:
    """Every seat, person or AI, adds ``adds[seat]`` (1 by default) once: one round, so the biggest add wins."""
    result = started
    while result.outcome is None:
        seat = next(iter(result.to_decide))
        result = await svc.play(result.match.id, seat, f"add{(adds or {}).get(seat, 1)}", result.version)
    return result


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_a_rated_match_changes_each_rating_once_when_it_ends(
    service: MatchService, database: str | Path, players: int
) -> None:
    started = await party_match(service, players)
    assert await service.store.rating(HOST, "party", OVERALL) is None, "nothing before the end"
    ended = await finish(service, started, {0: 3})
    assert ended.match.status is Status.ENDED and ended.outcome.winners == {0}
    stored = await service.store.result(ended.match.id)
    assert stored is not None
    result, shown = stored
    assert result.rated and [p.place for p in result.placings] == [1] + [2] * (players - 1)
    assert shown[0][0] == SHOWN_BASE and shown[0][1] > SHOWN_BASE
    for scope in (OVERALL, GUILD):
        winner = await service.store.rating(HOST, "party", scope)
        loser = await service.store.rating(PEOPLE[1], "party", scope)
        assert winner is not None and loser is not None
        assert (winner.matches, winner.wins, loser.matches, loser.wins) == (1, 1, 1, 0)
        assert winner.ordinal > loser.ordinal
    assert await query(database, "SELECT count(*) FROM results") == [(1,)]
    assert await query(database, "SELECT count(*) FROM ratings") == [(2 * players,)]


async def test_a_draw_is_rated_level_and_an_aborted_match_changes_nothing(service: MatchService) -> None:
    drawn = await finish(service, await party_match(service, 2))
    assert drawn.outcome.draw
    result, _ = await service.store.result(drawn.match.id)
    assert [p.place for p in result.placings] == [1, 1] and not any(p.won for p in result.placings)
    before = await service.store.ratings_table()
    aborted = await party_match(service, 2)
    await service.play(aborted.match.id, 0, "add3", aborted.version)
    await service.abort(aborted.match.id, HOST)
    assert await service.store.result(aborted.match.id) is None
    assert await service.store.ratings_table() == before


async def test_a_resignation_is_a_loss(service: MatchService) -> None:
    started = await party_match(service, 2)
    ended = await service.resign(started.match.id, HOST)
    assert ended.match.status is Status.ENDED
    result, _ = await service.store.result(ended.match.id)
    assert [(p.user_id, p.place, p.won, p.resigned) for p in result.placings] == [
        (HOST, 2, False, True), (PEOPLE[1], 1, True, False),
    ]  # fmt: skip
    assert (await service.store.rating(HOST, "party", OVERALL)).wins == 0


async def test_ai_seats_and_co_op_are_recorded_but_not_rated(service: MatchService) -> None:
    coop = await finish(service, await party_match(service, 2, mode="cooperative"))
    result, shown = await service.store.result(coop.match.id)
    assert result.cooperative and not result.rated and shown == {0: (None, None), 1: (None, None)}
    assert await service.store.ratings_table() == {}
    history = await service.store.history(HOST)
    assert [entry.match_id for entry in history] == [coop.match.id] and history[0].opponents == (PEOPLE[1],)


async def test_the_ladder_ranks_by_the_conservative_rating_and_leaves_out_who_hides(service: MatchService) -> None:
    for channel, adds in ((101, {0: 3}), (102, {0: 3}), (103, {1: 3})):
        await finish(service, await party_match(service, 2, channel=channel), adds)
    ladder = await service.store.ladder("party", GUILD)
    assert [line.user_id for line in ladder] == [HOST, PEOPLE[1]] and [line.rank for line in ladder] == [1, 2]
    assert await service.store.rank_of(PEOPLE[1], "party", GUILD) == 2
    assert await service.store.ladder_size("party", OVERALL) == 2
    await service.store.put_player(PlayerSettings(HOST, hidden=True))
    assert [line.user_id for line in await service.store.ladder("party", GUILD)] == [PEOPLE[1]]
    assert await service.store.rank_of(HOST, "party", GUILD) is None
    assert await service.store.rank_of(PEOPLE[1], "party", GUILD) == 1
    assert (await service.store.rating(HOST, "party", GUILD)).matches == 3, "hidden, still rated"
    history = await service.store.history(HOST, game="party", limit=2)
    assert len(history) == 2 and history[0].ended_at >= history[1].ended_at and history[0].won is False
    assert await service.store.seat_counts(HOST, "party") == {0: 3}


async def test_the_ratings_table_rebuilt_from_the_results_is_the_one_kept(service: MatchService) -> None:
    for channel, (players, adds) in enumerate(((2, {1: 3}), (3, {2: 3}), (4, {0: 2}), (2, {0: 3}))):
        await finish(service, await party_match(service, players, channel=200 + channel), adds)
    kept = await service.store.ratings_table()
    assert len(kept) == 2 * 4, "four people on two ladders"
    assert rebuild(await service.store.all_results()) == kept
    await service.store.replace_ratings({})
    assert await service.store.ratings_table() == {}
    await service.store.replace_ratings(rebuild(await service.store.all_results()))
    assert await service.store.ratings_table() == kept


async def test_a_match_with_an_ai_seat_is_recorded_unrated(service: MatchService) -> None:
    started = await party_match(service, 2, ai=1)
    assert started.match.seats[1] == Seat(ai_level="easy")
    result, _ = await service.store.result((await finish(service, started, {0: 3})).match.id)
    assert not result.rated and [(p.user_id, p.place) for p in result.placings] == [(HOST, 1)]
    assert await service.store.ratings_table() == {}


async def test_a_person_in_two_seats_played_one_match(service: MatchService) -> None:
    """Hotseat: one line of history a match, at the person's best seat, against the other people only."""
    lobby = await service.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="party", guild_id=GUILD,
                                       players=3, options={"rounds": 1})  # fmt: skip
    await service.lobby.join(lobby.id, HOST, seat=1, hotseat=True)
    await service.lobby.join(lobby.id, PEOPLE[2], seat=2)
    ended = await finish(service, await service.start(lobby.id, HOST), {1: 3})
    result, _ = await service.store.result(ended.match.id)
    assert not result.rated and [p.user_id for p in result.placings] == [HOST, HOST, PEOPLE[2]]
    (line,) = await service.store.history(HOST)
    assert (line.seat, line.place, line.won, line.opponents) == (1, 1, True, (PEOPLE[2],))
    (theirs,) = await service.store.history(PEOPLE[2])
    assert theirs.opponents == (HOST,) and not theirs.won
    assert (await service.standings.record(HOST, "party")).matches == 1


async def test_the_rebuild_command_finds_a_changed_rating_and_repairs_it(
    service: MatchService, database: str | Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for channel, adds in ((301, {0: 3}), (302, {1: 3})):
        await finish(service, await party_match(service, 2, channel=channel), adds)
    kept = await service.store.ratings_table()
    assert (await check(str(database), repair=False)).equal
    await tamper(database, HOST)
    found = await check(str(database), repair=False)
    assert (found.missing, found.extra, found.different) == (0, 0, 2), "the host's two ladders"
    assert await asyncio.to_thread(main, [str(database)]) == 1
    assert "2 different" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["--repair", str(database)]) == 0
    assert (await check(str(database), repair=False)).equal
    fresh = await open_service(database)
    try:
        assert await fresh.store.ratings_table() == kept
    finally:
        await fresh.close()


async def tamper(database: str | Path, user_id: int) -> None:
    """Change a player's ratings behind the store's back, through a plain connection that commits."""
    if is_postgres(database):
        conn = await asyncpg.connect(str(database))
        try:
            await conn.execute("UPDATE ratings SET mu = mu + 1 WHERE user_id = $1", user_id)
        finally:
            await conn.close()
        return
    with contextlib.closing(sqlite3.connect(database)) as plain, plain:
        plain.execute("UPDATE ratings SET mu = mu + 1 WHERE user_id = ?", (user_id,))


async def test_a_match_the_host_made_friendly_is_recorded_unrated(service: MatchService) -> None:
    match = await service.lobby.create(channel_id=400, host_id=HOST, game_id="party", guild_id=GUILD, players=2,
                                       options={"rounds": 1}, rated=False)  # fmt: skip
    await service.lobby.join(match.id, PEOPLE[1])
    ended = await finish(service, await service.start(match.id, HOST), {0: 3})
    result, shown = await service.store.result(ended.match.id)
    assert not ended.match.rated and not result.rated and shown[0] == (None, None)
    assert await service.store.ratings_table() == {}
    rematch = await service.lobby.rematch(ended.match.id, HOST)
    assert not rematch.rated, "a rematch keeps the host's choice"


async def test_who_hides_before_their_first_rated_match_is_never_listed_until_they_come_back(
    service: MatchService,
) -> None:
    await service.players.set_hidden(HOST, True)
    await finish(service, await party_match(service, 2, channel=500), {0: 3})
    assert [line.user_id for line in await service.store.ladder("party", OVERALL)] == [PEOPLE[1]]
    assert await service.store.ladder_size("party", OVERALL) == 1
    await service.players.set_hidden(HOST, False)
    assert [line.user_id for line in await service.store.ladder("party", OVERALL)] == [HOST, PEOPLE[1]]
    assert await service.store.rank_of(HOST, "party", OVERALL) == 1
