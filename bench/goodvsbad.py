"""Good vs Bad's figures: the engine's cost of a decision (choices plus apply), the board image at 1024 px (a
running match's, and a match's first, which draws the roads once), and clicks per decision in the picker.

Issue 16's targets: a step ≤ 100 µs and a board ≤ 20 ms, as the other games. Prints its figures, then one
JSON line.

    .venv/bin/python bench/goodvsbad.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.append(str(Path(__file__).resolve().parent))  # boards.py, beside this script

from boards import board_times

from engine import get_game
from engine.games.goodvsbad.model import GvbState
from engine.steps import path_to

GAME = get_game("goodvsbad")


def _match(n: int) -> GvbState:
    """Match ``n``: two to six players in turn, the default twelve rounds."""
    return GAME.setup(None, 2 + n % 5, n + 1)


def engine_step(games: int) -> tuple[float, float, float, int]:
    """(choices+apply mean µs, its median, legal+apply mean µs, decisions) over random matches."""
    spent: dict[str, list[float]] = {"choices": [], "legal": []}
    for mode, times in spent.items():
        for n in range(games):
            pick = random.Random(n)
            state = _match(n)
            while GAME.outcome(state) is None:
                seat = GAME.to_decide(state)[0]
                start = time.perf_counter()
                if mode == "choices":
                    state = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key).state
                else:
                    state = GAME.apply_listed(state, seat, pick.choice(GAME.legal_actions(state, seat))).state
                times.append(time.perf_counter() - start)
    choices = spent["choices"]
    return (
        statistics.mean(choices) * 1e6,
        statistics.median(choices) * 1e6,
        statistics.mean(spent["legal"]) * 1e6,
        len(choices),
    )


def board_ms(matches: int, positions: int = 12) -> tuple[float, float]:
    """(mean ms per board of a running match, mean ms of a match's first board), public views at 1024 px."""
    return board_times((_views(n, positions) for n in range(matches)), positions)


def _views(n: int, positions: int) -> list[Any]:
    """Public views of a seeded random match, up to ``40 * positions`` of them."""
    pick = random.Random(n)
    state = _match(n)
    views = []
    while GAME.outcome(state) is None and len(views) < 40 * positions:
        seat = GAME.to_decide(state)[0]
        state = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key).state
        views.append(GAME.view(state, None))
    return views


def clicks(matches: int) -> tuple[float, float]:
    """(picker clicks per decision, decisions per turn) over random matches: one click to open the picker,
    then one per step of the path to the key."""
    picks = decisions = turns = 0
    for n in range(matches):
        pick = random.Random(n)
        state = _match(n)
        last = None
        while GAME.outcome(state) is None:
            seat = GAME.to_decide(state)[0]
            if (state.round, state.active) != last:
                turns, last = turns + 1, (state.round, state.active)
            key = pick.choice(GAME.choices(state, seat)).key
            path = path_to(GAME, state, seat, key)
            picks += 1 + len(path or ())
            decisions += 1
            state = GAME.act(state, seat, key).state
    return picks / decisions, decisions / turns


def main() -> None:
    choices_us, median_us, legal_us, decisions = engine_step(10)
    warm, first = board_ms(5)
    per_decision, per_turn = clicks(5)
    figures = {
        "bench": "goodvsbad",
        "decisions_timed": decisions,
        "choices_apply_us": round(choices_us, 1),
        "choices_apply_median_us": round(median_us, 1),
        "legal_apply_us": round(legal_us, 1),
        "target_step_us": 100,
        "board_1024_ms": round(warm, 2),
        "first_board_1024_ms": round(first, 2),
        "target_board_ms": 20,
        "clicks_per_decision": round(per_decision, 2),
        "decisions_per_turn": round(per_turn, 2),
    }
    print(f"{decisions} random decisions, 2–6 players, twelve rounds")
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (median {median_us:.1f}; target ≤ 100)")
    print(f"  legal+apply (µs)     {figures['legal_apply_us']}")
    print(f"  board at 1024 (ms)   {figures['board_1024_ms']}  (target ≤ 20; first {figures['first_board_1024_ms']})")
    print(f"  clicks per decision  {figures['clicks_per_decision']}  ({figures['decisions_per_turn']} per turn)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
