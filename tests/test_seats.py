"""Seats, teams and players: views and private lines for all the seats one user holds, hotseat where the game
allows it, and resignation as the rules decide it (the seat drops out in a game of three or more)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine import LogEntry
from engine.clocks import AUTOPILOT_LEVEL
from engine.matches import Seat, SeatUnavailable, Status
from engine.service import MatchService
from tests.fakes.party_game import party_game_offered
from tests.helpers.matches import CHANNEL, GUEST, GUILD, HOST, STRANGER, open_service, play_out, service

__all__ = ["party", "service"]  # fixtures


@pytest.fixture
async def party(tmp_path: Path) -> AsyncIterator[MatchService]:
    with party_game_offered():
        service = await open_service(tmp_path / "party.db")
        yield service
        await service.close()


def test_a_user_of_two_seats_reads_both_private_lines_once_each() -> None:
    entry = LogEntry.secret("Cards were dealt.", {0: "You drew the Moon.", 2: "You drew the Sun.", 3: "x"})
    assert entry.line_for_seats((0, 2)) == "You drew the Moon.\nYou drew the Sun."
    assert entry.line_for_seats((1,)) == "Cards were dealt." and entry.line_for_seats(()) == "Cards were dealt."
    same = LogEntry.secret("A pick.", {0: "Your team picked 3.", 1: "Your team picked 3."})
    assert same.line_for_seats((0, 1)) == "Your team picked 3."


async def test_hotseat_only_where_the_game_allows_it(service: MatchService, party: MatchService) -> None:
    town = await service.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="swartzblak", guild_id=GUILD)
    with pytest.raises(SeatUnavailable, match="one seat per person"):
        await service.lobby.join(town.id, HOST, 1, hotseat=True)  # one person both hunting and hiding: no game
    wars = await service.lobby.create(channel_id=CHANNEL + 1, host_id=HOST, game_id="wars", guild_id=GUILD)
    assert (await service.lobby.join(wars.id, HOST, 1, hotseat=True)).seats_of(HOST) == (0, 1), "Wars: pass and play"
    match = await party.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="party", guild_id=GUILD, players=3)
    match = await party.lobby.join(match.id, HOST, 1, hotseat=True)
    assert match.seats_of(HOST) == (0, 1)
    match = await party.lobby.join(match.id, GUEST)
    result = await party.start(match.id, HOST)
    view = await party.view_for(match.id, HOST)
    assert view is not None and view.viewer == 0
    (decision,) = await party.decisions_for(match.id, HOST)
    assert decision.seat == 0
    result = await party.act(match.id, HOST, "add2", result.version)
    (decision,) = await party.decisions_for(match.id, HOST)
    assert decision.seat == 1, "the same user decides for their second seat"


async def test_in_a_game_of_three_a_resigning_player_drops_out_and_the_ai_carries_the_seat(party) -> None:
    match = await party.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="party", guild_id=GUILD, players=3)
    await party.lobby.join(match.id, GUEST)
    await party.lobby.join(match.id, STRANGER)
    result = await party.start(match.id, HOST)
    result = await party.resign(match.id, GUEST)
    assert result.match.status is Status.ACTIVE and result.outcome is None
    assert result.match.seats[1] == Seat(ai_level=AUTOPILOT_LEVEL), "the seat is the AI's now, the player is gone"
    assert "resigns" in result.public_log[0]
    result = await party.resign(match.id, STRANGER)
    assert result.match.status is Status.ACTIVE and result.match.seats[2].ai_level == AUTOPILOT_LEVEL
    result = await party.resign(match.id, HOST)
    assert result.match.status is Status.ENDED and result.outcome.winners == frozenset(), "no player is left"
    assert "no player is left" in result.outcome.reason


async def test_a_cooperative_party_resigns_together(party) -> None:
    match = await party.lobby.create(
        channel_id=CHANNEL, host_id=HOST, game_id="party", guild_id=GUILD, players=3, options={"mode": "cooperative"}
    )
    await party.lobby.join(match.id, GUEST)
    await party.lobby.join(match.id, STRANGER)
    await party.start(match.id, HOST)
    result = await party.resign(match.id, GUEST)
    assert result.match.status is Status.ENDED and result.outcome.winners == frozenset()
    assert "gave up" in result.outcome.reason


async def test_two_player_resignation_still_gives_the_other_the_win(service: MatchService) -> None:
    match = await service.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="wars", guild_id=GUILD)
    await service.lobby.join(match.id, GUEST)
    await service.start(match.id, HOST)
    result = await service.resign(match.id, HOST)
    assert result.outcome.winners == frozenset({1}) and result.match.status is Status.ENDED


async def test_a_six_seat_match_plays_to_its_end_through_the_service(party) -> None:
    match = await party.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="party", guild_id=GUILD)
    for seat in range(1, 6):
        match = await party.lobby.join(match.id, HOST, seat, hotseat=True)
    result = await party.start(match.id, HOST)
    result = await play_out(party, result, random.Random(3))
    assert result.outcome is not None and result.match.players == 6


async def test_a_user_of_both_seats_sees_what_either_seat_may(service: MatchService) -> None:
    match = await service.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="shells", guild_id=GUILD)
    match = await service.lobby.join(match.id, HOST, hotseat=True)
    await service.start(match.id, HOST)
    await service.act(match.id, HOST, "hide3", 0)
    assert (await service.view_for(match.id, HOST)).pea == 3, "holding the Trickster's seat, they know the pea"
    assert (await service.view_for(match.id, GUEST)).pea is None
