"""Metamorph's rules version 3 (ours, issue 42: every printed word happens): each change against the rulebook or
the seed, tested under version 3 and, where the old behaviour stays for matches started before it, under the
version before (``docs/rules/metamorph.md``, Rules versions).

Positions are built by hand (``tests/helpers/metamorph.py``); dice are fixed by choosing a generator that rolls them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalAction, get_game
from engine.games.metamorph.board import parse_hex, terrain_at
from engine.games.metamorph.model import Artifact, Condition, MetaState, article, maintenance
from engine.games.metamorph.movement import speed
from engine.games.metamorph.tables import CLASS_NAMES
from render.metamorph.chart import class_name
from tests.helpers.metamorph import SWAMP, act, keys, near, position, with_dice, wizard

GAME = get_game("metamorph")
OLD = 2  # the version before


def test_the_keys_ward_halves_land_speed_only_so_a_bearer_can_swim() -> None:
    """Rulebook: a wizard carrying the Key has its **land speed** halved. Version 2 halved every speed, so a
    Human bearer (WS 1) could never cross water; from version 3 it swims at its full WS."""
    grid = ("PPPPSSSSPPPP",) * 8
    key = (Artifact("key", None, carrier=0),)
    new = position(wizard(0, "d4", facing=0), wizard(1, "k8"), artifacts=key, scenario="key", grid=grid)
    old = replace(new, rules_version=OLD)
    bearer = new.wizard(0)
    assert (speed(new, bearer, "L"), speed(new, bearer, "W")) == (1, 1)
    assert (speed(old, bearer, "L"), speed(old, bearer, "W")) == (1, 0)
    swim = f"move:W:{near('d4', 0)}:e"  # into the swamp beside it
    assert swim in keys(new) and not any(k.startswith("move:W") for k in keys(old))
    swum, log = act(new, swim)
    assert swum.wizard(0).hex == parse_hex(near("d4", 0)) and "swims" in log


def _their_turn_begins(state: MetaState) -> tuple[MetaState, str]:
    """Seat 1 ends its turn, so seat 0's begins (upkeep and all), played through the interface."""
    return act(state, "end")


def test_a_flier_that_cannot_pay_its_upkeep_takes_the_four_damage_of_changing_in_flight() -> None:
    """Seed: "A flying creature takes 4 damage if it does not land first ... before changing shape", and "if you
    do not have sufficient Mana ... you immediately become an Amorphous Blob". From version 3 the forced change
    is a change in flight too: a Bat (HLT 4) that cannot pay dies of it; version 2 only made it a Blob. A landed
    Bat, and a flier that survives the 4, become Blobs heading back to Human."""
    bat = wizard(0, "e4", "Bat", mana=1)
    state = position(bat, wizard(1, "k8"), active=1)
    died, log = _their_turn_begins(state)
    assert not died.wizard(0).alive and "4 damage" in log and died.outcome.winners == {1}
    old, _ = _their_turn_begins(replace(state, rules_version=OLD))
    assert old.wizard(0).alive and old.wizard(0).shape == "Amorphous Blob"
    landed, log = _their_turn_begins(position(replace(bat, flying=False), wizard(1, "k8"), active=1))
    assert landed.wizard(0).shape == "Amorphous Blob" and "4 damage" not in log
    griffon, log = _their_turn_begins(position(wizard(0, "e4", "Griffon", mana=2), wizard(1, "k8"), active=1))
    blob = griffon.wizard(0)
    assert "4 damage" in log and blob.alive and (blob.shape, blob.target, blob.damage) == ("Amorphous Blob", "Human", 0)


def test_with_specialization_a_wizard_can_belong_to_a_school_or_to_none() -> None:
    """Seed: "A wizard **can** belong to one of four magic schools". From version 3 each wizard may also choose
    no school and pay every shape's printed cost; version 2 made every wizard pick one."""
    state = GAME.setup({"specialization": True}, 2, 4)
    first, second = state.order
    offered = {c.key: c.label for c in GAME.choices(state, first)}
    assert set(offered) == {"school:mammal", "school:reptilian", "school:magical", "school:aquatic", "school:none"}
    assert "no school" in offered["school:none"]
    state, log = act(state, "school:none", first)
    assert "no school" in log
    state, _ = act(state, "school:aquatic", second)
    assert not state.choosing_school and state.wizard(first).school is None
    assert maintenance(replace(state.wizard(first), shape="Shark"), True) == 5  # as printed
    old = GAME.setup({"specialization": True}, 2, 4, rules_version=OLD)
    assert "school:none" not in {c.key for c in GAME.choices(old, old.active)}
    with pytest.raises(IllegalAction):
        act(old, "school:none", old.active)


def test_swim_is_offered_only_where_it_goes_somewhere() -> None:
    """Issue 42: "Swim…" was offered on dry land, where all it did was turn the wizard in place. From version 3 a
    walk or swim never ends where that mode cannot hold the wizard: on dry land a swim must reach water, and a
    Human far from water has no "Swim…"; beside a swamp it swims into the swamp, not in place."""
    dry = position(wizard(0, "e4"), wizard(1, "k8"))
    assert {a.key for a in GAME.legal_actions(dry, 0) if a.kind == "move"} == {"move:L"}
    assert not any(k.startswith("move:W") for k in keys(dry))
    old = replace(dry, rules_version=OLD)
    assert "move:W" in {a.key for a in GAME.legal_actions(old, 0)}
    assert {k.split(":")[2] for k in keys(old) if k.startswith("move:W")} == {"e4"}  # it only turned in place
    shore = position(wizard(0, "d4", facing=0), wizard(1, "k8"), grid=("PPPPSSSSPPPP",) * 8)
    swims = {k.split(":")[2] for k in keys(shore) if k.startswith("move:W")}
    assert swims and "d4" not in swims and all(k[0] in "efgh" for k in swims)


def test_a_flier_cannot_walk_in_place_down_into_a_lake() -> None:
    """Found by the face check: a Griffon (WS 0) flying over water could "walk" to its own hex, turning in place,
    which landed it in water it cannot stand in. From version 3 it cannot; version 2 kept that move."""
    lake = ("W" * 12,) * 8
    state = position(wizard(0, "e4", "Griffon"), wizard(1, "k8"), grid=lake)
    assert {a.key for a in GAME.legal_actions(state, 0) if a.kind == "move"} == {"move:A"}
    old = replace(state, rules_version=OLD)
    assert "move:L:e4:w" in keys(old)
    sunk, _ = act(old, "move:L:e4:w")
    assert not sunk.wizard(0).flying and terrain_letter(sunk, "e4") == "W"


def terrain_letter(state: MetaState, name: str) -> str:
    return terrain_at(state.grid, parse_hex(name))


def test_a_turn_in_place_says_so() -> None:
    """Issue 43: the hex stage offered the wizard's own hex as "e4 (0 away)", and its facings as a walk "to" it.
    It reads as a turn in place, in the picker and in the log."""
    slowed = wizard(0, "e4", conditions=(Condition("slow", 2),))  # land speed 1: a few hexes, one list
    state = GAME.act(position(slowed, wizard(1, "k8")), 0, "move:L").state
    step = GAME.steps(state, 0, ())
    assert step is not None and not isinstance(step, str)
    words = {o.key: o.label for o in step.options}
    assert words["e4"] == "e4 (here: turn in place)" and "0 away" not in " ".join(words.values())
    facing = GAME.act(state, 0, "move:L:e4").state
    assert GAME.prompt(facing, 0) == "Turn in place at e4: facing which way?"
    labels = {c.key: c.label for c in GAME.choices(facing, 0)}
    assert labels["move:L:e4:w"] == "Turn in place to face west"
    _, log = act(facing, "move:L:e4:w")
    assert log.startswith("Red turns to face west in e4.")
    bat = position(wizard(0, "e4", "Bat"), wizard(1, "k8"))
    assert GAME.describe(bat, 0, GAME.parse_key("move:L:e4:w")).label == "Land and turn to face west"


def test_a_morph_in_flight_says_what_it_costs_and_is_offered_only_when_it_can_change_the_shape() -> None:
    """Issue 42: Morph in flight could kill, and its option showed only its mana. From version 3 the option says the
    change deals 4 damage in flight, and a Morph whose 4 damage would kill the caster, or whose whole price it
    cannot pay (it would only turn back to Human, whatever shape it named), is not offered: land first."""
    griffon = position(wizard(0, "e4", "Griffon", mana=20), wizard(1, "k8"))
    assert GAME.describe(griffon, 0, GAME.parse_key("cast:morph")).label == "Morph… (5 mana, 4 damage in flight)"
    label = GAME.describe(griffon, 0, GAME.parse_key("cast:morph:unicorn")).label
    assert label == "Morph into a Unicorn (1 turn, 5 mana, 4 damage in flight)"
    changed, log = act(griffon, "cast:morph:unicorn")
    assert changed.wizard(0).mana == 20 - 5 and "takes 4 damage" in log  # what the label said
    bat = position(wizard(0, "e4", "Bat", mana=20), wizard(1, "k8"))  # HLT 4: the 4 damage would kill it
    assert not any(k.startswith("cast:morph") for k in keys(bat))
    landed, _ = act(bat, "land")
    assert GAME.describe(landed, 0, GAME.parse_key("cast:morph:rat")).label == "Morph into a Rat (1 turn, 1 mana)"
    short = position(wizard(0, "e4", "Griffon", mana=4), wizard(1, "k8"))  # 5 needed in flight
    assert not any(k.startswith("cast:morph") for k in keys(short))
    assert any(k.startswith("cast:morph") for k in keys(act(short, "land")[0]))


def test_a_shape_takes_the_article_it_sounds_like() -> None:
    """Issue 43 (words players read): "an Eel" and "an Ankylosaurus", but "a Unicorn", not "an Unicorn"."""
    assert [article(n) for n in ("Eel", "Ankylosaurus", "Unicorn", "Rat")] == [
        "an Eel",
        "an Ankylosaurus",
        "a Unicorn",
        "a Rat",
    ]


def test_the_menu_names_the_classes_as_the_board_does() -> None:
    """Issue 43: the Morph picker's first step said "Magical" where the board and the chart say "Fantastical"."""
    state = GAME.act(position(wizard(0, "e4"), wizard(1, "k8")), 0, "cast:morph").state
    step = GAME.steps(state, 0, ())
    assert step is not None and not isinstance(step, str)
    words = [o.label for o in step.options]
    assert "Fantastical" in words and "Magical" not in words
    assert class_name("Magical").startswith("Fantastical") and CLASS_NAMES["Magical"] == "Fantastical"


# -- found by the face check: what a special promises, it does ------------------------------------------------------


def test_a_strikes_damage_is_not_eaten_by_armour() -> None:
    """Bite: "+2 damage if it hits." From version 3 the strike's damage comes after armour has done its worst, so a
    Bat (ATT 1) that hits a Tortoise (ARM 4) for nothing bites it for 2; version 2 let the armour eat the bonus (1)."""
    duel = (wizard(0, "e4", "Bat", facing=0, flying=False), wizard(1, near("e4", 0), "Tortoise", facing=3))
    state = with_dice(position(*duel, grid=SWAMP), 9)  # 9 + 1 − 1 = 9: a hit, 1 − 4 + 2 = −1 before the Bite
    plain, _ = act(state, "attack:blue")
    bitten, _ = act(state, "attack:blue:bite")
    assert (plain.wizard(1).damage, bitten.wizard(1).damage) == (0, 2)
    old, _ = act(replace(state, rules_version=OLD), "attack:blue:bite")
    assert old.wizard(1).damage == 1


def test_sprint_is_offered_only_while_the_wizard_can_still_walk() -> None:
    """Sprint: "land speed doubled for this turn's move". A held Cheetah cannot move, so from version 3 Sprint (2
    mana for nothing) is not offered to it; version 2 offered it."""
    held = position(wizard(0, "e4", "Cheetah", conditions=(Condition("held", 1),)), wizard(1, "k8"))
    assert "special:sprint" not in keys(held) and "special:sprint" in keys(replace(held, rules_version=OLD))
    free = position(wizard(0, "e4", "Cheetah"), wizard(1, "k8"))
    assert "special:sprint" in keys(free)


def test_slow_and_restrict_are_offered_only_when_they_can_last_longer() -> None:
    """Slow and Restrict last a die's worth of turns, and a wizard keeps the longer of two: on one with 6 turns
    left a new one could change nothing, so from version 3 it is not offered (version 2 offered it)."""
    foe = wizard(1, near("e4", 0, 2), conditions=(Condition("slow", 6), Condition("restrict", 5)))
    state = position(wizard(0, "e4"), foe)
    assert "cast:slow:blue" not in keys(state) and "cast:restrict:blue" in keys(state)
    assert "cast:slow:blue" in keys(replace(state, rules_version=OLD))


def test_zap_is_offered_only_against_armour() -> None:
    """Zap: "its armour does not count". Against ARM 0 it adds nothing for its 2 mana, so from version 3 it is
    offered only against armour, where it adds the target's ARM to the damage."""
    eel = wizard(0, "e4", "Eel", facing=0)
    human = position(eel, wizard(1, near("e4", 0), facing=3), grid=SWAMP)
    assert "attack:blue" in keys(human) and "attack:blue:zap" not in keys(human)
    assert "attack:blue:zap" in keys(replace(human, rules_version=OLD))
    croc = with_dice(position(eel, wizard(1, near("e4", 0), "Crocodile", facing=3), grid=SWAMP), 10)
    plain, _ = act(croc, "attack:blue")
    zapped, _ = act(croc, "attack:blue:zap")
    assert zapped.wizard(1).damage - plain.wizard(1).damage == 2  # the Crocodile's ARM
    assert zapped.wizard(0).mana == 50 - 2


def test_web_and_trap_are_offered_only_on_a_wizard_they_can_still_stop() -> None:
    """Web and Trap do no damage; they stop the target's next turn. On a wizard already held for its next turn they
    could change nothing, so from version 3 they are not offered, unless a web would bring a flier down."""
    held = (Condition("held", 1),)
    spider = position(wizard(0, "e4", "Giant Spider", facing=0), wizard(1, near("e4", 0, 2), conditions=held))
    assert not any(k.startswith("special:web") for k in keys(spider))
    assert "special:web:blue" in keys(replace(spider, rules_version=OLD))
    bat = position(wizard(0, "e4", "Giant Spider", facing=0), wizard(1, near("e4", 0, 2), "Bat", conditions=held))
    assert "special:web:blue" in keys(bat)  # it would still bring the Bat down
    clam = position(wizard(0, "e4", "Giant Clam"), wizard(1, near("e4", 0), conditions=held), grid=SWAMP)
    assert not any(k.startswith("special:trap") for k in keys(clam))
    assert "special:trap:blue" in keys(replace(clam, rules_version=OLD))


def test_every_charge_shape_can_charge() -> None:
    """Charge: "+2 damage if it hits after a forward move that ended 2 or more hexes from where it began". Version 2
    asked for 3, which the Elephant, the Hippopotamus and the Eel (speed 2) could never cover."""
    elephant = wizard(0, "b4", "Elephant", facing=0)
    state = position(elephant, wizard(1, near("b4", 0, 3), facing=3))
    ran, _ = act(state, f"move:L:{near('b4', 0, 2)}:e")
    assert "attack:blue:charge" in keys(ran)
    rolled = with_dice(ran, 8)
    plain, _ = act(rolled, "attack:blue")
    charged, _ = act(rolled, "attack:blue:charge")
    assert charged.wizard(1).damage - plain.wizard(1).damage == 2
    old, _ = act(replace(state, rules_version=OLD), f"move:L:{near('b4', 0, 2)}:e")
    assert "attack:blue:charge" not in keys(old)


def test_what_is_picked_up_after_a_morph_drops_as_the_new_shape_arrives() -> None:
    """Seed: "Anything you were holding is immediately dropped when you change shapes." A Human who cast Morph
    (dropping the Key) and picked it up again became a Rat holding the Key in version 2; from version 3 the Key
    drops as the Rat arrives."""
    key = (Artifact("key", None, carrier=0),)
    state = position(wizard(0, "e4"), wizard(1, "k8"), artifacts=key, scenario="key")
    state, _ = act(state, "cast:morph:rat")
    state, _ = act(state, "special:pickup:key")
    assert state.artifact("key").carrier == 0
    arrived, log = act(act(state, "end")[0], "end")  # Red's turn ends, Blue's too: the Rat arrives
    assert arrived.wizard(0).shape == "Rat" and arrived.artifact("key").carrier is None and "drops" in log
    old, _ = act(act(replace(state, rules_version=OLD), "end")[0], "end")
    assert old.wizard(0).shape == "Rat" and old.artifact("key").carrier == 0


def test_a_strike_and_a_spell_on_a_rival_show_their_mana() -> None:
    """Issue 43: "Attack Blue with Bite" did not say Bite costs 1 mana, nor "Slow → Blue" that Slow costs 3."""
    wolf = position(wizard(0, "e4", "Wolf", facing=0), wizard(1, near("e4", 0), facing=3))
    labels = {c.key: c.label for c in GAME.choices(wolf, 0)}
    assert labels["attack:blue:bite"] == "Attack Blue with Bite (1 mana)" and labels["attack:blue"] == "Attack Blue"
    human = position(wizard(0, "e4"), wizard(1, near("e4", 0, 2)))
    assert {c.key: c.label for c in GAME.choices(human, 0)}["cast:slow:blue"] == "Slow → Blue (3 mana)"
