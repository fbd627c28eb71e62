"""Alpha-beta search for two-seat, perfect-information games without chance (Shapeshifter Wars).

Negamax with iterative deepening, a transposition table and move ordering. Because a Wars turn is two
decisions by the same seat (move, then transform), the side to act is read from ``to_decide`` at every node
and the score is negated only when the seat actually changes; nothing assumes strict alternation. Depth counts
decisions.

The search is deterministic: it stops on a node budget (the level's), and only the wall-clock cap, a safety
net, can cut it short. A game plugs in through ``Hooks``: its evaluation, a position key for the table and a
move order; ``Hooks`` itself falls back on the game's own ``evaluate``, the state as key and the legal order.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core import Game
from .levels import Level

WIN = 10.0  # above any evaluation; a win found sooner scores higher (WIN - ply / 100)
EXACT, LOWER, UPPER = 0, 1, 2


class Hooks:
    """What alpha-beta asks of a game beyond the ``Game`` interface; override per game for strength."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def evaluate(self, state: Any, seat: int) -> float:
        value = self.game.evaluate(state, seat)
        return 0.0 if value is None else value

    def key(self, state: Any) -> Any:
        return state

    def order(self, state: Any, seat: int, actions: list[Any]) -> list[Any]:
        return actions

    def depths(self, state: Any, deepest: int) -> range:
        """The depths of the iterative deepening, from the root ``state``."""
        return range(1, deepest + 1)


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget or the time cap is spent."""


class AlphaBeta:
    """One decision's search; after ``run``, ``nodes`` and ``depth`` (last completed iteration) are set."""

    def __init__(self, game: Game[Any, Any, Any], level: Level, seed: int, hooks: Hooks | None = None) -> None:
        self.game = game
        self.level = level
        self.hooks = hooks or Hooks(game)
        self.random = random.Random(seed)
        self.nodes = 0
        self.depth = 0
        self.timed_out = False
        self.table: dict[Any, tuple[int, float, int, Any]] = {}
        self._deadline = math.inf

    def run(self, state: Any, seat: int, legal: list[Any]) -> Any:
        level = self.level
        self._deadline = time.perf_counter() + level.time_cap if level.time_cap > 0 else math.inf
        legal = list(legal)
        self.random.shuffle(legal)  # the seed varies play between equally good moves
        legal = self.hooks.order(state, seat, legal)
        best = legal[0]
        scores: dict[Any, float] = {}
        for depth in self.hooks.depths(state, level.depth):
            try:
                scores = self._root(state, seat, legal, depth, margin=level.noise)
            except _OutOfBudget:
                break
            self.depth = depth
            best = max(legal, key=lambda a: scores[a])  # first of the best, in the ordered list
            legal = [best] + [a for a in legal if a != best]
            if scores[best] >= WIN - 1:  # a forced win: no need to look deeper
                break
        if level.noise > 0 and scores:
            top = max(scores.values())
            near = [a for a in legal if scores[a] >= top - level.noise]
            return near[self.random.randrange(len(near))]
        return best

    def _root(self, state: Any, seat: int, legal: list[Any], depth: int, *, margin: float) -> dict[Any, float]:
        """Score every root action. The window is widened by ``margin`` below the best so far, so every action
        within ``margin`` of the best gets its exact score (what the level's noise chooses among)."""
        alpha, beta = -math.inf, math.inf
        scores: dict[Any, float] = {}
        for action in legal:
            low = alpha - margin
            value = self._child(state, seat, action, depth=depth - 1, alpha=low, beta=beta, ply=1)
            scores[action] = value
            alpha = max(alpha, value)
        return scores

    def _child(self, state: Any, seat: int, action: Any, *, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value for ``seat`` of playing ``action`` in ``state``."""
        game = self.game
        child = game.apply(state, seat, action).state
        nxt = game.to_decide(child)
        if not nxt:
            return self._terminal(child, seat, ply)
        if nxt[0] == seat:
            return self._search(child, seat, depth=depth, alpha=alpha, beta=beta, ply=ply)
        return -self._search(child, nxt[0], depth=depth, alpha=-beta, beta=-alpha, ply=ply)

    def _terminal(self, state: Any, seat: int, ply: int) -> float:
        outcome = self.game.outcome(state)
        if outcome is None or outcome.draw:
            return 0.0
        return WIN - ply / 100 if seat in outcome.winners else -(WIN - ply / 100)

    def _search(self, state: Any, seat: int, *, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value of ``state`` for ``seat``, the seat to act in it."""
        self.nodes += 1
        if self.nodes >= self.level.budget or (self.nodes & 255 == 0 and time.perf_counter() > self._deadline):
            self.timed_out = self.nodes < self.level.budget
            raise _OutOfBudget
        if depth <= 0:
            return self.hooks.evaluate(state, seat)
        key = self.hooks.key(state)
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and abs(e_value) < WIN - 1:  # win scores depend on the ply: not reused
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        actions = self.hooks.order(state, seat, list(self.game.legal_actions(state, seat)))
        if tt_move is not None and tt_move in actions:
            actions.remove(tt_move)
            actions.insert(0, tt_move)
        original_alpha = alpha
        best_value, best_action = -math.inf, actions[0]
        for action in actions:
            value = self._child(state, seat, action, depth=depth - 1, alpha=alpha, beta=beta, ply=ply + 1)
            if value > best_value:
                best_value, best_action = value, action
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = EXACT
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        self.table[key] = (depth, best_value, flag, best_action)
        return best_value
