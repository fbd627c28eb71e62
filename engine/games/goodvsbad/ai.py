"""Good vs Bad knowledge for the generic information-set MCTS: an evaluation of where a seat stands.

The game is won on Renown after the last round (or by a Protector's or Supervillain's tour), so a position is
worth a seat's Renown against the others', plus what turns into Renown later: pieces in good health (a
beaten piece loses its turn and its fights), cards in hand, its Special (it decides duels between players),
and a role's tour half done. Search evaluates determinized states, so reading hands here is fair.
"""

from __future__ import annotations

import math

from ...ai.levels import GENERIC_LEVELS
from ...ai.profile import AiProfile
from .model import GvbState

HEALTH = 0.4  # Renown-equivalents for a piece at full strength against one beaten to nothing
CARD = 0.3  # a card in hand
SPECIAL = 0.3  # a point of Special
TOUR = 3.0  # a role's whole tour (a card win), in proportion to the Home Bases reached
SCALE = 4.0  # Renown lead at which the value is about three quarters of a win


def standing(state: GvbState, seat: int) -> float:
    """What ``seat`` has, in Renown-equivalents."""
    player = state.player(seat)
    value = player.renown + CARD * player.hand_size + SPECIAL * player.special
    others = max(1, len(state.players) - 1)
    for piece in state.pieces:
        if piece.seat != seat:
            continue
        value += HEALTH * sum(piece.stats) / max(1, sum(piece.start))
        if piece.role:
            value += TOUR * len(piece.toured) / others
    return value


def evaluate(state: GvbState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1]: its standing against the best of the others'."""
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    mine = standing(state, seat)
    best_other = max(standing(state, s) for s in state.seats if s != seat)
    return math.tanh((mine - best_other) / SCALE)


PROFILE = AiProfile(levels=GENERIC_LEVELS, evaluate=evaluate)
