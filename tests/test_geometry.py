"""Shared geometry: hexes (axial), square grids and tracks, by example and by property."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engine.geometry.hexes import (
    DIRECTIONS,
    PACKED_DIRECTIONS,
    Hex,
    arc,
    line,
    line_of_sight,
    pack,
    reach,
    ring,
    sector,
    seen_cells,
    sees,
    turns,
    unpack,
    within,
)
from engine.geometry.squares import SquareGrid
from engine.geometry.tracks import Track

coords = st.integers(-12, 12)
hexes = st.builds(Hex, coords, coords)


# -- hexes -------------------------------------------------------------------------------------------------


@given(hexes, hexes, hexes)
def test_hex_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_neighbours_are_one_step_away_in_direction_order() -> None:
    origin = Hex(2, -1)
    assert [n.distance(origin) for n in origin.neighbours()] == [1] * 6
    assert origin.neighbours()[0] == Hex(3, -1) and origin.neighbour(6) == origin.neighbour(0)
    assert len(set(origin.neighbours())) == 6 and sum(DIRECTIONS, Hex(0, 0)) == Hex(0, 0)


def test_rings_and_disks_have_the_textbook_sizes() -> None:
    for radius in range(5):
        assert len(ring(Hex(0, 0), radius)) == max(1, 6 * radius)
        assert all(h.distance(Hex(0, 0)) == radius for h in ring(Hex(0, 0), radius))
        assert len(list(within(Hex(1, 1), radius))) == 1 + 3 * radius * (radius + 1)


@given(hexes, hexes)
def test_a_line_runs_from_end_to_end_one_step_at_a_time(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(path))


def test_line_of_sight_is_blocked_only_between_the_ends() -> None:
    a, b = Hex(0, 0), Hex(3, 0)
    assert line(a, b) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert not line_of_sight(a, b, lambda h: h == Hex(2, 0))
    assert line_of_sight(a, b, lambda h: h in (a, b, Hex(0, 1)))


def test_facing_arcs_front_flank_rear() -> None:
    me = Hex(0, 0)
    for facing in range(6):
        assert arc(facing, me, me.neighbour(facing)) == "front"
        assert arc(facing, me, me.neighbour(facing + 1)) == "front"
        assert arc(facing, me, me.neighbour(facing - 1)) == "front"
        assert arc(facing, me, me.neighbour(facing + 2)) == "flank"
        assert arc(facing, me, me.neighbour(facing + 4)) == "flank"
        assert arc(facing, me, me.neighbour(facing + 3)) == "rear"
    assert sector(me, Hex(5, 0)) == 0 and sector(me, Hex(0, -4)) == 2 and sector(me, Hex(-3, 3)) == 4
    assert arc(0, me, Hex(-5, 0)) == "rear" and arc(0, me, Hex(4, -1)) == "front"
    assert [turns(0, f) for f in range(6)] == [0, 1, 2, 3, 2, 1]


def test_reach_spends_costs_and_respects_what_is_impassable() -> None:
    board = set(within(Hex(0, 0), 3))
    water = {Hex(1, 0)}
    found = reach(Hex(0, 0), 2, lambda h: h in board and h not in water, cost=lambda h: 2 if h.q < 0 else 1)
    assert Hex(1, 0) not in found and found[Hex(0, 0)] == 0
    assert found[Hex(-1, 0)] == 2 and Hex(-2, 0) not in found  # the west costs double
    assert found[Hex(2, -1)] == 2  # round the water: north-east, then east
    assert all(h in board for h in found)


# -- squares -----------------------------------------------------------------------------------------------


def test_square_grid_indexing_neighbours_and_reach() -> None:
    grid = SquareGrid(5, 4)
    assert grid.size == 20 and grid.xy(7) == (2, 1) and grid.at(2, 1) == 7 and grid.at(5, 0) is None
    assert grid.neighbours(0) == (5, 1) and len(grid.neighbours(7)) == 4
    assert grid.distance(0, 19) == 7
    found = grid.reach(0, 2, blocked={1})
    assert found == {0: 0, 5: 1, 10: 2, 6: 2}
    assert grid.between(0, 4) == (1, 2, 3) and grid.between(0, 0) == ()


# -- tracks ------------------------------------------------------------------------------------------------


def test_strips_put_spaces_between_hubs() -> None:
    track = Track.strips([("A", "B", 3), ("B", "C", 2), ("A", "C", 1)])
    assert track.distance("A", "B") == 4 and track.distance("A", "C") == 2
    assert track.neighbours("A-B.1") == ("A", "A-B.2")
    assert set(track.spaces) >= {"A", "B", "C", "A-B.3", "B-C.2", "A-C.1"}


def test_walks_never_double_back_and_give_each_path_at_a_fork() -> None:
    track = Track.strips([("A", "B", 1), ("B", "C", 1), ("B", "D", 1)])
    walks = track.walks("A", 4)
    assert set(walks) == {"C", "D"}
    assert walks["C"] == (("A-B.1", "B", "B-C.1", "C"),)
    assert "A" not in track.walks("A-B.1", 2, came_from="A"), "no stepping straight back"
    assert track.walks("A", 10) == {}, "a dead end stops every walk short"


def test_walks_on_a_loop_find_both_ways_round() -> None:
    loop = Track.strips([("A", "B", 1), ("B", "C", 1), ("C", "A", 1)])
    across = loop.walks("A", 3)
    assert list(across) == ["B-C.1"] and len(across["B-C.1"]) == 2, "both ways round end opposite"
    assert len(loop.walks("A", 6)["A"]) == 2


def test_packed_sight_agrees_with_line_of_sight_over_a_whole_map() -> None:
    """The map-wide sight check gives exactly the hexes ``line_of_sight`` clears, blockers anywhere."""
    hexes = list(within(Hex(0, 0), 6))
    blocked = {h for i, h in enumerate(hexes) if i % 7 == 3}
    for origin in hexes[::5]:
        expected = [h for h in hexes if line_of_sight(origin, h, lambda x: x in blocked)]
        packed_blockers = frozenset(pack(h) for h in blocked)
        seen = seen_cells(pack(origin), [pack(h) for h in hexes], packed_blockers)
        assert [unpack(cell) for cell in seen] == expected
        assert [h for h in hexes if sees(origin, h, packed_blockers)] == expected, "one line at a time agrees"


@given(st.integers(-500, 500), st.integers(-500, 500), st.integers(-500, 500), st.integers(-500, 500))
def test_packed_hexes_round_trip_add_up_and_sort_by_row(q: int, r: int, q2: int, r2: int) -> None:
    a, b = Hex(q, r), Hex(q2, r2)
    assert unpack(pack(a)) == a
    assert all(pack(a) + step == pack(a.neighbour(d)) for d, step in enumerate(PACKED_DIRECTIONS))
    assert (pack(a) < pack(b)) == ((r, q) < (r2, q2)), "row-major: by row, then along it"
