"""Bad input: every mistake is a typed ``EngineError`` with a readable message, and nothing is written."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from engine import EngineError, GameOver, IllegalAction, InvalidSetup, MalformedKey, NotYourTurn
from engine.matches import (
    ActResult,
    AlreadySeated,
    ChannelBusy,
    MatchClosed,
    MatchNotFound,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    NotInLobby,
    NotStarted,
    SeatUnavailable,
    StaleVersion,
)
from engine.service import MatchService
from tests.helpers.matches import GUEST, HOST, STRANGER, dump, lobby, play_out, service, started

__all__ = ["service"]  # fixtures

Setup = Callable[[MatchService], Awaitable[str]]
Attempt = Callable[[MatchService, str], Awaitable[object]]


async def in_lobby(svc: MatchService) -> str:
    return (await lobby(svc)).id


async def full_lobby(svc: MatchService) -> str:
    match = await lobby(svc)
    await svc.lobby.join(match.id, GUEST)
    return match.id


async def active(svc: MatchService) -> str:
    return (await started(svc)).match.id


async def ended(svc: MatchService) -> str:
    return (await play_out(svc, await started(svc), random.Random(5))).match.id


async def aborted(svc: MatchService) -> str:
    match_id = await active(svc)
    await svc.abort(match_id, HOST)
    return match_id


async def deciding(svc: MatchService, match_id: str) -> tuple[int, int, int]:
    """(seat, user, other user) of the match's current decision."""
    position: ActResult = await svc.position(match_id)
    ((seat, user),) = position.to_decide.items()
    assert user is not None
    return seat, user, GUEST if user == HOST else HOST


async def act_first_choice(svc: MatchService, match_id: str, *, user: int | None = None, version: int = 0) -> object:
    seat, to_move, _ = await deciding(svc, match_id)
    key = (await svc.choices_for(match_id, to_move))[seat][0].key
    return await svc.act(match_id, user or to_move, key, version)


async def act_out_of_turn(svc: MatchService, match_id: str) -> object:
    _, _, other = await deciding(svc, match_id)
    return await svc.act(match_id, other, "~a1", 0)


async def act_illegal(svc: MatchService, match_id: str) -> object:
    _, user, _ = await deciding(svc, match_id)
    return await svc.act(match_id, user, "c3-c4", 0)  # well formed, but no stack stands on c3


async def act_malformed(svc: MatchService, match_id: str) -> object:
    _, user, _ = await deciding(svc, match_id)
    return await svc.act(match_id, user, "castle kingside", 0)


async def act_on_ended(svc: MatchService, match_id: str) -> object:
    return await svc.act(match_id, HOST, "~a1", (await svc.get(match_id)).version)


CASES: dict[str, tuple[Setup, Attempt, type[EngineError], str]] = {
    "unknown match: act": (in_lobby, lambda s, _: s.act("nosuchmatch", HOST, "~a1", 0), MatchNotFound, "no match"),
    "unknown match: join": (in_lobby, lambda s, _: s.lobby.join("zzzzzzzzzz", GUEST), MatchNotFound, "no match"),
    "unknown match: view": (in_lobby, lambda s, _: s.view_for("zzzzzzzzzz", GUEST), MatchNotFound, "no match"),
    "unknown key": (active, act_illegal, IllegalAction, ""),
    "malformed key": (active, act_malformed, MalformedKey, "isn't a Wars move"),
    "key that is not text": (active, lambda s, m: s.act(m, HOST, None, 0), EngineError, "could not be read"),
    "act by a non-player": (active, lambda s, m: act_first_choice(s, m, user=STRANGER), NotAPlayer, "seat"),
    "act out of turn": (active, act_out_of_turn, NotYourTurn, "isn't your turn"),
    "act on a stale version": (active, lambda s, m: act_first_choice(s, m, version=3), StaleVersion, "moved on"),
    "act in a lobby": (full_lobby, lambda s, m: s.act(m, HOST, "~a1", 0), NotStarted, "hasn't started"),
    "act on an ended match": (ended, act_on_ended, MatchClosed, "over"),
    "act on an aborted match": (aborted, lambda s, m: s.act(m, HOST, "~a1", 1), MatchClosed, "aborted"),
    "join twice": (in_lobby, lambda s, m: s.lobby.join(m, HOST), AlreadySeated, "already have a seat"),
    "join a full match": (full_lobby, lambda s, m: s.lobby.join(m, STRANGER), SeatUnavailable, "full"),
    "join a taken seat": (in_lobby, lambda s, m: s.lobby.join(m, GUEST, seat=0), SeatUnavailable, "Red seat is taken"),
    "join a missing seat": (in_lobby, lambda s, m: s.lobby.join(m, GUEST, seat=5), SeatUnavailable, "no seat 6"),
    "join a started match": (active, lambda s, m: s.lobby.join(m, STRANGER), NotInLobby, "already started"),
    "join an ended match": (ended, lambda s, m: s.lobby.join(m, STRANGER), MatchClosed, "over"),
    "start with too few players": (in_lobby, lambda s, m: s.start(m, HOST), NotEnoughPlayers, "at least 2 players"),
    "start by a guest": (full_lobby, lambda s, m: s.start(m, GUEST), NotHost, "Only the host"),
    "start twice": (active, lambda s, m: s.start(m, HOST), NotInLobby, "already started"),
    "leave without a seat": (in_lobby, lambda s, m: s.lobby.leave(m, STRANGER), NotAPlayer, "seat"),
    "leave a started match": (active, lambda s, m: s.lobby.leave(m, GUEST), NotInLobby, "already started"),
    "resign without a seat": (active, lambda s, m: s.resign(m, STRANGER), NotAPlayer, "seat"),
    "resign an ended match": (ended, lambda s, m: s.resign(m, HOST), GameOver, "over"),
    "abort by a guest": (active, lambda s, m: s.abort(m, GUEST), NotHost, "Only the host"),
    "abort twice": (aborted, lambda s, m: s.abort(m, HOST), MatchClosed, "aborted"),
    "options by a guest": (in_lobby, lambda s, m: s.lobby.set_options(m, GUEST, {"first": "red"}), NotHost, "host"),
    "options that don't fit": (
        in_lobby,
        lambda s, m: s.lobby.set_options(m, HOST, {"first": "x"}),
        InvalidSetup,
        "first",
    ),
    "options after the start": (active, lambda s, m: s.lobby.set_options(m, HOST, {}), NotInLobby, "already started"),
    "AI seat by a guest": (in_lobby, lambda s, m: s.lobby.seat_ai(m, GUEST, "easy"), NotHost, "Only the host"),
    "AI play for a missing seat": (active, lambda s, m: s.play(m, 7, "~a1"), SeatUnavailable, "no seat 8"),
    "rematch by an outsider": (ended, lambda s, m: s.lobby.rematch(m, STRANGER), NotAPlayer, "seat"),
    "second match in a channel": (in_lobby, lambda s, _: lobby(s, game="shells"), ChannelBusy, "already a match"),
    "unknown game": (in_lobby, lambda s, _: lobby(s, game="chess", channel=7), InvalidSetup, "no game called"),
    "bad options": (in_lobby, lambda s, _: lobby(s, channel=7, options={"first": "green"}), InvalidSetup, "first"),
    "bad player count": (in_lobby, lambda s, _: lobby(s, channel=7, players=3), InvalidSetup, "exactly 2 players"),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_bad_input_is_refused_readably_and_writes_nothing(
    service: MatchService, database: str | Path, case: str
) -> None:
    setup, attempt, error, fragment = CASES[case]
    match_id = await setup(service)
    before = await dump(database)
    with pytest.raises(error) as caught:
        await attempt(service, match_id)
    message = str(caught.value)
    assert fragment in message, message
    assert message[0].isupper() or message[0] == "“", message
    assert "\n" not in message and len(message) < 300 and "Error" not in message
    assert await dump(database) == before


async def test_a_refused_decision_leaves_the_match_playable(service: MatchService) -> None:
    result = await started(service)
    with pytest.raises(StaleVersion) as caught:
        await service.act(result.match.id, HOST, "~a1", 9)
    assert caught.value.version == 0
    assert (await act_first_choice(service, result.match.id)).version == 1  # type: ignore[attr-defined]
