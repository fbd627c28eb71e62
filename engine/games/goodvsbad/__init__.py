"""Good vs Bad (seed 003): every player runs a Hero and a Villain around roads whose spaces turn good or bad.
See docs/rules/good-vs-bad.md. Still being built (issue 16): its cards and board can be imported and tested,
and it is not offered until ``GAME`` is set."""

from __future__ import annotations

GAME = None
AI = None
