"""The board (ours, docs/rules/good-vs-bad.md *The board*): Home Bases in a ring joined by Connectors, and from
three players a Crossroads joined to every Home Base by a Spoke.

A place is a short string: ``h0``…``h5`` a Home Base (by seat), ``x`` the Crossroads, and ``3.7`` space 7 of
Connector 3. Space 1 of a Connector is next to its first end (the lower-numbered Home Base of a ring Connector;
the Home Base of a Spoke). Lengths change with Extension, so every function here takes the current lengths.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from .tables import Deck

RING_LENGTH = 17
SPOKE_LENGTH = 11
LONGEST = 29  # Extension lengthens only Connectors shorter than this
EXTENSION = 6
ENCOUNTER_EVERY = 4
CROSSROADS = "x"
ROAD_NAMES_FOR_TWO = ("North Road", "South Road")


@dataclass(frozen=True, slots=True)
class Connector:
    """A strip of spaces between two ends (Home Bases or the Crossroads)."""

    index: int
    ends: tuple[str, str]
    kind: Literal["ring", "spoke"]
    name: str


def home(seat: int) -> str:
    return f"h{seat}"


@functools.cache
def layout(players: int, seat_names: tuple[str, ...]) -> tuple[Connector, ...]:
    """The Connectors for ``players``: a ring of Home Bases (two roads between two), then the Spokes. Memoised:
    a pure function of the player count, asked at every move."""
    if players == 2:
        return tuple(Connector(i, ("h0", "h1"), "ring", ROAD_NAMES_FOR_TWO[i]) for i in range(2))
    ring = []
    for i in range(players):
        after = (i + 1) % players
        ring.append(Connector(i, (home(i), home(after)), "ring", f"{seat_names[i]}–{seat_names[after]} Road"))
    spokes = [Connector(players + i, (home(i), CROSSROADS), "spoke", f"{seat_names[i]} Spoke") for i in range(players)]
    return (*ring, *spokes)


def starting_lengths(connectors: tuple[Connector, ...]) -> tuple[int, ...]:
    return tuple(RING_LENGTH if c.kind == "ring" else SPOKE_LENGTH for c in connectors)


def space(connector: int, position: int) -> str:
    return f"{connector}.{position}"


def parse_space(place: str) -> tuple[int, int] | None:
    """``"3.7"`` → ``(3, 7)``; a Home Base or the Crossroads → ``None``."""
    if "." not in place:
        return None
    connector, position = place.split(".")
    return int(connector), int(position)


def connector_of(place: str) -> int | None:
    """The Connector a space belongs to (``None`` for a Home Base or the Crossroads, which join several)."""
    found = parse_space(place)
    return None if found is None else found[0]


def is_node(place: str) -> bool:
    """Whether ``place`` is a Home Base or the Crossroads (a fork, never a Connector space)."""
    return "." not in place


def depth(position: int, length: int) -> int:
    """Spaces to the nearer end of the Connector."""
    return min(position, length + 1 - position)


def is_encounter(position: int) -> bool:
    """Every fourth space, counted from the Connector's first end."""
    return position % ENCOUNTER_EVERY == 0


def grade(position: int, length: int) -> Deck:
    """The deck an Encounter square draws from, by its depth: 1–4 E, 5–8 F, 9–12 G, 13 on H."""
    return "EFGH"[min(3, (depth(position, length) - 1) // 4)]  # type: ignore[return-value]


def neighbours(place: str, connectors: tuple[Connector, ...], lengths: tuple[int, ...]) -> tuple[str, ...]:
    """The places one step from ``place``, in a fixed order."""
    found = parse_space(place)
    if found is None:
        steps: list[str] = []
        for c in connectors:
            if c.ends[0] == place:
                steps.append(space(c.index, 1))
            if c.ends[1] == place:
                steps.append(space(c.index, lengths[c.index]))
        return tuple(steps)
    index, position = found
    ends = connectors[index].ends
    back = space(index, position - 1) if position > 1 else ends[0]
    ahead = space(index, position + 1) if position < lengths[index] else ends[1]
    return (back, ahead)


@functools.lru_cache(maxsize=8192)
def walks(
    start: str,
    steps: int,
    connectors: tuple[Connector, ...],
    lengths: tuple[int, ...],
    *,
    came_from: str | None = None,
    stops: frozenset[str] = frozenset(),
) -> Mapping[str, tuple[tuple[str, ...], ...]]:
    """Where a piece on ``start`` can end after exactly ``steps`` steps, never stepping back onto the place it
    just left (``came_from``, if it entered ``start`` this turn), with each path (the places entered). A walk
    that enters a place in ``stops`` (a Trap) ends there, however many steps are left.

    Memoised (a read-only mapping): a search asks the same few walks of the same board thousands of times."""
    ends: dict[str, list[tuple[str, ...]]] = {}
    stack: list[tuple[str, str | None, tuple[str, ...]]] = [(start, came_from, ())]
    while stack:
        here, previous, path = stack.pop()
        if len(path) == steps or (path and here in stops):
            ends.setdefault(here, []).append(path)
            continue
        for nxt in reversed(neighbours(here, connectors, lengths)):
            if nxt != previous:
                stack.append((nxt, here, (*path, nxt)))
    return MappingProxyType({end: tuple(sorted(paths)) for end, paths in sorted(ends.items())})


def extended(lengths: tuple[int, ...]) -> tuple[tuple[int, ...], dict[int, int]]:
    """Extension: the new lengths, and for each lengthened Connector where its middle is (spaces after it move
    ``EXTENSION`` on). Only Connectors shorter than ``LONGEST`` grow."""
    grown = {i: n // 2 for i, n in enumerate(lengths) if n < LONGEST}
    return tuple(n + EXTENSION if i in grown else n for i, n in enumerate(lengths)), grown


def moved_by_extension(place: str, middles: dict[int, int]) -> str:
    """Where a place is after an Extension with these ``middles``: spaces past a middle move on six."""
    found = parse_space(place)
    if found is None or found[0] not in middles or found[1] <= middles[found[0]]:
        return place
    return space(found[0], found[1] + EXTENSION)


def places(connectors: tuple[Connector, ...], lengths: tuple[int, ...], players: int) -> tuple[str, ...]:
    """Every place on the board: Home Bases, the Crossroads (from three players), then each Connector's spaces."""
    nodes = tuple(home(seat) for seat in range(players)) + ((CROSSROADS,) if players >= 3 else ())
    return nodes + tuple(space(c.index, p) for c in connectors for p in range(1, lengths[c.index] + 1))


@functools.lru_cache(maxsize=64)
def node_distances(connectors: tuple[Connector, ...], lengths: tuple[int, ...]) -> Mapping[tuple[str, str], int]:
    """Fewest steps between any two Home Bases or the Crossroads (Floyd–Warshall over a handful of nodes): a
    Connector of ``n`` spaces is ``n + 1`` steps from end to end."""
    nodes = sorted({end for c in connectors for end in c.ends})
    far = sum(lengths) + len(lengths)
    dist = {(a, b): 0 if a == b else far for a in nodes for b in nodes}
    for c in connectors:
        a, b = c.ends
        dist[a, b] = dist[b, a] = min(dist[a, b], lengths[c.index] + 1)
    for k, i, j in itertools.product(nodes, nodes, nodes):
        dist[i, j] = min(dist[i, j], dist[i, k] + dist[k, j])
    return MappingProxyType(dist)


@functools.lru_cache(maxsize=8192)
def tour_left(place: str, targets: frozenset[str], connectors: tuple[Connector, ...], lengths: tuple[int, ...]) -> int:
    """Fewest steps from ``place`` that pass through every Home Base in ``targets``, in the best order. A piece
    may set off either way at the start of a turn, so the walk is measured both ways from a Connector space.
    What a Protector's or Supervillain's tour still needs (the AI's measure of how far it has got)."""
    if not targets:
        return 0
    dist = node_distances(connectors, lengths)
    found = parse_space(place)
    if found is None:
        start = {place: 0}
    else:
        index, position = found
        ends = connectors[index].ends
        start = {ends[0]: position, ends[1]: lengths[index] + 1 - position}
    best = None
    for order in itertools.permutations(sorted(targets)):
        steps = min(first + dist[end, order[0]] for end, first in start.items())
        steps += sum(dist[a, b] for a, b in itertools.pairwise(order))
        best = steps if best is None else min(best, steps)
    return best or 0
