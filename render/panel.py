"""The information panel beside (or below) every board: game, turn, whose turn, the last action, the clock.

Views carry no log text, so the last action in words is handed in by the caller (the log line the viewer
reads); the panel only lays it out. The same panel fits a wide strip under a square board or a tall column
beside a wide one: lines run top to bottom and wrap to the box.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import palette as pal
from .toolkit import Sketch, draw_text, ellipsize, text_width, wrap


@dataclass(frozen=True, slots=True)
class PanelInfo:
    """What the panel says. ``status`` is the headline (whose turn, or the result)."""

    title: str
    status: str
    turn: int | None = None
    status_icon: Image.Image | None = None
    caption: str | None = None
    clock: str | None = None
    note: str | None = None  # e.g. whose private view this is


@dataclass(frozen=True, slots=True)
class PanelStyle:
    """Pixel sizes for a given canvas scale (1.0 = a 1024-pixel image)."""

    small: int
    headline: int
    body: int
    pad: int

    @classmethod
    def for_scale(cls, scale: float) -> PanelStyle:
        return cls(small=round(27 * scale), headline=round(42 * scale), body=round(31 * scale), pad=round(22 * scale))


def panel_backdrop(size: tuple[int, int], *, radius: float) -> Image.Image:
    """The panel's rounded card, anti-aliased (static, so renderers cache it in their background)."""
    sk = Sketch(size[0], size[1], scale=2)
    sk.rounded((0, 0, size[0], size[1]), radius, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=max(1.0, radius / 8))
    return sk.finish()


def draw_panel(
    image: Image.Image,
    box: tuple[int, int, int, int],
    info: PanelInfo,
    *,
    style: PanelStyle,
    backdrop: bool = True,
) -> None:
    """Lay ``info`` out inside ``box``: title and turn, then the headline with its icon and the clock, then the
    caption wrapped into what height is left."""
    x0, y0, x1, y1 = box
    if backdrop:
        card = panel_backdrop((x1 - x0, y1 - y0), radius=style.pad * 0.8)
        image.paste(card, (x0, y0), card)
    draw = ImageDraw.Draw(image)
    pad = style.pad
    left, right, y = x0 + pad, x1 - pad, y0 + pad * 0.8
    width = right - left

    # line 1: game title on the left; turn (and whose view) on the right
    meta = " · ".join(part for part in (info.note, f"Turn {info.turn}" if info.turn is not None else None) if part)
    meta_w = text_width(meta, style.small) if meta else 0
    title = ellipsize(info.title, style.small, width - meta_w - pad)
    draw_text(draw, (left, y), title.upper(), px=style.small, fill=pal.TEXT_DIM, anchor="lt")
    if meta:
        draw_text(draw, (right, y), meta, px=style.small, fill=pal.TEXT_DIM, anchor="rt")
    y += style.small * 1.35

    # line 2: icon, headline, clock
    icon_w = 0
    if info.status_icon is not None:
        icon = info.status_icon
        image.paste(icon, (round(left), round(y + (style.headline - icon.height) / 2)), icon)
        icon_w = icon.width + pad * 0.5
    clock_w = 0
    if info.clock:
        clock_w = text_width(info.clock, style.headline, bold=True) + pad * 1.2
        pill = (right - clock_w, y - pad * 0.2, right, y + style.headline + pad * 0.2)
        draw.rounded_rectangle(pill, radius=pad * 0.5, fill=pal.BACKGROUND)
        draw_text(
            draw,
            ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2),
            info.clock,
            px=style.headline,
            fill=pal.TEXT,
            anchor="mm",
            bold=True,
        )
        clock_w += pad * 0.5
    headline = ellipsize(info.status, style.headline, width - icon_w - clock_w, bold=True)
    draw_text(
        draw,
        (left + icon_w, y + style.headline / 2),
        headline,
        px=style.headline,
        fill=pal.TEXT,
        anchor="lm",
        bold=True,
    )
    y += style.headline * 1.32

    # the rest: the caption, in the largest of a few sizes at which it fits the height left
    if info.caption:
        room = y1 - pad * 0.5 - y
        for px in (style.body, round(style.body * 0.87), round(style.body * 0.76)):
            lines = wrap(info.caption, px, width, max_lines=max(1, int(room // (px * 1.2))))
            if " ".join(lines) == " ".join(info.caption.split()):
                break
        for line in lines:
            draw_text(draw, (left, y), line, px=px, fill=pal.TEXT_DIM, anchor="lt")
            y += px * 1.2
