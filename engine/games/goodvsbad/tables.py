"""Good vs Bad's cards, read from ``data/``: the Item and Event cards (names, types and copies are Curufea's,
credit "Curufea (curufea.com)", CC BY-NC-SA 2.5; the texts are ours) and the four Encounter decks (ours).

The tables are read once, at import, into frozen models; ``TABLES`` is a constant of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from ...content import ContentFile, ContentRow, by_key, load_table

DATA = Path(__file__).resolve().parent / "data"

Stat = Literal["agility", "might", "smarts", "special"]
STATS: tuple[Stat, ...] = ("agility", "might", "smarts", "special")
PLAIN_STATS: tuple[Stat, ...] = ("agility", "might", "smarts")  # the non-Special stats damage comes off
Deck = Literal["E", "F", "G", "H"]
DECKS: tuple[Deck, ...] = ("E", "F", "G", "H")
ItemType = Literal["boots", "mount", "weapon", "shield", "armour", "prophecy", "trap", "fortification"]


class Item(ContentRow):
    """An Item card: laid beside a piece to work (Prophecy is played from the hand instead)."""

    id: str
    name: str
    type: ItemType
    copies: int = Field(ge=1)
    who: Literal["any", "hero", "villain"]
    text: str
    power: int = Field(ge=0)


class Event(ContentRow):
    """An Event card: played for its effect, which a Negation may cancel."""

    id: str
    name: str
    copies: int = Field(ge=1)
    text: str


class Encounter(ContentRow):
    """An Encounter card: 2d6 plus the piece's (and its helpers') named stats must reach ``strength``."""

    id: str
    deck: Deck
    name: str
    stats: tuple[Stat, ...] = Field(min_length=1)
    strength: int = Field(ge=2)
    damage: int = Field(ge=1)
    reward: str
    penalty: str | None = None
    mark: str | None = None
    text: str


@dataclass(frozen=True)
class Tables:
    """Every card of the game, with each file's credit and licence kept for the gallery."""

    items: dict[str, Item]
    events: dict[str, Event]
    encounters: dict[str, Encounter]
    files: dict[str, ContentFile]  # type: ignore[type-arg]

    def deck(self, grade: Deck) -> tuple[str, ...]:
        """The ids of one Encounter deck, in data order (the match shuffles it)."""
        return tuple(card.id for card in self.encounters.values() if card.deck == grade)

    def copies(self, kind: Literal["items", "events"]) -> tuple[str, ...]:
        """Every copy of every card of the Item or Event deck, in data order (the match shuffles them)."""
        rows = self.items if kind == "items" else self.events
        return tuple(card.id for card in rows.values() for _ in range(card.copies))


def load() -> Tables:
    items = load_table(DATA / "items.json", Item)
    events = load_table(DATA / "events.json", Event)
    encounters = load_table(DATA / "encounters.json", Encounter)
    return Tables(
        items=by_key(items.rows, "id"),
        events=by_key(events.rows, "id"),
        encounters=by_key(encounters.rows, "id"),
        files={"items": items, "events": events, "encounters": encounters},
    )


TABLES = load()
