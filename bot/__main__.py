"""``python -m bot`` (``make run``): the bot's entry point.

The Discord adapter is built in a later issue; until then this says so plainly instead of failing.
"""

from __future__ import annotations

import sys


def main() -> int:
    print(
        "Changeling's Discord bot is not built yet: the engine and Shapeshifter Wars are ready, and the\n"
        "bot (with a local sandbox when no DISCORD_TOKEN is set) arrives with the bot issue.\n"
        "Run `make test` to check the engine."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
