"""``python -m bot`` (``make run``): connect to Discord with a token, or start the local sandbox without one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from engine.service import MatchService

from .app import build_bot
from .settings import Settings


async def run_discord(settings: Settings) -> None:
    """The real bot: resources made here and passed in, as discord.py's examples do."""
    assert settings.discord_token is not None
    async with await MatchService.open(settings.database) as service:
        bot = build_bot(settings, service)
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())


def main() -> int:
    settings = Settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.sandbox:
        # Imported only here: the sandbox needs SimCord, a development dependency a real deployment lacks.
        from .sandbox import run_sandbox  # noqa: PLC0415

        runner = run_sandbox(settings)
    else:
        runner = run_discord(settings)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(runner)
    return 0


if __name__ == "__main__":
    sys.exit(main())
