"""Shadowscape (seed 002): the card-driven dungeon crawl, competitive or cooperative. See
docs/rules/shadowscape.md. Every hero, card, room and enemy is this project's own content (``data/``).

Being built (issue 15): its content can be imported and tested, but it is not offered until the rules are in.
"""

from __future__ import annotations

GAME = None
AI = None
