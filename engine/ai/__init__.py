"""AI opponents for every seat of every game: information-set MCTS for any game, alpha-beta for Wars.

Use ``choose``/``decide`` (pure, synchronous, deterministic for a seed) in tests and benches, and
``think`` (async, in a worker process, JSON state in, action key out) from the bot. See docs/ai.md.
"""

from __future__ import annotations

from .levels import GAME_LEVELS, GENERIC_LEVELS, LEVEL_NAMES, Level, level_for, scaled
from .search import Decision, choose, decide, decision_seed
from .worker import configure, shutdown, think, think_sync

__all__ = [
    "GAME_LEVELS",
    "GENERIC_LEVELS",
    "LEVEL_NAMES",
    "Decision",
    "Level",
    "choose",
    "configure",
    "decide",
    "decision_seed",
    "level_for",
    "scaled",
    "shutdown",
    "think",
    "think_sync",
]
