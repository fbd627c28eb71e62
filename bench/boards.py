"""Timing board images the way a match shows them, for the per-game bench scripts.

A match's first board draws its static parts once into a cache (a map, a dungeon) and every later board of
the match pastes the moving pieces over it; so the figure a player waits for on each move is the warm one,
and a match's first board is reported apart.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Sequence
from typing import Any


def board_times(matches: Iterable[Sequence[Any]], positions: int, size: int = 1024) -> tuple[float, float]:
    """(mean ms per board after a match's first, mean ms of a match's first board): for each match's public
    views, ``positions`` of them evenly spaced, drawn at ``size`` px with PNG encoding."""
    from render import board_png  # noqa: PLC0415 (the engine figures of a bench need no renderer)

    first: list[float] = []
    warm: list[float] = []
    for views in matches:
        for index, view in enumerate(views[:: max(1, len(views) // positions)]):
            start = time.perf_counter()
            board_png(view, size=size)
            (warm if index else first).append(time.perf_counter() - start)
    return statistics.mean(warm) * 1e3, statistics.mean(first) * 1e3
