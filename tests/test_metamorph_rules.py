"""Metamorph: one test per rule sentence of the seed (quoted in each docstring) and per completion of ours, from the
set-up to movement (attacks, flying, specials, artifacts and our rules version 2: ``test_metamorph_combat.py``).

Positions are built by hand (``tests/helpers/metamorph.py``) on a small map of plains unless a test needs
other terrain; dice are fixed by choosing a generator that rolls them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import get_game
from engine.games.metamorph.board import (
    hex_name,
    in_sight,
    parse_hex,
    terrain_at,
)
from engine.games.metamorph.model import Artifact, Condition, maintenance
from engine.games.metamorph.movement import facing_allowance, speed
from engine.games.metamorph.tables import TABLES, chart_distance
from engine.games.metamorph.turns import begin_turn, round_order
from tests.helpers.metamorph import act, keys, near, position, wizard

GAME = get_game("metamorph")


# -- setup ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("scenario", ["duel", "war", "key"])
def test_every_player_starts_with_one_wizard_a_human_with_50_mana(scenario: str, players: int) -> None:
    """Seed: "Every player starts with one Wizard. Each wizard is a Human with a pool of 50 Mana." Each stands on its
    own legal hex of the map."""
    state = GAME.setup({"scenario": scenario}, players, 5)
    assert len(state.wizards) == players
    assert all(w.shape == "Human" for w in state.wizards)
    assert all(w.mana == 50 or w.seat == state.active for w in state.wizards)
    assert len({w.hex for w in state.wizards}) == players


def test_the_key_lies_on_a_farm_and_wizards_start_far_from_it_and_each_other() -> None:
    """The Key of Solomon: the Key is on a farm hex; wizards start at the furthest legal hexes (ours: greedy)."""
    state = GAME.setup({"scenario": "key"}, 4, 9)
    key = state.artifact("key")
    assert key.hex is not None

    assert terrain_at(state.grid, key.hex) == "A"
    assert min(w.hex.distance(key.hex) for w in state.wizards) >= 4


def test_wizard_war_wizards_carry_their_fonts_and_the_variant_sets_one_in_the_middle() -> None:
    """Wizard War: each wizard starts carrying its Font; the variant puts one Font at the centre instead."""
    state = GAME.setup({"scenario": "war"}, 3, 2)
    assert [a.carrier for a in state.artifacts] == [0, 1, 2]
    central = GAME.setup({"scenario": "war", "central_font": True}, 3, 2)
    assert [(a.id, a.carrier) for a in central.artifacts] == [("font0", None)]
    assert central.artifacts[0].hex is not None


def test_the_duel_for_two_lays_four_geomorphs_in_a_line() -> None:
    """Duelling Wizards: a map of four geomorphs in a line (24 × 6 hexes)."""
    state = GAME.setup({"scenario": "duel"}, 2, 3)
    assert len(state.geomorphs) == 4
    assert len(state.grid) == 6 and all(len(row) == 24 for row in state.grid)


def test_the_same_key_lays_the_same_map_and_another_key_another() -> None:
    """Geomorphs are drawn from the match's generator: replayable, and different between matches."""
    a, b = GAME.setup({"scenario": "war"}, 4, 1), GAME.setup({"scenario": "war"}, 4, 1)
    assert a.grid == b.grid
    assert len({GAME.setup({"scenario": "war"}, 4, s).grid for s in range(2, 8)}) > 1


# -- turn order ----------------------------------------------------------------------------------------------


def test_the_highest_agility_moves_first_and_among_equals_the_smaller() -> None:
    """Seed: "The highest agility moves first. If more than one player has the same agility, order is then based on
    size. The smallest creatures move and attack first."."""
    state = position(
        wizard(0, "b2", "Elephant"),  # AGI 0
        wizard(1, "d2", "Cheetah"),  # AGI 3, Large
        wizard(2, "f2", "Salamander"),  # AGI 3, Medium
        wizard(3, "h2", "Rat"),  # AGI 5
    )
    _, order = round_order(state)
    assert order == (3, 2, 1, 0)


def test_exact_ties_are_settled_by_a_die_each_round() -> None:
    """Seed: "If still equal, determine randomly who moves first": with two identical Humans both orders occur."""
    orders = {round_order(position(wizard(0, "b2"), wizard(1, "f2"), seed=s))[1] for s in range(1, 30)}
    assert orders == {(0, 1), (1, 0)}


def test_the_first_player_of_the_first_round_is_rolled() -> None:
    """Seed: "Scenarios will specify which player moves first in the first turn": each scenario rolls for it."""
    firsts = {GAME.setup({"scenario": "duel"}, 3, s).order[0] for s in range(1, 40)}
    assert firsts == {0, 1, 2}


# -- a turn --------------------------------------------------------------------------------------------------


def test_a_turn_allows_one_move_one_spell_one_special_and_one_attack() -> None:
    """Seed: "During your turn they may do the following": move, cast one spell, use one special, make one HTH attack;
    each only once (ours: in any order)."""
    state = position(wizard(0, "e4", "Human", facing=0, mana=40), wizard(1, near("e4", 0, 3)))
    assert {k.split(":")[0] for k in keys(state)} >= {"move", "cast", "special", "end"}
    state, _ = act(state, "special:rest")
    assert not any(k.startswith("special:") for k in keys(state))
    state, _ = act(state, f"move:L:{near('e4', 0)}:e")
    assert not any(k.startswith("move:") for k in keys(state))
    assert "cast:morph:rat" in keys(state)
    state, _ = act(state, "cast:morph:rat")
    assert state.active == 1  # nothing but ending was left, so the turn ended


def test_a_turn_with_nothing_left_but_ending_ends_by_itself() -> None:
    """Ours: when a wizard has used everything it can, its turn ends without an extra click."""
    blob = wizard(0, "e4", "Amorphous Blob", target="Human", cell=(4, 3))
    state = position(blob, wizard(1, "k8"))
    after, log = act(state, f"move:L:{near('e4', 0)}:e")
    assert after.active == 1
    assert "Blob" in log or after.turns > state.turns


def test_one_mode_of_transport_per_turn() -> None:
    """Seed: "You cannot use more than one mode of transport per turn": after any move, no move is left."""
    state = position(wizard(0, "c4", "Crocodile"), wizard(1, "k8"), grid=("PPPWWWPPPPPP",) * 8)
    assert {k.split(":")[1] for k in keys(state) if k.startswith("move:")} == {"L", "W"}
    state, _ = act(state, f"move:W:{near('c4', 0)}:e")
    assert not any(k.startswith("move:") for k in keys(state))


# -- spells --------------------------------------------------------------------------------------------------


def test_a_spell_needs_intelligence_of_its_level_and_costs_its_level() -> None:
    """Seed: "A level 4 spell can only be cast by creatures with an intelligence of 4 and it costs 4 magic points."."""
    foe = wizard(1, near("e4", 0, 3))
    dog = position(wizard(0, "e4", "Dog", damage=2), foe)  # INT 3
    spells = {k.split(":")[1] for k in keys(dog) if k.startswith("cast:")}
    assert spells == {"morph", "heal", "slow"}
    state, _ = act(position(wizard(0, "e4", "Human"), foe), "cast:restrict:blue")
    assert state.wizard(0).mana == 46
    assert state.wizard(1).condition("restrict") >= 1


def test_heal_restores_intelligence_in_health() -> None:
    """Heal (level 2): heal health equal to INT."""
    state, _ = act(position(wizard(0, "e4", "Human", damage=7), wizard(1, "k8")), "cast:heal")
    assert state.wizard(0).damage == 2 and state.wizard(0).mana == 48


def test_slow_halves_speeds_for_a_die_of_turns() -> None:
    """Slow (level 3): an enemy within INT hexes moves at half speed (rounded down) for D6 of its turns."""
    state, _ = act(position(wizard(0, "e4"), wizard(1, near("e4", 0, 5), "Cheetah")), "cast:slow:blue")
    slowed = state.wizard(1)
    assert 1 <= slowed.condition("slow") <= 6
    turn = replace(state, order=(1, 0), index=0)

    assert speed(turn, slowed, "L") == 3  # 7 // 2
    far = position(wizard(0, "a1"), wizard(1, "l8"))
    assert not any(k.startswith("cast:slow") for k in keys(far))


def test_restrict_limits_changes_to_the_current_class() -> None:
    """Restrict (level 4): the target may change only into shapes of its current class."""
    cheetah = wizard(1, "e4", "Cheetah", conditions=(Condition("restrict", 3),))
    state = position(wizard(0, "k8"), cheetah, active=1)
    targets = {k.split(":")[2] for k in keys(state) if k.startswith("cast:morph")}
    assert "dog" in targets and "dragon" not in targets and "human" in targets


def test_teleport_reaches_any_empty_hex_in_sight() -> None:
    """Teleport (level 5): to any empty hex in line of sight; forest blocks sight."""
    grid = ("PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPFFFFPPPP") + ("PPPPPPPPPPPP",) * 5
    state = position(wizard(0, "f2"), wizard(1, "a8"), grid=grid)
    targets = {k.split(":")[2] for k in keys(state) if k.startswith("cast:teleport")}
    assert "l1" in targets and "a8" not in targets
    assert "f7" not in targets  # behind the forest
    state, _ = act(state, "cast:teleport:l1")
    assert hex_name(state.wizard(0).hex) == "l1"


# -- changing shape ------------------------------------------------------------------------------------------


def test_a_change_to_a_neighbouring_cell_takes_one_turn_and_no_blob() -> None:
    """Seed: "If the shapes are next to each other on the chart, it takes 1 turn and you don't spend any intervening
    time as an Amorphous Blob."."""
    state, _ = act(position(wizard(0, "e4"), wizard(1, "k8")), "cast:morph:rat")
    assert state.wizard(0).shape == "Human" and state.wizard(0).target == "Rat"
    state, _ = begin_turn(replace(state, done=state.done))
    assert state.wizard(0).shape == "Rat" and state.wizard(0).target is None


def test_each_cell_between_is_a_turn_as_a_blob() -> None:
    """Seed: "For every square in between your current shape and your target shape ... it takes an extra turn to change,
    and you spend those turns as an Amorphous Blob." Human (4,4) to Dog (3,3): one cell between."""
    state, log = act(position(wizard(0, "e4"), wizard(1, "k8")), "cast:morph:dog")
    assert state.wizard(0).shape == "Amorphous Blob" and "Blob" in log
    state, _ = begin_turn(state)
    assert state.wizard(0).shape == "Amorphous Blob"
    state, _ = begin_turn(state)
    assert state.wizard(0).shape == "Dog"


def test_cells_count_by_edges_not_corners() -> None:
    """Seed: "A shape is deemed as next to another shape if it shares an edge, not if it just shares a corner."."""

    assert chart_distance("Human", "Rat") == 1  # shares an edge
    assert chart_distance("Human", "Dog") == 2  # only a corner


def test_the_blob_costs_nothing_gains_nothing_and_moves_on_every_turn() -> None:
    """Seed: "Amorphous Blobs do not cost mana to maintain, you cannot gain mana while a Blob and you cannot remain a
    Blob": no upkeep, no Rest, no Font's mana, and its counter moves one cell each turn."""
    font = Artifact("font1", parse_hex("e4"))
    blob = wizard(0, "e4", "Amorphous Blob", target="Dragon", cell=(4, 4), mana=20)
    state, log = begin_turn(position(blob, wizard(1, "k8"), artifacts=(font,)))
    assert state.wizard(0).mana == 20 and not any("mana" in e.public for e in log)
    assert state.wizard(0).cell == (3, 4)
    assert not any(k == "special:rest" for k in keys(state))
    goal = TABLES.shapes["Dragon"].cell
    left = abs(goal[0] - 3) + abs(goal[1] - 4)
    more = f"{left} turn{'s' if left != 1 else ''} more"
    assert f"Red's change goes on: the Blob moves a cell towards a Dragon ({more})." in [e.public for e in log]


def test_the_new_shape_pays_its_upkeep_at_once() -> None:
    """Seed: "Once you achieve the shape you want, you must immediately pay the maintenance cost for the new shape."."""
    changing = wizard(0, "e4", "Human", target="Salamander", cell=(4, 4), mana=30)
    state, _ = begin_turn(position(changing, wizard(1, "k8")))
    assert state.wizard(0).shape == "Salamander" and state.wizard(0).mana == 26


def test_changing_shape_drops_what_is_held() -> None:
    """Seed: "The Amorphous Blob shape does not have hands. Anything you were holding is immediately dropped when you
    change shapes."."""
    key = Artifact("key", None, carrier=0)
    state, log = act(position(wizard(0, "e4"), wizard(1, "k8"), artifacts=(key,), scenario="key"), "cast:morph:rat")
    assert state.artifact("key").carrier is None and hex_name(state.artifact("key").hex) == "e4"
    assert "drops" in log


def test_morph_costs_one_more_per_point_of_damage() -> None:
    """Morph: changing while the current shape is damaged costs 1 extra mana per point of damage."""
    state, _ = act(position(wizard(0, "e4", damage=3), wizard(1, "k8")), "cast:morph:rat")
    assert state.wizard(0).mana == 46


def test_a_completed_change_heals_the_body() -> None:
    """Ours: the new shape arrives whole (the Morph surcharge paid for the damage)."""
    changing = wizard(0, "e4", "Human", target="Rat", cell=(4, 4), damage=5)
    state, _ = begin_turn(position(changing, wizard(1, "k8")))
    assert state.wizard(0).damage == 0


# -- maintaining a shape -------------------------------------------------------------------------------------


def test_upkeep_is_paid_every_turn_and_failing_it_starts_the_way_back_to_human() -> None:
    """Seed: "Every turn ... you must pay Mana to maintain the shape. If you do not have sufficient Mana ... you
    immediately become an Amorphous Blob and begin changing back to Human."."""
    state, _ = begin_turn(position(wizard(0, "e4", "Dragon", mana=12), wizard(1, "k8")))
    assert state.wizard(0).mana == 3
    state, log = begin_turn(state)
    assert state.wizard(0).shape == "Amorphous Blob" and state.wizard(0).target == "Human"
    assert "cannot pay" in log[0].public


def test_specialists_pay_one_less_for_their_school_and_one_more_for_others() -> None:
    """Specialization: the chosen school's costs fall by 1 (at least 1); the other schools' rise by 1 (ours)."""

    frog = wizard(0, "e4", "Frog", school="Aquatic")
    assert maintenance(frog, True) == 1
    assert maintenance(replace(frog, shape="Shark"), True) == 4
    assert maintenance(replace(frog, shape="Dragon"), True) == 10
    assert maintenance(replace(frog, shape="Human"), True) == 0


def test_specialization_starts_with_each_wizard_choosing_a_school() -> None:
    """Specialization is a lobby option: each wizard picks a school in turn order, then play begins."""
    state = GAME.setup({"specialization": True}, 2, 4)
    assert state.choosing_school
    first, second = state.order
    state, _ = act(state, "school:aquatic", first)
    state, _ = act(state, "school:mammal", second)
    assert not state.choosing_school
    assert state.wizard(first).school == "Aquatic" and state.wizard(second).school == "Mammal"


# -- movement ------------------------------------------------------------------------------------------------


def test_facing_changes_follow_size_and_terrain() -> None:
    """Seed: "A Human on the Plains may make 3 facing changes in their move (2 for large, 1 for plain being a favoured
    terrain for mammals)"; Small 5 … Huge 1 on favoured terrain, one fewer elsewhere (ours)."""
    forest = ("F" * 12,) * 8
    assert facing_allowance(position(wizard(0, "e4"), wizard(1, "k8")), wizard(0, "e4")) == 3
    assert facing_allowance(position(wizard(0, "e4"), wizard(1, "k8"), grid=forest), wizard(0, "e4")) == 2
    assert facing_allowance(position(wizard(0, "e4", "Rat"), wizard(1, "k8")), wizard(0, "e4", "Rat")) == 5
    dragon = wizard(0, "e4", "Dragon")
    assert facing_allowance(position(dragon, wizard(1, "k8"), grid=forest), dragon) == 1


def test_forward_at_full_speed_and_backward_at_half() -> None:
    """Seed: "You can only move forward at full speed. You can move backward at half speed (rounded down)."."""
    state = position(wizard(0, "f4", "Human", facing=0), wizard(1, "a8"))
    moves = keys(state)
    assert f"move:L:{near('f4', 0, 3)}:e" in moves  # three ahead
    assert f"move:L:{near('f4', 0, 4)}:e" not in moves
    assert f"move:L:{near('f4', 3, 1)}:e" in moves  # one back (3 // 2)
    assert f"move:L:{near('f4', 3, 2)}:e" not in moves


def test_a_wizard_cannot_enter_another_wizards_hex() -> None:
    """Ours: no two wizards share a hex, and none passes through another."""
    state = position(wizard(0, "f4", facing=0), wizard(1, near("f4", 0)))
    assert not any(k.split(":")[2] == near("f4", 0) for k in keys(state) if k.startswith("move:"))


def test_charging_into_hand_to_hand_needs_sight_at_the_start_of_the_move() -> None:
    """Seed: "You can only move into HTH combat if they are within Line of Sight at the beginning of your move ... You
    can still move next to an opponent, but you cannot initiate HTH combat that turn - unless you have the special
    power of Charge or Track, or if you are flying."."""
    grid = ("PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPFPPPPPP") + ("PPPPPPPPPPPP",) * 4
    foe = "g4"  # behind the forest on f4
    beside = near(foe, 2)  # two steps from e4, round the forest
    human = position(wizard(0, "e4", facing=0), wizard(1, foe), grid=grid)
    assert 1 not in human.done.seen
    after, _ = act(human, f"move:L:{beside}:e")
    assert not any(k.startswith("attack:blue") for k in keys(after))
    dog = position(wizard(0, "e4", "Dog", facing=0), wizard(1, foe), grid=grid)
    after, _ = act(dog, f"move:L:{beside}:e")
    assert "attack:blue" in keys(after)
    seen = position(wizard(0, "e4", facing=0), wizard(1, foe))  # no forest: seen at the start
    after, _ = act(seen, f"move:L:{beside}:e")
    assert "attack:blue" in keys(after)


def test_only_hexes_between_block_sight() -> None:
    """Seed: "There must be at least one hex between you and the target for it to block line of sight. The hex you or
    the target are in cannot block line of sight."."""

    grid = ("FFFFFFFFFFFF",) * 8
    assert in_sight(grid, parse_hex("e4"), parse_hex(near("e4", 0)))
    assert not in_sight(grid, parse_hex("e4"), parse_hex(near("e4", 0, 2)))


def test_a_special_can_be_used_after_moving_out_of_sight() -> None:
    """Seed: "You can of course use a special power after getting within range - even if you did not start the turn
    within Line of Sight ... a Dragon can enter a forest, and still Breathe on any opponent it finds there."."""
    grid = ("PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPPPPPPPPP", "PPPPFFPPPPPP") + ("PPPPPPPPPPPP",) * 4
    dragon = wizard(0, "c4", "Dragon", facing=0, flying=False)
    state = position(dragon, wizard(1, "f4"), grid=grid)
    assert "special:breathe:blue" not in keys(state) and 1 not in state.done.seen
    state, _ = act(state, "move:L:e4:e")  # into the forest
    assert "special:breathe:blue" in keys(state)


def test_leaving_the_map_without_the_key_loses_and_with_it_wins() -> None:
    """The Key of Solomon: leaving without the Key loses; the first to leave carrying it wins."""
    key = Artifact("key", None, carrier=0)
    edge = position(wizard(0, "l4", facing=0), wizard(1, "a1"), wizard(2, "a8"), artifacts=(key,), scenario="key")
    assert "move:L:off" in keys(edge)
    won, _ = act(edge, "move:L:off")
    assert won.outcome is not None and won.outcome.winners == {0}
    empty = replace(edge, artifacts=(Artifact("key", parse_hex("a4")),))
    lost, log = act(empty, "move:L:off")
    assert lost.outcome is None and lost.wizard(0).left_map and "out of the game" in log
