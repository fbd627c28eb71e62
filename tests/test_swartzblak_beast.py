"""The Shapeshifter of Swartzblak, continued from ``test_swartzblak_rules.py``: the Beast, our rules versions 2–5,
Twists and Turns, how a match is won, keys and seals.

Positions are built with ``position(...)`` (``tests/helpers/swartzblak.py``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalAction, MalformedKey, NotYourTurn
from engine.games.swartzblak.board import (
    NEIGHBOURS,
    Alley,
    empty_tiles,
    footprint,
)
from engine.games.swartzblak.model import (
    ADVERSARY,
    BEAST,
    HEROES,
    Cond,
    Pending,
    verify_seals,
)
from engine.games.swartzblak.rules import occupancy
from tests.helpers.swartzblak import ALLEYS, GAME, act, alley, keys, position, rolled, sq, where

# -- The Beast, Large ---------------------------------------------------------------------------------------


@pytest.mark.face("swartzblak", "beast:large")
def test_the_beast_is_large_and_charges_in_straight_lines_stopped_by_heroes() -> None:
    state = position({BEAST: "e5", "C": "e8", "v3": None}, side=ADVERSARY, secret=None)
    assert footprint(sq("e5")) == (sq("e5"), sq("f5"), sq("e6"), sq("f6"))
    moves = {k for k in keys(state) if k.startswith("B>")}
    assert "B>e6" in moves and "B>e7" not in moves  # e8 holds a Hero
    assert "B>a5" in moves and "B>f6" not in moves  # straight lines only


def test_beast_cannot_be_disabled_except_by_an_attack_with_advantage() -> None:
    base = position({BEAST: "e5", "C": "e4", "v3": None}, {BEAST: Cond.WOUNDED}, secret=None)
    plain = rolled(base, "C!B", hit=True)
    assert plain.unit(BEAST).cond is Cond.WOUNDED
    flanked = position({BEAST: "e5", "C": "e4", "R": "g5", "v3": None}, {BEAST: Cond.WOUNDED}, secret=None)
    hard = rolled(flanked, "C!B", hit=True)
    assert hard.unit(BEAST).cond is Cond.DISABLED


def test_quick_change_artist_a_wounded_beast_may_use_everything_changes_for_free() -> None:
    state = position({BEAST: "e5", "C": "e4", "v3": None}, secret=None)
    state = rolled(state, "C!B", hit=True)
    assert state.unit(BEAST).cond is Cond.WOUNDED and state.pending == Pending("change")
    assert GAME.to_decide(state) == (ADVERSARY,)
    options = keys(state)
    assert "keep" in options and "ec:f6:3" in options and "ec:e5:1" in options
    after = act(state, "ec:f6:5")
    assert after.unit(BEAST).square is None and where(after, "v3") == "f6" and after.secret == 5
    assert after.stunts == state.stunts  # free
    assert act(state, "keep").unit(BEAST).cond is Cond.WOUNDED


def test_everything_changes_costs_two_stunts_and_makes_a_new_secret_pick_with_a_seal() -> None:
    state = position({BEAST: "e5", "v3": None}, side=ADVERSARY, secret=None)
    transition = GAME.act(state, ADVERSARY, "ec:e6:3")
    after = transition.state
    assert after.stunts == 1 and after.secret == 3 and where(after, "v3") == "e6"
    assert len(after.seals) == 1 and verify_seals(after.nonce, after.seals, after.picks)
    public = " ".join(e.public for e in transition.log)
    assert "Varmint 3 scampers out on e6" in public and "chose Varmint" not in public


def test_you_have_got_a_big_old_problem_reveals_and_places_the_beast_over_the_varmint() -> None:
    state = position({"v3": "e8"}, side=ADVERSARY, secret=3)
    assert {k for k in keys(state) if k.startswith("bop")} == {"bop:d7", "bop:e7", "bop:d8", "bop:e8"}
    transition = GAME.act(state, ADVERSARY, "bop:e7")
    after = transition.state
    assert after.unit("v3").square is None and where(after, BEAST) == "e7" and after.secret is None
    assert after.stunts == 1
    assert "Varmint 3 was the Shapeshifter" in transition.log[0].public


def test_big_old_problem_fails_without_a_free_two_by_two() -> None:
    crowd = {"v3": "e8", "t1": "d8", "t2": "f8", "t3": "e7", "t4": "e9"}
    state = position(crowd, side=ADVERSARY, secret=3)
    assert not any(k.startswith("bop") for k in keys(state))
    with pytest.raises(IllegalAction, match="fails"):
        act(state, "bop:e8")


def test_big_old_problem_is_only_for_the_true_varmint() -> None:
    state = position({"v2": "e8"}, side=ADVERSARY, secret=3)
    assert "bop:e7" not in keys(state)


def test_a_disabled_disguised_shapeshifter_may_still_reveal_and_the_beast_arrives_wounded() -> None:
    state = position({"v3": "e8"}, {"v3": Cond.DISABLED}, side=ADVERSARY, secret=3)
    after = act(state, "bop:e7")
    assert after.unit(BEAST).cond is Cond.WOUNDED


# -- Rules version 2 (ours): the reveal-trample-hide line closed --------------------------------------------


def test_new_matches_play_the_newest_version_and_a_match_keeps_the_version_it_started_with() -> None:
    assert GAME.meta.rules_version == 7 and all(GAME.meta.plays(v) for v in (1, 2, 3, 4, 5, 6))
    assert GAME.setup(None, 2, 5).rules == 7
    for version in (1, 2, 3, 4, 5, 6):
        old = GAME.setup(None, 2, 5, rules_version=version)
        assert old.rules == version and GAME.state_to_json(old)["rules_version"] == version
        assert GAME.state_from_json(GAME.state_to_json(old)) == old
    stored = GAME.state_to_json(GAME.setup(None, 2, 5, rules_version=1))
    del stored["state"]["rules"]  # a state stored before version 2 existed
    assert GAME.state_from_json(stored).rules == 1


@pytest.mark.parametrize("rules", [1, 2])
def test_v2_the_revealed_beast_is_the_varmint_so_its_stunt_is_spent(rules: int) -> None:
    state = position({"v3": "e8", "t1": "g7"}, side=ADVERSARY, secret=3, rules=rules)
    after = act(state, "bop:e7")
    assert after.stunts == 1 and where(after, BEAST) == "e7"
    follow_ups = keys(after)
    if rules == 1:
        assert "B!t1" in follow_ups, "version 1: the Beast may still attack the Townsperson beside it"
    else:
        assert not any(k.startswith(("B!", "ec:")) for k in follow_ups), "no attack, no Everything Changes"
        assert any(k.startswith("B>") for k in follow_ups), "its (>) is still unused"
        with pytest.raises(IllegalAction, match="already used its stunt"):
            act(after, "B!t1")


def test_v2_a_varmint_that_moved_before_revealing_leaves_the_beast_no_move_either() -> None:
    state = position({"v3": "e8"}, side=ADVERSARY, secret=3, rules=2)
    state = act(state, "v3>e9")
    after = act(state, "bop:e8")
    assert not any(k.startswith("B>") for k in keys(after))


@pytest.mark.face("swartzblak", "beast:large", "town:blocking")
@pytest.mark.parametrize("rules", [1, 2])
def test_v2_standing_townspeople_stop_a_charging_beast(rules: int) -> None:
    state = position({BEAST: "e5", "t1": "e7", "v3": None}, side=ADVERSARY, secret=None, rules=rules)
    moves = {k for k in keys(state) if k.startswith("B>")}
    assert "B>e4" in moves
    if rules == 1:
        assert "B>e8" in moves
        assert act(state, "B>e8").unit("t1").cond is Cond.DISABLED, "version 1: passed over and trampled"
    else:
        assert "B>e6" not in moves and "B>e8" not in moves
        down = position({BEAST: "e5", "t1": "e7", "v3": None}, {"t1": Cond.DISABLED}, side=ADVERSARY,
                        secret=None, rules=2)  # fmt: skip
        assert "B>e8" in keys(down), "a Disabled Townsperson does not stop it"


# -- Rules version 3 (ours): the Heroes tend the town --------------------------------------------------------


def test_v3_a_standing_hero_helps_a_disabled_townsperson_beside_it_up_for_its_stunt() -> None:
    state = position({"t1": "e2"}, {"t1": Cond.DISABLED}, rules=3)
    assert "C!aid:t1" in keys(state)
    assert not any(k.startswith(("W!aid", "R!aid")) for k in keys(state)), "only a Hero beside it"
    after = act(state, "C!aid:t1")
    assert after.unit("t1").cond is Cond.HEALTHY, "Townspeople are never Wounded: up means unharmed"
    assert after.stunts == 2 and "C" in after.stunted and after.moves == 3
    assert not any(k.startswith("C!") for k in keys(after)), "it was the Captain's stunt"


def test_v3_no_tending_while_a_standing_varmint_or_the_beast_is_beside_the_townsperson() -> None:
    for enemy, square in (("v1", "e3"), (BEAST, "f2")):
        state = position({"t1": "e2", enemy: square}, {"t1": Cond.DISABLED}, rules=3, secret=None)
        assert "C!aid:t1" not in keys(state)
        with pytest.raises(IllegalAction, match="no standing Varmint or the Beast"):
            act(state, "C!aid:t1")
    fallen = position({"t1": "e2", "v1": "e3"}, {"t1": Cond.DISABLED, "v1": Cond.DISABLED}, rules=3)
    assert "C!aid:t1" in keys(fallen), "a Disabled Varmint does not stop it"


def test_v3_tending_needs_a_standing_hero_and_a_disabled_townsperson() -> None:
    assert "C!aid:t1" not in keys(position({"t1": "e2"}, rules=3)), "an unharmed Townsperson needs no help"
    down = position({"t1": "e2"}, {"t1": Cond.DISABLED, "C": Cond.DISABLED}, rules=3)
    assert "C!aid:t1" not in keys(down)


@pytest.mark.parametrize("rules", [1, 2])
def test_v3_matches_of_older_versions_have_no_tending(rules: int) -> None:
    state = position({"t1": "e2"}, {"t1": Cond.DISABLED}, rules=rules)
    assert not any("!aid:" in k for k in keys(state))
    with pytest.raises(IllegalAction, match="rules version 3"):
        act(state, "C!aid:t1")


@pytest.mark.parametrize("rules", [2, 3])
def test_v3_townspeople_defend_with_two_dice(rules: int) -> None:
    state = position({BEAST: "e5", "t1": "e7", "v3": None}, side=ADVERSARY, secret=None, rules=rules)
    after = act(state, "B!t1")
    assert after.last_roll is not None and len(after.last_roll.attack) == 3
    assert len(after.last_roll.defence) == (2 if rules == 3 else 1)


def test_v3_a_tended_town_wins_the_sixth_round_for_the_heroes() -> None:
    state = position({"t1": "e2"}, {"t1": Cond.DISABLED}, side=ADVERSARY, round_=6, rules=3)
    state = act(state, "end")
    assert state.outcome is not None and state.outcome.winners == {ADVERSARY}
    healed = act(position({"t1": "e2"}, {"t1": Cond.DISABLED}, round_=6, rules=3), "C!aid:t1")
    healed = act(act(healed, "end"), "end")
    assert healed.outcome is not None and healed.outcome.winners == {HEROES}


# -- Twists and Turns ---------------------------------------------------------------------------------------


def _path_ok(a: Alley) -> bool:
    return all(a.squares[i - 1] in NEIGHBOURS[a.squares[i]] for i in range(1, 6)) and len(set(a.squares)) == 6


def test_twists_and_turns_costs_two_stunts_and_offers_a_short_menu_of_layouts() -> None:
    state = act(position(), "tw:A")
    assert state.stunts == 1 and state.pending == Pending("twist", unit="A")
    options = GAME.choices(state, HEROES)
    assert 1 <= len(options) <= 6 and all(c.key.startswith("tw:A:") for c in options)


@pytest.mark.parametrize("seed", range(8))
def test_twists_preserve_order_occupants_and_an_anchor_next_to_an_empty_tile(seed: int) -> None:
    state = position({"t1": "b6", "v1": "d7"}, seed=seed)
    state = act(state, "tw:A")
    before = state.alleys[0]
    for choice in GAME.choices(state, HEROES):
        after_state = act(state, choice.key)
        after = after_state.alleys[0]
        assert after.numbers == before.numbers and after.squares != before.squares
        assert _path_ok(after)
        stayed = [i for i in range(6) if after.squares[i] == before.squares[i]]
        empty = empty_tiles([s for a in state.alleys for s in a.squares], occupancy(state))
        assert any(any(n in empty for n in NEIGHBOURS[before.squares[i]]) for i in stayed)
        assert after_state.unit("t1").square == after.square_of(before.numbers[before.squares.index(sq("b6"))])
        assert after_state.unit("v1").square == after.square_of(before.numbers[before.squares.index(sq("d7"))])
        others = {s for a in after_state.alleys[1:] for s in a.squares}
        assert not others & set(after.squares)


def test_tiles_under_the_large_beast_never_move() -> None:
    state = position({BEAST: "c7", "v3": None}, secret=None)  # on tiles c7 and d7 of Astrologic Alley
    state = act(state, "tw:A")
    for choice in GAME.choices(state, HEROES):
        after = act(state, choice.key).alleys[0]
        assert sq("c7") in after.squares and sq("d7") in after.squares
        assert after.squares.index(sq("c7")) == 3 and after.squares.index(sq("d7")) == 4


# -- Win conditions -----------------------------------------------------------------------------------------


def test_heroes_win_when_the_shapeshifter_is_disabled_at_the_start_and_end_of_an_adversary_turn() -> None:
    state = position({"v3": "e8"}, {"v3": Cond.DISABLED}, secret=3)
    state = act(state, "end")
    assert state.down_at_start and state.outcome is None
    state = act(state, "end")
    assert state.outcome is not None and state.outcome.winners == frozenset({HEROES})


def test_a_disabled_varmint_that_is_not_the_shapeshifter_does_not_end_the_game() -> None:
    state = position({"v2": "e8"}, {"v2": Cond.DISABLED}, secret=3)
    assert act(act(state, "end"), "end").outcome is None


def test_the_adversary_escapes_the_loss_by_revealing_during_its_turn() -> None:
    state = act(position({"v3": "e8"}, {"v3": Cond.DISABLED}, secret=3), "end")
    state = act(act(state, "bop:e7"), "end")
    assert state.outcome is None


def test_a_disabled_beast_guarded_by_a_hero_cannot_recover_and_the_heroes_win() -> None:
    state = position({BEAST: "e5", "C": "e4", "v3": None}, {BEAST: Cond.DISABLED}, secret=None, side=ADVERSARY)
    state = replace(state, down_at_start=True)
    assert "B!rec" not in keys(state)
    assert act(state, "end").outcome.winners == frozenset({HEROES})  # type: ignore[union-attr]
    alone = replace(position({BEAST: "e5", "v3": None}, {BEAST: Cond.DISABLED}, secret=None, side=ADVERSARY))
    alone = act(replace(alone, down_at_start=True), "B!rec")
    assert act(alone, "end").outcome is None


def test_adversary_wins_with_the_disguised_shapeshifter_on_an_unconnected_tile_5_at_the_end_of_a_hero_turn() -> None:
    state = position({"v3": "e7"}, secret=3)  # e7 is Tile 5 of Astrologic Alley
    state = act(state, "end")
    assert state.outcome is not None and state.outcome.winners == frozenset({ADVERSARY})


@pytest.mark.parametrize(
    ("placing", "secret"),
    [
        ({"v3": "e7", "C": "e8"}, 3),  # a Hero adjacent
        ({"v3": "e7", "C": "e8"}, 3),
        ({"v2": "e7"}, 3),  # not the Shapeshifter
        ({"v3": "d7"}, 3),  # Tile 4, not Tile 5
    ],
)
def test_no_escape_when_a_hero_is_adjacent_or_it_is_not_the_shapeshifter_on_tile_5(
    placing: dict[str, str], secret: int
) -> None:
    assert act(position(placing, secret=secret), "end").outcome is None


def test_no_escape_from_a_connected_alleyway_or_at_the_end_of_the_adversary_turn() -> None:
    joined = (alley("A", "b5 b6 b7 c7 d7 e7"), alley("T", "f7 g7 h7 i7 i6 i5"), ALLEYS[2])
    assert act(position({"v3": "e7"}, alleys=joined), "end").outcome is None
    assert act(position({"v3": "e7"}, side=ADVERSARY), "end").outcome is None


def test_no_escape_in_beast_form() -> None:
    state = position({BEAST: "d7", "v3": None}, secret=None)
    assert act(state, "end").outcome is None


def test_heroes_win_if_all_six_townspeople_are_unharmed_at_the_end_of_the_sixth_round() -> None:
    state = act(position(side=ADVERSARY, round_=6), "end")
    assert state.outcome is not None and state.outcome.winners == frozenset({HEROES})


def test_otherwise_the_adversary_wins_at_the_end_of_the_sixth_round() -> None:
    state = act(position({}, {"t2": Cond.DISABLED}, side=ADVERSARY, round_=6), "end")
    assert state.outcome is not None and state.outcome.winners == frozenset({ADVERSARY})


# -- Keys, errors, seals ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["C>e3", "v2!C", "W!hex:v3", "R!cmd:t2", "t2>e5", "tw:A:2:4:r90", "ec:d5:3", "end"])
def test_keys_round_trip(key: str) -> None:
    assert GAME.action_key(GAME.parse_key(key)) == key
    assert GAME.parse_key(key.lower()) == GAME.parse_key(key)


def test_nonsense_is_a_malformed_key_and_the_wrong_seat_is_refused() -> None:
    with pytest.raises(MalformedKey):
        GAME.parse_key("fly to the moon")
    with pytest.raises(NotYourTurn):
        GAME.act(position(), ADVERSARY, "end")
    with pytest.raises(IllegalAction, match="isn't yours"):
        act(position(), "v1>b9")
    with pytest.raises(IllegalAction, match="Only the Adversary"):
        act(position(), "bop:e7")


def test_at_the_end_every_seal_is_opened_and_verifies() -> None:
    state = GAME.setup(None, 2, 3)
    log = list(GAME.act(state, ADVERSARY, "pick2").log)
    state = GAME.act(state, ADVERSARY, "pick2").state
    while state.outcome is None:
        transition = GAME.act(state, GAME.to_decide(state)[0], "end" if not state.pending else "stay")
        state = transition.state
        log.extend(transition.log)
    assert verify_seals(state.nonce, state.seals, state.picks)
    public = [e.public for e in log]
    assert any(f"Seal #1 ({state.seals[0][:12]}) opened: Varmint 2." in line for line in public)
    assert any(state.picks[0].salt in line for line in GAME.commitments(GAME.view(state, None)))
    assert GAME.view(state, HEROES).shapeshifter == 2


# -- Rules version 4 (ours): only the Beast guards a fallen Townsperson -----------------------------------------


def test_v4_a_standing_varmint_beside_the_townsperson_no_longer_stops_tending() -> None:
    state = position({"t1": "e2", "v1": "e3"}, {"t1": Cond.DISABLED}, rules=4, secret=None)
    assert "C!aid:t1" in keys(state)
    assert act(state, "C!aid:t1").unit("t1").cond is Cond.HEALTHY
    older = position({"t1": "e2", "v1": "e3"}, {"t1": Cond.DISABLED}, rules=3, secret=None)
    assert "C!aid:t1" not in keys(older), "version 3 matches keep their rule"


def test_v4_the_beast_beside_the_townsperson_still_stops_tending() -> None:
    state = position({"t1": "e2", BEAST: "f2"}, {"t1": Cond.DISABLED}, rules=4, secret=None)
    assert "C!aid:t1" not in keys(state)
    with pytest.raises(IllegalAction, match="unless the Beast stands beside it"):
        act(state, "C!aid:t1")


# -- Rules version 5 (ours): the Beast charges three squares, not four -------------------------------------------


@pytest.mark.face("swartzblak", "beast:large")
@pytest.mark.parametrize("rules", [4, 5])
def test_v5_the_beast_charges_three_squares_where_older_matches_keep_four(rules: int) -> None:
    state = position({BEAST: "e5", "v3": None}, side=ADVERSARY, secret=None, rules=rules)
    moves = {k for k in keys(state) if k.startswith("B>")}
    assert "B>b5" in moves and "B>e2" in moves  # three squares west and south
    assert ("B>a5" in moves) is (rules == 4), "the fourth square is version 4's"
    if rules == 5:
        with pytest.raises(IllegalAction, match="charges up to 3 squares"):
            act(state, "B>a5")


# -- Rules version 6 (ours): no play offered that would do nothing ---------------------------------------------

HEMMED = {"t1": "a1", "C": "a2", "W": "b1", "t2": "h5", "t3": "h6"}  # Townsperson 1 in a corner, two Heroes by it
OTHERS_DOWN = dict.fromkeys(("t2", "t3", "t4", "t5", "t6"), Cond.DISABLED)


@pytest.mark.face("swartzblak", "town:flee", "town:command")
@pytest.mark.parametrize("rules", [5, 6])
def test_v6_no_flee_that_moves_nobody_and_no_command_of_a_townsperson_hemmed_in(rules: int) -> None:
    state = position(HEMMED, OTHERS_DOWN, rules=rules)
    offered = keys(state)
    assert any(k.startswith("flee:") for k in offered) is (rules == 5), "Townsperson 1 cannot run anywhere"
    assert ("C!cmd:t1" in offered) is (rules == 5)
    if rules == 6:
        with pytest.raises(IllegalAction, match="can run that way"):
            act(state, "flee:n")
        with pytest.raises(IllegalAction, match="room to move"):
            act(state, "C!cmd:t1")


@pytest.mark.face("swartzblak", "town:flee")
def test_v6_every_flee_pattern_offered_moves_a_townsperson_and_every_one_that_would_is_offered() -> None:
    state = position({"t1": "e5", "C": "e4"}, OTHERS_DOWN, rules=6)  # Townsperson 1 beside the Captain already
    offered = {k for k in keys(state) if k.startswith("flee:")}
    old = replace(state, rules=5)
    moving = {f"flee:{p}" for p in ("safe", "away", "n", "e", "s", "w") if where(act(old, f"flee:{p}"), "t1") != "e5"}
    assert offered == moving and "flee:safe" not in offered, "it stands by the nearest Hero: nowhere safer to run"
