"""The roster under the map: every wizard in this round's turn order, and the legend card.

An entry reads, top to bottom: the seat's token, name and status badges; its shape (and, while changing,
an arrow to the target shape with the turns left); health against the shape's HLT and mana against 50, as
bars with numbers. The wizard whose turn it is has a gold frame and pointer; the dead and those who left the
map come last, faded, with the reason instead of bars.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.metamorph.game import MetaView
from engine.games.metamorph.model import MAX_MANA, Wizard
from engine.games.metamorph.tables import SCHOOL_NAMES, TABLES, cells_apart

from .. import palette as pal
from ..palette import RGB
from ..toolkit import Sketch, draw_text, ellipsize, measure, put_text, star_points, text_width
from .geometry import BoardLayout, Metrics
from .sprites import BADGE_WORDS, MANA, artifact_sprite, badge, bar_colour, legend_items, side_icon
from .terrain import terrain_swatch

WIDE_ENTRY = 470  # at 1024 pixels: entries at least this wide name their badges in words


def turns_left(wizard: Wizard) -> int:
    """Turns until a changing wizard takes its target shape: chart cells between its counter and the target."""
    if wizard.target is None or wizard.cell is None:
        return 0
    goal = TABLES.shapes[wizard.target].cell
    if goal is None:
        return 0
    return cells_apart(wizard.cell, goal)


def badges_of(view: MetaView, wizard: Wizard) -> list[tuple[str, int]]:
    """A wizard's status badges in the order they are shown, each with its turns left (0: not counted)."""
    out: list[tuple[str, int]] = []
    if wizard.changing:
        out.append(("changing", turns_left(wizard)))
    if wizard.flying:
        out.append(("high" if wizard.high else "flying", 0))
    for artifact in view.artifacts:
        if artifact.carrier == wizard.seat and not artifact.destroyed:
            kind = artifact.kind
            if (kind, 0) not in out:
                out.append((kind, 0))
    order = ("held", "constrict", "web", "slow", "restrict", "poison", "ink")
    for condition in sorted(wizard.conditions, key=lambda c: order.index(c.kind)):
        out.append((condition.kind, condition.turns))
    return out


def entry_order(view: MetaView) -> list[Wizard]:
    """This round's order, then any wizard not in it (dead, or off the map) by seat."""
    seen = list(view.order)
    return [view.wizards[s] for s in seen] + [w for w in view.wizards if w.seat not in seen]


# -- small glyphs --------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _heart(d: int) -> Image.Image:
    sk = Sketch(d, d)
    r = d * 0.26
    sk.ellipse((d * 0.06, d * 0.12, d * 0.06 + 2 * r, d * 0.12 + 2 * r), fill=pal.VERMILLION)
    sk.ellipse((d * 0.94 - 2 * r, d * 0.12, d * 0.94, d * 0.12 + 2 * r), fill=pal.VERMILLION)
    sk.polygon([(d * 0.08, d * 0.46), (d * 0.92, d * 0.46), (d * 0.5, d * 0.92)], fill=pal.VERMILLION)
    return sk.finish()


@lru_cache(maxsize=8)
def _sparkle(d: int) -> Image.Image:
    sk = Sketch(d, d)
    sk.polygon(star_points(d / 2, d / 2, d * 0.5, d * 0.16, points=4), fill=MANA)
    return sk.finish()


def _arrow(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, colour: RGB) -> None:
    """A right arrow ``w`` wide starting at (x, y) (the built-in font has no →)."""
    t = max(1, round(w * 0.12))
    draw.line([(x, y), (x + w * 0.7, y)], fill=colour, width=t)
    draw.polygon([(x + w, y), (x + w * 0.6, y - w * 0.3), (x + w * 0.6, y + w * 0.3)], fill=colour)


@lru_cache(maxsize=2048)
def cut(text: str, px: int, width: int, bold: bool = False) -> tuple[str, float]:
    """``text`` ellipsized to ``width`` whole pixels, and its width, remembered."""
    shown = ellipsize(text, px, width, bold=bold)
    return shown, measure(shown, px, bold)


# -- the roster ----------------------------------------------------------------------------------------------


class Roster:
    """Draws the roster card's contents onto ``image`` (the card itself is in the background)."""

    def __init__(self, image: Image.Image, lay: BoardLayout, view: MetaView) -> None:
        self.image, self.lay, self.view, self.m = image, lay, view, lay.metrics
        self.draw = ImageDraw.Draw(image)

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        self.image.paste(sprite, (round(x), round(y)), sprite)

    def text(self, x: float, y: float, text: str, *, px: int, width: float, fill: RGB = pal.TEXT, bold=False):
        """One line, vertically centred on ``y`` and cut to ``width``; returns where it ends."""
        shown, used = cut(text, px, int(width), bold)
        put_text(self.image, x, y, shown, px=px, fill=fill, bold=bold)
        return x + used

    def draw_all(self) -> None:
        m, (x0, y0, x1, _) = self.m, self.lay.roster
        left, right = x0 + m.pad, x1 - m.pad
        heading_y = y0 + m.pad + m.heading_px * 0.5
        heading = f"ROUND {self.view.round} · TURN ORDER"
        self.text(left, heading_y, heading, px=m.heading_px, width=right - left, fill=pal.TEXT_DIM)
        wizards = entry_order(self.view)
        columns = self.lay.roster_columns
        rows = -(-len(wizards) // columns)
        gap = m.gap
        col_w = (right - left - gap * (columns - 1)) / columns
        top = y0 + m.pad + round(m.heading_px * 1.6)
        for i, wizard in enumerate(wizards):
            col, row = divmod(i, rows)
            self.entry(wizard, left + col * (col_w + gap), top + row * m.entry_h, col_w)

    def entry(self, wizard: Wizard, x: float, y: float, w: float) -> None:
        m, view = self.m, self.view
        u = m.u
        standing = wizard.on_board
        active = standing and view.outcome is None and wizard.seat == view.active
        h = m.entry_h - round(6 * u)
        if active:
            self.draw.rounded_rectangle(
                (x - 4 * u, y - 2 * u, x + w + 4 * u, y + h),
                radius=10 * u,
                fill=pal.PANEL_EDGE,
                outline=pal.GOLD,
                width=max(2, round(3 * u)),
            )
        icon = round(m.name_px * 1.7)
        self.paste(side_icon(wizard.seat, icon, dead=not standing), x + 2 * u, y + 2 * u)
        tx = x + icon + 12 * u
        line1, line2, line3 = y + 15 * u, y + 41 * u, y + 66 * u
        name_fill = pal.TEXT if standing else pal.TEXT_DIM
        name = view.seat_names[wizard.seat]
        end = self.text(tx, line1, name, px=m.name_px, width=w * 0.45, fill=name_fill, bold=True)
        if active:
            self.text(end + 8 * u, line1, "to act", px=m.body_px, width=w * 0.3, fill=pal.GOLD, bold=True)
        if standing:
            self.badges(wizard, x + w, line1, tx + w * 0.42 if not active else end + 80 * u)
        self.shape_line(wizard, tx, line2, x + w - tx)
        if standing:
            self.bars(wizard, x + 2 * u, line3, w)
        else:
            why = "left the map" if wizard.left_map else "dead"
            carried = [a.name for a in view.artifacts if a.carrier == wizard.seat and not a.destroyed]
            if wizard.left_map and carried:
                why += f" with {carried[0]}"
            self.text(x + 2 * u, line3, why, px=m.body_px, width=w, fill=pal.TEXT_DIM)

    def badges(self, wizard: Wizard, right: float, cy: float, limit: float) -> None:
        """Status badges, right-aligned on the first line; in a wide entry each with its word and turns."""
        m = self.m
        d = round(m.name_px * 0.95)
        wide = right - limit > WIDE_ENTRY * m.u * 0.5
        x = right
        for kind, turns in reversed(badges_of(self.view, wizard)):
            word = BADGE_WORDS[kind] + (f" {turns}" if turns and kind != "changing" else "")
            need = d + (measure(word, m.body_px - 2) + 6 * m.u if wide else 0)
            if x - need < limit:
                break
            x -= need
            self.paste(badge(kind, d), x, cy - d / 2)
            if wide:
                put_text(self.image, x + d + 3 * m.u, cy, word, px=m.body_px - 2, fill=pal.TEXT_DIM)
            x -= 4 * m.u

    def shape_line(self, wizard: Wizard, x: float, cy: float, width: float) -> None:
        """The shape; while changing, "Blob → Dragon in 3 turns", shortened as far as "→ Dragon 3" to fit."""
        m = self.m
        fill = pal.TEXT if wizard.on_board else pal.TEXT_DIM
        px = m.body_px + 1
        shape = "Blob" if wizard.shape == "Amorphous Blob" else wizard.shape
        if not wizard.changing or wizard.target is None:
            words = wizard.shape
            if wizard.school:  # Specialization: the school, where it fits
                schooled = f"{wizard.shape} · {SCHOOL_NAMES.get(wizard.school, wizard.school)}"
                words = schooled if measure(schooled, px) <= width else words
            self.text(x, cy, words, px=px, width=width, fill=fill)
            return
        n = turns_left(wizard)
        arrow = px * 1.1
        space = 6 * m.u
        forms = [
            (shape, f"{wizard.target} in {n} turn{'s' if n != 1 else ''}"),
            (shape, f"{wizard.target} in {n}"),
            ("", f"{wizard.target} in {n}"),
            ("", f"{wizard.target} {n}"),
        ]
        for before, after in forms:
            need = (measure(before, px) + space if before else 0) + arrow + space + measure(after, px)
            if need <= width:
                break
        end = self.text(x, cy, before, px=px, width=width, fill=fill) + space if before else x
        _arrow(self.draw, end, cy, arrow, pal.TEXT_DIM)
        self.text(end + arrow + space, cy, after, px=px, width=x + width - end - arrow - space, fill=fill)

    def bars(self, wizard: Wizard, x: float, cy: float, w: float) -> None:
        """Health (a heart, a bar from green to red, "9/13") and mana (a sparkle, a blue bar, "37/50"); in a
        narrow entry the numbers alone."""
        m = self.m
        u = m.u
        g = round(m.body_px * 0.85)
        bar_h = max(4, round(10 * u))
        half = w / 2
        hlt = wizard.body.hlt
        health = max(0, wizard.health)
        words_w = measure("50/50", m.body_px)
        with_bars = half - g - words_w - 21 * u >= 36 * u
        for i, (glyph, fraction, colour, words) in enumerate(
            (
                (_heart(g), health / hlt, bar_colour(health / hlt), f"{health}/{hlt}"),
                (_sparkle(g), wizard.mana / MAX_MANA, MANA, f"{wizard.mana}/{MAX_MANA}"),
            )
        ):
            left = x + i * half
            self.paste(glyph, left, cy - g / 2)
            bx0 = left + g + 5 * u
            if not with_bars:
                put_text(self.image, bx0, cy, words, px=m.body_px, fill=pal.TEXT)
                continue
            bx1 = left + half - words_w - 16 * u
            self.draw.rounded_rectangle(
                (bx0, cy - bar_h / 2, bx1, cy + bar_h / 2), radius=bar_h / 2, fill=(24, 26, 32), outline=pal.INK
            )
            filled = bx0 + (bx1 - bx0) * max(0.0, min(1.0, fraction))
            if filled > bx0 + 1:
                self.draw.rounded_rectangle(
                    (bx0, cy - bar_h / 2, filled, cy + bar_h / 2), radius=bar_h / 2, fill=colour
                )
            put_text(self.image, bx1 + 6 * u, cy, words, px=m.body_px, fill=pal.TEXT)


# -- the legend ----------------------------------------------------------------------------------------------


def draw_legend(image: Image.Image, box: tuple[int, int, int, int], m: Metrics) -> None:
    """The legend card's contents: items flow left to right and wrap, as many rows as the card holds."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    left, right = x0 + m.pad, x1 - m.pad
    draw_text(draw, (left, y0 + m.pad), "KEY TO THE MAP", px=m.heading_px, fill=pal.TEXT_DIM, anchor="lt")
    px = m.body_px - 2
    d = round(m.body_px * 1.15)
    row_h = m.legend_row
    x, y = left, y0 + m.pad + round(m.heading_px * 1.6)
    for kind, words in legend_items():
        need = d + 5 * m.u + text_width(words, px) + 14 * m.u
        if x + need > right + 14 * m.u and x > left:
            x, y = left, y + row_h
        if y + row_h > y1 - m.pad * 0.5:
            return
        group, name = kind.split(":")
        if group == "terrain":
            sprite = terrain_swatch(name, d)
        elif group == "artifact":
            sprite = artifact_sprite(name, d)
        else:
            sprite = badge(name, d)
        image.paste(sprite, (round(x), round(y)), sprite)
        draw_text(draw, (x + d + 5 * m.u, y + d / 2), words, px=px, fill=pal.TEXT, anchor="lm")
        x += need
