"""Metamorph's figures: the cost of a decision, of a board image, and the clicks a typical turn takes.

- Engine step: microseconds per choices-plus-apply (the picker's list, labels included, then the decision), over
  seeded random matches of every scenario, decided in stages as people decide them (a move's mode, hex and
  facing are three decisions); issue 14's target is 100 µs. Measured as a running bot pays it: in a process
  that has played other matches first (30 of them, also reported), so the lines of sight between hex offsets,
  the same on every map and drawn once a process, are drawn; each measured match's map and positions are new.
  Then the AI's step over the same measured matches: every whole action listed (each hex and facing in reach),
  one played unchecked.
- Board: milliseconds per 1024-px board image (PNG encoding included) of mid-game views.
- Clicks: over seeded matches between easy AIs, the picker clicks a turn takes (Take turn once, then one pick per
  step of each stage, as the bot's picker shows them), and decisions per turn.
Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.append(str(Path(__file__).resolve().parent))  # boards.py and playouts.py, beside this script

from boards import board_times
from playouts import random_views, step_times

from engine import get_game
from engine.ai.search import decide
from engine.games.metamorph.actions import legal
from engine.games.metamorph.keys import stages
from engine.steps import path_to

GAME = get_game("metamorph")
SCENARIOS = ("duel", "war", "key")


def board_ms(matches: int, positions: int = 10) -> tuple[float, float] | None:
    """(mean ms per 1024-px board of a running match, mean ms of a match's first board), over public views of
    ``matches`` random matches (``None`` without a renderer). A match's first board draws its map into a cache,
    so it is reported apart (``boards.py``)."""
    if importlib.util.find_spec("render") is None:
        return None
    views = (random_views(GAME, _match(n, seed=100 + n), n, 6 * positions) for n in range(matches))
    return board_times(views, positions)


def _match(n: int, *, seed: int | None = None) -> Any:
    """Match ``n``: every scenario and 2–6 wizards in turn (its seed ``n + 1`` unless given)."""
    return GAME.setup({"scenario": SCENARIOS[n % 3]}, 2 + n % 5, n + 1 if seed is None else seed)


def clicks(matches: int) -> tuple[float, float, float]:
    """(clicks per turn, decisions per turn, clicks per decision) in matches between easy AIs: a turn's first
    decision opens the picker (Take turn), which then moves on by itself while the turn lasts; each decision is
    one pick per step of each of its stages (a move: mode; direction and hex; facing)."""
    turns = decisions = picks = 0
    for n in range(matches):
        state = GAME.setup({"scenario": SCENARIOS[n % 3]}, 2, 300 + n)
        last_turn = None
        for index in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_decide(state)[0]
            if (state.round, seat) != last_turn:
                turns, last_turn, picks = turns + 1, (state.round, seat), picks + 1  # Take turn
            action = decide(GAME, state, seat, level="easy", seed=index).action
            for stage in stages(action):
                path = path_to(GAME, state, seat, stage.key)
                assert path is not None, f"{stage.key} is not offered"
                picks += len(path)
                state = GAME.act(state, seat, stage.key).state
            decisions += 1
    return picks / turns, decisions / turns, picks / decisions


def main() -> None:
    fresh = step_times(GAME, _match, 30, cap=120)
    steps = step_times(GAME, lambda n: _match(n, seed=1001 + n), 30, cap=120, listing=legal)
    choices_us, decisions, ai_us = steps.choices_us, len(steps.choices), steps.legal_us
    boards = board_ms(24)
    board, first_board = boards if boards else (None, None)
    per_turn, decisions_per_turn, per_decision = clicks(6)
    figures = {
        "bench": "metamorph",
        "decisions_timed": decisions,
        "choices_apply_us": round(choices_us, 1),
        "fresh_process_choices_apply_us": round(fresh.choices_us, 1),
        "ai_legal_apply_us": round(ai_us, 1),
        "target_step_us": 100,
        "board_1024_ms": None if board is None else round(board, 2),
        "first_board_1024_ms": None if first_board is None else round(first_board, 2),
        "target_board_ms": 15,
        "clicks_per_turn": round(per_turn, 2),
        "decisions_per_turn": round(decisions_per_turn, 2),
        "clicks_per_decision": round(per_decision, 2),
    }
    print(f"{decisions} random decisions (stages) over every scenario and 2–6 wizards")
    print(f"  choices+apply (µs)   {figures['choices_apply_us']}  (target ≤ 100; in a fresh process "
          f"{figures['fresh_process_choices_apply_us']}, its lines of sight not yet drawn)")
    print(f"  AI: whole actions listed, one applied (µs)   {figures['ai_legal_apply_us']}")
    print(
        f"  board at 1024 (ms)   {figures['board_1024_ms']}  (target ≤ 15; a match's first board "
        f"{figures['first_board_1024_ms']}, its map drawn once)"
    )
    print(f"  clicks per turn      {figures['clicks_per_turn']}  ({figures['decisions_per_turn']} decisions)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
