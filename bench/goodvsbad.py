"""Good vs Bad's figures: the engine's cost of a decision (choices plus apply), the board image at 1024 px (a
running match's, and a match's first, which draws the roads once), and clicks per decision in the picker, over
seeded random matches (``playouts.py``).

Issue 16's targets: a step ≤ 100 µs and a board ≤ 20 ms, as the other games. Prints its figures, then one
JSON line.

    .venv/bin/python bench/goodvsbad.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.append(str(Path(__file__).resolve().parent))  # boards.py and playouts.py, beside this script

from boards import board_times
from playouts import clicks, random_views, report, step_times

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
    clicked = clicks(GAME, _match, 5, turn_of=lambda state: (state.round, state.active))
    report("goodvsbad", "2–6 players, twelve rounds", steps, board_ms(5), clicked, board_ms=20)


if __name__ == "__main__":
    main()
