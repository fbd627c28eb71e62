"""Content as data: the tables of a game (shapes, cards, rooms, enemies) are files read into pydantic models.

Every content file is a JSON object with a ``credit`` and a ``license`` beside its ``rows``, so whoever reads
the data knows whose it is (Curufea's figures are CC BY-NC-SA 2.5; the rest is ours). Rows are validated
once, at import, into frozen models: a typo in a data file fails the first test that imports the game, not a
match weeks later. Effects are code, keyed by an id the rows name; ``unresolved`` finds ids with no code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

Row = TypeVar("Row", bound=BaseModel)


class ContentRow(BaseModel):
    """Base of every row model: frozen, and strict about unknown fields (a misspelt field is an error)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ContentFile(BaseModel, Generic[Row]):
    """One data file: whose it is, under which license, and its rows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    credit: str = Field(min_length=1)
    license: str = Field(min_length=1)
    notes: str = ""
    rows: tuple[Row, ...]


def load_table(path: Path, row: type[Row]) -> ContentFile[Row]:
    """Read ``path`` into a ``ContentFile`` of ``row`` models (``ValidationError`` names the bad field)."""
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    return ContentFile[row].model_validate(data)  # type: ignore[valid-type]


def by_key(rows: Iterable[Row], key: str) -> dict[str, Row]:
    """Rows indexed by one of their fields; a repeated value is an error in the data."""
    found: dict[str, Row] = {}
    for item in rows:
        value = getattr(item, key)
        if value in found:
            raise ValueError(f"{type(item).__name__} {key} {value!r} appears twice")
        found[value] = item
    return found


def unresolved(ids: Iterable[str], effects: Mapping[str, Any]) -> list[str]:
    """The effect ids the data names that have no code (sorted, each once): a test asserts this is empty."""
    return sorted({effect for effect in ids if effect not in effects})


@dataclass(frozen=True, slots=True)
class Face:
    """One printed face of a game's content: a card side, an item, an ability, a spell. ``id`` is stable and
    unique within the game (``gen-3/1``: the second face of card gen-3); ``kind`` says what sort of face it is
    (``action``, ``bane``, ``item``, ``spell``, …); ``text`` is what a player reads.

    Each game lists its faces (``faces()`` in its ``faces`` module). A face must be checked against the code:
    ``tests/test_faces.py`` fails for any face no data-driven check plays and no named test claims, because a
    card that does not do what it says is the worst bug a card game can have, and self-play never sees it."""

    id: str
    kind: str
    name: str
    text: str
