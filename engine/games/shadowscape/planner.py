"""Shadowscape's planner: score each legal decision by the position it leads to, in worlds the seat cannot tell
apart from the real one.

Every decision is a whole action (card, target and boosts), a turn holds two of them, and a match runs to
hundreds of decisions, so a tree search spends most of its budget on random play that ``evaluate`` could
have judged at once. The planner instead deals a few worlds consistent with what the seat knows
(``determinize``: other hands, deck orders), plays each action in each world, lets the decisions it sets off
on others (a Defence boost, where Wounds go) settle by their first option, and keeps the best mean value.
Hard also looks one action further, for its best few candidates, while the turn is still its own: a Move is
worth what the attack it opens is worth.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from ...ai.levels import Level
from ...ai.mcts import reseeded
from ...rng import Rng
from .evaluation import evaluate
from .keys import ShadowAction
from .model import ShadowState

SETTLE_STEPS = 12  # decisions of others (and forced ones) played out after an action before it is judged
LOOKAHEAD = 6  # hard: candidates whose turn goes on get the best of their follow-ups


def _worlds(game: Any, state: ShadowState, seat: int, count: int, rng: random.Random) -> list[ShadowState]:
    """``count`` full states the seat cannot tell from ``state``, each with fresh dice."""
    return [
        reseeded(game.determinize(state, seat, Rng(rng.getrandbits(63))), Rng(rng.getrandbits(63)))
        for _ in range(count)
    ]


def _own_turn(state: ShadowState, seat: int) -> bool:
    """Whether ``seat`` is free to act again (its Action Phase, nothing pending, the match going on)."""
    return state.outcome is None and state.pending is None and state.active == seat and state.phase == "action"


def settle(game: Any, state: ShadowState, seat: int) -> ShadowState:
    """Play the decisions an action sets off (others' reactions, forced choices) by their first option, until
    a seat is free to choose its next action."""
    for _ in range(SETTLE_STEPS):
        if state.outcome is not None or state.pending is None:
            return state
        decider = state.pending.seat
        options = game.legal_actions(state, decider)
        if not options:
            return state
        state = game.apply_listed(state, decider, options[0]).state
    return state


def _after(game: Any, world: ShadowState, seat: int, action: ShadowAction) -> ShadowState:
    return settle(game, game.apply_listed(world, seat, action).state, seat)


def plan(  # noqa: PLR0917 (the Planner signature every game's planner shares)
    game: Any, state: ShadowState, seat: int, legal: Sequence[ShadowAction], level: Level, rng: random.Random
) -> tuple[ShadowAction, int]:
    """Choose ``seat``'s decision; the second value counts the positions looked at."""
    start = time.perf_counter()
    worlds = _worlds(game, state, seat, max(1, level.depth), rng)
    order = list(range(len(legal)))
    rng.shuffle(order)  # ties (the draft, equal moves) go to a random one, so matches differ
    scored: list[tuple[float, int, ShadowAction, list[ShadowState]]] = []
    work = 0
    for index in order:
        if scored and (work + len(worlds) > level.budget or time.perf_counter() - start > level.time_cap / 2):
            break  # the budget counts positions looked at, and is never overspent (one action is always judged)
        action = legal[index]
        afters = [_after(game, world, seat, action) for world in worlds]
        work += len(afters)
        scored.append((sum(evaluate(a, seat) for a in afters) / len(afters), index, action, afters))
    scored.sort(key=lambda item: -item[0])
    if level.name == "hard":
        scored, work = _look_further(game, seat, scored, work=work, level=level, start=start)
    if level.noise > 0:
        weights = [math.exp((value - scored[0][0]) / level.noise) for value, *_ in scored]
        return rng.choices([item[2] for item in scored], weights=weights)[0], work
    return scored[0][2], work


def _look_further(
    game: Any,
    seat: int,
    scored: list[tuple[float, int, ShadowAction, list[ShadowState]]],
    *,
    work: int,
    level: Level,
    start: float,
) -> tuple[list[tuple[float, int, ShadowAction, list[ShadowState]]], int]:
    """The best few candidates, those after which the turn is still ``seat``'s valued by their best follow-up
    in the first world (``end`` among them). The rest are dropped: valued one action short, they would be
    spared the Enemy Phase that every ``end`` pays for."""
    revised = scored[:LOOKAHEAD]
    for rank, (_, index, action, afters) in enumerate(revised):
        after = afters[0]
        if not _own_turn(after, seat):
            continue
        best = -math.inf
        for follow in game.legal_actions(after, seat):
            if work >= level.budget or time.perf_counter() - start > level.time_cap * 0.8:
                return scored, work  # out of time: the one-action values stand, all of them
            best = max(best, evaluate(_after(game, after, seat, follow), seat))
            work += 1
        revised[rank] = (best, index, action, afters)
    revised.sort(key=lambda item: -item[0])
    return revised, work
