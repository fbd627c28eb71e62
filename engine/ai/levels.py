"""The AI's difficulty levels: what each one may spend on a decision, per game.

A level is defined by a *deterministic* budget (MCTS iterations or alpha-beta nodes), so that a seed
reproduces a game on any machine; the wall-clock cap is only a safety net for a slow or busy host, and the
budgets are sized to finish well inside it on the target machine class (hard: at most 2 s a decision).
Games without an entry in ``GAME_LEVELS`` get the generic information-set MCTS presets, so a new game is
playable at every level the moment it is registered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Algorithm = Literal["mcts", "alphabeta", "random"]
LEVEL_NAMES = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Level:
    """How one level thinks.

    ``budget`` counts MCTS iterations or alpha-beta nodes. ``depth`` is the deepest alpha-beta iteration, or
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

# Per-game presets, tuned by bench/ai.py. Wars: alpha-beta with our evaluator beats MCTS at equal time.
GAME_LEVELS: dict[str, dict[str, Level]] = {
    "wars": {
        "easy": Level("easy", "alphabeta", budget=400, depth=2, time_cap=0.5, noise=0.2),
        "normal": Level("normal", "alphabeta", budget=5_000, depth=6, time_cap=1.0, noise=0.05),
        "hard": Level("hard", "alphabeta", budget=30_000, depth=12, time_cap=1.9, noise=0.01),
    },
    # ISMCTS straight to the evaluation: Swartzblak's turns are long, so random plies before the evaluation
    # buy less than more iterations do. Hard explores less (0.15): the evaluation's differences are a few
    # hundredths, which the default constant drowns in exploration, so the search spreads thin instead of
    # following its best lines (docs/ai.md, "Information-set MCTS"). Normal keeps the default and 300
    # iterations: at 900 it came too close to hard (bench/ai.py: hard won 9 of 16 as Heroes).
    "swartzblak": {
        "easy": Level("easy", "mcts", budget=80, depth=0, time_cap=0.5, noise=1.0),
        "normal": Level("normal", "mcts", budget=300, depth=0, time_cap=1.0),
        "hard": Level("hard", "mcts", budget=3000, depth=0, time_cap=1.9, exploration=0.15),
    },
}

RANDOM = Level("random", "random", budget=0, depth=0, time_cap=0.0)


def level_for(game_id: str, level: str | Level) -> Level:
    """The preset ``level`` (a name, or a ``Level`` passed through) for the game ``game_id``."""
    if isinstance(level, Level):
        return level
    if level == "random":
        return RANDOM
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVEL_NAMES)}")
    return GAME_LEVELS.get(game_id, GENERIC_LEVELS)[level]


def scaled(level: Level, factor: float) -> Level:
    """The same level with its budget scaled (tests use tiny budgets, benches may try larger ones)."""
    return replace(level, budget=max(1, round(level.budget * factor)))
