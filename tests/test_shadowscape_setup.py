"""Shadowscape's setup: a dungeon whose doors line up, the seed's whisper deck, markets, enemies on their
Lairs, treasures on their spots, co-op difficulty discards, and fate draws that reshuffle (competitive) or run
dry (cooperative)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape.dungeon import (
    CENTRE,
    CORNERS,
    OPPOSITE,
    SIDES,
    STEP,
    distances,
    laid_at,
    lay_out,
    name,
    outward,
    parse,
    places,
)
from engine.games.shadowscape.model import ShadowOptions
from engine.games.shadowscape.setup import (
    draw_fate,
    new_match,
    redeal_whispers,
    spawn,
    whisper_deck,
    whisper_layout,
)
from engine.games.shadowscape.tables import TABLES
from engine.rng import Rng

COMPETITIVE = ShadowOptions()
COOP = ShadowOptions(mode="cooperative")


@pytest.mark.parametrize("seed", range(40))
def test_every_door_meets_a_door_and_the_dungeon_is_connected(seed: int) -> None:
    dungeon, _ = lay_out(Rng(seed))
    assert sorted(laid.room for laid in dungeon) == sorted(TABLES.rooms)
    for place in places():
        doors = laid_at(dungeon, place).doors()
        for side in SIDES:
            if side in outward(place):
                continue
            row, col = place[0] + STEP[side][0], place[1] + STEP[side][1]
            other = laid_at(dungeon, (row, col)).doors()[OPPOSITE[side]]
            assert (doors[side] is None) == (other is None), f"{name(place)} {side}"
    assert len(distances(dungeon, CORNERS[0])) == 25


@pytest.mark.parametrize("seed", range(10))
def test_corners_hold_the_starting_rooms_with_doors_inward_and_the_middle_four_door_rooms(seed: int) -> None:
    dungeon, _ = lay_out(Rng(seed))
    for corner in CORNERS:
        laid = laid_at(dungeon, corner)
        assert laid.card().start
        walls = {side for side, door in laid.doors().items() if door is None}
        assert walls == set(outward(corner))
    for place in places():
        if not outward(place):
            assert None not in laid_at(dungeon, place).doors().values()
        elif place not in CORNERS:
            walls = {side for side, door in laid_at(dungeon, place).doors().items() if door is None}
            assert walls <= set(outward(place)), "a wall only where the board ends"


def test_the_same_generator_lays_the_same_dungeon_and_rooms_are_named_like_a_board() -> None:
    assert lay_out(Rng(7))[0] == lay_out(Rng(7))[0]
    assert lay_out(Rng(7))[0] != lay_out(Rng(8))[0]
    assert name((4, 0)) == "a1" and name(CENTRE) == "c3" and parse("e5") == (0, 4) and parse("f1") is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_competitive_whisper_deck_follows_the_seed(players: int) -> None:
    deck, _ = whisper_deck(COMPETITIVE, players, Rng(players), rules=3)
    shards = [TABLES.whispers[w].shards for w in deck]
    assert len(deck) == (3 + players) + players + 3
    assert shards[: 3 + players] == [1] * (3 + players)
    assert shards[3 + players : 3 + 2 * players] == [2] * players
    assert sorted(shards[-3:]) == [2, 2, 3], "the Lord's whisper is shuffled with two 2-shard cards at the bottom"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cooperative_whisper_deck_keeps_every_card_a_third_of_the_spare_ones_under_it(players: int) -> None:
    """Ours, rules version 3: the seed keeps every whisper in co-op; of the spare ones (those the competitive deck
    leaves out) a third, rounded down, go under the deck and the rest on top of it."""
    for seed in range(20):
        competitive, _ = whisper_deck(COMPETITIVE, players, Rng(seed), rules=3)
        deck, _ = whisper_deck(COOP, players, Rng(seed), rules=3)
        spare = len(TABLES.whispers) - len(competitive)
        under = spare // 3
        assert sorted(deck) == sorted(TABLES.whispers)
        assert deck[spare - under : len(deck) - under] == competitive, "the competitive deck in the middle"
        assert [TABLES.whispers[w].shards for w in deck].index(3) >= len(deck) - under - 3
    assert [len(TABLES.whispers) - (3 + 2 * n + 3) for n in (2, 3, 4)] == [9, 7, 5], "so 3, 2 and 1 go under"


SLOT_SHARDS = {"one": {1}, "two": {2}, "bottom": {2, 3}, "spare": {1, 2}}


def _fits(deck: tuple[str, ...], layout: tuple[str, ...]) -> bool:
    slots = layout[len(layout) - len(deck) :]
    return all(TABLES.whispers[w].shards in SLOT_SHARDS[slot] for w, slot in zip(deck, slots, strict=True))


@pytest.mark.parametrize("rules", [1, 2, 3, 4])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", [COMPETITIVE, COOP])
def test_the_whisper_layout_says_what_every_deck_holds_where(options: ShadowOptions, players: int, rules: int) -> None:
    """Ours: what the rules make public about the face-down whisper deck, which the AI's guesses keep to."""
    if players == 1 and options is COMPETITIVE:
        return
    layout = whisper_layout(options, players, rules)
    for seed in range(10):
        deck, _ = whisper_deck(options, players, Rng(seed), rules=rules)
        assert len(deck) == len(layout) and _fits(deck, layout)
        lord = [TABLES.whispers[w].shards for w in deck].index(3)
        assert layout[lord] == "bottom"
    assert layout.count("bottom") == 3 and len(layout) == (len(TABLES.whispers) if options is COOP else 6 + 2 * players)


@pytest.mark.parametrize(("rules", "bottom"), [(3, {4, 5, 6}), (4, {1, 2, 3})])
@pytest.mark.parametrize("drawn", [0, 4, 9, 13, 16, 18])
def test_a_redealt_whisper_deck_keeps_every_card_in_a_place_it_could_be(drawn: int, rules: int, bottom: set) -> None:
    """``determinize`` deals the rest of the whisper deck afresh, but never where the rules say a card is not: the
    Lord's whisper stays among the bottom three (above the spare cards laid under them in version 3's co-op)."""
    layout = whisper_layout(COOP, 2, rules=rules)
    lord_places = set()
    for seed in range(30):
        deck, _ = whisper_deck(COOP, 2, Rng(seed), rules=rules)
        rest = deck[drawn:]
        guess, _ = redeal_whispers(rest, layout, Rng(seed + 1000))
        assert sorted(guess) == sorted(rest) and _fits(guess, layout)
        shards = [TABLES.whispers[w].shards for w in guess]
        if 3 in shards:
            lord_places.add(len(guess) - shards.index(3))
    assert lord_places <= bottom, "the Lord's three places, counted from the bottom"
    if drawn <= 13:
        assert lord_places == bottom, "and any of the three"


def test_a_redeal_is_a_fresh_guess_not_the_truth() -> None:
    layout = whisper_layout(COMPETITIVE, 3, rules=3)
    deck, _ = whisper_deck(COMPETITIVE, 3, Rng(5), rules=3)
    guesses = {redeal_whispers(deck, layout, Rng(seed))[0] for seed in range(20)}
    assert len(guesses) > 10


# The co-op whisper deck of Rng(3), two heroes, as the code before rules version 3 dealt it (commit 1074354).
VERSION_TWO_COOP_DECK = tuple(
    f"whisper-{n}" for n in (17, 10, 11, 6, 7, 16, 12, 15, 2, 13, 14, 18, 9, 19, 3, 8, 5, 1, 4)
)


def test_the_cooperative_whisper_deck_of_versions_one_two_and_four_lays_the_spare_cards_on_top() -> None:
    """A match started before version 3 must replay to the same state: its deck is dealt draw for draw as then.
    Version 4 (ours) lays the spare cards on top again, the same way."""
    for rules in (1, 2, 4):
        assert whisper_deck(COOP, 2, Rng(3), rules=rules)[0] == VERSION_TWO_COOP_DECK
        deck, _ = whisper_deck(COOP, 2, Rng(3), rules=rules)
        assert sorted(deck) == sorted(TABLES.whispers)
        assert 3 in [TABLES.whispers[w].shards for w in deck[-3:]]
        competitive, _ = whisper_deck(COMPETITIVE, 2, Rng(3), rules=rules)
        assert deck[-len(competitive) :] == competitive, "the competitive deck below, the spare cards on it"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_match_lays_out_markets_enemies_and_treasures(players: int) -> None:
    state = new_match(COMPETITIVE, players, Rng(players), rules=1)
    piles = state.piles
    assert len(piles.equipment_market) == len(piles.action_market) == len(piles.whisper_row) == 4
    assert len(piles.fate) == 60 and not piles.fate_discard
    lairs = [p for p in places() if laid_at(state.dungeon, p).shown().lair]
    assert sorted(where for _, where in state.enemies) == sorted(lairs), "one enemy on every Lair"
    for token, where in state.enemies:
        kind = TABLES.enemy_kinds[TABLES.enemies[token].kind]
        assert laid_at(state.dungeon, where).shown().lair == kind.type
    spots = [p for p in places() if laid_at(state.dungeon, p).shown().treasure]
    assert sorted(where for _, where in state.treasures) == sorted(spots)[: len(TABLES.treasures)]
    assert state.phase == "draft" and state.active == (state.first - 1) % players
    assert state.lord.lord in TABLES.lords and state.lord.place is None


@pytest.mark.parametrize(("difficulty", "gone"), [("standard", 0), ("challenging", 5), ("difficult", 10),
                                                  ("very_difficult", 15)])  # fmt: skip
def test_cooperative_difficulty_discards_fate_cards_at_setup(difficulty: str, gone: int) -> None:
    state = new_match(ShadowOptions(mode="cooperative", difficulty=difficulty), 2, Rng(1), rules=1)
    assert len(state.piles.fate) == 60 - gone and len(state.piles.fate_discard) == gone


def test_spawning_turns_the_discarded_enemies_over_when_the_pile_runs_out() -> None:
    state = new_match(COMPETITIVE, 2, Rng(5), rules=1)
    beasts = state.piles.enemies[0]
    emptied = replace(state, enemies=(), piles=replace(state.piles, enemies=((), *state.piles.enemies[1:]),
                                                        enemy_discard=(beasts, (), ())))  # fmt: skip
    after = spawn(emptied, "beast")
    lairs = [p for p in places() if laid_at(state.dungeon, p).shown().lair == "beast"]
    assert len(after.enemies) == len(lairs) and not after.piles.enemy_discard[0]


def test_an_empty_fate_deck_is_reshuffled_in_competitive_play_but_not_in_cooperative() -> None:
    state = new_match(COMPETITIVE, 2, Rng(9), rules=1)
    dry = replace(state, treasures=(), piles=replace(state.piles, fate=(), fate_discard=state.piles.fate))
    card, after = draw_fate(dry)
    assert card is not None and len(after.piles.fate) == 59 and not after.piles.fate_discard
    assert after.treasures, "a reshuffle puts treasures back on their spots"
    coop = new_match(COOP, 2, Rng(9), rules=1)
    card, after = draw_fate(replace(coop, piles=replace(coop.piles, fate=(), fate_discard=coop.piles.fate)))
    assert card is None and after.piles.fate == ()
