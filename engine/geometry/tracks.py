"""Tracks: boards that are graphs of spaces, like Good vs Bad's connector strips between home bases.

A ``Track`` is an undirected graph of named spaces. ``strips`` builds one from hubs joined by strips of
spaces; ``walks`` finds where a piece can end after exactly N steps without doubling back, with the path
taken to each end (forks give several), which is how a rolled move reads on such a board.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Track:
    """Spaces (in a fixed order) and, for each, its neighbours in a fixed order."""

    spaces: tuple[str, ...]
    links: Mapping[str, tuple[str, ...]]

    @classmethod
    def from_edges(cls, edges: Iterable[tuple[str, str]]) -> Track:
        links: dict[str, list[str]] = {}
        for a, b in edges:
            if a == b:
                raise ValueError(f"a space cannot link to itself: {a}")
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        return cls(tuple(links), {space: tuple(dict.fromkeys(n)) for space, n in links.items()})

    @classmethod
    def strips(cls, strips: Iterable[tuple[str, str, int]]) -> Track:
        """Hubs joined by strips: ``(a, b, n)`` puts ``n`` spaces named ``a-b.1`` … ``a-b.n`` between a and b."""
        edges = []
        for a, b, n in strips:
            chain = [a, *(f"{a}-{b}.{i}" for i in range(1, n + 1)), b]
            edges += list(itertools.pairwise(chain))
        return cls.from_edges(edges)

    def neighbours(self, space: str) -> tuple[str, ...]:
        return self.links[space]

    def distance(self, a: str, b: str) -> int | None:
        """Fewest steps from ``a`` to ``b`` (``None`` if they are not connected)."""
        seen = {a: 0}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return seen[here]
            for n in self.links[here]:
                if n not in seen:
                    seen[n] = seen[here] + 1
                    queue.append(n)
        return None

    def walks(self, start: str, steps: int, *, came_from: str | None = None) -> dict[str, tuple[tuple[str, ...], ...]]:
        """Every space a piece on ``start`` can end on after exactly ``steps`` steps, never stepping straight
        back to the space it just left (``came_from`` is the space it entered ``start`` from, if any); each end
        with every path to it (the spaces entered, in order). A dead end stops a walk short: it is not listed."""
        ends: dict[str, list[tuple[str, ...]]] = {}
        stack: list[tuple[str, str | None, tuple[str, ...]]] = [(start, came_from, ())]
        while stack:
            here, previous, path = stack.pop()
            if len(path) == steps:
                ends.setdefault(here, []).append(path)
                continue
            for n in reversed(self.links[here]):
                if n != previous:
                    stack.append((n, here, (*path, n)))
        return {end: tuple(sorted(paths)) for end, paths in sorted(ends.items())}
