"""Shadowscape's co-op evaluation (the AI's judgement of a team's position): digging for the Lord's whisper
counts until the Lord is up, then only blows at the Lord do, and every blow reads as better than none."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from engine.games.shadowscape.dungeon import CENTRE
from engine.games.shadowscape.evaluation import evaluate
from engine.games.shadowscape.model import LordState, ShadowState
from tests.test_shadowscape_rules import table

SPARE_WHISPERS = ("whisper-1", "whisper-2", "whisper-3", "whisper-4", "whisper-5", "whisper-6")


def claimed(state: ShadowState, count: int) -> ShadowState:
    """Seat 0's hero holding ``count`` claimed whispers."""
    return state.with_hero(replace(state.hero(0), whispers=SPARE_WHISPERS[:count]))


def lord_up(state: ShadowState, damage: int = 0) -> ShadowState:
    return replace(state, lord=LordState(state.lord.lord, place=CENTRE, damage=damage))


def test_each_claim_before_the_lord_is_up_is_progress() -> None:
    state = table(mode="cooperative")
    values = [evaluate(claimed(state, n), 0) for n in range(6)]
    assert values == sorted(values) and len(set(values)) == 6


def test_claims_count_for_nothing_once_the_lord_is_up() -> None:
    state = lord_up(table(mode="cooperative"))
    assert evaluate(claimed(state, 5), 0) == evaluate(claimed(state, 1), 0)


def test_every_blow_at_the_lord_reads_better_even_deep_into_a_good_game() -> None:
    """The old sum was clipped at 0.95, so a team with many claims and the Lord hurt saw no gain in hurting it
    more, and played out the deck beside it."""
    state = claimed(table(mode="cooperative"), 6)
    values = [evaluate(lord_up(state, damage), 0) for damage in range(14)]
    assert all(a < b for a, b in pairwise(values)), values
    assert all(-1 < v < 1 for v in values), "a position is never worth a win"


def test_turning_up_the_lord_is_worth_more_than_the_claims_that_dug_to_it() -> None:
    state = claimed(table(mode="cooperative"), 6)
    assert evaluate(lord_up(state), 0) > evaluate(state, 0)
