"""Match service speed and footprint on a real SQLite file (WAL, synchronous=FULL), without rendering.

(a) one match: latency of ``act`` (rules, compare-and-set, durable commit), p50 and p99;
(b) 1,000 live matches driven by 50 concurrent clients (each asks for its choices, then clicks) as fast as the
    service goes: acts per second and p99 (mostly queueing behind the one writer); then the same matches
    at 500 acts a second offered: p50 and p99, the latency a player sees;
(c) 100,000 stored matches (bulk-inserted, 10 real decisions each): start-up time and resident memory of a
    fresh process opening the service, against a database of 1,000: start-up loads nothing, so neither grows;
    then memory once 1,000 matches are loaded, since it follows the matches in play;
(d) bytes stored per decision (log rows, snapshots and their indexes; measured with ``dbstat``).

Targets on the CI machine class: p99 ≤ 5 ms, ≥ 500 acts/s, start-up ≤ 2 s. Prints its figures, then one JSON
line of them. ``python bench/service.py --startup DB`` is the fresh process of (c).

``--database DB [--processes 1,2,4]`` measures another database instead, PostgreSQL among them, from several
processes at once: see ``service_scale.py``.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game
from engine.matches import ActResult
from engine.service import MatchService
from engine.store import SqliteStore

SINGLE_ACTS = 2_000
LIVE_MATCHES = 1_000
CLIENTS = 50
CONCURRENT_ACTS = 10_000
PACED_RATE = 500
PACED_ACTS = 3_000
STORED_MATCHES = 100_000
STORED_DECISIONS = 10
STORED_SEED = 12345
TOUCHED = 1_000


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def new_match(svc: MatchService, channel: int) -> ActResult:
    match = await svc.lobby.create(channel_id=channel, host_id=1, game_id="wars", guild_id=1)
    await svc.lobby.join(match.id, 2)
    return await svc.start(match.id, 1)


async def click(svc: MatchService, result: ActResult, rnd: random.Random, timings: list[float]) -> ActResult:
    """Ask for the deciding player's choices, then time one ``act`` on a random one."""
    ((seat, user),) = result.to_decide.items()
    assert user is not None
    key = rnd.choice((await svc.choices_for(result.match.id, user))[seat]).key
    start = time.perf_counter()
    result = await svc.act(result.match.id, user, key, result.version)
    timings.append(time.perf_counter() - start)
    return result


async def single_match(db: str | Path) -> list[float]:
    """(a): one match at a time, a new one in the same channel whenever a game ends."""
    timings: list[float] = []
    rnd = random.Random(1)
    async with await MatchService.open(db) as svc:
        result = await new_match(svc, 1)
        while len(timings) < SINGLE_ACTS:
            result = await click(svc, result, rnd, timings)
            if result.outcome is not None:
                result = await new_match(svc, 1)
    return timings


async def many_matches(db: Path) -> tuple[float, list[float], list[float]]:
    """(b): ``CLIENTS`` clients, each driving its share of ``LIVE_MATCHES`` matches round-robin, as fast as the
    service lets them; then the same matches at the target rate of ``PACED_RATE`` acts a second, for the
    latency a player sees when the service isn't saturated."""
    async with await MatchService.open(db) as svc:
        seconds, saturated, paced = await drive(
            svc,
            first_channel=1000,
            matches=LIVE_MATCHES,
            clients=CLIENTS,
            acts_per_client=CONCURRENT_ACTS // CLIENTS,
            rate=PACED_RATE,
            paced_acts=PACED_ACTS,
        )
    return len(saturated) / seconds, saturated, paced


async def drive(
    svc: MatchService,
    *,
    first_channel: int,
    matches: int,
    clients: int,
    acts_per_client: int,
    rate: float,
    paced_acts: int,
    seed: int = 0,
) -> tuple[float, list[float], list[float]]:
    """Open ``matches`` matches from ``first_channel`` on; ``clients`` clients drive them round-robin flat out,
    then ``paced_acts`` acts are offered at ``rate`` a second. Returns the flat-out run's seconds and the
    timings of both (a match that ends is replaced by a new one in a channel of its own)."""
    saturated: list[float] = []
    paced: list[float] = []
    results = [await new_match(svc, first_channel + i) for i in range(matches)]
    channels = iter(range(first_channel + 10**6, first_channel + 2 * 10**6))

    async def turn(index: int, rnd: random.Random, timings: list[float]) -> None:
        if results[index].outcome is not None:
            results[index] = await new_match(svc, next(channels))
        results[index] = await click(svc, results[index], rnd, timings)

    async def client(number: int) -> None:
        rnd = random.Random(seed + number)
        mine = list(range(number, matches, clients))
        for step in range(acts_per_client):
            await turn(mine[step % len(mine)], rnd, saturated)

    start = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    seconds = time.perf_counter() - start

    rnd = random.Random(seed)
    tasks: dict[int, asyncio.Task[None]] = {}
    start = time.perf_counter()
    for i in range(paced_acts):
        await asyncio.sleep(max(0.0, start + i / rate - time.perf_counter()))
        index = next(n % matches for n in range(i, i + matches) if n % matches not in tasks)
        tasks[index] = asyncio.create_task(turn(index, rnd, paced))
        tasks[index].add_done_callback(lambda _, index=index: tasks.pop(index))  # type: ignore[misc]
    await asyncio.gather(*tasks.values())
    return seconds, saturated, paced


def bytes_per_act(db: Path) -> tuple[float, float]:
    """Bytes of the log (rows and primary-key b-tree) and of log plus snapshots, per stored decision."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    used = dict(conn.execute("SELECT name, sum(pgsize - unused) FROM dbstat GROUP BY name").fetchall())
    acts = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    conn.close()
    log = used["actions"]
    return log / acts, (log + used["snapshots"]) / acts


def stored_database(path: Path, matches: int) -> None:
    """A migrated database holding ``matches`` finished Wars matches with their logs, bulk-inserted."""

    async def migrate() -> None:
        store = SqliteStore(path)
        await store.open()
        await store.close()

    asyncio.run(migrate())
    moves = opening(STORED_SEED, STORED_DECISIONS)
    conn = sqlite3.connect(path)
    now = int(time.time() * 1e6)
    rows = [
        (f"s{n:09d}", "wars", 1, n, 1, '{"first":"red"}', 2, "[[1,null],[2,null]]", "active", STORED_DECISIONS,
         STORED_DECISIONS + 2, 2, f"{STORED_SEED:064x}", 1, None, now, now)
        for n in range(matches)
    ]  # fmt: skip
    columns = (  # named columns; the others keep their defaults (no clock)
        "id, game, guild_id, channel_id, host_id, options_json, players, seats_json, status, version, revision, "
        "generator, match_key, rules_version, outcome_json, created_at, updated_at"
    )
    conn.executemany(f"INSERT INTO matches ({columns}) VALUES ({', '.join('?' * 17)})", rows)
    conn.executemany(
        "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
        ((f"s{n:09d}", seq, seat, key, now) for n in range(matches) for seq, (seat, key) in enumerate(moves, 1)),
    )
    conn.commit()
    conn.close()


def opening(seed: int, count: int) -> list[tuple[int, str]]:
    """The first ``count`` decisions of a real Wars match (always the first legal choice)."""
    game = get_game("wars")
    state = game.setup({"first": "red"}, 2, seed)
    moves = []
    for _ in range(count):
        seat = game.to_decide(state)[0]
        key = game.action_key(game.legal_actions(state, seat)[0])
        moves.append((seat, key))
        state = game.act(state, seat, key).state
    return moves


def startup_in_fresh_process(db: Path) -> dict[str, float]:
    """Figures from the probe, plus the wall time until its service was open (interpreter and imports too)."""
    start = time.perf_counter()
    command = [sys.executable, __file__, "--startup", str(db)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as probe:
        assert probe.stdout is not None
        assert probe.stdout.readline().strip() == "OPENED"
        process_s = time.perf_counter() - start
        out = probe.stdout.read()
    assert probe.returncode == 0
    return {**json.loads(out.splitlines()[-1]), "process_s": process_s}


def startup_probe(db: str) -> None:
    """The fresh process of (c): resident memory before and after opening the service, and the time taken."""
    before = rss_mb()
    start = time.perf_counter()

    async def open_and_peek() -> None:
        async with await MatchService.open(db) as svc:
            opened = time.perf_counter() - start
            print("OPENED", flush=True)
            await svc.guild_matches(1, limit=25)
            await svc.guild_matches(1, open_only=True)
            await svc.in_channel(7)
            queries = time.perf_counter() - start - opened
            figures.update(startup_s=opened, queries_s=queries, rss_mb=rss_mb())
            for n in range(TOUCHED):  # now bring some into play: memory follows them
                await svc.position(f"s{n:09d}")
            figures.update(rss_touched_mb=rss_mb(), cached=len(svc.live))

    figures: dict[str, float] = {"rss_before_mb": before}
    asyncio.run(open_and_peek())
    print(json.dumps(figures))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        single = asyncio.run(single_match(root / "single.db"))
        rate, concurrent, paced = asyncio.run(many_matches(root / "many.db"))
        log_bytes, stored_bytes = bytes_per_act(root / "single.db")
        stored_database(root / "stored.db", STORED_MATCHES)
        stored_database(root / "empty.db", TOUCHED)
        big = startup_in_fresh_process(root / "stored.db")
        small = startup_in_fresh_process(root / "empty.db")
    figures = {
        "bench": "service",
        "act_p50_ms": round(percentile(single, 50) * 1e3, 3),
        "act_p99_ms": round(percentile(single, 99) * 1e3, 3),
        "live_matches": LIVE_MATCHES,
        "clients": CLIENTS,
        "acts_per_s": round(rate),
        "saturated_act_p99_ms": round(percentile(concurrent, 99) * 1e3, 3),
        "paced_rate": PACED_RATE,
        "paced_act_p50_ms": round(percentile(paced, 50) * 1e3, 3),
        "paced_act_p99_ms": round(percentile(paced, 99) * 1e3, 3),
        "stored_matches": STORED_MATCHES,
        "startup_s": round(big["startup_s"], 3),
        "startup_s_1000_stored": round(small["startup_s"], 3),
        "startup_process_s": round(big["process_s"], 3),
        "startup_process_s_1000_stored": round(small["process_s"], 3),
        "rss_mb": round(big["rss_mb"], 1),
        "rss_mb_1000_stored": round(small["rss_mb"], 1),
        "rss_mb_after_1000_loaded": round(big["rss_touched_mb"], 1),
        "bytes_per_act_log": round(log_bytes, 1),
        "bytes_per_act_with_snapshots": round(stored_bytes, 1),
        "targets": {"act_p99_ms": 5, "acts_per_s": 500, "startup_s": 2},
    }
    print(f"(a) one match, {len(single)} acts: p50 {figures['act_p50_ms']} ms, p99 {figures['act_p99_ms']} ms (≤ 5)")
    print(
        f"(b) {LIVE_MATCHES} live matches, {CLIENTS} clients, {len(concurrent)} acts: {figures['acts_per_s']} acts/s "
        f"(≥ 500), p99 {figures['saturated_act_p99_ms']} ms while saturated (queueing: {CLIENTS} clients, one writer)"
    )
    print(
        f"    at {PACED_RATE} acts/s offered: p50 {figures['paced_act_p50_ms']} ms, "
        f"p99 {figures['paced_act_p99_ms']} ms (≤ 5)"
    )
    print(
        f"(c) start-up with {STORED_MATCHES} stored matches: open {figures['startup_s']} s "
        f"(whole process {figures['startup_process_s']} s), {figures['rss_mb']} MB RSS; with 1,000 stored: open "
        f"{figures['startup_s_1000_stored']} s (process {figures['startup_process_s_1000_stored']} s), "
        f"{figures['rss_mb_1000_stored']} MB (≤ 2 s); {figures['rss_mb_after_1000_loaded']} MB once {TOUCHED} "
        "matches are loaded"
    )
    print(
        f"(d) bytes per act: {figures['bytes_per_act_log']} for the log, "
        f"{figures['bytes_per_act_with_snapshots']} with snapshots"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--startup"]:
        startup_probe(sys.argv[2])
    elif "--database" in sys.argv:
        sys.path.append(str(Path(__file__).resolve().parent))
        from service_scale import main as scale_main

        scale_main(sys.argv[1:])
    else:
        main()
