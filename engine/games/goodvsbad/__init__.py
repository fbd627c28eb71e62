"""Good vs Bad (seed 003): every player runs a Hero and a Villain around roads whose spaces turn good or bad.
See docs/rules/good-vs-bad.md. Still being built (issue 16): its rules, cards and AI can be imported and
tested (``GoodVsBad``), and it is not offered until ``GAME`` is set, once it has a board image and its
Discord tests."""

from __future__ import annotations

from .ai import PROFILE as AI

GAME = None

__all__ = ["AI", "GAME"]
