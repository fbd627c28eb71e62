"""Property tests: invariants of Shapeshifter Wars over random reachable positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.wars.game import FORWARD, RED, SIZE, ShapeshifterWars, WarsState

GAME = ShapeshifterWars()


def _stacks(state: WarsState, seat: int) -> int:
    return sum(1 for s in state.board if s and s.owner == seat)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=300))
def test_random_play_keeps_the_invariants(seed: int, picks: list[int]) -> None:
    state = GAME.setup(None, 2, seed)
    for pick in picks:
        if state.outcome:
            break
        seat = state.to_act
        actions = GAME.legal_actions(state, seat)
        action = actions[pick % len(actions)]
        nxt = GAME.apply(state, seat, action).state
        mover = state.board[action.src]
        if action.kind == "move":
            # forward only: exactly one rank towards the enemy
            assert (action.dst // SIZE - action.src // SIZE) == FORWARD[seat]
        if action.kind == "attack":
            assert _stacks(nxt, 1 - seat) == _stacks(state, 1 - seat) - 1
        else:
            assert _stacks(nxt, 1 - seat) == _stacks(state, 1 - seat)
        assert _stacks(nxt, seat) == _stacks(state, seat), "a player never loses a stack on their own turn"
        if action.kind == "transform":
            assert nxt.board[action.src].top == (mover.top + 1) % 3
            assert nxt.outcome or nxt.to_act == 1 - seat
        kings = [s for s in nxt.board if s and s.king]
        if nxt.outcome is None:
            assert len(kings) == 2
            assert sorted(k.owner for k in kings) == [RED, 1 - RED], "one king per side"
        state = nxt
