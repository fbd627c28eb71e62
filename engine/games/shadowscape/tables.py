"""Shadowscape's content, read from ``data/`` into the models of ``cards.py``. Every card is this project's
own (no card list of the published game is public); the seed gives only the counts and the fields, which
``load_tables`` checks. ``TABLES`` is read once, at import, like a board's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...content import ContentFile, by_key, load_table
from .cards import (
    ENEMY_TYPES,
    ActionCard,
    Effect,
    EnemyKind,
    EnemyToken,
    Equipment,
    FateCard,
    Hero,
    Lord,
    Room,
    Side,
    Treasure,
    Whisper,
)

DATA = Path(__file__).resolve().parent / "data"

INNER_ROOMS = 9  # the 3 × 3 middle of the 5 × 5 dungeon: only four-door rooms go there, so every door lines up
COUNTS = {  # the seed's component counts
    "heroes": 13,
    "hero_actions": 52,
    "general_actions": 16,
    "fate": 60,
    "enemy_tokens": 30,
    "enemy_kinds": 9,
    "rooms": 25,
    "start_rooms": 4,
    "treasures": 10,
    "equipment": 17,
    "whispers": 19,
    "lords": 5,
}


@dataclass(frozen=True)
class Tables:
    """Every table, indexed for the rules."""

    heroes: dict[str, Hero]
    actions: dict[str, ActionCard]
    fate: dict[str, FateCard]
    enemy_kinds: dict[str, EnemyKind]
    enemies: dict[str, EnemyToken]
    rooms: dict[str, Room]
    treasures: dict[str, Treasure]
    equipment: dict[str, Equipment]
    whispers: dict[str, Whisper]
    lords: dict[str, Lord]
    files: dict[str, ContentFile]

    def heroes_for(self, rules: int) -> list[Hero]:
        """The heroes a draft under rules version ``rules`` offers (13, the seed's count, in every version)."""
        return [hero for hero in self.heroes.values() if hero.offered_in(rules)]

    def hero_cards(self, hero: str) -> list[ActionCard]:
        return [card for card in self.actions.values() if card.hero == hero]

    def general_cards(self) -> list[ActionCard]:
        return [card for card in self.actions.values() if card.hero is None]

    def effects(self) -> list[Effect]:
        """Every effect the data names, for the test that each has code."""
        found = [hero.ability for hero in self.heroes.values()]
        found += [face.effect for card in self.actions.values() for face in card.faces if face.effect]
        found += [text.effect for card in self.fate.values() for text in (card.coop, card.bane)]
        found += [kind.ability for kind in self.enemy_kinds.values()]
        found += [item.effect for item in self.equipment.values()]
        found += [side.effect for lord in self.lords.values() for side in (lord.competitive, lord.cooperative)]
        return found


def load_tables(folder: Path = DATA) -> Tables:
    """Read every table and check what the rules rely on: the seed's counts, references that resolve, the
    whisper deck's shard values, and starting rooms with two doors on adjacent sides."""
    files = {
        "heroes": load_table(folder / "heroes.json", Hero),
        "hero_actions": load_table(folder / "hero_actions.json", ActionCard),
        "general_actions": load_table(folder / "general_actions.json", ActionCard),
        "fate": load_table(folder / "fate.json", FateCard),
        "enemy_kinds": load_table(folder / "enemy_kinds.json", EnemyKind),
        "enemies": load_table(folder / "enemies.json", EnemyToken),
        "rooms": load_table(folder / "rooms.json", Room),
        "treasures": load_table(folder / "treasures.json", Treasure),
        "equipment": load_table(folder / "equipment.json", Equipment),
        "whispers": load_table(folder / "whispers.json", Whisper),
        "lords": load_table(folder / "lords.json", Lord),
    }
    tables = Tables(
        heroes=by_key(files["heroes"].rows, "id"),
        actions=by_key((*files["hero_actions"].rows, *files["general_actions"].rows), "id"),
        fate=by_key(files["fate"].rows, "id"),
        enemy_kinds=by_key(files["enemy_kinds"].rows, "id"),
        enemies=by_key(files["enemies"].rows, "id"),
        rooms=by_key(files["rooms"].rows, "id"),
        treasures=by_key(files["treasures"].rows, "id"),
        equipment=by_key(files["equipment"].rows, "id"),
        whispers=by_key(files["whispers"].rows, "id"),
        lords=by_key(files["lords"].rows, "id"),
        files=files,
    )
    _check(tables)
    return tables


def _check(tables: Tables) -> None:
    """Raise ``ValueError`` naming the first thing in the data the rules could not play."""
    newest = max(hero.first_rules for hero in tables.heroes.values())
    counts = {
        "heroes": len(tables.heroes_for(newest)),
        "hero_actions": sum(len(tables.hero_cards(hero.id)) for hero in tables.heroes_for(newest)),
        "general_actions": len(tables.general_cards()),
        "fate": len(tables.fate),
        "enemy_tokens": len(tables.enemies),
        "enemy_kinds": len(tables.enemy_kinds),
        "rooms": len(tables.rooms),
        "start_rooms": sum(room.start for room in tables.rooms.values()),
        "treasures": len(tables.treasures),
        "equipment": len(tables.equipment),
        "whispers": len(tables.whispers),
        "lords": len(tables.lords),
    }
    for name, want in COUNTS.items():
        if counts[name] != want:
            raise ValueError(f"{name}: the seed has {want}, the data {counts[name]}")
    for rules in range(1, newest):
        if len(tables.heroes_for(rules)) != COUNTS["heroes"]:
            raise ValueError(f"rules version {rules} drafts from {COUNTS['heroes']} heroes")
    for hero in tables.heroes.values():
        if len(tables.hero_cards(hero.id)) != 4:
            raise ValueError(f"hero {hero.id} needs exactly 4 action cards")
    for card in tables.actions.values():
        if card.hero is not None and card.hero not in tables.heroes:
            raise ValueError(f"action card {card.id} names an unknown hero {card.hero}")
    for token in tables.enemies.values():
        if token.kind not in tables.enemy_kinds:
            raise ValueError(f"enemy token {token.id} names an unknown kind {token.kind}")
    for kind in ENEMY_TYPES:
        if sum(tables.enemy_kinds[t.kind].type == kind for t in tables.enemies.values()) != 10:
            raise ValueError(f"there are 10 {kind} tokens")
    shards = sorted(w.shards for w in tables.whispers.values())
    if shards.count(3) != 1:
        raise ValueError("exactly one whisper is worth 3 shards (the Dungeon Lord's)")
    for room in tables.rooms.values():
        faces = (room.face, room.back) if room.start else (room.face,)
        if room.start and room.back is None:
            raise ValueError(f"starting room {room.id} is double-sided")
        for face in faces:
            if face is None:
                continue
            walls = [side for side, door in face.doors.items() if door is None]
            if room.start and (len(walls) != 2 or _opposite(walls)):
                raise ValueError(f"starting room {room.id} ({face.name}) has two doors on adjacent sides")
            if not room.start and len(walls) > 1:
                raise ValueError(f"room {room.id} has at least three doors")
    crossings = sum(not room.start and None not in room.face.doors.values() for room in tables.rooms.values())
    if crossings < INNER_ROOMS:
        raise ValueError(f"the {INNER_ROOMS} inner places of the dungeon need rooms with four doors")


def _opposite(walls: list[Side]) -> bool:
    return set(walls) in ({"n", "s"}, {"e", "w"})


TABLES = load_tables()
