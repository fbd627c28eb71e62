"""Move a SQLite database to PostgreSQL: ``python -m engine.store.migrate SOURCE.db postgresql://…``.

For the day one process is no longer enough. Stop the bot, run this, then start the processes with
``CHANGELING_DATABASE`` set to the URL: every match, lobby, log, snapshot, bookmark and player setting comes
across, and matches in progress play on from where they stood. The two schemas hold the same columns with the
same values (``rows.py``), so rows are copied as they are; the ``seats`` rows are rebuilt by PostgreSQL's
trigger from each match's ``seats_json``.

The source is first brought up to date like any SQLite database the bot opens. The target must hold no
matches (it is migrated to the current schema if new); the copy is one transaction, so a failure leaves it as
it was. Row counts are compared at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from .base import StoreError
from .postgres import PostgresStore, is_postgres
from .sqlite import SqliteStore

# In the order foreign keys allow; seats are the trigger's.
TABLES = (
    "matches", "actions", "snapshots", "bookmarks", "players", "jobs", "leases", "entrants", "results", "result_seats",
    "ratings",
)
BATCH = 5_000
_RENUMBER = "SELECT setval('results_seq', (SELECT coalesce(max(seq), 0) + 1 FROM results), false)"


class TargetNotEmpty(StoreError):
    """The PostgreSQL database already holds matches: copying over them could mix two bots' data."""


@dataclass(frozen=True, slots=True)
class Copied:
    """Rows copied per table."""

    rows: dict[str, int]

    def __str__(self) -> str:
        return ", ".join(f"{count} {table}" for table, count in self.rows.items())


async def migrate(source: str | Path, target: str) -> Copied:
    """Copy every row of the SQLite database ``source`` into the PostgreSQL database ``target``."""
    if not is_postgres(target):
        raise StoreError(f"The target must be a postgresql:// URL, not {target!r}.")
    if not Path(source).is_file():
        raise StoreError(f"There is no SQLite database at {source}.")
    sqlite_store = SqliteStore(source)
    await sqlite_store.open()  # brings the source to the current schema
    await sqlite_store.close()
    postgres_store = PostgresStore(target)
    await postgres_store.open()  # creates or updates the target's schema
    await postgres_store.close()
    conn = await asyncpg.connect(target)
    try:
        if await conn.fetchval("SELECT count(*) FROM matches"):
            raise TargetNotEmpty("The PostgreSQL database already holds matches; migrate into an empty one.")
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as plain:
            async with conn.transaction():
                copied = {table: await _copy(plain, conn, table) for table in TABLES}
                # The next result is numbered after the last one copied.
                await conn.execute(_RENUMBER)
            for table, count in copied.items():
                stored = await conn.fetchval(f"SELECT count(*) FROM {table}")
                if stored != count:
                    raise StoreError(f"{table}: {count} rows read but {stored} stored.")
    finally:
        await conn.close()
    return Copied(copied)


async def _copy(plain: sqlite3.Connection, conn: asyncpg.Connection, table: str) -> int:
    """Copy one table in batches, by column name (the two schemas list columns in different orders)."""
    cursor = plain.execute(f"SELECT * FROM {table}")
    columns = [description[0] for description in cursor.description]
    count = 0
    while batch := cursor.fetchmany(BATCH):
        await conn.copy_records_to_table(table, records=batch, columns=columns)
        count += len(batch)
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.store.migrate", description=__doc__.split("\n")[0])
    parser.add_argument("source", help="the SQLite database file (the bot must be stopped)")
    parser.add_argument("target", help="postgresql://user:password@host/database (empty, or not yet migrated)")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(migrate(args.source, args.target))
    except StoreError as error:
        print(f"Nothing was moved: {error}", file=sys.stderr)
        return 1
    print(f"Moved {copied}. Set CHANGELING_DATABASE to the PostgreSQL URL and start the bot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
