"""Shadowscape played by the engine: random matches of both modes and 2–4 heroes end with an outcome, every
listed decision has a key that reads back and a label that fits a picker, replays are exact, and secrets stay
secret (another hand, the deck orders), including through ``determinize``."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from engine.core import LABEL_LIMIT, canonical
from engine.games.shadowscape import area, turns
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.keys import parse
from engine.games.shadowscape.model import ShadowState
from engine.games.shadowscape.scope import reach
from engine.games.shadowscape.tables import TABLES
from engine.rng import Rng

GAME = Shadowscape()


def playout(
    seed: int, mode: str, players: int, *, check_keys: bool = False, advanced: bool = False
) -> tuple[ShadowState, list[str]]:
    state = GAME.setup({"mode": mode, "advanced": advanced, "double_fate": advanced}, players, seed)
    pick = random.Random(seed)
    keys: list[str] = []
    while GAME.outcome(state) is None:
        assert len(keys) < GAME.meta.max_decisions
        seat = GAME.to_decide(state)[0]
        choices = GAME.choices(state, seat)
        assert choices, "a seat asked to decide always has a choice"
        if check_keys:
            for choice in choices:
                assert parse(choice.key).key == choice.key and len(choice.label) <= LABEL_LIMIT
            assert len({c.key for c in choices}) == len(choices)
        key = pick.choice(choices).key
        keys.append(key)
        state = GAME.act(state, seat, key).state
    return state, keys


@pytest.mark.parametrize("seed", range(16))
def test_random_matches_end_with_an_outcome(seed: int) -> None:
    mode = ("competitive", "cooperative")[seed % 2]
    state, _ = playout(seed, mode, 2 + seed % 3, check_keys=seed < 4, advanced=seed >= 8)
    outcome = GAME.outcome(state)
    assert outcome is not None
    if mode == "cooperative":
        assert outcome.winners in (frozenset(), frozenset(range(len(state.heroes))))
    elif len(outcome.winners) > 1:  # a shared win: a tie of Shards and tokens after the Long Dark (version 2)
        shards = {turns.shards(state, seat) for seat in outcome.winners}
        tokens = {area.tokens(state.hero(seat)) for seat in outcome.winners}
        assert state.lord_claimer is None and len(shards) == len(tokens) == 1
        assert max(turns.shards(state, seat) for seat in range(len(state.heroes))) == shards.pop()
    else:
        assert len(outcome.winners) == 1


def test_the_same_key_and_decisions_replay_to_the_same_state() -> None:
    state, keys = playout(3, "competitive", 3)
    again = GAME.setup({"mode": "competitive"}, 3, 3)
    for key in keys:
        again = GAME.act(again, GAME.to_decide(again)[0], key).state
    assert canonical(GAME.state_to_json(again)) == canonical(GAME.state_to_json(state))


def _midgame(seed: int, decisions: int = 60) -> ShadowState:
    state = GAME.setup({"mode": "competitive"}, 3, seed)
    pick = random.Random(seed)
    for _ in range(decisions):
        seat = GAME.to_decide(state)[0]
        state = GAME.act(state, seat, pick.choice(GAME.choices(state, seat)).key).state
    return state


@pytest.mark.parametrize("seed", range(4))
def test_changing_only_a_hand_or_a_deck_order_changes_no_other_view(seed: int) -> None:
    state = _midgame(seed)
    holder = next(h for h in state.heroes if h.hand)
    swapped_hand = (*holder.hand[1:], state.piles.fate[0])
    other = state.with_hero(replace(holder, hand=swapped_hand))
    other = replace(other, piles=replace(other.piles, fate=(holder.hand[0], *state.piles.fate[1:])))
    reordered = replace(state, piles=replace(state.piles, fate=tuple(reversed(state.piles.fate))))
    for changed in (other, reordered):
        for seat in [None, *(h.seat for h in state.heroes if h.seat != holder.seat)]:
            assert canonical(GAME.view_to_json(GAME.view(changed, seat))) == canonical(
                GAME.view_to_json(GAME.view(state, seat))
            )


def test_a_user_holding_two_heroes_sees_both_hands() -> None:
    state = _midgame(5)
    both = GAME.view_of_seats(state, (0, 1))
    assert both.heroes[0].hand == state.hero(0).hand and both.heroes[1].hand == state.hero(1).hand
    assert both.heroes[2].hand is None and both.heroes[2].hand_count == len(state.hero(2).hand)


@pytest.mark.parametrize("seed", range(4))
def test_determinize_keeps_what_the_seat_sees(seed: int) -> None:
    state = _midgame(seed)
    for seat in range(3):
        guess = GAME.determinize(state, seat, Rng(seed + 100))
        assert canonical(GAME.view_to_json(GAME.view(guess, seat))) == canonical(
            GAME.view_to_json(GAME.view(state, seat))
        )
        hidden = sorted([c for h in state.heroes if h.seat != seat for c in h.hand] + list(state.piles.fate))
        guessed = sorted([c for h in guess.heroes if h.seat != seat for c in h.hand] + list(guess.piles.fate))
        assert guessed == hidden, "the unseen cards are dealt afresh, none made up or lost"
        whispers = guess.piles.whispers
        assert sorted(whispers) == sorted(state.piles.whispers)
        lord = [TABLES.whispers[w].shards for w in whispers].index(3)
        assert lord >= len(whispers) - 3, "the Lord's whisper stays among the bottom three, as everyone knows"


@pytest.mark.parametrize("seed", range(4))
def test_a_bounded_reach_is_the_whole_reach_cut_at_its_bound(seed: int) -> None:
    """``reach(most=…)`` stops its search early (every decision lists the Moves): it must find exactly the rooms,
    costs and order the whole search finds within the bound, with or without Slip Past."""
    state = _midgame(seed)
    for hero in state.heroes:
        for blink in (False, True):
            whole = reach(state, hero, blink=blink)
            for most in range(6):
                cut = reach(state, hero, blink=blink, most=most)
                assert list(cut.items()) == [(room, cost) for room, cost in whole.items() if cost <= most]


def test_an_enemy_walking_says_from_where_to_where() -> None:
    """Two enemies of one kind walking into one room must not read as one line twice: each names its start."""
    walked = re.compile(r"^The (.+) prowls from ([a-e]\d) to ([a-e]\d)\.$")
    lines = []
    for seed in range(3):
        pick = random.Random(seed)
        state = GAME.setup({"mode": "competitive"}, 2, 700 + seed)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_decide(state)[0]
            step = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
            lines += [e.public for e in step.log if "prowls" in e.public]
            state = step.state
    assert lines, "enemies walked in these matches"
    for line in lines:
        found = walked.match(line)
        assert found is not None and found[2] != found[3], line
