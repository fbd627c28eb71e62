"""The Swartzblak board: importing this package registers its renderer."""

from __future__ import annotations

from .board import SwartzblakRenderer

__all__ = ["SwartzblakRenderer"]
