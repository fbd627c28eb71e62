"""The Shapeshifter of Swartzblak (seed 000): the hidden-identity game. See docs/rules/swartzblak.md."""

from __future__ import annotations

from .game import Swartzblak

__all__ = ["Swartzblak"]
