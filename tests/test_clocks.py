"""Pure clock arithmetic: presets, deadlines, time banks, vacations, reminder points and catching up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.clocks import (
    DAY,
    NO_CLOCKS,
    ClockState,
    PlayerSettings,
    TimeControl,
    collect,
    days_taken,
    pause,
    presets,
    recompute,
    resume,
    span,
)
from engine.errors import InvalidSetup

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
THREE_DAYS = TimeControl("correspondence", 3 * DAY)
BANKED = TimeControl("correspondence", 1 * DAY, bank=True)
ALICE, BOB = 11, 22


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def test_presets_parse_round_trip_and_fit_one_select() -> None:
    offered = presets()
    assert len(offered) <= 25 and len({v for v, _ in offered}) == len(offered)
    for value, label in offered:
        control = TimeControl.from_preset(value)
        assert control.preset == value and label
    assert TimeControl.from_preset("corr:14:bank") == TimeControl("correspondence", 14 * DAY, True)
    assert TimeControl.from_preset("live:5").per_decision == 300
    for bad in ("corr:4", "live:2:bank", "corr:x", "days:3", ""):
        with pytest.raises(InvalidSetup):
            TimeControl.from_preset(bad)
    assert TimeControl.from_json(THREE_DAYS.to_json()) == THREE_DAYS
    assert THREE_DAYS.describe() == "3 days per decision" and "time bank" in BANKED.describe()


def test_only_the_seat_to_decide_has_a_running_clock() -> None:
    state = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE}, None, T0)
    assert [c.seat for c in state.seats] == [0]
    assert state.seats[0].deadline == at(72) and state.next_due() == at(36)
    after = recompute(state, THREE_DAYS, {1: BOB}, 0, at(5))
    assert [c.seat for c in after.seats] == [1] and after.seats[0].deadline == at(77)
    assert recompute(after, TimeControl(), {0: ALICE}, 1, at(6)).seats == ()


def test_a_seat_still_deciding_keeps_its_clock_when_another_seat_decides() -> None:
    both = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE, 1: BOB}, None, T0)
    later = recompute(both, THREE_DAYS, {0: ALICE, 1: BOB}, 1, at(10))
    assert later.of(0) == both.of(0), "Red's clock runs on untouched"
    assert later.of(1).deadline == at(82), "Blue decided and decides again: a fresh allowance"


def test_a_bank_carries_unused_time_over_and_is_capped() -> None:
    state = recompute(NO_CLOCKS, BANKED, {0: ALICE}, None, T0)
    state = recompute(state, BANKED, {1: BOB}, 0, at(6))  # Red used 6 h of 24
    assert state.banks[0] == 18 * 3600
    state = recompute(state, BANKED, {0: ALICE}, 1, at(7))
    assert state.of(0).allowed == (24 + 18) * 3600 and state.of(0).deadline == at(7 + 42)
    state = recompute(state, BANKED, {1: BOB}, 0, at(8))  # Red used 1 h: 41 h left, capped at 2 days
    assert state.banks[0] == 41 * 3600
    state = recompute(state, BANKED, {0: ALICE}, 1, at(9))
    state = recompute(state, BANKED, {1: BOB}, 0, at(9))  # 65 h left > the cap of 48 h
    assert state.banks[0] == 48 * 3600
    state = recompute(state, BANKED, {0: ALICE}, 1, at(10))
    state = recompute(state, BANKED, {1: BOB}, 0, at(200))  # far over time: the bank is spent, not negative
    assert state.banks[0] == 0


def test_reminders_at_half_and_nine_tenths_once_each() -> None:
    state = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE}, None, T0)
    assert not collect(state, at(35.9)).anything
    half = collect(state, at(36))
    assert [(r.seat, r.level) for r in half.reminders] == [(0, 1)]
    assert not collect(half.state, at(40)).anything, "never twice for the same deadline"
    assert half.state.next_due() == at(72 * 0.9)
    nine = collect(half.state, at(72 * 0.9))
    assert [r.level for r in nine.reminders] == [2] and nine.state.next_due() == at(72)
    expired = collect(nine.state, at(72))
    assert not expired.reminders and [e.seat for e in expired.expired] == [0]
    assert expired.state.next_due() is None and not collect(expired.state, at(99)).anything


def test_catching_up_after_downtime_sends_one_reminder_at_most() -> None:
    state = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE}, None, T0)
    late = collect(state, at(70))  # both points passed while the bot was down
    assert [r.level for r in late.reminders] == [2]
    assert not collect(late.state, at(71)).anything
    gone = collect(state, at(100))  # even the deadline passed: no reminder, only the expiry
    assert not gone.reminders and len(gone.expired) == 1


def test_expiry_limit_leaves_other_seats_due() -> None:
    both = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE, 1: BOB}, None, T0)
    first = collect(both, at(80), expire_limit=1)
    assert [e.seat for e in first.expired] == [0] and first.state.next_due() <= at(80), "Blue is still due"
    assert [e.seat for e in collect(first.state, at(80), expire_limit=1).expired] == [1]


def test_vacation_pauses_and_resumes_with_the_time_left() -> None:
    state = recompute(NO_CLOCKS, THREE_DAYS, {0: ALICE}, None, T0)
    away = pause(state, ALICE, at(24 + 5 * 24), at(24))
    clock = away.of(0)
    assert clock.paused and clock.remaining == 48 * 3600
    assert away.next_due() == at(24 + 5 * 24), "only the vacation's end is due"
    back = collect(away, at(144))
    assert back.returned == (ALICE,) and back.state.of(0).deadline == at(144 + 48)
    assert back.state.next_due() == at(144 + 48 - 36), "the half point moved with the deadline"
    early = resume(away, ALICE, at(30))
    assert early.of(0).deadline == at(78) and ALICE not in early.away


def test_a_clock_started_during_a_vacation_starts_paused() -> None:
    away = pause(NO_CLOCKS, BOB, at(100), T0)
    state = recompute(away, THREE_DAYS, {1: BOB}, 0, at(1))
    assert state.of(1).paused and state.of(1).remaining == 3 * DAY
    live = recompute(away, TimeControl("live", 300), {1: BOB}, 0, at(1))
    assert not live.of(1).paused, "vacations pause correspondence clocks only"


@given(
    hours=st.lists(st.floats(min_value=0, max_value=200), min_size=1, max_size=12),
    start=st.floats(min_value=0, max_value=100),
)
def test_json_round_trip_and_reminders_never_repeat(hours: list[float], start: float) -> None:
    state = recompute(NO_CLOCKS, BANKED, {0: ALICE, 1: BOB}, None, at(start))
    sent: list[tuple[int, int]] = []
    for moment in sorted(hours):
        due = collect(state, at(start + moment))
        sent += [(r.seat, r.level) for r in due.reminders]
        state = ClockState.from_json(due.state.to_json())
        assert state == due.state
    assert len(sent) == len(set(sent))


def test_vacation_allowance_and_days_charged() -> None:
    player = PlayerSettings(ALICE, vacation_year=2026, vacation_days=25)
    assert player.days_left(2026) == 5 and player.days_left(2027) == 30
    assert days_taken(T0, at(1)) == 1 and days_taken(T0, at(48)) == 2 and days_taken(T0, at(49)) == 3
    assert span(2 * DAY + 4 * 3600) == "2 days 4 h" and span(59) == "59 s"
