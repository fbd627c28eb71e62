"""Good vs Bad's figures: the engine's cost of a decision (choices plus apply), the board image at 1024 px (a
running match's, and a match's first, which draws the roads once), and clicks per decision in the picker, over
seeded random matches (``playouts.py``).

Issue 16's targets: a step ≤ 100 µs and a board ≤ 20 ms, as the other games. Prints its figures, then one
JSON line.

    .venv/bin/python bench/goodvsbad.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.append(str(Path(__file__).resolve().parent))  # boards.py and playouts.py, beside this script

from boards import board_times
from playouts import clicks, random_views, step_times

from engine import get_game
from engine.games.goodvsbad.model import GvbState

GAME = get_game("goodvsbad")


def _match(n: int) -> GvbState:
    """Match ``n``: two to six players in turn, the default twelve rounds."""
    return GAME.setup(None, 2 + n % 5, n + 1)


def board_ms(matches: int, positions: int = 12) -> tuple[float, float]:
    """(mean ms per board of a running match, mean ms of a match's first board), public views at 1024 px."""
    views = (random_views(GAME, _match(n), n, 40 * positions) for n in range(matches))
    return board_times(views, positions)


def main() -> None:
    steps = step_times(GAME, _match, 10)
    warm, first = board_ms(5)
    per_decision, per_turn = clicks(GAME, _match, 5, turn_of=lambda state: (state.round, state.active))
    figures = {
        "bench": "goodvsbad",
        "decisions_timed": len(steps.choices),
        "choices_apply_us": round(steps.choices_us, 1),
        "choices_apply_median_us": round(steps.choices_median_us, 1),
        "legal_apply_us": round(steps.legal_us, 1),
        "target_step_us": 100,
        "board_1024_ms": round(warm, 2),
        "first_board_1024_ms": round(first, 2),
        "target_board_ms": 20,
        "clicks_per_decision": round(per_decision, 2),
        "decisions_per_turn": round(per_turn, 2),
    }
    print(f"{len(steps.choices)} random decisions, 2–6 players, twelve rounds")
    median = figures["choices_apply_median_us"]
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (median {median}; target ≤ 100)")
    print(f"  legal+apply (µs)     {figures['legal_apply_us']}")
    print(f"  board at 1024 (ms)   {figures['board_1024_ms']}  (target ≤ 20; first {figures['first_board_1024_ms']})")
    print(f"  clicks per decision  {figures['clicks_per_decision']}  ({figures['decisions_per_turn']} per turn)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
