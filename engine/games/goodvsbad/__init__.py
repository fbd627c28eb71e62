"""Good vs Bad (seed 003): every player runs a Hero and a Villain around roads whose spaces turn good or bad.
See docs/rules/good-vs-bad.md; the Item and Event cards are Curufea's (``data/``), the Encounters ours."""

from __future__ import annotations

from .ai import PROFILE as AI
from .game import GoodVsBad

GAME = GoodVsBad()

__all__ = ["AI", "GAME", "GoodVsBad"]
