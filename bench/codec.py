"""The JSON codec: encoding a state (every commit stores one) and a view (every leak check compares them), and
decoding a state (every load of a match not in the cache), for a mid-match position of each game.

Prints a line a game, then one JSON line of the figures (microseconds per call, the median of five runs).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES
from engine.codec import to_json

RUNS = 5
CALLS = 200
DECISIONS = 60  # random decisions into a match, for a position with some history


def position(game_id: str):
    """A seeded mid-match state of ``game_id`` at its most players."""
    game = GAMES[game_id]
    pick = random.Random(1)
    state = game.setup(None, game.meta.max_players, 3)
    for _ in range(DECISIONS):
        if game.outcome(state) is not None:
            break
        seat = pick.choice(game.to_decide(state))
        state = game.act(state, seat, pick.choice(game.choices(state, seat)).key).state
    return game, state


def micros(work) -> float:
    """Median over ``RUNS`` of the mean time of ``CALLS`` calls of ``work``, in microseconds."""
    means = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for _ in range(CALLS):
            work()
        means.append((time.perf_counter() - start) / CALLS * 1e6)
    return statistics.median(means)


def main() -> None:
    figures: dict[str, dict[str, float]] = {}
    for game_id in sorted(GAMES):
        game, state = position(game_id)
        view = game.view(state, None)
        stored = json.loads(json.dumps(game.state_to_json(state)))
        figures[game_id] = {
            "state_to_json_us": round(micros(lambda: game.state_to_json(state)), 1),  # noqa: B023
            "view_to_json_us": round(micros(lambda: to_json(view)), 1),  # noqa: B023
            "state_from_json_us": round(micros(lambda: game.state_from_json(stored)), 1),  # noqa: B023
        }
        row = figures[game_id]
        print(
            f"{game_id:12} encode state {row['state_to_json_us']:8.1f} µs  view {row['view_to_json_us']:8.1f} µs"
            f"  decode state {row['state_from_json_us']:8.1f} µs"
        )
    print(json.dumps({"bench": "codec", "games": figures}))


if __name__ == "__main__":
    main()
