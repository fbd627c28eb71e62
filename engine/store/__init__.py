"""Where matches live: the ``Store`` interface and its SQLite implementation."""

from __future__ import annotations

from .base import ActionRow, ChannelOccupied, DuplicateMatchId, SchemaTooNew, SnapshotRow, Store, StoreError
from .sqlite import SqliteStore

__all__ = [
    "ActionRow",
    "ChannelOccupied",
    "DuplicateMatchId",
    "SchemaTooNew",
    "SnapshotRow",
    "SqliteStore",
    "Store",
    "StoreError",
]
