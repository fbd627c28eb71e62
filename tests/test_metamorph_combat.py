"""Metamorph, continued from ``test_metamorph_rules.py``: attacks, flying, specials and artifacts, and our rules
version 2 (the Key's ward); one test per rule sentence of the seed (quoted in each docstring) and per completion.

Positions are built by hand (``tests/helpers/metamorph.py``); dice are fixed by choosing a generator that rolls them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalAction, get_game
from engine.games.metamorph.board import (
    BLOCK,
    hexes_of,
    map_centre,
    parse_hex,
    terrain_at,
    to_offset,
)
from engine.games.metamorph.model import Artifact, Condition, intelligence
from engine.games.metamorph.movement import speed
from engine.games.metamorph.turns import begin_turn, end_turn
from tests.helpers.metamorph import SWAMP, act, keys, near, position, with_dice, wizard

GAME = get_game("metamorph")


# -- attacks -------------------------------------------------------------------------------------------------


def test_to_hit_and_damage_follow_the_formula() -> None:
    """Seed: "To hit Roll = 2D6 + Attacks - Target's Agility + facing modifiers. A roll of 7 or more is a hit. Every
    point over 7 does one additional damage. Damage = Attacks - Target's Armour + additional damage." A Human (ATT 3)
    hits a Human (AGI 3, ARM 0) from the front with a roll of 9: 9 + 3 − 3 = 9 → 3 + 2 = 5."""
    target_at = near("e4", 0)
    state = position(wizard(0, "e4", facing=0), wizard(1, target_at, facing=3), grid=SWAMP)
    state, log = act(with_dice(state, 9), "attack:blue")
    assert state.wizard(1).damage == 5 and "hits for 5" in log
    other = position(wizard(0, "e4"), wizard(1, target_at, facing=3), grid=SWAMP)
    missed, log = act(with_dice(other, 6), "attack:blue")
    assert missed.wizard(1).damage == 0 and "misses" in log


@pytest.mark.parametrize(("facing", "bonus"), [(3, 0), (1, 1), (0, 2)])
def test_flank_and_rear_attacks_are_easier(facing: int, bonus: int) -> None:
    """Seed: "Flank attack = +1 to hit. Rear attack = +2 to hit": the target faces us (front), away obliquely (flank) or
    straight away (rear); a roll of 7 then does 3 + bonus damage."""
    state = position(wizard(0, "e4", facing=0), wizard(1, near("e4", 0), facing=facing), grid=SWAMP)
    state, _ = act(with_dice(state, 7), "attack:blue")
    assert state.wizard(1).damage == 3 + bonus


def test_fighting_from_favoured_terrain_adds_one_to_hit() -> None:
    """Seed: "Terrain effects combat ... depending on the class of creature." Ours: +1 to hit from terrain the
    attacker's class favours (a Human on plains), so a roll of 6 that misses from a swamp hits from plains."""
    foe = wizard(1, near("e4", 0), facing=3)
    assert act(with_dice(position(wizard(0, "e4"), foe, grid=SWAMP), 6), "attack:blue")[0].wizard(1).damage == 0
    assert act(with_dice(position(wizard(0, "e4"), foe), 6), "attack:blue")[0].wizard(1).damage == 3


def test_armour_never_makes_damage_negative() -> None:
    """Ours: a hit that armour fully absorbs does 0 damage, not negative."""
    state = position(wizard(0, "e4", "Frog", facing=0), wizard(1, near("e4", 0), "Giant Clam", facing=3))
    state, _ = act(with_dice(state, 10), "attack:blue")
    assert state.wizard(1).damage == 0


def test_a_special_attack_comes_beside_the_hand_to_hand_one_but_not_a_second_special() -> None:
    """Seed: "Some special abilities are attacks themselves, and are in addition to the allowable HTH attack (ie a
    Dragon can Breathe, and then make a normal HTH attack. it cannot include the Bite special with this HTH attack as
    it has already used a Breathe)."."""
    dragon = wizard(0, "e4", "Dragon", facing=0, flying=False)
    state = position(dragon, wizard(1, near("e4", 0), facing=3))
    assert "attack:blue:bite" in keys(state)
    state, _ = act(state, "special:breathe:blue")
    if state.wizard(1).on_board:
        assert "attack:blue" in keys(state) and "attack:blue:bite" not in keys(state)


def test_a_wizard_dies_when_damage_reaches_its_shapes_health_and_the_last_standing_wins() -> None:
    """Duelling Wizards: the last wizard standing wins."""
    state = position(wizard(0, "e4", "Dragon", facing=0, flying=False), wizard(1, near("e4", 0), damage=11, facing=3))
    state, log = act(with_dice(state, 12), "attack:blue")
    assert not state.wizard(1).alive and "dies" in log
    assert state.outcome is not None and state.outcome.winners == {0}


def test_human_kills_variant_spares_a_victim_when_neither_is_human() -> None:
    """Duel variant: a kill counts only if winner or loser is Human; otherwise (ours) the victim collapses into a Blob
    heading back to Human."""
    lion = wizard(0, "e4", "Lion", facing=0)
    state = position(lion, wizard(1, near("e4", 0), "Rat", damage=3, facing=3), human_kills=True)
    state, log = act(with_dice(state, 12), "attack:blue")
    assert state.wizard(1).alive and state.wizard(1).shape == "Amorphous Blob" and "does not count" in log
    human = position(wizard(0, "e4", facing=0), wizard(1, near("e4", 0), "Rat", damage=3, facing=3), human_kills=True)
    state, _ = act(with_dice(human, 12), "attack:blue")
    assert not state.wizard(1).alive


# -- flying --------------------------------------------------------------------------------------------------


def test_a_flier_is_flying_unless_it_lands() -> None:
    """Seed: "Unless otherwise stated by the player, any creature with a non-zero Air Speed is assumed to be always
    flying."."""
    state = position(wizard(0, "e4", "Bat"), wizard(1, "k8"))
    assert state.wizard(0).flying and "land" in keys(state)
    state, _ = act(state, "land")
    assert not state.wizard(0).flying


def test_fliers_can_be_attacked_only_by_huge_shapes_fliers_or_some_specials() -> None:
    """Seed: "Flying creatures can only be attacked by Huge creatures, by other flying creatures, or with Web, Flame or
    Breathe special attacks. A flying creature may also be attacked if it attacked you in the previous turn."."""
    bat = wizard(1, near("e4", 0), "Bat", facing=3)
    assert "attack:blue" not in keys(position(wizard(0, "e4", facing=0), bat))
    assert "attack:blue" in keys(position(wizard(0, "e4", "Elephant", facing=0), bat))
    assert "attack:blue" in keys(position(wizard(0, "e4", "Griffon", facing=0), bat))
    assert "special:flame:blue" in keys(position(wizard(0, "e4", "Salamander", facing=0), bat))
    struck_me = replace(bat, struck=(0,))
    assert "attack:blue" in keys(position(wizard(0, "e4", facing=0), struck_me))


def test_changing_shape_in_flight_costs_four_damage() -> None:
    """Seed: "A flying creature takes 4 damage if it does not land first before changing shape. So if you have Mana, it
    costs an additional 4 to recover that damage when changing shape."."""
    state, log = act(position(wizard(0, "e4", "Griffon", mana=20), wizard(1, "k8")), "cast:morph:pegasus")
    assert "4 damage" in log
    assert state.wizard(0).mana == 15  # 1 + the 4 damage


def test_v2_a_morph_in_flight_could_kill_or_revert_to_human() -> None:
    """Seed: "... unless that 4 damage would kill you. If you don't have the Mana, you automatically start reverting
    back to Human." Rules version 2 offered such a Morph: a Bat died of it, and a Griffon short of mana became a Blob
    heading home (version 3 offers neither: ``test_metamorph_v3.py``; the forced change of upkeep still does both)."""
    three = (wizard(1, "k8"), wizard(2, "a8"))
    bat, log = act(position(wizard(0, "e4", "Bat", mana=20), *three, rules_version=2), "cast:morph:rat")
    assert not bat.wizard(0).alive and "dies" in log
    state, _ = act(position(wizard(0, "e4", "Griffon", mana=2), wizard(1, "k8"), rules_version=2), "cast:morph:pegasus")
    assert state.wizard(0).shape == "Amorphous Blob" and state.wizard(0).target == "Human"
    assert state.wizard(0).mana == 2


def test_flying_high_takes_a_turn_and_only_high_fliers_reach_each_other() -> None:
    """Flying High (optional): climbing takes a turn of movement; a high flier is out of reach of all but high fliers
    (ours: the cut-off sentence)."""
    state = position(wizard(0, "e4", "Bat"), wizard(1, near("e4", 0), "Griffon", facing=3), flying_high=True)
    state, _ = act(state, "rise:up")
    assert not any(k.startswith("move:") for k in keys(state))
    state, _ = begin_turn(replace(state, done=state.done))
    assert state.wizard(0).high
    griffon_turn = position(*state.wizards, active=1, flying_high=True)
    assert "attack:red" not in keys(griffon_turn)


# -- specials and artifacts ----------------------------------------------------------------------------------


def test_rest_recovers_mana_only_as_a_human_once_a_turn() -> None:
    """Seed: "Mana can only be recovered in Human form, once per turn": Rest (+5, at most 50) is Human only."""
    state, _ = act(position(wizard(0, "e4", mana=40), wizard(1, "k8")), "special:rest")
    assert state.wizard(0).mana == 45 and "special:rest" not in keys(state)
    assert "special:rest" not in keys(position(wizard(0, "e4", "Rat", mana=40), wizard(1, "k8")))


def test_poison_hurts_as_each_of_the_victims_turns_begins() -> None:
    """Poison (ours): a hit poisons for D6 turns, 1 damage as each of the victim's turns begins."""
    state = position(wizard(0, "e4", "Viper", facing=0), wizard(1, near("e4", 0), facing=3))
    state, _ = act(with_dice(state, 11), "attack:blue:poison")
    assert state.wizard(1).condition("poison") >= 1
    before = state.wizard(1).damage
    turn, _ = begin_turn(replace(state, order=(1, 0), index=0))
    assert turn.wizard(1).damage == before + 1


def test_web_holds_a_target_in_place_and_grounds_a_flier() -> None:
    """Web (ours): a hit stops the target moving on its next turn and brings a flier down."""
    spider = wizard(0, "e4", "Giant Spider", facing=0)
    state = position(spider, wizard(1, near("e4", 0, 2), "Bat", facing=3))
    state, _ = act(with_dice(state, 12), "special:web:blue")
    caught = state.wizard(1)
    assert caught.condition("web") == 1 and not caught.flying
    turn = position(*state.wizards, active=1)
    assert not any(k.startswith("move:") for k in keys(turn))


def test_the_key_gives_its_carrier_intelligence_and_mana_and_breaks_at_three() -> None:
    """The Key of Solomon: +1 INT and 4 mana a turn to its holder; destroyed by 3 damage."""
    key = Artifact("key", None, carrier=0)
    state = position(wizard(0, "e4", "Dog", mana=20), wizard(1, "k8"), artifacts=(key,), scenario="key")

    assert intelligence(state, state.wizard(0)) == 4
    turn, _ = begin_turn(state)
    assert turn.wizard(0).mana == 20 + 4 - 4  # +4 from the Key, −4 upkeep of the Dog
    ground = position(
        wizard(0, "e4", "Giant", facing=0), wizard(1, "k8"), artifacts=(Artifact("key", parse_hex(near("e4", 0))),)
    )
    broken, log = act(with_dice(ground, 7), "attack:key")
    assert broken.artifact("key").destroyed and "destroyed" in log


def test_fonts_feed_every_wizard_in_their_hex_add_up_and_not_in_water_or_hands() -> None:
    """Mana Font: 6 mana a turn to every wizard in its hex, in any shape, only on the ground and never in water; Fonts
    in one hex add up."""
    fonts = (Artifact("font1", parse_hex("e4")), Artifact("font2", parse_hex("e4")))
    state, _ = begin_turn(position(wizard(0, "e4", mana=10), wizard(1, "k8"), artifacts=fonts))
    assert state.wizard(0).mana == 22
    wet = ("W" * 12,) * 8
    state, _ = begin_turn(position(wizard(0, "e4", mana=10), wizard(1, "k8"), artifacts=fonts, grid=wet))
    assert state.wizard(0).mana == 10
    held = (Artifact("font1", None, carrier=0),)
    state, _ = begin_turn(position(wizard(0, "e4", mana=10), wizard(1, "k8"), artifacts=held))
    assert state.wizard(0).mana == 10


def test_hands_pick_up_and_the_blob_cannot() -> None:
    """Hands (ours): picking up an object beside or under the wizard is its special; the Blob has no hands."""
    key = (Artifact("key", parse_hex(near("e4", 0))),)
    state, _ = act(position(wizard(0, "e4"), wizard(1, "k8"), artifacts=key, scenario="key"), "special:pickup:key")
    assert state.artifact("key").carrier == 0
    blob = wizard(0, "e4", "Amorphous Blob", target="Human", cell=(4, 3))
    assert "special:pickup:key" not in keys(position(blob, wizard(1, "k8"), artifacts=key, scenario="key"))


def test_illegal_actions_are_refused_with_a_reason() -> None:
    """Bad input changes nothing: a move that is not on offer raises ``IllegalAction``."""
    state = position(wizard(0, "e4"), wizard(1, "k8"))
    with pytest.raises(IllegalAction):
        GAME.act(state, 0, "move:L:l8:e")


@pytest.mark.parametrize("rounds", [10, 60])
def test_the_round_limit_ends_in_a_draw(rounds: int) -> None:
    """Ours: after 60 rounds (or the host's shorter limit) the match is drawn, so no match runs for ever."""
    state = replace(position(wizard(0, "a1"), wizard(1, "l8"), rounds=rounds), round=rounds, index=1, order=(0, 1))

    ended, _ = end_turn(state)
    assert ended.outcome is not None and ended.outcome.draw


def test_fliers_see_and_are_seen_over_everything() -> None:
    """Ours: a flier sees over forests, and a wizard on the ground sees a flier beyond one."""
    grid = ("PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPFPPPPPP") + ("PPPPPPPPPPPP",) * 4
    assert 1 in position(wizard(0, "e4"), wizard(1, "g4", "Bat"), grid=grid).done.seen
    assert 1 not in position(wizard(0, "e4"), wizard(1, "g4"), grid=grid).done.seen


def test_no_hand_to_hand_attack_after_a_teleport() -> None:
    """Ours: a wizard who teleports beside an enemy makes no hand-to-hand attack that turn."""
    grid = ("PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPFPPPPPP") + ("PPPPPPPPPPPP",) * 4
    state = position(wizard(0, "e4", facing=0), wizard(1, "g4"), wizard(2, "l8"), grid=grid)
    beside = next(near("g4", d) for d in range(6) if f"cast:teleport:{near('g4', d)}" in keys(state))
    state, _ = act(state, f"cast:teleport:{beside}")
    assert not any(k.startswith("attack:blue") for k in keys(state))


def test_v2_charge_is_offered_only_after_a_run_of_three() -> None:
    """Rules version 2: Charge's bonus needs a forward move ending 3 or more hexes from its start; it is not offered
    for less (version 3: 2, ``test_metamorph_v3.py``)."""
    horse = wizard(0, "b4", "Horse", facing=0)
    state = position(horse, wizard(1, near("b4", 0, 5), facing=3), rules_version=2)
    short = act(state, "move:L:c4:e")[0] if "move:L:c4:e" in keys(state) else state
    assert "attack:blue:charge" not in keys(short)
    run, _ = act(state, f"move:L:{near('b4', 0, 4)}:e")
    assert "attack:blue:charge" in keys(run)


def test_a_wizard_with_nothing_to_do_passes_its_turn() -> None:
    """Ours: a held Blob can neither move nor act; its turn passes by itself, in the log."""
    blob = wizard(1, "k8", "Amorphous Blob", target="Human", cell=(4, 2), conditions=(Condition("held", 2),))
    state = position(wizard(0, "a1"), blob)
    after, log = act(state, "end")
    assert after.active == 0 and "can do nothing" in log


def test_resigning_leaves_the_last_rival_standing_the_winner() -> None:
    """Ours: a resignation that leaves one wizard standing ends the match in its favour; with more standing,
    the seat drops out (the AI carries it on)."""
    three = position(wizard(0, "a1"), wizard(1, "f4"), replace(wizard(2, "l8"), alive=False, hex=None))
    outcome = GAME.concede(three, (0,), 3)
    assert outcome is not None and outcome.winners == {1}
    four = position(wizard(0, "a1"), wizard(1, "f4"), wizard(2, "l8"))
    assert GAME.concede(four, (0,), 3) is None


def test_the_central_font_stands_on_dry_land() -> None:
    """Wizard War variant: the single Font is set on the dry land hex nearest the centre (never in a swamp)."""
    for seed in range(1, 40):
        state = GAME.setup({"scenario": "war", "central_font": True}, 2, seed)
        assert terrain_at(state.grid, state.artifacts[0].hex) in "PAFH"


# -- rules version 2 (ours): the Key's ward ----------------------------------------------------------------------


def test_v2_no_teleport_ends_within_three_hexes_of_the_key_on_the_ground() -> None:
    """Ours (rules version 2): while the Key lies on the ground, no Teleport may end within 3 hexes of it;
    version 1 allowed any empty hex in sight."""
    key = Artifact("key", parse_hex("g4"))
    v1 = position(wizard(0, "a1"), wizard(1, "l8"), artifacts=(key,), scenario="key", rules_version=1)
    v2 = replace(v1, rules_version=2)
    targets = {k.split(":")[2] for k in keys(v2) if k.startswith("cast:teleport")}
    assert targets, "Teleport is still offered outside the ward"
    assert all(parse_hex(t).distance(key.hex) > 3 for t in targets)
    old = {k.split(":")[2] for k in keys(v1) if k.startswith("cast:teleport")}
    assert any(parse_hex(t).distance(key.hex) <= 3 for t in old)
    with pytest.raises(IllegalAction):
        act(v2, f"cast:teleport:{near('g4', 0)}")


def test_v2_the_keys_carrier_cannot_teleport() -> None:
    """Ours (rules version 2): a wizard carrying the Key cannot Teleport (it walked off the map with it in the
    turn it picked it up); without the Key, the same wizard can."""
    key = (Artifact("key", None, carrier=0),)
    carried = position(wizard(0, "e4"), wizard(1, "k8"), artifacts=key, scenario="key", rules_version=1)
    assert not any(k.startswith("cast:teleport") for k in keys(replace(carried, rules_version=2)))
    assert any(k.startswith("cast:teleport") for k in keys(carried))


@pytest.mark.parametrize("seed", range(6))
def test_v2_the_key_lies_on_its_blocks_farm_hex_nearest_the_centre(seed: int) -> None:
    """Ours (rules version 2): the Key lies on the farm hex of its geomorph nearest the map's centre (version 1
    drew one at random), so it is never a step from the edge."""
    state = GAME.setup({"scenario": "key"}, 2, seed)
    key = state.artifact("key").hex
    assert state.rules_version == GAME.meta.rules_version >= 2 and terrain_at(state.grid, key) == "A"
    centre = map_centre(state.grid)
    block = [h for h in _block_of(state, key) if terrain_at(state.grid, h) == "A"]
    assert key.distance(centre) == min(h.distance(centre) for h in block)
    old = GAME.setup({"scenario": "key"}, 2, seed, rules_version=1)
    assert terrain_at(old.grid, old.artifact("key").hex) == "A"


def _block_of(state, hex_):
    """The hexes of the 6 × 6 geomorph holding ``hex_``."""
    col, row = to_offset(hex_)
    return [
        h
        for h in hexes_of(state.grid)
        if to_offset(h)[0] // BLOCK == col // BLOCK and to_offset(h)[1] // BLOCK == row // BLOCK
    ]


def test_v2_the_keys_carrier_walks_at_half_speed() -> None:
    """Ours (rules version 2): carrying the Key halves land speed, so its bearer can be caught."""
    key = (Artifact("key", None, carrier=0),)
    carried = position(wizard(0, "e4"), wizard(1, "k8"), artifacts=key, scenario="key", rules_version=1)
    full = speed(carried, carried.wizard(0), "L")
    v2 = replace(carried, rules_version=2)
    assert speed(v2, v2.wizard(0), "L") == full // 2
    free = replace(v2, artifacts=())
    assert speed(free, free.wizard(0), "L") == full
