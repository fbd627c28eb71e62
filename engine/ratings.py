"""Ratings and results (issue 45): what an ended match did to its players' standing, as pure functions.

One Weng-Lin rating (openskill's Plackett-Luce model) a player a game, on two ladders: the server's own (its
guild id) and the overall one (``OVERALL``). A match is rated when it is competitive and every seat was a
different person from the start; its result orders the seats (winners first, everyone else level, a
resignation below them all; a draw puts everyone level). Co-operative matches are recorded, not rated.

The stores call these inside the transaction that ends a match, so a rating changes exactly once per ended
match; ``rebuild`` derives every rating again from the recorded results, in the order they ended, which is how
a rating table is checked or repaired.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from openskill.models import PlackettLuce

from .matches import MatchInfo, Status
from .registry import get_game

OVERALL = 0  # the scope of the overall ladder; a server's ladder is scoped by its guild id
MU, SIGMA = 25.0, 25.0 / 3.0  # openskill's defaults: a new player's rating
# Shown: the conservative figure mu - 3 sigma (a new player's is 0), scaled so that a win is worth a few points
# more than a dozen, and set off so nobody reads a negative number: a new player shows 1000.
SHOWN_BASE, SHOWN_SCALE = 1000, 40


@functools.cache
def _model() -> PlackettLuce:
    """The rating model (read-only once built; built once a process)."""
    return PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's standing on one ladder of one game."""

    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row, up to the last match
    best_streak: int = 0
    last_at: datetime | None = None

    @property
    def ordinal(self) -> float:
        """The conservative estimate the ladders sort by: mu less three standard deviations."""
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating as players read it: ``SHOWN_BASE`` plus ``SHOWN_SCALE`` points per unit of mu - 3 sigma."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3.0 * sigma))


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat of an ended match: who held it from the start, where they finished (1 is first), and how."""

    seat: int
    user_id: int
    place: int
    won: bool
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class MatchResult:
    """An ended match as the ladders and the history read it."""

    match_id: str
    game: str
    guild_id: int | None
    ended_at: datetime
    rated: bool
    cooperative: bool
    decisions: int
    placings: tuple[Placing, ...]
    difficulty: str = ""  # co-op only: the level it was played at
    seq: int = 0  # the order it was rated in, among all results (the stores number them)

    def scopes(self) -> tuple[int, ...]:
        """The ladders this result counts on: the overall one, and its server's."""
        return (OVERALL,) if self.guild_id is None else (OVERALL, self.guild_id)


def placings(
    entrants: Mapping[int, int], winners: Iterable[int], *, draw: bool, resigned: Iterable[int]
) -> tuple[Placing, ...]:
    """Each entrant's place: winners first (several winners share first), the rest level below them, and a seat
    that resigned below everyone who did not (a resignation counts as a loss, whoever the AI then won for). A
    draw puts everyone who did not resign level at first."""
    won = set() if draw else set(winners)
    gave_up = set(resigned)
    def tier(seat: int) -> int:
        if seat in gave_up:
            return 2
        return 0 if draw or seat in won else 1
    tiers = sorted({tier(seat) for seat in entrants})
    return tuple(
        Placing(seat, user, tiers.index(tier(seat)) + 1, seat in won and seat not in gave_up, seat in gave_up)
        for seat, user in sorted(entrants.items())
    )


def is_rated(entrants: Mapping[int, int], seats: int, *, cooperative: bool, wanted: bool = True) -> bool:
    """Rated: wanted (the lobby's choice), competitive, and every seat held from the start by a different person
    (an AI seat, or one person in two seats, makes a match unrated)."""
    people = set(entrants.values())
    return wanted and not cooperative and len(entrants) == seats >= 2 and len(people) == seats


def result_of(
    match: MatchInfo, entrants: Mapping[int, tuple[int | None, str | None]], resigned: Iterable[int] = ()
) -> MatchResult | None:
    """The result of an ended match, from its row, who entered each seat (``(user, AI level)`` by seat; the
    current seats for a match begun before entrants were kept) and the seats its log records resigning;
    ``None`` for a match that did not end with an outcome (aborted). A seat its person no longer holds was
    resigned too: the AI carried it on."""
    if match.status is not Status.ENDED or match.outcome is None:
        return None
    entered = dict(entrants) or {i: (seat.user_id, seat.ai_level) for i, seat in enumerate(match.seats)}
    people = {seat: user for seat, (user, ai) in entered.items() if user is not None and ai is None}
    gave_up = set(resigned) | {seat for seat, user in people.items() if match.seats[seat].user_id != user}
    cooperative = match.options.get("mode") == "cooperative" or get_game(match.game).meta.cooperative
    outcome = match.outcome
    return MatchResult(
        match_id=match.id,
        game=match.game,
        guild_id=match.guild_id,
        ended_at=match.updated_at,
        rated=is_rated(people, match.players, cooperative=cooperative, wanted=match.rated),
        cooperative=cooperative,
        decisions=match.version,
        placings=placings(people, outcome.winners, draw=outcome.draw, resigned=gave_up),
        difficulty=str(match.options.get("difficulty", "")) if cooperative else "",
    )


def rate(before: Sequence[Rating], result: MatchResult) -> list[Rating]:
    """The ratings of ``result``'s placings (in their order) after it, from ``before``: the model's new mu and
    sigma, and the counts (matches, wins, streaks, when last played)."""
    places = [placing.place for placing in result.placings]
    teams = [[_model().rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = _model().rate(teams, ranks=places)
    rated = []
    for old, (new,), placing in zip(before, after, result.placings, strict=True):
        streak = old.streak + 1 if placing.won else 0
        rated.append(
            replace(
                old,
                mu=new.mu,
                sigma=new.sigma,
                matches=old.matches + 1,
                wins=old.wins + placing.won,
                streak=streak,
                best_streak=max(old.best_streak, streak),
                last_at=result.ended_at,
            )
        )
    return rated


def rebuild(results: Iterable[MatchResult]) -> dict[tuple[int, str, int], Rating]:
    """Every rating, derived again from the rated results in the order they were rated (``seq``; two processes
    may rate matches in another order than their ends' timestamps): what the ratings table must hold, keyed by
    (scope, game, user)."""
    table: dict[tuple[int, str, int], Rating] = {}
    for result in sorted(results, key=lambda r: (r.seq, r.ended_at, r.match_id)):
        if not result.rated:
            continue
        for scope in result.scopes():
            keys = [(scope, result.game, placing.user_id) for placing in result.placings]
            for key, rating in zip(keys, rate([table.get(key, Rating()) for key in keys], result), strict=True):
                table[key] = rating
    return table
