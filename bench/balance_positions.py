"""Balance for games of several players and modes (Shadowscape, Good vs Bad), for bench/balance.py.

One seat against another is the wrong question there: a match has 2 to 4 heroes, a rolled first player and
heroes drafted in turn, or a team playing against the game. So each arrangement names its player count and
options, and counts:

- competitive: wins by **position** in turn order (1 = the first player), each checked against an equal share
  ± 10 points;
- cooperative: the team's wins, which must fall as the difficulty rises (Standard within 40–70 %);
- every hero's matches and wins, over all arrangements (Shadowscape's drafted heroes);
- how matches end (bench/endings.py names them; bench/balance.py tables them for every game).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from engine.ai.arena import Result, wilson
from engine.games.shadowscape.tables import TABLES as SHADOWSCAPE

Facts = Callable[[Any], tuple[int, list[str]]]  # a final state → (first player's seat, hero per seat)


def _shadowscape_facts(state: Any) -> tuple[int, list[str]]:
    return state.first, [SHADOWSCAPE.heroes[hero.hero].name for hero in state.heroes]


def _goodvsbad_facts(state: Any) -> tuple[int, list[str]]:
    return state.first, []


FACTS: dict[str, Facts] = {"shadowscape": _shadowscape_facts, "goodvsbad": _goodvsbad_facts}
ARRANGEMENTS: dict[str, list[tuple[str, dict[str, Any], int]]] = {
    "goodvsbad": [(f"{n} players", {}, n) for n in (2, 4, 6)],
    "shadowscape": [
        *((f"Competitive, {n} players", {"mode": "competitive"}, n) for n in (2, 3, 4)),
        *(
            (f"Co-op, 2 heroes, {level.replace('_', ' ').title()}", {"mode": "cooperative", "difficulty": level}, 2)
            for level in ("standard", "challenging", "difficult", "very_difficult")
        ),
    ]
}
COUNTS = ("games", "draws", "decisions", "timeouts", "team_wins")
PLAY_ORDER = [name for arrangements in ARRANGEMENTS.values() for name, _, _ in arrangements]


def in_order(entry: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A game's arrangements in the order they are played (co-op from Standard up), not the stored data's: it
    is kept with sorted keys, and the co-op check reads the difficulties in turn."""
    ranked = {name: index for index, name in enumerate(PLAY_ORDER)}
    return sorted(entry["arrangements"].items(), key=lambda item: ranked.get(item[0], len(ranked)))


def raw(
    game_id: str, results: list[Result], players: int, options: dict[str, Any], endings: dict[str, int]
) -> dict[str, Any]:
    """Counts of one arrangement (what ``--append`` adds up); ``endings`` counts how its matches ended."""
    positions = [0] * players
    hero_games: dict[str, int] = {}
    hero_wins: dict[str, int] = {}
    team = 0
    for result in results:
        first, heroes = FACTS[game_id](result.state)
        for seat, hero in enumerate(heroes):
            hero_games[hero] = hero_games.get(hero, 0) + 1
            hero_wins[hero] = hero_wins.get(hero, 0) + (seat in result.winners)
        if options.get("mode") != "cooperative":
            for seat in result.winners:
                positions[(seat - first) % players] += 1
        team += options.get("mode") == "cooperative" and bool(result.winners)
    return {
        "games": len(results),
        "players": players,
        "cooperative": options.get("mode") == "cooperative",
        "position_wins": positions,
        "team_wins": team,
        "draws": sum(r.draw for r in results),
        "decisions": sum(r.decisions for r in results),
        "timeouts": sum(r.timeouts for r in results),
        "hero_games": hero_games,
        "hero_wins": hero_wins,
        "endings": endings,
    }


def add(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    total = {**a, **{k: a[k] + b[k] for k in COUNTS}}
    total["position_wins"] = [x + y for x, y in zip(a["position_wins"], b["position_wins"], strict=True)]
    for key in ("hero_games", "hero_wins", "endings"):
        x, y = a.get(key, {}), b.get(key, {})
        total[key] = {h: x.get(h, 0) + y.get(h, 0) for h in sorted({*x, *y})}
    return total


def _pct(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:.1%} [{low:.1%}–{high:.1%}]"


def rows(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The summary rows printed by bench/balance.py: rates per position or for the team."""
    found = []
    for name, r in in_order(entry):
        n = r["games"]
        row: dict[str, Any] = {"arrangement": name, "games": n, "mean_decisions": round(r["decisions"] / n, 1)}
        if r["cooperative"]:
            row["team"] = round(r["team_wins"] / n, 3)
        else:
            row["positions"] = [round(w / n, 3) for w in r["position_wins"]]
        found.append(row)
    return found


def lines(entry: dict[str, Any]) -> list[str]:
    """The game's tables in docs/balance.md, with what falls outside its targets."""
    most = max(r["players"] for r in entry["arrangements"].values())
    head = ["arrangement", "games", *(f"position {p + 1} wins" for p in range(most)), "team wins", "mean length"]
    out = ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    flags: list[str] = []
    co_op: list[tuple[str, float]] = []
    for name, r in in_order(entry):
        n = r["games"]
        cells = [name, str(n)]
        for p in range(most):
            cells.append(_pct(r["position_wins"][p], n) if not r["cooperative"] and p < r["players"] else "—")
        cells += [_pct(r["team_wins"], n) if r["cooperative"] else "—", str(round(r["decisions"] / n, 1))]
        out.append("| " + " | ".join(cells) + " |")
        if r["cooperative"]:
            co_op.append((name, r["team_wins"] / n))
            if "Standard" in name and not 0.4 <= r["team_wins"] / n <= 0.7:
                flags.append(f"{name}: the team wins {r['team_wins'] / n:.1%} (target 40–70 %)")
            continue
        share = 1 / r["players"]
        flags += [
            f"{name} ({n} matches): position {p + 1} wins {w / n:.1%} (target {share - 0.1:.0%}–{share + 0.1:.0%})"
            for p, w in enumerate(r["position_wins"])
            if abs(w / n - share) > 0.1
        ]
    rates = [rate for _, rate in co_op]
    if any(later > earlier for earlier, later in itertools.pairwise(rates)):
        flags.append("co-op: the team's win rate does not fall with every step of difficulty")
    heroes = _hero_totals(entry)
    if heroes:
        out += ["", "| hero | matches | wins |", "|---|---|---|"]
        out += [f"| {hero} | {games} | {_pct(wins, games)} |" for hero, (games, wins) in heroes.items()]
    if flags:
        out += ["", "Outside the targets: " + "; ".join(flags) + ". See the rulebook's *About balance*."]
    return out


def _hero_totals(entry: dict[str, Any]) -> dict[str, tuple[int, int]]:
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in entry["arrangements"].values():
        for hero, count in r["hero_games"].items():
            games[hero] = games.get(hero, 0) + count
            wins[hero] = wins.get(hero, 0) + r["hero_wins"].get(hero, 0)
    return {hero: (games[hero], wins[hero]) for hero in sorted(games)}
