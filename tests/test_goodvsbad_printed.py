"""Rules version 4 (issue 42, "every printed word happens"): where the seed or a card says one thing and the code
did another, version 4 does what is printed; matches begun under versions 1–3 play on under their old rules.
Each rule is tested under both."""

from __future__ import annotations

import pytest

from engine.frozen import replace
from engine.games.goodvsbad.model import AS_PRINTED, Fixture, GvbState, Mark
from tests.helpers.goodvsbad import GAME, act, ends, holding, keys, on_top, placed, rolls, steer, table, walk_onto

OLD = AS_PRINTED - 1


def test_version_four_and_older_matches_keep_their_own() -> None:
    """Version 5 (the Destiny cards, tests/test_goodvsbad_destiny.py) keeps everything version 4 prints."""
    assert AS_PRINTED == 4 and GAME.meta.rules_version > AS_PRINTED and GAME.meta.older_rules[:4] == (1, 2, 3, 4)
    assert GAME.rules_version_of(GAME.setup(None, 2, 1, rules_version=4)) == 4
    assert GAME.rules_version_of(GAME.setup(None, 2, 1, rules_version=3)) == 3


@pytest.mark.face("goodvsbad", "level:good:2")
@pytest.mark.parametrize(("rules", "reach"), [(AS_PRINTED, (2,)), (OLD, (1, 2))])
def test_good_two_moves_the_piece_two_spaces_where_older_versions_offer_one_or_two(rules: int, reach: tuple) -> None:
    """The seed: "Piece may move two squares forward or back" (Bad 3 says "up to two": the seed tells them apart)."""
    state = walk_onto(table(rules=rules).with_mark(Mark("0.5", "good", 2)), "villain", "0.5")
    offered = {k.removeprefix("nudge:") for k in keys(state, "nudge:")}
    assert offered == {"stay", *(p for n in reach for p in ends(state, "0.5", n))}


@pytest.mark.face("goodvsbad", "level:bad:2")
@pytest.mark.parametrize(("rules", "dragged"), [(AS_PRINTED, "0.5"), (OLD, "0.6")])
def test_bad_two_drags_a_piece_back_where_it_came_from_if_that_is_worse(rules: int, dragged: str) -> None:
    """The seed: "Piece must move one square to a worse square if available": any way, as a Good space's move goes
    "forward or back"; no doubling back is a rule of the roll's move. Under versions 1–3 the drag may not step
    back onto the space the piece came from."""
    state = table(rules=rules).with_mark(Mark("0.5", "bad", 3)).with_mark(Mark("0.6", "bad", 2))
    state = walk_onto(state, "hero", "0.6")  # over 0.5, a worse space, onto 0.6
    assert state.piece(0, "hero").place == dragged


@pytest.mark.face("goodvsbad", "event:wave-of-badness")
def test_a_wave_asks_its_player_for_each_special_it_makes() -> None:
    """The seed: "The player who creates the Special chooses which particular special it should be": a Wave
    creates several, and its player names each one."""
    state = holding(table(), events=("wave-of-badness",))
    for place in ("0.5", "0.6", "0.7"):
        state = state.with_mark(Mark(place, "bad", 5))
    assert keys(state, "event:") == ["event:wave-of-badness"]
    state = act(state, "event:wave-of-badness")
    assert GAME.prompt(state, 0) == (
        "Your Wave makes North Road 5 a Special (2 more spaces to name after it): which one?"
    )
    labels = [c.label for c in GAME.choices(state, 0)]
    assert labels[0] == "Make North Road 5 a Special: Crossroads of Fate (draw an Event card)"
    assert all(len(label) <= 100 for label in labels)
    for special in ("home", "wound", "home"):
        state = act(state, f"wave:{special}")
    assert [state.mark_at(p).special for p in ("0.5", "0.6", "0.7")] == ["home", "wound", "home"]
    assert state.player(0).renown == 6 and state.pending.kind == "roll"


@pytest.mark.face("goodvsbad", "event:wave-of-badness")
def test_under_older_versions_a_wave_names_one_special_for_every_space_it_makes() -> None:
    state = holding(table(rules=OLD), events=("wave-of-badness",))
    for place in ("0.5", "0.6"):
        state = state.with_mark(Mark(place, "bad", 5))
    assert keys(state, "event:") == [f"event:wave-of-badness:{s}" for s in ("draw_event", "wound", "lose_d6", "home")]
    state = act(state, "event:wave-of-badness:home")
    assert [state.mark_at(p).special for p in ("0.5", "0.6")] == ["home", "home"]


@pytest.mark.face("goodvsbad", "item:armour", "special:bad:wound", "level:bad:4", "item:fortification")
@pytest.mark.parametrize(("rules", "left"), [(AS_PRINTED, 9), (OLD, 8)])
def test_armour_takes_its_point_off_a_spaces_damage_too(rules: int, left: int) -> None:
    """Armour: "1 less damage taken", all damage: from version 4 a Bad 4 space, a Cursed Ground and a
    Fortification too, where before only fights counted it."""
    state = placed(table(rules=rules), 0, "hero", "h0", items=("armour",)).with_mark(Mark("0.6", "bad", 4))
    assert sum(walk_onto(state, "hero", "0.6", roll=8).piece(0, "hero").stats) == left
    cursed = placed(table(rules=rules), 0, "hero", "h0", items=("armour",)).with_mark(Mark("0.6", "bad", 6, "wound"))
    assert sum(walk_onto(cursed, "hero", "0.6", roll=8).piece(0, "hero").stats) == left
    fort = replace(placed(table(rules=rules), 0, "villain", "h0", items=("armour",)),
                   fixtures=(Fixture("0.6", "fortification", 1),))  # fmt: skip
    assert sum(walk_onto(fort, "villain", "0.6", roll=8).piece(0, "villain").stats) == left


def _helped(rules: int) -> GvbState:
    """Red's Hero on an E square calls Blue's Hero, who holds a Super Weapon and joins: the two fight Bog Wisp
    (Agility against 9) with 2d6 of 1 + 1 and Agility 3 each, 8 without the Weapon."""
    state = placed(table(3, rules=rules), 1, "hero", "0.6", items=("super-weapon",))
    state = walk_onto(on_top(state, "bog-wisp", "E"), "hero", "0.4")
    state = act(state, "help:call")
    state = act(steer(state, lambda rng: rolls(rng, (1, 1))), "help:join", seat=1)
    return act(state, "help:decline", seat=2) if GAME.to_decide(state) == (2,) else state


@pytest.mark.face("goodvsbad", "item:weapon")
@pytest.mark.parametrize(("rules", "won"), [(AS_PRINTED, True), (OLD, False)])
def test_a_helpers_weapon_adds_to_the_stat_it_fights_with(rules: int, won: bool) -> None:
    """A Weapon "laid beside a piece: +1 to the stat it fights with": a Hero who joins a fight fights it, so its
    Weapon counts from version 4; before, only the caller's did."""
    state = _helped(rules)
    assert (state.player(0).renown > 0) is won


@pytest.mark.face("goodvsbad", "event:teleport", "event:extension", "event:wave-of-goodness", "event:weak-monsters")
@pytest.mark.parametrize("rules", [AS_PRINTED, OLD])
def test_no_card_is_offered_where_it_would_do_nothing(rules: int) -> None:
    """From version 4 (a face offered as a play must be able to have its effect): no Teleport of pieces that
    stand together, no Extension when every road is 29 long, no Wave with no space of its side, no Weak (Strong)
    Monsters when every square already draws from E (H). Older versions offer them."""
    cards = ("teleport", "extension", "wave-of-goodness", "weak-monsters")
    state = holding(replace(table(rules=rules), lengths=(29, 29), shift=-3), events=cards)
    offered = keys(state, "event:")
    if rules >= AS_PRINTED:
        assert offered == []
    else:
        assert {k.split(":")[1] for k in offered} == set(cards)


@pytest.mark.face("goodvsbad", "level:good:1")
@pytest.mark.parametrize("rules", [AS_PRINTED, OLD])
def test_a_good_space_moves_a_piece_once_a_turn(rules: int) -> None:
    """Ours (every version): a piece a Good 1 space moved onto another Good space is not moved again this turn,
    or it could walk between two Good spaces for ever, and a Hero raise both to Specials in one turn."""
    state = table(rules=rules).with_mark(Mark("0.5", "good", 1)).with_mark(Mark("0.6", "good", 1))
    state = act(walk_onto(state, "villain", "0.5"), "nudge:0.6")
    assert state.piece(0, "villain").place == "0.6" and keys(state, "nudge:") == []


@pytest.mark.face("goodvsbad", "item:trap", "level:good:2")
@pytest.mark.parametrize(
    ("rules", "offered"), [(AS_PRINTED, {"stay", "0.3", "0.6"}), (OLD, {"stay", "0.3", "0.4", "0.6", "0.7"})]
)
def test_a_trap_stops_a_good_spaces_move_past_it(rules: int, offered: set[str]) -> None:
    """A Trap: "the next piece that would move past it stops there": from version 4 a Good space's move too."""
    state = replace(table(rules=rules).with_mark(Mark("0.5", "good", 2)), fixtures=(Fixture("0.6", "trap", 1),))
    state = walk_onto(state, "villain", "0.5")
    assert {k.removeprefix("nudge:") for k in keys(state, "nudge:")} == offered


@pytest.mark.face("goodvsbad", "item:trap", "level:bad:3")
@pytest.mark.parametrize(("rules", "ends_on"), [(AS_PRINTED, ("0.5", "0.6")), (OLD, ("0.7", "0.7"))])
def test_a_trap_stops_a_bad_spaces_drag_past_it(rules: int, ends_on: tuple[str, str]) -> None:
    """From version 4 a drag stops at a Trap in its way too: on the Trap, if its space is worse; else the way is
    shut and the piece goes no further that way. Before, a drag passed over Traps."""
    for trap_space, expected in zip((None, Mark("0.6", "bad", 4)), ends_on, strict=True):
        state = table(rules=rules).with_mark(Mark("0.5", "bad", 3)).with_mark(Mark("0.7", "bad", 5))
        state = replace(state, fixtures=(Fixture("0.6", "trap", 1),))
        state = walk_onto(state.with_mark(trap_space) if trap_space else state, "hero", "0.5")
        assert state.piece(0, "hero").place == expected
