"""Rules version 6 (ours, issue 44): a tour under way when the last round ends plays on, round by round, until it
is won or its Protector or Supervillain is defeated, for at most three rounds more; no Destiny card is played in
those rounds; and the result says the match went on. Version 5 ends after the last round, tour or no tour."""

from __future__ import annotations

from engine.frozen import replace
from engine.games.goodvsbad.ai import tour_worth
from engine.games.goodvsbad.destiny import last_round, plays_on
from engine.games.goodvsbad.model import DESTINIES, OVERTIME, TOUR_PLAYS_ON, GvbState
from engine.games.goodvsbad.turns import end_turn
from render.goodvsbad.cards import status_text
from tests.helpers.goodvsbad import GAME, keys, placed, table
from tests.test_goodvsbad_destiny import TOPPLE, crowned


def last_turn(state: GvbState, round_: int = 12) -> GvbState:
    """The last turn of ``round_`` (two players: the seat after the one that began it)."""
    state = replace(state, round=round_)
    return replace(state, active=(state.starter + 1) % len(state.players))


def test_new_matches_are_version_six_and_version_five_plays_on() -> None:
    assert GAME.meta.rules_version == TOUR_PLAYS_ON == DESTINIES + 1 and GAME.meta.plays(DESTINIES)
    assert last_round(table()) == 12 + OVERTIME == 15 and last_round(table(rules=DESTINIES)) == 12


def test_without_a_tour_the_match_ends_after_the_last_round_on_renown() -> None:
    state, log = end_turn(last_turn(table()))
    assert state.outcome is not None and state.outcome.reason.startswith("After round 12, ")
    assert "extra" not in state.outcome.reason and log[-1].public == state.outcome.reason


def test_a_tour_under_way_plays_on_after_the_last_round() -> None:
    state, log = end_turn(last_turn(crowned(table())))
    assert state.outcome is None and state.round == 13 and plays_on(state)
    assert "round 13: the tour plays on, at most to round 15" in log[-1].public
    assert status_text(GAME.view(state, None))[0].startswith("Round 13, the tour plays on · ")


def test_version_five_ends_after_the_last_round_even_on_tour() -> None:
    state, _ = end_turn(last_turn(crowned(table(rules=DESTINIES))))
    assert state.outcome is not None and state.outcome.reason.startswith("After round 12, ")


def test_the_extra_rounds_end_at_the_end_of_the_turn_in_which_no_tour_is_left() -> None:
    fallen = replace(table(), round=13)  # the Protector was defeated in the first turn of round 13
    state, _ = end_turn(replace(fallen, active=fallen.starter))
    assert state.outcome is not None
    assert state.outcome.reason.startswith("After round 12 and the tour's extra rounds, ")


def test_at_most_three_rounds_more() -> None:
    state, _ = end_turn(last_turn(crowned(table()), 14))
    assert state.outcome is None and state.round == 15
    state, _ = end_turn(last_turn(crowned(table()), 15))
    assert state.outcome is not None and "the tour's extra rounds" in state.outcome.reason


def test_no_destiny_card_is_played_in_the_extra_rounds() -> None:
    """They are for the tours under way: a new champion would only put the end off."""
    above = placed(table(), 0, "hero", "0.3", stats=(2, 3, 3))
    above = placed(above, 1, "hero", "1.3", stats=(2, 3, 3))
    champion = placed(table(), 1, "hero", "1.3", stats=(2, 3, 3))
    assert f"event:{TOPPLE}" in keys(replace(champion, round=12), "event:")
    assert f"event:{TOPPLE}" not in keys(replace(champion, round=13), "event:")
    assert f"event:{TOPPLE}" not in keys(replace(above, round=12), "event:"), "level: nobody stands above"


def test_the_ai_counts_the_extra_rounds_as_time_left_for_the_tour() -> None:
    on = crowned(table())
    piece = on.piece(0, "hero")
    late = replace(on, round=12)
    assert tour_worth(late, piece) > tour_worth(replace(late, rules=DESTINIES), piece)
