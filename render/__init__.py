"""Changeling's board images: pure Pillow functions that draw a player's view (never a full state) to PNG.

``board_png(view, *, size, orientation, highlight, squares, caption, clock)`` draws any game that has a
renderer; ``replay_gif`` and ``match_replay_gif`` animate a match. Importing this package registers the
renderer of every implemented game: each game's renderer is a package here (``render/<game>/``), found and
imported below, so adding one touches nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from .core import (
    RENDERERS,
    BoardRenderer,
    RenderOptions,
    board_image,
    board_png,
    extra_png,
    extras_of,
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
    "extra_png",
    "extras_of",
    "match_replay_gif",
    "register_renderer",
    "renderer_for",
    "replay_gif",
]


def _load_renderers() -> None:
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if found.ispkg:
            importlib.import_module(f"{__name__}.{found.name}")


_load_renderers()
