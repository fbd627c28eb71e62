"""The AI: deterministic for a seed, always legal, fair with secrets, not weak, and off the event loop.

Budgets are scaled down (``scaled``) so the whole file runs in seconds; what is asserted is counted work,
never wall time (timing belongs to bench/ai.py).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES, Game, Rng
from engine.ai.arena import play, wilson
from engine.ai.levels import LEVEL_NAMES, Level, scaled, unhurried
from engine.ai.mcts import MCTS, reseeded
from engine.ai.search import choose, decide, level_for, players_of
from engine.ai.worker import shutdown, think
from engine.games.metamorph.actions import legal as whole_actions
from engine.games.swartzblak.ai import evaluate
from engine.games.swartzblak.board import connects
from engine.games.swartzblak.model import ADVERSARY, BEAST, HEROES, VARMINT_IDS, Cond, Pick
from engine.games.wars.game import Phase, Size, Stack, WarsState
from engine.registry import ai_profile
from tests.fakes.shell_game import ShellGame
from tests.helpers.swartzblak import position

SHELLS = ShellGame()
ALL_GAMES: dict[str, Game[Any, Any, Any]] = {**GAMES, "shells": SHELLS}
WARS = GAMES["wars"]
TINY = 0.02  # share of each preset's budget the legality and determinism tests spend


def _tiny(game: Game[Any, Any, Any], name: str) -> Level:
    """A small budget, and no wall-clock cap: a busy machine must not cut a search and change its decision."""
    preset = level_for(game.meta.id, name)
    return unhurried(scaled(preset, TINY) if preset.algorithm == "mcts" else replace(preset, budget=300, depth=4))


def _walk(game: Game[Any, Any, Any], seed: int, steps: int) -> Any:
    """A reachable, unfinished state: up to ``steps`` random decisions from a seeded setup."""
    pick = random.Random(seed)
    state = game.setup(None, 2, seed)
    for _ in range(steps):
        deciders = game.to_decide(state)
        seat = deciders[pick.randrange(len(deciders))]
        nxt = game.apply(state, seat, pick.choice(game.legal_actions(state, seat))).state
        if game.outcome(nxt) is not None:
            break
        state = nxt
    return state


@pytest.mark.parametrize("game_id", sorted(ALL_GAMES))
def test_same_seed_same_decision(game_id: str) -> None:
    game = ALL_GAMES[game_id]
    state = _walk(game, 3, 6)
    seat = game.to_decide(state)[0]
    for name in LEVEL_NAMES:
        level = _tiny(game, name)
        first = decide(game, state, seat, level=level, seed=11)
        again = decide(game, state, seat, level=level, seed=11)
        assert (first.key, first.work) == (again.key, again.work)


STAGED = {"metamorph"}  # games whose decisions are listed in stages, whose AI plays whole decisions


@pytest.mark.parametrize("game_id", sorted(ALL_GAMES))
def test_always_legal_at_every_level(game_id: str) -> None:
    """Every level's choice is legal by the rules' own check, and one of the listed decisions (in a game of
    stages, a whole decision the stages lead to)."""
    game = ALL_GAMES[game_id]
    for seed in range(6):
        state = _walk(game, seed, random.Random(seed).randrange(40))
        for seat in game.to_decide(state):
            legal = game.legal_actions(state, seat)
            for name in LEVEL_NAMES:
                chosen = choose(game, state, seat, level=_tiny(game, name), seed=seed)
                game.apply(state, seat, chosen)  # raises IllegalAction if the rules refuse it
                assert chosen in legal or (game_id in STAGED and chosen in whole_actions(state, seat))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), level=st.sampled_from(["easy", "normal", "random"]))
def test_wars_choices_legal_anywhere(seed: int, steps: int, level: str) -> None:
    state = _walk(WARS, seed, steps)
    seat = WARS.to_decide(state)[0]
    assert choose(WARS, state, seat, level=level, seed=seed) in WARS.legal_actions(state, seat)


# -- hidden information ------------------------------------------------------------------------------------


def test_guesser_decides_without_the_pea() -> None:
    """Three worlds that differ only in the Trickster's secret (and the match generator): the same guess."""
    state = SHELLS.setup(None, 2, 5)
    state = SHELLS.apply(state, 0, SHELLS.legal_actions(state, 0)[0]).state
    twins = [reseeded(replace(state, pea=pea), Rng(pea * 97)) for pea in (1, 2, 3)]
    for seed in range(5):
        keys = {decide(SHELLS, twin, 1, level=unhurried(level_for("shells", "hard")), seed=seed).key for twin in twins}
        assert len(keys) == 1


@pytest.mark.parametrize("game_id", ["wars", "swartzblak", "shells"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_match_key_never_steers_the_ai(game_id: str, level: str) -> None:
    """The same position under two match keys (so two different futures): the same decision, at every level,
    for every seat to decide. The search draws its chance from its own generator, keyed by its seed."""
    game = SHELLS if game_id == "shells" else GAMES[game_id]
    tuned = _tiny(game, level)
    pick = random.Random(game_id)
    state = game.setup(None, 2, 3)
    for _ in range(12):
        seat = game.to_decide(state)[0]
        state = game.apply(state, seat, pick.choice(game.legal_actions(state, seat))).state
        if game.outcome(state) is not None:
            state = game.setup(None, 2, 4)
    one, other = replace(state, rng=Rng(2**255 + 1)), replace(state, rng=Rng(7))
    assert one.rng.dice(8)[0] != other.rng.dice(8)[0], "the two keys really hold different futures"
    for seat in game.to_decide(state):
        for seed in (1, 2):
            chosen = {decide(game, world, seat, level=tuned, seed=seed).key for world in (one, other)}
            assert len(chosen) == 1


class _Peeking(ShellGame):
    """The shell game with a determinize that (wrongly) keeps the truth: what a cheating AI would see."""

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        return state


def test_a_peeking_search_would_find_the_pea() -> None:
    """The control for the test above: handed the truth, the same search does find the pea, so its
    indifference to the secret comes from sampling with ``determinize``, not from a blind search."""
    state = SHELLS.setup(None, 2, 5)
    peeking = _Peeking()
    found = {choose(peeking, replace(state, pea=pea), 1, level="hard", seed=1).shell for pea in (1, 2, 3)}
    assert found == {1, 2, 3}


def _swartzblak_hero_state(seed: int) -> Any:
    game = GAMES["swartzblak"]
    pick = random.Random(seed)
    state = game.setup(None, 2, seed)
    target = pick.randrange(2, 30)
    for _ in range(200):
        if game.outcome(state) is None and HEROES in game.to_decide(state) and target <= 0 and state.secret:
            return state
        seat = game.to_decide(state)[0]
        nxt = game.apply(state, seat, pick.choice(game.legal_actions(state, seat))).state
        state = nxt if game.outcome(nxt) is None else game.setup(None, 2, seed + 1000)
        target -= 1
    pytest.fail("no Heroes' decision reached")


def test_heroes_decide_without_the_shapeshifter() -> None:
    """Swartzblak: worlds differing only in which Varmint hides the Shapeshifter, its salt and the generator."""
    game = GAMES["swartzblak"]
    level = unhurried(scaled(level_for("swartzblak", "hard"), 0.1))
    for seed in (1, 2, 3):
        state = _swartzblak_hero_state(seed)
        twins = []
        for n, vid in enumerate(v for v in VARMINT_IDS if state.unit(v).in_play):
            varmint = int(vid[1])
            picks = (*state.picks[:-1], Pick(varmint, f"{n:032x}"))
            down = state.side == ADVERSARY and state.unit(vid).cond is Cond.DISABLED
            twins.append(reseeded(replace(state, secret=varmint, picks=picks, down_at_start=down), Rng(n + 1)))
        assert len(twins) > 1
        keys = {decide(game, twin, HEROES, level=level, seed=seed).key for twin in twins}
        assert len(keys) == 1


def test_heroes_decide_without_earlier_picks_either() -> None:
    """Earlier picks stay secret until the end too: worlds differing only in a past pick give the same move."""
    game = GAMES["swartzblak"]
    level = unhurried(scaled(level_for("swartzblak", "hard"), 0.1))
    state = _swartzblak_hero_state(4)
    current = state.picks[-1]
    twins = [replace(state, picks=(Pick(earlier, f"{earlier:032x}"), current)) for earlier in (1, 6) if earlier != 0]
    assert {decide(game, twin, HEROES, level=level, seed=4).key for twin in twins} == {
        decide(game, twins[0], HEROES, level=level, seed=4).key
    }
    for twin in twins:
        sampled = game.determinize(twin, HEROES, Rng(9))
        assert sampled.picks[0] == game.determinize(twins[0], HEROES, Rng(9)).picks[0], "past picks are re-drawn"


# -- strength ----------------------------------------------------------------------------------------------


def _wars_state(pieces: dict[int, Stack], to_act: int) -> WarsState:
    board = tuple(pieces.get(sq) for sq in range(25))
    return WarsState(board, to_act, Phase.MOVE, 5, False, 0, (), (), None, None, Rng(0))


@pytest.mark.parametrize("algorithm", ["alphabeta", "mcts"])
def test_takes_the_king_when_it_can(algorithm: str) -> None:
    """Red's small-top knight on b3 attacks the Blue king on c4 diagonally; a knight on a4 is bait."""
    pieces = {2: Stack(0, True, Size.SMALL), 11: Stack(0, False, Size.SMALL), 17: Stack(1, True, Size.SMALL)}
    pieces |= {15: Stack(1, False, Size.MEDIUM), 20: Stack(1, False, Size.SMALL), 24: Stack(1, False, Size.LARGE)}
    state = _wars_state(pieces, 0)
    level = Level("t", algorithm, budget=300, depth=4, time_cap=0.0)
    assert WARS.action_key(choose(WARS, state, 0, level=level, seed=1)) == "b3xc4"


def test_walks_the_king_home() -> None:
    """Blue's king on b2 with a large top can step onto Red's home row: a win the hard AI must take."""
    pieces = {7: Stack(0, True, Size.SMALL), 6: Stack(1, True, Size.LARGE), 19: Stack(1, False, Size.SMALL)}
    pieces |= {0: Stack(0, False, Size.SMALL)}
    state = _wars_state(pieces, 1)
    key = WARS.action_key(choose(WARS, state, 1, level="hard", seed=3))
    assert key in {"b2-b1", "b2-c1"}


def test_normal_beats_random_at_wars() -> None:
    normal = unhurried(level_for("wars", "normal"))  # the preset's whole budget, however busy the machine
    results = [play("wars", (normal, "random") if seed % 2 else ("random", normal), seed) for seed in range(6)]
    wins = sum((1 if seed % 2 == 0 else 0) in r.winners for seed, r in enumerate(results))
    assert wins == 6


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)
    assert wilson(10, 10)[1] == 1.0


# -- budgets -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_levels_spend_no_more_than_their_budget(game_id: str) -> None:
    game = GAMES[game_id]
    state = _walk(game, 8, 4)
    seat = game.to_decide(state)[0]
    spent = []
    for name in LEVEL_NAMES:
        preset = level_for(game_id, name)
        assert preset.time_cap <= 2.0
        level = scaled(preset, 0.1)
        decision = decide(game, state, seat, level=level, seed=2)
        assert decision.work <= level.budget
        spent.append(decision.work)
    assert spent[0] <= spent[2]


class _Unstopped(MCTS):
    """The same search spending its whole budget: what an early stop must agree with."""

    def _settled(self, root: dict[Any, Any], legal: list[Any]) -> bool:
        return False


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_stops_early_only_when_the_rest_could_not_change_its_pick(game_id: str) -> None:
    """Once the most visited action leads by more visits than there are iterations left, MCTS stops: it picks
    what the whole budget would have picked, from fewer iterations."""
    game, profile = GAMES[game_id], ai_profile(game_id)
    level = unhurried(replace(level_for(game_id, "hard"), algorithm="mcts", noise=0.0, budget=300))
    saved = 0
    for seed in range(6):
        state = _walk(game, seed, 6)
        seat = game.to_decide(state)[0]
        legal = list(game.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        early, full = (search(game, level, seed, profile.evaluate, profile.values) for search in (MCTS, _Unstopped))
        players = players_of(game, state)
        assert early.run(state, seat, players, legal) == full.run(state, seat, players, legal)
        assert full.iterations == level.budget and early.iterations <= level.budget
        saved += full.iterations - early.iterations
    assert saved > 0  # some decision was clear before the budget ran out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_cap_spent_before_the_first_action_still_gives_a_legal_one(game_id: str) -> None:
    """A machine busy enough to spend a level's whole wall-clock cap before its planner judged one action must
    still get an action (Metamorph's planner raised IndexError on an empty shortlist, seen in a loaded run)."""
    game = GAMES[game_id]
    state = _walk(game, 8, 4)
    seat = game.to_decide(state)[0]
    for name in LEVEL_NAMES:
        level = replace(level_for(game_id, name), time_cap=0.0)
        chosen = choose(game, state, seat, level=level, seed=3)
        game.apply(state, seat, chosen)  # raises IllegalAction if the rules refuse it


def test_presets_grow_with_the_level() -> None:
    for game_id in ALL_GAMES:
        easy, normal, hard = (level_for(game_id, name) for name in LEVEL_NAMES)
        assert easy.budget < normal.budget < hard.budget
        assert hard.time_cap <= 2.0
    with pytest.raises(ValueError, match="unknown AI level"):
        level_for("wars", "grandmaster")


# -- off the event loop ------------------------------------------------------------------------------------


async def test_think_runs_in_a_worker_while_the_loop_goes_on() -> None:
    state = WARS.setup(None, 2, 4)
    seat = WARS.to_decide(state)[0]
    loop = asyncio.get_running_loop()
    easy = unhurried(level_for("wars", "easy"))
    task = asyncio.create_task(think("wars", WARS.state_to_json(state), seat, easy, 9))
    answered = asyncio.Event()
    loop.call_soon(answered.set)
    try:
        await answered.wait()
        assert not task.done(), "the loop answered only after thinking finished"
        key = await task
    finally:
        shutdown()
    assert key in {WARS.action_key(a) for a in WARS.legal_actions(state, seat)}
    assert key == WARS.action_key(choose(WARS, state, seat, level=easy, seed=9))


def test_swartzblak_evaluation_sees_the_escape_and_the_fall() -> None:
    """The search's evaluation rewards the Adversary for a Shapeshifter on a live Tile 5, the Heroes for it down."""
    states = (_swartzblak_hero_state(seed) for seed in range(4, 20))
    state, index = next((s, i) for s in states for i in range(len(s.alleys)) if not connects(s.alleys, i))
    vid = f"v{state.secret}"
    units = list(state.units)
    at = next(i for i, u in enumerate(units) if u.id == vid)
    heroes_far = [replace(u, square=90 + n) if u.id in ("C", "W", "R") else u for n, u in enumerate(units)]
    on_tile = list(heroes_far)
    on_tile[at] = replace(units[at], square=state.alleys[index].square_of(5), cond=Cond.HEALTHY)
    down = list(heroes_far)
    down[at] = replace(units[at], cond=Cond.DISABLED)
    base = replace(state, units=tuple(heroes_far))
    assert evaluate(replace(state, units=tuple(on_tile)), ADVERSARY) > evaluate(base, ADVERSARY)
    assert evaluate(replace(state, units=tuple(down)), HEROES) > evaluate(base, HEROES)


def test_the_heroes_fear_a_standing_beast_near_an_unharmed_town() -> None:
    """The evaluation's threat term: with the town unharmed, the Heroes' value falls as the Beast nears it,
    and the term is gone once the town is hurt or the Beast is down."""
    near = position({BEAST: "e5", "t1": "e7", "v3": None}, secret=None, rules=2)
    far = position({BEAST: "e5", "t1": "a9", "t2": "j9", "t3": "a8", "t4": "j8", "t5": "b9", "t6": "i9", "v3": None},
                   secret=None, rules=2)  # fmt: skip
    assert evaluate(near, HEROES) < evaluate(far, HEROES)
    down = replace(near, units=tuple(replace(u, cond=Cond.DISABLED) if u.id == BEAST else u for u in near.units))
    assert evaluate(down, HEROES) > evaluate(near, HEROES)


def test_the_disguised_shapeshifter_lurks_near_the_town_and_is_worth_more_revealed_beside_it() -> None:
    """The Adversary's share of the Beast it can become: its disguise near an unharmed Townsperson is worth
    more than far from all of them, and the Beast itself beside the town more again, so the search reveals it
    there (without the term the hard Adversary never revealed, and the town came through untouched)."""
    away = {"t1": "j9", "t2": "j8", "t3": "i9", "t4": "i8"}  # t5, t6 stay on j1, j2
    near = position({"v3": "a4"}, secret=3, rules=5)  # the town at home on a1–b2; no live Tile 5 close by
    far = position({"v3": "a4", **away}, secret=3, rules=5)
    revealed = position({BEAST: "a4", "v3": None}, secret=None, rules=5)
    assert evaluate(near, ADVERSARY) > evaluate(far, ADVERSARY)
    assert evaluate(revealed, ADVERSARY) > evaluate(near, ADVERSARY)
    hurt = replace(near, units=tuple(replace(u, cond=Cond.DISABLED) if u.id == "t2" else u for u in near.units))
    hurt_far = replace(far, units=tuple(replace(u, cond=Cond.DISABLED) if u.id == "t2" else u for u in far.units))
    assert evaluate(hurt, ADVERSARY) == evaluate(hurt_far, ADVERSARY), "a hurt town needs no lurking"
