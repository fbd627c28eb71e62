"""Offering a test-only game to the bot for one test: the game and its renderer registered, then restored."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine import GAMES, Game, register
from render.core import RENDERERS, BoardRenderer, register_renderer


@contextmanager
def game_offered(game: Game[Any, Any, Any], renderer: BoardRenderer) -> Iterator[None]:
    """Offer ``game`` with ``renderer`` for the duration of one test (build the bot inside it); whatever held
    its id before comes back afterwards."""
    game_id = game.meta.id
    before = GAMES.get(game_id), RENDERERS.get(game_id)
    register(game)
    register_renderer(renderer)
    try:
        yield
    finally:
        for registry, previous in zip((GAMES, RENDERERS), before, strict=True):
            if previous is None:
                registry.pop(game_id, None)
            else:
                registry[game_id] = previous
