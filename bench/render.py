"""Board image speed and size: mean milliseconds and bytes per 1024×1024 Wars board, seconds per replay.

Boards are drawn from views of seeded random Wars matches (every phase: moves, attacks with their destroyed
marks, transforms, ends), each with its log line as the caption, through the public ``render.board_png``,
PNG encoding included. Caches (backgrounds, sprites, the palette) are warmed first and their one-off cost is
reported separately. The replay is a 100-decision GIF at the default replay size, built from its views.
Targets on the CI machine class: ≤ 15 ms per board, ≤ 150 KB per PNG, ≤ 3 s per 100-decision replay.
Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game
from render import board_png, replay_gif
from render.core import caption_of

BOARDS = 400
REPLAY_DECISIONS = 100
SIZE = 1024


def frames(decisions: int, seed: int, seat: int | None = None) -> list[tuple[object, str | None]]:
    """(view, caption) after each of ``decisions`` random decisions, starting new matches as matches end."""
    game = get_game("wars")
    pick = random.Random(seed)
    out: list[tuple[object, str | None]] = []
    match = seed * 1000
    while len(out) < decisions:
        state = game.setup(None, 2, match)
        match += 1
        out.append((game.view(state, seat), None))
        while not state.outcome and len(out) < decisions:
            transition = game.apply(state, state.to_act, pick.choice(game.legal_actions(state, state.to_act)))
            state = transition.state
            out.append((game.view(state, seat), caption_of(transition.log, seat)))
    return out


def main() -> None:
    boards = frames(BOARDS, seed=1)
    start = time.perf_counter()
    for seat in (None, 1):  # warm every cache: both orientations
        view, caption = frames(1, seed=2, seat=seat)[0]
        board_png(view, size=SIZE, caption=caption)
    warmup_ms = (time.perf_counter() - start) * 1000
    for view, caption in boards[:50]:  # sprites of every stack on every highlight
        board_png(view, size=SIZE, caption=caption)

    times, sizes = [], []
    for view, caption in boards:
        t0 = time.perf_counter()
        png = board_png(view, size=SIZE, caption=caption)
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(png))

    replay = frames(REPLAY_DECISIONS + 1, seed=3)  # the start and 100 decisions
    replay_gif(replay[:2])  # warm the replay size's caches
    t0 = time.perf_counter()
    gif = replay_gif(replay)
    replay_s = time.perf_counter() - t0

    figures = {
        "bench": "render",
        "game": "wars",
        "board_size_px": SIZE,
        "boards": len(times),
        "board_ms_mean": round(statistics.fmean(times), 2),
        "board_ms_p95": round(sorted(times)[int(len(times) * 0.95)], 2),
        "png_bytes_mean": round(statistics.fmean(sizes)),
        "png_bytes_max": max(sizes),
        "first_board_ms": round(warmup_ms / 2, 1),
        "replay_decisions": REPLAY_DECISIONS,
        "replay_s": round(replay_s, 3),
        "replay_bytes": len(gif),
        "target_board_ms": 15,
        "target_png_bytes": 150_000,
        "target_replay_s": 3,
    }
    print(f"{len(times)} Wars boards at {SIZE}×{SIZE}, PNG encoding included")
    print(f"  mean ms per board     {figures['board_ms_mean']}  (p95 {figures['board_ms_p95']}; target ≤ 15)")
    print(f"  bytes per PNG         {figures['png_bytes_mean']}  (max {figures['png_bytes_max']}; target ≤ 150000)")
    print(f"  first board (cold)    {figures['first_board_ms']} ms")
    print(f"  {REPLAY_DECISIONS}-decision replay  {figures['replay_s']} s, {len(gif)} bytes  (target ≤ 3 s)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
