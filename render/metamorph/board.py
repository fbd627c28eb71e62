"""The Metamorph board: the hex map with its terrain, the wizards on it, the Key and the Fonts, the last move,
and the cards around the map: the panel, the roster of wizards, the legend and (when a short map leaves room)
a small chart of shapes.

How the board reads:
- **Terrain** has a fill and a symbol each (see ``render.metamorph.terrain``); coordinates run along the top
  (columns a, b, …) and the left (rows 1, 2, …), as hex names in the log read (``a1`` is the top left). The
  map is always drawn that way up: ``orientation`` changes nothing.
- **A wizard** is a token in its seat's colour and shape with its shape's abbreviation ("GSp" for a Giant
  Spider), a wedge towards the side it faces, a gold halo while it is its turn, two small bars on it (health
  over the shape's HLT, mana over 50) and badges in the hex's corners for what it is going through (changing,
  flying, slowed, held…) or carrying (the Key, a Font).
- **Artifacts** on the ground are a gold key (the Key of Solomon) or a blue sparkle over a basin (a Font), on
  a dark disc.
- **The last move**: its start hex has a thin dark-gold outline, its end a yellow tint and a heavy one.
- **The chart of shapes** is a second image (``chart_png``), offered by the bot from a button.

Speed: the map, coordinates, cards, legend and inset chart grid are a cached background per (size, map,
wizard count); wizards, badges, overlays and the roster's words are cached sprites, so a position is a few
dozen pastes and the panel's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar

from PIL import Image, ImageDraw

from engine import get_game
from engine.errors import MalformedKey
from engine.games.metamorph.board import hex_name, on_map, parse_hex
from engine.games.metamorph.game import MetaView
from engine.games.metamorph.keys import MetaAction
from engine.games.metamorph.model import MAX_MANA, Wizard
from engine.games.metamorph.tables import CLASS_NAMES
from engine.geometry.hexes import Hex

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions, parse_highlight, register_renderer
from ..panel import PanelInfo, PanelStyle, draw_panel, panel_backdrop
from ..toolkit import draw_text, text_width
from .chart import CLASS_STRONG, CLASS_TINT, CLASSES, chart_image, chart_png, draw_grid_wizards, grid_image
from .geometry import HEADER_W, BoardLayout, Metrics, board_layout, hex_centre
from .roster import Roster, badges_of, draw_legend
from .samples import swatch
from .sprites import (
    BADGE,
    BAR_BACK,
    MANA,
    abbreviation,
    artifact_sprite,
    badge,
    badge_offset,
    bar_colour,
    bars_box,
    hex_overlay,
    side_icon,
    sprite_radius,
    wizard_sprite,
)
from .terrain import draw_map

GAME = get_game("metamorph")
TITLE = GAME.meta.title
SCENARIO_NAMES: Mapping[str, str] = MappingProxyType({"duel": "Duel", "war": "Wizard War", "key": "Key of Solomon"})
ARTIFACT = 1.15  # an artifact on the ground: its disc's diameter, as a fraction of the hex radius

# -- background ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _card(width: int, height: int, u: float) -> Image.Image:
    """A card's backdrop (maps of the same size share their cards' sizes)."""
    return panel_backdrop((width, height), radius=18 * u)


@lru_cache(maxsize=16)
def background(size: int, grid: tuple[str, ...], count: int) -> Image.Image:
    """Everything that stays put through a match: the map, its coordinates, the cards, the legend and the inset
    chart's grid. Cached per match and size (3 MB each at 1024 px; a new map costs some 40 ms)."""
    lay = board_layout(size, grid, count)
    image = Image.new("RGB", (size, size), pal.BACKGROUND)
    draw_map(image, lay, grid)
    for box in (lay.header, lay.roster, lay.legend, lay.chart):
        if box is not None:
            card = _card(box[2] - box[0], box[3] - box[1], lay.metrics.u)
            image.paste(card, (box[0], box[1]), card)
    if lay.legend is not None:
        draw_legend(image, lay.legend, lay.metrics)
    if lay.chart is not None and lay.chart_grid is not None:
        m, grid = lay.metrics, lay.chart_grid
        _inset_heading(image, lay.chart, m)
        image.paste(grid_image(grid.cell, compact=True), (grid.x0, grid.y0))
    return image


def _inset_heading(image: Image.Image, box: tuple[int, int, int, int], m: Metrics) -> None:
    """The inset chart's heading, and a key to its four tinted classes (their places on it are the same as on
    the full chart: Mammal top left, Fantastical top right, Reptilian bottom left, Aquatic bottom right)."""
    draw = ImageDraw.Draw(image)
    x, y = box[0] + m.pad, box[1] + m.pad + m.heading_px / 2
    draw_text(draw, (x, y), "CHART OF SHAPES", px=m.heading_px, fill=pal.TEXT_DIM, anchor="lm")
    right = box[2] - m.pad
    px = m.heading_px - 2
    sw = round(px * 0.8)
    for kind in reversed(CLASSES):
        words = CLASS_NAMES[kind]
        right -= text_width(words, px)
        draw_text(draw, (right, y), words, px=px, fill=pal.TEXT, anchor="lm")
        right -= sw + 5 * m.u
        draw.rectangle((right, y - sw / 2, right + sw, y + sw / 2), fill=CLASS_TINT[kind], outline=CLASS_STRONG[kind])
        right -= 14 * m.u


# -- words ---------------------------------------------------------------------------------------------------


def scenario_name(view: MetaView) -> str:
    name = SCENARIO_NAMES.get(view.options.scenario, view.options.scenario.title())
    return f"{name}, central Font" if view.options.central_font else name


def title(view: MetaView, lay: BoardLayout, style: PanelStyle) -> str:
    """The panel's title: the game and the scenario, or the scenario alone where the card is too narrow."""
    full = f"{TITLE} · {scenario_name(view)}"
    viewer = note(view)
    room = lay.header[2] - lay.header[0] - 3 * style.pad - (text_width(viewer, style.small) if viewer else 0)
    return full if text_width(full.upper(), style.small) <= room else scenario_name(view)


def fit_headline(headline: str, view: MetaView, lay: BoardLayout, style: PanelStyle, *, clock: str | None) -> str:
    """The headline, or just the seat's name when it would be cut beside the icon and the clock (the roster
    still says "to act")."""
    room = lay.header[2] - lay.header[0] - 2 * style.pad - style.headline * 1.6
    if clock:
        room -= text_width(clock, style.headline, bold=True) + style.pad * 1.7
    if text_width(headline, style.headline, bold=True) <= room or view.outcome is not None:
        return headline
    return view.seat_names[view.active]


def status(view: MetaView) -> tuple[str, int | None]:
    """The headline and the seat whose icon goes with it."""
    names = view.seat_names
    if view.outcome is not None:
        if not view.outcome.winners:
            return ("Draw" if view.outcome.draw else "Nobody wins"), None
        winner = min(view.outcome.winners)
        return f"{names[winner]} wins!", winner
    if view.choosing_school:
        return f"{names[view.active]}: pick a school", view.active
    return f"{names[view.active]} to act", view.active


def note(view: MetaView) -> str | None:
    """The panel's top-right line: whose view this is (the scenario follows the title; the round heads the
    roster)."""
    return None if view.viewer is None else f"{view.seat_names[view.viewer]}'s view"


def describe(view: MetaView) -> str:
    """A caption from the view alone, used when the caller passes no log line: what the wizard to act has
    done this turn, and the last move (and who made it, if it still stands where it went)."""
    if view.outcome is not None:
        return view.outcome.reason
    name = view.seat_names[view.active]
    if view.choosing_school:
        return f"{name} chooses a school of magic."
    done = view.done
    parts = [w for w, on in (("moved", done.moved), ("cast", done.cast), ("used a special", done.special)) if on]
    if done.attacked:
        parts.append("attacked")
    line = f"{name} has {_and(parts)} this turn." if parts else f"{name}'s turn."
    if len(view.last_path) >= 2:
        start, end = hex_name(view.last_path[0]), hex_name(view.last_path[-1])
        mover = next((w for w in view.wizards if w.on_board and w.hex == view.last_path[-1]), None)
        who = f"{view.seat_names[mover.seat]} moved" if mover is not None else "Last move"
        line += f" {who} {start} to {end}."
    return line


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# -- highlights ----------------------------------------------------------------------------------------------


def _hex(item: object, grid: tuple[str, ...]) -> Hex:
    """A caller's marked hex, given by name (``f7``) or as a ``Hex``; one off this map is refused."""
    if isinstance(item, str):
        try:
            item = parse_hex(item.strip().lower())
        except MalformedKey as exc:
            raise ValueError(str(exc)) from None
    if not isinstance(item, Hex):
        raise TypeError(f"Metamorph marks hexes by name (such as 'f7') or as Hex, not {item!r}")
    if not on_map(grid, item):
        raise ValueError(f"{item} is not a hex of this map")
    return item


def marked_hexes(view: MetaView, options: RenderOptions) -> dict[Hex, str]:
    """Hex → overlay kind: the last move's start and end (the view's own, or the highlighted actions' ends),
    and the caller's marked hexes."""
    kinds: dict[Hex, str] = {}
    if options.highlight is None:
        path = view.last_path
        if path:
            kinds[path[0]] = "start"
            kinds[path[-1]] = "end"
    else:
        for action in parse_highlight(options.highlight, "metamorph", MetaAction, "move:L:f7:ne"):
            if action.kind == "move" and action.b and action.b != "off":
                kinds[parse_hex(action.b)] = "end"
    for item in options.squares:
        kinds[_hex(item, view.grid)] = "marked"
    return kinds


def panel_style(lay: BoardLayout) -> PanelStyle:
    """The panel's text sizes: the usual ones, scaled down when the card sits in a narrow gap beside the map."""
    m = lay.metrics
    usual = (lay.size - 2 * m.margin) * HEADER_W
    return PanelStyle.for_scale(m.u * min(1.0, (lay.header[2] - lay.header[0]) / usual))


# -- the renderer --------------------------------------------------------------------------------------------


class MetamorphRenderer(BoardRenderer):
    game = "metamorph"
    view_type = MetaView

    def draw(self, view: MetaView, options: RenderOptions) -> Image.Image:
        size = options.size
        lay = board_layout(size, view.grid, len(view.wizards))
        image = background(size, view.grid, len(view.wizards)).copy()
        half = sprite_radius(lay.radius)
        for hex_, kind in sorted(marked_hexes(view, options).items()):
            if on_map(view.grid, hex_):  # a highlighted move off the map (leaving it) has no hex to mark
                x, y = hex_centre(lay, hex_)
                overlay = hex_overlay(kind, lay.radius)  # type: ignore[arg-type]
                image.paste(overlay, (x - half, y - half), overlay)
        occupied = {w.hex for w in view.wizards if w.on_board}
        for artifact in view.artifacts:
            if artifact.hex is None or artifact.carrier is not None or artifact.destroyed:
                continue
            self._artifact(image, lay, artifact.kind, artifact.hex, beside=artifact.hex in occupied)
        draw = ImageDraw.Draw(image)
        for wizard in view.wizards:
            if wizard.on_board:
                self._wizard(image, draw, lay, view, wizard)
        headline, icon_seat = status(view)
        style = panel_style(lay)
        headline = fit_headline(headline, view, lay, style, clock=options.clock)
        info = PanelInfo(
            title=title(view, lay, style),
            status=headline,
            status_icon=None if icon_seat is None else side_icon(icon_seat, round(style.headline * 1.05)),
            caption=options.caption if options.caption is not None else describe(view),
            clock=options.clock,
            note=note(view),
        )
        draw_panel(image, lay.header, info, style=style, backdrop=False)
        Roster(image, lay, view).draw_all()
        if lay.chart_grid is not None:
            draw_grid_wizards(image, lay.chart_grid, view)
        return image

    @staticmethod
    def _artifact(image: Image.Image, lay: BoardLayout, kind: str, hex_: Hex, *, beside: bool) -> None:
        """An artifact on the ground: large on an empty hex, small in the lower left corner under a wizard."""
        x, y = hex_centre(lay, hex_)
        d = round(lay.radius * (ARTIFACT * 0.5 if beside else ARTIFACT))
        sprite = artifact_sprite(kind, d)
        if beside:
            ox, oy = badge_offset(4, lay.radius)
            x, y = round(x + ox), round(y + oy)
        image.paste(sprite, (x - d // 2, y - d // 2), sprite)

    @staticmethod
    def _wizard(image: Image.Image, draw: ImageDraw.ImageDraw, lay: BoardLayout, view: MetaView, w: Wizard) -> None:
        assert w.hex is not None
        r = lay.radius
        x, y = hex_centre(lay, w.hex)
        active = view.outcome is None and w.seat == view.active
        sprite = wizard_sprite(w.seat, abbreviation(w.shape), w.facing, r, active=active)
        half = sprite.width // 2
        image.paste(sprite, (x - half, y - half), sprite)
        bx0, by0, bx1, by1 = bars_box(r)
        plate = (round(x + bx0), round(y + by0), round(x + bx1), round(y + by1))
        draw.rectangle(plate, fill=pal.INK)
        inner_w = plate[2] - plate[0] - 2
        bar_h = max(1, (plate[3] - plate[1] - 3) // 2)
        health = max(0, w.health) / w.body.hlt
        for i, (fraction, colour) in enumerate(((health, bar_colour(health)), (w.mana / MAX_MANA, MANA))):
            top = plate[1] + 1 + i * (bar_h + 1)
            draw.rectangle((plate[0] + 1, top, plate[2] - 1, top + bar_h - 1), fill=BAR_BACK)
            filled = round(inner_w * max(0.0, min(1.0, fraction)))
            if filled > 0:
                draw.rectangle((plate[0] + 1, top, plate[0] + filled, top + bar_h - 1), fill=colour)
        d = max(round(13 * lay.metrics.u), round(r * BADGE))
        for slot, (kind, _) in enumerate(badges_of(view, w)[:5]):
            ox, oy = badge_offset(slot, r)
            sprite = badge(kind, d)
            image.paste(sprite, (round(x + ox - d / 2), round(y + oy - d / 2)), sprite)

    def interest(self, view: MetaView) -> int:
        changing = sum(w.changing for w in view.wizards)
        hurt = sum(w.damage > 0 for w in view.wizards)
        marked = sum(len(badges_of(view, w)) for w in view.wizards if w.on_board)
        return changing + hurt + marked + sum(not w.on_board for w in view.wizards)

    def swatch(self, size: int) -> Image.Image:
        """Sample boards and every sprite, for the palette (see ``render.metamorph.samples``)."""
        return swatch(self, size)

    # -- the chart of shapes, a second image ---------------------------------------------------------------

    extras: ClassVar[Mapping[str, str]] = MappingProxyType({"chart": "Shape chart"})

    def extra_png(self, view: MetaView, name: str, *, size: int) -> bytes:
        """The chart of shapes, the one extra image Metamorph offers (``render.extra_png(view, "chart")``)."""
        if name != "chart":
            raise KeyError(name)
        return chart_png(view, size=size)

    @staticmethod
    def chart_png(view: MetaView, *, size: int = 1024) -> bytes:
        """PNG bytes of the chart of shapes for ``view`` (see ``render.metamorph.chart.chart_png``)."""
        return chart_png(view, size=size)

    @staticmethod
    def chart_image(view: MetaView, *, size: int = 1024) -> Image.Image:
        """The chart of shapes for ``view`` as an RGB image."""
        return chart_image(view, size=size)


RENDERER = register_renderer(MetamorphRenderer())
