"""Ratings as pure functions (engine/ratings.py): the places a result gives, which matches are rated, what a
rating does after a match of two to six players, and a rebuild from the results equal to rating them in turn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ratings import (
    OVERALL,
    SHOWN_BASE,
    MatchResult,
    Placing,
    Rating,
    is_rated,
    placings,
    rate,
    rebuild,
)

AT = datetime(2026, 12, 1, tzinfo=UTC)


def result(places: tuple[int, ...], *, winners: frozenset[int] | None = None, guild: int | None = 7,
           match_id: str = "m1", at: datetime = AT, rated: bool = True) -> MatchResult:  # fmt: skip
    """A result with seat ``i`` held by user ``100 + i`` finishing ``places[i]``."""
    won = winners if winners is not None else frozenset(i for i, p in enumerate(places) if p == 1)
    seats = tuple(Placing(i, 100 + i, p, i in won) for i, p in enumerate(places))
    return MatchResult(match_id, "wars", guild, at, rated, False, 40, seats)


def test_winners_come_first_the_rest_level_and_a_resignation_last() -> None:
    entrants = {0: 10, 1: 11, 2: 12, 3: 13}
    got = placings(entrants, {2}, draw=False, resigned={0})
    assert [(p.seat, p.place, p.won, p.resigned) for p in got] == [
        (0, 3, False, True), (1, 2, False, False), (2, 1, True, False), (3, 2, False, False),
    ]  # fmt: skip
    shared = placings(entrants, {0, 1}, draw=False, resigned=())
    assert [p.place for p in shared] == [1, 1, 2, 2] and [p.won for p in shared] == [True, True, False, False]


def test_a_draw_puts_everyone_level_and_is_nobodys_win() -> None:
    got = placings({0: 10, 1: 11}, (), draw=True, resigned=())
    assert [p.place for p in got] == [1, 1] and not any(p.won for p in got)


def test_a_resigner_the_ai_won_for_still_lost() -> None:
    """A resignation counts as a loss, whatever the AI that carried the seat on did with it."""
    got = placings({0: 10, 1: 11}, {0}, draw=False, resigned={0})
    assert [(p.place, p.won) for p in got] == [(2, False), (1, False)]


def test_only_competitive_matches_of_different_people_in_every_seat_are_rated() -> None:
    assert is_rated({0: 10, 1: 11}, 2, cooperative=False)
    assert not is_rated({0: 10, 1: 11}, 2, cooperative=True), "co-op is recorded, not rated"
    assert not is_rated({0: 10}, 2, cooperative=False), "an AI seat"
    assert not is_rated({0: 10, 1: 10}, 2, cooperative=False), "one person in two seats"
    assert not is_rated({0: 10, 1: 11}, 2, cooperative=False, wanted=False)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_winner_gains_the_others_lose_and_level_players_move_alike(players: int) -> None:
    places = (1, *([2] * (players - 1)))
    new = rate([Rating()] * players, result(places))
    assert new[0].mu > Rating().mu and all(r.mu < Rating().mu for r in new[1:])
    assert len({(r.mu, r.sigma) for r in new[1:]}) == 1, "the level ones move alike"
    assert all(r.sigma < Rating().sigma for r in new), "every match makes a rating surer"
    assert new[0].shown > SHOWN_BASE and new[0].shown > new[1].shown
    assert [r.matches for r in new] == [1] * players and [r.wins for r in new] == [1] + [0] * (players - 1)


def test_a_draw_between_equals_changes_no_mu_and_counts_no_win() -> None:
    new = rate([Rating(), Rating()], result((1, 1), winners=frozenset()))
    assert new[0].mu == pytest.approx(Rating().mu) and new[0].wins == new[1].wins == 0
    assert new[0].streak == 0 and new[0].matches == 1


def test_streaks_count_wins_in_a_row_and_keep_the_best() -> None:
    rating = Rating()
    for n, won in enumerate((True, True, True, False, True)):
        (rating, _) = rate([rating, Rating()], result((1, 2) if won else (2, 1), at=AT + timedelta(days=n)))
    assert (rating.streak, rating.best_streak, rating.wins, rating.matches) == (1, 3, 4, 5)
    assert rating.last_at == AT + timedelta(days=4)


def test_beating_a_stronger_player_is_worth_more() -> None:
    strong = Rating(mu=35.0, sigma=3.0)
    upset, _ = rate([Rating(mu=25.0, sigma=3.0), strong], result((1, 2)))
    expected, _ = rate([Rating(mu=25.0, sigma=3.0), Rating(mu=15.0, sigma=3.0)], result((1, 2)))
    assert upset.mu - 25.0 > expected.mu - 25.0 > 0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 6), st.integers(0, 5), st.booleans()), min_size=1, max_size=12))
def test_a_rebuild_from_the_results_equals_rating_them_in_turn(matches: list[tuple[int, int, bool]]) -> None:
    """Each match: its player count, its winner's seat, and whether it was on a server."""
    incremental: dict[tuple[int, str, int], Rating] = {}
    results = []
    for n, (players, winner, on_server) in enumerate(matches):
        places = tuple(1 if seat == winner % players else 2 for seat in range(players))
        found = result(places, guild=7 if on_server else None, match_id=f"m{n:02}", at=AT + timedelta(hours=n))
        results.append(found)
        for scope in found.scopes():
            keys = [(scope, "wars", p.user_id) for p in found.placings]
            incremental.update(zip(keys, rate([incremental.get(k, Rating()) for k in keys], found), strict=True))
    assert rebuild(reversed(results)) == incremental, "in the order they ended, whatever order they are read in"
    assert all(key[0] in (OVERALL, 7) for key in incremental)
    assert rebuild([result((1, 2), rated=False)]) == {}, "an unrated result rates nobody"
