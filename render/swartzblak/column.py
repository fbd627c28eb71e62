"""The column right of the Swartzblak board: the round track, whose turn it is and the actions it has left,
the Shapeshifter (named only when the view holds the secret), the Alleyways' state and the last roll."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.swartzblak.board import ALLEY_NAMES, SQUARES
from engine.games.swartzblak.model import BEAST, ROUNDS, SwView

from .. import palette as pal
from ..palette import RGB
from ..toolkit import draw_text, ellipsize
from .geometry import Layout, escapes
from .sprites import (
    die,
    escape_icon,
    legend_tile,
    link_badge,
    mask_badge,
    paste,
    pool_glyph,
    round_pip,
    side_icon,
)

ALLEY_SHORT = tuple(name.split()[0] for name in ALLEY_NAMES)  # "Astrologic", "Torrensh", "Illogic"


class Column:
    """The column right of the board, top to bottom: round track, turn and actions left, the Shapeshifter,
    the Alleyways; the last roll at the bottom."""

    def __init__(self, image: Image.Image, lay: Layout, view: SwView) -> None:
        self.image, self.view, self.u = image, view, lay.scale
        self.pen = ImageDraw.Draw(image)
        x0, y0, x1, y1 = lay.column
        self.pad = round(14 * self.u)
        self.left, self.right, self.bottom = x0 + self.pad, x1 - self.pad, y1 - self.pad
        self.y = y0 + self.pad
        self.width = self.right - self.left
        self.label_px, self.body_px = round(21 * self.u), round(26 * self.u)

    def draw(self) -> None:
        self.rounds()
        self.turn()
        self.shapeshifter()
        self.alleys()
        self.roll()

    def text(self, x: float, y: float, text: str, *, px: int, fill: RGB = pal.TEXT, bold: bool = False) -> None:
        """One line, vertically centred on ``y``, cut to the column's width."""
        shown = ellipsize(text, px, self.right - x, bold=bold)
        draw_text(self.pen, (x, y), shown, px=px, fill=fill, anchor="lm", bold=bold)

    def heading(self, text: str) -> None:
        self.text(self.left, self.y + self.label_px * 0.5, text.upper(), px=self.label_px, fill=pal.TEXT_DIM)
        self.y += round(self.label_px * 1.5)

    def gap(self) -> None:
        self.y += round(14 * self.u)

    def icon_line(self, icon: Image.Image, words: str, *, dim: bool = False) -> None:
        paste(self.image, icon, (self.left, self.y))
        colour = pal.TEXT_DIM if dim else pal.TEXT
        self.text(
            self.left + icon.width * 1.25, self.y + icon.height / 2, words, px=self.body_px, fill=colour, bold=True
        )
        self.y += round(icon.height * 1.25)

    def rounds(self) -> None:
        current = min(self.view.round, ROUNDS)
        self.heading(f"Round {current} of {ROUNDS}")
        d = min(round(46 * self.u), int(self.width / 3.4))
        step = (self.width - d) / 2
        for n in range(1, ROUNDS + 1):
            state = "now" if n == current and self.view.outcome is None else "past" if n <= current else "later"
            row, col = divmod(n - 1, 3)
            paste(self.image, round_pip(n, state, d), (round(self.left + col * step), self.y + row * round(d * 1.1)))
        self.y += round(d * 2.1)
        self.gap()

    def turn(self) -> None:
        view = self.view
        icon_d = round(34 * self.u)
        if view.outcome is not None:
            self.heading("Winner" if view.outcome.winners else "Result")
            if view.outcome.winners:
                winner = min(view.outcome.winners)
                self.icon_line(side_icon(winner, icon_d), view.seat_names[winner])
            else:
                self.text(self.left, self.y + self.body_px / 2, "Draw", px=self.body_px, bold=True)
                self.y += round(self.body_px * 1.3)
            self.gap()
            return
        self.heading("Turn")
        self.icon_line(side_icon(view.side, icon_d), view.seat_names[view.side])
        g = round(30 * self.u)
        for kind, left, word in (("move", view.moves, "moves"), ("stunt", view.stunts, "stunts")):
            for i in range(3):
                paste(self.image, pool_glyph(kind, i < left, g), (self.left + round(i * g * 1.02), self.y))
            self.text(self.left + g * 3.3, self.y + g / 2, word, px=self.label_px, fill=pal.TEXT_DIM)
            self.y += round(g * 1.15)
        self.gap()

    def shapeshifter(self) -> None:
        """Which Varmint it is (only when the view holds the secret), else "the Beast" once revealed, else
        "hidden": the public and Hero columns say the same whichever Varmint it is."""
        view = self.view
        self.heading("Shapeshifter")
        beast = next(u for u in view.units if u.id == BEAST)
        if view.shapeshifter is not None:
            words = f"Varmint {view.shapeshifter}"
        elif beast.square is not None:
            words = "the Beast"
        else:
            words = "hidden"
        self.icon_line(mask_badge(round(34 * self.u)), words, dim=words == "hidden")
        self.gap()

    def alleys(self) -> None:
        self.heading("Alleyways")
        d = round(40 * self.u)
        icon = round(self.label_px * 1.05)
        exits = escapes(self.view)
        for i in range(len(self.view.alleys)):
            paste(self.image, legend_tile(i, d), (self.left, self.y))
            x = self.left + round(d * 1.2)
            self.text(x, self.y + d * 0.24, ALLEY_SHORT[i], px=self.label_px)
            line_y = self.y + d * 0.8
            if exits[i] is None:
                paste(self.image, link_badge(icon), (x, round(line_y - icon / 2)))
                self.text(x + icon * 1.25, line_y, "linked", px=self.label_px, fill=pal.TEXT_DIM)
            else:
                paste(self.image, escape_icon(icon), (x, round(line_y - icon / 2)))
                self.text(x + icon * 1.25, line_y, f"exit {SQUARES[exits[i]]}", px=self.label_px, fill=pal.TEXT_DIM)
            self.y += round(d * 1.3)
        self.gap()

    def roll(self) -> None:
        """The last attack's dice at the column's foot: the attacker's (white) over the target's (dark), each
        row led by the figure's key; the highest die of each has a gold frame."""
        roll = self.view.last_roll
        if roll is None:
            return
        key_w = round(38 * self.u)
        ds = min(round(36 * self.u), int((self.width - key_w) / 4.1))
        extras = ", ".join(w for w, on in (("Adv.", roll.advantage), ("obscured", roll.obscured)) if on)
        height = round(self.label_px * 1.5) + 2 * round(ds * 1.08) + (round(self.label_px * 1.3) if extras else 0)
        self.y = max(self.y, self.bottom - height)
        self.heading(f"Last roll: {'hit' if roll.hit else 'miss'}")
        for who, dice, attack in ((roll.attacker, roll.attack, True), (roll.target, roll.defence, False)):
            self.text(self.left, self.y + ds / 2, who, px=self.body_px, bold=True)
            best = dice.index(max(dice)) if dice else -1
            for i, value in enumerate(dice[:4]):
                paste(self.image, die(value, attack, i == best, ds), (self.left + key_w + round(i * ds * 1.03), self.y))
            self.y += round(ds * 1.08)
        if extras:
            self.text(self.left, self.y + self.label_px * 0.6, extras, px=self.label_px, fill=pal.TEXT_DIM)
