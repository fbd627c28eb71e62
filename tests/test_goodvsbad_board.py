"""Good vs Bad's board (ours): a ring of Home Bases and Connectors, a Crossroads from three players, Encounter
squares every fourth space graded by depth, exact walks without doubling back, and Extension."""

from __future__ import annotations

import pytest

from engine.games.goodvsbad import board
from engine.games.goodvsbad.board import (
    CROSSROADS,
    RING_LENGTH,
    SPOKE_LENGTH,
    extended,
    grade,
    is_encounter,
    layout,
    moved_by_extension,
    starting_lengths,
    tour_left,
    walks,
)

NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def test_two_players_have_two_roads_between_their_home_bases_and_no_crossroads() -> None:
    roads = layout(2, NAMES)
    assert [c.ends for c in roads] == [("h0", "h1"), ("h0", "h1")]
    assert board.starting_lengths(roads) == (17, 17)
    assert CROSSROADS not in board.places(roads, board.starting_lengths(roads), 2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_from_three_players_a_ring_of_connectors_and_a_spoke_from_every_home_base(players: int) -> None:
    roads = layout(players, NAMES)
    ring = [c for c in roads if c.kind == "ring"]
    spokes = [c for c in roads if c.kind == "spoke"]
    assert len(ring) == len(spokes) == players, "as many Connectors as players, then the Spokes"
    assert {c.ends for c in ring} == {(f"h{i}", f"h{(i + 1) % players}") for i in range(players)}
    assert {c.ends for c in spokes} == {(f"h{i}", CROSSROADS) for i in range(players)}
    lengths = board.starting_lengths(roads)
    assert board.neighbours(CROSSROADS, roads, lengths) == tuple(f"{players + i}.11" for i in range(players))
    assert len(board.neighbours("h0", roads, lengths)) == 3


def test_encounter_squares_are_every_fourth_space_graded_by_depth() -> None:
    assert [p for p in range(1, 18) if is_encounter(p)] == [4, 8, 12, 16]
    assert [grade(p, 17) for p in (4, 8, 12, 16)] == ["E", "F", "F", "E"]
    assert [grade(p, 29) for p in (4, 8, 12, 16, 20, 24, 28)] == ["E", "F", "G", "H", "G", "F", "E"]


def test_a_walk_is_exact_and_never_doubles_back() -> None:
    roads = layout(2, NAMES)
    lengths = board.starting_lengths(roads)
    ends = walks("h0", 3, roads, lengths)
    assert set(ends) == {"0.3", "1.3"}, "from a Home Base any road"
    assert set(walks("0.5", 2, roads, lengths)) == {"0.3", "0.7"}, "either way at the start of a move"
    assert set(walks("0.5", 2, roads, lengths, came_from="0.4")) == {"0.7"}, "never back the way it came"
    around = walks("0.16", 3, roads, lengths, came_from="0.15")
    assert around == {"1.17": (("0.17", "h1", "1.17"),)}, "through the far Home Base onto the other road"


def test_a_fork_offers_every_road_but_the_one_it_came_in_by() -> None:
    roads = layout(4, NAMES)
    lengths = board.starting_lengths(roads)
    ends = walks("0.17", 2, roads, lengths, came_from="0.16")  # into Blue's Home Base, then one more
    assert set(ends) == {"1.1", "5.1"}, "Blue's Home Base: on round the ring, or down Blue's Spoke"


def test_a_trap_stops_a_walk_on_its_space() -> None:
    roads = layout(2, NAMES)
    ends = walks("0.1", 6, roads, board.starting_lengths(roads), came_from="h0", stops=frozenset({"0.3"}))
    assert set(ends) == {"0.3"}


def test_extension_puts_six_spaces_in_the_middle_of_every_connector_under_29() -> None:
    lengths, middles = extended((17, 23, 29, 11))
    assert lengths == (23, 29, 29, 17) and middles == {0: 8, 1: 11, 3: 5}
    assert moved_by_extension("0.8", middles) == "0.8" and moved_by_extension("0.9", middles) == "0.15"
    assert moved_by_extension("2.20", middles) == "2.20" and moved_by_extension("h1", middles) == "h1"


def test_extension_turns_some_spaces_into_encounter_squares_as_the_seed_expects() -> None:
    lengths, middles = extended((17,))
    after = {p: int(moved_by_extension(f"0.{p}", middles).split(".")[1]) for p in range(1, 18)}
    became = [p for p, q in after.items() if not is_encounter(p) and is_encounter(q)]
    stopped = [p for p, q in after.items() if is_encounter(p) and not is_encounter(q)]
    assert became == [10, 14] and stopped == [12, 16] and lengths == (23,)


def test_what_a_tour_still_needs_is_the_shortest_walk_through_every_home_base_left() -> None:
    connectors = layout(4, NAMES)
    lengths = starting_lengths(connectors)
    others = frozenset({"h1", "h2", "h3"})
    assert tour_left("h0", others, connectors, lengths) == 3 * (RING_LENGTH + 1)  # round the ring, not the spokes
    assert tour_left("0.5", others, connectors, lengths) == 3 * (RING_LENGTH + 1) - 5  # five steps on the way
    assert tour_left("4.3", frozenset({"h2"}), connectors, lengths) == SPOKE_LENGTH - 3 + 1 + SPOKE_LENGTH + 1
    assert tour_left("h2", frozenset(), connectors, lengths) == 0
    two = layout(2, NAMES[:2])
    assert tour_left("1.4", frozenset({"h1"}), two, starting_lengths(two)) == RING_LENGTH + 1 - 4
    assert tour_left("1.4", frozenset({"h0"}), two, starting_lengths(two)) == 4  # either way, at a turn's start
