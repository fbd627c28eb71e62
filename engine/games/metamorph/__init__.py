"""Metamorph (seed 004, Curufea): shapeshifting wizards duel on a hex map. See docs/rules/metamorph.md."""

from __future__ import annotations

from .ai import PROFILE as AI
from .game import Metamorph

GAME = Metamorph()

__all__ = ["AI", "GAME", "Metamorph"]
