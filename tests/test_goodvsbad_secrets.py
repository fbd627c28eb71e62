"""Good vs Bad's secrets: a hand, the unseen deal, a sealed purchase and every deck's order. Change only one,
and the public view, the other seats' views and the public log lines stay byte-identical."""

from __future__ import annotations

from engine.codec import to_json
from engine.core import canonical
from engine.frozen import replace
from engine.games.goodvsbad import items
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.landing import draw_event
from engine.games.goodvsbad.model import GvbState
from engine.rng import Rng

GAME = GoodVsBad()


def public_bytes(state: GvbState, *, but: int) -> list[str]:
    """The public view and every view but seat ``but``'s, as bytes."""
    seats = [None, *(s for s in range(len(state.players)) if s != but)]
    return [canonical(to_json(GAME.view(state, seat))) for seat in seats]


def buying(players: int = 3) -> GvbState:
    state = GAME.setup(None, players, 11)
    while state.stage == "name":
        state = GAME.act(state, state.active, GAME.legal_actions(state, state.active)[0]).state
    return state


def test_a_sealed_purchase_changes_nothing_anyone_else_sees_until_all_are_open() -> None:
    state = buying()
    cheap = GAME.act(state, 0, "buy:0.0.0.0")
    dear = GAME.act(state, 0, "buy:4.3.2.1")
    assert public_bytes(cheap.state, but=0) == public_bytes(dear.state, but=0)
    assert [e.public for e in cheap.log] == [e.public for e in dear.log]
    assert GAME.view(cheap.state, 0).purchase == (0, 0, 0, 0) and GAME.view(dear.state, 0).purchase == (4, 3, 2, 1)


def test_the_unseen_deal_is_seen_by_nobody_not_even_its_owner() -> None:
    state = buying()
    red = state.player(0)
    swapped = state.with_player(replace(red, dealt=tuple(reversed(red.dealt))))
    assert public_bytes(state, but=-1) == public_bytes(swapped, but=-1)  # every seat's view, the owner's too


def test_a_hand_is_its_owners_alone() -> None:
    state = buying()
    for seat in range(3):
        state = GAME.act(state, seat, "buy:2.2.2.0").state
    red = state.player(0)
    deck = state.decks.items
    other = state.with_player(replace(red, items=(deck[0], *red.items[1:])))
    other = replace(other, decks=replace(other.decks, items=(red.items[0], *deck[1:])))
    assert public_bytes(state, but=0) == public_bytes(other, but=0)
    assert GAME.view(state, 0).hand_items != GAME.view(other, 0).hand_items


def test_deck_orders_are_secret_from_everyone() -> None:
    state = buying()
    decks = state.decks
    shuffled = replace(
        state,
        decks=replace(
            decks,
            events=tuple(reversed(decks.events)),
            items=tuple(reversed(decks.items)),
            encounters=tuple(tuple(reversed(d)) for d in decks.encounters),
        ),
    )
    assert public_bytes(state, but=-1) == public_bytes(shuffled, but=-1)


def test_a_drawn_card_is_named_only_to_its_drawer() -> None:
    state = buying(2)
    for seat in range(2):
        state = GAME.act(state, seat, "buy:2.2.2.2").state
    _, log = draw_event(state, 0)
    assert log[0].public == "Red draws an Event card." and log[0].line_for(0) != log[0].public
    assert log[0].line_for(1) == log[0].public


def over_the_limit(hand: tuple[str, ...]) -> GvbState:
    """Two players, Red to discard down to the limit of 4 holding ``hand`` (Items from the deck)."""
    state = buying(2)
    for seat in range(2):
        state = GAME.act(state, seat, "buy:2.2.2.2").state
    red = state.player(0)
    pool = list(state.decks.items) + list(red.items)
    for card in hand:
        pool.remove(card)
    state = state.with_player(replace(red, items=hand))
    state = replace(state, decks=replace(state.decks, items=tuple(pool)), active=0)
    full = items.over_the_limit(state)
    assert full is not None and GAME.to_decide(full) == (0,)
    return full


def test_a_discard_down_to_the_limit_shows_the_hand_to_its_owner_only() -> None:
    deck = buying(2).decks.items
    one = over_the_limit(deck[:5])
    other = over_the_limit(deck[5:10])
    assert public_bytes(one, but=0) == public_bytes(other, but=0)
    assert GAME.view(one, None).pending.options == ()
    assert [c.key for c in GAME.choices(one, 0)] == [f"discard:{card}" for card in dict.fromkeys(deck[:5])]
    assert [c.key for c in GAME.choices(other, 0)] == [f"discard:{card}" for card in dict.fromkeys(deck[5:10])]
    after = GAME.act(one, 0, f"discard:{deck[1]}").state
    assert after.player(0).items == (deck[0], *deck[2:5])


def test_a_world_re_dealt_for_another_seat_is_one_the_discarder_can_play() -> None:
    state = over_the_limit(buying(2).decks.items[:5])
    for seed in range(5):
        world = GAME.determinize(state, 1, Rng(seed))
        for action in GAME.legal_actions(world, 0):
            GAME.apply(world, 0, action)
