"""The engine core: generator, codec, log entries, choices, options, JSON stamping and replay."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

import pytest

from engine import (
    Choice,
    IncompatibleState,
    InvalidSetup,
    LogEntry,
    Outcome,
    Rng,
    canonical,
    get_game,
    replay,
    replay_views,
)
from engine.codec import from_json, to_json


def test_rng_is_a_pure_function_of_seed_and_draws() -> None:
    a, b = Rng(42), Rng(42)
    assert a.next64() == b.next64()
    value, advanced = a.next64()
    assert advanced == Rng(42, 1) and a == Rng(42, 0)
    assert Rng(42, 1).next64()[0] != value
    assert Rng(43).next64()[0] != value


def test_rng_below_is_in_range_and_roughly_uniform() -> None:
    rng, counts = Rng(7), Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_helpers_are_deterministic() -> None:
    rolls, rng = Rng(1).dice(3)
    assert all(1 <= r <= 6 for r in rolls) and rng.draws >= 3
    assert Rng(1).dice(3) == (rolls, rng)
    shuffled, _ = Rng(5).shuffled(range(10))
    assert sorted(shuffled) == list(range(10)) and Rng(5).shuffled(range(10))[0] == shuffled
    assert Rng(9).choice("abc") == Rng(9).choice("abc")
    assert Rng(3).fork(1) != Rng(3).fork(2)


class Colour(IntEnum):
    RED = 0
    BLUE = 1


@dataclass(frozen=True, slots=True)
class Inner:
    colour: Colour
    tags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Outer:
    inner: Inner | None
    cells: tuple[Inner | None, ...]
    pair: tuple[int, str]
    scores: dict[str, int]
    ratio: float
    flag: bool


def test_codec_round_trips_nested_values() -> None:
    value = Outer(
        Inner(Colour.BLUE, frozenset({"b", "a"})),
        (None, Inner(Colour.RED, frozenset())),
        (3, "x"),
        {"k": 1},
        0.5,
        True,
    )
    data = json.loads(json.dumps(to_json(value)))
    assert from_json(Outer, data) == value


def test_codec_round_trips_dicts_keyed_by_numbers() -> None:
    data = json.loads(json.dumps(to_json({1: "a", 20: "b"})))
    assert from_json(dict[int, str], data) == {1: "a", 20: "b"}
    assert from_json(dict[Colour, int], json.loads(json.dumps(to_json({Colour.BLUE: 3})))) == {Colour.BLUE: 3}


def test_codec_refuses_data_of_the_wrong_shape() -> None:
    with pytest.raises(IncompatibleState):
        from_json(Inner, {"colour": 5, "tags": []})
    with pytest.raises(IncompatibleState):
        from_json(Outer, {"inner": None})


def test_log_entries_give_owners_their_private_line() -> None:
    entry = LogEntry.secret("The Adversary chose in secret.", {1: "You chose Varmint 3."})
    assert entry.line_for(1) == "You chose Varmint 3."
    assert entry.line_for(0) == "The Adversary chose in secret."
    assert entry.line_for(None) == "The Adversary chose in secret."


def test_choices_enforce_discord_sized_keys_and_labels() -> None:
    Choice("k" * 100, "l" * 100)  # what a Discord select value and a command choice hold
    with pytest.raises(ValueError):
        Choice("k" * 101, "label")
    with pytest.raises(ValueError):
        Choice("key", "l" * 101)
    with pytest.raises(ValueError):
        Choice("", "label")


def test_outcomes_name_winners_or_a_draw() -> None:
    assert Outcome.win(0, 2, reason="team").winners == {0, 2}
    drawn = Outcome.drawn("stalemate")
    assert drawn.draw and not drawn.winners


def test_unknown_game_lists_the_games_on_offer() -> None:
    with pytest.raises(InvalidSetup, match="wars"):
        get_game("chess")


def test_states_are_stamped_with_game_and_rules_version() -> None:
    game = get_game("wars")
    data = game.state_to_json(game.setup(None, 2, 1))
    assert data["game"] == "wars" and data["rules_version"] == game.meta.rules_version
    with pytest.raises(IncompatibleState, match="rules version"):
        game.state_from_json({**data, "rules_version": 999})
    with pytest.raises(IncompatibleState, match="belongs to"):
        game.state_from_json({**data, "game": "other"})


def test_views_round_trip_through_json() -> None:
    game = get_game("wars")
    state = game.act(game.setup({"first": "red"}, 2, 1), 0, "b1-b2").state
    view = game.view(state, None)
    assert game.view_from_json(json.loads(json.dumps(game.view_to_json(view)))) == view


def test_replay_rebuilds_the_same_state_and_log() -> None:
    game = get_game("wars")
    moves = [(0, "b1-b2"), (0, "~b2"), (1, "d5-d4"), (1, "~d4")]
    state, log = replay(game, {"first": "red"}, 2, 5, moves)
    again, log2 = replay(game, {"first": "red"}, 2, 5, moves)
    assert canonical(game.state_to_json(state)) == canonical(game.state_to_json(again))
    assert log == log2 and len(log) == 4


def test_replay_views_give_one_frame_per_decision_plus_the_start() -> None:
    game = get_game("wars")
    moves = [(0, "b1-b2"), (0, "~b2"), (1, "d5-d4")]
    frames = replay_views(game, {"first": "red"}, 2, 5, moves)
    assert len(frames) == 4 and frames[0][1] == ()
    assert frames[1][1][0].public == "Red knight moves b1 → b2."
    assert frames[-1][0] == game.view(replay(game, {"first": "red"}, 2, 5, moves)[0], None)


# -- codec: unions ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Heal:
    json_tag: ClassVar[str] = "heal"
    amount: int


@dataclass(frozen=True)
class _Damage:
    json_tag: ClassVar[str] = "damage"
    amount: int


@dataclass(frozen=True)
class _Plain:
    amount: int


@dataclass(frozen=True)
class _Other:
    amount: int


@dataclass(frozen=True)
class _Card:
    effects: tuple[_Heal | _Damage, ...]
    maybe: _Heal | _Damage | None = None


def test_tagged_union_members_with_the_same_fields_round_trip() -> None:
    card = _Card((_Heal(2), _Damage(2), _Heal(5)), maybe=_Damage(1))
    data = to_json(card)
    assert data["effects"][1] == {"$type": "damage", "amount": 2}
    assert from_json(_Card, data) == card and from_json(_Card, to_json(_Card(()))) == _Card(())


def test_an_untagged_ambiguous_union_is_refused_not_guessed() -> None:
    with pytest.raises(IncompatibleState, match="ambiguous"):
        from_json(_Plain | _Other, {"amount": 1})
    with pytest.raises(IncompatibleState, match="tagged"):
        from_json(_Heal | _Damage, {"$type": "poison", "amount": 1})
    with pytest.raises(IncompatibleState, match="expected"):
        from_json(_Heal, {"$type": "damage", "amount": 1})
