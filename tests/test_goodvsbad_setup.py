"""Good vs Bad's setup: ten unseen Item cards a player, Specials named in turn, stats bought in a sealed
purchase opened when the last player buys."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import GoodVsBadOptions
from engine.games.goodvsbad.setup import initial_state, name_special, purchases, seal_purchase
from engine.games.goodvsbad.tables import TABLES
from engine.rng import Rng

KEY = 0x60D_BAD


def fresh(players: int = 3, key: int = KEY):
    return initial_state(GoodVsBadOptions(), players, Rng(key), 1)


def named(players: int = 3):
    state = fresh(players)
    for name in ("Fire", "Frost", "Flight", "Shadow", "Thunder", "Venom")[:players]:
        state, _ = name_special(state, state.active, name)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_is_dealt_ten_item_cards_and_both_pieces_start_at_home(players: int) -> None:
    state = fresh(players)
    assert all(len(p.dealt) == 10 and not p.items and not p.events for p in state.players)
    decks = 2 if players >= 5 else 1
    assert len(state.decks.items) + 10 * players == 43 * decks, "two Item decks from five players"
    assert len(state.decks.events) == 59 and [len(d) for d in state.decks.encounters] == [8, 8, 8, 8]
    assert all(piece.place == f"h{piece.seat}" and piece.stats == (1, 1, 1) for piece in state.pieces)
    assert sorted(state.decks.items + sum((p.dealt for p in state.players), ())) == sorted(
        TABLES.copies("items") * decks
    )


def test_specials_are_named_in_turn_from_the_first_player_and_a_taken_name_is_refused() -> None:
    state = fresh(3)
    first = state.active
    state, log = name_special(state, first, "Fire")
    assert state.active == (first + 1) % 3 and "Fire" in log[0].public
    with pytest.raises(IllegalAction, match="taken"):
        name_special(state, state.active, "Fire")
    state, _ = name_special(state, state.active, "Frost")
    state, log = name_special(state, state.active, "Iron")
    assert state.stage == "buy" and {p.special_name for p in state.players} == {"Fire", "Frost", "Iron"}


def test_a_purchase_spends_at_most_ten_cards_between_four_stats() -> None:
    assert len(purchases()) == 1001 and max(map(sum, purchases())) == 10
    with pytest.raises(IllegalAction, match="at most 10"):
        seal_purchase(named(), 0, (5, 5, 1, 0))


def test_purchases_stay_sealed_until_the_last_player_buys_then_open_together() -> None:
    state = named(3)
    dealt = {p.seat: p.dealt for p in state.players}
    state, log = seal_purchase(state, 0, (3, 2, 1, 2))
    assert log[0].public == "Red has bought." and "Agility +3" in log[0].line_for(0)
    _, other_log = seal_purchase(named(3), 0, (0, 0, 0, 0))
    assert other_log[0].public == log[0].public, "the public line is the same whatever was bought"
    assert state.stage == "buy" and state.pieces[0].stats == (1, 1, 1)
    with pytest.raises(IllegalAction, match="already bought"):
        seal_purchase(state, 0, (1, 0, 0, 0))
    state, _ = seal_purchase(state, 1, (0, 0, 0, 0))
    state, log = seal_purchase(state, 2, (10, 0, 0, 0))
    assert state.stage == "turn" and len(log) == 4, "the last purchase opens all three"
    red = state.player(0)
    assert state.piece(0, "hero").stats == state.piece(0, "villain").stats == (4, 3, 2) and red.special == 3
    assert state.piece(0, "hero").start == (4, 3, 2)
    assert red.items == dealt[0][8:], "the top eight of the deal were spent, the last two kept"
    assert state.player(1).items == dealt[1] and state.player(2).items == ()
    assert state.decks.items[-18:] == dealt[0][:8] + dealt[2], "spent cards go under the Item deck, unseen"


def test_the_purchase_is_picked_in_four_steps_each_capped_by_what_is_left() -> None:
    game = GoodVsBad()
    state = named(3)
    first = game.steps(state, 0, ())
    assert first is not None and not isinstance(first, str) and len(first.options) == 11
    second = game.steps(state, 0, ("7",))
    assert not isinstance(second, str) and second is not None and [c.key for c in second.options] == list("0123")
    assert game.steps(state, 0, ("3", "2", "1", "4")) == "buy:3.2.1.4"
    assert "buy:3.2.1.4" in game.legal_actions(state, 0)
    label = game.describe(state, 0, "buy:3.2.1.4").label
    assert label == "Buy Agility +3, Might +2, Smarts +1, Special +4; keep 0 cards"


def test_the_purchase_choices_are_the_listed_purchases_described() -> None:
    """The 1,001 purchases are labelled once for every match: the same choices, in the same order, as describing
    each legal purchase of this state; and only a seat still buying gets them."""
    game = GoodVsBad()
    state = game.setup(None, 3, 4)
    while state.stage != "buy":
        seat = game.to_decide(state)[0]
        state = game.act(state, seat, game.legal_actions(state, seat)[0]).state
    described = [game.describe(state, 1, key) for key in game.legal_actions(state, 1)]
    assert game.choices(state, 1) == described and len(described) == 1001
    assert described[0].label.startswith("Buy") and described[0].group == "Buy"
    sealed = game.act(state, 1, "buy:1.1.1.1").state
    assert game.choices(sealed, 1) == []
