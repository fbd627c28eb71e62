"""Engine speed: random playouts per second, the cost of one decision, and the cost of a random draw.

A decision costs ``choices`` (legal actions with keys and labels, what a picker shows) plus ``apply``; the
AI's inner loop uses ``legal_actions`` plus ``apply`` and is reported too. Target: ≤ 50 µs mean per
choices-plus-apply on the CI machine class, so a pure-Python search reaches 20,000 positions a second.

Draws are timed for the keyed generator every new match uses and for the old SplitMix64 one, and a
Swartzblak decision (it rolls dice) under each: a step may cost at most 10 % more under the keyed one.
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
from engine.rng import LEGACY, LegacyRng, MatchKey, RandomStream, Rng

GAMES = 2000
SWARTZBLAK_GAMES = 150
DRAWS = 200_000
KEY = 0x5EC2_1111_2222_3333_4444_5555_6666_7777_8888_9999_AAAA_BBBB_CCCC_DDDD_EEEE_FFFF


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


def draw_cost(rng: RandomStream) -> tuple[float, float]:
    """Microseconds per die rolled (``below(6)``) and per 60-card shuffle."""
    start = time.perf_counter()
    for _ in range(DRAWS):
        _, rng = rng.below(6)
    die = (time.perf_counter() - start) / DRAWS * 1e6
    start = time.perf_counter()
    for _ in range(2000):
        _, rng = rng.shuffled(range(60))
    return die, (time.perf_counter() - start) / 2000 * 1e6


def swartzblak_step(generator: int) -> float:
    """Microseconds per choices-plus-apply over random Swartzblak games (attacks roll dice) under a generator."""
    game = get_game("swartzblak")
    pick = random.Random(2)
    decisions = 0
    start = time.perf_counter()
    for n in range(SWARTZBLAK_GAMES):
        state = game.setup(None, 2, MatchKey(KEY - n if generator != LEGACY else n, generator))
        while game.outcome(state) is None:
            seat = game.to_decide(state)[0]
            state = game.act(state, seat, pick.choice(game.choices(state, seat)).key).state
            decisions += 1
    return (time.perf_counter() - start) / decisions * 1e6


def main() -> None:
    games, decisions, seconds = playouts(use_labels=True)
    _, raw_decisions, raw_seconds = playouts(use_labels=False)
    keyed_die, keyed_shuffle = draw_cost(Rng(KEY))
    legacy_die, legacy_shuffle = draw_cost(LegacyRng(KEY % 2**63))
    keyed_step, legacy_step = swartzblak_step(2), swartzblak_step(LEGACY)
    figures = {
        "bench": "engine",
        "game": "wars",
        "playouts_per_s": round(games / seconds, 1),
        "mean_decisions_per_game": round(decisions / games, 1),
        "choices_apply_us": round(seconds / decisions * 1e6, 2),
        "legal_apply_us": round(raw_seconds / raw_decisions * 1e6, 2),
        "positions_per_s": round(raw_decisions / raw_seconds),
        "target_choices_apply_us": 50,
        "die_us": round(keyed_die, 3),
        "die_us_splitmix": round(legacy_die, 3),
        "shuffle60_us": round(keyed_shuffle, 1),
        "shuffle60_us_splitmix": round(legacy_shuffle, 1),
        "swartzblak_choices_apply_us": round(keyed_step, 2),
        "swartzblak_choices_apply_us_splitmix": round(legacy_step, 2),
    }
    print(f"{games} random Wars games, {decisions} decisions in {seconds:.2f} s")
    print(f"  playouts/s            {figures['playouts_per_s']}")
    print(f"  choices+apply (µs)    {figures['choices_apply_us']}  (target ≤ 50)")
    print(f"  legal+apply (µs)      {figures['legal_apply_us']}  ({figures['positions_per_s']} positions/s)")
    print(f"  a die (µs)            {figures['die_us']} keyed, {figures['die_us_splitmix']} SplitMix64")
    print(f"  60-card shuffle (µs)  {figures['shuffle60_us']} keyed, {figures['shuffle60_us_splitmix']} SplitMix64")
    print(
        f"  Swartzblak step (µs)  {figures['swartzblak_choices_apply_us']} keyed, "
        f"{figures['swartzblak_choices_apply_us_splitmix']} SplitMix64"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
