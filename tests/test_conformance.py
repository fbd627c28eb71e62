"""The contract every game signs: seeded random playouts through the generic interface only.

Each registered game (and the test-only shell game, which has a secret and simultaneous decisions) is played
many times with random choices, checking at every step that the interface keeps its promises.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from typing import Any

import pytest

import engine.games
from engine import GAMES, Game, NotYourTurn, Rng, canonical, replay
from engine.codec import to_json
from tests.fakes.negation_game import NegationGame
from tests.fakes.shell_game import ShellGame

PLAYOUTS = {
    "wars": 500, "shells": 200, "swartzblak": 300, "negation": 200, "metamorph": 300, "shadowscape": 300,
    "goodvsbad": 300,
}  # fmt: skip
# Games whose turns list hundreds of choices (every hex and facing a wizard can reach), or whose matches run to
# hundreds of decisions (Shadowscape), check the views every ``views``-th step, and the whole contract
# on every ``every``-th step and apply a seeded sample of ``applied`` choices there, not all of them; their
# matches cycle through ``setups`` (Metamorph: every scenario, shortened to ten rounds so 300 matches fit CI).
HEAVY: dict[str, dict[str, Any]] = {
    "metamorph": {
        "every": 10,
        "applied": 5,
        "setups": [{"scenario": scenario, "rounds": 10} for scenario in ("duel", "war", "key")],
    },
    "shadowscape": {  # a match is hundreds of decisions; both modes, with and without the advanced dials
        "every": 25,
        "applied": 3,
        "views": 40,
        "setups": [
            {"mode": "competitive"},
            {"mode": "cooperative"},
            {"mode": "competitive", "advanced": True},
            {"mode": "cooperative", "advanced": True, "double_fate": True, "difficulty": "challenging"},
        ],
    },
    "swartzblak": {  # a Hero's turn lists dozens of moves and stunts, each checked by a costly rule of reach
        "every": 2,
        "applied": 8,
    },
    "goodvsbad": {  # a purchase is one of 1,001; matches shortened to six rounds so 300 fit CI
        "every": 10,
        "applied": 4,
        "views": 40,
        "setups": [{"rounds": 6}],
    },
}
GAMES_UNDER_TEST: dict[str, Game[Any, Any, Any]] = {**GAMES, "shells": ShellGame(), "negation": NegationGame()}


def _contains_key(data: Any, name: str) -> bool:
    if isinstance(data, dict):
        return name in data or any(_contains_key(v, name) for v in data.values())
    if isinstance(data, list):
        return any(_contains_key(v, name) for v in data)
    return False


def _check_views(game: Game[Any, Any, Any], state: Any, players: int, pick: random.Random) -> None:
    """Views never carry the generator, and re-sampling what a seat cannot see leaves its view unchanged.

    A re-sampled world is only a fair test if it re-samples everything the seat cannot see, including what the
    state derives from a secret (a pending discard's options come from a hand): so each world must also be one
    the rules could hold, where every decider's listed choices can be played. A world that kept a copy of the
    old secret fails that, and a world that re-derived it changes any view that leaks it."""
    public = game.view(state, None)
    assert not _contains_key(to_json(public), "rng")
    for seat in range(players):
        own = game.view(state, seat)
        assert own.viewer == seat
        assert not _contains_key(to_json(own), "rng")
        for _ in range(3 if game.meta.hidden_information else 1):  # a perfect-information world is the state
            other = game.determinize(state, seat, Rng(pick.getrandbits(32)))
            _assert_same(game.view(other, seat), own)
            _assert_same(game.view(other, None), public)
            if other is not state:  # the state's own choices are checked by _check_step
                _check_playable(game, other, seat, pick)


def _assert_same(one: Any, other: Any) -> None:
    """Two views are the same bytes: equal values are (the codec is a function of the value), and only views
    that differ as values are encoded to be compared, so a check costs a comparison, not two encodings."""
    if one != other:
        assert canonical(to_json(one)) == canonical(to_json(other))


def _check_playable(game: Game[Any, Any, Any], world: Any, seat: int, pick: random.Random) -> None:
    """Every decider of a re-sampled ``world`` can play its listed choices there (a seeded sample of three)."""
    for decider in game.to_decide(world):
        actions = list(game.legal_actions(world, decider))
        assert actions, f"seat {decider} must decide in a world re-sampled for seat {seat} but has no choice"
        for action in actions if len(actions) <= 3 else pick.sample(actions, 3):
            game.apply(world, decider, action)


def _check_step(
    game: Game[Any, Any, Any], state: Any, players: int, *, applied: int | None = None, pick: random.Random
) -> None:
    """Whoever must decide has choices; every choice's key round-trips; every choice (or a seeded sample of
    ``applied`` of them) applies; others cannot act."""
    deciders = game.to_decide(state)
    assert deciders, "a match that is not over must have someone to decide"
    assert list(deciders) == sorted(set(deciders))
    for seat in range(players):
        actions = game.legal_actions(state, seat)
        if seat not in deciders:
            assert not actions
            continue
        choices = game.choices(state, seat)
        assert choices, f"seat {seat} must decide but has no choice"
        assert len({c.key for c in choices}) == len(choices), "keys must be unique"
        for action, choice in zip(actions, choices, strict=True):
            assert game.action_key(action) == choice.key
            assert game.parse_key(choice.key) == action
        tried = actions if applied is None or len(actions) <= applied else pick.sample(list(actions), applied)
        for action in tried:
            game.apply(state, seat, action)  # every listed choice is legal
    outsider = next((s for s in range(players) if s not in deciders), None)
    if outsider is not None:
        some_key = game.choices(state, deciders[0])[0].key
        with pytest.raises(NotYourTurn):
            game.act(state, outsider, some_key)


def _playout(game: Game[Any, Any, Any], seed: int) -> None:
    pick = random.Random(seed)
    players = pick.randint(game.meta.min_players, game.meta.max_players)
    heavy = HEAVY.get(game.meta.id, {})
    setups = heavy.get("setups")
    options = setups[seed % len(setups)] if setups else None
    state = game.setup(options, players, seed)
    assert game.setup(options, players, seed) == state, "setup must be deterministic"
    moves: list[tuple[int, str]] = []
    while game.outcome(state) is None:
        assert len(moves) < game.meta.max_decisions, "the game must end within its stated bound"
        if len(moves) % heavy.get("every", 1) == 0:
            _check_step(game, state, players, applied=heavy.get("applied"), pick=pick)
        if len(moves) % heavy.get("views", 7) == 0:
            _check_views(game, state, players, pick)
            assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state
        seat = pick.choice(game.to_decide(state))
        choice = pick.choice(game.choices(state, seat))
        before = state
        state = game.act(state, seat, choice.key).state
        assert state != before or game.outcome(state) is not None, "a decision changes the state"
        moves.append((seat, choice.key))
    assert game.to_decide(state) == ()
    assert all(not game.legal_actions(state, s) for s in range(players))
    _check_views(game, state, players, pick)
    replayed, _ = replay(game, options, players, seed, moves)
    assert replayed == state
    assert canonical(game.state_to_json(replayed)) == canonical(game.state_to_json(state))


CHUNK = 50  # playouts a test: a game's playouts are several tests, so parallel workers share them out
CHUNKS = [(g, start) for g in sorted(GAMES_UNDER_TEST) for start in range(0, PLAYOUTS.get(g, 300), CHUNK)]


@pytest.mark.parametrize(("game_id", "first"), CHUNKS, ids=[f"{g}-{start}" for g, start in CHUNKS])
def test_random_playouts_keep_the_contract(game_id: str, first: int) -> None:
    game = GAMES_UNDER_TEST[game_id]
    for seed in range(first, min(first + CHUNK, PLAYOUTS.get(game_id, 300))):
        _playout(game, seed)


# Every game package of the engine that is offered (not one still being built, whose ``GAME`` is ``None``, nor
# the test-only games other test modules may have registered by now).
PACKAGES = [
    importlib.import_module(f"{engine.games.__name__}.{found.name}")
    for found in pkgutil.iter_modules(engine.games.__path__)
    if found.ispkg
]
BUILT_IN = sorted(package.GAME.meta.id for package in PACKAGES if package.GAME is not None)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_offered_game_has_a_conformance_quota(game_id: str) -> None:
    assert PLAYOUTS.get(game_id, 0) >= 300, "each game must play at least 300 conformance games"


@pytest.mark.parametrize("game_id", sorted(GAMES_UNDER_TEST))
def test_metadata_is_consistent(game_id: str) -> None:
    meta = GAMES_UNDER_TEST[game_id].meta
    assert meta.id == game_id
    assert 1 <= meta.min_players <= meta.max_players <= 6, "up to six seats everywhere"
    assert len(meta.seat_names) >= meta.max_players
    assert meta.max_decisions > 0
    assert meta.options.model_validate({}) is not None, "every option needs a default"
