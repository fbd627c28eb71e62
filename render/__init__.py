"""Changeling's board images: pure Pillow functions that draw a player's view (never a full state) to PNG.

``board_png(view, *, size, orientation, highlight, squares, caption, clock)`` draws any game that has a
renderer; ``replay_gif`` and ``match_replay_gif`` animate a match. Importing this package registers the
renderer of every implemented game.
"""

from __future__ import annotations

from . import swartzblak, wars
from .core import (
    RENDERERS,
    BoardRenderer,
    RenderOptions,
    board_image,
    board_png,
    match_replay_gif,
    register_renderer,
    renderer_for,
    replay_gif,
)

__all__ = [
    "RENDERERS",
    "BoardRenderer",
    "RenderOptions",
    "board_image",
    "board_png",
    "match_replay_gif",
    "register_renderer",
    "renderer_for",
    "replay_gif",
    "swartzblak",
    "wars",
]
