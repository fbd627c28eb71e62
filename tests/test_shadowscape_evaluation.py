"""Shadowscape's evaluation (the AI's judgement of a position). Co-op: digging for the Lord's whisper counts
until the Lord is up, then only blows at the Lord do, and every blow reads as better than none. Competitive
(issue 44): the Lord's wounds are worth most to the hero nearest him, and tokens are worth what the row and
the markets can make of them."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from engine.games.shadowscape.dungeon import CENTRE
from engine.games.shadowscape.evaluation import evaluate
from engine.games.shadowscape.model import CardState, LordState, ShadowState
from engine.games.shadowscape.tables import TABLES
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


# -- Competitive (issue 44): the Lord and the tokens the row asks for ------------------------------------------


def far_from_centre(state: ShadowState, seat: int) -> ShadowState:
    """``seat``'s hero in a corner room, four rooms or more from the Lord."""
    return state.with_hero(replace(state.hero(seat), place=(0, 0)))


def test_a_blow_at_the_lord_is_worth_most_to_the_hero_nearest_him() -> None:
    """The final blow takes the Lord's whisper, so his wounds are worth most to the hero best placed to deal
    it; valued at nothing until the kill, hard heroes left an unhurt Lord alone for the whole match."""
    state = far_from_centre(table(), 1)
    values = [evaluate(lord_up(state, damage), 0) for damage in range(8)]
    assert all(a < b for a, b in pairwise(values)), "every wound on him brings the hero beside him nearer"
    rival = [evaluate(lord_up(state, damage), 1) for damage in range(8)]
    assert all(a > b for a, b in pairwise(rival)), "the rival far off sees the Lord slipping away from it"
    assert evaluate(lord_up(state), 0) > evaluate(state, 0), "his coming is worth more to the hero beside him"


def test_standing_nearer_the_lord_is_worth_more_once_he_is_up() -> None:
    """And the more he is hurt, the more it is worth to stand beside him."""

    def gap(damage: int) -> float:
        near, far = lord_up(table(), damage=damage), lord_up(far_from_centre(table(), 0), damage=damage)
        return evaluate(near, 0) - evaluate(far, 0)

    assert 0 < gap(0) < gap(3) < gap(6)


def row(state: ShadowState, *whispers: str) -> ShadowState:
    return replace(state, piles=replace(state.piles, whisper_row=whispers))


def test_a_trophy_is_worth_a_treasure_only_while_a_face_up_whisper_asks_for_its_kind() -> None:
    """Heroes held three trophies no whisper wanted and never made room for the treasure the row asked for,
    so the Lord's whisper was never dug to (a whole match in the Long Dark)."""
    state = table()
    undead = state.with_hero(replace(state.hero(0), trophies=("undead-1",)))
    treasure = state.with_hero(replace(state.hero(0), treasures=("treasure-1",)))
    asked = ("whisper-17", "whisper-12", "whisper-13", "whisper-14")  # Laid Back to Rest asks for an undead
    idle = ("whisper-9", "whisper-12", "whisper-13", "whisper-14")  # none asks for a token
    assert evaluate(row(undead, *idle), 0) < evaluate(row(treasure, *idle), 0)
    assert evaluate(row(undead, *asked), 0) - evaluate(row(state, *asked), 0) > evaluate(
        row(undead, *idle), 0
    ) - evaluate(row(state, *idle), 0)


def test_a_hero_without_a_search_face_values_a_card_that_searches() -> None:
    """Gorm's cards have no Search face: only a General Action card that searches lets him win a treasure."""
    state = table()
    assert not any(f.action == "search" for c in state.hero(0).cards for f in TABLES.actions[c.card].faces)
    bought = state.with_hero(replace(state.hero(0), cards=(*state.hero(0).cards, CardState("gen-2"))))
    fighter = state.with_hero(replace(state.hero(0), cards=(*state.hero(0).cards, CardState("gen-1"))))
    assert evaluate(bought, 0) > evaluate(fighter, 0) == evaluate(state, 0)
