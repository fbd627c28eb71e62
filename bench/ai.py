"""AI strength and speed: hard against random and hard against normal, in both seats of every game.

Targets (issue 7): hard wins ≥ 95 % against random and ≥ 65 % against normal, in each seat of each game, at
most 2 s a decision. Every match is seeded (setup seed and every AI decision's seed), so a run is reproducible
as long as no decision hits its level's wall-clock cap (reported as ``timeouts``). Matches run in parallel
over ``--jobs`` processes. Prints a table, then one JSON line.

    .venv/bin/python bench/ai.py --games 10            # quick
    .venv/bin/python bench/ai.py --games 100 --jobs 2  # full
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES, get_game
from engine.ai.arena import Result, play, wilson
from engine.ai.search import players_of


def pairings(players: int) -> list[tuple[str, str, int]]:
    """(strong level, weak level, seat of the strong one): both seats of both match-ups."""
    return [(strong, weak, seat) for weak in ("random", "normal") for seat in range(players) for strong in ("hard",)]


def _job(args: tuple[str, tuple[str, ...], int]) -> Result:
    return play(*args)


def run(game_ids: list[str], games: int, jobs: int, base_seed: int) -> dict[str, Any]:
    plan: list[tuple[str, str, str, int, int]] = []  # game, strong, weak, seat, seed
    for gid in game_ids:
        players = players_of(get_game(gid), get_game(gid).setup(None, 2, 0))
        for strong, weak, seat in pairings(players):
            plan += [(gid, strong, weak, seat, base_seed + i) for i in range(games)]
    tasks = []
    for gid, strong, weak, seat, seed in plan:
        levels = tuple(strong if s == seat else weak for s in range(2))
        tasks.append((gid, levels, seed))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_job, tasks, chunksize=1))
    wall = time.perf_counter() - start
    report: dict[str, Any] = {}
    for gid in game_ids:
        names = get_game(gid).meta.seat_names
        entry: dict[str, Any] = {}
        times: dict[str, list[float]] = defaultdict(list)
        timeouts = 0
        for (pgid, strong, weak, seat, _), result in zip(plan, results, strict=True):
            if pgid != gid:
                continue
            for level, secs in result.seconds.items():
                times[level] += secs
            timeouts += result.timeouts
            row = entry.setdefault(f"{strong}_vs_{weak}_as_{names[seat].lower()}", [0, 0, 0, 0])
            row[0] += 1
            row[1] += seat in result.winners
            row[2] += result.draw
            row[3] += result.decisions
        for name, (n, wins, draws, length) in entry.items():
            low, high = wilson(wins, n)
            entry[name] = {
                "games": n,
                "win_rate": round(wins / n, 3),
                "ci95": [round(low, 3), round(high, 3)],
                "draws": draws,
                "mean_decisions": round(length / n, 1),
            }
        entry["s_per_decision"] = {lv: round(sum(v) / len(v), 4) for lv, v in sorted(times.items()) if v}
        entry["max_s_per_decision"] = {lv: round(max(v), 3) for lv, v in sorted(times.items()) if v}
        entry["timeouts"] = timeouts
        report[gid] = entry
    return {
        "bench": "ai",
        "games_per_pairing": games,
        "jobs": jobs,
        "seed": base_seed,
        "wall_s": round(wall, 1),
        "games": report,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="matches per game, pairing and seat")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--game", action="append", help="game id (repeatable); default: every registered game")
    args = parser.parse_args()
    game_ids = args.game or sorted(GAMES)
    figures = run(game_ids, args.games, args.jobs, args.seed)
    for gid, entry in figures["games"].items():
        print(f"{gid}:")
        for name, row in entry.items():
            if isinstance(row, dict) and "games" in row:
                low, high = row["ci95"]
                print(
                    f"  {name:32} {row['win_rate']:6.1%}  [{low:.1%}, {high:.1%}]  n={row['games']}"
                    f"  draws={row['draws']}  len={row['mean_decisions']}"
                )
        print(
            f"  s/decision {entry['s_per_decision']}  max {entry['max_s_per_decision']}  timeouts {entry['timeouts']}"
        )
    print(f"wall {figures['wall_s']} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
