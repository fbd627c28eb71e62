"""Metamorph as a whole: random playouts keep every invariant, the picker's steps reach exactly the legal
moves, typed keys round-trip, the data's effect ids all have code, and replays are exact."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalAction, MalformedKey, get_game
from engine.ai.search import decide
from engine.content import unresolved
from engine.core import STEP_LIMIT, canonical, replay
from engine.games.metamorph.actions import is_legal, legal
from engine.games.metamorph.board import OFF_MAP, hex_name, hexes_of, on_map, parse_hex, terrain_at
from engine.games.metamorph.keys import MetaAction, is_whole, stages
from engine.games.metamorph.labels import _groups
from engine.games.metamorph.model import MAX_MANA, MetaState
from engine.games.metamorph.movement import Mover, entry_cost, mover_of, place, place_of, reach
from engine.games.metamorph.specials import PASSIVE_EFFECTS, SPECIAL_EFFECTS, STRIKE_EFFECTS
from engine.games.metamorph.tables import FACING_ALLOWANCE, TABLES
from engine.geometry.hexes import Hex
from engine.steps import PATH_SEPARATOR, next_step

GAME = get_game("metamorph")
SCENARIOS = ("duel", "war", "key")


def playout(
    scenario: str, players: int, seed: int, limit: int, **options: object
) -> tuple[MetaState, list[tuple[int, str]]]:
    """Random legal play from a fresh match, stage by stage (ending a turn a third of the time, so turns pass),
    backed out of any stage left half picked."""
    state = GAME.setup({"scenario": scenario, **options}, players, seed)
    rnd = random.Random(seed)
    moves: list[tuple[int, str]] = []
    for _ in range(limit):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        action = legal[-1] if legal[-1].kind == "end" and rnd.random() < 0.3 else rnd.choice(legal)
        moves.append((seat, action.key))
        state = GAME.apply(state, seat, action).state
        check_invariants(state)
    while state.pending:  # back to the turn's first choices, so a test starts from a whole decision
        moves.append((state.active, "back"))
        state = GAME.apply(state, state.active, MetaAction("back")).state
    return state, moves


def check_invariants(state: MetaState) -> None:
    """What must hold after every decision."""
    standing = state.standing()
    assert len({w.hex for w in standing}) == len(standing), "two wizards share a hex"
    for wizard in state.wizards:
        assert 0 <= wizard.mana <= MAX_MANA
        if wizard.on_board:
            assert on_map(state.grid, wizard.hex)
            assert wizard.damage < wizard.body.hlt
            assert (wizard.target is None) == (wizard.cell is None)
    for artifact in state.artifacts:
        assert (artifact.hex is None) or (artifact.carrier is None)
        if artifact.carrier is not None:
            assert state.wizard(artifact.carrier).on_board
    if state.outcome is None:
        assert state.wizard(state.active).on_board
        assert GAME.legal_actions(state, state.active)


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario=st.sampled_from(SCENARIOS),
    players=st.integers(2, 6),
    seed=st.integers(1, 10_000),
    high=st.booleans(),
)
def test_random_playouts_keep_every_invariant(scenario: str, players: int, seed: int, high: bool) -> None:
    """Any sequence of legal moves keeps the position sound, and replaying its keys rebuilds it exactly."""
    options = {"flying_high": high, "specialization": seed % 2 == 0}
    state, moves = playout(scenario, players, seed, 120, **options)
    rebuilt, _ = replay(GAME, {"scenario": scenario, **options}, players, seed, moves)
    assert canonical(GAME.state_to_json(rebuilt)) == canonical(GAME.state_to_json(state))
    assert GAME.state_from_json(GAME.state_to_json(state)) == state


def _walk(state: MetaState, seat: int, path: tuple[str, ...], found: set[str], budget: list[int]) -> None:
    step = next_step(GAME, state, seat, path)
    if isinstance(step, str):
        found.add(step)
        assert len(PATH_SEPARATOR.join(path)) <= 40, path
        return
    budget[0] -= 1
    assert budget[0] > 0, "steps do not end"
    for option in step.options:
        _walk(state, seat, (*path, option.key), found, budget)


def _whole_actions_through_stages(state: MetaState, seat: int, found: set[str]) -> None:
    """Every whole action the stages lead to from ``state``: each stage is played, and its choices followed."""
    for action in GAME.legal_actions(state, seat):
        if action.kind == "back":
            continue
        if is_whole(action):
            found.add(action.key)
            continue
        after = GAME.apply(state, seat, action)
        assert after.log == () and after.state.done == state.done, "a stage changes nothing on the table"
        assert GAME.view(after.state, None) == GAME.view(state, None), "nor anything anyone sees"
        _whole_actions_through_stages(after.state, seat, found)


@pytest.mark.parametrize(
    ("scenario", "players", "seed"), [("duel", 2, 3), ("war", 4, 8), ("key", 6, 2), ("key", 3, 17)]
)
def test_stages_reach_exactly_the_whole_legal_actions(scenario: str, players: int, seed: int) -> None:
    """Decided in stages (mode, hex, facing; Morph or Teleport, then its target), a turn's decisions lead to
    every whole legal action and nothing else; each stage's picker steps (direction, hex; class, shape) reach
    exactly that stage's choices, in short fragments."""
    state, _ = playout(scenario, players, seed, 40)
    for _ in range(6):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        found: set[str] = set()
        _whole_actions_through_stages(state, seat, found)
        assert found == {a.key for a in legal(state, seat)}
        for stage in [state, *(GAME.apply(state, seat, a).state for a in GAME.legal_actions(state, seat)[:3])]:
            if GAME.outcome(stage) is None and seat in GAME.to_decide(stage):
                reached: set[str] = set()
                _walk(stage, seat, (), reached, [20_000])
                assert reached == {a.key for a in GAME.legal_actions(stage, seat)}
        state = GAME.apply(state, seat, legal(state, seat)[0]).state


def test_a_stage_lists_tens_of_choices_and_back_takes_it_back() -> None:
    """A move by land is three decisions: the mode (no search of the map), the hex, the facing. ``back``
    returns one stage; a whole key typed at any stage plays at once."""
    state, _ = playout("war", 2, 12, 30)
    seat = state.active
    mode = next(a for a in GAME.legal_actions(state, seat) if a.kind == "move")
    walking = GAME.apply(state, seat, mode).state
    hexes = GAME.legal_actions(walking, seat)
    assert walking.pending == ("move", mode.a) and hexes[-1] == MetaAction("back")
    assert all(a.kind == "move" and (not a.c or a.b == "off") for a in hexes[:-1])
    chosen = hexes[0]
    facing = GAME.apply(walking, seat, chosen).state
    facings = GAME.legal_actions(facing, seat)
    assert 1 <= len(facings) - 1 <= 6 and all(a.b == chosen.b and a.c for a in facings[:-1])
    assert GAME.apply(facing, seat, MetaAction("back")).state == walking
    assert GAME.apply(walking, seat, MetaAction("back")).state == state
    whole = facings[0]
    typed = GAME.act(state, seat, whole.key).state
    assert GAME.apply(facing, seat, whole).state == typed and typed.pending == ()
    assert stages(whole) == (mode, chosen, whole)


def test_stages_out_of_place_are_refused() -> None:
    """``back`` with nothing picked, a hex the mode cannot reach, a mode the wizard lacks (a Human cannot fly),
    a Teleport off the map: each refused, and nothing changes."""
    state, _ = playout("duel", 2, 4, 10)
    seat = state.active
    assert state.wizard(seat).shape == "Human" and not state.pending
    for key in ("back", "move:L:zz99", "move:A", "cast:teleport:zz99"):
        with pytest.raises(IllegalAction):
            GAME.act(state, seat, key)


def test_typing_past_a_stage_suggests_the_whole_actions_it_begins() -> None:
    """A typed move's suggestions: words match a stage's choices ("walk" → ``move:L``); text past the first
    stage (``move:L:c3``) offers the whole moves it begins, each legal, though the stage asks for the mode."""
    state, _ = playout("duel", 2, 4, 10)
    seat = state.active
    assert "move:L" in {c.key for c in GAME.suggestions(state, seat, "walk")}
    target = next(a for a in legal(state, seat) if a.kind == "move" and a.c)
    typed = f"move:{target.a.lower()}:{target.b}"
    offered = [c.key for c in GAME.suggestions(state, seat, typed)]
    wanted = [a.key for a in legal(state, seat) if a.key.lower().startswith(typed)]
    assert offered == wanted and target.key in offered and len(offered) <= 6
    assert all(is_legal(state, seat, GAME.parse_key(key)) for key in offered)
    assert GAME.suggestions(state, seat, "move:x:zz9") == []


def test_typed_keys_round_trip_and_bad_ones_are_refused() -> None:
    """Every legal action's key parses back to it; malformed keys raise a readable error."""
    state, _ = playout("key", 4, 5, 30)
    seat = GAME.to_decide(state)[0]
    whole = legal(state, seat)
    for action in [*GAME.legal_actions(state, seat), *whole]:
        assert GAME.parse_key(action.key) == action
        assert GAME.describe(state, seat, action).label
    allowed = set(whole)
    probes = allowed | {GAME.parse_key(k) for k in ("move:L:a1:e", "move:A:x24:w", "cast:teleport:a1", "attack:red")}
    for probe in probes:
        assert is_legal(state, seat, probe) == (probe in allowed), probe.key
    for bad in ("", "move", "move:X:f7:ne", "move:L:f7:up", "fly:away", "cast", "end:now", "back:now", "move:L::ne"):
        with pytest.raises(MalformedKey):
            GAME.parse_key(bad)


def test_every_special_in_the_data_has_code() -> None:
    """Content is data and effects are code keyed by id: every special a shape names, and every row of
    specials.json, resolves to an effect."""
    effects = {**SPECIAL_EFFECTS, **dict.fromkeys(STRIKE_EFFECTS + PASSIVE_EFFECTS)}
    named = [s for shape in TABLES.shapes.values() for s in shape.specials]
    assert unresolved(named, TABLES.specials) == []
    assert unresolved(TABLES.specials, {**effects, "hands": None}) == []
    assert unresolved(["pickup", *TABLES.specials], effects) == []


def test_every_data_file_names_its_credit_and_license() -> None:
    """Curufea's figures are credited and marked CC BY-NC-SA 2.5; every file says whose it is."""
    for name, table in TABLES.files.items():
        assert table.credit and table.license == "CC BY-NC-SA 2.5", name
    assert "Curufea (curufea.com)" in TABLES.files["shapes"].credit
    sources = {shape.source for shape in TABLES.shapes.values()}
    assert sources == {"curufea", "ours"}


def test_the_chart_puts_human_at_the_centre_and_each_class_in_its_region() -> None:
    """The chart (ours): 9 × 9, Human at the centre; Mammal top-left, Magical top-right, Reptilian bottom-left,
    Aquatic bottom-right."""
    regions = {
        "Mammal": lambda r, c: r < 4 and c <= 4,
        "Magical": lambda r, c: r <= 4 and c >= 5,
        "Reptilian": lambda r, c: r >= 4 and c <= 3,
        "Aquatic": lambda r, c: r >= 5 and c >= 4,
    }
    assert TABLES.shapes["Human"].cell == (4, 4)
    for shape in TABLES.shapes.values():
        if shape.cell is not None and shape.name != "Human":
            assert regions[shape.shape_class](*shape.cell), shape.name


def test_every_map_is_connected_enough_to_meet() -> None:
    """Ours: geomorph maps have a standable hex for every wizard, and the layout never leaves a hole inside."""
    for scenario in SCENARIOS:
        for players in (2, 6):
            state = GAME.setup({"scenario": scenario}, players, 11)
            assert len(list(hexes_of(state.grid))) >= 36 * (players if scenario == "duel" else 2 * players)


def test_a_full_duel_between_ais_ends() -> None:
    """Two easy AIs finish a duel with a result (a win or the round limit's draw)."""
    state = GAME.setup({"scenario": "duel"}, 2, 21)
    for index in range(2000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        action = decide(GAME, state, seat, level="easy", seed=index).action
        state = GAME.apply(state, seat, action).state
    assert GAME.outcome(state) is not None
    assert replace(state) == state


def _every_path(mover: Mover, points: int, *, forward: bool) -> tuple[set[int], bool]:
    """Every place a move can end on, by trying every sequence of turns and steps (each turn paid from the free
    turns or from speed, either way): the reference the labelled search must agree with."""
    body = TABLES.shapes[mover.shape]
    climber = body.has("climb")
    start = (place(mover.start, mover.facing), points, facing_allowance_of(mover))
    seen, stack, exits = {start}, [start], False
    while stack:
        here, left, free = stack.pop()
        hex_, face = place_of(here)
        nexts = []
        for turned in ((face + 1) % 6, (face + 5) % 6):
            if free:
                nexts.append((place(hex_, turned), left, free - 1))
            if left:
                nexts.append((place(hex_, turned), left - 1, free))
        ahead = hex_.neighbour(face if forward else face + 3)
        letter = terrain_at(mover.grid, ahead)
        if letter == OFF_MAP:
            exits = exits or left > 0
        else:
            cost = entry_cost(letter, climber, mover.mode)
            if cost and cost <= left and place(ahead, 0) // 8 not in mover.taken:
                nexts.append((place(ahead, face), left - cost, free))
        for label in nexts:
            if label not in seen:
                seen.add(label)
                stack.append(label)
    return {p for p, _, _ in seen}, exits


def facing_allowance_of(mover: Mover) -> int:
    """The free turns a move starts with (``movement.facing_allowance`` on plain values)."""
    body = TABLES.shapes[mover.shape]
    favoured = body.shape_class in TABLES.terrain[terrain_at(mover.grid, mover.start)].favoured
    return FACING_ALLOWANCE[body.size] - (0 if favoured else 1)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_move_search_finds_exactly_what_every_path_reaches(scenario: str) -> None:
    """Over random positions, shapes (climbers, swimmers, fliers) and wizards in the way, ``reach`` lists the
    places some sequence of turns and steps ends on (not the wizard's own hex where the mode cannot hold it), and
    finds a way off the map exactly when one exists."""
    checked = 0
    for seed in range(6):
        state, _ = playout(scenario, 2 + seed % 5, 500 + seed, 40)
        rnd = random.Random(seed)
        for wizard in state.standing():
            for shape in rnd.sample(sorted(s for s in TABLES.shapes if TABLES.shapes[s].cell is not None), 4):
                for mode, full in (("L", 7), ("W", 5), ("A", 9)):
                    mover = mover_of(state, replace(wizard, shape=shape), mode)
                    ahead, exits_ahead = _every_path(mover, full, forward=True)
                    behind, exits_behind = _every_path(mover, full // 2, forward=False)
                    ends = (ahead | behind) - {place(mover.start, mover.facing)}
                    if not mover.stays:  # rules version 3: no end where the mode cannot hold the wizard
                        ends = {p for p in ends if place_of(p)[0] != mover.start}
                    assert reach(mover, full) == (frozenset(ends), exits_ahead or exits_behind)
                    checked += 1
    assert checked > 100


def test_hex_groups_never_share_a_distance_and_say_one_hex() -> None:
    """Far more hexes than a select holds are grouped by direction, then by distance; no two groups of one
    direction cover the same distance (a player would hunt in both), and the nearest reads "1 hex"."""
    origin = parse_hex("m13")
    names = [
        hex_name(Hex(origin.q + dq, origin.r + dr))
        for dq in range(-8, 9)
        for dr in range(max(-8, -dq - 8), min(8, -dq + 8) + 1)
    ]
    groups = _groups(origin, names, room=0)
    assert sorted(n for _, members in groups for n in members) == sorted(names)
    assert all(len(members) <= STEP_LIMIT for _, members in groups)
    seen: dict[str, set[int]] = {}
    for title, members in groups[1:]:
        direction = title.split(",")[0]
        distances = {parse_hex(n).distance(origin) for n in members}
        assert not distances & seen.get(direction, set()), title
        seen.setdefault(direction, set()).update(distances)
    assert groups[0][0] == "Stay here (turn in place)"
    assert all("1 hexes" not in title for title, _ in groups)
    assert any(title.endswith(", 1–6 hexes") for title, _ in groups)
    assert any(title.endswith(", 7–8 hexes") for title, _ in groups)  # the old cut read "1–7" and "7–8"
