"""Where matches live: the ``Store`` interface, its SQLite and PostgreSQL implementations, and the choice
between them."""

from __future__ import annotations

from pathlib import Path

from .base import ActionRow, ChannelOccupied, DuplicateMatchId, JobRow, SchemaTooNew, SnapshotRow, Store, StoreError
from .postgres import PostgresStore, is_postgres
from .sqlite import SqliteStore


def store_for(location: str | Path) -> Store:
    """The (unopened) store a ``CHANGELING_DATABASE`` value names: a ``postgresql://`` URL, or a SQLite file."""
    return PostgresStore(location) if is_postgres(location) else SqliteStore(location)  # type: ignore[arg-type]


__all__ = [
    "ActionRow",
    "ChannelOccupied",
    "DuplicateMatchId",
    "JobRow",
    "PostgresStore",
    "SchemaTooNew",
    "SnapshotRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "is_postgres",
    "store_for",
]
