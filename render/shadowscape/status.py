"""The status card at the top of the right column, six lines:

1. the game, the mode, the turn (and whose view this is, for a seat's own view);
2. the headline: the token of the seat the game waits for and what it does ("Vesk's turn", "Pell defends",
   "The heroes win!"), with the clock beside it when the caller gives one; that hero's card and token are the
   ones lit (``words.deciding``);
3. the stage: the phase, or the decision waited for ("Gutter Jackal attacks Pell: 3 damage"), led by whose
   turn it is when another hero decides ("Vesk's turn · Gutter Jackal attacks for 3").

Each line shrinks a few sizes to show whole before anything is cut.
4. the fate deck and its discard pile (counts), and in the competitive game how many of the three reshuffles
   before the Long Dark have come;
5. the Dungeon Lord: asleep, or the damage it has taken and the Defence it has left;
6. the caller's caption (the last action in words), when given: on up to two lines, large enough to read where
   Discord shows the board about 400 pixels wide (tests/test_render_legible.py).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.shadowscape.model import LONG_DARK
from engine.games.shadowscape.views import ShadowView

from .. import palette as pal
from ..palette import RGB
from ..toolkit import measure, put_text
from .fit import fit_name, sizes_from
from .geometry import Layout
from .sprites import hero_token, mark, paste
from .words import MODES, TITLE, lord_line, short_hero, stage, status


def line(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    px: int | tuple[int, ...],
    width: float,
    fill: RGB,
    bold: bool = False,
) -> float:
    """One line in ``width``, its left end and middle at ``xy``, at the largest of the sizes ``px`` at which it
    fits whole (cut only when even the smallest is too wide); returns where it ends."""
    fitted = fit_name(text, width, px if isinstance(px, tuple) else (px,), bold=bold, lines=1)
    return put_text(image, xy[0], xy[1], fitted.lines[0], px=fitted.px, fill=fill, bold=bold)


def title(view: ShadowView) -> str:
    words = f"{TITLE} · {MODES.get(view.options.mode, view.options.mode)} · turn {view.turn}"
    if view.viewer is not None:
        words += f" · {short_hero(view.heroes[view.viewer])}'s view"
    return words.upper()


def draw_status(
    image: Image.Image,
    lay: Layout,
    view: ShadowView,
    letters: tuple[str, ...],
    *,
    caption: str | None,
    clock: str | None,
) -> None:
    x0, y0, x1, _ = lay.status
    pad = lay.px(12)
    left, right = x0 + pad, x1 - pad
    y = y0 + pad + lay.px(8)
    line(image, (left, y), title(view), px=sizes_from(lay.px, 15, 14, 13), width=right - left, fill=pal.TEXT_DIM)
    y += lay.px(28)
    headline, seat = status(view)
    x = left
    if seat is not None:
        d = lay.px(34)
        paste(image, hero_token(seat, letters[seat], d, False), x, y - d / 2)
        x += d + lay.px(10)
    end = right
    if clock:
        px = lay.px(24)
        w = measure(clock, px, True) + lay.px(16)
        ImageDraw.Draw(image).rounded_rectangle(
            (right - w, y - px * 0.75, right, y + px * 0.75), radius=lay.px(8), fill=pal.BACKGROUND
        )
        put_text(image, right - w / 2, y, clock, px=px, fill=pal.TEXT, bold=True, align="m")
        end -= w + lay.px(8)
    line(image, (x, y), headline, px=sizes_from(lay.px, 30, 28, 26, 24), width=end - x, fill=pal.TEXT, bold=True)
    y += lay.px(32)
    line(image, (left, y), stage(view), px=sizes_from(lay.px, 19, 18, 17, 16, 15), width=right - left, fill=pal.TEXT)
    y += lay.px(26)
    piles(image, lay, view, (left, y), right - left)
    y += lay.px(26)
    d = lay.px(22)
    paste(image, mark("lord", d), left, y - d / 2)
    x = left + d + lay.px(5)
    line(image, (x, y), lord_line(view), px=sizes_from(lay.px, 17, 16, 15, 14), width=right - x, fill=pal.TEXT)
    if caption:
        fitted = fit_name(
            caption, right - left, sizes_from(lay.px, 22, 21, 20, 18, 16), lines=2, one_line_floor=lay.px(20)
        )
        y += lay.px(28)
        for words in fitted.lines:
            put_text(image, left, y, words, px=fitted.px, fill=pal.TEXT_DIM)
            y += fitted.step()


def piles(image: Image.Image, lay: Layout, view: ShadowView, at: tuple[float, float], width: float) -> None:
    """Line 4: the fate deck and its discard pile, and in the competitive game the reshuffles so far of the
    three that bring the Long Dark; a size smaller, then another, when they would not fit whole."""
    competitive = view.options.mode == "competitive"
    items: list[tuple[str | None, str, str]] = [
        ("deck", str(view.fate_count), "in the deck" if competitive else "in the fate deck"),
        ("discard", str(len(view.fate_discard)), "discarded"),
    ]
    if competitive:
        items.append((None, f"{view.reshuffles}/{LONG_DARK}", "reshuffles"))
    d = lay.px(22)
    sizes = [(lay.px(19), lay.px(17)), (lay.px(17), lay.px(15)), (lay.px(16), lay.px(14))]
    for px, small in sizes:
        needed = sum(
            (d + lay.px(4) if kind else 0) + measure(count, px, True) + lay.px(5) + measure(words, small, False)
            for kind, count, words in items
        ) + lay.px(14) * (len(items) - 1)
        if needed <= width:
            break
    x, y = at
    for kind, count, words in items:
        if kind is not None:
            paste(image, mark(kind, d), x, y - d / 2)
            x += d + lay.px(4)
        x = put_text(image, x, y, count, px=px, fill=pal.TEXT, bold=True)
        x = put_text(image, x + lay.px(5), y, words, px=small, fill=pal.TEXT_DIM) + lay.px(14)
