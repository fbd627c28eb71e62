"""The key to the board's symbols: a second image the bot offers from a button beside the board
(``render.extra_png(view, "key")``), so every glyph the board draws is explained one click away.

Each entry names the glyph kinds it explains (``Entry.glyphs``), in the ids the tests record while boards are
drawn: ``door:sun``, ``lair:beast``, ``shrine:battle``, ``enemy:undead``, ``mark:wound`` (a hero card's or the
status card's small marks), ``frame:last`` and so on. A glyph the board can draw with no entry fails a test.

The key is drawn large (two columns, big icons and words) because Discord shows it, like the board, at about
400 pixels wide; it is the same for every position, so it is drawn once per size and cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.shadowscape.cards import DOOR_SYMBOLS, ENEMY_TYPES, SHRINE_KINDS
from engine.games.shadowscape.tables import TABLES

from .. import palette as pal
from ..core import own_palette_png
from ..toolkit import Sketch, draw_text, wrap
from . import glyphs as gl
from .heroes import CHIP_GEAR, CHIP_WOUNDED, WHISPER_PILL
from .sprites import (
    door_disc,
    empty_spot,
    enemy_token,
    hero_token,
    lair_badge,
    lord_token,
    mark,
    shard_badge,
    shrine_badge,
    treasure_token,
)


class Entry(NamedTuple):
    """One line of the key: the glyph kinds it explains (each drawn as an icon, in order) and its words."""

    glyphs: tuple[str, ...]
    words: str


def _kind_of(enemy_type: str, ranged: bool | None = None) -> str:
    """An enemy kind of this type (melee or ranged when asked), to draw a sample token."""
    return next(
        k.id for k in TABLES.enemy_kinds.values() if k.type == enemy_type and (ranged is None or k.ranged is ranged)
    )


SHRINE_WORDS = {
    "battle": "+1 to an action boosted by might",
    "arcane": "+1 to an action boosted by arcane",
    "health": "+1 to a Heal",
    "armour": "+1 Defence when attacked here",
    "foresight": "a Prepare here draws one card more",
    "hero": "+1 movement to a Move begun here",
}

SECTIONS: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    (
        "Rooms",
        (
            Entry(tuple(f"door:{d}" for d in DOOR_SYMBOLS), "Doors: an enemy leaves by the door with the symbol drawn"),
            Entry(tuple(f"lair:{t}" for t in ENEMY_TYPES), "Lair: enemies of this type appear here"),
            Entry(("shard",), "Shadow Shard: worth a Shard to a hero standing here"),
            Entry(("spot", "treasure"), "Treasure spot, empty or with its token (Search needed to take it)"),
            Entry(("floor:start", "floor:throne"), "Green: a corner where heroes enter; red: the Lord's room"),
            *(Entry((f"shrine:{k}",), f"{k.capitalize()} shrine: {SHRINE_WORDS[k]}") for k in SHRINE_KINDS),
            Entry(("frame:last", "frame:marked"), "Yellow frame: where the last move ended; blue: rooms pointed out"),
        ),
    ),
    (
        "Pieces",
        (
            Entry(
                tuple(f"enemy:{t}" for t in ENEMY_TYPES),
                "Enemy: its type, Defence (shield) and attack (red disc)",
            ),
            Entry(("melee",), "Crossed swords: melee, attacks heroes in its own room"),
            Entry(("ranged",), "Arrow: ranged, attacks its own room and the rooms next door"),
            Entry(("stunned",), "Blue ring and z: stunned, sits out the coming Enemy Phase"),
            Entry(("hero",), "Hero: the seat's shape and colour, the hero's initial"),
            Entry(("halo",), "Gold halo (and gold card): the hero the game waits for"),
            Entry(("lord", "mark:lord"), "Dungeon Lord: crown, Defence left, attack, damage taken"),
        ),
    ),
    (
        "Hero cards and status",
        (
            Entry(("mark:wound", "chip:wounded"), "Wounds: on the hero card (taken/limit), or disabling a card"),
            Entry(("mark:ready", "mark:exhausted"), "Action card ready, or used this turn (exhausted)"),
            Entry(("chip:gear",), "Equipment (gold edge); a gem if it carries a Shard"),
            Entry(("mark:hand",), "Fate cards in hand: the count only, never which"),
            Entry(("mark:shard", "whisper"), "Shadow Shards; a claimed whisper and the Shards it is worth"),
            Entry(tuple(f"mark:{t}" for t in ENEMY_TYPES), "Trophies: enemies slain, by type"),
            Entry(("coin",), "A Treasure taken"),
            Entry(("mark:guard",), "Guard: extra Defence until its player's next turn"),
            Entry(("mark:stuck",), "Stuck: the next Move may not leave the room"),
            Entry(("mark:deck", "mark:discard"), "Fate deck and discard pile (counts)"),
            Entry(("letters",), "Gear market: F C R W, the professions it suits"),
        ),
    ),
)


def keyed() -> frozenset[str]:
    """Every glyph kind the key explains."""
    return frozenset(g for _, entries in SECTIONS for entry in entries for g in entry.glyphs)


def _chip(fill: pal.RGB, kind: str | None, d: int, *, gear: bool = False) -> Image.Image:
    w = round(d * 1.6)
    sk = Sketch(w, d)
    h = d * 0.62
    box = (0, (d - h) / 2, w, (d + h) / 2)
    sk.rounded(box, h * 0.3, fill=fill, outline=pal.GOLD if gear else None, width=d * 0.05 if gear else 1)
    image = sk.finish()
    if kind is not None:
        m = round(h * 0.72)
        sprite = mark(kind, m)
        image.alpha_composite(sprite, (round(h * 0.18), round((d - m) / 2)))
    return image


def _frame(colour: pal.RGB, edge: pal.RGB, d: int) -> Image.Image:
    sk = Sketch(d, d)
    sk.rounded((0, 0, d, d), 1, fill=gl.FLOOR)
    sk.rounded((d * 0.04, d * 0.04, d * 0.96, d * 0.96), 1, outline=edge, width=d * 0.12)
    sk.rounded((d * 0.16, d * 0.16, d * 0.84, d * 0.84), 1, outline=colour, width=d * 0.06)
    return sk.finish()


def icon(kind: str, d: int) -> Image.Image:
    """The glyph a key entry shows for ``kind``, about ``d`` pixels tall (the Lord is wider), as RGBA."""
    family, _, detail = kind.partition(":")
    if family == "door":
        return door_disc(detail, d)
    if family == "lair":
        return lair_badge(detail, d)
    if family == "shrine":
        return shrine_badge(detail, d)
    if family == "enemy":
        return enemy_token(_kind_of(detail), d)
    if family == "mark":
        return mark(detail, d)
    if family == "floor":
        sk = Sketch(d, d)
        sk.rounded((0, 0, d, d), d * 0.12, fill=gl.FLOOR_START if detail == "start" else gl.FLOOR_THRONE)
        return sk.finish()
    if family == "frame":
        return _frame(*((pal.LAST_MOVE, pal.LAST_MOVE_EDGE) if detail == "last" else (pal.MARKED, pal.MARKED_EDGE)), d)
    if family == "chip":
        return _chip(CHIP_GEAR, None, d, gear=True) if detail == "gear" else _chip(CHIP_WOUNDED, "wound", d)
    return _single(kind, d)


def _single(kind: str, d: int) -> Image.Image:
    if kind == "shard":
        return shard_badge(d)
    if kind == "spot":
        return empty_spot(d)
    if kind in ("treasure", "coin"):
        return treasure_token(4 if kind == "treasure" else None, d)
    if kind in ("melee", "ranged"):
        return enemy_token(_kind_of("brigand", kind == "ranged"), d)
    if kind == "stunned":
        return enemy_token(_kind_of("undead"), d, stunned=True)
    if kind in ("hero", "halo"):
        return hero_token(0 if kind == "hero" else 1, "A" if kind == "hero" else "B", d, kind == "halo")
    if kind == "lord":
        return lord_token(7, 11, 3, True, d)
    if kind == "whisper":
        w = round(d * 1.4)
        sk = Sketch(w, d)
        sk.rounded((0, d * 0.12, w, d * 0.88), d * 0.2, fill=WHISPER_PILL)
        sk.text((w * 0.72, d / 2), "2", px=d * 0.6, fill=pal.TEXT, bold=True)
        image = sk.finish()
        gem = mark("shard", round(d * 0.7))
        image.alpha_composite(gem, (round(d * 0.08), round(d * 0.15)))
        return image
    if kind == "letters":
        sk = Sketch(round(d * 1.9), d)
        sk.rounded((0, d * 0.1, d * 1.9, d * 0.9), d * 0.15, fill=(50, 56, 68))
        sk.text((d * 0.95, d / 2), "F C R W", px=d * 0.42, fill=pal.TEXT, bold=True)
        return sk.finish()
    raise ValueError(f"no key icon for {kind!r}")


@lru_cache(maxsize=4)
def key_image(size: int = 1024) -> Image.Image:
    """The key as RGB, ``size`` pixels wide: two columns of sections, each entry its icons and a line or two."""
    if not 128 <= size <= 4096:
        raise ValueError(f"size must be 128–4096 pixels, not {size}")
    u = size / 1024
    pad, gap, d = round(20 * u), round(24 * u), round(46 * u)
    px, head = round(25 * u), round(30 * u)
    col_w = (size - 2 * pad - gap) / 2
    icons_w = round(d * 3.1)
    rows: list[tuple[str, Entry | None, list[str]]] = []
    for title, entries in SECTIONS:
        rows.append((title, None, []))
        rows += [("", e, wrap(e.words, px, col_w - icons_w - 12 * u, max_lines=3)) for e in entries]
    tall = [_row_height(r, d, px, head) for r in rows]
    half, split = sum(tall) / 2, 0
    while sum(tall[: split + 1]) <= half:  # the left column takes rows up to half the height
        split += 1
    if rows[split - 1][1] is None:  # never a heading at the foot of a column
        split -= 1
    columns = [rows[:split], rows[split:]]
    heights = [sum(tall[:split]), sum(tall[split:])]
    height = round(2 * pad + max(heights) + 40 * u)
    image = Image.new("RGB", (size, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (pad, pad + 14 * u), "Shadowscape: the symbols", px=round(30 * u), fill=pal.TEXT, bold=True)
    for c, rows in enumerate(columns):
        x, y = pad + c * (col_w + gap), pad + 44 * u
        for row in rows:
            title, entry, lines = row
            if entry is None:
                draw_text(draw, (x, y + head * 0.6), title.upper(), px=round(20 * u), fill=pal.GOLD, bold=True)
            else:
                _entry(image, draw, (x, y), entry, lines, d=d, px=px, icons_w=icons_w)
            y += _row_height(row, d, px, head)
    return image


def _row_height(row: tuple[str, Entry | None, list[str]], d: int, px: int, head: int) -> float:
    _, entry, lines = row
    if entry is None:
        return head * 1.3
    return max(d, len(lines) * px * 1.15) + px * 0.5


def _entry(image: Image.Image, draw: ImageDraw.ImageDraw, xy, entry: Entry, lines: list[str], **size) -> None:
    """An entry's icons side by side (shrunk to share ``icons_w``), its words to the right."""
    x, y = xy
    d, px, icons_w = size["d"], size["px"], size["icons_w"]
    tall = max(d, len(lines) * px * 1.15)
    sprites = [icon(g, d) for g in entry.glyphs]
    total = sum(s.width for s in sprites) + 4 * (len(sprites) - 1)
    if total > icons_w:  # many icons (the four doors, three enemies): smaller, still side by side
        shrink = icons_w / total
        sprites = [icon(g, max(8, int(d * shrink))) for g in entry.glyphs]
    cx = x
    for sprite in sprites:
        image.paste(sprite, (round(cx), round(y + (tall - sprite.height) / 2)), sprite)
        cx += sprite.width + 4
    ty = y + (tall - len(lines) * px * 1.15) / 2 + px * 0.58
    for line in lines:
        draw_text(draw, (x + icons_w + 12, ty), line, px=px, fill=pal.TEXT, anchor="lm")
        ty += px * 1.15


def key_png(size: int = 1024) -> bytes:
    """PNG bytes of ``key_image``, on a palette of its own like the hand image."""
    return own_palette_png(key_image(size))
