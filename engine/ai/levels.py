"""The AI's difficulty levels: what each one may spend on a decision, per game.

A level is defined by a *deterministic* budget (MCTS iterations or alpha-beta nodes), so that a seed
reproduces a game on any machine; the wall-clock cap is only a safety net for a slow or busy host, and the
budgets are sized to finish well inside it on the target machine class (hard: at most 2 s a decision).
A game's own presets are in its package's AI profile (``engine/games/<game>/ai.py``); a game without them
gets the generic information-set MCTS presets, so a new game is playable at every level the moment it is
registered.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

Algorithm = Literal["mcts", "alphabeta", "plan", "random"]
LEVEL_NAMES = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Level:
    """How one level thinks.

    ``budget`` counts MCTS iterations, alpha-beta nodes, or the positions a game's own planner (``plan``)
    may look at. ``depth`` is the deepest alpha-beta iteration, or
    the number of random plies an MCTS rollout plays before it asks the game's ``evaluate``. ``noise`` makes a
    level beatable on purpose: alpha-beta picks at random among root moves within ``noise`` of the best score,
    MCTS samples its move in proportion to visits when ``noise`` > 0.
    """

    name: str
    algorithm: Algorithm
    budget: int
    depth: int
    time_cap: float
    noise: float = 0.0
    exploration: float = 1.0  # MCTS: the UCB constant, for rewards in [-1, 1]


GENERIC_LEVELS: dict[str, Level] = {
    "easy": Level("easy", "mcts", budget=60, depth=4, time_cap=0.5, noise=1.0),
    "normal": Level("normal", "mcts", budget=300, depth=4, time_cap=1.0),
    "hard": Level("hard", "mcts", budget=1000, depth=4, time_cap=1.9),
}

RANDOM = Level("random", "random", budget=0, depth=0, time_cap=0.0)


def pick_level(levels: Mapping[str, Level], level: str | Level) -> Level:
    """The preset ``level`` (a name, or a ``Level`` passed through) among a game's ``levels``."""
    if isinstance(level, Level):
        return level
    if level == "random":
        return RANDOM
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVEL_NAMES)}")
    return levels[level]


def scaled(level: Level, factor: float) -> Level:
    """The same level with its budget scaled (tests use tiny budgets, benches may try larger ones)."""
    return replace(level, budget=max(1, round(level.budget * factor)))


def unhurried(level: Level) -> Level:
    """The same level without its wall-clock cap: the budget alone ends a search, so a seed gives the same
    decision on any machine, however busy (what tests need; a bot keeps the cap, for its players' sake)."""
    return replace(level, time_cap=math.inf)
