"""What the AI knows about one game: its level presets, a sharper evaluation for search, alpha-beta hooks.

Each game package declares its profile next to its rules (``engine/games/<game>/ai.py``) and hands it to the
registry; a game without one is searched by the generic information-set MCTS with the game's own
``evaluate``, so every game can be played by the AI the moment it exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .alphabeta import Hooks
from .levels import GENERIC_LEVELS, Level, pick_level
from .mcts import Evaluator, Values

Planner = Callable[[Any, Any, int, Sequence[Any], Level, random.Random], tuple[Any, int]]
"""A game's own decision procedure: (game, state, seat, legal actions, level, generator) → (action, positions
looked at). For games whose turns hold hundreds of choices, where a tree search spreads too thin."""


@dataclass(frozen=True)
class AiProfile:
    """A game's AI knowledge. ``levels`` names the presets (easy, normal, hard); ``evaluate`` replaces the
    game's ``evaluate`` in MCTS leaves (``values`` does it for every seat at once, where that is one
    computation); ``hooks`` enables alpha-beta (perfect information, no chance); ``planner`` is the game's
    own procedure for levels whose algorithm is ``plan``."""

    levels: Mapping[str, Level] = field(default_factory=lambda: GENERIC_LEVELS)
    evaluate: Evaluator | None = None
    values: Values | None = None
    hooks: type[Hooks] | None = None
    planner: Planner | None = None

    def level(self, level: str | Level) -> Level:
        """The preset called ``level`` (a ``Level`` is passed through; "random" plays uniformly)."""
        return pick_level(self.levels, level)


GENERIC = AiProfile()
