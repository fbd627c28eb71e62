"""Information-set Monte Carlo tree search (single-observer ISMCTS), generic over the ``Game`` interface.

Why this shape:

- Every iteration starts from ``game.determinize(state, seat, rng)``, a full state sampled from what ``seat``
  may know, and the match generator inside it is replaced by a fresh one. So the search never reads a secret
  (the hidden parts *or* the dice still to come) that its seat could not read; for perfect-information games
  without chance this is plain UCT.
- The tree is keyed by actions, not states ("open loop"): one tree gathers the statistics of all sampled
  worlds, and an edge's UCB uses its *availability* count (how often it was legal when its node was visited),
  since an action may be legal in some sampled worlds and not in others.
- Several seats deciding at once: the searching seat (or, deeper down, the first listed seat) is the tree's
  decider and everyone else in that window picks uniformly at random, so nobody in the tree "sees" a choice
  made at the same time as theirs.
- Rollouts play ``level.depth`` random plies and then ask ``game.evaluate``; a random playout to the end would
  be long and noisy. Games without an evaluation play on to the end (capped) instead.
- Each seat's reward is in [-1, 1] (win 1, draw 0, loss -1), so the tree works for any number of seats and
  for cooperative games, where the team shares its result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from ..core import Game
from ..frozen import replace
from ..rng import RandomStream, Rng
from .levels import Level

ROLLOUT_CAP = 400  # random plies at most when a game has no evaluation


class _Edge:
    __slots__ = ("avail", "child", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.child: dict[Any, _Edge] = {}


def reseeded(state: Any, rng: Rng) -> Any:
    """``state`` with its match generator (a field named ``rng``) replaced, so no search can know future dice.

    The generator is part of a game's state by convention (see engine/rng.py); a state without one is
    returned as it is.
    """
    if is_dataclass(state) and any(f.name == "rng" for f in fields(state)) and isinstance(state.rng, RandomStream):
        return replace(state, rng=rng)
    return state


Evaluator = Callable[[Any, int], "float | None"]
Values = Callable[[Any], Sequence[float]]  # every seat's value of a state at once (one computation a leaf)


def rewards(
    game: Game[Any, Any, Any],
    state: Any,
    players: int,
    evaluate: Evaluator | None = None,
    values: Values | None = None,
) -> list[float]:
    """Each seat's value of ``state`` in [-1, 1]: the result if it is over, else the evaluation (``values`` of
    all seats at once, else ``evaluate`` seat by seat: a sharper one for search if given, else the game's)."""
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.draw:
            return [0.0] * players
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(players)]
    if values is not None:
        return [max(-1.0, min(1.0, value)) for value in values(state)]
    evaluate = evaluate or game.evaluate
    values = []
    for seat in range(players):
        value = evaluate(state, seat)
        values.append(0.0 if value is None else max(-1.0, min(1.0, value)))
    return values


class MCTS:
    """One decision's search; ``run`` returns the chosen action and fills ``iterations`` for reports."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        level: Level,
        seed: int,
        evaluate: Evaluator | None = None,
        values: Values | None = None,
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.values = values
        self._listed: dict[Hashable, list[Any]] = {}  # this search's memo: legal actions by position key
        self.level = level
        self.random = random.Random(seed)
        self.iterations = 0
        self.timed_out = False

    def run(self, state: Any, seat: int, players: int, legal: list[Any]) -> Any:
        game, rand, level = self.game, self.random, self.level
        root: dict[Any, _Edge] = {}
        deadline = time.perf_counter() + level.time_cap if level.time_cap > 0 else math.inf
        while self.iterations < level.budget:
            if time.perf_counter() > deadline:  # checked every iteration: each costs far more
                self.timed_out = True
                break
            world = game.determinize(state, seat, Rng(rand.getrandbits(63)))
            world = reseeded(world, Rng(rand.getrandbits(63)))
            self._iterate(world, seat, players, root)
            self.iterations += 1
            if self._settled(root, legal):
                break
        return self._pick(root, legal)

    def _settled(self, root: dict[Any, _Edge], legal: list[Any]) -> bool:
        """Whether the iterations left could no longer change the pick: the most visited action leads the next
        by more visits than there are iterations left (each adds one visit to one root edge), so stopping gives
        the very action the whole budget would. A noisy level samples by visits, so it always spends it all."""
        left = self.level.budget - self.iterations
        if self.level.noise > 0 or self.iterations <= left:  # a lead is at most the iterations done
            return False
        first = second = 0
        for action in legal:
            edge = root.get(action)
            visits = edge.visits if edge is not None else 0
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > left

    def _iterate(self, state: Any, me: int, players: int, root: dict[Any, _Edge]) -> None:
        game, rand, c = self.game, self.random, self.level.exploration
        node = root
        path: list[tuple[_Edge, int]] = []
        while game.outcome(state) is None:
            deciders = game.to_decide(state)
            owner = me if me in deciders else deciders[0]
            untried: list[Any] = []
            known: list[tuple[Any, _Edge]] = []
            lookup = node.get
            for action in self._legal(state, owner):  # one lookup per action: hashing is the hot spot
                edge = lookup(action)
                if edge is None:
                    untried.append(action)
                else:
                    edge.avail += 1
                    known.append((action, edge))
            if untried:
                action = untried[rand.randrange(len(untried))] if len(untried) > 1 else untried[0]
                edge = node[action] = _Edge()
            else:
                action, edge = self._select(known, c)
            state = self._step(state, deciders, owner, action)
            path.append((edge, owner))
            node = edge.child
            if untried:
                break
        values = self._rollout(state, players)
        for edge, owner in path:
            edge.visits += 1
            edge.value += values[owner]

    @staticmethod
    def _select(known: list[tuple[Any, _Edge]], c: float) -> tuple[Any, _Edge]:
        """UCB1 over the legal actions' edges, each against its own availability count."""
        best, best_edge, best_score = None, None, -math.inf
        log, sqrt = math.log, math.sqrt
        for action, edge in known:
            visits = edge.visits
            score = edge.value / visits + c * sqrt(log(edge.avail) / visits)
            if score > best_score:
                best, best_edge, best_score = action, edge, score
        assert best_edge is not None
        return best, best_edge

    def _legal(self, state: Any, seat: int) -> list[Any]:
        """The legal actions of ``seat``, listed once per position of this search where the game gives a key."""
        key = self.game.position_key(state, seat)
        if key is None:
            return list(self.game.legal_actions(state, seat))
        listed = self._listed.get(key)
        if listed is None:
            listed = self._listed[key] = list(self.game.legal_actions(state, seat))
        return listed

    def _step(self, state: Any, deciders: tuple[int, ...], owner: int, action: Any) -> Any:
        """Apply ``owner``'s action, then a uniformly random one for every other seat deciding at the same time."""
        game = self.game
        state = game.apply_listed(state, owner, action).state
        for other in deciders:
            if other != owner and game.outcome(state) is None and other in game.to_decide(state):
                choices = self._legal(state, other)
                state = game.apply_listed(state, other, choices[self.random.randrange(len(choices))]).state
        return state

    def _rollout(self, state: Any, players: int) -> list[float]:
        game, rand = self.game, self.random
        has_eval = True
        plies = 0
        limit = self.level.depth
        while game.outcome(state) is None:
            if plies >= limit:
                if has_eval and (self.values is not None or (self.evaluate or game.evaluate)(state, 0) is not None):
                    break
                has_eval = False
                if plies >= ROLLOUT_CAP:
                    return [0.0] * players
            deciders = game.to_decide(state)
            for seat in deciders:
                if seat not in game.to_decide(state):
                    continue
                choices = self._legal(state, seat)
                state = game.apply_listed(state, seat, choices[rand.randrange(len(choices))]).state
                if game.outcome(state) is not None:
                    break
            plies += 1
        return rewards(game, state, players, self.evaluate, self.values)

    def _pick(self, root: dict[Any, _Edge], legal: list[Any]) -> Any:
        """The most visited legal action (ties: the better mean, then legal order); with noise, sampled by visits."""
        stats = [(action, root.get(action)) for action in legal]
        if self.level.noise > 0:
            weights = [(edge.visits if edge else 0) + 0.5 for _, edge in stats]
            return self.random.choices(legal, weights=weights)[0]
        best, best_key = legal[0], (-1, -math.inf)
        for action, edge in stats:
            key = (edge.visits, edge.value / edge.visits) if edge and edge.visits else (0, -math.inf)
            if key > best_key:
                best, best_key = action, key
        return best
