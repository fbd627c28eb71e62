"""Check or rebuild the ratings from the recorded results: ``python -m engine.store.rebuild [--repair] [DATABASE]``.

Every ended match's result is written in the transaction that ends it, from the match's row and its log (who
entered each seat, who resigned, the outcome); the ratings are what rating those results in the order they
ended gives (``engine.ratings.rebuild``). This command derives the ratings again and compares them with the
table: a difference means the table was changed by hand or by a bug, and ``--repair`` replaces it, in one
transaction, with the derived one. Safe while the bot runs only for the check; stop it to repair.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass

from ..ratings import Rating, rebuild
from ..settings import Settings
from . import store_for

Table = dict[tuple[int, str, int], Rating]


@dataclass(frozen=True, slots=True)
class Comparison:
    """The derived table against the kept one: rows only derived, only kept, and in both but different."""

    missing: int
    extra: int
    different: int

    @property
    def equal(self) -> bool:
        return not (self.missing or self.extra or self.different)

    def __str__(self) -> str:
        if self.equal:
            return "the ratings table is what the results give"
        return (f"{self.missing} ratings missing, {self.extra} with no result behind them, "
                f"{self.different} different from what the results give")  # fmt: skip


def compare(derived: Table, kept: Table) -> Comparison:
    return Comparison(
        missing=len(derived.keys() - kept.keys()),
        extra=len(kept.keys() - derived.keys()),
        different=sum(1 for key in derived.keys() & kept.keys() if derived[key] != kept[key]),
    )


async def check(location: str, *, repair: bool) -> Comparison:
    """Compare the ratings at ``location`` with those its results give; replace them if ``repair``."""
    store = store_for(location)
    await store.open()
    try:
        derived = rebuild(await store.all_results())
        found = compare(derived, await store.ratings_table())
        if repair and not found.equal:
            await store.replace_ratings(derived)
        return found
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.store.rebuild", description=__doc__.split("\n")[0])
    parser.add_argument("database", nargs="?", help="a SQLite file or postgresql:// URL (default: the bot's)")
    parser.add_argument("--repair", action="store_true", help="replace the table with the derived one")
    args = parser.parse_args(argv)
    location = args.database or str(Settings().database)
    found = asyncio.run(check(location, repair=args.repair))
    print(f"{location}: {found}." + (" Repaired." if args.repair and not found.equal else ""))
    return 0 if found.equal or args.repair else 1


if __name__ == "__main__":
    sys.exit(main())
