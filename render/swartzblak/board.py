"""The Shapeshifter of Swartzblak board: the town, its three Alleyways, every figure, and a side column with the
round, the side to act and its actions left, the Alleyways' state, the Shapeshifter and the last dice roll.

How the board reads:
- **Alleyway tiles** are tinted squares with their Alleyway's symbol (moon, anchor, sun) *and* tint, and their
  tile number; on an occupied tile the symbol and number move to a pill at the square's bottom right. Tile 5 of
  an Alleyway that connects to no other (the Adversary's escape) has a heavy black-and-white frame. Where two
  Alleyways touch, a chain-link badge sits on the shared edge.
- **Figures**: Heroes are round tokens with their letter (C, W, R), Varmints square tokens with their number,
  Townspeople small hexagons ("t1"–"t6"), the Beast a 2×2 plate with a paw. Conditions are badges at a token's
  top right (a drop for Wounded, a barred circle for Disabled); a Disabled figure also lies on its side, faded.
  Hexed figures carry a purple star at the bottom left; what a figure spent this turn shows as a small ">"/"!"
  pill on its top edge.
- **The secret.** Only when the view holds it (the Adversary's private view, or everyone's after the end) is
  the Shapeshifter's Varmint framed in gold with a mask badge. Everything drawn is a function of the view, and
  public and Hero views hold nothing secret, so their images cannot depend on the secret either.

Speed: the board, coordinates and both cards are a cached background per size and orientation; tiles, figures
and badges are cached sprites, so a position is ~40 pastes plus the column's and panel's text.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine import get_game
from engine.games.swartzblak.board import ALLEY_NAMES, FILES, SIZE, footprint
from engine.games.swartzblak.model import ADVERSARY, BEAST, HEROES, ROUNDS, Cond, SwAction, SwView, unit_name

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions, parse_highlight, register_renderer
from ..grids import draw_square_grid
from ..panel import PanelInfo, PanelStyle, draw_panel, panel_backdrop
from ..toolkit import text_width
from .column import Column
from .geometry import (
    Layout,
    _place,
    _square,
    badge_box,
    beast_box,
    escapes,
    is_dark,
    layout,
    links,
    square_box,
    square_fill,
)
from .samples import swatch
from .sprites import (
    TILE_PILL,
    beast_sprite,
    figure_sprite,
    frame,
    link_badge,
    paste,
    side_icon,
    tile_image,
    tile_pill,
)

__all__ = [
    "Layout",
    "SwartzblakRenderer",
    "badge_box",
    "beast_box",
    "describe",
    "escapes",
    "highlighted",
    "is_dark",
    "layout",
    "links",
    "note",
    "square_box",
    "square_fill",
    "status",
]

GAME = get_game("swartzblak")
TITLE = GAME.meta.title
SHORT_TITLE = "Swartzblak"
LINK_BADGE = 0.34  # fractions of a square
SECRET_KINDS = ("pick", "change")  # actions whose target is a secret pick

# -- background ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def background(size: int, orientation: int) -> Image.Image:
    """Everything that never changes for this size and side: backdrop, board, coordinates, both cards."""
    lay = layout(size)
    image = Image.new("RGB", (size, size), pal.BACKGROUND)
    files = FILES if orientation == HEROES else FILES[::-1]
    ranks = [str(r) for r in range(1, SIZE + 1)]
    draw_square_grid(
        image,
        lay.grid,
        col_labels=list(files),
        row_labels=ranks[::-1] if orientation == HEROES else ranks,
        dark_first=False,
        label_px=round(28 * lay.scale),
    )
    for x0, y0, x1, y1 in (lay.panel, lay.column):
        card = panel_backdrop((x1 - x0, y1 - y0), radius=18 * lay.scale)
        image.paste(card, (x0, y0), card)
    return image


# -- words ---------------------------------------------------------------------------------------------------


def _count(n: int, word: str) -> str:
    return f"{n or 'no'} {word}{'' if n == 1 else 's'}"


def status(view: SwView) -> tuple[str, int | None]:
    """The headline and the side whose icon goes with it."""
    names = view.seat_names
    if view.outcome is not None:
        if not view.outcome.winners:
            return "Nobody wins", None
        winner = min(view.outcome.winners)
        return f"{names[winner]} {'win' if winner == HEROES else 'wins'}!", winner
    seat = view.to_decide[0] if view.to_decide else view.side
    pending = view.pending
    if pending is not None:
        if pending.kind == "pick":
            return f"{names[seat]} picks the Shapeshifter", seat
        if pending.kind == "lead":
            return f"{names[seat]}: lead {unit_name(pending.target)}", seat
        if pending.kind == "twist":
            return f"{names[seat]}: new layout for {_alley_name(pending.unit)}", seat
        if pending.kind == "scurry":
            return f"{names[seat]}: does {unit_name(pending.target)} scurry?", seat
        if pending.kind == "change":
            return f"{names[seat]}: Quick Change?", seat
    return f"{names[seat]} to act: {_count(view.moves, 'move')}, {_count(view.stunts, 'stunt')} left", seat


def _alley_name(key: str) -> str:
    return next((ALLEY_NAMES[i] for i, k in enumerate("ATI") if k == key), "an Alleyway")


def describe(view: SwView) -> str:
    """A caption from the view alone, used when the caller passes no log line."""
    if view.outcome is not None:
        return view.outcome.reason
    if view.pending is not None and view.pending.kind == "pick":
        return "The Adversary secretly chooses which Varmint is the Shapeshifter."
    side = "Heroes'" if view.side == HEROES else "Adversary's"
    return f"Round {view.round} of {ROUNDS}: the {side} turn."


def note(view: SwView) -> str:
    """Whose view this is, and the round: the panel's top-right line."""
    round_text = f"Round {min(view.round, ROUNDS)} of {ROUNDS}"
    if view.viewer is None:
        return round_text
    name = view.seat_names[view.viewer]
    owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    private = " private" if view.viewer == ADVERSARY else ""
    return f"{owner}{private} view · {round_text}"


# -- highlights ----------------------------------------------------------------------------------------------


def _actions(highlight: tuple[object, ...]) -> list[SwAction]:
    return parse_highlight(highlight, "swartzblak", SwAction, "C>d4")


def highlighted(view: SwView, highlight: tuple[object, ...]) -> set[int]:
    """The squares an action touches: its square, and the squares of the figures (or Alleyway) it names.

    The Varmint a secret pick names (``pick``, and the pick made with Everything Changes) is never marked, so
    a caller who highlights the last decision cannot leak the secret through it."""
    where = {u.id: u for u in view.units}
    squares: set[int] = set()
    for action in _actions(highlight):
        if action.square >= 0:
            squares.add(action.square)
        named = (action.unit,) if action.kind in SECRET_KINDS else (action.unit, action.target)
        for uid in named:
            unit = where.get(uid)
            if unit is not None and unit.square is not None:
                squares.update(footprint(unit.square) or () if uid == BEAST else (unit.square,))
        if action.kind in ("twists", "layout") and action.code:
            squares.update(sq for a in view.alleys if a.key == action.code[0] for sq in a.squares)
    return squares


# -- the renderer --------------------------------------------------------------------------------------------


class SwartzblakRenderer(BoardRenderer):
    game = "swartzblak"
    view_type = SwView

    def draw(self, view: SwView, options: RenderOptions) -> Image.Image:
        size, orientation = options.size, options.orientation
        lay = layout(size)
        cell = lay.grid.cell
        image = background(size, orientation).copy()
        draw = ImageDraw.Draw(image)

        def box(square: int) -> tuple[int, int, int, int]:
            return lay.grid.box(*_place(square, orientation))

        occupied = {sq for u in view.units if u.square is not None for sq in _covers(u.id, u.square)}
        exits = escapes(view)
        tiles = {}
        for i, alley in enumerate(view.alleys):
            for sq, number in zip(alley.squares, alley.numbers, strict=True):
                tiles[sq] = (i, number, sq == exits[i])
                x0, y0, _, _ = box(sq)
                tile = tile_image(
                    i, number, dark=is_dark(sq), escape=sq == exits[i], occupied=sq in occupied, cell=cell
                )
                image.paste(tile, (x0, y0))

        kinds = {_square(sq): "marked" for sq in options.squares}
        if options.highlight:
            kinds.update(dict.fromkeys(highlighted(view, options.highlight), "last"))
        edge_w = max(2, round(cell * 0.075))
        for sq, kind in sorted(kinds.items()):
            b = box(sq)
            if sq not in tiles:
                draw.rectangle((b[0], b[1], b[2] - 1, b[3] - 1), fill=square_fill(sq, kind))
            frame(draw, b, pal.LAST_MOVE_EDGE if kind == "last" else pal.MARKED_EDGE, edge_w)

        self._figures(image, view, box, options)

        pill_w, pill_h = round(cell * TILE_PILL[0]), round(cell * TILE_PILL[1])
        for sq in sorted(occupied & tiles.keys()):
            _, _, x1, y1 = box(sq)
            inset = max(1, round(cell * 0.03))
            paste(image, tile_pill(*tiles[sq], cell), (x1 - pill_w - inset, y1 - pill_h - inset))
        badge = link_badge(round(cell * LINK_BADGE))
        for a, b in links(view):
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = box(a), box(b)
            cx, cy = (ax0 + ax1 + bx0 + bx1) // 4, (ay0 + ay1 + by0 + by1) // 4
            paste(image, badge, (cx - badge.width // 2, cy - badge.height // 2))

        Column(image, lay, view).draw()
        headline, icon_seat = status(view)
        style = PanelStyle.for_scale(lay.scale)
        meta = note(view)
        title = TITLE
        room = lay.panel[2] - lay.panel[0] - 3 * style.pad
        if text_width(title.upper(), style.small) + text_width(meta, style.small) > room:
            title = SHORT_TITLE
        info = PanelInfo(
            title=title,
            status=headline,
            status_icon=None if icon_seat is None else side_icon(icon_seat, round(style.headline * 1.05)),
            clock=options.clock,
            note=meta,
            caption=options.caption if options.caption is not None else describe(view),
        )
        draw_panel(image, lay.panel, info, style=style, backdrop=False)
        return image

    @staticmethod
    def _figures(image: Image.Image, view: SwView, box, options: RenderOptions) -> None:
        """Every figure in play with its marks; the Shapeshifter's mask only if the view names it."""
        cell = layout(options.size).grid.cell
        secret = f"v{view.shapeshifter}" if view.shapeshifter is not None else None
        for unit in view.units:
            if unit.square is None:
                continue
            marks = {"hexed": unit.id in view.hexed, "moved": unit.id in view.moved, "stunted": unit.id in view.stunted}
            if unit.id == BEAST:
                x0, y0, _, _ = beast_box(unit.square, size=options.size, orientation=options.orientation)
                paste(image, beast_sprite(int(unit.cond), cell, **marks), (x0, y0))
            else:
                sprite = figure_sprite(unit.id, int(unit.cond), cell, secret=unit.id == secret, **marks)
                x0, y0, _, _ = box(unit.square)
                paste(image, sprite, (x0, y0))

    def interest(self, view: SwView) -> int:
        hurt = sum(u.cond is not Cond.HEALTHY for u in view.units if u.square is not None)
        beast = next(u for u in view.units if u.id == BEAST).square is not None
        return hurt + 2 * beast + bool(view.hexed) + (view.last_roll is not None) + sum(view.connected)

    def swatch(self, size: int) -> Image.Image:
        """Sample boards and every sprite (see ``render.swartzblak.samples``), for the palette."""
        return swatch(self, size, layout(size).grid.cell)


def _covers(uid: str, square: int) -> tuple[int, ...]:
    return (footprint(square) or ()) if uid == BEAST else (square,)


RENDERER = register_renderer(SwartzblakRenderer())
