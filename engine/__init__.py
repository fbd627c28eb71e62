"""Changeling's rules engine: pure game logic, match sessions, storage and AI. No Discord, no Pillow."""

from __future__ import annotations

from .core import Choice, Game, GameMeta, LogEntry, Outcome, Transition, View, canonical, replay, replay_views
from .errors import (
    EngineError,
    GameOver,
    IllegalAction,
    IncompatibleState,
    InvalidSetup,
    MalformedKey,
    NotYourTurn,
)
from .registry import GAMES, get_game, register
from .rng import LegacyRng, MatchKey, MatchRng, Rng

__all__ = [
    "GAMES",
    "Choice",
    "EngineError",
    "Game",
    "GameMeta",
    "GameOver",
    "IllegalAction",
    "IncompatibleState",
    "InvalidSetup",
    "LegacyRng",
    "LogEntry",
    "MalformedKey",
    "MatchKey",
    "MatchRng",
    "NotYourTurn",
    "Outcome",
    "Rng",
    "Transition",
    "View",
    "canonical",
    "get_game",
    "register",
    "replay",
    "replay_views",
]
