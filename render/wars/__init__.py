"""The Shapeshifter Wars board: importing this package registers its renderer."""

from __future__ import annotations

from .board import WarsRenderer

__all__ = ["WarsRenderer"]
