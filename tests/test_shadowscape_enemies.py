"""Shadowscape's enemies in the Enemy Phase: which a fate card activates, range (melee: the room; ranged: the
room and its neighbours), and the walk by door symbols that stops when a hero comes in range, skipping
symbols with no door, doors off the board and doubling back; Swift and Skulk in the advanced game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape.dungeon import door_with, neighbours, places
from engine.games.shadowscape.enemies import activated, heroes_in_range, kind_of, walk
from engine.games.shadowscape.model import ShadowOptions, ShadowState
from engine.games.shadowscape.setup import new_match
from engine.games.shadowscape.tables import TABLES
from engine.rng import Rng

MELEE = next(t for t in TABLES.enemies if not kind_of(t).ranged)
RANGED = next(t for t in TABLES.enemies if kind_of(t).ranged)


def match(seed: int = 3, *, advanced: bool = False) -> ShadowState:
    state = new_match(ShadowOptions(advanced=advanced), 2, Rng(seed), rules=1)
    return replace(state, enemies=())


def with_hero(state: ShadowState, seat: int, place: tuple[int, int] | None) -> ShadowState:
    return state.with_hero(replace(state.hero(seat), place=place))


def test_a_fate_card_activates_every_enemy_of_its_type_on_the_board() -> None:
    state = new_match(ShadowOptions(), 2, Rng(4), rules=1)
    for kind in ("beast", "brigand", "undead"):
        assert activated(state, kind) == [t for t, _ in state.enemies if kind_of(t).type == kind]


def test_melee_reaches_its_room_and_ranged_the_adjacent_rooms_too() -> None:
    state = match()
    room = (2, 2)
    beside = neighbours(state.dungeon, room)[0]
    state = with_hero(with_hero(state, 0, room), 1, beside)
    assert heroes_in_range(state, MELEE, room) == [0]
    assert heroes_in_range(state, RANGED, room) == [0, 1]
    assert heroes_in_range(state, RANGED, (0, 0) if (0, 0) not in (room, beside) else (4, 4)) == []


def test_an_enemy_with_a_hero_in_range_does_not_move() -> None:
    state = with_hero(match(), 0, (1, 1))
    assert walk(state, MELEE, (1, 1)) == []


@pytest.mark.parametrize("seed", range(30))
def test_a_walk_follows_door_symbols_never_doubles_back_and_stops_once_a_hero_is_in_range(seed: int) -> None:
    state = with_hero(with_hero(match(seed), 0, (0, 0)), 1, (4, 4))
    for token in TABLES.enemies:
        for start in places():
            path = walk(state, token, start)
            assert len(path) <= len(TABLES.enemies[token].doors)
            here, before = start, None
            for step in path:
                assert step in neighbours(state.dungeon, here) and step != before
                before, here = here, step
            for index, room in enumerate(path):
                in_range = bool(heroes_in_range(state, token, room))
                assert not in_range or index == len(path) - 1, "it stops in the first room with a hero in range"


def test_a_symbol_with_no_door_in_the_room_is_skipped() -> None:
    cases = 0
    for seed in range(6):
        state = match(seed)
        for token, enemy in TABLES.enemies.items():
            for start in places():
                if len(enemy.doors) == 1 and door_with(state.dungeon, start, enemy.doors[0]) is None:
                    assert walk(state, token, start) == []
                    cases += 1
    assert cases, "three-door rooms lack one symbol, so one-symbol enemies meet such rooms"


def test_swift_follows_its_symbols_twice_in_the_advanced_game_only() -> None:
    swift = next(t for t in TABLES.enemies if kind_of(t).ability.id == "swift")
    basic, advanced = match(6), match(6, advanced=True)
    longest_basic = max(len(walk(basic, swift, p)) for p in places())
    longest_advanced = max(len(walk(advanced, swift, p)) for p in places())
    assert longest_basic <= len(TABLES.enemies[swift].doors) < longest_advanced
