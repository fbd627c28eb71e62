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
Reward = Literal["renown", "item", "event", "heal", "raise_stat"]  # a beaten Encounter's gift (code: fights.py)
Penalty = Literal["break_item", "hurt_special", "blight", "lose_turn", "scatter"]  # a lost one's extra harm
BoardMark = Literal["blight", "bless"]  # what an Encounter does to its road, win or lose
TROPHY_RENOWN = {"E": 1, "F": 2, "G": 3, "H": 4}  # Renown for beating an Encounter of each deck
REWARD_WORDS = {  # besides its deck's Renown ("renown": one Renown more, in the figure)
    "item": "draw an Item card",
    "event": "draw an Event card",
    "heal": "heal every stat to its starting level",
    "raise_stat": "your lowest starting stat rises by 1 for good",
}
PENALTY_WORDS = {
    "break_item": "it breaks the first Item laid beside you",
    "hurt_special": "your Special drops by 1",
    "blight": "the nearest Good space on this Connector drops a level",
    "lose_turn": "you lose your next turn",
    "scatter": "you are sent back to your Home Base",
}
MARK_WORDS = {
    "blight": "the nearest Good space on this Connector drops a level",
    "bless": "the nearest Bad space on this Connector drops a level",
}


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
    """An Encounter card: 2d6 plus the piece's (and its helpers') named stats must reach ``strength``. Its
    printed rules are made from its fields (``rules_text``), so they cannot drift from what the code does;
    ``flavour`` is the line under them."""

    id: str
    deck: Deck
    name: str
    stats: tuple[Stat, ...] = Field(min_length=1)
    strength: int = Field(ge=2)
    damage: int = Field(ge=1)
    reward: Reward
    penalty: Penalty | None = None
    mark: BoardMark | None = None
    flavour: str

    @property
    def rules_text(self) -> str:
        """What the card does, from its fields: "Might against 10; beaten: +1 Renown and draw an Item card; if it
        wins: 1 damage to each piece that fought"."""
        against = " + ".join(stat.title() for stat in self.stats)
        renown = TROPHY_RENOWN[self.deck] + (self.reward == "renown")
        won = f"+{renown} Renown" + (f" and {REWARD_WORDS[self.reward]}" if self.reward != "renown" else "")
        lost = f"{self.damage} damage to each piece that fought"
        if self.penalty:
            lost += f", and {PENALTY_WORDS[self.penalty]}"
        text = f"{against} against {self.strength}; beaten: {won}; if it wins: {lost}"
        return text + (f"; either way, {MARK_WORDS[self.mark]}" if self.mark else "")


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
