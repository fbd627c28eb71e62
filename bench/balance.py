"""Rules balance by self-play: hard against hard, every game and seat arrangement, written to docs/balance.md.

For each game it plays ``--games`` seeded matches per arrangement and reports the win rate of each seat (with
a Wilson 95 % interval), the draw rate and the mean length in decisions. Arrangements: Wars fixes who moves
first (``first=red`` and ``first=blue``) and reports the first player's rate; Metamorph plays each scenario
with two wizards; Swartzblak has one arrangement
(Heroes against Adversary). A seat outside 40–60 % calls for a change to one of *our* rules (never the seed's),
recorded in the game's rulebook, and a rerun. Prints a summary, then one JSON line; ``--out`` names the file,
``--matches`` a file that gets a JSON line a match (winners, ending, and its story: bench/stories.py).

    .venv/bin/python bench/balance.py --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.append(str(Path(__file__).resolve().parent))  # balance_positions, beside this script

import balance_positions as positional
from endings import ending
from stories import watcher_for

from engine import GAMES, get_game
from engine.ai.arena import Result, play, wilson
from engine.ai.search import level_for

ARRANGEMENTS: dict[str, list[tuple[str, dict[str, Any] | None]]] = {
    "wars": [("Red moves first", {"first": "red"}), ("Blue moves first", {"first": "blue"})],
    "metamorph": [
        ("Duelling Wizards", {"scenario": "duel"}),
        ("Wizard War", {"scenario": "war"}),
        ("The Key of Solomon", {"scenario": "key"}),
    ],
}


PLAYERS = 2  # balance is measured one against one, hard against hard


def _job(args: tuple[str, str, dict[str, Any] | None, int, int]) -> tuple[Result, list[dict[str, Any]]]:
    """One match, with the final state (it names the ending) and the story its game's watcher kept."""
    game_id, level, options, seed, players = args
    watcher = watcher_for(game_id)
    result = play(game_id, (level,) * players, seed, options, keep_state=True, watch=watcher)
    return result, watcher.story() if watcher is not None else []


def match_line(
    game_id: str, arrangement: str, match: tuple[int, int], result: Result, story: list[dict[str, Any]]
) -> str:
    """One match for ``--matches``, as a JSON line: its winners (by position where the game rolls for the first
    player, else by seat), how it ended, its length, and its story (bench/stories.py). ``match`` is its seed
    and number of players."""
    seed, players = match
    winners = sorted(result.winners)
    if game_id in positional.FACTS:
        first, _ = positional.FACTS[game_id](result.state)
        winners = sorted((seat - first) % players + 1 for seat in result.winners)
    line = {
        "game": game_id,
        "arrangement": arrangement,
        "seed": seed,
        "winners": winners,
        "ending": ending(game_id, result.state),
        "decisions": result.decisions,
        "timeouts": result.timeouts,
        "story": story,
    }
    return json.dumps(line, sort_keys=True)


def _raw(game_id: str, results: list[Result], players: int, first: int | None) -> dict[str, Any]:
    """Counts for one arrangement: what runs add up (``--append``) and the tables are computed from."""
    return {
        "endings": endings_of(game_id, results),
        "games": len(results),
        "wins": [sum(seat in r.winners for r in results) for seat in range(players)],
        "first": first,
        "first_wins": None if first is None else sum(first in r.winners for r in results),
        "opener_wins": sum(r.opener in r.winners for r in results) if first is None and _rolled(results) else None,
        "draws": sum(r.draw for r in results),
        "decisions": sum(r.decisions for r in results),
        "timeouts": sum(r.timeouts for r in results),
    }


def endings_of(game_id: str, results: list[Result]) -> dict[str, int]:
    """How many of the matches ended each way the rulebook names (bench/endings.py)."""
    counts: dict[str, int] = {}
    for result in results:
        name = ending(game_id, result.state)
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


def _rolled(results: list[Result]) -> bool:
    """Whether who decides first varies between the matches (a roll), rather than always being one seat."""
    return len({r.opener for r in results}) > 1


def _add(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    if "position_wins" in a:
        return positional.add(a, b)
    total = {k: a[k] + b[k] for k in ("games", "draws", "decisions", "timeouts")}
    total["wins"] = [x + y for x, y in zip(a["wins"], b["wins"], strict=True)]
    total["first"] = a["first"]
    total["first_wins"] = None if a["first"] is None else a["first_wins"] + b["first_wins"]
    x, y = a.get("endings", {}), b.get("endings", {})
    total["endings"] = {kind: x.get(kind, 0) + y.get(kind, 0) for kind in sorted({*x, *y})}
    openers = (a.get("opener_wins"), b.get("opener_wins"))
    total["opener_wins"] = None if None in openers else openers[0] + openers[1]
    return total


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"win_rate": round(wins / n, 3), "ci95": [round(low, 3), round(high, 3)]}


def _row(name: str, raw: dict[str, Any], seats: tuple[str, ...]) -> dict[str, Any]:
    n = raw["games"]
    row: dict[str, Any] = {"arrangement": name, "games": n}
    for seat, seat_name in enumerate(seats):
        row[seat_name] = _rate(raw["wins"][seat], n)
    if raw["first"] is not None:
        row["first_player"] = _rate(raw["first_wins"], n)
    elif raw.get("opener_wins") is not None:  # the game rolls who goes first: how the roll's winner fares
        row["first_player"] = _rate(raw["opener_wins"], n)
    row["draw_rate"] = round(raw["draws"] / n, 3)
    row["mean_decisions"] = round(raw["decisions"] / n, 1)
    row["timeouts"] = raw["timeouts"]
    return row


def rows_of(game_id: str, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The table rows of a game: one per arrangement, plus all of them pooled when the first player varies."""
    seats = get_game(game_id).seat_names(PLAYERS)
    raws = entry["arrangements"]
    rows = [_row(name, raw, seats) for name, raw in raws.items()]
    if len(raws) > 1 and all(raw["first"] is not None for raw in raws.values()):
        pooled = list(raws.values())
        total = pooled[0]
        for raw in pooled[1:]:
            total = _add(total, {**raw, "first": total["first"]})
        rows.append(_row("all", total, seats))
    return rows


def _pct(cell: dict[str, Any]) -> str:
    low, high = cell["ci95"]
    return f"{cell['win_rate']:.1%} [{low:.1%}–{high:.1%}]"


DATA_MARK = "<!-- balance-data "


def _markdown(data: dict[str, Any]) -> str:
    lines = [
        "# Balance by self-play",
        "",
        "*Generated by `bench/balance.py`; do not edit by hand, rerun the script (each game's runs are listed "
        "under it; `--append` adds a run with new seeds to a game's totals).*",
        "",
        "Hard AI against hard AI. Win rates carry Wilson 95 % intervals. A seat outside 40–60 % calls for a "
        "change to one of our rules (never the seed's), recorded with its reason in the game's rulebook, and a "
        "rerun. Mean length counts decisions (a Wars turn is two).",
    ]
    for game_id, entry in data.items():
        game = get_game(game_id)
        seats = game.seat_names(PLAYERS)
        version = entry.get("rules_version", game.meta.rules_version)  # the rules the matches were played under
        lines += ["", f"## {game.meta.title} (`{game_id}`, rules version {version})", ""]
        if version != game.meta.rules_version:
            lines += [
                f"*Measured under rules version {version}; the current version is {game.meta.rules_version}.*",
                "",
            ]
        for run in entry["runs"]:
            lines.append(
                f"- `{run['command']}`: level {entry['level']}, {run['games']} matches per arrangement, seeds "
                f"{run['seed']}–{run['seed'] + run['games'] - 1}, {run['wall_s']} s on {run['jobs']} "
                f"{'process' if run['jobs'] == 1 else 'processes'}"
            )
        if entry.get("preset"):
            lines.append(f"- AI: {entry['preset']}")
        if game_id in positional.ARRANGEMENTS:
            lines += positional.lines(entry) + endings_table(entry)
            continue
        rows = rows_of(game_id, entry)
        first = "first_player" in rows[0]
        head = ["arrangement", "games", *(f"{s} wins" for s in seats)]
        head += ["first player wins"] if first else []
        head += ["draws", "mean length"]
        lines += ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for row in rows:
            cells = [row["arrangement"], str(row["games"]), *(_pct(row[s]) for s in seats)]
            cells += [_pct(row["first_player"])] if first else []
            cells += [f"{row['draw_rate']:.1%}", str(row["mean_decisions"])]
            lines.append("| " + " | ".join(cells) + " |")
        if first and any(raw["first"] is not None for raw in entry["arrangements"].values()):
            checked = [(rows[-1], "first_player")]  # seats swap who moves first: the pooled first player
        else:
            checked = [(row, s) for row in rows for s in (*seats, *(["first_player"] if first else []))]
        flags = [
            f"{row['arrangement']}: {who.replace('_', ' ')} wins {row[who]['win_rate']:.1%}"
            for row, who in checked
            if not 0.4 <= row[who]["win_rate"] <= 0.6
        ]
        if flags:
            lines += [
                "",
                "Outside 40–60 %: " + "; ".join(flags) + ". What was done about it, and why, is in the game's "
                "rulebook (docs/rules/), section *About balance*.",
            ]
        lines += endings_table(entry)
        capped = sum(raw["timeouts"] for raw in entry["arrangements"].values())
        if capped:
            lines += ["", f"Decisions cut short by the time cap: {capped}."]
    lines += ["", DATA_MARK + json.dumps(data, sort_keys=True) + " -->"]
    return "\n".join(lines) + "\n"


def endings_table(entry: dict[str, Any]) -> list[str]:
    """How matches ended: one row an arrangement, one column an ending, in percent of its matches. Counts
    stored before endings were recorded show as "not recorded"."""
    raws = entry["arrangements"]
    kinds = sorted({kind for raw in raws.values() for kind in raw.get("endings", {})})
    if not kinds:
        return ["", "How matches ended: not recorded for these runs (rerun to count them)."]
    out = ["", "How matches ended:", "", "| arrangement | " + " | ".join(kinds) + " |", "|" + "---|" * (len(kinds) + 1)]
    for name, raw in raws.items():
        counted = sum(raw.get("endings", {}).values())
        if not counted:
            out.append(f"| {name} | " + " | ".join("not recorded" for _ in kinds) + " |")
            continue
        cells = [f"{raw['endings'].get(kind, 0) / counted:.1%}" for kind in kinds]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return out


def endings_summary(entry: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The endings table as shares, for the JSON line."""
    shares = {}
    for name, raw in entry["arrangements"].items():
        counted = sum(raw.get("endings", {}).values())
        if counted:
            shares[name] = {kind: round(count / counted, 3) for kind, count in raw["endings"].items()}
    return shares


def load(path: Path) -> dict[str, Any]:
    """The counts stored in an earlier docs/balance.md (empty if there is none)."""
    if not path.exists():
        return {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(DATA_MARK):
            return json.loads(line[len(DATA_MARK) : -len(" -->")])
    return {}


def preset(game_id: str, level: str) -> str:
    """The level's settings in words, stored with the counts so that ``--append`` pools like with like."""
    lv = level_for(game_id, level)
    work = "positions" if lv.algorithm == "alphabeta" else "iterations"
    words = f"{lv.name}: {lv.algorithm} {lv.budget:,} {work}, depth {lv.depth}, cap {lv.time_cap} s"
    if lv.noise:
        words += f", noise {lv.noise}"
    if lv.algorithm == "mcts":
        words += f", exploration {lv.exploration}"
    return words


def run(  # noqa: PLR0917 (the command line's settings, one to a parameter)
    game_ids: list[str],
    games: int,
    jobs: int,
    seed: int,
    level: str,
    only: list[str] | None = None,
    matches: Path | None = None,
) -> dict[str, Any]:
    """Play the matches (of the arrangements named ``only``, if given); return, per game, its counts per
    arrangement and this run's parameters. ``matches`` gets a JSON line a match as each one ends (appended,
    so a run stopped halfway keeps what it played)."""
    tasks: list[tuple[str, str, dict[str, Any] | None, int, int]] = []
    index: list[tuple[str, str, int | None]] = []
    setups: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}
    for game_id in game_ids:
        seats = get_game(game_id).seat_names(PLAYERS)
        if game_id in positional.ARRANGEMENTS:
            for name, options, players in positional.ARRANGEMENTS[game_id]:
                if only and name not in only:
                    continue
                setups[game_id, name] = (options, players)
                tasks += [(game_id, level, options, seed + i, players) for i in range(games)]
                index += [(game_id, name, None)] * games
            continue
        for name, options in ARRANGEMENTS.get(game_id, [(" against ".join(seats), None)]):
            if only and name not in only:
                continue
            first = None if options is None or "first" not in options else seats.index(options["first"].title())
            for i in range(games):
                tasks.append((game_id, level, options, seed + i, PLAYERS))
                index.append((game_id, name, first))
    start = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        played = pool.map(_job, tasks, chunksize=1)
        for (game_id, name, _), task, (result, story) in zip(index, tasks, played, strict=True):
            results.append(result)
            if matches is not None:
                with matches.open("a", encoding="utf-8") as lines:
                    lines.write(match_line(game_id, name, task[3:], result, story) + "\n")
    wall = round(time.perf_counter() - start, 1)
    grouped: dict[str, dict[str, tuple[int | None, list[Result]]]] = {}
    for (game_id, name, first), result in zip(index, results, strict=True):
        grouped.setdefault(game_id, {}).setdefault(name, (first, []))[1].append(result)
    command = "bench/balance.py " + shlex.join(sys.argv[1:])
    return {
        game_id: {
            "level": level,
            "preset": preset(game_id, level),
            "rules_version": get_game(game_id).meta.rules_version,
            "runs": [
                {"command": command.strip(), "games": games, "seed": seed, "wall_s": wall, "jobs": jobs}
                | ({"arrangements": sorted(by)} if only else {})
            ],
            "arrangements": {
                name: positional.raw(
                    game_id, rs, setups[game_id, name][1], setups[game_id, name][0], endings_of(game_id, rs)
                )
                if (game_id, name) in setups
                else _raw(game_id, rs, PLAYERS, first)
                for name, (first, rs) in by.items()
            },
        }
        for game_id, by in grouped.items()
    }


def merge(old: dict[str, Any], new: dict[str, Any], *, append: bool) -> dict[str, Any]:
    """``new`` replaces a game's entry, or with ``append`` adds to it (the very same level settings, seeds not
    yet played): games played by differently tuned AIs must not be pooled."""
    merged = dict(old)
    for game_id, entry in new.items():
        previous = old.get(game_id)
        if not append or previous is None:
            merged[game_id] = entry
            continue
        if previous.get("rules_version") != entry["rules_version"]:
            raise SystemExit(f"{game_id}: the stored results were played under other rules; rerun without --append")
        if previous.get("preset") != entry["preset"]:
            raise SystemExit(
                f"{game_id}: the stored results were played by {previous.get('preset') or 'an unrecorded level'}, "
                f"not {entry['preset']}; rerun without --append"
            )
        run = entry["runs"][0]
        for earlier in previous["runs"]:
            if not _shared(run, earlier, previous["arrangements"]):
                continue
            if run["seed"] < earlier["seed"] + earlier["games"] and earlier["seed"] < run["seed"] + run["games"]:
                raise SystemExit(f"{game_id}: seeds {run['seed']}… overlap an earlier run; pick another --seed")
        arrangements = dict(previous["arrangements"])  # those this run did not play are kept as they were
        for name, raw in entry["arrangements"].items():
            arrangements[name] = _add(arrangements[name], raw) if name in arrangements else raw
        merged[game_id] = {**entry, "runs": [*previous["runs"], run], "arrangements": arrangements}
    return dict(sorted(merged.items()))


def _shared(run: dict[str, Any], earlier: dict[str, Any], known: dict[str, Any]) -> bool:
    """Whether two runs played an arrangement in common (a run without a list played every one)."""
    return bool(set(run.get("arrangements", known)) & set(earlier.get("arrangements", known)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="matches per game and seat arrangement")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--game", action="append", help="game id (repeatable); default: every registered game")
    parser.add_argument("--append", action="store_true", help="add to the stored totals instead of replacing")
    parser.add_argument(
        "--arrangement", action="append", help="play only this arrangement (repeatable), e.g. '2 players'"
    )
    parser.add_argument("--matches", type=Path, help="append a JSON line a match here: winners, ending, story")
    parser.add_argument("--render-only", action="store_true", help="rewrite the file from its stored counts")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "balance.md"))
    args = parser.parse_args()
    out = Path(args.out)
    if args.render_only:
        out.write_text(_markdown(load(out)), encoding="utf-8")
        return
    new = run(
        args.game or sorted(GAMES), args.games, args.jobs, args.seed, args.level, args.arrangement, args.matches
    )
    data = merge(load(out), new, append=args.append)
    out.write_text(_markdown(data), encoding="utf-8")
    summary = {
        game_id: positional.rows(data[game_id])
        if game_id in positional.ARRANGEMENTS
        else rows_of(game_id, data[game_id])
        for game_id in new
    }
    for game_id, rows in summary.items():
        for row in rows:
            print(game_id, row["arrangement"], {k: v for k, v in row.items() if k != "arrangement"})
    endings = {game_id: endings_summary(data[game_id]) for game_id in new}
    for game_id, shares in endings.items():
        for name, kinds in shares.items():
            print(game_id, name, "endings", kinds)
    print(f"wrote {out}")
    print(
        json.dumps({
            "bench": "balance",
            "level": args.level,
            "games": args.games,
            "seed": args.seed,
            "results": summary,
            "endings": endings,
        })
    )


if __name__ == "__main__":
    main()
