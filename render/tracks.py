"""Boards that are graphs of spaces (``engine.geometry.tracks``, Good vs Bad's roads): links as lines, spaces as
round tiles, placed where the game's renderer says. Pure drawing functions with keyword-only options."""

from __future__ import annotations

from collections.abc import Mapping

from .palette import RGB
from .toolkit import Point, Sketch

RING = 1.3  # a ringed space's ring, as a multiple of its radius


def draw_track(
    sk: Sketch,
    positions: Mapping[str, Point],
    links: Mapping[str, tuple[str, ...]],
    fills: Mapping[str, RGB],
    *,
    radius: float | Mapping[str, float],
    line: RGB,
    outline: RGB,
    link_width: float = 0.35,
    rings: Mapping[str, RGB] | None = None,
    labels: Mapping[str, str] | None = None,
    label_fill: RGB = (24, 24, 28),
) -> None:
    """Each link once, then each space over the links: a disc of ``fills[space]``, behind it a wider ring of
    ``rings[space]`` if it has one, and an optional label. ``radius`` is one size for every space, or a size
    per space; a link is ``link_width`` times the smaller radius of its ends wide."""

    def size(space: str) -> float:
        return radius if isinstance(radius, int | float) else radius[space]

    drawn: set[frozenset[str]] = set()
    for space, neighbours in links.items():
        for other in neighbours:
            pair = frozenset((space, other))
            if pair not in drawn and space in positions and other in positions:
                drawn.add(pair)
                width = link_width * min(size(space), size(other))
                sk.line([positions[space], positions[other]], fill=line, width=width)
    for space, (x, y) in positions.items():
        r = size(space)
        if rings and space in rings:
            sk.ellipse((x - RING * r, y - RING * r, x + RING * r, y + RING * r), fill=rings[space])
        fill = fills.get(space, (200, 200, 200))
        sk.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=r * 0.12)
        if labels and space in labels:
            sk.text((x, y), labels[space], px=r * 0.9, fill=label_fill, bold=True)
