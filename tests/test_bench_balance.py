"""bench/balance.py's bookkeeping: runs are pooled only when the same AI played them, on seeds not yet used."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.ai.arena import Result, play
from engine.core import Outcome

_SPEC = importlib.util.spec_from_file_location("balance", Path(__file__).resolve().parents[1] / "bench" / "balance.py")
assert _SPEC and _SPEC.loader
balance = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(balance)
endings = sys.modules["endings"]  # bench/endings.py, imported by the script from beside it


def _entry(seed: int, preset: str, wins: tuple[int, int]) -> dict[str, Any]:
    raw = {"games": 10, "wins": list(wins), "first": None, "first_wins": None, "draws": 0, "decisions": 600}
    return {
        "level": "hard",
        "preset": preset,
        "rules_version": 4,
        "runs": [{"command": "bench/balance.py", "games": 10, "seed": seed, "wall_s": 1.0, "jobs": 2}],
        "arrangements": {"Heroes against Adversary": {**raw, "timeouts": 0}},
    }


def test_append_pools_runs_of_the_same_ai() -> None:
    preset = balance.preset("swartzblak", "hard")
    merged = balance.merge(
        {"swartzblak": _entry(0, preset, (4, 6))}, {"swartzblak": _entry(10, preset, (7, 3))}, append=True
    )
    raw = merged["swartzblak"]["arrangements"]["Heroes against Adversary"]
    assert raw["games"] == 20 and raw["wins"] == [11, 9] and len(merged["swartzblak"]["runs"]) == 2
    assert f"- AI: {preset}" in balance._markdown(merged)


def test_append_refuses_another_ai_or_used_seeds() -> None:
    preset = balance.preset("swartzblak", "hard")
    stored = {"swartzblak": _entry(0, preset.replace("0.15", "1.0"), (4, 6))}
    with pytest.raises(SystemExit, match="rerun without --append"):
        balance.merge(stored, {"swartzblak": _entry(10, preset, (7, 3))}, append=True)
    with pytest.raises(SystemExit, match="overlap"):
        balance.merge({"swartzblak": _entry(0, preset, (4, 6))}, {"swartzblak": _entry(5, preset, (7, 3))}, append=True)
    older_rules = {"swartzblak": {**_entry(0, preset, (4, 6)), "rules_version": 3}}
    with pytest.raises(SystemExit, match="other rules"):
        balance.merge(older_rules, {"swartzblak": _entry(10, preset, (7, 3))}, append=True)
    replaced = balance.merge(stored, {"swartzblak": _entry(10, preset, (7, 3))}, append=False)
    assert replaced["swartzblak"]["preset"] == preset and len(replaced["swartzblak"]["runs"]) == 1


def test_a_run_of_some_arrangements_adds_to_them_alone() -> None:
    """``--arrangement``: a run of one arrangement adds to that one, and its seeds clash only with runs that
    played it (the same seeds may be played again for another arrangement)."""
    preset = balance.preset("swartzblak", "hard")

    def only(seed: int, name: str, wins: tuple[int, int]) -> dict[str, Any]:
        entry = _entry(seed, preset, wins)
        raw = entry["arrangements"]["Heroes against Adversary"]
        entry["runs"][0]["arrangements"] = [name]
        return {**entry, "arrangements": {name: raw}}

    two = balance.merge({}, {"swartzblak": only(0, "2 players", (4, 6))}, append=False)
    both = balance.merge(two, {"swartzblak": only(0, "4 players", (7, 3))}, append=True)
    assert both["swartzblak"]["arrangements"]["2 players"]["wins"] == [4, 6]
    assert both["swartzblak"]["arrangements"]["4 players"]["wins"] == [7, 3]
    more = balance.merge(both, {"swartzblak": only(10, "2 players", (5, 5))}, append=True)
    assert more["swartzblak"]["arrangements"]["2 players"]["wins"] == [9, 11] and len(more["swartzblak"]["runs"]) == 3
    with pytest.raises(SystemExit, match="overlap"):
        balance.merge(more, {"swartzblak": only(5, "4 players", (1, 1))}, append=True)


def test_several_players_are_counted_by_position_team_and_hero() -> None:
    """Shadowscape: wins by turn position from the first player, the co-op team's wins, every hero's record;
    runs add up, and the tables flag what misses its target."""
    positional = balance.positional
    options = {"mode": "competitive"}
    competitive = [play("shadowscape", ("random",) * 3, seed, options, keep_state=True) for seed in (1, 2)]
    raw = positional.raw("shadowscape", competitive, 3, {"mode": "competitive"}, {})
    winners = sum(len(result.winners) for result in competitive)  # a shared win counts for each winner
    assert raw["games"] == 2 and sum(raw["position_wins"]) == winners and raw["team_wins"] == 0
    assert sum(raw["hero_games"].values()) == 6 and sum(raw["hero_wins"].values()) == winners
    for result in competitive:
        for winner in result.winners:
            assert raw["position_wins"][(winner - result.state.first) % 3] >= 1
    twice = positional.add(raw, raw)
    assert twice["games"] == 4 and twice["position_wins"] == [2 * w for w in raw["position_wins"]]
    entry = {"arrangements": {"Competitive, 3 players": raw}}
    text = "\n".join(positional.lines(entry))
    assert "| Competitive, 3 players | 2 |" in text and "Outside the targets" in text  # 2 games: never 33 % each
    assert "Competitive, 3 players (2 matches): position" in text, "a flag says how few matches it rests on"


def test_the_first_player_is_reported_only_where_a_roll_decides_it() -> None:
    """Metamorph rolls who moves first: its winner's rate is a column. In Swartzblak the Adversary always
    decides first, so the column would only repeat the Adversary's."""
    rolled = [Result(frozenset({0}), False, 10, opener=0), Result(frozenset({0}), False, 10, opener=1)]
    fixed = [Result(frozenset({1}), False, 10, opener=1), Result(frozenset({0}), False, 10, opener=1)]
    assert balance._raw("metamorph", rolled, 2, None)["opener_wins"] == 1
    assert balance._raw("swartzblak", fixed, 2, None)["opener_wins"] is None


def test_good_vs_bad_counts_positions() -> None:
    """Good vs Bad has no heroes to draft: wins by position from the rolled first player (a shared win counts
    for each winner)."""
    positional = balance.positional
    results = [play("goodvsbad", ("random",) * 4, seed, {"rounds": 6}, keep_state=True) for seed in (1, 2)]
    raw = positional.raw("goodvsbad", results, 4, {}, balance.endings_of("goodvsbad", results))
    assert raw["games"] == 2 and sum(raw["position_wins"]) == sum(len(r.winners) for r in results) >= 2
    # Random players crown a champion now and then, whose tour plays on after round 6 (rules version 6).
    assert raw["hero_games"] == {} and raw["endings"] == {"Renown after a tour's extra rounds": 2}
    text = "\n".join(positional.lines({"arrangements": {"4 players": raw}}))
    assert "| 4 players | 2 |" in text and "| hero |" not in text
    assert positional.add(raw, raw)["endings"] == {"Renown after a tour's extra rounds": 4}


def test_a_match_line_tells_who_won_by_position_and_when_pieces_were_crowned() -> None:
    """``--matches`` writes a line a match: the winners by position (as the counts have them), the ending, and
    the story the game's watcher kept, which for Good vs Bad is every crowning and fall in order."""
    stories = sys.modules["stories"]
    for seed in (1, 2):
        watcher = stories.watcher_for("goodvsbad")
        result = play("goodvsbad", ("random",) * 4, seed, {"rounds": 6}, keep_state=True, watch=watcher)
        line = json.loads(balance.match_line("goodvsbad", "4 players", (seed, 4), result, watcher.story()))
        raw = balance.positional.raw("goodvsbad", [result], 4, {}, {})
        assert [p for p, wins in enumerate(raw["position_wins"], 1) for _ in range(wins)] == line["winners"]
        assert line["ending"] == "Renown after a tour's extra rounds" and line["seed"] == seed
        crowned = [m for m in line["story"] if m["event"].startswith("crowned")]
        assert crowned and all(1 <= m["position"] <= 4 and m["round"] >= 1 for m in line["story"])
        assert {m["event"] for m in crowned} <= {"crowned protector", "crowned supervillain"}
        last = result.state
        still = {(p.seat - last.first) % 4 + 1 for p in last.pieces if p.role}
        assert still <= {m["position"] for m in crowned}  # everyone holding a role at the end was seen crowned
    assert stories.watcher_for("wars") is None


ENDINGS = {  # every ending each game's rulebook names (bench/endings.py's names)
    "wars": {"king destroyed", "king home", "repetition (draw)", "quiet turns (draw)"},
    "metamorph": {"last wizard standing", "Key carried off", "no wizard standing (draw)", "round limit (draw)"},
    "swartzblak": {"Tile 5 escape", "Shapeshifter disabled", "town safe after round 6", "town harmed by round 6"},
    "goodvsbad": {
        "Protector's tour", "Supervillain's tour", "Renown after round 6", "Renown after round 12",
        "Renown after a tour's extra rounds",
    },
    "shadowscape": {"Lord slain", "Long Dark", "fate deck ran out"},
}


@pytest.mark.parametrize("game_id", sorted(ENDINGS))
def test_every_match_ending_is_named_by_the_rulebook(game_id: str) -> None:
    """Random matches of every game end in one of its named endings (never a raw sentence), the counts add up
    across runs, and the table shows one row an arrangement, one column an ending, in percent."""
    options = {"goodvsbad": {"rounds": 6}, "shadowscape": {"mode": "cooperative"}}.get(game_id)
    results = [play(game_id, ("random", "random"), seed, options, keep_state=True) for seed in (1, 2, 3)]
    counts = balance.endings_of(game_id, results)
    finished = [r for r in results if r.state.outcome is not None]
    assert sum(counts.values()) == 3 and set(counts) - {endings.UNFINISHED} <= ENDINGS[game_id]
    assert counts.get(endings.UNFINISHED, 0) == 3 - len(finished)
    raw = {"arrangements": {"one": {"endings": counts}, "two": {"endings": counts}}}
    table = "\n".join(balance.endings_table(raw))
    assert table.count("| one |") == 1 and all(kind in table for kind in counts)
    assert balance.endings_summary(raw)["one"] == {kind: round(n / 3, 3) for kind, n in counts.items()}


def test_an_ending_no_rulebook_names_shows_as_its_own_sentence() -> None:
    """A new ending must appear in the table, not vanish into a known column."""
    class Final:
        outcome = Outcome.win(0, reason="Something nobody planned for.")

    assert endings.ending("wars", Final()) == "Something nobody planned for."
    assert balance.endings_table({"arrangements": {"a": {}}})[-1].startswith("How matches ended: not recorded")


def test_co_op_levels_are_read_in_play_order_whatever_order_the_data_keeps() -> None:
    """The stored counts are written with sorted keys (Challenging before Standard); the tables and the check that
    the team's rate falls with each step of difficulty read the levels from Standard up."""
    positional = balance.positional

    def team(wins: int) -> dict:
        return {
            "cooperative": True,
            "games": 100,
            "players": 2,
            "decisions": 100,
            "team_wins": wins,
            "position_wins": [0, 0],
            "hero_games": {},
            "hero_wins": {},
        }

    names = [f"Co-op, 2 heroes, {level}" for level in ("Standard", "Challenging", "Difficult", "Very Difficult")]
    falling = {"arrangements": dict(sorted(zip(names, map(team, (58, 52, 48, 44)), strict=True)))}
    assert [row["arrangement"] for row in positional.rows(falling)] == names
    text = "\n".join(positional.lines(falling))
    assert text.index("Standard") < text.index("Challenging") and "does not fall" not in text
    level = {"arrangements": dict(sorted(zip(names, map(team, (58, 52, 53, 44)), strict=True)))}
    assert "does not fall" in "\n".join(positional.lines(level))
