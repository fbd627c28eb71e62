"""Boards that are graphs of spaces (``engine.geometry.tracks``): links as lines, spaces as round tiles, placed
where the game's renderer says. Pure drawing functions with keyword-only options."""

from __future__ import annotations

from collections.abc import Mapping

from .palette import RGB
from .toolkit import Point, Sketch


def draw_track(
    sk: Sketch,
    positions: Mapping[str, Point],
    links: Mapping[str, tuple[str, ...]],
    fills: Mapping[str, RGB],
    *,
    radius: float,
    line: RGB,
    outline: RGB,
    labels: Mapping[str, str] | None = None,
    label_fill: RGB = (24, 24, 28),
) -> None:
    """Each link once, then each space over the links: a disc of ``fills[space]`` with an optional label."""
    drawn: set[frozenset[str]] = set()
    for space, neighbours in links.items():
        for other in neighbours:
            pair = frozenset((space, other))
            if pair not in drawn and space in positions and other in positions:
                drawn.add(pair)
                sk.line([positions[space], positions[other]], fill=line, width=radius * 0.35)
    for space, (x, y) in positions.items():
        box = (x - radius, y - radius, x + radius, y + radius)
        sk.ellipse(box, fill=fills.get(space, (200, 200, 200)), outline=outline, width=radius * 0.12)
        if labels and space in labels:
            sk.text((x, y), labels[space], px=radius * 0.9, fill=label_fill, bold=True)
