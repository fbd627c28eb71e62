"""Shadowscape's picker steps: an action card (or Move), then its target, then the boost as one multi-select.
Every legal decision is reachable by exactly one path, every path ends on a legal decision, and a step with a
single option is never shown."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import get_game
from engine.ai.search import decide
from engine.errors import MalformedKey
from engine.games.shadowscape.keys import ShadowAction
from engine.games.shadowscape.steps import NO_BOOST
from engine.steps import MULTI_SEPARATOR, next_step, path_to

GAME = get_game("shadowscape")


def _positions(seed: int, mode: str, players: int, count: int) -> list[tuple[object, int]]:
    """Positions of an easy-AI match, with the seat deciding in each."""
    state = GAME.setup({"mode": mode}, players, seed)
    found = []
    for index in range(count):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        found.append((state, seat))
        state = GAME.apply(state, seat, decide(GAME, state, seat, level="easy", seed=index).action).state
    return found


def _walk(state, seat, path=()) -> list[str]:
    """Every key the steps lead to from ``path``, trying each option (each combination, for a multi-select)."""
    step = next_step(GAME, state, seat, path)
    if isinstance(step, str):
        return [step]
    assert len(step.options) > 1 or step.most > 1 or not path, "a step with one option is skipped"
    keys: list[str] = []
    options = [o.key for o in step.options]
    picks = options if step.most == 1 else [MULTI_SEPARATOR.join(c) for c in _combos(options, step.least, step.most)]
    for pick in picks:
        try:
            keys += _walk(state, seat, (*path, pick))
        except MalformedKey:
            assert step.most > 1, "only a multi-select may offer a combination that is no decision"
    return keys


def _combos(options: list[str], least: int, most: int) -> list[tuple[str, ...]]:
    return [c for size in range(least, most + 1) for c in itertools.combinations(options, size)]


@pytest.mark.parametrize(("seed", "mode", "players"), [(3, "competitive", 2), (4, "cooperative", 3)])
def test_the_steps_reach_every_legal_decision_and_nothing_else(seed, mode, players) -> None:
    for state, seat in _positions(seed, mode, players, 120)[::3]:
        legal = sorted(a.key for a in GAME.legal_actions(state, seat))
        assert sorted(_walk(state, seat)) == legal


def _boosted_position() -> tuple[object, int, list[ShadowAction]]:
    for seed in range(40):
        for state, seat in _positions(seed, "competitive", 2, 80):
            legal = GAME.legal_actions(state, seat)
            boosted = [a for a in legal if a.kind == "at" and a.boosts]
            if state.pending is None and boosted:
                return state, seat, boosted
    raise AssertionError("no boosted attack in 40 matches")


def test_an_attack_is_card_then_target_then_a_multi_select_of_fate_cards() -> None:
    state, seat, boosted = _boosted_position()
    action = boosted[0]
    path = path_to(GAME, state, seat, action.key)
    assert path is not None and path[0] == action.a, "the first pick is the card"
    top = next_step(GAME, state, seat, ())
    assert action.a in [o.key for o in top.options] and "end" in [o.key for o in top.options]
    plain = ShadowAction(action.kind, action.a, action.b)
    before_boost = path[:-1]
    boost = next_step(GAME, state, seat, before_boost)
    assert boost.most >= len(action.boosts) and NO_BOOST in [o.key for o in boost.options]
    assert set(action.boosts) <= {o.key for o in boost.options}
    assert next_step(GAME, state, seat, (*before_boost, NO_BOOST)) == plain.key
    assert next_step(GAME, state, seat, (*before_boost, "+".join(action.boosts))) == action.key
    with pytest.raises(MalformedKey, match="No fate cards"):
        next_step(GAME, state, seat, (*before_boost, f"{NO_BOOST}+{action.boosts[0]}"))


def test_a_stale_path_is_refused_with_a_reason() -> None:
    state, seat, _ = _boosted_position()
    with pytest.raises(MalformedKey):
        next_step(GAME, state, seat, ("no-such-card",))
    with pytest.raises(MalformedKey):
        next_step(GAME, state, seat, ("end", "more"))


def test_a_typical_decision_takes_about_two_clicks() -> None:
    """Clicks per decision over an easy-AI match (the figure in the issue's note is from bench/shadowscape.py)."""
    clicks = []
    for state, seat in _positions(5, "competitive", 2, 150):
        key = decide(GAME, state, seat, level="easy", seed=random.Random(len(clicks)).getrandbits(32)).key
        path = path_to(GAME, state, seat, key)
        assert path is not None, key
        clicks.append(len(path))
    assert max(clicks) <= 5
    assert sum(clicks) / len(clicks) < 2.5
