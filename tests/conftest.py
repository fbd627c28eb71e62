"""Fixtures every test module shares: the databases the store and service suites run against.

``database`` runs a test twice, on a SQLite file and on a fresh database of a real PostgreSQL server. The
server comes from the ``pgserver`` wheel (PostgreSQL's own binaries, packaged for PyPI), started once per test
session in a temporary folder and stopped at its end; each test gets a database of its own.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


class PostgresServer:
    """A running PostgreSQL server that hands out empty databases."""

    def __init__(self, server: Any) -> None:
        self._server = server
        self._numbers = itertools.count(1)

    def new_database(self) -> str:
        """A URL of a new, empty database on this server."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self._server.psql(f"CREATE DATABASE {name};")
        return self._server.get_uri(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server per test session (per worker, when the suite runs in several), in a folder of its own.

    Not under pytest's ``tmp_path_factory``: pytest keeps only the newest three of its base folders, so a second
    test run on the same machine would delete this one's database from under its running server."""
    import pgserver  # noqa: PLC0415 (only sessions that use PostgreSQL start it)

    folder = Path(tempfile.mkdtemp(prefix="changeling-pg-"))
    server = pgserver.get_server(folder / "data", cleanup_mode="stop")
    try:
        yield PostgresServer(server)
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's matches live: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "changeling.db"
    return request.getfixturevalue("postgres_server").new_database()


# -- faces: which test checks which printed face of a game's content (tests/test_faces.py reads this) --------

FACE_CLAIMS = pytest.StashKey[dict[tuple[str, str], list[str]]]()
FACE_MODULES = pytest.StashKey[set[str]]()  # node ids of every collected test, to know which modules ran


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "face(game, *ids, data=False): the test checks these printed faces of the game's content against the "
        "code (data=True: the data-driven check that plays every face it can)",
    )


# The modules whose tests run longest (tens of seconds each: whole matches, playouts, kill rounds), longest
# first. They are run first, so the two workers share them out while the thousands of short tests fill the gaps
# at the end: a long test started last would keep one worker busy while the other sits idle.
LONGEST_FIRST = (
    "test_service_crash.py",
    "test_bot_shadowscape.py",
    "test_conformance.py",
    "test_service_shared.py",
    "test_swartzblak_secrets.py",
    "test_bot_metamorph.py",
    "test_bot_goodvsbad.py",
    "test_service_processes.py",
    "test_render_replay.py",
    "test_swartzblak_speed.py",
    "test_metamorph_play.py",
)


def _run_order(item: pytest.Item) -> int:
    name = item.path.name
    return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the longest modules first (``LONGEST_FIRST``; the order within a module is kept), and gather every
    ``face`` claim of the collected tests, so the face audit can see which faces are checked."""
    items.sort(key=_run_order)
    claims: dict[tuple[str, str], list[str]] = {}
    for item in items:
        for mark in item.iter_markers("face"):
            game, *ids = mark.args
            for face_id in ids:
                claims.setdefault((game, face_id), []).append(item.nodeid)
    config.stash[FACE_CLAIMS] = claims
    config.stash[FACE_MODULES] = {item.nodeid for item in items}
