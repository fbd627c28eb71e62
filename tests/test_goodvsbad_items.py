"""Item cards from the hand: laid beside a piece before the roll, Traps and Fortifications left on a space, a
Prophecy, and the hand limit."""

from __future__ import annotations

from engine.frozen import replace
from engine.games.goodvsbad.model import Fixture, GvbState, Task
from engine.games.goodvsbad.rules import legal, play
from engine.games.goodvsbad.turns import begin_move, run
from tests.test_goodvsbad_turns import landed, started


def holding(state: GvbState, seat: int, *cards: str) -> GvbState:
    return state.with_player(replace(state.player(seat), items=cards, events=()))


def test_an_item_is_laid_beside_a_piece_before_the_roll_one_of_each_type() -> None:
    state = holding(started(), 0, "weapon", "super-weapon", "pony", "boots-7")
    state = replace(state, active=0)
    options = legal(state, 0)
    assert "lay:weapon:hero" in options and "lay:pony:villain" in options
    state, log = play(state, 0, "lay:weapon:hero")
    assert state.pieces[0].items == ("weapon",) and "takes up the Weapon" in log[0].public
    assert "lay:super-weapon:hero" not in legal(state, 0), "one Weapon beside a piece"
    state, _ = play(state, 0, "lay:pony:hero")
    assert "lay:boots-7:hero" not in legal(state, 0) and "lay:boots-7:villain" in legal(state, 0), "no boots on a mount"


def test_traps_are_the_villains_and_fortifications_the_heroes_left_on_a_plain_space() -> None:
    state = holding(started(), 0, "trap", "fortification")
    state = replace(state, active=0)
    assert "lay:trap:villain" not in legal(state, 0), "not on a Home Base"
    state = state.with_piece(replace(state.pieces[1], place="0.5")).with_piece(replace(state.pieces[0], place="0.6"))
    options = legal(state, 0)
    assert "lay:trap:villain" in options and "lay:trap:hero" not in options
    assert "lay:fortification:hero" in options and "lay:fortification:villain" not in options
    state, _ = play(state, 0, "lay:trap:villain")
    assert state.fixtures == (Fixture("0.5", "trap", 0),)


def test_a_trap_stops_the_next_piece_that_would_pass_and_is_spent() -> None:
    state = started()
    state = replace(state, fixtures=(Fixture("0.3", "trap", 1),), active=0, roll=6, pending=None)
    state, _ = begin_move(state, 0, 6)
    assert state.pieces[0].place == "0.3" or state.pending.options[0] == "0.3"
    if state.pending is not None:
        state, _ = play(state, 0, "go:0.3")
    assert state.fixtures == () and "trap" in state.decks.item_discards


def test_a_villain_breaks_a_fortification_and_a_hero_on_one_may_stay_still() -> None:
    state = replace(started(), fixtures=(Fixture("0.5", "fortification", 1),))
    broken = landed(state, 1, "0.5", "0.4")
    assert broken.fixtures == () and broken.pieces[1].stats == (2, 3, 3)
    hero = state.with_piece(replace(state.pieces[0], place="0.5"))
    hero, _ = begin_move(replace(hero, active=0, pending=None), 0, 4)
    assert hero.pending is not None and hero.pending.options[0] == "stay"
    stayed, _ = play(hero, 0, "go:stay")
    assert stayed.pieces[0].place == "0.5"


def test_a_prophecy_sends_any_piece_to_any_home_base_and_is_discarded() -> None:
    state = holding(replace(started(), active=0), 0, "prophecy")
    state = state.with_piece(replace(state.pieces[3], place="1.9"))
    state, log = play(state, 0, "prophecy:3:h0")
    assert state.pieces[3].place == "h0" and state.decks.item_discards[-1] == "prophecy"
    assert "Prophecy" in log[0].public


def test_at_the_end_of_a_turn_a_hand_over_twice_the_players_is_discarded_down() -> None:
    state = holding(replace(started(), active=0), 0, *(["weapon"] * 5))
    state = state.with_player(replace(state.player(0), events=("negation",) * 1))
    state, _ = run(replace(state, pending=None, agenda=(Task("end_turn"),)))
    assert legal(state, 0) == ["discard:weapon", "discard:negation"]
    state, log = play(state, 0, "discard:negation")
    assert "discards Negation" in log[0].public and state.decks.event_discards == ("negation",)
    assert legal(state, 0) == ["discard:weapon"], "five cards: one more goes"
    state, _ = play(state, 0, "discard:weapon")
    assert state.player(0).hand_size == 4 and state.active == 1
