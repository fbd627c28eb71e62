"""Shapeshifter Wars: a test for each rule sentence of seed 001 and for each completion of ours.

Positions are written as ``{"c3": "rm"}``: owner r/b (upper case for the king), then the top pyramid s/m/l.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import GameOver, IllegalAction, InvalidSetup, MalformedKey, NotYourTurn, Rng
from engine.games.wars.game import (
    BLUE,
    KING_COLOURS,
    QUIET_TURN_LIMIT,
    RED,
    SEAT_NAMES,
    SQUARE_INDEX,
    Phase,
    ShapeshifterWars,
    Size,
    Stack,
    WarsState,
)

GAME = ShapeshifterWars()
TOPS = {"s": Size.SMALL, "m": Size.MEDIUM, "l": Size.LARGE}


def position(pieces: dict[str, str], to_act: int = RED, phase: Phase = Phase.MOVE) -> WarsState:
    board: list[Stack | None] = [None] * 25
    for square, code in pieces.items():
        board[SQUARE_INDEX[square]] = Stack(RED if code[0] in "rR" else BLUE, code[0].isupper(), TOPS[code[1]])
    return WarsState(tuple(board), to_act, phase, 1, False, 0, (), (), None, None, Rng(0))


# Kings far apart in a corner of their home rows, so they do not interfere with the piece under test.
KINGS = {"a1": "Rs", "d5": "Bs"}


def keys(state: WarsState, seat: int = RED) -> set[str]:
    return {c.key for c in GAME.choices(state, seat)}


def at(state: WarsState, square: str) -> Stack | None:
    return state.board[SQUARE_INDEX[square]]


# -- What you need / setup ---------------------------------------------------------------------------------


def test_board_is_five_by_five_with_each_side_on_its_home_row() -> None:
    state = GAME.setup({"first": "red"}, 2, 7)
    assert len(state.board) == 25
    for file in "abde":
        assert at(state, f"{file}1") == Stack(RED, False, Size.SMALL)
        assert at(state, f"{file}5") == Stack(BLUE, False, Size.SMALL)
    assert sum(1 for s in state.board if s) == 10


def test_each_player_has_four_knights_and_a_king_in_the_middle_of_the_starting_row() -> None:
    state = GAME.setup(None, 2, 1)
    assert at(state, "c1") == Stack(RED, True, Size.SMALL)
    assert at(state, "c5") == Stack(BLUE, True, Size.SMALL)
    for seat in (RED, BLUE):
        stacks = [s for s in state.board if s and s.owner == seat]
        assert sum(not s.king for s in stacks) == 4 and sum(s.king for s in stacks) == 1


def test_colours_are_red_knights_black_king_against_blue_knights_green_king() -> None:
    assert SEAT_NAMES == ("Red", "Blue")
    assert KING_COLOURS == ("black", "green")


def test_every_stack_starts_as_a_tree_large_bottom_small_top() -> None:
    state = GAME.setup(None, 2, 3)
    for stack in filter(None, state.board):
        assert stack.pyramids == (Size.SMALL, Size.MEDIUM, Size.LARGE)  # top to bottom


@pytest.mark.parametrize(("first", "seat"), [("red", RED), ("blue", BLUE)])
def test_who_goes_first_can_be_chosen(first: str, seat: int) -> None:
    assert GAME.to_decide(GAME.setup({"first": first}, 2, 11)) == (seat,)


def test_random_first_player_is_seeded_and_both_sides_occur() -> None:
    firsts = {GAME.setup(None, 2, seed).to_act for seed in range(40)}
    assert firsts == {RED, BLUE}
    assert all(GAME.setup(None, 2, s).to_act == GAME.setup(None, 2, s).to_act for s in range(10))


def test_wars_is_for_exactly_two_players_and_rejects_unknown_options() -> None:
    with pytest.raises(InvalidSetup):
        GAME.setup(None, 3, 0)
    with pytest.raises(InvalidSetup, match="first"):
        GAME.setup({"first": "green"}, 2, 0)


# -- The turn ----------------------------------------------------------------------------------------------


def test_a_turn_is_move_or_attack_then_transform_then_the_other_player() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    state = GAME.act(state, RED, "b1-b2").state
    assert (state.to_act, state.phase) == (RED, Phase.TRANSFORM)
    state = GAME.act(state, RED, "~b2").state
    assert (state.to_act, state.phase, state.turn) == (BLUE, Phase.MOVE, 2)


def test_you_must_move_or_attack_before_transforming() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    with pytest.raises(IllegalAction, match="First move or attack"):
        GAME.act(state, RED, "~b1")
    assert all(c.key[0] != "~" for c in GAME.choices(state, RED))


def test_you_must_transform_after_moving_and_may_not_move_twice() -> None:
    state = GAME.act(GAME.setup({"first": "red"}, 2, 0), RED, "b1-b2").state
    with pytest.raises(IllegalAction, match="transform"):
        GAME.act(state, RED, "d1-d2")
    assert keys(state) == {"~a1", "~b2", "~c1", "~d1", "~e1"}


def test_a_player_cannot_act_out_of_turn() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    with pytest.raises(NotYourTurn):
        GAME.act(state, BLUE, "b5-b4")
    assert GAME.legal_actions(state, BLUE) == []


# -- Movement ----------------------------------------------------------------------------------------------


def test_small_top_moves_one_square_straight_ahead() -> None:
    assert keys(position({**KINGS, "c3": "rs"})) >= {"c3-c4"}
    assert {k for k in keys(position({**KINGS, "c3": "rs"})) if k.startswith("c3")} == {"c3-c4"}


def test_medium_top_moves_one_square_diagonally_forward() -> None:
    assert {k for k in keys(position({**KINGS, "c3": "rm"})) if k.startswith("c3")} == {"c3-b4", "c3-d4"}


def test_large_top_moves_one_square_forward_straight_or_diagonal() -> None:
    moves = {k for k in keys(position({**KINGS, "c3": "rl"})) if k.startswith("c3")}
    assert moves == {"c3-b4", "c3-c4", "c3-d4"}


def test_blue_moves_towards_rank_one() -> None:
    state = position({**KINGS, "c3": "bl"}, to_act=BLUE)
    assert {k for k in keys(state, BLUE) if k.startswith("c3-")} == {"c3-b2", "c3-c2", "c3-d2"}


@pytest.mark.parametrize("key", ["c3-c2", "c3-b3", "c3-d2"])
def test_stacks_never_move_backwards_or_sideways(key: str) -> None:
    with pytest.raises(IllegalAction, match="never move backwards or sideways"):
        GAME.act(position({**KINGS, "c3": "rl"}), RED, key)


def test_a_move_must_fit_the_top_pyramid() -> None:
    with pytest.raises(IllegalAction, match="small pyramid on top moves one square straight ahead"):
        GAME.act(position({**KINGS, "c3": "rs"}), RED, "c3-d4")
    with pytest.raises(IllegalAction, match="medium pyramid on top moves one square diagonally"):
        GAME.act(position({**KINGS, "c3": "rm"}), RED, "c3-c4")
    with pytest.raises(IllegalAction, match="one square at a time"):
        GAME.act(position({**KINGS, "c3": "rl"}), RED, "c3-c5")


def test_stacks_move_onto_empty_squares_only() -> None:
    state = position({**KINGS, "c3": "rs", "c4": "rs"})
    assert "c3-c4" not in keys(state)
    with pytest.raises(IllegalAction, match="occupied"):
        GAME.act(state, RED, "c3-c4")


# -- Attacking ---------------------------------------------------------------------------------------------


def test_small_top_attacks_diagonally_adjacent_enemies_in_any_direction() -> None:
    state = position({**KINGS, "c3": "rs", "b2": "bs", "d4": "bs", "c4": "bs", "b3": "bs"})
    assert {k for k in keys(state) if k.startswith("c3x")} == {"c3xb2", "c3xd4"}


def test_medium_top_attacks_orthogonally_adjacent_enemies_in_any_direction() -> None:
    state = position({**KINGS, "c3": "rm", "c2": "bs", "b3": "bs", "d4": "bs", "d2": "bs"})
    assert {k for k in keys(state) if k.startswith("c3x")} == {"c3xc2", "c3xb3"}


def test_large_top_attacks_exactly_two_away_in_a_straight_line() -> None:
    state = position({**KINGS, "c3": "rl", "c1": "bs", "a5": "bs", "e3": "bs", "c4": "bs", "b5": "bs"})
    assert {k for k in keys(state) if k.startswith("c3x")} == {"c3xc1", "c3xa5", "c3xe3"}


def test_large_top_attacks_over_other_stacks() -> None:
    state = position({**KINGS, "c3": "rl", "c4": "rs", "c5": "bs"})
    state = GAME.act(state, RED, "c3xc5").state
    assert at(state, "c5") == Stack(RED, False, Size.LARGE) and at(state, "c4") is not None


def test_an_attack_must_fit_the_top_pyramid_and_target_an_enemy() -> None:
    with pytest.raises(IllegalAction, match="diagonally next to it"):
        GAME.act(position({**KINGS, "c3": "rs", "c4": "bs"}), RED, "c3xc4")
    with pytest.raises(IllegalAction, match="nothing on c4"):
        GAME.act(position({**KINGS, "c3": "rm"}), RED, "c3xc4")
    with pytest.raises(IllegalAction, match="your own stack"):
        GAME.act(position({**KINGS, "c3": "rm", "c4": "rs"}), RED, "c3xc4")


def test_an_attacked_stack_is_destroyed_and_the_attacker_takes_its_square() -> None:
    state = position({**KINGS, "c3": "rs", "b2": "bm"})
    after = GAME.act(state, RED, "c3xb2")
    assert at(after.state, "b2") == Stack(RED, False, Size.SMALL)
    assert at(after.state, "c3") is None
    assert sum(1 for s in after.state.board if s and s.owner == BLUE) == 1
    assert after.state.captured == Stack(BLUE, False, Size.MEDIUM)
    assert "destroys" in after.log[0].public


def test_attacks_may_go_backwards() -> None:
    state = GAME.act(position({**KINGS, "c3": "rm", "c2": "bs"}), RED, "c3xc2").state
    assert at(state, "c2") is not None and at(state, "c2").owner == RED


# -- Transforming ------------------------------------------------------------------------------------------


def test_transform_moves_the_top_pyramid_to_the_bottom() -> None:
    state = position({**KINGS, "c3": "rs"}, phase=Phase.TRANSFORM)
    state = GAME.act(state, RED, "~c3").state
    assert at(state, "c3").pyramids == (Size.MEDIUM, Size.LARGE, Size.SMALL)


def test_the_top_cycles_small_medium_large_small() -> None:
    stack = Stack(RED, False, Size.SMALL)
    tops = []
    for _ in range(4):
        stack = stack.transformed()
        tops.append(stack.top)
    assert tops == [Size.MEDIUM, Size.LARGE, Size.SMALL, Size.MEDIUM]


def test_kings_and_knights_move_attack_and_transform_alike() -> None:
    king = {k.replace("c3", "X") for k in keys(position({"a1": "rs", "c3": "Rl", "e5": "Bs", "c5": "bs"}))}
    knight = {k.replace("c3", "X") for k in keys(position({"a1": "Rs", "c3": "rl", "e5": "Bs", "c5": "bs"}))}
    assert {k for k in king if "X" in k} == {k for k in knight if "X" in k}


# -- Winning -----------------------------------------------------------------------------------------------


def test_a_king_moving_into_the_enemy_starting_row_wins_at_once() -> None:
    state = GAME.act(position({"c4": "Rs", "e5": "Bs"}), RED, "c4-c5").state
    assert state.outcome is not None and state.outcome.winners == {RED}
    assert "home row" in state.outcome.reason
    assert GAME.to_decide(state) == ()
    with pytest.raises(GameOver):
        GAME.act(state, RED, "~c5")


def test_a_king_attacking_into_the_enemy_starting_row_wins() -> None:
    state = GAME.act(position({"c3": "Rl", "a1": "rs", "c5": "bs", "e5": "Bs"}), RED, "c3xc5").state
    assert state.outcome.winners == {RED}


def test_a_knight_entering_the_enemy_row_does_not_win() -> None:
    state = GAME.act(position({"a1": "Rs", "c4": "rs", "e5": "Bs"}), RED, "c4-c5").state
    assert state.outcome is None


def test_destroying_the_enemy_king_wins() -> None:
    state = GAME.act(position({"a1": "Rs", "c3": "rs", "d4": "Bs"}), RED, "c3xd4").state
    assert state.outcome.winners == {RED} and "king" in state.outcome.reason


def test_blue_wins_the_same_ways() -> None:
    state = GAME.act(position({"c2": "Bs", "e5": "bs", "a5": "Rs"}, to_act=BLUE), BLUE, "c2-c1").state
    assert state.outcome.winners == {BLUE}


# -- Our completions ---------------------------------------------------------------------------------------


def test_ours_no_move_or_attack_skips_to_transform() -> None:
    # Red's king, small on top, is blocked straight ahead by an enemy it cannot attack from there.
    state = position({"c4": "Bs", "c3": "Rs"}, to_act=BLUE, phase=Phase.TRANSFORM)
    after = GAME.act(state, BLUE, "~c4")
    nxt = after.state
    assert (nxt.to_act, nxt.phase, nxt.skipped) == (RED, Phase.TRANSFORM, True)
    assert any("straight to transforming" in e.public for e in after.log)
    with pytest.raises(IllegalAction, match="only transform"):
        GAME.act(nxt, RED, "c3-c4")


# A locked position: every stack is blocked in every orientation and no enemy is ever in reach, so every
# turn is a transform only. Red: king a4 under knights a5, b5; Blue: king e2 over knights d1, e1.
LOCKED = {"a4": "Rs", "a5": "rs", "b5": "rs", "e2": "Bs", "d1": "bs", "e1": "bs"}


def locked_start() -> WarsState:
    state = GAME._begin_turn(position(LOCKED, phase=Phase.TRANSFORM), RED, turn=1)
    assert state.skipped and state.phase is Phase.TRANSFORM
    return state


def test_ours_third_repetition_is_a_draw() -> None:
    state, decisions = locked_start(), 0
    while state.outcome is None:
        state = GAME.act(state, state.to_act, GAME.choices(state, state.to_act)[0].key).state
        decisions += 1
    # Transforming the same stack cycles with period three, so the whole position (board, seat, phase)
    # comes back every six decisions: the third occurrence is the twelfth decision.
    assert decisions == 12
    assert state.outcome.draw and "third time" in state.outcome.reason


def _v3(n: int) -> int:
    """How many times 3 divides n: the digit a modular Gray code changes at step n."""
    count = 0
    while n % 3 == 0:
        n, count = n // 3, count + 1
    return count


def test_ours_twenty_quiet_turns_are_a_draw() -> None:
    # Each side walks a ternary Gray code over its three stacks' orders: 27 distinct positions, so no
    # position repeats three times, and only the quiet-turn rule can end the game.
    state, turns = locked_start(), {RED: 0, BLUE: 0}
    while state.outcome is None:
        seat = state.to_act
        choices = GAME.choices(state, seat)
        turns[seat] += 1
        state = GAME.act(state, seat, choices[_v3(turns[seat]) % len(choices)].key).state
        if state.outcome is None:
            assert state.quiet_turns == turns[RED] + turns[BLUE]
    assert turns[RED] + turns[BLUE] == QUIET_TURN_LIMIT
    assert state.outcome.draw and f"{QUIET_TURN_LIMIT} turns" in state.outcome.reason


def test_ours_a_move_or_attack_resets_the_quiet_count() -> None:
    state = replace(position({**KINGS, "c3": "rs"}), quiet_turns=QUIET_TURN_LIMIT - 1)
    state = GAME.act(state, RED, "c3-c4").state
    state = GAME.act(state, RED, "~c4").state
    assert state.quiet_turns == 0 and state.outcome is None


# -- Notation and messages ---------------------------------------------------------------------------------


def test_keys_use_compact_notation() -> None:
    state = position({**KINGS, "b1": "rs", "c2": "bs"})
    assert {"b1-b2", "b1xc2"} <= keys(state)
    after = GAME.act(state, RED, "b1-b2").state
    assert "~b2" in keys(after)


@pytest.mark.parametrize("bad", ["", "z9-a1", "b1b2", "b1--b2", "~f2", "b1-b2 please", "x" * 500])
def test_malformed_keys_are_refused_with_the_notation(bad: str) -> None:
    with pytest.raises(MalformedKey, match="b1-b2"):
        GAME.act(GAME.setup({"first": "red"}, 2, 0), RED, bad)


def test_keys_are_case_and_space_tolerant() -> None:
    state = GAME.act(GAME.setup({"first": "red"}, 2, 0), RED, " B1-B2 ").state
    assert at(state, "b2") is not None


def test_moving_a_stack_that_is_not_yours_or_not_there_is_explained() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    with pytest.raises(IllegalAction, match="belongs to Blue"):
        GAME.act(state, RED, "b5-b4")
    with pytest.raises(IllegalAction, match="no stack on c3"):
        GAME.act(state, RED, "c3-c4")


def test_labels_and_groups_read_well() -> None:
    state = position({**KINGS, "b1": "rs", "c2": "bs"})
    labels = {c.key: (c.label, c.group) for c in GAME.choices(state, RED)}
    assert labels["b1-b2"] == ("Move the knight b1 → b2", "Knight on b1")
    assert labels["b1xc2"][0] == "Attack with the knight on b1: destroy the knight on c2"


def test_the_log_tells_each_decision_in_words() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    t1 = GAME.act(state, RED, "c1-c2")
    assert t1.log[0].public == "Red king moves c1 → c2."
    t2 = GAME.act(t1.state, RED, "~c2")
    assert t2.log[0].public == "Red king on c2 transforms: medium pyramid on top."
    assert t2.state.recent == (GAME.parse_key("c1-c2"), GAME.parse_key("~c2"))


def test_the_prompt_says_which_phase_the_player_is_in() -> None:
    state = GAME.setup({"first": "red"}, 2, 0)
    assert GAME.prompt(state, RED) == "Move or attack with one of your stacks."
    state = GAME.act(state, RED, "b1-b2").state
    assert GAME.prompt(state, RED).startswith("Now transform one of your stacks")
    blocked = GAME._begin_turn(position({"c4": "Bs", "c3": "Rs"}, phase=Phase.TRANSFORM), RED, turn=1)
    assert GAME.prompt(blocked, RED).startswith("None of your stacks can move or attack")
