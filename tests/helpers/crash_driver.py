"""A stream of matches and decisions for the crash test: ``python crash_driver.py DB SEED``.

Three players' worth of traffic in three channels: each worker resumes its channel's open match (or opens a
new one), plays random legal decisions, now and then resigns or aborts, and prints ``ACK <match> <seq> <key>``
(flushed) the moment each write has returned, i.e. committed. The test SIGKILLs this process at random moments.
The test forks it from a forkserver (tests/helpers/forked.py, ``forked``), its lines sent through a pipe.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import GAMES, register
from engine.matches import ActResult, Status
from engine.service import MatchService
from tests.fakes.shell_game import ShellGame

CHANNELS = (1, 2, 3)
PLAYERS = (1, 2)
LIMIT = 2_000  # decisions before giving up, should the test never kill us


Say = Callable[[str], None]


def say_out(line: str) -> None:
    """Run as a script: one line to stdout, flushed."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def open_position(svc: MatchService, channel: int, rnd: random.Random, say: Say) -> ActResult:
    """The channel's match ready to play: resumed if open, else created, filled and started."""
    match = await svc.in_channel(channel)
    if match is None:
        game = rnd.choice(("wars", "wars", "shells"))
        match = await svc.lobby.create(channel_id=channel, host_id=PLAYERS[0], game_id=game, guild_id=1)
        say(f"NEW {match.id} {game}")
    if match.status is Status.LOBBY:
        if match.filled < 2:
            match = await svc.lobby.join(match.id, PLAYERS[1])
        return await svc.start(match.id, PLAYERS[0])
    return await svc.position(match.id)


async def step(svc: MatchService, result: ActResult, rnd: random.Random) -> ActResult:
    """One decision (rarely a resignation) of a seat that must decide."""
    seat = rnd.choice(sorted(result.to_decide))
    user = result.to_decide[seat]
    assert user is not None
    if rnd.random() < 0.01:
        return await svc.resign(result.match.id, user)
    choices = (await svc.choices_for(result.match.id, user))[seat]
    return await svc.act(result.match.id, user, rnd.choice(choices).key, result.version, seat=seat)


async def worker(svc: MatchService, channel: int, rnd: random.Random, budget: list[int], say: Say) -> None:
    while budget[0] > 0:
        result = await open_position(svc, channel, rnd, say)
        while result.outcome is None and budget[0] > 0:
            if rnd.random() < 0.005:
                aborted = await svc.abort(result.match.id, PLAYERS[0])
                say(f"ACK {aborted.id} {aborted.version} !abort")
                break
            result = await step(svc, result, rnd)
            budget[0] -= 1
            say(f"ACK {result.match.id} {result.version} {result.key}")


async def main(db: str, seed: int, say: Say = say_out) -> None:
    if "shells" not in GAMES:
        register(ShellGame())
    svc = await MatchService.open(db, snapshot_every=4)
    say("READY")
    budget = [LIMIT]
    try:
        await asyncio.gather(*(worker(svc, c, random.Random(seed * 10 + c), budget, say) for c in CHANNELS))
    finally:
        await svc.close()


def forked(db: str, seed: int, lines: Connection) -> None:
    """The entry of a driver forked by the test: ``main``, its lines sent through ``lines``."""
    asyncio.run(main(db, seed, lambda line: lines.send_bytes(line.encode())))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
