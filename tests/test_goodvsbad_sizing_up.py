"""Rules version 3 (ours): a Hero turns an Encounter's card over before it fights, and may fight it, call the
Heroes on its road, or stand aside. The card it saw is public while it chooses; nothing else of the deck is."""

from __future__ import annotations

from engine.codec import to_json
from engine.core import canonical
from engine.frozen import replace
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import GvbState
from engine.games.goodvsbad.rules import deciders, legal, play
from engine.rng import Rng
from tests.test_goodvsbad_calls import on_road
from tests.test_goodvsbad_turns import landed, started

GAME = GoodVsBad()


def facing(top: str, *, deck: int = 0, shift: int = 0, **places: str) -> GvbState:
    """Under rules version 3, Red's Hero has just landed on the E square 0.4 with ``top`` on deck ``deck`` and
    Monsters' ``shift`` in play; ``places`` puts other Heroes on the board first (``s1="0.6"``)."""
    state = on_road(replace(started(3), rules=3, shift=shift), **places)
    decks = state.decks.encounters
    cards = tuple(c for c in decks[deck] if c != top)
    state = replace(state, decks=replace(state.decks, encounters=(*decks[:deck], (top, *cards), *decks[deck + 1 :])))
    return landed(state, 0, "0.4", "0.3")


def test_a_hero_sees_the_card_first_and_may_fight_it_or_stand_aside() -> None:
    state = facing("bog-wisp")
    assert deciders(state) == (0,) and legal(state, 0) == ["help:alone", "help:aside"]
    assert all(GAME.view(state, seat).facing == "bog-wisp" for seat in (None, 0, 1, 2)), "the card is public"
    assert GAME.prompt(state, 0) == (
        "Your Hero, on Red–Blue Road 4 (Encounter), meets Bog Wisp (E: Agility against 9; beaten: +2 Renown; if it "
        "wins: 1 damage to each piece that fought): fight it or stand aside?"
    )
    assert [c.label for c in GAME.choices(state, 0)] == ["Fight it", "Stand aside"]


def test_with_heroes_on_its_road_a_hero_may_also_call_them_and_they_see_the_card_as_they_answer() -> None:
    state = facing("bog-wisp", s1="0.6")
    assert legal(state, 0) == ["help:call", "help:alone", "help:aside"]
    assert [c.label for c in GAME.choices(state, 0)] == ["Call for help", "Fight it alone", "Stand aside"]
    called, _ = play(state, 0, "help:call")
    assert deciders(called) == (1,) and GAME.view(called, None).facing == "bog-wisp"
    assert "against Bog Wisp (E: Agility against 9; beaten: +2 Renown; if it wins: 1 damage to each piece that " \
        "fought): join the fight?" in GAME.prompt(called, 1)
    joined, log = play(called, 1, "help:join")
    assert any("meets Bog Wisp" in e.public for e in log) and GAME.view(joined, None).facing == ""


def test_standing_aside_puts_the_card_under_its_deck_and_scores_and_costs_nothing() -> None:
    state = facing("tollgate-troll")
    after, log = play(state, 0, "help:aside")
    assert log[0].public == "Red's Hero stands aside from Tollgate Troll."
    assert (
        after.decks.encounters[0][-1] == "tollgate-troll"
        and after.decks.encounters[0][:-1] == (state.decks.encounters[0][1:])
    )
    hero = after.piece(0, "hero")
    assert hero.place == "0.4" and hero.stats == state.piece(0, "hero").stats, "no damage, and it stays there"
    assert after.player(0).renown == state.player(0).renown and GAME.view(after, None).facing == ""


def test_standing_aside_uses_up_strong_monsters_like_a_fight_would() -> None:
    state = facing("rust-eater", deck=1, shift=1)  # Strong Monsters in play: the E square draws from F
    assert GAME.view(state, None).facing == "rust-eater"
    after, _ = play(state, 0, "help:aside")
    assert after.shift == 0 and after.decks.encounters[1][-1] == "rust-eater"


def test_fighting_the_seen_card_fights_that_very_card() -> None:
    state = facing("mud-golem")
    _, log = play(state, 0, "help:alone")
    assert log[0].public.startswith("Red's Hero meets Mud Golem (E, Might against 9)")


def test_a_villain_still_tries_its_flight_before_the_card_is_seen() -> None:
    state = replace(started(3), rules=3)
    state = landed(state, state.piece(0, "villain").id, "0.4", "0.3")
    assert legal(state, 0) == ["flee:flee", "flee:fight"] and GAME.view(state, None).facing == ""


def test_before_version_3_a_hero_alone_fights_at_once_and_sees_nothing_first() -> None:
    state = replace(started(3), rules=2)
    decks = state.decks.encounters
    state = replace(state, decks=replace(state.decks, encounters=(("bog-wisp", *decks[0][1:]), *decks[1:])))
    state = landed(state, 0, "0.4", "0.3")
    assert state.decks.encounters[0][-1] == "bog-wisp", "fought at once: the card is already under its deck"
    assert not any(key.startswith("help:") for key in legal(state, state.active))
    called = landed(on_road(replace(started(3), rules=2), s1="0.6"), 0, "0.4", "0.3")
    assert legal(called, 0) == ["help:call", "help:alone"] and GAME.view(called, None).facing == ""


def test_only_the_seen_card_is_public_and_the_ai_keeps_it_on_top() -> None:
    state = facing("bog-wisp")
    deck = state.decks.encounters[0]
    other = replace(state, decks=replace(state.decks, encounters=((deck[0], *reversed(deck[1:])),
                                                                  *state.decks.encounters[1:])))  # fmt: skip
    views = [canonical(to_json(GAME.view(s, seat))) for s in (state, other) for seat in (None, 0, 1, 2)]
    assert views[:4] == views[4:], "the rest of the deck's order stays secret"
    worlds = [GAME.determinize(state, 1, Rng(key)).decks.encounters[0] for key in range(6)]
    assert all(w[0] == "bog-wisp" and sorted(w) == sorted(deck) for w in worlds)
    assert len({w[1:] for w in worlds}) > 1, "the cards below it are dealt afresh"
    assert {GAME.determinize(state, 1, Rng(key)).decks.encounters[1][0] for key in range(12)} != {
        state.decks.encounters[1][0]
    }, "other decks are not kept"
