"""Shadowscape's AI profile: the planner (``planner.py``), which plays each decision in worlds dealt through
``determinize`` (so unseen hands and deck orders are guessed, never read) and judges them by ``evaluation.py``.

Levels: ``budget`` counts positions looked at, ``depth`` the worlds dealt per decision, ``noise`` the
temperature of a level's choice among its best (0: always the best). Hard also looks one action further.
"""

from __future__ import annotations

from ...ai.levels import Level
from ...ai.profile import AiProfile
from .evaluation import evaluate
from .planner import plan

# Measured (20 matches, both seats): hard beat a normal of 2 worlds and noise 0.01 about half the time, one
# of 1 world and noise 0.05 12 times in 20, one of 1 world and noise 0.1 17 times in 20; hence normal's noise.
LEVELS = {
    "easy": Level("easy", "plan", budget=300, depth=1, time_cap=0.5, noise=0.2),
    "normal": Level("normal", "plan", budget=1200, depth=1, time_cap=1.0, noise=0.1),
    "hard": Level("hard", "plan", budget=3000, depth=3, time_cap=1.9),
}
PROFILE = AiProfile(levels=LEVELS, evaluate=evaluate, planner=plan)
