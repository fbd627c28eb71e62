"""Decisions in steps: a path of fragments, one per step, from the first select to a whole key.

A front end shows one ``Step`` at a time (a select of at most 25 options, several at once where the step
allows), with Back, and commits once, when the path completes a key. A game may build its own steps
(``Game.steps``: card, then target, then which cards to discard); every other game's legal choices are split
here into select-sized sections, by their picker group and then by ranges, as deep as needed, so no number
of choices overflows a picker (700 choices are three steps at most).

Paths are written as their fragments joined by spaces (``PATH_SEPARATOR``); the picks of a multi-select step
are one fragment joined by ``+`` (``MULTI_SEPARATOR``). Section fragments are ``s0``, ``s1``, … .
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from .core import STEP_LIMIT, Choice, Game, Step
from .errors import MalformedKey

PATH_SEPARATOR = " "
MULTI_SEPARATOR = "+"


def next_step(game: Game[Any, Any, Any], state: Any, seat: int, path: Sequence[str]) -> Step | str:
    """The step ``seat`` faces after ``path``, or the whole key once ``path`` completes a decision; a path
    that leads nowhere raises ``MalformedKey``."""
    own = game.steps(state, seat, tuple(path))
    if own is not None:
        return own
    return _walk(game.choices(state, seat), tuple(path), game.prompt(state, seat))


def path_to(
    game: Game[Any, Any, Any], state: Any, seat: int, key: str, path: tuple[str, ...] = ()
) -> tuple[str, ...] | None:
    """The path (one fragment per step) that builds ``key`` for ``seat``, or ``None``: what a player picks, for
    tests and benches that drive the picker (a multi-select tries its combinations, smallest first)."""
    step = next_step(game, state, seat, path)
    if isinstance(step, str):
        return path if step == key else None
    for fragment in _picks(step):
        try:
            found = path_to(game, state, seat, key, (*path, fragment))
        except MalformedKey:  # a combination the step offers no decision for
            continue
        if found is not None:
            return found
    return None


def _picks(step: Step) -> Iterator[str]:
    """Every fragment ``step`` accepts: its options, or for a multi-select each combination of them."""
    keys = [option.key for option in step.options]
    for size in range(step.least, step.most + 1):
        for combo in itertools.combinations(keys, size):
            yield MULTI_SEPARATOR.join(combo)


def split_path(text: str) -> tuple[str, ...]:
    return tuple(part for part in text.split(PATH_SEPARATOR) if part)


def join_path(path: Sequence[str]) -> str:
    return PATH_SEPARATOR.join(path)


def _walk(level: list[Choice], path: tuple[str, ...], prompt: str) -> Step | str:
    if not level:
        raise MalformedKey("There is nothing to decide here.")
    sections = _sections(level)
    if not path:
        if sections is None:
            return Step(prompt, tuple(level))
        return Step(prompt, tuple(Choice(f"s{i}", title) for i, (title, _) in enumerate(sections)))
    head, rest = path[0], path[1:]
    if sections is None:
        if rest or head not in {choice.key for choice in level}:
            raise MalformedKey("That choice isn't on offer any more.")
        return head
    if not (head.startswith("s") and head[1:].isdigit() and int(head[1:]) < len(sections)):
        raise MalformedKey("That section isn't on offer any more.")
    return _walk(sections[int(head[1:])][1], rest, prompt)


def _sections(level: list[Choice]) -> list[tuple[str, list[Choice]]] | None:
    """``None`` when ``level`` fits one select; else at most 25 sections of it: by picker group when there are
    several groups and few enough, else by ranges (a section may still need splitting, one step deeper)."""
    if len(level) <= STEP_LIMIT:
        return None
    groups: dict[str, list[Choice]] = {}
    for choice in level:
        groups.setdefault(choice.group or "Other", []).append(choice)
    if 1 < len(groups) <= STEP_LIMIT:
        return [(name[:100], members) for name, members in groups.items()]
    size = -(-len(level) // STEP_LIMIT)  # more than 625 choices: sections of more than 25, split again below
    return [
        (f"Choices {start + 1}–{min(start + size, len(level))}", level[start : start + size])
        for start in range(0, len(level), size)
    ]
