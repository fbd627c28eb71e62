"""Good vs Bad's evaluation: Renown leads, health and cards count, a result is a result; and the generic search
plays the game through its interface."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.search import decide
from engine.core import Outcome
from engine.frozen import replace
from engine.games.goodvsbad.ai import (
    BEST_BUYS,
    CARD,
    HEALTH,
    HURT,
    LAID,
    SCALE,
    SENSIBLE_BUYS,
    STAT,
    TOUR,
    evaluate,
    standing,
    tour_worth,
    values,
)
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import GvbState, Mark
from tests.test_goodvsbad_turns import started

GAME = GoodVsBad()


def test_renown_leads_health_and_cards_count_and_a_result_is_final() -> None:
    state = started(3)
    assert abs(evaluate(state, 0) - evaluate(state, 1)) < 0.2
    ahead = state.with_player(replace(state.player(0), renown=5))
    assert evaluate(ahead, 0) > 0.5 > -0.5 > evaluate(ahead, 1)
    hurt = state.with_piece(replace(state.piece(0, "hero"), stats=(0, 0, 1)))
    assert evaluate(hurt, 0) < evaluate(state, 0)
    won = replace(state, outcome=Outcome.win(2, reason="test"))
    assert evaluate(won, 2) == 1.0 and evaluate(won, 0) == -1.0


def test_the_search_chooses_a_legal_move_at_every_kind_of_decision() -> None:
    state = GAME.setup(None, 2, 3)
    kinds = set()
    for index in range(40):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        key = decide(GAME, state, seat, level="easy", seed=index).key
        assert key in GAME.legal_actions(state, seat)
        kinds.add(key.split(":")[0])
        state = GAME.act(state, seat, key).state
    assert {"name", "buy", "roll"} <= kinds


def test_a_purchase_is_searched_among_the_levels_short_list_and_values_stats() -> None:
    """Of 1,001 purchases hard searches the ones the evaluation rates highest (all ten cards on Agility, Might and
    Smarts), easy and normal a list of sensible buys; the evaluation counts a bought stat point on both pieces
    above the card it cost."""
    state = GAME.setup(None, 2, 5)
    while state.stage != "buy":
        seat = GAME.to_decide(state)[0]
        state = GAME.act(state, seat, GAME.legal_actions(state, seat)[0]).state
    legal = set(GAME.legal_actions(state, 0))
    assert len(legal) == 1001 and set(BEST_BUYS) | set(SENSIBLE_BUYS) <= legal
    for level, seed, buys in (("easy", 1, SENSIBLE_BUYS), ("normal", 3, SENSIBLE_BUYS), ("hard", 2, BEST_BUYS)):
        assert decide(GAME, state, 0, level=level, seed=seed).key in buys, level
    bought = GAME.act(state, 0, "buy:1.0.0.0").state
    bought = GAME.act(bought, 1, "buy:0.0.0.0").state
    assert bought.stage == "turn"
    assert bought.player(0).hand_size == 9 and bought.piece(0, "hero").start == (2, 1, 1)
    assert evaluate(bought, 0) > evaluate(bought, 1), "a stat point on both pieces is worth more than a card"

    def worth(key: str) -> float:
        return standing(GAME.act(GAME.act(state, 0, key).state, 1, "buy:0.0.0.0").state, 0)

    (best,) = {worth(key) for key in BEST_BUYS}  # all three alike
    assert all(worth(key) < best for key in SENSIBLE_BUYS), "no sensible buy is worth as much"
    for other in ("buy:2.2.2.4", "buy:0.0.0.10", "buy:0.0.0.0"):
        assert worth(other) < best, other
    assert worth("buy:5.5.0.0") == best, "the evaluation cannot tell a lopsided buy: the short list keeps it out"


def test_an_item_in_play_is_worth_more_than_in_the_hand_so_hard_lays_it() -> None:
    """An Item works only once laid beside a piece; valued as a card in hand, laid as nothing, hard never laid one
    (it held Shields and Armour until the hand limit made it discard them), so an Item in play counts above a
    card in hand, and hard lays a Weapon before it rolls."""
    state = started(2)
    seat = state.active
    state = state.with_player(replace(state.player(seat), items=("weapon",), events=()))
    laid = GAME.act(state, seat, "lay:weapon:hero").state
    assert laid.piece(seat, "hero").items == ("weapon",) and laid.player(seat).hand_size == 0
    assert math.isclose(standing(laid, seat), standing(state, seat) + LAID - CARD) and LAID > CARD
    assert decide(GAME, state, seat, level="hard", seed=1).key.startswith("lay:weapon:")


def test_a_point_of_damage_not_yet_healed_costs_about_what_a_stat_point_is_worth() -> None:
    """Damage lowers every fight until it heals; charged only as the share of health lost (about 0.03 a point),
    it was cheap to the search, so each point lost costs HURT more."""
    state = started(2)
    hero = state.piece(0, "hero")
    hurt = state.with_piece(replace(hero, stats=(hero.stats[0] - 1, *hero.stats[1:])))
    lost = standing(state, 0) - standing(hurt, 0)
    assert math.isclose(lost, HURT + HEALTH / sum(hero.start))
    assert lost > 3 * HEALTH / sum(hero.start) and lost < STAT + HEALTH / sum(hero.start)
    assert standing(hurt, 1) == standing(state, 1), "the other seat's standing is its own"


def test_spaces_of_ones_making_break_a_tie_in_the_last_round_but_never_outweigh_renown() -> None:
    early = started(2)
    state = replace(early, round=early.rounds)
    marked = state
    for place in [f"0.{n}" for n in range(1, 11)]:  # ten Good spaces of Red's making
        marked = marked.with_mark(Mark(place, "good", 1, maker=0))
    assert evaluate(marked, 0) > evaluate(state, 0), "in the last round, at equal Renown, the tiebreak counts"
    behind = marked.with_player(replace(marked.player(1), renown=1))
    assert evaluate(behind, 0) < evaluate(state, 0) < evaluate(behind, 1), "a point of Renown outweighs them"
    assert evaluate(replace(marked, round=early.round), 0) == evaluate(early, 0), "before it, they do not count"


def by_the_definition(state: GvbState, players: int) -> list[float]:
    """Each seat's standing against the best of the others', spelled out seat by seat."""
    return [
        math.tanh((standing(state, seat) - max(standing(state, s) for s in range(players) if s != seat)) / SCALE)
        for seat in range(players)
    ]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), plies=st.integers(0, 120))
def test_every_seats_value_at_once_is_each_seats_evaluation(players: int, seed: int, plies: int) -> None:
    """The search's leaves use ``values`` (each standing reckoned once); it must equal each seat's standing
    against the best of the others', ties at the top included, and ``evaluate`` seat by seat."""
    state, pick = GAME.setup(None, players, seed), random.Random(seed)
    for _ in range(plies):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        state = GAME.apply(state, seat, pick.choice(list(GAME.legal_actions(state, seat)))).state
    if GAME.outcome(state) is None:
        assert values(state) == by_the_definition(state, players)
        assert values(state) == [evaluate(state, seat) for seat in range(players)]
    tied = state  # every Renown equal: at the start, every standing is (several seats share the top)
    for player in state.players:
        tied = tied.with_player(replace(player, renown=7))
    if GAME.outcome(tied) is None:
        assert values(tied) == by_the_definition(tied, players)
        assert values(tied) == [evaluate(tied, seat) for seat in range(players)]


def test_a_tour_is_worth_more_the_further_it_has_got_and_nothing_like_it_when_out_of_reach() -> None:
    state = started(4)
    state = replace(state, round=5)
    crowned = state.with_piece(replace(state.piece(0, "villain"), role="supervillain", place="h0"))
    on_the_way = crowned.with_piece(replace(crowned.piece(0, "villain"), place="0.9"))  # towards Blue's Home Base
    astray = crowned.with_piece(replace(crowned.piece(0, "villain"), place="4.9"))  # by the Spoke: a longer way round
    reached = on_the_way.with_piece(replace(on_the_way.piece(0, "villain"), place="1.3", toured=("h1",)))
    worths = [tour_worth(s, s.piece(0, "villain")) for s in (crowned, on_the_way, astray, reached)]
    assert 0 < worths[0] < worths[2] < worths[1] < worths[3] < TOUR
    assert standing(crowned, 0) > standing(state, 0)  # crowning alone is worth something
    too_late = replace(reached, round=reached.rounds)  # one turn left, some 40 steps to go
    assert tour_worth(too_late, too_late.piece(0, "villain")) < worths[3] / 4
    assert evaluate(reached, 0) > evaluate(crowned, 0) > evaluate(state, 0)
