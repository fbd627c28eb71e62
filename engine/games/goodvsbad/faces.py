"""Every printed face of Good vs Bad (issue 42): the Item, Event and Encounter cards, the five levels of a Good
and of a Bad space as the seed's table prints them, and the Specials a space can become.

Ids: ``item:weapon``, ``event:teleport``, ``encounter:bog-wisp``, ``level:good:2``, ``special:bad:home``. The
texts are the ones players read: an Item's and an Event's from the data, an Encounter's made from its fields
(``Encounter.rules_text``), a level's and a Special's from ``spaces``; the card gallery (``gallery.py``) prints
these very faces. ``tests/test_goodvsbad_faces.py`` plays each one.
"""

from __future__ import annotations

from ...content import Face
from .model import Side
from .spaces import BAD_LEVELS, GOOD_LEVELS, LEVEL_TEXTS, SPECIAL_TILES, specials_for
from .tables import TABLES, Encounter

SIDES: tuple[Side, ...] = ("good", "bad")
OBLIGES = {"good": "may", "bad": "must"}  # the seed: a Good space's piece may, a Bad one's must


def faces() -> list[Face]:
    """Every face, in the order the gallery prints them."""
    found = [Face(f"item:{card.id}", "item", card.name, card.text) for card in TABLES.items.values()]
    found += [Face(f"event:{card.id}", "event", card.name, card.text) for card in TABLES.events.values()]
    found += [Face(f"encounter:{card.id}", "encounter", card.name, encounter_text(card))
              for card in TABLES.encounters.values()]  # fmt: skip
    found += [level_face(side, level) for side in SIDES for level in range(1, 6)]
    found += [special_face(side, effect) for side in SIDES for effect in specials_for(side)]
    return found


def encounter_text(card: Encounter) -> str:
    """An Encounter card's face: its deck, its rules (made from its fields) and its flavour line."""
    return f"Deck {card.deck}. {card.rules_text[0].upper()}{card.rules_text[1:]}. {card.flavour}"


def level_face(side: Side, level: int) -> Face:
    """A level of the seed's table: "Good 2: the piece may move two spaces forward or back." """
    effect = (GOOD_LEVELS if side == "good" else BAD_LEVELS)[level]
    name = f"{side.title()} {level}"
    return Face(f"level:{side}:{level}", "level", name, f"{name}: the piece {OBLIGES[side]} {LEVEL_TEXTS[effect]}.")


def special_face(side: Side, effect: str) -> Face:
    """A Special tile: "Healing Spring (a Good Special): heal every stat to its starting level." """
    name, text = SPECIAL_TILES[effect]
    return Face(f"special:{side}:{effect}", "special", name, f"{name} (a {side.title()} Special): {text}.")
