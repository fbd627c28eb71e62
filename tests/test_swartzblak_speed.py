"""Swartzblak's caches change the cost of the rules, never their answers.

The Twists and Turns code (geometry worked out once per layout, menus cached per position), the cache of
legal actions per position, the Flee cache and the evaluator's one-slot cache are checked against a
straightforward implementation of the same rules on many reachable positions, including positions with
pinned tiles and extra figures, and states that differ only in the Heroes' sampled secret.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine import Rng
from engine.games.swartzblak import Swartzblak, rules, twists
from engine.games.swartzblak import ai as swartzblak_ai
from engine.games.swartzblak.board import (
    ALL_SQUARES,
    NEIGHBOURS,
    TILES,
    Alley,
    at,
    connects,
    footprint,
    with_alley,
    xy,
)
from engine.games.swartzblak.model import ADVERSARY, HEROES, VARMINT_IDS, Cond, SwAction, SwState
from engine.games.swartzblak.twists import TRANSFORMS, WHOLE, Twist

GAME = Swartzblak()


# -- the reference: Twists and Turns as the rules read, one candidate at a time ------------------------------


def ref_twisted(
    alleys: tuple[Alley, ...], index: int, twist: Twist, occupied: frozenset[int], pinned: frozenset[int]
) -> tuple[Alley, dict[int, int]] | None:
    alley = alleys[index]
    if twist.anchor not in alley.numbers or twist.transform not in TRANSFORMS:
        return None
    pos = alley.numbers.index(twist.anchor)
    if twist.arm == WHOLE:
        moving = [i for i in range(TILES) if i != pos]
    elif twist.arm.isdigit() and int(twist.arm) in (alley.numbers[0], alley.numbers[-1]):
        end = alley.numbers.index(int(twist.arm))
        if end == pos:
            return None
        moving = list(range(pos + 1, TILES)) if end > pos else list(range(pos))
    else:
        return None
    tiles = {sq for a in alleys for sq in a.squares}
    empty = ALL_SQUARES - tiles - occupied
    anchor_sq = alley.squares[pos]
    if not any(n in empty for n in NEIGHBOURS[anchor_sq]):
        return None
    ax, ay = xy(anchor_sq)
    new = list(alley.squares)
    for i in moving:
        if alley.squares[i] in pinned:
            return None
        x, y = xy(alley.squares[i])
        dx, dy = TRANSFORMS[twist.transform](x - ax, y - ay)
        target = at(ax + dx, ay + dy)
        if target is None:
            return None
        new[i] = target
    moved_from = {alley.squares[i] for i in moving}
    others = tiles - set(alley.squares)
    staying = occupied - moved_from
    if any(new[i] in others or new[i] in staying for i in moving):
        return None
    if len(set(new)) != TILES or tuple(new) == alley.squares:
        return None
    carried = {alley.squares[i]: new[i] for i in moving if alley.squares[i] in occupied}
    after_empty = ALL_SQUARES - others - set(new) - staying - set(carried.values())
    if not any(n in after_empty for sq in new for n in NEIGHBOURS[sq]):
        return None
    return Alley(alley.key, tuple(new), alley.numbers), carried


def all_twists(alley: Alley) -> Iterator[Twist]:
    for anchor in sorted(alley.numbers):
        for arm in (str(alley.numbers[0]), str(alley.numbers[-1]), WHOLE):
            for transform in TRANSFORMS:
                yield Twist(anchor, arm, transform)


def ref_menu(alleys: tuple[Alley, ...], index: int, occupied: frozenset[int], pinned: frozenset[int]) -> list[Twist]:
    layouts: set[tuple[int, ...]] = set()
    seen: set[tuple[int, bool]] = set()
    distinct: list[Twist] = []
    for twist in all_twists(alleys[index]):
        result = ref_twisted(alleys, index, twist, occupied, pinned)
        if result is None or result[0].squares in layouts:
            continue
        layouts.add(result[0].squares)
        signature = (result[0].square_of(5), connects(with_alley(alleys, index, result[0]), index))
        if signature not in seen:
            seen.add(signature)
            distinct.append(twist)
    if len(distinct) <= 6:
        return distinct
    return [distinct[i] for i in sorted({round(i * (len(distinct) - 1) / 5) for i in range(6)})]


# -- reachable states ----------------------------------------------------------------------------------------


def reachable(seeds: range, every: int = 1) -> Iterator[SwState]:
    """States of random matches that favour Twists and Turns, so Alleyways get twisted and joined."""
    for seed in seeds:
        pick = random.Random(seed)
        state = GAME.setup(None, 2, 900 + seed)
        count = 0
        while state.outcome is None:
            if count % every == 0:
                yield state
            count += 1
            seat = GAME.to_decide(state)[0]
            actions = GAME.legal_actions(state, seat)
            twisty = [a for a in actions if a.kind in ("twists", "layout")]
            action = pick.choice(twisty if twisty and pick.random() < 0.6 else actions)
            state = GAME.apply(state, seat, action).state


def variants(state: SwState, rand: random.Random) -> Iterator[tuple[frozenset[int], frozenset[int]]]:
    """The state's own (occupied, pinned), then with extra figures, crowded, and with a 2×2 of pinned tiles."""
    occupied = frozenset(rules.figures_map(state))
    pinned = rules.pinned(state)
    yield occupied, pinned
    yield occupied | frozenset(rand.sample(range(100), 6)), pinned
    yield occupied | frozenset(rand.sample(range(100), 70)), pinned  # crowded: the empty-tile checks bite
    alley = state.alleys[rand.randrange(3)]
    fp = footprint(rand.choice(alley.squares)) or ()
    yield occupied | frozenset(fp), frozenset(fp)


@pytest.mark.parametrize("chunk", range(3))
def test_twist_menus_and_results_match_the_reference(chunk: int) -> None:
    rand = random.Random(chunk)
    checked = 0
    for n, state in enumerate(reachable(range(chunk * 3, chunk * 3 + 3), every=3)):
        for occupied, pinned in variants(state, rand):
            figures = dict.fromkeys(occupied, "x")
            for index in range(3):
                menu = ref_menu(state.alleys, index, occupied, pinned)
                assert twists.twist_menu(state.alleys, index, figures, pinned) == menu
                assert twists.has_twist(state.alleys, index, figures, pinned) == bool(menu)
                if n % 4 == 0:
                    for twist in all_twists(state.alleys[index]):
                        expected = ref_twisted(state.alleys, index, twist, occupied, pinned)
                        assert twists.twisted(state.alleys, index, twist, figures, pinned) == expected
                checked += 1
    assert checked > 300


def test_twisted_refuses_what_is_not_a_twist_and_reads_arm_numbers_as_numbers() -> None:
    state = GAME.setup(None, 2, 7)
    figures, pins = rules.figures_map(state), rules.pinned(state)
    alley = state.alleys[0]
    for bad in (Twist(9, WHOLE, "r90"), Twist(alley.numbers[2], WHOLE, "r45"), Twist(0, "x", "r90")):
        assert twists.twisted(state.alleys, 0, bad, figures, pins) is None
    end = alley.numbers[-1]
    for twist in (Twist(alley.numbers[0], str(end), t) for t in TRANSFORMS):
        padded = Twist(twist.anchor, f"0{end}", twist.transform)
        plain = twists.twisted(state.alleys, 0, twist, figures, pins)
        assert twists.twisted(state.alleys, 0, padded, figures, pins) == plain
        assert plain == ref_twisted(state.alleys, 0, twist, frozenset(figures), pins)


def uncached_actions(state: SwState) -> tuple[object, ...]:
    return tuple(GAME._pending_actions(state) if state.pending else GAME._turn_actions(state))


def test_the_position_key_covers_everything_the_legal_actions_read() -> None:
    """Search lists a seat's actions once per ``position_key``: equal keys must mean equal actions."""
    rand = random.Random(5)
    count = 0
    for state in reachable(range(20, 28)):
        worlds = [state, replace(state, rng=Rng(rand.getrandbits(32)))]
        worlds += [GAME.determinize(state, HEROES, Rng(rand.getrandbits(32))) for _ in range(3)]
        if state.secret is not None:
            worlds += [replace(state, secret=int(v[1])) for v in VARMINT_IDS if state.unit(v).in_play]
        scrambled = replace(state, round=7 - state.round, down_at_start=not state.down_at_start, last_roll=None)
        scrambled = replace(scrambled, nonce="f" * 16, picks=(), seals=(), rng=Rng(rand.getrandbits(32)))
        assert uncached_actions(scrambled) == uncached_actions(state)  # what the position key leaves out is unread
        assert all(GAME.position_key(scrambled, seat) == GAME.position_key(state, seat) for seat in (0, 1))
        worlds.append(scrambled)
        rand.shuffle(worlds)
        for world in worlds:
            fresh = uncached_actions(world)
            for seat in (HEROES, ADVERSARY):
                listed = GAME.legal_actions(world, seat)
                assert listed == (list(fresh) if seat in GAME.to_decide(world) else [])
                if GAME.position_key(world, seat) == GAME.position_key(state, seat):
                    assert listed == GAME.legal_actions(state, seat)
            count += 1
    assert count > 1000


def test_flee_and_the_search_evaluation_agree_with_their_plain_forms() -> None:
    for state in reachable(range(30, 33)):
        for pattern in rules.FLEE_PATTERNS:
            units, runs = rules._fled.__wrapped__(state.units, pattern)
            after, listed = rules.flee(state, pattern)
            assert (after.units, listed) == (units, list(runs)) and after == replace(state, units=units)
        heroes = swartzblak_ai.evaluate(state, HEROES)
        assert swartzblak_ai.evaluate(state, ADVERSARY) == -heroes or state.outcome is not None
        assert swartzblak_ai.values(state) == (heroes, swartzblak_ai.evaluate(state, ADVERSARY))
        if state.outcome is None:
            assert heroes == swartzblak_ai._heroes_score(state)


def test_cached_hashes_follow_the_fields() -> None:
    """Actions, units and Alleyways hash once, at creation, exactly as the dataclass default would (the same
    hash keeps set order, and so the AI's seeded choices, unchanged), and ``replace`` takes the hash again."""
    state = GAME.setup(None, 2, 5)
    unit = replace(state.units[0], cond=Cond.WOUNDED)
    assert hash(unit) == hash((unit.id, unit.square, unit.cond))
    alley = replace(state.alleys[0], squares=tuple(reversed(state.alleys[0].squares)))
    assert hash(alley) == hash((alley.key, alley.squares, alley.numbers))
    action = SwAction("move", unit="C", square=44)
    assert hash(action) == hash(("move", "C", "", 44, ""))


def test_cached_hashes_are_taken_again_in_another_process() -> None:
    """Strings hash differently in every process, so a pickled action, unit or Alleyway must hash anew."""
    made_elsewhere = subprocess.run(
        [sys.executable, "-c", _PICKLE_THREE],
        capture_output=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    ).stdout
    action, unit, alley = pickle.loads(made_elsewhere)
    state = GAME.setup(None, 2, 5)
    assert action in {SwAction("move", unit="C", square=44)}
    assert unit in {state.units[0]} and alley in {state.alleys[0]}


_PICKLE_THREE = """
import pickle, sys
from engine.games.swartzblak import Swartzblak
from engine.games.swartzblak.model import SwAction
state = Swartzblak().setup(None, 2, 5)
sys.stdout.buffer.write(pickle.dumps((SwAction("move", unit="C", square=44), state.units[0], state.alleys[0])))
"""
