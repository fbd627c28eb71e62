"""Seeded AI-against-AI matches, shared by bench/ai.py, bench/balance.py and the strength tests.

Every match is reproducible: the setup seed and each decision's seed (``decision_seed``) are fixed, so only a
decision cut short by its level's wall-clock cap (counted in ``timeouts``) can make a rerun differ.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..registry import get_game
from .levels import Level
from .search import decide, decision_seed


@dataclass
class Result:
    """One match: who won, how long it took, and each level's thinking time."""

    winners: frozenset[int]
    draw: bool
    decisions: int
    seconds: dict[str, list[float]] = field(default_factory=dict)
    timeouts: int = 0
    opener: int | None = None  # the seat that decided first (who moves first, where a game rolls for it)
    state: Any = None  # the final state, when asked for (benches that read more than who won)


def play(
    game_id: str,
    levels: tuple[str | Level, ...],
    seed: int,
    options: dict | None = None,
    *,
    keep_state: bool = False,
    watch: Callable[[Any], None] | None = None,
) -> Result:
    """Play one match with ``levels[seat]`` at each seat; seat-level "random" picks uniformly. ``keep_state``
    returns the final state too; ``watch`` is shown every state the match passes through after the setup (a
    bench that tells a match's story: when a piece was crowned, for instance, which the final state forgets)."""
    game = get_game(game_id)
    state = game.setup(options, len(levels), seed)
    seconds: dict[str, list[float]] = defaultdict(list)
    timeouts = decisions = 0
    opener = game.to_decide(state)[0] if game.to_decide(state) else None
    while game.outcome(state) is None and decisions < game.meta.max_decisions:
        for seat in game.to_decide(state):
            if seat not in game.to_decide(state):
                continue
            choice = decide(game, state, seat, level=levels[seat], seed=decision_seed(seed, decisions, seat))
            seconds[_name(levels[seat])].append(choice.seconds)
            timeouts += choice.timed_out
            state = game.apply(state, seat, choice.action).state
            decisions += 1
            if watch is not None:
                watch(state)
            if game.outcome(state) is not None:
                break
    outcome = game.outcome(state)
    kept = state if keep_state else None
    if outcome is None:
        return Result(frozenset(), True, decisions, dict(seconds), timeouts, opener, kept)
    return Result(outcome.winners, outcome.draw, decisions, dict(seconds), timeouts, opener, kept)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _name(level: str | Level) -> str:
    return level if isinstance(level, str) else level.name
