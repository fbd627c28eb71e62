"""A Shadowscape Hero Area read by the rules: usable cards, skill symbols (disabled cards count), Wounds on the
hero card first, healing action cards first, Defence, Movement and Hand Size with abilities and shrines,
boosts paid by fate cards, and the keys that name every decision."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import MalformedKey
from engine.games.shadowscape import area
from engine.games.shadowscape.keys import ShadowAction, parse
from engine.games.shadowscape.model import CardState, HeroState
from engine.games.shadowscape.tables import TABLES


def hero(hero_id: str, **changes: object) -> HeroState:
    cards = tuple(CardState(card.id) for card in TABLES.hero_cards(hero_id))
    return replace(HeroState(0, hero=hero_id, place=(4, 0), cards=cards), **changes)


def test_a_card_with_a_wound_or_used_this_turn_cannot_be_used_and_using_one_flips_it() -> None:
    card = CardState("gorm-1")
    assert area.usable(card)
    assert not area.usable(replace(card, wounds=1)) and not area.usable(replace(card, exhausted=True))
    after = area.used(card)
    assert after.face == 1 and after.exhausted and area.face(after).name == TABLES.actions["gorm-1"].faces[1].name


def test_skill_symbols_count_every_card_face_up_disabled_or_not_plus_abilities() -> None:
    gorm = hero("gorm")
    printed = sum(area.face(c).skills.count("valor") for c in gorm.cards)
    assert area.skills(gorm, "valor") == printed
    wounded = gorm.with_card(replace(gorm.cards[0], wounds=1))
    assert area.skills(wounded, "valor") == printed, "skill symbols on disabled cards still count (the seed)"
    hollis = hero("hollis")
    assert area.skills(hollis, "faith") == sum(area.face(c).skills.count("faith") for c in hollis.cards) + 1


def test_wounds_go_on_the_hero_card_first_then_where_the_player_says_and_extras_are_lost() -> None:
    gorm = hero("gorm")  # 3 slots on the hero card
    after = area.wound(gorm, 2)
    assert after.wounds == 2 and area.wounds_total(after) == 2
    assert area.spills(gorm, 3) == 0 and area.spills(gorm, 4) == 1
    slotted = next(c.card for c in gorm.cards if area.face(c).wounds)
    after = area.wound(gorm, 4, onto=[slotted])
    assert after.wounds == 3 and after.card(slotted).wounds == 1 and not area.usable(after.card(slotted))
    full = area.wound(gorm, 50, onto=[c.card for c in gorm.cards] * 3)
    on_card, cards = area.free_wound_slots(full)
    assert on_card == 0 and cards == [], "once every slot is covered further Wounds are discarded"


def test_healing_readies_action_cards_before_the_hero_card() -> None:
    gorm = hero("gorm")
    slotted = next(c.card for c in gorm.cards if area.face(c).wounds)
    hurt = area.wound(gorm, 4, onto=[slotted])
    healed = area.heal(hurt, 1)
    assert healed.card(slotted).wounds == 0 and healed.wounds == 3
    assert area.wounds_total(area.heal(hurt, 10)) == 0


def test_defence_movement_and_hand_size_add_abilities_shrines_and_guard() -> None:
    pell = hero("pell")
    base = TABLES.heroes["pell"].defence
    assert area.defence(pell, "beast", None) == base
    assert area.defence(pell, "undead", None) == base + 2, "Pell's ward works against the Undead only"
    assert area.defence(replace(pell, guard=1), "beast", "armour") == base + 2
    dagny = hero("dagny")
    assert area.defence(dagny, None, None) == TABLES.heroes["dagny"].defence + 1, "an untyped bonus counts always"
    mags = hero("mags")
    assert area.movement(mags, None) == TABLES.heroes["mags"].movement + 1
    assert area.movement(mags, "hero") == TABLES.heroes["mags"].movement + 2
    ysolde = hero("ysolde")
    assert area.hand_size(ysolde, "foresight") == TABLES.heroes["ysolde"].hand_size + 2


def test_boosts_are_paid_with_fate_cards_bearing_the_symbol_and_shrines_add_one() -> None:
    might = [c.id for c in TABLES.fate.values() if "might" in c.symbols][:2]
    other = [c.id for c in TABLES.fate.values() if "might" not in c.symbols][:2]
    gorm = hero("gorm", hand=(*might, *other))
    assert area.boost_cards(gorm, "might") == might
    assert area.shrine_boost("battle", "might") == 1 and area.shrine_boost("battle", "arcane") == 0
    assert area.shrine_boost("foresight", "might") == 0


@pytest.mark.parametrize(
    "key",
    ["hero:gorm:24", "hero:gorm", "start:a1", "mv:gorm-1:b3+12.40", "at:gorm-3:beast-4+7", "at:orrin-1:lord",
     "se:tansy-2:treasure-3", "pr:gorm-1", "he:gorm-3+9", "sp:wenna-2:gorm-4", "cl:equipment-3:treasure-1",
     "cl:whisper-2", "af:31:beast-2", "end", "end:rest", "def+5.18", "def", "hit:brigand-2:s1", "drop:3.9",
     "drop:undead-1", "wd:gorm-1.gorm-3", "ord+12.40.7", "sp:gen-3:beast-4>b3", "af:12:s1>c2"],
)  # fmt: skip
def test_every_key_parses_and_prints_back_the_same(key: str) -> None:
    assert parse(key).key == key


def test_keys_name_fate_cards_by_number_and_refuse_nonsense() -> None:
    assert parse("mv:gorm-1:b3+12.40") == ShadowAction("mv", "gorm-1", "b3", ("fate-12", "fate-40"))
    assert parse("drop:3.9").boosts == ("fate-3", "fate-9")
    assert parse("af:31").a == "fate-31"
    for bad in ("", "jump:a1", "mv::b3", "at:gorm-3:beast-4+x"):
        with pytest.raises(MalformedKey):
            parse(bad)
