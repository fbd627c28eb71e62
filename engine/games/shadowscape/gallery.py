"""The card gallery, ``docs/shadowscape-cards.md``: every card of our Shadowscape, generated from the data so
players can read any card and the page never drifts from the game (a test compares the two).

    .venv/bin/python -m engine.games.shadowscape.gallery > docs/shadowscape-cards.md
"""

from __future__ import annotations

from collections.abc import Iterator

from . import texts
from .cards import SHRINE_KINDS, SYMBOL_NAMES, ActionCard, ActionSide, Hero, Need, Place, RoomFace
from .dungeon import SIDES
from .tables import TABLES, Tables


def gallery(tables: Tables = TABLES) -> str:
    """The whole page, as Markdown."""
    return "\n".join(_page(tables)) + "\n"


def _page(tables: Tables) -> Iterator[str]:
    yield "# Shadowscape: the cards"
    yield ""
    yield (
        "*Generated from `engine/games/shadowscape/data/` by `engine/games/shadowscape/gallery.py`; do not edit "
        "by hand. Every card is original content of Changeling. The rules are in "
        "[rules/shadowscape.md](rules/shadowscape.md).*"
    )
    yield from _heroes(tables)
    yield from _general(tables)
    yield from _fate(tables)
    yield from _enemies(tables)
    yield from _lords(tables)
    yield from _rooms(tables)
    yield from _items(tables)
    yield from _whispers(tables)


def _heroes(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Heroes and their action cards"
    retired = [hero for hero in tables.heroes.values() if hero.last_rules is not None]
    for hero in tables.heroes.values():
        if hero.last_rules is None:
            yield from _hero(tables, hero)
    if retired:
        yield ""
        yield "## Retired heroes"
        yield ""
        yield (
            "A redesigned hero is a new card: new matches draft the new one, and a match begun before keeps "
            "the old one to its end. These are the old cards such matches still use."
        )
        for hero in retired:
            yield from _hero(tables, hero, f" · drafted up to rules version {hero.last_rules}")


def _hero(tables: Tables, hero: Hero, note: str = "") -> Iterator[str]:
    yield ""
    yield f"### {hero.name} ({hero.profession})"
    yield ""
    stats = f"Movement {hero.movement} · Defence {hero.defence} · Hand Size {hero.hand_size}"
    yield f"{stats} · {hero.wounds} Wound slots{note}"
    yield ""
    yield f"**{hero.ability_name}** (never disabled): {hero.ability_text}"
    yield ""
    yield from _cards(tables.hero_cards(hero.id))


def _general(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## General Action cards"
    yield ""
    yield from _cards(tables.general_cards())


def _cards(cards: list[ActionCard]) -> Iterator[str]:
    yield "| card | front | back |"
    yield "|---|---|---|"
    for card in cards:
        front, back = card.faces
        yield f"| `{card.id}` | {_face(front)} | {_face(back)} |"


def _face(face: ActionSide) -> str:
    parts = [f"**{face.name}**: {face.action} {face.value}"]
    if face.per_skill:
        parts[0] += f" + 1 per {face.per_skill}"
    if face.reach == "adjacent":
        parts.append("reaches an adjacent room")
    parts.append(f"boost: {SYMBOL_NAMES[face.boost]}" if face.boost else "no boost")
    if face.skills:
        parts.append("skills: " + ", ".join(face.skills))
    parts.append(f"{face.wounds} Wound slot{'s' if face.wounds != 1 else ''}")
    return "; ".join(parts) + f". {face.text}"


def _fate(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Fate cards"
    yield ""
    yield "| card | symbols | enemies | cooperative (green) | competitive (red, Bane) |"
    yield "|---|---|---|---|---|"
    for card in tables.fate.values():
        symbols = ", ".join(SYMBOL_NAMES[s] for s in card.symbols)
        yield f"| {card.name} | {symbols} | {card.enemy} | {card.coop.text} | {card.bane.text} |"


def _enemies(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Enemies"
    yield ""
    yield "| enemy | type | Defence | attack | tokens (door symbols) | advanced ability |"
    yield "|---|---|---|---|---|---|"
    for kind in tables.enemy_kinds.values():
        tokens = [t for t in tables.enemies.values() if t.kind == kind.id]
        doors = "; ".join(" → ".join(t.doors) for t in tokens)
        attack = f"{kind.attack} {'ranged' if kind.ranged else 'melee'}"
        tokens_text = f"{len(tokens)}: {doors}"
        yield f"| {kind.name} | {kind.type} | {kind.defence} | {attack} | {tokens_text} | {kind.ability_text} |"


def _lords(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Dungeon Lords"
    yield ""
    yield "| Lord | side | Defence | attack | ability |"
    yield "|---|---|---|---|---|"
    for lord in tables.lords.values():
        for name, side in (("competitive", lord.competitive), ("cooperative", lord.cooperative)):
            attack = f"{side.attack} {'ranged' if side.ranged else 'melee'}"
            yield f"| {lord.name} | {name} | {side.defence} | {attack} | {side.text} |"


def _rooms(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Rooms"
    yield ""
    yield "| card | face | doors (n, e, s, w) | features |"
    yield "|---|---|---|---|"
    for room in tables.rooms.values():
        faces = [room.face] if room.back is None else [room.face, room.back]
        for face in faces:
            start = " (starting room)" if room.start else ""
            yield f"| `{room.id}`{start} | {face.name} | {_doors(face)} | {_features(face)} |"
    yield from _shrines()


def _shrines() -> Iterator[str]:
    yield ""
    yield "### Shrines"
    yield ""
    for kind in SHRINE_KINDS:
        yield f"- **{kind.title()} shrine**: {texts.shrine(kind)}"


def _doors(face: RoomFace) -> str:
    return ", ".join(face.doors[side] or "wall" for side in SIDES)


def _features(face: RoomFace) -> str:
    found = []
    if face.lair:
        found.append(f"{face.lair} lair")
    if face.treasure:
        found.append("treasure spot")
    if face.shard:
        found.append("Shadow Shard")
    if face.shrine:
        found.append(f"{face.shrine} shrine")
    return ", ".join(found) or "none"


def _items(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Treasures and equipment"
    yield ""
    values = ", ".join(str(t.search) for t in sorted(tables.treasures.values(), key=lambda t: t.search))
    yield f"Treasure tokens need these Search values: {values}."
    yield ""
    yield "| equipment | slot | for | shards | effect |"
    yield "|---|---|---|---|---|"
    for item in tables.equipment.values():
        yield f"| {item.name} | {item.slot} | {', '.join(item.professions)} | {item.shards} | {item.text} |"


def _whispers(tables: Tables) -> Iterator[str]:
    yield ""
    yield "## Whispers"
    yield ""
    yield "| whisper | shards | where | needs | text |"
    yield "|---|---|---|---|---|"
    for whisper in sorted(tables.whispers.values(), key=lambda w: (w.shards, w.name)):
        where = _place(whisper.place) if whisper.place else "anywhere"
        needs = "; ".join(_need(n) for n in whisper.needs) or "nothing"
        yield f"| {whisper.name} | {whisper.shards} | {where} | {needs} | {whisper.text} |"


def _place(place: Place) -> str:
    detail = place.enemy or place.shrine or ""
    return f"{detail} {place.kind}".strip()


def _need(need: Need) -> str:
    what = need.enemy or need.slot or ""
    return f"{need.count} × {what} {need.kind}".replace("  ", " ")


if __name__ == "__main__":
    print(gallery(), end="")
