"""Good vs Bad knowledge for the generic information-set MCTS: an evaluation of where a seat stands.

The game is won on Renown after the last round (or by a Protector's or Supervillain's tour), so a position is
worth a seat's Renown against the others', plus what turns into Renown later: pieces in good health (a
beaten piece loses its turn and its fights), cards in hand, its Special (it decides duels between players),
Items in play, and a role's tour half done; and in the last round, a little, the Good and Bad spaces of its
making, which break a tie of Renown at the end. Search evaluates determinized states, so reading hands here is fair.

The purchase of stats is one of 1,001; a tree search over that many first moves learns nothing of each, so the
planner searches a short list of purchases there (``BUYS``: for hard, the ones the evaluation rates highest) and
every other decision in full.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...ai.levels import Level
from ...ai.mcts import MCTS
from ...ai.profile import AiProfile
from .board import home, layout, tour_left
from .destiny import last_round
from .model import SEAT_NAMES, GvbState, Piece

HEALTH = 0.4  # Renown-equivalents for a piece at full strength against one beaten to nothing
# And a point of damage not yet healed: it weakens every fight until healed, as a stat point lost would (STAT),
# where HEALTH alone charged about 0.03 for it. Against normal, seeds 78000–78019, both seats: hard won 26 of 40
# without it, 29 of 40 with it (docs/ai.md, eleventh run).
HURT = 0.15
STAT = 0.2  # a point of starting level (Agility, Might or Smarts) on one piece: it wins Encounters and duels
CARD = 0.3  # a card in hand
# An Item in play (beside a piece, or a Trap or Fortification on its space): more than in the hand, where it does
# nothing. Counted as nothing, hard never laid one (a laid card was 0.3 lost at the leaf) and discarded its Shields
# and Armour at the hand limit, while normal's random plies found their use: against normal, seeds 78000–78019,
# both seats, hard won 23 of 40 without it and 26 of 40 with it (docs/ai.md, eleventh run).
LAID = 0.4
SPECIAL = 0.3  # a point of Special
# A Protector's or Supervillain's tour, a card win: CROWNED of TOUR for the crowning, the rest in proportion to the
# steps of the tour already walked (board.tour_left, so a fork towards the next Home Base is worth taking), and
# all of it scaled down when the rounds left cannot carry the piece so far at MOVE spaces a turn. Worth 3.0 in
# Home Bases reached, hard's crowned pieces wandered after Encounters: in hard four-player matches (seeds 66000
# and 66001) Protectors and Supervillains crowned in rounds 5 to 8 had reached one Home Base of three, or none,
# by the end of round 12 (docs/ai.md, twelfth run).
TOUR = 16.0
CROWNED = 0.25
MOVE = 7.0  # the mean of 2d6
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
    value += LAID * sum(1 for fixture in state.fixtures if fixture.seat == seat)
    if state.round >= state.rounds:
        value += MARK * sum(1 for mark in state.marks if mark.maker == seat)
    for piece in state.pieces:
        if piece.seat != seat:
            continue
        start, now = sum(piece.start), sum(piece.stats)
        value += HEALTH * now / max(1, start) + STAT * start
        value += LAID * len(piece.items) - HURT * (start - now)
        if piece.role:
            value += tour_worth(state, piece)
    return value


def tour_worth(state: GvbState, piece: Piece) -> float:
    """What a crowned piece's tour is worth now, in Renown-equivalents: how far it has got, and whether the
    rounds left can carry it the rest of the way."""
    connectors = layout(len(state.players), SEAT_NAMES)
    targets = frozenset(home(s) for s in state.seats if s != piece.seat)
    whole = tour_left(home(piece.seat), targets, connectors, state.lengths)
    left = tour_left(piece.place, targets - set(piece.toured), connectors, state.lengths)
    done = 1.0 - left / max(1, whole)
    turns = last_round(state) - state.round + 1
    reach = min(1.0, MOVE * turns / left) if left else 1.0
    return TOUR * (CROWNED + (1.0 - CROWNED) * max(0.0, done)) * reach


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


# Agility, Might, Smarts, Special: balanced buys of 4 to 10 cards, and a few that lean on one stat or the Special.
SENSIBLE_BUYS = tuple(
    f"buy:{a}.{m}.{s}.{x}"
    for a, m, s, x in (
        (1, 1, 1, 1), (2, 2, 2, 0), (2, 2, 2, 1), (2, 2, 2, 2), (3, 2, 2, 1), (2, 3, 2, 1), (2, 2, 3, 1),
        (3, 3, 2, 0), (3, 2, 3, 0), (2, 3, 3, 0), (3, 3, 3, 1), (3, 3, 3, 0), (4, 2, 2, 0), (2, 4, 2, 0),
        (2, 2, 4, 0), (2, 2, 2, 3), (1, 1, 1, 4), (3, 3, 2, 2),
    )
)  # fmt: skip

# The purchase is judged at the leaf by the evaluation alone, where a stat point bought is worth 0.1 more than the
# card it costs (on both pieces, 2 × STAT against CARD) and a point of Special the same as the card: so the buys
# worth most spend all ten cards on Agility, Might and Smarts. Among the sensible buys (none of them all ten on
# stats) the search cannot find them: the others' sealed purchases, dealt at random in every iteration, spread
# the values far wider than 0.1, and hard bought 7 to 9 stat points. Against random at two players (rules
# version 3, seeds 76000–76059 and 77000–77039) hard buying only these three won 98 of 100, Renown 9.3 ahead on
# average, where the sensible buys won 94, 7.1 ahead (docs/ai.md, tenth run): stats win Encounters, where nearly
# all Renown is won. Normal and easy keep the sensible buys, as they were: with normal buying these too, hard beat
# it 23 of 50; with hard alone buying them, 23 of 40 (seeds 78000–, both seats).
BEST_BUYS = ("buy:4.3.3.0", "buy:3.4.3.0", "buy:3.3.4.0")
BUYS = {"hard": BEST_BUYS}  # by level name; any other level searches SENSIBLE_BUYS


def plan(  # noqa: PLR0917 (the Planner signature every game's planner shares)
    game: Any, state: GvbState, seat: int, legal: Sequence[str], level: Level, rng: random.Random
) -> tuple[str, int]:
    """Information-set MCTS from ``legal``, or from the level's short list of purchases when buying stats."""
    buys = BUYS.get(level.name, SENSIBLE_BUYS)
    roots = [key for key in buys if key in legal] if state.stage == "buy" else list(legal)
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
