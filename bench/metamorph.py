"""Metamorph's figures: the cost of a decision, of a board image, and the clicks a typical turn takes.

- Engine step: microseconds per choices-plus-apply (the picker's whole list, labels included, then the move)
  and per legal-plus-apply (what the AI's planner pays), over seeded random matches of every scenario.
  Issue 14's target is 100 µs; movement lists every reachable hex and facing, so a step is dearer than Wars'.
- Board: milliseconds per 1024-px board image (PNG encoding included) of mid-game views.
- Clicks: over seeded matches between easy AIs, the picker clicks each decision takes (Take turn, then one
  pick per step, as the bot's step picker shows them), summed per turn, and decisions per turn.
Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import importlib.util
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
from engine.ai.search import decide
from engine.steps import path_to

GAME = get_game("metamorph")
SCENARIOS = ("duel", "war", "key")


def engine_step(games: int) -> tuple[float, float, int]:
    """(choices+apply µs, legal+apply µs, decisions) over random matches, 120 decisions each at most."""
    timings: dict[str, list[float]] = {"choices": [], "legal": []}
    decisions = 0
    for mode, spent in timings.items():
        for n in range(games):
            pick = random.Random(n)
            state = GAME.setup({"scenario": SCENARIOS[n % 3]}, 2 + n % 5, n + 1)
            for _ in range(120):
                if GAME.outcome(state) is not None:
                    break
                seat = GAME.to_decide(state)[0]
                start = time.perf_counter()
                if mode == "choices":
                    key = pick.choice(GAME.choices(state, seat)).key
                    state = GAME.act(state, seat, key).state
                else:
                    action = pick.choice(list(GAME.legal_actions(state, seat)))
                    state = GAME.apply_listed(state, seat, action).state
                spent.append(time.perf_counter() - start)
                decisions += mode == "choices"
    return statistics.mean(timings["choices"]) * 1e6, statistics.mean(timings["legal"]) * 1e6, decisions


def board_ms(matches: int, positions: int = 10) -> tuple[float, float] | None:
    """(mean ms per 1024-px board of a running match, mean ms of a match's first board), over public views of
    ``matches`` random matches (``None`` without a renderer). A match's first board draws its map into a cache,
    so it is reported apart (``boards.py``)."""
    if importlib.util.find_spec("render") is None:
        return None
    return board_times((_views(n, positions) for n in range(matches)), positions)


def _views(n: int, positions: int) -> list[Any]:
    """Public views of the first moves of a seeded random match."""
    pick = random.Random(n)
    state = GAME.setup({"scenario": SCENARIOS[n % 3]}, 2 + n % 5, 100 + n)
    views = []
    for _ in range(6 * positions):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        state = GAME.apply_listed(state, seat, pick.choice(list(GAME.legal_actions(state, seat)))).state
        views.append(GAME.view(state, None))
    return views


def clicks(matches: int) -> tuple[float, float, float]:
    """(clicks per turn, decisions per turn, clicks per decision) in matches between easy AIs."""
    turns = decisions = picks = 0
    for n in range(matches):
        state = GAME.setup({"scenario": SCENARIOS[n % 3]}, 2, 300 + n)
        last_turn = None
        for index in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_decide(state)[0]
            if (state.round, seat) != last_turn:
                turns, last_turn = turns + 1, (state.round, seat)
            key = decide(GAME, state, seat, level="easy", seed=index).key
            picks += 1 + len(path_to(GAME, state, seat, key) or ())  # Take turn, then one pick per step
            decisions += 1
            state = GAME.act(state, seat, key).state
    return picks / turns, decisions / turns, picks / decisions


def main() -> None:
    choices_us, legal_us, decisions = engine_step(30)
    boards = board_ms(24)
    board, first_board = boards if boards else (None, None)
    per_turn, decisions_per_turn, per_decision = clicks(6)
    figures = {
        "bench": "metamorph",
        "decisions_timed": decisions,
        "choices_apply_us": round(choices_us, 1),
        "legal_apply_us": round(legal_us, 1),
        "target_step_us": 100,
        "board_1024_ms": None if board is None else round(board, 2),
        "first_board_1024_ms": None if first_board is None else round(first_board, 2),
        "target_board_ms": 15,
        "clicks_per_turn": round(per_turn, 2),
        "decisions_per_turn": round(decisions_per_turn, 2),
        "clicks_per_decision": round(per_decision, 2),
    }
    print(f"{decisions} random decisions over every scenario and 2–6 wizards")
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (target ≤ 100)")
    print(f"  legal+apply (µs)     {figures['legal_apply_us']}")
    print(
        f"  board at 1024 (ms)   {figures['board_1024_ms']}  (target ≤ 15; a match's first board "
        f"{figures['first_board_1024_ms']}, its map drawn once)"
    )
    print(f"  clicks per turn      {figures['clicks_per_turn']}  ({figures['decisions_per_turn']} decisions)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
