"""Forged keys and picker paths, in every game: text near a real key (cut short, doubled, padded, in capitals)
and paths that wander off the picker's steps are refused with an ``EngineError``, a message a player can read,
never a crash and never a change. The bot shows that message privately; anything else would be an apology."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GAMES, EngineError, Game
from engine.steps import next_step

POSITIONS = 4  # positions a game, reached by seeded random play


def positions(game: Game[Any, Any, Any]) -> list[tuple[Any, int, int]]:
    """A few positions of ``game`` part-way through a match: (state, players, a seat that decides)."""
    pick = random.Random(game.meta.id)
    found = []
    for seed in range(POSITIONS):
        players = pick.randint(game.meta.min_players, game.meta.max_players)
        state = game.setup(None, players, seed)
        for _ in range(pick.randint(0, 90)):
            if game.outcome(state) is not None:
                break
            seat = pick.choice(game.to_decide(state))
            state = game.act(state, seat, pick.choice(game.choices(state, seat)).key).state
        if game.outcome(state) is None:
            found.append((state, players, game.to_decide(state)[0]))
    return found


def near_misses(key: str) -> set[str]:
    """Text a stale or tampering client might send in place of ``key``."""
    misses = {key.upper(), f"{key}:", key.replace(":", "::"), f"{key} {key}", key + "9" * 30}
    for cut in range(len(key)):
        misses |= {key[:cut], key[:cut] + "x" + key[cut:], key[:cut] + ":" + key[cut:], key[:cut] + "-1"}
    return misses - {key}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_keys_near_a_real_one_are_refused_with_a_players_message(game_id: str) -> None:
    game = GAMES[game_id]
    for state, players, seat in positions(game):
        keys = {c.key for c in game.choices(state, seat)}
        for key in sorted(keys)[:12]:
            for forged in sorted(near_misses(key) - keys):
                for who in range(players):
                    try:
                        game.act(state, who, forged)
                    except EngineError:
                        continue


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_paths_off_the_pickers_steps_are_refused_with_a_players_message(game_id: str) -> None:
    game = GAMES[game_id]
    for state, _, seat in positions(game):
        first = next_step(game, state, seat, ())
        assert not isinstance(first, str)
        for option in [o.key for o in first.options][:8]:
            for odd in ("", "x", "s99", "-1", "+", option, "9" * 30, "a+b", f"{option}+{option}"):
                for path in ((option, odd), (odd,), (option, option, odd), (option + "x",)):
                    try:
                        next_step(game, state, seat, path)
                    except EngineError:
                        continue
