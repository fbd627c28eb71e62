"""The seed's Map Spaces rules, sentence by sentence, and our readings of "worse", damage and healing."""

from __future__ import annotations

import pytest

from engine.games.goodvsbad.board import layout, starting_lengths
from engine.games.goodvsbad.model import SEAT_NAMES, Mark, Piece
from engine.games.goodvsbad.spaces import (
    BAD_SPECIALS,
    GOOD_SPECIALS,
    after_landing,
    effect,
    heal,
    hurt,
    may_raise,
    raise_stat,
    raised,
    rank,
    restore,
    worse_places,
)

ROADS = layout(2, SEAT_NAMES)
LENGTHS = starting_lengths(ROADS)


def test_a_hero_landing_on_a_blank_space_makes_it_good_and_a_villain_bad() -> None:
    assert after_landing(None, "0.5", "hero", 1) == Mark("0.5", "good", 1, maker=1)
    assert after_landing(None, "0.5", "villain", 0) == Mark("0.5", "bad", 1, maker=0)


def test_encounter_squares_are_not_blank_spaces() -> None:
    assert after_landing(None, "0.4", "hero", 0) is None
    assert after_landing(None, "h1", "villain", 0) is None, "nor are Home Bases"


@pytest.mark.parametrize(("kind", "side", "allowed"), [
    ("hero", "good", True), ("villain", "bad", True), ("hero", "bad", False), ("villain", "good", False),
])  # fmt: skip
def test_a_piece_may_raise_its_own_sides_space_and_never_lowers_the_others(kind: str, side: str, allowed: bool) -> None:
    mark = Mark("0.5", side, 3)  # type: ignore[arg-type]
    assert may_raise(mark, kind) is allowed  # type: ignore[arg-type]
    assert not may_raise(Mark("0.5", side, 6, "raise"), kind), "a Special is never raised again"  # type: ignore[arg-type]


@pytest.mark.parametrize(("level", "good", "bad"), [
    (1, "nudge1", "slow"),  # move one square forward or back | -1 from the next roll
    (2, "nudge2", "worse1"),  # move two squares | must move one square to a worse square
    (3, "heal1", "worse2"),  # heal 1 point | must move up to two squares to a worse square
    (4, "heal2", "hurt"),  # heal 2 points | suffers 1 damage
    (5, "reroll", "skip"),  # may reroll | loses its next turn
])  # fmt: skip
def test_the_levels_table_row_by_row(level: int, good: str, bad: str) -> None:
    assert effect(Mark("0.5", "good", level)) == good and effect(Mark("0.5", "bad", level)) == bad


def test_at_level_six_the_space_becomes_the_special_its_creator_chose() -> None:
    five = Mark("0.5", "good", 5, maker=0)
    six = raised(five, 1, "restore")
    assert six.level == 6 and six.special == "restore" and six.maker == 1 and effect(six) == "restore"
    assert raised(Mark("0.5", "good", 2), 0, "restore").special == "", "only at six"
    assert len(GOOD_SPECIALS) == len(BAD_SPECIALS) == 4


def test_worse_ranks_good_special_down_to_bad_special() -> None:
    order = [Mark("x", "good", 6, "raise"), Mark("x", "good", 1), None, Mark("x", "bad", 1), Mark("x", "bad", 5),
             Mark("x", "bad", 6, "home")]  # fmt: skip
    ranks = [rank(m) for m in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_a_drag_only_ever_goes_deeper_into_bad_never_to_an_encounter_blank_or_good_space(level: int) -> None:
    """Ours (issue 42): a drag starts on Bad 2 or worse (Bad 3 or more once a Villain has raised it), so the
    only spaces worse than its start are Bad spaces of a higher level and Bad Specials; an Encounter square,
    a Blank or a Good space beside it is never where it goes, whatever order those three had among themselves.
    (The rulebook once ranked Encounter squares between Blank and Bad 1 "as a danger a bad road leads you
    into": a rank that could never decide a drag.)"""
    here = "0.5"  # 0.4 is an Encounter square, 0.6 and 0.7 are plain
    around = {"0.6": Mark("0.6", "good", 1), "0.3": None, "0.7": Mark("0.7", "good", 6, "raise")}
    marks = {here: Mark(here, "bad", level), **{p: m for p, m in around.items() if m}}
    assert worse_places(here, 2, marks, ROADS, LENGTHS, came_from=None) == ()
    deeper = {**marks, "0.3": Mark("0.3", "bad", level + 1) if level < 5 else Mark("0.3", "bad", 6, "home")}
    assert worse_places(here, 2, deeper, ROADS, LENGTHS, came_from=None) == ("0.3",)


def test_bad_two_moves_one_square_to_a_worse_one_if_there_is_one() -> None:
    marks = {"0.5": Mark("0.5", "bad", 2), "0.6": Mark("0.6", "bad", 3), "0.7": Mark("0.7", "bad", 5)}
    assert worse_places("0.5", 1, marks, ROADS, LENGTHS, came_from="0.4") == ("0.6",), "not back, one square"
    assert worse_places("0.5", 1, marks, ROADS, LENGTHS, came_from=None) == ("0.6",), "an Encounter is not worse"
    calm = {"0.5": Mark("0.5", "bad", 2)}
    assert worse_places("0.5", 1, calm, ROADS, LENGTHS, came_from="0.4") == (), "nothing worse: it stays"


def test_bad_three_moves_up_to_two_squares_to_the_worst_within_reach() -> None:
    marks = {"0.5": Mark("0.5", "bad", 3), "0.6": Mark("0.6", "bad", 4), "0.7": Mark("0.7", "bad", 5)}
    assert worse_places("0.5", 2, marks, ROADS, LENGTHS, came_from="0.4") == ("0.7",)


def test_damage_comes_off_the_highest_stat_and_healing_goes_back_where_most_was_lost() -> None:
    piece = Piece(0, "hero", "0.5", (3, 3, 1), (3, 3, 1))
    hurt_piece = hurt(piece, 3)
    assert hurt_piece.stats == (1, 2, 1)
    assert hurt(Piece(0, "hero", "h0", (1, 0, 0), (1, 0, 0)), 5).stats == (0, 0, 0), "never below 0"
    assert heal(hurt_piece, 1).stats == (2, 2, 1) and heal(hurt_piece, 9).stats == (3, 3, 1), "never above start"
    assert restore(hurt_piece).stats == (3, 3, 1)
    trained = raise_stat(hurt_piece, 2)
    assert trained.stats == (1, 2, 2) and trained.start == (3, 3, 2), "a Training Ground's raise lasts"
