"""One AI decision: pick the algorithm a level names and run it, deterministically for a given seed.

This is the pure, synchronous entry point (``choose``/``decide``); ``engine.ai.worker`` runs it off the
event loop. The AI is handed the full state, because that is what the match service holds, but it only ever
uses what its seat may know: the seat's own legal actions, and full states re-sampled by
``game.determinize(state, seat, rng)`` with a fresh generator (see ``mcts.reseeded``). Alpha-beta is only
used for perfect-information games without chance, where the state *is* the seat's view.

Before any search, the state's match generator is replaced by one keyed from the decision's seed, so a
decision depends on the position and the seed only: never on the match key or the dice it will roll.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..core import Game
from ..registry import ai_profile
from ..rng import MatchKey, Rng
from .alphabeta import AlphaBeta, Hooks
from .levels import Level
from .mcts import MCTS, reseeded


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A chosen action with what it cost: for benches, logs and budget tests."""

    action: Any
    key: str
    algorithm: str
    work: int  # MCTS iterations, alpha-beta nodes, or positions a planner looked at
    depth: int  # alpha-beta: deepest completed iteration; otherwise 0
    seconds: float
    timed_out: bool  # the wall-clock cap, not the budget, ended the search


def players_of(game: Game[Any, Any, Any], state: Any) -> int:
    """How many seats the match has (read from the public view, the only count the interface offers)."""
    return len(game.view(state, None).seat_names)


def level_for(game_id: str, level: str | Level) -> Level:
    """The preset ``level`` of the game ``game_id`` (from its AI profile; a ``Level`` is passed through)."""
    return ai_profile(game_id).level(level)


def decide(game: Game[Any, Any, Any], state: Any, seat: int, *, level: str | Level, seed: int) -> SearchResult:
    """Choose ``seat``'s action in ``state`` at ``level``; the same arguments always give the same decision
    unless the level's wall-clock cap cuts the search short."""
    profile = ai_profile(game.meta.id)
    preset = profile.level(level)
    state = reseeded(state, Rng(seed))  # the search's own chance: the match's future draws stay unknown
    legal = list(game.legal_actions(state, seat))
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide in this state")
    start = time.perf_counter()
    work = depth = 0
    timed_out = False
    if len(legal) == 1:
        action = legal[0]
    elif preset.algorithm == "random":
        action = legal[random.Random(seed).randrange(len(legal))]
    elif preset.algorithm == "alphabeta":
        if game.meta.hidden_information:
            raise ValueError("alpha-beta needs perfect information; use MCTS for this game")
        hooks = (profile.hooks or Hooks)(game)
        search = AlphaBeta(game, preset, seed, hooks)
        action = search.run(state, seat, legal)
        work, depth, timed_out = search.nodes, search.depth, search.timed_out
    elif preset.algorithm == "plan":
        if profile.planner is None:
            raise ValueError(f"{game.meta.id} has no planner for the level {preset.name!r}")
        action, work = profile.planner(game, state, seat, legal, preset, random.Random(seed))
        timed_out = time.perf_counter() - start > preset.time_cap
    else:
        mcts = MCTS(game, preset, seed, profile.evaluate, profile.values)
        action = mcts.run(state, seat, players_of(game, state), legal)
        work, timed_out = mcts.iterations, mcts.timed_out
    elapsed = time.perf_counter() - start
    return SearchResult(action, game.action_key(action), preset.algorithm, work, depth, elapsed, timed_out)


def choose(game: Game[Any, Any, Any], state: Any, seat: int, *, level: str | Level, seed: int) -> Any:
    """The action ``seat`` plays in ``state`` at ``level`` (see ``decide``)."""
    return decide(game, state, seat, level=level, seed=seed).action


def decision_seed(key: MatchKey | int, decision_index: int, seat: int) -> int:
    """A per-decision seed, derived one way from the match key (an integer is a keyed generator's secret):
    the same match reproduces every AI decision, and no decision tells anything about the key."""
    rng = key.rng() if isinstance(key, MatchKey) else Rng(key)
    return rng.derive("ai decision", decision_index, seat, bits=64) >> 1
