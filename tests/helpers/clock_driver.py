"""One bot process's clock pass, for the multi-process deadline test: ``python clock_driver.py DB NOW``.

It opens the service with its clock stopped at ``NOW`` (ISO 8601), runs one pass of the bot's scheduler,
finishes every job it carried out, and prints what it carried out, a line each: ``REMIND <match> <seat>
<level>``, ``ASK <match> <seat>``, ``POST <match>``. The test starts three at once on one database.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.scheduler import Scheduler
from engine.correspondence import DueWork
from engine.service import MatchService
from tests.helpers.crash_driver import say_out as say


async def main(db: str, now: datetime) -> None:
    service = await MatchService.open(db, clock=lambda: now)
    carried: list[DueWork] = []
    try:
        await Scheduler(service, carried.append).run_once()
        for work in carried:
            for reminder in work.reminders:
                say(f"REMIND {work.match.id} {reminder.seat} {reminder.level}")
            for expired in work.asks:
                say(f"ASK {work.match.id} {expired.seat}")
            if work.result is not None:
                say(f"POST {work.match.id}")
            await service.clocks.finish(work)
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], datetime.fromisoformat(sys.argv[2])))
