"""Shapeshifter Wars knowledge for alpha-beta: a sharper evaluation, a position key and a move order.

The game's own ``evaluate`` counts material and the kings' progress. Search needs more at its leaves, because
Wars is decided by tactics one turn deep: whether the side to move can take a stack (or the king) right now,
and whether a king is one step from the enemy home row with a top that can make the step. Leaves are always
taken at the start of a Move/Attack phase (``depths`` keeps whole turns), where those threats are exact.
"""

from __future__ import annotations

from typing import Any

from ...ai.alphabeta import Hooks
from ...ai.levels import Level
from ...ai.profile import AiProfile
from .game import ATTACKS, HOME_RANK, MOVES, SIZE, Phase, WarsAction, WarsState

KNIGHT = 1.0
KING_STEP = 0.3  # each rank a king has advanced
CAPTURE_NOW = 0.7  # share of a stack the side to move is credited for an attack it can make at once
KING_EXPOSED = 0.25  # the side to move's king stands attacked: it must spend its move on that
SCALE = 8.0


def _captures(board: tuple[Any, ...], seat: int) -> tuple[bool, int]:
    """Whether ``seat`` can destroy the enemy king now, and how many enemy stacks it attacks."""
    king = False
    hits = set()
    for sq, stack in enumerate(board):
        if stack is None or stack.owner != seat:
            continue
        for t in ATTACKS[stack.top][sq]:
            target = board[t]
            if target is not None and target.owner != seat:
                hits.add(t)
                king = king or target.king
    return king, len(hits)


def _king_can_arrive(board: tuple[Any, ...], seat: int) -> bool:
    """Whether ``seat``'s king can step onto the enemy home row with its current top."""
    goal = HOME_RANK[1 - seat]
    for sq, stack in enumerate(board):
        if stack is not None and stack.owner == seat and stack.king:
            return any(t // SIZE == goal and board[t] is None for t in MOVES[seat][stack.top][sq])
    return False


def evaluate(state: WarsState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1], exact about threats when a Move/Attack phase begins."""
    if state.outcome:
        return 0.0 if state.outcome.draw else (1.0 if seat in state.outcome.winners else -1.0)
    board = state.board
    mover = state.to_act
    if state.phase is Phase.MOVE:
        king_hit, hits = _captures(board, mover)
        if king_hit or _king_can_arrive(board, mover):
            return 0.95 if mover == seat else -0.95
    else:
        hits = 0
    score = 0.0
    for sq, stack in enumerate(board):
        if stack is None:
            continue
        progress = abs(sq // SIZE - HOME_RANK[stack.owner])
        value = KING_STEP * progress if stack.king else KNIGHT + 0.05 * progress
        score += value if stack.owner == seat else -value
    bonus = CAPTURE_NOW * min(hits, 1)
    if state.phase is Phase.MOVE and _captures(board, 1 - mover)[0]:
        bonus -= KING_EXPOSED
    score += bonus if mover == seat else -bonus
    return max(-0.9, min(0.9, score / SCALE))


class WarsHooks(Hooks):
    """Alpha-beta hooks for Wars."""

    def evaluate(self, state: WarsState, seat: int) -> float:
        return evaluate(state, seat)

    def key(self, state: WarsState) -> Any:
        """Board, side and phase: what the next decisions depend on (repetition history is left out)."""
        return (state.board, state.to_act, state.phase)

    def order(self, state: WarsState, seat: int, actions: list[WarsAction]) -> list[WarsAction]:
        """King captures, other captures, king moves, then the rest, each in legal order."""
        board = state.board

        def rank(action: WarsAction) -> int:
            if action.kind == "attack":
                target = board[action.dst]
                return 0 if target is not None and target.king else 1
            stack = board[action.src]
            return 2 if action.kind == "move" and stack is not None and stack.king else 3

        return sorted(actions, key=rank)

    def depths(self, state: WarsState, deepest: int) -> range:
        """Iteration depths that end at the start of a Move/Attack phase: whole turns."""
        first = 2 if state.phase is Phase.MOVE else 1
        return range(first, max(first, deepest) + 1, 2)


# Alpha-beta with our evaluator beats MCTS at equal time (docs/ai.md); tuned by bench/ai.py.
LEVELS = {
    "easy": Level("easy", "alphabeta", budget=400, depth=2, time_cap=0.5, noise=0.2),
    "normal": Level("normal", "alphabeta", budget=5_000, depth=6, time_cap=1.0, noise=0.05),
    "hard": Level("hard", "alphabeta", budget=30_000, depth=12, time_cap=1.9, noise=0.01),
}
PROFILE = AiProfile(levels=LEVELS, hooks=WarsHooks)
