"""The service's clocks with an injectable clock: lobby settings, deadlines, due reminders and expiries exactly
once (also across restarts and two processes), the expiry policies, returning players, vacations."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.clocks import DAY
from engine.errors import InvalidSetup
from engine.matches import ClockRefused, NotAPlayer, NotHost, NotInLobby, StaleVersion, Status
from engine.rng import MatchKey
from engine.service import MatchService
from tests.helpers.matches import CHANNEL, GUEST, GUILD, HOST, STRANGER

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


class ManualClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


async def open_at(path: str | Path, clock: ManualClock) -> MatchService:
    return await MatchService.open(path, clock=clock, keys=lambda: MatchKey(20260101))


@pytest.fixture
async def svc(database: str | Path, clock: ManualClock):
    """A service on each backend in turn (``database``, in conftest.py)."""
    service = await open_at(database, clock)
    yield service
    await service.close()


async def clocked(svc: MatchService, preset: str = "corr:3", expiry: str = "ask", channel: int = CHANNEL):
    """A started Wars match, Red (HOST, seat 0) to move, with the given clock."""
    match = await svc.lobby.create(
        channel_id=channel, host_id=HOST, game_id="wars", guild_id=GUILD, options={"first": "red"}
    )
    await svc.lobby.join(match.id, GUEST)
    await svc.lobby.set_clock(match.id, HOST, preset=preset, expiry=expiry)
    return await svc.start(match.id, HOST)


async def test_the_host_sets_the_clock_in_the_lobby_only(svc: MatchService, database: str | Path, clock) -> None:
    match = await svc.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="wars", guild_id=GUILD)
    with pytest.raises(NotHost):
        await svc.lobby.set_clock(match.id, GUEST, preset="corr:3")
    with pytest.raises(InvalidSetup):
        await svc.lobby.set_clock(match.id, HOST, preset="corr:4")
    with pytest.raises(InvalidSetup):
        await svc.lobby.set_clock(match.id, HOST, expiry="explode")
    match = await svc.lobby.set_clock(match.id, HOST, preset="corr:7:bank", expiry="autopilot")
    assert match.time_control.describe() == "7 days per decision, with a time bank"
    await svc.close()
    again = await open_at(database, clock)
    try:
        stored = await again.get(match.id)
        assert stored.time_control == match.time_control and stored.time_control.expiry == "autopilot"
        await again.lobby.join(match.id, GUEST)
        await again.start(match.id, HOST)
        with pytest.raises(NotInLobby):
            await again.lobby.set_clock(match.id, HOST, preset="none")
    finally:
        await again.close()


async def test_deadlines_follow_the_seat_to_decide(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc)
    assert [(c.seat, c.deadline) for c in result.match.clock.seats] == [(0, T0 + timedelta(days=3))]
    assert result.match.due_at == T0 + timedelta(days=1.5)
    clock.advance(5)
    result = await svc.act(result.match.id, HOST, "c1-c2", result.version)
    assert result.match.clock.of(0).deadline == clock.now + timedelta(days=3), "a fresh allowance per decision"
    result = await svc.act(result.match.id, HOST, "~c2", result.version)
    assert [c.seat for c in result.match.clock.seats] == [1]
    none = await svc.lobby.create(channel_id=CHANNEL + 1, host_id=HOST, game_id="wars", guild_id=GUILD)
    await svc.lobby.join(none.id, GUEST)
    assert (await svc.start(none.id, HOST)).match.due_at is None, "no clock, nothing due"


async def test_reminders_come_due_once_each_and_survive_a_restart(database: str | Path, clock: ManualClock) -> None:
    svc = await open_at(database, clock)
    result = await clocked(svc)
    assert await svc.clocks.next_due() == T0 + timedelta(days=1.5)
    clock.advance(35)
    assert await svc.clocks.process_due() == []
    clock.advance(1)
    works = await svc.clocks.process_due()
    assert [(r.seat, r.user_id, r.level) for w in works for r in w.reminders] == [(0, HOST, 1)]
    assert await svc.clocks.process_due() == []
    await svc.close()
    svc = await open_at(database, clock)  # a restart between the reminders
    try:
        assert await svc.clocks.process_due() == [], "the half reminder is not repeated"
        clock.advance(72 * 0.9 - 36)
        works = await svc.clocks.process_due()
        assert [r.level for w in works for r in w.reminders] == [2]
        assert (await svc.get(result.match.id)).version == 0, "reminders bump no version: buttons stay valid"
    finally:
        await svc.close()


async def test_downtime_gives_one_catch_up_reminder(svc: MatchService, clock: ManualClock) -> None:
    await clocked(svc)
    clock.advance(70)
    works = await svc.clocks.process_due()
    assert [r.level for w in works for r in w.reminders] == [2]
    assert await svc.clocks.process_due() == []


async def test_two_processes_never_repeat_due_work(database: str | Path, clock: ManualClock) -> None:
    first = await open_at(database, clock)
    second = await open_at(database, clock)
    try:
        for channel in range(10):
            await clocked(first, "live:5", channel=CHANNEL + channel)
        clock.advance(5 / 60 * 0.5)
        one, two = await asyncio.gather(first.clocks.process_due(), second.clocks.process_due())
        reminders = [(w.match.id, r.level) for w in one + two for r in w.reminders]
        assert len(reminders) == 10 and len(set(reminders)) == 10
    finally:
        await first.close()
        await second.close()


async def test_ask_expiry_offers_the_others_a_choice_once(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc)
    clock.advance(73)
    works = await svc.clocks.process_due()
    assert [(e.seat, e.user_id) for w in works for e in w.asks] == [(0, HOST)]
    assert not any(w.reminders for w in works), "no reminder once the deadline itself passed"
    assert await svc.clocks.process_due() == []
    match = await svc.get(result.match.id)
    with pytest.raises(ClockRefused, match="your own seat"):
        await svc.clocks.resolve_expiry(match.id, HOST, 0, match.version, "claim")
    with pytest.raises(NotAPlayer):
        await svc.clocks.resolve_expiry(match.id, STRANGER, 0, match.version, "claim")
    claimed = await svc.clocks.resolve_expiry(match.id, GUEST, 0, match.version, "claim")
    assert claimed.match.status is Status.ENDED and claimed.outcome.winners == {1}
    assert claimed.outcome.reason == "Red ran out of time."
    assert claimed.match.due_at is None and claimed.match.clock.seats == ()
    assert (await svc.log(match.id))[-1] == "Red ran out of time, and the win was claimed."


async def test_a_returning_player_moves_after_expiry_and_the_question_goes_stale(svc, clock) -> None:
    result = await clocked(svc)
    clock.advance(80)
    await svc.clocks.process_due()
    expired_at = (await svc.get(result.match.id)).version
    moved = await svc.act(result.match.id, HOST, "c1-c2", None)
    assert moved.match.clock.of(0).deadline == clock.now + timedelta(days=3) and not moved.match.clock.of(0).expired
    with pytest.raises(ClockRefused, match="Too late"):
        await svc.clocks.resolve_expiry(result.match.id, GUEST, 0, expired_at, "claim")


async def test_skip_lets_the_ai_make_that_turn_only(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc)
    clock.advance(73)
    await svc.clocks.process_due()
    skipped = await svc.clocks.resolve_expiry(result.match.id, GUEST, 0, result.version, "skip")
    assert skipped.to_decide == {0: None}, "the AI decides for Red now"
    assert skipped.match.seats[0].ai_level == "easy" and skipped.match.seats[0].user_id == HOST
    assert skipped.public_log == ("Red ran out of time: the AI (easy) makes Red's decisions this turn.",)
    after = await svc.play(result.match.id, 0, "c1-c2", skipped.version, as_ai=True)
    after = await svc.play(result.match.id, 0, "~c2", after.version, as_ai=True)
    assert after.match.seats[0].ai_level is None, "Red's player holds the seat again after the turn"
    assert after.to_decide == {1: GUEST} and [c.seat for c in after.match.clock.seats] == [1]


async def test_autopilot_until_the_owner_comes_back(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc)
    clock.advance(73)
    await svc.clocks.process_due()
    auto = await svc.clocks.resolve_expiry(result.match.id, GUEST, 0, result.version, "autopilot")
    assert "until its player is back" in auto.public_log[0]
    after = await svc.play(result.match.id, 0, "c1-c2", auto.version, as_ai=True)
    assert after.match.seats[0].autopilot and after.to_decide == {0: None}, "no clock while the AI plays"
    assert after.match.clock.seats == ()
    back = await svc.clocks.come_back(result.match.id, HOST)
    assert back is not None and back.match.seats[0].ai_level is None
    assert back.public_log == ("Red's player is back; the AI no longer plays Red.",)
    assert back.match.clock.of(0) is not None, "Red is deciding again, on the clock"
    with pytest.raises(StaleVersion):  # the AI lost the seat while thinking
        await svc.play(result.match.id, 0, "~c2", back.version, as_ai=True)
    assert await svc.clocks.come_back(result.match.id, HOST) is None


@pytest.mark.parametrize("policy", ["claim", "skip", "autopilot"])
async def test_automatic_policies_act_when_the_deadline_passes(svc: MatchService, clock, policy: str) -> None:
    result = await clocked(svc, "live:5", policy)
    clock.advance(6 / 60)
    works = await svc.clocks.process_due()
    assert len(works) == 1 and not works[0].asks and works[0].result is not None
    done = works[0].result
    if policy == "claim":
        assert done.match.status is Status.ENDED and done.outcome.winners == {1}
    else:
        assert done.match.seats[0].autopilot and done.to_decide == {0: None}
        assert done.match.clock.autopilot == {0: "turn" if policy == "skip" else "away"}
    assert await svc.clocks.process_due() == []
    lines = await svc.log(result.match.id)
    assert lines[-1].startswith("Red ran out of time")


async def test_vacation_pauses_resumes_and_is_limited_to_30_days(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc)
    await clocked(svc, "live:5", channel=CHANNEL + 1)
    clock.advance(24)
    vacation = await svc.players.start_vacation(HOST, 5)
    assert [m.id for m in vacation.matches] == [result.match.id], "only correspondence matches pause"
    assert vacation.days_left == 25
    paused = await svc.get(result.match.id)
    assert paused.clock.of(0).paused and paused.due_at == clock.now + timedelta(days=5)
    with pytest.raises(ClockRefused, match="already on vacation"):
        await svc.players.start_vacation(HOST, 1)
    clock.advance(24 * 2.5)  # 2.5 days into the vacation: nothing due, no reminders
    assert [w for w in await svc.clocks.process_due() if w.match.id == result.match.id] == []
    ended = await svc.players.end_vacation(HOST)
    assert ended.days_left == 27, "two unused whole days are given back"
    running = await svc.get(result.match.id)
    assert running.clock.of(0).deadline == clock.now + timedelta(days=2)
    with pytest.raises(ClockRefused, match="not on vacation"):
        await svc.players.end_vacation(HOST)
    with pytest.raises(ClockRefused, match="27 of your 30"):
        await svc.players.start_vacation(HOST, 28)
    await svc.players.start_vacation(HOST, 27)
    clock.advance(27 * 24)
    works = [w for w in await svc.clocks.process_due() if w.match.id == result.match.id]
    assert works and works[0].returned == (HOST,), "the vacation's end resumes the clock by itself"
    assert (await svc.get(result.match.id)).clock.of(0).deadline == clock.now + timedelta(days=2)
    clock.now = datetime(2027, 1, 2, tzinfo=UTC)
    assert (await svc.players.player(HOST)).days_left(2027) == 30, "a new year, a new allowance"


async def test_a_match_started_during_a_vacation_starts_paused(svc: MatchService, clock: ManualClock) -> None:
    await svc.players.start_vacation(HOST, 3)
    result = await clocked(svc)
    assert result.match.clock.of(0).paused and result.match.due_at == T0 + timedelta(days=3)
    clock.advance(72)
    await svc.clocks.process_due()
    assert (await svc.get(result.match.id)).clock.of(0).deadline == clock.now + timedelta(days=3)


async def test_reminder_preference_is_stored(svc: MatchService) -> None:
    assert (await svc.players.player(GUEST)).remind_by == "channel"
    await svc.players.set_reminders(GUEST, "dm")
    assert (await svc.players.player(GUEST)).remind_by == "dm"
    with pytest.raises(InvalidSetup):
        await svc.players.set_reminders(GUEST, "pigeon")


async def test_the_log_replays_with_clock_events(svc: MatchService, clock: ManualClock) -> None:
    result = await clocked(svc, "live:1", "autopilot")
    clock.advance(2 / 60)
    await svc.clocks.process_due()
    svc.live.clear()
    state = await svc.state(result.match.id)
    assert state is not None and (await svc.get(result.match.id)).version == 1
    assert DAY == 86_400


async def test_a_rematch_gives_every_person_their_seat_back_without_autopilot(svc: MatchService, clock) -> None:
    result = await clocked(svc)
    clock.advance(73)
    await svc.clocks.process_due()
    await svc.clocks.resolve_expiry(result.match.id, GUEST, 0, result.version, "autopilot")
    await svc.resign(result.match.id, GUEST)
    again = await svc.lobby.rematch(result.match.id, HOST)
    assert [(s.user_id, s.ai_level) for s in again.seats] == [(HOST, None), (GUEST, None)]


async def test_one_match_that_cannot_load_does_not_stop_the_others(svc: MatchService, clock, monkeypatch) -> None:
    broken = await clocked(svc)
    healthy = await clocked(svc, channel=CHANNEL + 1)
    clock.advance(40)
    original = svc.live.change

    async def change(match_id: str, plan):
        if match_id == broken.match.id:  # as if its log were damaged or its rules version gone
            raise StaleVersion(0)
        return await original(match_id, plan)

    monkeypatch.setattr(svc.live, "change", change)
    works = await svc.clocks.process_due()
    assert [w.match.id for w in works] == [healthy.match.id], "the healthy match still gets its reminder"
