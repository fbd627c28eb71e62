"""Engine speed for Shapeshifter Wars: random playouts per second, and the cost of one decision.

A decision costs ``choices`` (legal actions with keys and labels, what a picker shows) plus ``apply``; the
AI's inner loop uses ``legal_actions`` plus ``apply`` and is reported too. Target: ≤ 50 µs mean per
choices-plus-apply on the CI machine class, so a pure-Python search reaches 20,000 positions a second.
Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game

GAMES = 2000


def playouts(use_labels: bool) -> tuple[int, int, float]:
    """Play ``GAMES`` random games; return (games, decisions, seconds)."""
    game = get_game("wars")
    pick = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        state = game.setup(None, 2, seed)
        while not state.outcome:
            seat = state.to_act
            if use_labels:
                choice = pick.choice(game.choices(state, seat))
                action = game.parse_key(choice.key)
            else:
                action = pick.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action).state
            decisions += 1
    return GAMES, decisions, time.perf_counter() - start


def main() -> None:
    games, decisions, seconds = playouts(use_labels=True)
    _, raw_decisions, raw_seconds = playouts(use_labels=False)
    figures = {
        "bench": "engine",
        "game": "wars",
        "playouts_per_s": round(games / seconds, 1),
        "mean_decisions_per_game": round(decisions / games, 1),
        "choices_apply_us": round(seconds / decisions * 1e6, 2),
        "legal_apply_us": round(raw_seconds / raw_decisions * 1e6, 2),
        "positions_per_s": round(raw_decisions / raw_seconds),
        "target_choices_apply_us": 50,
    }
    print(f"{games} random Wars games, {decisions} decisions in {seconds:.2f} s")
    print(f"  playouts/s            {figures['playouts_per_s']}")
    print(f"  choices+apply (µs)    {figures['choices_apply_us']}  (target ≤ 50)")
    print(f"  legal+apply (µs)      {figures['legal_apply_us']}  ({figures['positions_per_s']} positions/s)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
