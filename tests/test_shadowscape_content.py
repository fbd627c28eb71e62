"""Shadowscape's content: the seed's counts, references that resolve, effects that have a meaning where they
appear, a whisper deck the setup can build, and rooms from which a lined-up dungeon can be laid."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.games.shadowscape.effects import VOCABULARY, misplaced
from engine.games.shadowscape.gallery import gallery
from engine.games.shadowscape.tables import COUNTS, ENEMY_TYPES, TABLES


def test_every_file_says_whose_it_is() -> None:
    for name, file in TABLES.files.items():
        assert file.credit.strip() and file.license.strip(), name
        assert "Changeling" in file.credit, f"{name}: Shadowscape's cards are entirely our own"


def test_the_seed_counts_hold() -> None:
    """In every rules version a draft offers 13 heroes with 52 action cards between them (a redesigned hero is a
    new row; the old one stays for the matches that drafted it)."""
    for rules in (1, 2, 3, 4):
        heroes = TABLES.heroes_for(rules)
        assert len(heroes) == COUNTS["heroes"] == 13
        assert sum(len(TABLES.hero_cards(hero.id)) for hero in heroes) == 52
    assert len(TABLES.general_cards()) == 16
    assert len(TABLES.fate) == 60 and len(TABLES.enemies) == 30 and len(TABLES.enemy_kinds) == 9
    assert len(TABLES.rooms) == 25 and sum(r.start for r in TABLES.rooms.values()) == 4
    assert len(TABLES.treasures) == 10 and len(TABLES.equipment) == 17 and len(TABLES.whispers) == 19
    assert len(TABLES.lords) == 5


def test_four_professions_share_the_thirteen_heroes() -> None:
    professions = Counter(hero.profession for hero in TABLES.heroes_for(4))
    assert set(professions) == {"Fighter", "Cleric", "Rogue", "Wizard"}
    assert all(n >= 3 for n in professions.values())


def test_every_effect_means_something_where_it_appears() -> None:
    placed: list[tuple[str, str]] = [(h.ability.id, "hero") for h in TABLES.heroes.values()]
    placed += [(f.effect.id, "action") for c in TABLES.actions.values() for f in c.faces if f.effect]
    placed += [(c.coop.effect.id, "coop") for c in TABLES.fate.values()]
    placed += [(c.bane.effect.id, "bane") for c in TABLES.fate.values()]
    placed += [(k.ability.id, "enemy") for k in TABLES.enemy_kinds.values()]
    placed += [(e.effect.id, "equipment") for e in TABLES.equipment.values()]
    placed += [(s.effect.id, "lord") for lord in TABLES.lords.values() for s in (lord.competitive, lord.cooperative)]
    problems = [why for effect, where in placed if (why := misplaced(effect, where))]
    assert problems == []
    for effect in TABLES.effects():
        for param in ("symbol", "enemy", "skill"):
            if param in VOCABULARY[effect.id].params and param != "enemy":
                assert getattr(effect, param) is not None, f"{effect.id} needs its {param}"


def test_the_whisper_deck_can_be_built_for_four_players() -> None:
    values = Counter(w.shards for w in TABLES.whispers.values())
    assert values[3] == 1
    assert values[2] >= 2 + 4, "two go with the Lord's whisper, and one per player above them"
    assert values[1] >= 3 + 4, "three plus one per player on top"


def test_fate_cards_drive_each_enemy_type_equally() -> None:
    assert Counter(card.enemy for card in TABLES.fate.values()) == dict.fromkeys(ENEMY_TYPES, 20)


def test_lairs_of_every_type_and_treasure_spots_are_in_the_dungeon() -> None:
    faces = [room.face for room in TABLES.rooms.values()]
    lairs = Counter(face.lair for face in faces if face.lair)
    assert set(lairs) == set(ENEMY_TYPES)
    assert sum(face.treasure for face in faces) <= len(TABLES.treasures)
    assert sum(face.shrine is not None for face in faces) >= 6


def test_the_card_gallery_is_generated_from_the_data() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "shadowscape-cards.md"
    assert page.read_text(encoding="utf-8") == gallery(), "rerun: python -m engine.games.shadowscape.gallery"
    for hero in TABLES.heroes.values():
        assert hero.name in gallery()


RULE_WORDS = ("Wound", "Defence", "damage", "fate card", "Hand Size", "Trophy", "Treasure", "search point", "movement")


def test_flavour_is_colour_and_every_rule_is_written_from_the_data() -> None:
    """A face's rules text comes from its fields (``texts.py``); its flavour, in front, may name no number and no
    rule word, so it can never promise what the fields do not."""
    flavours = [side.flavour for card in TABLES.actions.values() for side in card.faces]
    flavours += [hero.ability_flavour for hero in TABLES.heroes.values()]
    flavours += [kind.ability_flavour for kind in TABLES.enemy_kinds.values()]
    flavours += [item.flavour for item in TABLES.equipment.values()]
    flavours += [w.flavour for w in TABLES.whispers.values()]
    flavours += [side.flavour for lord in TABLES.lords.values() for side in (lord.competitive, lord.cooperative)]
    for flavour in flavours:
        assert not any(word in flavour for word in RULE_WORDS), flavour  # a rule names Wound, not wound
        assert not any(ch.isdigit() for ch in flavour), flavour
    side = TABLES.actions["gorm-1"].faces[0]
    assert side.text == f"{side.flavour} {side.rules}" and side.rules == "Deal 3 damage to one enemy in your room."
