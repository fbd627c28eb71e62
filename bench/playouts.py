"""Seeded random playouts for the per-game bench scripts: the engine's cost of a decision, public views to draw,
and the picker clicks a decision takes. Each takes the game and a ``make(n)`` that sets up match ``n``; match
``n`` picks its moves with ``random.Random(n)``, so every run replays the same matches.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from engine.steps import path_to

Make = Callable[[int], Any]


@dataclass(frozen=True)
class StepTimes:
    """Seconds per decision: the picker's whole list then the move (``choices``), and the AI's way, the bare
    legal actions then the move without checking it again (``legal``)."""

    choices: list[float]
    legal: list[float]

    @property
    def choices_us(self) -> float:
        return statistics.mean(self.choices) * 1e6

    @property
    def choices_median_us(self) -> float:
        return statistics.median(self.choices) * 1e6

    @property
    def legal_us(self) -> float:
        return statistics.mean(self.legal) * 1e6


def step_times(
    game: Any, make: Make, games: int, *, cap: int | None = None, listing: Callable[[Any, int], Any] | None = None
) -> StepTimes:
    """Time every decision of ``games`` random matches (each cut after ``cap`` decisions, if given), twice: by
    choices and by legal actions (``game.legal_actions``, or ``listing``: what a game's AI lists where that
    differs, as Metamorph's whole actions do from its staged decisions)."""
    listed = listing or game.legal_actions
    spent: dict[str, list[float]] = {"choices": [], "legal": []}
    for mode, times in spent.items():
        for n in range(games):
            pick = random.Random(n)
            state = make(n)
            made = 0
            while game.outcome(state) is None and (cap is None or made < cap):
                seat = game.to_decide(state)[0]
                start = time.perf_counter()
                if mode == "choices":
                    state = game.act(state, seat, pick.choice(game.choices(state, seat)).key).state
                else:
                    state = game.apply_listed(state, seat, pick.choice(list(listed(state, seat)))).state
                times.append(time.perf_counter() - start)
                made += 1
    return StepTimes(spent["choices"], spent["legal"])


def random_views(game: Any, state: Any, seed: int, limit: int) -> list[Any]:
    """Public views after each of the first ``limit`` random decisions from ``state``."""
    pick = random.Random(seed)
    views = []
    while game.outcome(state) is None and len(views) < limit:
        seat = game.to_decide(state)[0]
        state = game.apply_listed(state, seat, pick.choice(list(game.legal_actions(state, seat)))).state
        views.append(game.view(state, None))
    return views


def clicks(game: Any, make: Make, matches: int, turn_of: Callable[[Any], Hashable]) -> tuple[float, float]:
    """(picker clicks per decision, decisions per turn) over random matches: one click opens the picker, then one
    per step of the path to the key; a turn is a run of decisions with the same ``turn_of(state)``."""
    picks = decisions = turns = 0
    for n in range(matches):
        pick = random.Random(n)
        state = make(n)
        last = None
        while game.outcome(state) is None:
            seat = game.to_decide(state)[0]
            if turn_of(state) != last:
                turns, last = turns + 1, turn_of(state)
            key = pick.choice(game.choices(state, seat)).key
            path = path_to(game, state, seat, key)
            picks += 1 + len(path or ())
            decisions += 1
            state = game.act(state, seat, key).state
    return picks / decisions, decisions / turns


def report(
    bench: str, title: str, steps: StepTimes, board: tuple[float, float], clicks: tuple[float, float], *, board_ms: int
) -> dict[str, Any]:
    """Print a game's figures (step, board, clicks) against the targets (a step ≤ 100 µs, a board ≤ ``board_ms``),
    then the one JSON line of them; returns them."""
    (warm, first), (per_decision, per_turn) = board, clicks
    figures = {
        "bench": bench,
        "decisions_timed": len(steps.choices),
        "choices_apply_us": round(steps.choices_us, 1),
        "choices_apply_median_us": round(steps.choices_median_us, 1),
        "legal_apply_us": round(steps.legal_us, 1),
        "target_step_us": 100,
        "board_1024_ms": round(warm, 2),
        "first_board_1024_ms": round(first, 2),
        "target_board_ms": board_ms,
        "clicks_per_decision": round(per_decision, 2),
        "decisions_per_turn": round(per_turn, 2),
    }
    print(f"{len(steps.choices)} random decisions, {title}")
    median = figures["choices_apply_median_us"]
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (median {median}; target ≤ 100)")
    print(f"  legal+apply (µs)     {figures['legal_apply_us']}")
    print(f"  board at 1024 (ms)   {warm:.2f}  (target ≤ {board_ms}; a match's first {first:.2f})")
    print(f"  clicks per decision  {figures['clicks_per_decision']}  ({figures['decisions_per_turn']} per turn)")
    print(json.dumps(figures))
    return figures
