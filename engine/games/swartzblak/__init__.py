"""The Shapeshifter of Swartzblak (seed 000): the hidden-identity game. See docs/rules/swartzblak.md."""

from __future__ import annotations

from .ai import PROFILE as AI
from .game import Swartzblak

GAME = Swartzblak()

__all__ = ["AI", "GAME", "Swartzblak"]
