"""Swartzblak knowledge for MCTS: an evaluation that also sees the race to the win conditions.

The game's own ``evaluate`` reads public material only (Townspeople, Varmints, wounds), which is all a
*Hero's view* may use, but it is blind to the two things that decide most matches: the disguised
Shapeshifter walking to Tile 5 of a lonely Alleyway, and the Shapeshifter lying Disabled. Search evaluates
*determinized* states, in which the secret is the sampled one (the Heroes') or the true one (the
Adversary's), so reading it here is fair: the Heroes weigh every Varmint the Shapeshifter might be, in
proportion to how often determinize draws it.
"""

from __future__ import annotations

import functools

from ...ai.levels import Level
from ...ai.profile import AiProfile
from .board import NEIGHBOURS, Alley, connects, distance
from .game import Swartzblak
from .model import BEAST, HERO_IDS, HEROES, ROUNDS, TOWN_IDS, Cond, SwState
from .rules import squares_of

ESCAPE_NEAR = 0.25  # Adversary: the disguised Shapeshifter close to a live Tile 5 (falls off over 8 spaces)
ESCAPE_READY = 0.3  # Adversary: on a live Tile 5 with no Hero beside it (the Heroes must answer this turn)
DOWN = 0.3  # Heroes: the Shapeshifter Disabled
TOWN_CLOCK = 0.25  # whoever the six-round result favours, more so as the rounds pass
BEAST_THREAT = 0.3  # Heroes: a standing Beast near an unharmed town (falls off over 8 spaces)
LURK = 0.5  # Adversary: the disguised Shapeshifter near an unharmed town, a share of the Beast it can become
_RULES = Swartzblak()


def evaluate(state: SwState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [-1, 1]: the game's material plus the race to the win conditions."""
    if state.outcome:
        return 1.0 if seat in state.outcome.winners else -1.0
    score = _heroes_score(state)
    return score if seat == HEROES else -score


def values(state: SwState) -> tuple[float, float]:
    """Both sides' values at once (zero-sum): the search's leaves need both, and the score is one computation."""
    heroes = evaluate(state, HEROES)
    return (heroes, -heroes) if HEROES == 0 else (-heroes, heroes)


def _heroes_score(state: SwState) -> float:
    score = _RULES.evaluate(state, HEROES)
    beast = state.unit(BEAST)
    harmed = any(state.unit(t).cond is not Cond.HEALTHY for t in TOWN_IDS)
    if beast.in_play:
        if beast.cond is Cond.DISABLED:
            score += DOWN
        elif not harmed:
            score -= _beast_threat(state, squares_of(beast))
    elif state.secret is not None:
        varmint = state.unit(f"v{state.secret}")
        if varmint.cond is Cond.DISABLED:
            score += DOWN
        elif varmint.square is not None:
            lurking = 0.0 if harmed else LURK * _beast_threat(state, (varmint.square,))
            score -= max(_escape_threat(state, varmint.square), lurking)
    clock = TOWN_CLOCK * state.round / ROUNDS
    score += -clock if harmed else clock
    return max(-0.95, min(0.95, score))


def _beast_threat(state: SwState, squares: tuple[int, ...]) -> float:
    """How close the Beast on ``squares`` is to harming the (still unharmed) town: one hurt Townsperson decides
    the six-round result, so the Heroes must keep it away (rules version 2 no longer lets it trample on
    arrival). The disguised Shapeshifter counts a share of it (``LURK``): without that, the search saw only
    the cost of Big Old Problem and never revealed the Beast, and the town came through untouched."""
    towns = [unit.square for unit in map(state.unit, TOWN_IDS) if unit.standing and unit.square is not None]
    if not towns:
        return 0.0
    d = min(distance(b, t) for b in squares for t in towns)
    return BEAST_THREAT * max(0.0, 1.0 - (d - 1) / 8)


@functools.lru_cache(maxsize=1024)
def _live_goals(alleys: tuple[Alley, ...]) -> tuple[int, ...]:
    """Tile 5 of every Alleyway that connects to no other, in Alleyway order (a layout changes rarely)."""
    return tuple(alley.square_of(5) for index, alley in enumerate(alleys) if not connects(alleys, index))


def _escape_threat(state: SwState, square: int) -> float:
    best = 0.0
    heroes = {state.unit(h).square for h in HERO_IDS}
    for goal in _live_goals(state.alleys):
        if square == goal and not any(n in heroes for n in NEIGHBOURS[square]):
            return ESCAPE_NEAR + ESCAPE_READY
        best = max(best, ESCAPE_NEAR * max(0.0, 1.0 - distance(square, goal) / 8))
    return best


# ISMCTS straight to the evaluation: Swartzblak's turns are long, so random plies before the evaluation buy less
# than more iterations do. Hard explores less (0.15): the evaluation's differences are a few hundredths, which
# the default constant drowns in exploration, so the search spreads thin instead of following its best lines
# (docs/ai.md, "Information-set MCTS"). Normal keeps the default and 300 iterations: at 900 it came too close
# to hard (bench/ai.py: hard won 9 of 16 as Heroes).
LEVELS = {
    "easy": Level("easy", "mcts", budget=80, depth=0, time_cap=0.5, noise=1.0),
    "normal": Level("normal", "mcts", budget=300, depth=0, time_cap=1.0),
    "hard": Level("hard", "mcts", budget=3000, depth=0, time_cap=1.9, exploration=0.15),
}
PROFILE = AiProfile(levels=LEVELS, evaluate=evaluate, values=values)
