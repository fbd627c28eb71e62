"""``python -m render --demo DIR``: write sample boards of every implemented game to DIR."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .demo import write_demo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    parser.add_argument("--demo", metavar="DIR", type=Path, required=True, help="directory to write the samples to")
    args = parser.parse_args(argv)
    for path in write_demo(args.demo):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
