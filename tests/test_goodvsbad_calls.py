"""A Hero's call for help: the Heroes on its road are asked on the caller's turn, answer in the open, and those
who join add their stats and share the outcome."""

from __future__ import annotations

from engine.frozen import replace
from engine.games.goodvsbad.fights import _mark
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import GvbState, Mark
from engine.games.goodvsbad.rules import deciders, legal, play
from tests.test_goodvsbad_turns import landed, started

GAME = GoodVsBad()


def on_road(state: GvbState, **places: str) -> GvbState:
    """Put seats' Heroes on places: ``s1="0.6"``."""
    for name, place in places.items():
        hero = state.piece(int(name[1:]), "hero")
        state = state.with_piece(replace(hero, place=place))
    return state


def test_a_hero_with_heroes_on_its_road_may_call_them_and_one_alone_fights_at_once() -> None:
    state = on_road(started(3), s1="0.6", s2="2.3")
    called = landed(state, 0, "0.4", "0.3")
    assert legal(called, 0) == ["help:call", "help:alone"], "Blue's Hero is on the same road; Green's is not"
    alone = landed(started(3), 0, "0.4", "0.3")
    assert alone.pending is None or alone.pending.kind != "help", "nobody on the road: no call"


def called(top: str, stats: tuple[int, int, int]) -> GvbState:
    """Red's Hero on an Encounter square with ``top`` on its deck, Blue's and Green's Heroes on the same road,
    every Hero's stats ``stats``; Red has called for help."""
    state = on_road(started(3), s1="0.6", s2="0.9")
    for seat in range(3):
        hero = state.piece(seat, "hero")
        state = state.with_piece(replace(hero, stats=stats, start=(3, 3, 3) if stats == (0, 0, 1) else stats))
    decks = state.decks
    state = replace(state, decks=replace(decks, encounters=((top, *decks.encounters[0]), *decks.encounters[1:])))
    state = landed(state, 0, "0.4", "0.3")
    state, log = play(state, 0, "help:call")
    assert "calls for help" in log[0].public and deciders(state) == (1, 2)
    return state


def test_the_asked_answer_in_the_open_and_helpers_share_a_win() -> None:
    state = called("bog-wisp", (10, 10, 10))  # Agility against 9: 2d6 + 20 cannot miss
    assert GAME.pass_key(state, 1) == "help:decline" and GAME.view(state, None).call == ("", None, None)
    state, log = play(state, 1, "help:join")
    assert log[0].public == "Blue's Hero joins the fight." and GAME.view(state, None).call == ("", "join", None)
    state, log = play(state, 2, "help:decline")
    assert state.piece(1, "hero").place == "0.4" and state.piece(2, "hero").place == "0.9"
    assert any("beats Bog Wisp" in e.public for e in log)
    assert state.player(0).renown == 2, "E scores 1, and the Bog Wisp's reward is 1 more"
    assert state.player(1).renown == 1 and state.player(2).renown == 0, "a helper scores 1"


def test_helpers_who_joined_share_the_damage_of_a_loss() -> None:
    state = called("ancient-dragon", (0, 0, 1))  # 21 against 2d6 and a little Smarts: cannot win
    state, _ = play(state, 1, "help:join")
    state, log = play(state, 2, "help:join")
    assert sum("takes 3 damage" in e.public for e in log) == 3, "all three Heroes take the Dragon's 3"


def test_a_hero_facing_the_supervillain_may_try_to_flee_and_decides_even_on_anothers_turn() -> None:
    state = started(3)
    boss = replace(state.piece(1, "villain"), role="supervillain", place="0.5")
    state = state.with_piece(boss)
    state = landed(state, 0, "0.5", "0.4")
    state, _ = play(state, 0, "raise:keep") if state.pending and state.pending.kind == "raise" else (state, [])
    assert deciders(state) == (0,) and legal(state, 0) == ["escape:flee", "escape:stand"]
    stood, _ = play(state, 0, "escape:stand")
    assert legal(stood, 0)[0] == "duel:agility"
    fled, log = play(state, 0, "escape:flee")
    die = int(log[0].public.split(" rolls ")[1].split(" ")[0])
    assert (fled.piece(0, "hero").place == "h0") is (die >= 5)
    blue = replace(started(3), active=1).with_piece(replace(state.piece(0, "hero"), place="0.7"))
    villain_turn = landed(blue.with_piece(replace(boss, place="0.6")), boss.id, "0.7", "0.6")
    assert deciders(villain_turn) == (0,), "Red answers for its Hero on Blue's turn"


def test_a_villain_facing_the_protector_rallies_the_villains_on_its_road() -> None:
    state = started(3)
    protector = replace(state.piece(0, "hero"), role="protector", place="0.4")
    state = state.with_piece(protector).with_piece(replace(state.piece(2, "villain"), place="0.9"))
    state = state.with_piece(replace(state.piece(1, "villain"), place="0.5"))
    state = landed(replace(state, active=0), 0, "0.5", "0.4")
    state, _ = play(state, 0, "raise:keep") if state.pending and state.pending.kind == "raise" else (state, [])
    assert deciders(state) == (1,) and legal(state, 1) == ["rally:call", "rally:alone"]
    state, log = play(state, 1, "rally:call")
    assert "rallies" in log[0].public and deciders(state) == (2,)
    state, _ = play(state, 2, "help:join")
    assert state.piece(2, "villain").place == "0.5" and state.allies == (state.piece(2, "villain").id,)
    assert deciders(state) == (0,) and legal(state, 0) == ["duel:agility", "duel:might", "duel:smarts"]
    state, log = play(state, 0, "duel:might")
    assert state.allies == () and log[0].public.startswith("Duel in Might")


def test_an_encounter_changes_the_nearest_marked_space_and_on_a_tie_the_one_nearer_the_first_end() -> None:
    state = started().with_mark(Mark("0.6", "good", 2)).with_mark(Mark("0.10", "good", 2))
    state = state.with_mark(Mark("0.13", "good", 1))
    tie, _ = _mark(state, "0.8", "blight")
    assert tie.mark_at("0.6").level == 1 and tie.mark_at("0.10").level == 2, "0.6 and 0.10 are both 2 away"
    near, _ = _mark(state, "0.12", "blight")
    assert near.mark_at("0.13") is None, "a Good 1 space drops to Blank"
