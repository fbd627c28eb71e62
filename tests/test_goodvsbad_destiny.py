"""Rules version 5 (ours, issue 44): the Destiny cards. Topple the New God and Defeat the Supervillain lie face
up beside the board; a player plays one while their own piece's three stats together are more than every other
piece of its kind's; negated, or with nobody above the others when it happens, it lies face up again, and so it
does when its Protector or Supervillain is beaten in a duel or beaten to nothing. Matches of version 4 keep the
cards in the Event deck and the champion above every piece in every stat."""

from __future__ import annotations

import pytest

from engine.codec import to_json
from engine.core import canonical
from engine.frozen import replace
from engine.games.goodvsbad.ai import evaluate
from engine.games.goodvsbad.destiny import standing_above
from engine.games.goodvsbad.events import happen
from engine.games.goodvsbad.landing import damage
from engine.games.goodvsbad.model import AS_PRINTED, DESTINIES, DESTINY_CARDS, GvbState
from engine.games.goodvsbad.rules import play
from engine.games.goodvsbad.setup import initial_state
from engine.games.goodvsbad.tables import TABLES
from engine.rng import Rng
from render.goodvsbad.cards import status_text
from tests.helpers.goodvsbad import GAME, act, holding, keys, placed, table
from tests.test_goodvsbad_turns import landed

TOPPLE, DEFEAT = DESTINY_CARDS


def later() -> GvbState:
    """A two-player match at the start of Red's turn in round 5, the first the Destiny cards may be played."""
    return replace(table(), round=5)


def crowned(state: GvbState, kind: str = "hero") -> GvbState:
    """Red's piece of ``kind`` above the others of its kind, and crowned by its Destiny card."""
    state = placed(state, 0, kind, "0.9", stats=(5, 4, 3), start=(5, 4, 3))
    state, _ = happen(state, 0, f"event:{TOPPLE if kind == 'hero' else DEFEAT}")
    return replace(state, destinies=tuple(c for c in state.destinies if c != (TOPPLE if kind == "hero" else DEFEAT)))


def test_new_matches_lay_both_cards_face_up_and_version_four_keeps_them_in_the_event_deck() -> None:
    assert GAME.meta.rules_version >= DESTINIES == AS_PRINTED + 1 and GAME.meta.plays(AS_PRINTED)
    new = GAME.setup(None, 2, 3)
    assert new.destinies == DESTINY_CARDS and not set(DESTINY_CARDS) & set(new.decks.events)
    assert len(new.decks.events) == len(TABLES.copies("events")) - 2, "Curufea's counts: one of each, now face up"
    old = initial_state(GAME.meta.options(), 2, Rng(3), AS_PRINTED)
    assert old.destinies == () and sorted(old.decks.events) == sorted(TABLES.copies("events"))


def test_the_champion_is_the_piece_whose_stats_together_are_above_every_other_of_its_kind() -> None:
    """Its own Villain does not count against a Hero: the two start alike and heal alike."""
    state = table()  # every piece 3, 3, 3
    assert standing_above(state, "hero") is None and standing_above(state, "villain") is None, "all level"
    state = placed(state, 1, "hero", "1.3", stats=(2, 3, 3))  # Blue's Hero hurt: Red's stands above
    assert standing_above(state, "hero") == state.piece(0, "hero") and standing_above(state, "villain") is None
    state = placed(state, 0, "hero", "0.3", stats=(4, 1, 4))  # 9 against Blue's 8: above, though not in Might
    assert standing_above(state, "hero") == state.piece(0, "hero")
    tied = placed(state, 1, "hero", "1.3", stats=(3, 3, 3))
    assert standing_above(tied, "hero") is None, "level with another Hero is not above it"


def test_only_the_champions_player_is_offered_the_card() -> None:
    state = placed(later(), 1, "hero", "1.3", stats=(2, 3, 3))
    assert f"event:{TOPPLE}" in keys(state, "event:"), "Red's Hero stands above: Red may play it"
    blue = placed(replace(later(), active=1), 0, "hero", "0.3", stats=(2, 3, 3))
    assert f"event:{TOPPLE}" in GAME.legal_actions(blue, 1)
    assert f"event:{TOPPLE}" not in keys(placed(later(), 0, "hero", "0.3", stats=(2, 3, 3)), "event:"), "Blue's"


def test_played_it_leaves_the_table_and_crowns_the_champion() -> None:
    state = placed(later(), 1, "hero", "1.3", stats=(2, 3, 3))
    state = act(state, f"event:{TOPPLE}")
    assert state.piece(0, "hero").role == "protector" and state.piece(0, "hero").place == "h0"
    assert state.destinies == (DEFEAT,)
    assert f"event:{TOPPLE}" not in keys(state, "event:"), "one Protector at a time"


def test_negated_it_lies_face_up_again() -> None:
    state = holding(placed(later(), 1, "hero", "1.3", stats=(2, 3, 3)), 1, events=("negation",))
    state = act(state, f"event:{TOPPLE}")
    assert state.window is not None and state.destinies == (DEFEAT,)
    state = act(state, "answer:negate", seat=1)
    assert state.window is None and state.destinies == DESTINY_CARDS and state.piece(0, "hero").role == ""


def test_with_nobody_above_the_others_when_it_happens_it_lies_face_up_again() -> None:
    state = replace(table(), destinies=(DEFEAT,))  # Red has just played Topple; the Heroes are level again
    state, log = happen(state, 0, f"event:{TOPPLE}")
    assert state.destinies == DESTINY_CARDS and state.piece(0, "hero").role == "" and "face up" in log[0].public


def test_a_protector_beaten_in_a_duel_is_no_longer_the_protector_and_its_card_comes_back() -> None:
    """The seed lets Villains pool their stats against the Protector: from version 5 a duel lost is its defeat."""
    state = crowned(table())
    state = placed(state, 0, "hero", "0.5", stats=(1, 1, 1), start=(1, 1, 1))
    state = placed(state, 1, "villain", "0.4", stats=(12, 12, 12), start=(12, 12, 12))
    state = landed(replace(state, active=1), 3, "0.5", "0.4")
    state, log = play(state, 1, "duel:might")
    hero = state.piece(0, "hero")
    assert hero.role == "" and hero.toured == () and TOPPLE in state.destinies
    assert any("no longer the Protector" in e.public for e in log)


def test_a_supervillain_beaten_to_nothing_is_defeated_and_its_card_comes_back() -> None:
    state = crowned(table(), "villain")
    assert state.piece(0, "villain").role == "supervillain" and DEFEAT not in state.destinies
    state, _ = damage(state, state.piece(0, "villain").id, 20)
    assert state.piece(0, "villain").role == "" and DEFEAT in state.destinies


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_every_seat_sees_the_cards_lying_face_up(viewer: int | None) -> None:
    view = GAME.view(replace(table(), destinies=(DEFEAT,)), viewer)
    assert view.destinies == (DEFEAT,)
    public = canonical(to_json(GAME.view(table(), None)))
    assert f'"destinies":["{TOPPLE}","{DEFEAT}"]' in public


def test_they_are_played_from_the_round_after_the_first_third_of_the_match() -> None:
    """Open from the first turn, the sealed purchase alone crowned a champion before any move, and every hard
    two-player match ended by a tour in about four rounds (20 matches, seeds 65000-65019)."""
    above = placed(table(), 1, "hero", "1.3", stats=(2, 3, 3))
    for round_, offered in ((1, False), (4, False), (5, True), (12, True)):
        assert (f"event:{TOPPLE}" in keys(replace(above, round=round_), "event:")) is offered, round_
    short = replace(above, rounds=6)
    assert f"event:{TOPPLE}" not in keys(replace(short, round=2), "event:")
    assert f"event:{TOPPLE}" in keys(replace(short, round=3), "event:")


def test_the_board_says_how_many_lie_face_up_and_from_when() -> None:
    assert status_text(GAME.view(table(), None))[1].endswith("Destiny cards: 2, from round 5")
    assert status_text(GAME.view(later(), None))[1].endswith("Destiny cards: 2")
    assert "Destiny" not in status_text(GAME.view(replace(table(), destinies=()), None))[1]


def test_the_ai_counts_a_crowning_as_the_first_step_of_its_tour() -> None:
    """Valued at nothing until a Home Base was reached, a Destiny card played read as a card thrown away."""
    state = placed(table(), 0, "hero", "0.9", stats=(5, 4, 3), start=(5, 4, 3))
    assert evaluate(crowned(table()), 0) > evaluate(state, 0)
