"""The hero cards in the right column, one per seat, under the status card (``status.py``).

A hero card reads: the hero's token, name and room; at the right its Wounds on the hero card (a drop, "1/3"),
its hand as a count only (fanned cards, "4": never which cards), its Shadow Shards (competitive), and a shield
("+2") or a barred door while guarded or stuck. Below, one chip per action card with the name of the face that
is up: light with a green tick when ready, grey with a turn arrow when exhausted, dark red with a drop per
Wound when wounded (disabled). Equipment follows as gold-edged chips (a gem when it carries a Shard). The last
line holds the Trophies (enemy symbols), the Treasures (gold coins) and the claimed whispers (a gem and the
Shards each is worth). The hero the game waits for (``words.deciding``: the headline's hero, a
defender on another's turn too) has a gold frame. Each card is as tall as its rows of chips ask.

Hero cards are cached as images keyed by a ``HeroFace``: the public fields of a hero and nothing else, so a
hand cannot reach a hero card even by accident.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.shadowscape.dungeon import Place, laid_at, name
from engine.games.shadowscape.model import CardState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.views import HeroView, ShadowView

from .. import palette as pal
from ..palette import RGB
from ..panel import panel_backdrop
from ..toolkit import measure, put_text
from .fit import Fit, fit_name
from .geometry import GAP, Layout
from .sprites import hero_token, mark, paste, treasure_token
from .words import TITLES, deciding

CHIP_READY: RGB = (226, 220, 206)
CHIP_SPENT: RGB = (72, 74, 84)
CHIP_WOUNDED: RGB = (104, 34, 30)
CHIP_GEAR: RGB = (58, 50, 30)
GEAR_TEXT: RGB = (246, 214, 120)
WHISPER_PILL: RGB = (62, 44, 96)
BASE_H, ROW_H, ITEMS_H = 58, 29, 32  # a hero card's first line, a row of chips, the line of tokens (1024 px)
Box = tuple[float, float, float, float]


class HeroFace(NamedTuple):
    """What a hero card shows: every public field of a ``HeroView``; of the hand, only its count."""

    seat: int
    hero: str | None
    place: Place | None
    cards: tuple[CardState, ...]
    wounds: int
    hand_count: int
    trophies: tuple[str, ...]
    treasures: tuple[str, ...]
    equipment: tuple[str, ...]
    whispers: tuple[str, ...]
    guard: int
    stuck: bool


def hero_face(hero: HeroView) -> HeroFace:
    return HeroFace(
        hero.seat,
        hero.hero,
        hero.place,
        hero.cards,
        hero.wounds,
        hero.hand_count,
        hero.trophies,
        hero.treasures,
        hero.equipment,
        hero.whispers,
        hero.guard,
        hero.stuck,
    )


def shards_of(dungeon: tuple, face: HeroFace) -> int:
    """Shadow Shards the hero would score now: whispers, equipment, and a Shard room it stands in."""
    total = sum(TABLES.whispers[w].shards for w in face.whispers)
    total += sum(TABLES.equipment[e].shards for e in face.equipment)
    if face.place is not None and laid_at(dungeon, face.place).shown().shard:
        total += 1
    return total


def hero_boxes(lay: Layout, view: ShadowView) -> list[tuple[int, int, int, int]]:
    """The hero cards' boxes in the right column: each as tall as its rows of chips ask (two chips a row),
    the column's spare height shared out evenly; when the column is short, in proportion."""
    x0, top = lay.heroes[0][0], lay.heroes[0][1]
    x1, bottom = lay.heroes[-1][2], lay.heroes[-1][3]
    gap = lay.px(GAP)
    needs = [
        lay.px(BASE_H)
        + lay.px(ROW_H) * max(1, -(-(len(h.cards) + len(h.equipment)) // 2))
        + (lay.px(ITEMS_H) if h.trophies or h.treasures or h.whispers else 0)
        for h in view.heroes
    ]
    room = bottom - top - gap * (len(needs) - 1)
    spare = room - sum(needs)
    heights = [n + spare / len(needs) for n in needs] if spare >= 0 else [n * room / sum(needs) for n in needs]
    boxes, y = [], float(top)
    for h in heights:
        boxes.append((x0, round(y), x1, round(y + h)))
        y += h + gap
    return boxes


def draw_hero_cards(image: Image.Image, lay: Layout, view: ShadowView, letters: tuple[str, ...]) -> None:
    active = deciding(view)  # the hero the headline names: a defender on another's turn, not the turn's hero
    competitive = view.options.mode == "competitive"
    for hero, box in zip(view.heroes, hero_boxes(lay, view), strict=True):
        face = hero_face(hero)
        tile = hero_tile(
            face,
            size=(box[2] - box[0], box[3] - box[1]),
            u=lay.u,
            letters=letters[hero.seat],
            active=hero.seat == active,
            shards=shards_of(view.dungeon, face) if competitive else None,
        )
        image.paste(tile, (box[0], box[1]))


def hero_label(face: HeroFace, room: float, u: float) -> Fit:
    """The hero's full name on one line, 21 pixels (at 1024) down to 18; where that is too wide, the everyday
    name ("Mournwell" for "Sister Mournwell"), whole, rather than a cut full one."""
    full = TABLES.heroes[face.hero].name if face.hero else f"Hero {face.seat + 1}: choosing"
    sizes = tuple(dict.fromkeys(max(6, round(v * u)) for v in (21, 20, 19, 18)))
    fitted = fit_name(full, room, sizes, bold=True, lines=1)
    if fitted.whole or not face.hero:
        return fitted
    words = full.split()
    short = next((w for w in words if w not in TITLES), words[0])
    return fit_name(short, room, (*sizes, *(max(6, round(v * u)) for v in (17, 16, 15))), bold=True, lines=1)


def chip_label(text: str, width: float, height: float, u: float) -> Fit:
    """A chip's whole name in ``width`` × ``height``: one line from 17 pixels (at 1024, less on a short chip)
    down to 12, else two lines from 13 down to 8. The renderer and the tests both lay chips out here."""
    top = min(17 * u, height * 0.62)
    one = [round(top * f) for f in (1, 0.94, 0.88, 0.82, 0.76)]
    sizes = tuple(dict.fromkeys(max(6, v) for v in [*one, *(round(v * u) for v in (13, 12, 11, 10, 9, 8))]))
    return fit_name(text, width, sizes, lines=2, height=height - 2 * u, one_line_floor=max(6, round(12 * u)))


def chip_room(box: Box, marks: int, *, gear: bool = False) -> tuple[float, float]:
    """Where a chip's name starts and how wide it may be: after its marks (``marks`` mark widths) and a margin."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    m = max(6, round(h * 0.72))
    start = x0 + (h * 0.3 + (m + 2) * marks if gear else h * 0.18 + m * marks + 3)
    return start, x1 - start - h * (0.25 if gear else 0.2)


@lru_cache(maxsize=64)
def hero_tile(
    face: HeroFace, *, size: tuple[int, int], u: float, letters: str, active: bool, shards: int | None
) -> Image.Image:
    """One hero's card as an RGB image (on the column's background colour)."""
    return HeroCard(face, size, u, letters=letters, active=active, shards=shards).draw()


class HeroCard:
    def __init__(
        self, face: HeroFace, size: tuple[int, int], u: float, *, letters: str, active: bool, shards: int | None
    ) -> None:
        self.face, self.u, self.letters, self.active, self.shards = face, u, letters, active, shards
        self.width, self.height = size
        self.image = Image.new("RGB", size, pal.BACKGROUND)
        self.pen = ImageDraw.Draw(self.image)
        self.pad = self.px(10)

    def px(self, at_1024: float) -> int:
        return max(1, round(at_1024 * self.u))

    def draw(self) -> Image.Image:
        backdrop = _backdrop(self.width, self.height, 14 * self.u)
        self.image.paste(backdrop, (0, 0), backdrop)
        if self.active:
            self.pen.rounded_rectangle(
                (0, 0, self.width - 1, self.height - 1), radius=self.px(14), outline=pal.GOLD, width=self.px(3)
            )
        face = self.face
        self.first_line()
        has_items = bool(face.trophies or face.treasures or face.whispers)
        top = self.pad + self.px(38)
        bottom = self.height - self.pad - (self.px(32) if has_items else 0)
        chips = [("card", c) for c in face.cards] + [("gear", e) for e in face.equipment]
        if chips:
            self.chips(chips, (self.pad, top, self.width - self.pad, bottom))
        if has_items:
            self.items(self.height - self.pad - self.px(13))
        return self.image

    def first_line(self) -> None:
        """Token, name and room on the left; Wounds, hand count, Shards, guard and stuck on the right."""
        face, pad = self.face, self.pad
        cy = pad + self.px(16)
        d = self.px(30)
        paste(self.image, hero_token(face.seat, self.letters, d, self.active), pad, cy - d / 2)
        parts: list[tuple[str, str]] = []
        if face.hero is not None:
            parts.append(("wound", f"{face.wounds}/{TABLES.heroes[face.hero].wounds}"))
        parts.append(("hand", str(face.hand_count)))
        if self.shards is not None:
            parts.append(("shard", str(self.shards)))
        if face.guard:
            parts.append(("guard", f"+{face.guard}"))
        if face.stuck:
            parts.append(("stuck", ""))
        icon, num = self.px(20), self.px(19)
        right = self.width - pad
        for kind, text in reversed(parts):
            right -= measure(text, num, True) if text else 0
            put_text(self.image, right, cy, text, px=num, fill=pal.TEXT, bold=True)
            right -= icon + self.px(3)
            paste(self.image, mark(kind, icon), right, cy - icon / 2)
            right -= self.px(10)
        x = pad + d + self.px(8)
        where = name(face.place) if face.place is not None else ""
        room = int(right - x - measure(where, self.px(17)) - self.px(6))
        shown = hero_label(face, room, self.u)
        end = put_text(self.image, x, cy, shown.lines[0], px=shown.px, fill=pal.TEXT, bold=True)
        put_text(self.image, end + self.px(6), cy, where, px=self.px(17), fill=pal.TEXT_DIM)

    def chips(self, chips: list[tuple[str, object]], box: Box) -> None:
        """Chips in a grid: two columns (three or four when two would make them too short)."""
        x0, y0, x1, y1 = box
        gap = self.px(4)
        for columns in (2, 3, 4):
            rows = -(-len(chips) // columns)
            h = min(27 * self.u, (y1 - y0 - gap * (rows - 1)) / rows)
            if h >= 17 * self.u:
                break
        w = (x1 - x0 - gap * (columns - 1)) / columns
        for i, (kind, item) in enumerate(chips):
            cx, cy = x0 + (i % columns) * (w + gap), y0 + (i // columns) * (h + gap)
            if kind == "gear":
                self.gear_chip(str(item), (cx, cy, cx + w, cy + h))
            else:
                self.card_chip(item, (cx, cy, cx + w, cy + h))  # type: ignore[arg-type]

    def card_chip(self, card: CardState, box: Box) -> None:
        x0, y0, _, y1 = box
        h, cy = y1 - y0, (y0 + y1) / 2
        face = TABLES.actions[card.card].faces[card.face]
        if card.wounds:
            fill, text, marks = CHIP_WOUNDED, pal.TEXT, ["wound"] * card.wounds
        elif card.exhausted:
            fill, text, marks = CHIP_SPENT, pal.TEXT_DIM, ["exhausted"]
        else:
            fill, text, marks = CHIP_READY, pal.INK, ["ready"]
        self.pen.rounded_rectangle(box, radius=h * 0.3, fill=fill)
        m = max(6, round(h * 0.72))
        x = x0 + h * 0.18
        for kind in marks:
            paste(self.image, mark(kind, m), x, cy - m / 2)
            x += m * (0.7 if kind == "wound" else 1)
        start, room = chip_room(box, len(marks) * 0.7 if card.wounds else 1)
        self.label(chip_label(face.name, room, h, self.u), start, cy, text)

    def label(self, fitted: Fit, x: float, cy: float, fill: RGB) -> None:
        y = cy - fitted.height() / 2 + fitted.px / 2
        for line in fitted.lines:
            put_text(self.image, x, y, line, px=fitted.px, fill=fill)
            y += fitted.step()

    def gear_chip(self, item: str, box: Box) -> None:
        x0, y0, _, y1 = box
        h, cy = y1 - y0, (y0 + y1) / 2
        gear = TABLES.equipment[item]
        self.pen.rounded_rectangle(box, radius=h * 0.3, fill=CHIP_GEAR, outline=pal.GOLD, width=self.px(2))
        if gear.shards:
            m = max(6, round(h * 0.72))
            paste(self.image, mark("shard", m), x0 + h * 0.3, cy - m / 2)
        start, room = chip_room(box, gear.shards and 1, gear=True)
        self.label(chip_label(gear.name, room, h, self.u), start, cy, GEAR_TEXT)

    def items(self, y: float) -> None:
        """Trophies (their enemy symbols), Treasures (coins), then each whisper: a gem and its Shards."""
        face = self.face
        x, t = float(self.pad), self.px(24)
        for token in face.trophies:
            kind = TABLES.enemy_kinds[TABLES.enemies[token].kind].type
            paste(self.image, mark(kind, t), x, y - t / 2)
            x += t + self.px(4)
        for _ in face.treasures:
            paste(self.image, treasure_token(None, t), x, y - t / 2)
            x += t + self.px(4)
        if face.trophies or face.treasures:
            x += self.px(8)
        g = round(t * 0.8)
        for whisper in face.whispers:
            self.pen.rounded_rectangle((x, y - t / 2, x + t * 1.5, y + t / 2), radius=self.px(6), fill=WHISPER_PILL)
            paste(self.image, mark("shard", g), x + self.px(2), y - g / 2)
            shards = str(TABLES.whispers[whisper].shards)
            put_text(self.image, x + g + self.px(2), y, shards, px=self.px(17), fill=pal.TEXT, bold=True)
            x += t * 1.5 + self.px(4)


@lru_cache(maxsize=64)
def _backdrop(width: int, height: int, radius: float) -> Image.Image:
    return panel_backdrop((width, height), radius=radius)
