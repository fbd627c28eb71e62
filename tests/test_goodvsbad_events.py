"""Event cards: played before the roll, answered in a sealed window by every other player holding a card, and
cancelled by a Negation (which can itself be Negated); and what each Event does."""

from __future__ import annotations

from engine.codec import to_json
from engine.core import canonical
from engine.frozen import replace
from engine.games.goodvsbad.events import happen
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.landing import damage
from engine.games.goodvsbad.model import Fixture, GvbState, Mark
from engine.games.goodvsbad.rules import deciders, legal, play
from engine.games.goodvsbad.turns import tour
from tests.test_goodvsbad_turns import started

GAME = GoodVsBad()


def hands(state: GvbState, **events: tuple[str, ...]) -> GvbState:
    """Seat ``s0``, ``s1`` … hold these Event cards and no Items."""
    for name, cards in events.items():
        seat = int(name[1:])
        state = state.with_player(replace(state.player(seat), items=(), events=cards))
    return state


def three(**events: tuple[str, ...]) -> GvbState:
    return hands(replace(started(3), active=0), **events)


def test_an_event_opens_a_window_for_every_other_player_holding_a_card_whatever_it_is() -> None:
    state = three(s0=("goodness",), s1=("teleport",), s2=())
    assert "event:goodness:0.5" in legal(state, 0)
    state, _ = play(state, 0, "event:goodness:0.5")
    assert deciders(state) == (1,), "Blue holds a card (not a Negation) and is asked; Green holds none"
    assert legal(state, 1) == ["answer:pass"] and GAME.pass_key(state, 1) == "answer:pass"
    state, _ = play(state, 1, "answer:pass")
    assert state.window is None and state.mark_at("0.5") == Mark("0.5", "good", 1, maker=0)
    assert deciders(state) == (0,), "back to Red's roll"


def test_a_negation_cancels_the_event_and_a_negation_of_it_lets_the_event_happen() -> None:
    state = three(s0=("goodness", "negation"), s1=("negation",), s2=("negation",))
    state, _ = play(state, 0, "event:goodness:0.5")
    assert deciders(state) == (1, 2)
    state, _ = play(state, 1, "answer:negate")
    state, log = play(state, 2, "answer:pass")
    assert "Blue plays a Negation" in log[-2].public and state.window.negations == 1
    assert deciders(state) == (0, 2), "the Negation is open to everyone else with a card"
    cancelled, log = play(state, 0, "answer:pass")
    cancelled, log = play(cancelled, 2, "answer:pass")
    assert cancelled.mark_at("0.5") is None and "cancelled" in log[-1].public
    back, _ = play(state, 0, "answer:negate")
    back, _ = play(back, 2, "answer:pass")
    assert back.window is not None and back.window.negations == 2
    assert deciders(back) == (2,), "Blue spent its only card: Green alone is asked about Red's Negation"
    back, _ = play(back, 2, "answer:pass")
    assert back.window is None and back.mark_at("0.5") is not None, "two Negations: the Goodness happens"


def test_answers_are_sealed_until_the_last_is_in() -> None:
    state = three(s0=("goodness",), s1=("negation",), s2=("negation",))
    state, _ = play(state, 0, "event:goodness:0.5")
    negated = play(state, 1, "answer:negate")
    passed = play(state, 1, "answer:pass")
    assert [e.public for e in negated[1]] == [e.public for e in passed[1]]
    for seat in (None, 0, 2):
        assert canonical(to_json(GAME.view(negated[0], seat))) == canonical(to_json(GAME.view(passed[0], seat)))


def test_teleport_swaps_a_players_hero_and_villain() -> None:
    state = started(3)
    state = state.with_piece(replace(state.piece(2, "hero"), place="2.5"))
    state, _ = happen(state, 0, "event:teleport:2")
    assert state.piece(2, "villain").place == "2.5" and state.piece(2, "hero").place == "h2"


def test_monsters_cards_move_the_next_encounter_one_deck() -> None:
    state, _ = happen(started(), 0, "event:strong-monsters")
    assert state.shift == 1
    state, _ = happen(state, 0, "event:weak-monsters")
    state, _ = happen(state, 0, "event:weak-monsters")
    assert state.shift == -1


def test_a_wave_raises_every_space_of_its_side_and_names_the_specials_it_makes() -> None:
    state = (
        started().with_mark(Mark("0.5", "good", 5)).with_mark(Mark("0.6", "good", 2)).with_mark(Mark("0.7", "bad", 2))
    )
    state, _ = happen(state, 1, "event:wave-of-goodness:restore")
    assert state.mark_at("0.5").special == "restore" and state.mark_at("0.6").level == 3
    assert state.mark_at("0.7").level == 2 and state.player(1).renown == 2


def test_extension_lengthens_the_roads_and_blanks_spaces_that_become_encounter_squares() -> None:
    state = started()
    state = state.with_mark(Mark("0.10", "good", 2)).with_mark(Mark("0.3", "bad", 1))
    state = state.with_piece(replace(state.pieces[0], place="0.9"))
    state = replace(state, fixtures=(Fixture("0.14", "trap", 1),))
    state, _ = happen(state, 0, "event:extension")
    assert state.lengths == (23, 23) and state.pieces[0].place == "0.15"
    assert state.mark_at("0.16") is None and state.mark_at("0.3") is not None, "0.10 moved to 0.16, an Encounter"
    assert state.fixtures == () and "trap" in state.decks.item_discards, "0.14 moved to 0.20, an Encounter"


def test_topple_the_new_god_needs_a_hero_above_every_other_piece_and_makes_it_the_protector() -> None:
    state = three(s0=("topple-the-new-god",))
    assert "event:topple-the-new-god" not in legal(state, 0), "nobody stands above the rest"
    hero = replace(state.piece(1, "hero"), stats=(4, 4, 4), start=(4, 4, 4), place="1.5")
    state = state.with_piece(hero)
    assert "event:topple-the-new-god" in legal(state, 0), "Blue's Hero: any player may name it"
    crowned, log = happen(state, 0, "event:topple-the-new-god")
    assert crowned.piece(1, "hero").role == "protector" and crowned.piece(1, "hero").place == "h1"
    assert "becomes the Protector" in log[0].public


def test_a_protector_that_reaches_every_other_home_base_undefeated_wins_and_a_defeat_ends_its_reign() -> None:
    state = started(3)
    protector = replace(state.piece(0, "hero"), role="protector", toured=("h2",), place="0.15")
    state = state.with_piece(protector)
    won, log = tour(state, protector, ("0.16", "0.17", "h1", "1.1"))  # through Blue's Home Base
    assert won.outcome is not None and won.outcome.winners == frozenset({0}) and "every Home Base" in log[0].public
    short, _ = tour(state, protector, ("0.16", "0.17"))
    assert short.outcome is None
    beaten, _ = damage(state, protector.id, 9)
    assert beaten.piece(0, "hero").role == "" and beaten.piece(0, "hero").toured == ()


def test_defeat_the_supervillain_is_the_villains_mirror() -> None:
    state = three(s0=("defeat-the-supervillain",))
    villain = replace(state.piece(2, "villain"), stats=(5, 5, 5), start=(5, 5, 5))
    state = state.with_piece(villain)
    assert "event:defeat-the-supervillain" in legal(state, 0)
    crowned, _ = happen(state, 0, "event:defeat-the-supervillain")
    assert crowned.piece(2, "villain").role == "supervillain"
