"""Shadowscape (seed 002): the card-driven dungeon crawl, competitive or cooperative, for one to four players
(a solo game is one player running two or more heroes). See docs/rules/shadowscape.md; every hero, card, room
and enemy is this project's own content (``data/``, shown in docs/shadowscape-cards.md)."""

from __future__ import annotations

from .ai import PROFILE as AI
from .game import Shadowscape

GAME = Shadowscape()

__all__ = ["AI", "GAME", "Shadowscape"]
