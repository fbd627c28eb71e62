"""``bench/service.py --database DB [--processes 1,2,4]``: the match service on a chosen database, from one or
several processes at once (as sharded bot processes share one PostgreSQL).

DB is a SQLite file, a ``postgresql://`` URL, or ``pgserver`` (a throwaway server from the pgserver wheel).
For each process count N, N fresh processes each drive their share of the live matches with their share of the
clients, as fast as the service goes (acts/s, p99), then at their share of 500 acts/s offered (p50, p99). Also,
in one process: one act's latency against a bare commit's (one row updated in a transaction of its own) on the
same database, whose ratio is what the service adds to the database's own price of durability.
Prints its figures, then one JSON line of them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import service as bench  # bench/service.py, beside this script

from engine.service import MatchService
from engine.store import PostgresStore, SqliteStore, is_postgres, store_for

ACTS_PER_CLIENT = 120
BARE_COMMITS = 500


async def worker(database: str, offset: int, clients: int, matches: int, rate: float) -> dict[str, Any]:
    """One process's share: ``matches`` matches driven by ``clients`` clients flat out, then paced at ``rate``
    for six seconds."""
    async with await MatchService.open(database) as svc:
        seconds, saturated, paced = await bench.drive(
            svc,
            first_channel=offset,
            matches=matches,
            clients=clients,
            acts_per_client=ACTS_PER_CLIENT,
            rate=rate,
            paced_acts=int(rate * 6),
            seed=offset,
        )
    return {"acts": len(saturated), "seconds": seconds, "saturated": saturated, "paced": paced}


def _bare_sqlite_commits(conn: sqlite3.Connection) -> list[float]:
    """Seconds of each bare commit on the SQLite writer's own thread, as the store runs each transaction."""
    conn.execute("CREATE TABLE IF NOT EXISTS bench_probe (n INTEGER)")
    conn.execute("INSERT INTO bench_probe VALUES (0)")
    timings = []
    for _ in range(BARE_COMMITS):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE bench_probe SET n = n + 1")
        conn.execute("COMMIT")
        timings.append(time.perf_counter() - start)
    return timings


async def bare_commit_ms(database: str) -> float:
    """Median milliseconds of updating one row in a transaction of its own, through the store's own driver."""
    store = store_for(database)
    await store.open()
    timings = []
    try:
        if isinstance(store, PostgresStore):
            async with store._connection() as conn:
                await conn.execute("CREATE TABLE IF NOT EXISTS bench_probe (n INTEGER)")
                await conn.execute("INSERT INTO bench_probe VALUES (0)")
                for _ in range(BARE_COMMITS):
                    start = time.perf_counter()
                    async with conn.transaction():
                        await conn.execute("UPDATE bench_probe SET n = n + 1")
                    timings.append(time.perf_counter() - start)
        elif isinstance(store, SqliteStore):
            timings = await store._on_writer(_bare_sqlite_commits)
    finally:
        await store.close()
    return statistics.median(timings) * 1e3


def run_processes(database: str, processes: int, base: int) -> dict[str, Any]:
    """Start ``processes`` workers on disjoint matches and channels (from ``base`` on); pool their timings."""
    clients, matches = bench.CLIENTS // processes, bench.LIVE_MATCHES // processes
    rate = bench.PACED_RATE / processes
    commands = [
        [sys.executable, __file__, "--worker", database, str(base + n * 10**7), str(clients), str(matches), str(rate)]
        for n in range(processes)
    ]
    procs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for command in commands]
    shares = []
    for proc in procs:
        out, _ = proc.communicate()
        assert proc.returncode == 0, f"a worker failed ({proc.returncode})"
        shares.append(json.loads(out.splitlines()[-1]))
    saturated = [t for share in shares for t in share["saturated"]]
    paced = [t for share in shares for t in share["paced"]]
    return {
        "processes": processes,
        "acts_per_s": round(sum(share["acts"] for share in shares) / max(share["seconds"] for share in shares)),
        "saturated_act_p99_ms": round(bench.percentile(saturated, 99) * 1e3, 3),
        "paced_act_p50_ms": round(bench.percentile(paced, 50) * 1e3, 3),
        "paced_act_p99_ms": round(bench.percentile(paced, 99) * 1e3, 3),
    }


def single_act_ms(database: str) -> float:
    return statistics.median(asyncio.run(bench.single_match(database))) * 1e3  # type: ignore[arg-type]


def measure(database: str, counts: list[int], label: str) -> dict[str, Any]:
    act, commit = single_act_ms(database), asyncio.run(bare_commit_ms(database))
    runs = [run_processes(database, n, (index + 1) * 10**8) for index, n in enumerate(counts)]
    figures = {
        "bench": "service_scale",
        "database": label,
        "act_p50_ms": round(act, 3),
        "bare_commit_p50_ms": round(commit, 3),
        "act_to_commit": round(act / commit, 2),
        "runs": runs,
    }
    print(f"{label}: one act {act:.3f} ms, a bare commit {commit:.3f} ms (ratio {act / commit:.2f})")
    for run in runs:
        print(
            f"  {run['processes']} process(es), {bench.CLIENTS} clients: {run['acts_per_s']} acts/s (p99 "
            f"{run['saturated_act_p99_ms']} ms); at {bench.PACED_RATE} acts/s offered: p50 {run['paced_act_p50_ms']} "
            f"ms, p99 {run['paced_act_p99_ms']} ms"
        )
    return figures


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench/service.py --database")
    parser.add_argument("--database", required=True, help="a SQLite file, a postgresql:// URL, or pgserver")
    parser.add_argument("--processes", default="1,2,4", help="process counts to run, comma-separated")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.processes.split(",")]
    if args.database != "pgserver":
        label = "postgresql" if is_postgres(args.database) else "sqlite"
        print(json.dumps(measure(args.database, counts, label)))
        return
    import pgserver  # noqa: PLC0415 (a development dependency)

    with tempfile.TemporaryDirectory() as tmp:
        server = pgserver.get_server(Path(tmp), cleanup_mode="stop")
        try:
            server.psql("CREATE DATABASE bench;")
            print(json.dumps(measure(server.get_uri("bench"), counts, "postgresql (pgserver)")))
        finally:
            server.cleanup()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        database, offset, clients, matches, rate = sys.argv[2:7]
        print(json.dumps(asyncio.run(worker(database, int(offset), int(clients), int(matches), float(rate)))))
    else:
        main(sys.argv[1:])
