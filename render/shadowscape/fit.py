"""Names set whole in small boxes: a room's name, a market card's, an action or gear chip's, a fate card's title.

Discord shows the board at a fraction of its size, so the close-up is where a name is read, and there it must be
the whole name: never an ellipsis. A name is tried on one line from its preferred size down to a floor, then on
two (or more) lines, split where the lines come out most even (at spaces, at a hyphen only when no space split
fits). The renderer and the tests call these same functions, so a name that cannot fit fails a test rather than
being cut on a board.

Results are cached: the same few hundred names recur from board to board.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from ..toolkit import ellipsize, measure

LEADING = 1.1  # from one line's middle to the next, as a multiple of the text size: names are short lines


class Fit(NamedTuple):
    """Lines set at ``px``; ``whole`` is False only when no size and split fitted (the lines are then cut)."""

    lines: tuple[str, ...]
    px: int
    whole: bool

    def height(self) -> float:
        return block_height(len(self.lines), self.px)

    def step(self) -> float:
        """From one line's middle to the next's."""
        return self.px * LEADING

    def widest(self, bold: bool = False) -> float:
        return max((measure(line, self.px, bold) for line in self.lines), default=0.0)


def block_height(lines: int, px: int) -> float:
    """The height ``lines`` lines of ``px`` text take, from the first one's top to the last one's foot."""
    return px * (1 + (lines - 1) * LEADING) if lines else 0.0


def _breaks(text: str, hyphens: bool) -> list[tuple[int, int]]:
    """Where a line may end and the next begin: at each space (dropped), and after an inner hyphen (kept)."""
    found = []
    for i, ch in enumerate(text):
        if ch == " ":
            found.append((i, i + 1))
        elif hyphens and ch == "-" and 0 < i < len(text) - 1 and text[i + 1] != " ":
            found.append((i + 1, i + 1))
    return found


def _splits(text: str, lines: int, hyphens: bool) -> Iterator[tuple[str, ...]]:
    for combo in itertools.combinations(_breaks(text, hyphens), lines - 1):
        start, parts = 0, []
        for end, following in combo:
            parts.append(text[start:end])
            start = following
        parts.append(text[start:])
        if all(parts):
            yield tuple(parts)


def best_split(text: str, lines: int, px: int, *, bold: bool = False) -> tuple[str, ...] | None:
    """``text`` on exactly ``lines`` lines, split so the widest line is as narrow as can be (space splits
    first; a hyphen split only when the text has too few spaces)."""
    if lines == 1:
        return (text,)
    for hyphens in (False, True):
        options = list(_splits(text, lines, hyphens))
        if options:
            return min(options, key=lambda parts: max(measure(p, px, bold) for p in parts))
    return None


@lru_cache(maxsize=8192)
def fit_name(
    text: str,
    width: float,
    sizes: tuple[int, ...],
    *,
    bold: bool = False,
    lines: int = 2,
    height: float | None = None,
    one_line_floor: int = 0,
) -> Fit:
    """``text`` in a box ``width`` wide (and ``height`` tall, when given): one line at the largest of ``sizes``
    that fits and is at least ``one_line_floor``, else the fewest lines (up to ``lines``) at the largest size
    that fits. Failing all, the last size and most lines, each line ellipsized (``whole`` False)."""
    sizes = tuple(dict.fromkeys(max(1, s) for s in sizes))

    def fits(parts: tuple[str, ...], px: int) -> bool:
        tall_enough = height is None or block_height(len(parts), px) <= height + 0.01
        return tall_enough and all(measure(p, px, bold) <= width for p in parts)

    for px in sizes:
        if px >= one_line_floor and fits((text,), px):
            return Fit((text,), px, True)
    for count in range(2, lines + 1):
        for px in sizes:
            parts = best_split(text, count, px, bold=bold)
            if parts is not None and fits(parts, px):
                return Fit(parts, px, True)
    px = sizes[-1]
    most = next((n for n in range(lines, 0, -1) if height is None or block_height(n, px) <= height + 0.01), 1)
    parts = best_split(text, most, px, bold=bold) or (text,)
    return Fit(tuple(ellipsize(p, px, width, bold=bold) for p in parts), px, False)


def sizes_from(lay_px, *at_1024: float) -> tuple[int, ...]:
    """Text sizes given for a 1024-pixel board, at a board's scale (``Layout.px`` or an equivalent), largest
    first and without repeats."""
    return tuple(dict.fromkeys(lay_px(v) for v in at_1024))
