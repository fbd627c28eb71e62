"""What happened in a match, beyond how it ended, for ``bench/balance.py --matches``: one watcher per game.

A final state keeps who won and how; it forgets the moments a question about the seats turns on. A Good vs Bad
match is decided by its tours: which position crowned a Protector or a Supervillain, in which round, and whether
the piece fell before it got round. So a watcher is shown every state of a match (``arena.play``'s ``watch``) and
keeps those moments; games without one tell no story.
"""

from __future__ import annotations

from typing import Any


class GoodVsBadTours:
    """Every crowning and every fall of a Protector or Supervillain, in order: round, position, role, piece."""

    def __init__(self) -> None:
        self.moments: list[dict[str, Any]] = []
        self._roles: dict[int, str] = {}

    def __call__(self, state: Any) -> None:
        players = len(state.players)
        for index, piece in enumerate(state.pieces):
            before = self._roles.get(index, "")
            if piece.role == before:
                continue
            self._roles[index] = piece.role
            self.moments.append({
                "round": state.round,
                "position": (piece.seat - state.first) % players + 1,
                "kind": piece.kind,
                "event": f"crowned {piece.role}" if piece.role else f"fell ({before})",
                "toured": len(piece.toured),
            })

    def story(self) -> list[dict[str, Any]]:
        return self.moments


WATCHERS: dict[str, type[GoodVsBadTours]] = {"goodvsbad": GoodVsBadTours}


def watcher_for(game_id: str) -> GoodVsBadTours | None:
    """A fresh watcher for one match of ``game_id``, or ``None`` for a game that tells no story."""
    kind = WATCHERS.get(game_id)
    return kind() if kind is not None else None
