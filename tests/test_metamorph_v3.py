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
from tests.helpers.metamorph import act, keys, near, position, wizard

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
