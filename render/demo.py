"""Sample boards of every implemented game, for people reviewing how they look: ``python -m render --demo DIR``.

Each game that has a renderer plays one seeded random match through the engine interface alone, and its
start, middle and final positions are written as PNGs (the middle one also from the other seat's side), with a
replay GIF of the whole match; a renderer with a second image of a position (``chart_png``, Metamorph's chart
of shapes) gets the middle position's written too. Nothing here knows a game's rules, so later games appear
without changes.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine import GAMES, Game, replay_views

from .core import RENDERERS, board_png, caption_of, match_replay_gif

DEMO_SEEDS = range(1, 200)
MIN_DECISIONS = 24


def play(game: Game[Any, Any, Any], seed: int, *, players: int | None = None) -> list[tuple[int, str]]:
    """A seeded random match, as its (seat, key) decisions."""
    pick = random.Random(seed)
    players = players or game.meta.min_players
    state = game.setup(None, players, seed)
    moves: list[tuple[int, str]] = []
    while game.outcome(state) is None and len(moves) < game.meta.max_decisions:
        seat = game.to_decide(state)[0]
        action = pick.choice(list(game.legal_actions(state, seat)))
        moves.append((seat, game.action_key(action)))
        state = game.apply(state, seat, action).state
    return moves


def _frames(game: Game[Any, Any, Any], seed: int, moves: list[tuple[int, str]], seat: int | None) -> list[Any]:
    return replay_views(game, None, game.meta.min_players, seed, moves, seat=seat)


def write_demo(directory: Path) -> list[Path]:
    """Write every game's sample images into ``directory``; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game_id, game in sorted(GAMES.items()):
        renderer = RENDERERS.get(game_id)
        if renderer is None:
            continue
        seed, moves = next(
            ((s, m) for s in DEMO_SEEDS if len(m := play(game, s)) >= MIN_DECISIONS),
            (0, play(game, 0)),
        )
        frames = _frames(game, seed, moves, None)
        third = len(frames) // 3
        middle = max(
            range(third, 2 * third + 1),
            key=lambda i: (renderer.interest(frames[i][0]), -abs(i - len(frames) // 2)),
        )
        picks = {"start": 0, "middle": middle, "end": len(frames) - 1}
        for name, index in picks.items():
            view, log = frames[index]
            path = directory / f"{game_id}-{name}.png"
            path.write_bytes(board_png(view, caption=caption_of(log, None)))
            written.append(path)
        second = getattr(renderer, "chart_png", None)  # a second image of the position (Metamorph's chart)
        if callable(second):
            path = directory / f"{game_id}-middle-chart.png"
            path.write_bytes(second(frames[middle][0]))
            written.append(path)
        for seat in range(1, game.meta.min_players):
            view, log = _frames(game, seed, moves[:middle], seat)[-1]
            path = directory / f"{game_id}-middle-seat{seat}.png"
            path.write_bytes(board_png(view, caption=caption_of(log, seat), clock="4:12"))
            written.append(path)
        path = directory / f"{game_id}-replay.gif"
        path.write_bytes(match_replay_gif(game, None, game.meta.min_players, seed, moves))
        written.append(path)
    return written
