"""Good vs Bad's turns through its keys: the roll, both pieces moving the same roll, landing (the Map Spaces
rules), fights, and the default end; plus random playouts for 2–6 players."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalAction
from engine.frozen import replace
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.labels import place_name
from engine.games.goodvsbad.model import GoodVsBadOptions, GvbState, Mark, Pending, Task
from engine.games.goodvsbad.rules import deciders, legal, play
from engine.games.goodvsbad.setup import initial_state
from engine.games.goodvsbad.tables import TABLES
from engine.games.goodvsbad.turns import run
from engine.rng import Rng


def started(players: int = 2, key: int = 7) -> GvbState:
    """A match past naming and buying: everyone spent 2 cards on each stat (3, 3, 3, Special 3)."""
    state = initial_state(GoodVsBadOptions(), players, Rng(key), 1)
    while state.stage == "name":
        state, _ = play(state, state.active, legal(state, state.active)[0])
    for seat in range(players):
        state, _ = play(state, seat, "buy:2.2.2.2")
    return state


def landed(state: GvbState, piece: int, place: str, came_from: str | None = None) -> GvbState:
    """``piece`` arrives on ``place`` now (as if its move ended there), with the rest of the turn after it."""
    state = state.with_piece(replace(state.pieces[piece], place=place))
    agenda = (Task("arrive", piece, came_from), Task("end_turn"))
    state, _ = run(replace(state, pending=None, agenda=agenda, active=state.pieces[piece].seat))
    return state


def test_a_turn_rolls_once_and_moves_both_pieces_the_same_roll_in_the_order_chosen() -> None:
    state = started()
    seat = state.active
    assert deciders(state) == (seat,) and legal(state, seat)[0] == "roll", "roll, or lay Items first"
    with pytest.raises(IllegalAction):
        play(state, 1 - seat, "roll")
    state, log = play(state, seat, "roll")
    rolled = state.roll
    assert 2 <= rolled <= 12 and "rolls" in log[0].public
    assert legal(state, seat) == ["first:hero", "first:villain"]
    state, _ = play(state, seat, "first:villain")
    assert all(k.startswith("go:") for k in legal(state, seat)), "from the Home Base: either road"
    ends = [k[3:] for k in legal(state, seat)]
    along = rolled if seat == 0 else 18 - rolled  # space 1 of both roads is next to Red's Home Base
    assert ends == [f"0.{along}", f"1.{along}"]


def test_both_pieces_move_and_the_turn_passes() -> None:
    state = started()
    seat = state.active
    state, _ = play(state, seat, "roll")
    turns_seen = 0
    while state.active == seat and state.outcome is None:
        state, _ = play(state, seat, legal(state, seat)[-1])
        turns_seen += 1
        assert turns_seen < 50
    assert state.active == 1 - seat and {p.place for p in state.pieces if p.seat == seat} != {f"h{seat}"}


def test_a_hero_makes_a_blank_space_good_and_a_villain_bad() -> None:
    state = started()
    state = landed(state, 0, "0.5", "0.4")
    assert state.mark_at("0.5") == Mark("0.5", "good", 1, maker=0)
    state = landed(state, 3, "0.6", "0.7")
    assert state.mark_at("0.6") == Mark("0.6", "bad", 1, maker=1)


def test_a_hero_on_a_good_space_may_raise_it_and_at_six_names_the_special() -> None:
    state = started().with_mark(Mark("0.5", "good", 2))
    state = landed(state, 0, "0.5", "0.4")
    assert state.pending == Pending("raise", 0, ("keep", "up"))
    raised, _ = play(state, 0, "raise:up")
    assert raised.mark_at("0.5").level == 3
    five = landed(started().with_mark(Mark("0.5", "good", 5)), 0, "0.5", "0.4")
    assert legal(five, 0) == ["raise:keep", "raise:up:draw_item", "raise:up:draw_event", "raise:up:restore",
                              "raise:up:raise"]  # fmt: skip
    special, _ = play(five, 0, "raise:up:restore")
    assert special.mark_at("0.5").special == "restore" and special.player(0).renown == 2


def test_a_villain_on_a_good_space_cannot_raise_it_but_obeys_it() -> None:
    state = started()
    villain = state.pieces[1]
    state = state.with_piece(replace(villain, stats=(1, 3, 3))).with_mark(Mark("0.5", "good", 4))
    state = landed(state, 1, "0.5", "0.4")
    assert state.pending is None or state.pending.kind != "raise"
    assert state.pieces[1].stats == (3, 3, 3), "Good 4 heals 2, even a Villain"


@pytest.mark.parametrize(("level", "check"), [
    (1, lambda p: p.slowed == 1),  # -1 from the next roll
    (4, lambda p: p.stats == (2, 3, 3)),  # 1 damage, off the highest stat (Agility first on a tie)
    (5, lambda p: p.lose_turns == 1),  # loses its next turn
])  # fmt: skip
def test_bad_levels_one_four_and_five(level: int, check) -> None:  # type: ignore[no-untyped-def]
    state = landed(started().with_mark(Mark("0.5", "bad", level)), 0, "0.5", "0.4")
    assert check(state.pieces[0])


def test_bad_two_drags_the_piece_one_square_to_a_worse_one() -> None:
    state = started().with_mark(Mark("0.5", "bad", 2)).with_mark(Mark("0.6", "bad", 3))
    state = landed(state, 0, "0.5", "0.4")
    assert state.pieces[0].place == "0.6", "and it lands there: Bad 3 then drags it on if it can"


def test_a_good_five_space_offers_one_reroll_a_turn() -> None:
    state = landed(started().with_mark(Mark("0.5", "good", 5)), 0, "0.5", "0.4")
    state, _ = play(state, 0, "raise:keep")
    assert legal(state, 0) == ["reroll:reroll", "reroll:stay"]
    again, log = play(state, 0, "reroll:reroll")
    assert "rolls again" in log[0].public and (0, "reroll") in again.used


def test_a_hero_and_a_villain_on_one_space_duel_even_if_one_player_owns_both() -> None:
    state = started()
    state = state.with_piece(replace(state.pieces[1], place="0.5"))
    state = landed(state, 0, "0.5", "0.4")
    state, _ = play(state, 0, "raise:keep") if state.pending and state.pending.kind == "raise" else (state, [])
    assert state.pending is not None and state.pending.kind == "duel"
    state, log = play(state, 0, "duel:might")
    assert log[0].public.startswith("Duel in Might")
    assert state.player(0).renown == 0, "a duel between one player's own pieces scores nothing"


def test_a_villain_on_an_encounter_square_may_try_to_flee_and_a_hero_fights() -> None:
    state = landed(started(), 1, "0.4", "0.3")
    assert legal(state, 0) == ["flee:flee", "flee:fight"]
    hero = landed(started(), 0, "0.4", "0.3")
    assert hero.decks.encounters[0][-1] != started().decks.encounters[0][-1], "the card went under its deck"


def test_a_piece_home_chooses_an_event_card_or_a_point_of_special_and_elsewhere_draws_an_event() -> None:
    state = landed(started(), 0, "h0", "0.1")
    assert legal(state, 0) == ["home:event", "home:special"]
    state, _ = play(state, 0, "home:special")
    assert state.player(0).special == 4
    away = landed(started(), 0, "h1", "0.17")
    assert len(away.player(0).events) == 1


def test_the_game_ends_after_the_last_round_on_renown() -> None:
    state = started()
    state = replace(state, round=state.rounds, active=(state.first - 1) % 2, pending=None, agenda=(Task("end_turn"),))
    state = state.with_player(replace(state.player(1), renown=3))
    state, log = run(state)
    assert state.outcome is not None and state.outcome.winners == frozenset({1}) and "3 Renown" in log[-1].public


def turn_order(players: int, rules: int, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """(the rolled first player, every turn's (round, seat)) of a random six-round match under ``rules``."""
    pick = random.Random(seed)
    state = initial_state(GoodVsBadOptions(rounds=6), players, Rng(seed), rules)
    turns: list[tuple[int, int]] = []
    while state.outcome is None:
        if state.stage == "turn" and (not turns or turns[-1] != (state.round, state.active)):
            turns.append((state.round, state.active))  # no seat has two turns running within a round
        seat = deciders(state)[0]
        state, _ = play(state, seat, pick.choice(legal(state, seat)))
    return state.first, turns


@pytest.mark.parametrize("players", [2, 3, 6])
def test_from_version_two_each_round_begins_one_seat_further_on(players: int) -> None:
    """Ours, rules version 2: the first player passes on every round; each round still gives every seat one turn
    in seat order."""
    first, turns = turn_order(players, 2, 40 + players)
    for round_ in range(1, 7):
        starter = (first + round_ - 1) % players
        assert [seat for r, seat in turns if r == round_] == [(starter + k) % players for k in range(players)]
    assert len(turns) == 6 * players


def test_under_version_one_every_round_begins_with_the_rolled_first_player() -> None:
    first, turns = turn_order(3, 1, 43)
    for round_ in range(1, 7):
        assert [seat for r, seat in turns if r == round_] == [(first + k) % 3 for k in range(3)]


def test_from_version_two_the_game_ends_after_the_last_rounds_last_turn() -> None:
    state = replace(started(3), rules=2)
    last = (state.first + state.rounds - 1 - 1) % 3  # the seat before the last round's starter
    ending = replace(state, round=state.rounds, active=last, pending=None, agenda=(Task("end_turn"),))
    assert run(ending)[0].outcome is not None
    early = replace(ending, active=state.first)  # in the last round the rolled first player is not last
    after, _ = run(early)
    assert after.outcome is None and after.active == (state.first + 1) % 3 and after.round == state.rounds


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_end_by_the_last_round_and_keep_every_card(players: int) -> None:
    for seed in range(6):
        pick = random.Random(seed)
        state = initial_state(GoodVsBadOptions(rounds=6), players, Rng(100 * players + seed), 1)
        decisions = 0
        while state.outcome is None:
            seat = deciders(state)[0]
            state, _ = play(state, seat, pick.choice(legal(state, seat)))
            decisions += 1
            assert decisions < 3000
            for piece in state.pieces:
                assert all(0 <= now <= start for now, start in zip(piece.stats, piece.start, strict=True))
            assert all(1 <= m.level <= 6 and (m.level == 6) == bool(m.special) for m in state.marks)
        items = (len(state.decks.items) + len(state.decks.item_discards) + len(state.fixtures)
                 + sum(len(p.items) for p in state.players) + sum(len(p.items) for p in state.pieces))  # fmt: skip
        assert items == len(TABLES.copies("items")) * (2 if players >= 5 else 1)
        events = len(state.decks.events) + len(state.decks.event_discards) + sum(len(p.events) for p in state.players)
        assert events == 59 and state.round == 7


def test_a_prompt_names_the_piece_where_it_stands_and_how_far_it_moves() -> None:
    """The picker's question says whose piece, where it is and, for a path, how far it goes."""
    game = GoodVsBad()
    state = game.setup(None, 3, 5)
    prompts = {}
    pick = random.Random(2)
    for _ in range(300):
        if game.outcome(state) is not None:
            break
        seat = game.to_decide(state)[0]
        if state.pending is not None and state.window is None and state.call is None:
            prompts.setdefault(state.pending.kind, (game.prompt(state, seat), state))
        state = game.act(state, seat, pick.choice(game.choices(state, seat)).key).state
    text, at = prompts["path"]
    piece = at.pieces[at.pending.piece]
    assert text == (
        f"Your {piece.kind.title()} moves {max(map(len, at.pending.paths))} from {place_name(at, piece.place)}: "
        "where does it go?"
    )
    assert prompts["order"][0].startswith("You rolled ") and prompts["order"][0].endswith("which piece moves first?")
    assert prompts["raise"][0].startswith("Your ") and ", on " in prompts["raise"][0]
