"""The card gallery, ``docs/good-vs-bad-cards.md``: every printed face of Good vs Bad (``faces.py``), generated
so players can read any card and the page never drifts from the game (a test compares the two).

    .venv/bin/python -m engine.games.goodvsbad.gallery > docs/good-vs-bad-cards.md
"""

from __future__ import annotations

from collections.abc import Iterator

from ...content import Face
from .faces import faces
from .tables import DECKS, TABLES

WHO = {"any": "Hero or Villain", "hero": "Hero only", "villain": "Villain only"}


def gallery() -> str:
    """The whole page, as Markdown."""
    return "\n".join(_page({face.id: face for face in faces()})) + "\n"


def _page(by_id: dict[str, Face]) -> Iterator[str]:
    yield "# Good vs Bad: the cards and spaces"
    yield ""
    yield (
        "*Generated from `engine/games/goodvsbad/data/` and `spaces.py` by `engine/games/goodvsbad/gallery.py`; do "
        "not edit by hand. The rules are in [rules/good-vs-bad.md](rules/good-vs-bad.md).*"
    )
    yield ""
    yield "## Item cards"
    yield ""
    yield f"*{TABLES.files['items'].credit}: names, types and copies ({TABLES.files['items'].license}); texts ours.*"
    yield ""
    for card in TABLES.items.values():
        yield f"- **{card.name}** ({card.copies}, {WHO[card.who]}): {by_id[f'item:{card.id}'].text}"
    yield ""
    yield "## Event cards"
    yield ""
    yield f"*{TABLES.files['events'].credit}: names and copies ({TABLES.files['events'].license}); texts ours.*"
    yield ""
    for event in TABLES.events.values():
        yield f"- **{event.name}** ({event.copies}): {by_id[f'event:{event.id}'].text}"
    yield ""
    yield "## Encounter cards"
    yield ""
    yield f"*{TABLES.files['encounters'].credit}.*"
    for deck in DECKS:
        yield ""
        yield f"### Deck {deck}"
        yield ""
        for card_id in TABLES.deck(deck):
            face = by_id[f"encounter:{card_id}"]
            yield f"- **{face.name}**: {face.text.removeprefix(f'Deck {deck}. ')}"
    yield ""
    yield "## Spaces"
    for kind, title in (("level", "Levels"), ("special", "Specials")):
        yield ""
        yield f"### {title}"
        yield ""
        yield from (f"- {face.text}" for face in by_id.values() if face.kind == kind)


if __name__ == "__main__":
    print(gallery(), end="")
