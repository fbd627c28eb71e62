"""Shadowscape's figures: the engine's cost of a decision (choices plus apply), the board image at 1024 px
(a running match's, and a match's first, which draws the dungeon once), and clicks per action in the picker.

Issue 15's targets: a step ≤ 100 µs and a board ≤ 20 ms. Prints its figures, then one JSON line.

    .venv/bin/python bench/shadowscape.py
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
from engine.games.shadowscape.model import ShadowState

GAME = get_game("shadowscape")
MODES = ("competitive", "cooperative")


def _match(n: int) -> ShadowState:
    return GAME.setup({"mode": MODES[n % 2]}, 2 + n % 3, n + 1)


def board_ms(matches: int, positions: int = 12) -> tuple[float, float]:
    """(mean ms per board of a running match, mean ms of a match's first board), public views at 1024 px."""
    views = (random_views(GAME, _match(n), n, 40 * positions) for n in range(matches))
    return board_times(views, positions)


def main() -> None:
    steps = step_times(GAME, _match, 12)
    choices_us, legal_us, decisions = steps.choices_us, steps.legal_us, len(steps.choices)
    warm, first = board_ms(6)
    per_decision, per_turn = clicks(GAME, _match, 4, turn_of=lambda state: state.turn)
    figures = {
        "bench": "shadowscape",
        "decisions_timed": decisions,
        "choices_apply_us": round(choices_us, 1),
        "legal_apply_us": round(legal_us, 1),
        "target_step_us": 100,
        "board_1024_ms": round(warm, 2),
        "first_board_1024_ms": round(first, 2),
        "target_board_ms": 20,
        "clicks_per_decision": round(per_decision, 2),
        "decisions_per_turn": round(per_turn, 2),
    }
    print(f"{decisions} random decisions, both modes, 2–4 heroes")
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (target ≤ 100)")
    print(f"  legal+apply (µs)     {figures['legal_apply_us']}")
    print(f"  board at 1024 (ms)   {figures['board_1024_ms']}  (target ≤ 20; first {figures['first_board_1024_ms']})")
    print(f"  clicks per decision  {figures['clicks_per_decision']}  ({figures['decisions_per_turn']} per turn)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
