"""Typed errors the engine raises.

Every message is written for the player who caused it: the bot shows ``str(error)`` privately and unchanged,
so messages never include internal details, and never anything secret.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error a player can cause; the message is safe to show to that player."""


class MalformedKey(EngineError):
    """The text is not a choice key of this game at all (a typo, or input from a stale client)."""


class IllegalAction(EngineError):
    """The key is well formed but the rules forbid it in this position."""


class NotYourTurn(EngineError):
    """The seat is not one of those that must decide now."""


class GameOver(EngineError):
    """The match has already ended; nothing more can be played."""


class InvalidSetup(EngineError):
    """Options or the number of players do not fit the game."""


class IncompatibleState(EngineError):
    """Stored data was written for another game or another rules version."""
