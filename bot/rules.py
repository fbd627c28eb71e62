"""Rulebooks for ``/game rules``: our own Markdown in ``docs/rules/``, reflowed for Discord and paged.

Discord keeps hard line breaks and draws no tables, so paragraphs are unwrapped and tables become bullet
lists; pages are packed section by section below the embed limit. Page 1 is a quick start on its own: the
rulebook's one-minute summary and which buttons to press. The rulebook's opening note on where the game
comes from and its licence goes last, under *Credits and sources*: a new player opens the rules to play.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
# a game's rulebook is docs/rules/<game id>.md, but for these
RULE_FILES = {"wars": "shapeshifter-wars.md", "goodvsbad": "good-vs-bad.md"}
PAGE_LIMIT = 3800  # an embed description holds 4096 characters; keep room to spare
QUICK_START = "one minute"  # the heading of every rulebook's first section, its summary
BUTTONS = (
    "**Playing here.** `/game new` opens a lobby; others press **Join**, the host presses **Start** (or add `ai:` "
    "to play the computer). On the board, **Take turn** opens your move picker, one step at a time with **Back**; "
    "**My secrets** (**My view** where nothing is hidden) shows the game from your side; **Rules** brings you "
    "back here."
)
_BLOCK_START = re.compile(r"^\s*(?:[-*] |\d+\. |#|\||>)")


@functools.cache
def rule_pages(game_id: str) -> tuple[str, ...]:
    """The rulebook of a game as Discord-ready pages."""
    path = RULES_DIR / RULE_FILES.get(game_id, f"{game_id}.md")
    if not path.is_file():
        return ("The rules of this game are not written yet.",)
    blocks = [_discord_block(b) for b in _blocks(path.read_text(encoding="utf-8"))]
    title, blocks = blocks[0], blocks[1:]
    first = next((i for i, b in enumerate(blocks) if b.startswith("__**")), 0)
    credits, blocks = blocks[:first], blocks[first:]
    summary_end = next((i for i, b in enumerate(blocks[1:], 1) if b.startswith("__**")), len(blocks))
    if QUICK_START not in blocks[0].splitlines()[0]:
        summary_end = 0  # no summary to open with: the quick start is the buttons alone
    quick_start = "\n\n".join([title, *blocks[:summary_end], BUTTONS])
    blocks = blocks[summary_end:] + (["__**Credits and sources**__", *credits] if credits else [])
    pages: list[str] = []
    for block in blocks:
        starts_section = block.startswith("__**")
        fits = pages and len(pages[-1]) + len(block) + 2 <= PAGE_LIMIT
        if fits and not (starts_section and len(pages[-1]) > PAGE_LIMIT // 2):
            pages[-1] += "\n\n" + block
        else:
            pages.extend(block[i : i + PAGE_LIMIT] for i in range(0, len(block), PAGE_LIMIT))
    return (quick_start, *pages)


def _blocks(text: str) -> list[str]:
    """The Markdown's paragraphs, split at blank lines, except inside a fenced code block (kept whole)."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append([])
        else:
            blocks[-1].append(line)
    return ["\n".join(b) for b in blocks if "".join(b).strip()]


def _discord_block(block: str) -> str:
    """Unwrap a paragraph's lines (keeping list items apart) and turn a table into a list; code stays code."""
    if block.startswith("```"):
        return block
    lines = block.strip().splitlines()
    if lines[0].lstrip().startswith("|"):
        return _table_as_list(lines)
    joined: list[str] = []
    for line in lines:
        if joined and not _BLOCK_START.match(line) and not joined[-1].startswith("#"):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line.rstrip())
    return "\n".join(_heading(line) for line in joined)


def _heading(line: str) -> str:
    """Markdown headings as bold lines, which every Discord client shows inside an embed."""
    match = re.match(r"^(#+)\s+(.*)$", line)
    if not match:
        return line
    return f"__**{match[2]}**__" if len(match[1]) <= 2 else f"**{match[2]}**"


def _table_as_list(lines: list[str]) -> str:
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    header, body = rows[0], [r for r in rows[1:] if not set("".join(r)) <= set("-: ")]
    items = []
    for row in body:
        rest = "; ".join(f"{h} {c}" for h, c in zip(header[1:], row[1:], strict=False) if c)
        items.append(f"- **{row[0]}**: {rest}")
    return "\n".join(items)
