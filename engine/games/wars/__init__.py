"""Shapeshifter Wars (seed 001): the Looney Pyramids duel. See docs/rules/shapeshifter-wars.md."""

from __future__ import annotations

from .ai import PROFILE as AI
from .game import ShapeshifterWars

GAME = ShapeshifterWars()

__all__ = ["AI", "GAME", "ShapeshifterWars"]
