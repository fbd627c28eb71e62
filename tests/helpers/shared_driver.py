"""One of several processes acting on the same matches, for the shared-database test:
``python shared_driver.py DB SEED CHANNELS``.

It plays random legal decisions in randomly chosen channels ``1..CHANNELS`` (the test opened a match in each;
an ended one is replaced), now and then resigning instead, which ends the match and rates it, as several bot
processes serve the same matches; a click another process beat
(``StaleVersion``, or ``MatchClosed`` when the other's click ended the match) is simply dropped, as a player's
would be. It prints ``ACK <match> <seq> <key>`` (flushed) the moment each write has returned, i.e. committed;
the test SIGKILLs it at random moments. The test forks it from a forkserver (tests/helpers/forked.py, ``forked``).
"""

from __future__ import annotations

import asyncio
import random
import sys
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.errors import EngineError
from engine.matches import MatchClosed, StaleVersion, Status
from engine.service import MatchService
from tests.helpers.crash_driver import PLAYERS, Say, say_out

LIMIT = 5_000  # decisions before giving up, should the test never kill us
RESIGNS = 1 / 20  # the share of decisions that are a resignation instead


async def act_once(svc: MatchService, channel: int, rnd: random.Random, say: Say) -> None:
    match = await svc.in_channel(channel)
    if match is None:  # ended: open the next one (another process may be first: then play that one later)
        try:
            match = await svc.lobby.create(channel_id=channel, host_id=PLAYERS[0], game_id="wars", guild_id=1)
            await svc.lobby.join(match.id, PLAYERS[1])
            await svc.start(match.id, PLAYERS[0])
        except EngineError:
            pass
        return
    if match.status is not Status.ACTIVE:
        return
    result = await svc.position(match.id)
    if not result.to_decide:  # another process ended the match since it was read as active
        return
    seat = rnd.choice(sorted(result.to_decide))
    user = result.to_decide[seat]
    assert user is not None
    choices = (await svc.choices_for(match.id, user)).get(seat)
    if not choices:  # another process moved meanwhile: this picker is stale
        return
    try:
        if rnd.random() < RESIGNS:  # a match that ends, so that its result and ratings are written
            done = await svc.resign(match.id, user)
        else:
            done = await svc.act(match.id, user, rnd.choice(choices).key, result.version, seat=seat)
    except (StaleVersion, MatchClosed):  # another process moved, or ended the match, first
        return
    say(f"ACK {done.match.id} {done.version} {done.key}")


async def main(db: str, seed: int, channels: int, say: Say = say_out) -> None:
    rnd = random.Random(seed)
    svc = await MatchService.open(db, snapshot_every=4)
    say("READY")
    try:
        for _ in range(LIMIT):
            await asyncio.gather(*(act_once(svc, rnd.randint(1, channels), rnd, say) for _ in range(4)))
    finally:
        await svc.close()


def forked(db: str, seed: int, channels: int, lines: Connection) -> None:
    """The entry of a driver forked by the test: ``main``, its lines sent through ``lines``."""
    asyncio.run(main(db, seed, channels, lambda line: lines.send_bytes(line.encode())))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
