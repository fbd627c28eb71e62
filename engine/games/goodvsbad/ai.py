"""Good vs Bad knowledge for the generic information-set MCTS: an evaluation of where a seat stands.

The game is won on Renown after the last round (or by a Protector's or Supervillain's tour), so a position is
worth a seat's Renown against the others', plus what turns into Renown later: pieces in good health (a
beaten piece loses its turn and its fights), cards in hand, its Special (it decides duels between players),
and a role's tour half done; and in the last round, a little, the Good and Bad spaces of its making, which
break a tie of Renown at the end. Search evaluates determinized states, so reading hands here is fair.

The purchase of stats is one of 1,001; a tree search over that many first moves learns nothing of each, so the
planner searches only the purchases the evaluation rates highest (``SHORTLIST``) and every other decision in full.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...ai.levels import Level
from ...ai.mcts import MCTS
from ...ai.profile import AiProfile
from .model import GvbState

HEALTH = 0.4  # Renown-equivalents for a piece at full strength against one beaten to nothing
STAT = 0.2  # a point of starting level (Agility, Might or Smarts) on one piece: it wins Encounters and duels
CARD = 0.3  # a card in hand
SPECIAL = 0.3  # a point of Special
TOUR = 3.0  # a role's whole tour (a card win), in proportion to the Home Bases reached
# A Good or Bad space of one's making on the board, counted in the last round only: it breaks a tie of Renown
# after that round (the default end), and hard lost tied matches to a random player (seed 7001, 8–8 and 6–6).
# Counted all match long it cost strength (normal beat it 3 of 8 on seeds 2000–2003, against 1 of 8 without);
# in the last round it changed none of those results. Small enough that no match's spaces outweigh a Renown.
MARK = 0.01
SCALE = 4.0  # Renown lead at which the value is about three quarters of a win


def standing(state: GvbState, seat: int) -> float:
    """What ``seat`` has, in Renown-equivalents."""
    player = state.player(seat)
    value = player.renown + CARD * player.hand_size + SPECIAL * player.special
    if state.round >= state.rounds:
        value += MARK * sum(1 for mark in state.marks if mark.maker == seat)
    others = max(1, len(state.players) - 1)
    for piece in state.pieces:
        if piece.seat != seat:
            continue
        value += HEALTH * sum(piece.stats) / max(1, sum(piece.start)) + STAT * sum(piece.start)
        if piece.role:
            value += TOUR * len(piece.toured) / others
    return value


def evaluate(state: GvbState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1]: its standing against the best of the others'."""
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    return values(state)[seat]


def values(state: GvbState) -> list[float]:
    """Every seat's value of a running match at once (its standing against the best of the others'), each
    standing reckoned once: the search asks at every leaf for all seats (six players' leaves asked for 36)."""
    standings = [standing(state, seat) for seat in state.seats]
    ranked = sorted(standings, reverse=True)
    return [math.tanh((mine - (ranked[1] if mine == ranked[0] else ranked[0])) / SCALE) for mine in standings]


# The purchase is judged at the leaf by the evaluation alone, where a stat point bought is worth 0.1 more than the
# card it costs (on both pieces, 2 × STAT against CARD) and a point of Special the same as the card: so the buys
# worth most spend all ten cards on Agility, Might and Smarts. The search once chose among 18 sensible purchases
# of 4 to 10 cards; with the others' sealed purchases dealt at random in every iteration, the 0.1 between them
# was lost in noise and hard bought 8 or 9 stat points as often as 10. Against random at two players (rules
# version 3, seeds 76000–76059 and 77000–77039) these three won 98 of 100, Renown 9.3 ahead on average, where the
# 18 had won 94, 7.1 ahead (docs/ai.md, tenth run). Stats win Encounters, where nearly all Renown is won.
SHORTLIST = ("buy:4.3.3.0", "buy:3.4.3.0", "buy:3.3.4.0")


def plan(  # noqa: PLR0917 (the Planner signature every game's planner shares)
    game: Any, state: GvbState, seat: int, legal: Sequence[str], level: Level, rng: random.Random
) -> tuple[str, int]:
    """Information-set MCTS from ``legal``, or among the shortlisted purchases when buying stats."""
    roots = [key for key in SHORTLIST if key in legal] if state.stage == "buy" else list(legal)
    search = MCTS(game, level, rng.getrandbits(63), evaluate, values)
    action = search.run(state, seat, len(state.players), roots or list(legal))
    return action, search.iterations


# The generic levels' budgets, searched by ``plan``; hard judges its leaves by the evaluation at once (depth 0)
# instead of after four random plies: the dice make a random playout's Renown mostly noise. Against normal (8
# matches, seeds 1000–1003 and 2000–2003) the rollout hard won 4, this one 8 (one shared), at 0.6 s a decision.
LEVELS = {
    "easy": Level("easy", "plan", budget=60, depth=4, time_cap=0.5, noise=1.0),
    "normal": Level("normal", "plan", budget=300, depth=4, time_cap=1.0),
    "hard": Level("hard", "plan", budget=1000, depth=0, time_cap=1.9),
}
PROFILE = AiProfile(levels=LEVELS, evaluate=evaluate, planner=plan, values=values)
