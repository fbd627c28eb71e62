"""The Shapeshifter of Swartzblak: a test for each rule of seed 000 and for each completion of ours, from the set-up
to fleeing and commanding (the Beast, our rules versions, Twists and Turns and winning: ``test_swartzblak_beast.py``).

Positions are built with ``position(...)`` (``tests/helpers/swartzblak.py``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalAction
from engine.games.swartzblak.board import (
    ALLEY_NAMES,
    ALLEY_SYMBOLS,
    NEIGHBOURS,
    connects,
    empty_tiles,
)
from engine.games.swartzblak.model import (
    ADVERSARY,
    BEAST,
    HEROES,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pending,
)
from engine.games.swartzblak.rules import occupancy
from tests.helpers.swartzblak import ALLEYS, GAME, act, alley, keys, position, rolled, where

# -- Sides, seats and setup (ours) --------------------------------------------------------------------------


def test_two_seats_heroes_then_adversary_and_hidden_information_declared() -> None:
    assert GAME.meta.seat_names == ("Heroes", "Adversary")
    assert (GAME.meta.min_players, GAME.meta.max_players) == (2, 2)
    assert GAME.meta.hidden_information


def test_setup_places_three_distinct_heroes_six_numbered_varmints_and_six_townspeople() -> None:
    state = GAME.setup(None, 2, 5)
    assert [where(state, h) for h in ("W", "C", "R")] == ["d1", "e1", "f1"]
    assert [where(state, v) for v in VARMINT_IDS] == ["b10", "c10", "e10", "f10", "h10", "i10"]
    towns = [state.unit(t).square for t in TOWN_IDS]
    assert all(s is not None and 2 <= s // 10 <= 7 for s in towns)
    assert len(set(occupancy(state))) == 3 + 6 + 6


def test_the_shapeshifter_is_not_placed_and_the_first_decision_is_a_secret_pick() -> None:
    state = GAME.setup(None, 2, 9)
    assert state.unit(BEAST).square is None and state.secret is None
    assert GAME.to_decide(state) == (ADVERSARY,)
    assert keys(state) == {f"pick{n}" for n in range(1, 7)}
    transition = GAME.act(state, ADVERSARY, "pick4")
    assert transition.state.secret == 4
    (entry, *_) = transition.log
    assert "4" not in entry.public.split("seal")[0] and "Varmint 4" in entry.line_for(ADVERSARY)
    assert GAME.to_decide(transition.state) == (HEROES,)


# -- Alleyways ----------------------------------------------------------------------------------------------


@pytest.mark.face("swartzblak", "town:alleyways")
@pytest.mark.parametrize("seed", range(25))
def test_alleyways_are_placed_by_the_seed_rules(seed: int) -> None:
    state = GAME.setup(None, 2, seed)
    assert [a.name for a in state.alleys] == list(ALLEY_NAMES)
    assert ALLEY_SYMBOLS == ("moon", "anchor", "sun")
    tiles = [s for a in state.alleys for s in a.squares]
    assert len(tiles) == len(set(tiles)) == 18
    empty = empty_tiles(tiles, [])
    for index, a in enumerate(state.alleys):
        assert sorted(a.numbers) == [0, 1, 2, 3, 4, 5]
        for i, square in enumerate(a.squares):  # every tile touches another tile of its Alleyway
            assert any(n in a.squares for n in NEIGHBOURS[square])
            if i:
                assert a.squares[i - 1] in NEIGHBOURS[square]
        assert any(n in empty for s in a.squares for n in NEIGHBOURS[s])  # next to an empty tile
        assert not connects(state.alleys, index)  # ours: apart at the start
        assert all(2 <= s // 10 <= 7 for s in a.squares)


def test_an_alleyway_connects_when_one_of_its_tiles_is_adjacent_to_another_alleys_tile() -> None:
    joined = (alley("A", "b5 b6 b7 c7 d7 e7"), alley("T", "f7 g7 h7 i7 i6 i5"), ALLEYS[2])
    assert connects(joined, 0) and connects(joined, 1) and not connects(joined, 2)
    diagonal = (alley("A", "b5 b6 b7 c7 d7 e7"), alley("T", "f8 g8 h8 i8 i9 j9"), ALLEYS[2])
    assert not connects(diagonal, 0)


# -- Rounds, turns and the action economy (ours) -----------------------------------------------------------


def test_each_side_spends_three_moves_and_three_stunts_one_of_each_per_figure() -> None:
    state = act(position(), "C>e3")
    assert (state.moves, state.stunts) == (2, 3)
    assert not any(k.startswith("C>") for k in keys(state))
    with pytest.raises(IllegalAction, match="already moved"):
        act(state, "C>e2")


def test_a_turn_ends_on_end_or_when_the_pool_is_empty_and_rounds_alternate_heroes_then_adversary() -> None:
    state = position(moves=1, stunts=0)
    state = act(state, "C>e2")
    assert (state.side, state.round, state.moves, state.stunts) == (ADVERSARY, 1, 3, 3)
    assert GAME.turn_number(state) == 1, "both turns of a round carry the round's number"
    state = act(state, "end")
    assert (state.side, state.round) == (HEROES, 2)


def test_six_rounds_then_the_match_ends() -> None:
    assert act(position(side=ADVERSARY, round_=5), "end").outcome is None
    assert act(position(side=ADVERSARY, round_=6), "end").outcome is not None


def test_the_game_always_ends_within_the_decision_bound() -> None:
    # 12 turns × (6 paid actions + 3 follow-ups + end) + the first pick
    assert GAME.meta.max_decisions >= 12 * 10 + 1


# -- Movement ----------------------------------------------------------------------------------------------


def test_figures_walk_orthogonally_up_to_their_move_around_standing_figures() -> None:
    state = position({"C": "e5", "t1": "e6", "t2": "d5", "t3": "f5"})
    targets = {k for k in keys(state) if k.startswith("C>")}
    assert "C>e8" not in targets  # would need to pass t1
    assert "C>e6" not in targets  # occupied
    assert "C>e2" in targets and "C>f4" in targets and "C>e4" in targets
    assert "C>f6" not in targets  # hemmed in: the way round takes five steps
    assert "C>c4" in targets and "C>d3" in targets
    with pytest.raises(IllegalAction, match="can't get to"):
        act(state, "C>e8")


def test_disabled_figures_stay_on_the_board_can_be_stepped_over_but_not_stopped_on() -> None:
    state = position({"C": "e5", "v1": "e6"}, {"v1": Cond.DISABLED})
    assert where(state, "v1") == "e6"
    assert "C>e7" in keys(state) and "C>e6" not in keys(state)


def test_varmints_move_two() -> None:
    state = position({"v1": "e8"}, side=ADVERSARY)
    targets = {k[3:] for k in keys(state) if k.startswith("v1>")}
    assert "e6" in targets and "e5" not in targets and "d9" in targets


# -- Attack, defence, Advantage -----------------------------------------------------------------------------


def test_a_hit_needs_the_best_attack_die_to_beat_the_best_defence_die() -> None:
    state = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=True)
    roll = state.last_roll
    assert roll is not None and max(roll.attack) > max(roll.defence)
    assert len(roll.attack) == 3 and len(roll.defence) == 2


def test_flanking_gives_advantage_one_more_attack_die() -> None:
    state = position({"C": "e5", "v1": "e6", "W": "f6"})
    assert "Advantage" in next(c.label for c in GAME.choices(state, HEROES) if c.key == "C!v1")
    after = rolled(state, "C!v1", hit=False)
    assert after.last_roll is not None and after.last_roll.advantage and len(after.last_roll.attack) == 4


def test_the_ratcatcher_has_advantage_against_varmints() -> None:
    after = rolled(position({"R": "e5", "v1": "e6"}), "R!v1", hit=False)
    assert after.last_roll is not None and after.last_roll.advantage


def test_hex_gives_advantage_to_every_attack_on_the_target_this_turn_only() -> None:
    state = act(position({"W": "g6", "C": "e5", "v1": "e6"}), "W!hex:v1")
    assert "v1" in state.hexed
    after = rolled(state, "C!v1", hit=False)
    assert after.last_roll is not None and after.last_roll.advantage
    assert "v1" not in act(state, "end").hexed


def test_the_witch_shoots_in_line_of_sight_blocked_by_figures_obscured_by_townspeople() -> None:
    clear = position({"W": "e2", "v1": "e6"})
    assert "W!v1" in keys(clear)
    blocked = position({"W": "e2", "v1": "e6", "C": "e4"})
    assert "W!v1" not in keys(blocked)
    obscured = position({"W": "e2", "v1": "e6", "t1": "e4"})
    after = rolled(obscured, "W!v1", hit=False)
    assert after.last_roll is not None and after.last_roll.obscured and len(after.last_roll.defence) == 3


# -- Conditions, Minion, Mortal, Recover --------------------------------------------------------------------


def test_heroes_go_healthy_wounded_disabled() -> None:
    state = position({"C": "e5", "v1": "e6"}, side=ADVERSARY)
    state = rolled(state, "v1!C", hit=True)
    assert state.unit("C").cond is Cond.WOUNDED
    state = rolled(replace(state, stunted=frozenset()), "v1!C", hit=True)
    assert state.unit("C").cond is Cond.DISABLED and where(state, "C") == "e5"


def test_minion_a_varmint_that_would_be_wounded_is_disabled() -> None:
    state = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=True)
    assert state.unit("v1").cond is Cond.DISABLED


def test_mortal_varmints_cannot_recover() -> None:
    state = position({"v1": "e6"}, {"v1": Cond.DISABLED}, side=ADVERSARY)
    assert "v1!rec" not in keys(state)
    with pytest.raises(IllegalAction, match="Mortal"):
        act(state, "v1!rec")


def test_recover_heals_one_step_but_not_while_a_standing_enemy_is_adjacent_to_a_disabled_figure() -> None:
    state = act(position({"C": "e5"}, {"C": Cond.WOUNDED}), "C!rec")
    assert state.unit("C").cond is Cond.HEALTHY
    down = position({"C": "e5", "v1": "e6"}, {"C": Cond.DISABLED})
    assert "C!rec" not in keys(down)
    down_alone = position({"C": "e5"}, {"C": Cond.DISABLED})
    assert act(down_alone, "C!rec").unit("C").cond is Cond.WOUNDED


def test_disabled_figures_can_only_recover() -> None:
    state = position({"C": "e5", "v1": "e6"}, {"C": Cond.DISABLED})
    assert not any(k.startswith("C") for k in keys(state))


# -- Scurry -------------------------------------------------------------------------------------------------


@pytest.mark.face("swartzblak", "varmint:scurry")
def test_scurry_a_varmint_that_defends_successfully_may_move_three() -> None:
    state = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=False)
    assert state.pending == Pending("scurry", target="v1")
    assert GAME.to_decide(state) == (ADVERSARY,)
    options = keys(state)
    assert "stay" in options and "sc>e9" in options and "sc>i6" not in options and "sc>h6" in options
    state = act(state, "sc>e9")
    assert where(state, "v1") == "e9" and GAME.to_decide(state) == (HEROES,)


# -- Targetless ---------------------------------------------------------------------------------------------


@pytest.mark.face("swartzblak", "town:targetless")
def test_targetless_heroes_and_varmints_cannot_attack_townspeople() -> None:
    state = position({"C": "e5", "t1": "e6"})
    assert "C!t1" not in keys(state)
    with pytest.raises(IllegalAction, match="Targetless"):
        act(state, "C!t1")
    varmint = position({"v1": "e5", "t1": "e6"}, side=ADVERSARY)
    assert "v1!t1" not in keys(varmint)


def test_targetless_the_beast_can_and_a_hit_disables_the_townsperson_and_heals_the_beast() -> None:
    state = position({BEAST: "e5", "t1": "e7", "v3": None}, {BEAST: Cond.WOUNDED}, side=ADVERSARY, secret=None)
    assert "B!t1" in keys(state)
    state = rolled(state, "B!t1", hit=True)
    assert state.unit("t1").cond is Cond.DISABLED
    assert state.unit(BEAST).cond is Cond.HEALTHY


def test_guard_the_beast_cannot_attack_a_townsperson_next_to_the_standing_captain() -> None:
    state = position({BEAST: "e5", "t1": "e7", "C": "d7", "v3": None}, side=ADVERSARY, secret=None)
    assert "B!t1" not in keys(state)


def test_townspeople_harmed_by_an_effect_that_did_not_target_them_are_always_disabled() -> None:
    state = position({BEAST: "e2", "t1": "e4", "v1": "f5", "v3": None}, side=ADVERSARY, secret=None)
    assert "B>e6" in keys(state)
    state = act(state, "B>e6")
    assert state.unit("t1").cond is Cond.DISABLED and where(state, "t1") == "e4"
    assert state.unit("v1").cond is Cond.HEALTHY


# -- Flee and Command ---------------------------------------------------------------------------------------


def test_flee_costs_two_moves_and_moves_every_townsperson_up_to_six() -> None:
    state = position({"t1": "e5"})
    after = act(state, "flee:n")
    assert after.moves == 1
    assert where(after, "t1") == "d10"  # as far north as it gets (e10 holds Varmint 3), shortest run
    for tid in TOWN_IDS:
        a, b = state.unit(tid).square, after.unit(tid).square
        assert a is not None and b is not None and abs(a % 10 - b % 10) + abs(a // 10 - b // 10) <= 6


def test_flee_is_offered_to_both_sides_and_only_with_two_moves_left() -> None:
    assert "flee:away" in keys(position(side=ADVERSARY))
    assert "flee:away" not in keys(position(moves=1))


def test_command_any_unit_moves_a_townsperson_within_six_up_to_three_as_a_stunt() -> None:
    state = position({"C": "e5", "t1": "e8", "t2": "j9"})
    assert "C!cmd:t1" in keys(state) and "C!cmd:t2" not in keys(state)
    state = act(state, "C!cmd:t1")
    assert state.stunts == 2 and state.pending == Pending("lead", "C", "t1")
    assert "t1>e9" in keys(state) and "t1>b8" in keys(state) and "t1>a8" not in keys(state)
    state = act(state, "t1>e9")
    assert where(state, "t1") == "e9"
    assert "v1!cmd:t1" in keys(position({"v1": "e9", "t1": "e8"}, side=ADVERSARY))
