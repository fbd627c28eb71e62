"""The Shapeshifter Wars board: a 5×5 grid of pyramid stacks, the last move, and whose turn it is.

How a stack reads: a token in its owner's colour *and shape* (Red round, Blue square) holds the three
pyramids drawn from the side, bottom to top; the top pyramid (the one that decides how the stack moves) is in
full colour with a heavy outline and its size letter sits in a badge at the token's top left; the lower two
are muted. Kings wear a crown at the top right and have their own pyramid colours (black for Red, green for
Blue, as in the seed), so a king is recognisable without colour.

Speed: the board, labels and panel card are a cached background per size and orientation; every square a
stack can stand on is a cached tile per (square colour, highlight, stack), so drawing a position is 25 pastes,
a few badges and the panel text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from engine import get_game
from engine.games.wars.game import (
    BLUE,
    RED,
    SIZE,
    SIZE_NAMES,
    SQUARE_INDEX,
    SQUARES,
    Phase,
    Size,
    Stack,
    WarsAction,
    WarsView,
)

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions, parse_highlight, register_renderer
from ..grids import SquareGrid, checker_fill, draw_square_grid, is_dark_square
from ..palette import RGB
from ..panel import PanelInfo, PanelStyle, draw_panel, panel_backdrop
from ..toolkit import (
    SIDE_SHAPES,
    Sketch,
    draw_cross,
    draw_crown,
    draw_cycle_arrow,
    draw_pyramid,
    draw_shape,
    star_points,
)

GAME = get_game("wars")
Kind = Literal["plain", "last", "marked"]
SIZE_LETTERS = ("S", "M", "L")
KING_PYRAMIDS: tuple[RGB, ...] = ((44, 44, 50), pal.BLUISH_GREEN)  # the seed: a black king and a green king
PYRAMID_W = {Size.SMALL: 0.28, Size.MEDIUM: 0.39, Size.LARGE: 0.5}  # fractions of the token
PYRAMID_H = {Size.SMALL: 0.24, Size.MEDIUM: 0.33, Size.LARGE: 0.42}
TRANSFORM_BADGE = 0.36  # badge diameters, as fractions of a square
DESTROYED_BADGE = 0.44

# -- geometry ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes on a ``size``-pixel canvas."""

    size: int
    grid: SquareGrid
    panel: tuple[int, int, int, int]
    tray_x: int  # centre line of the lost-stack trays, right of the board
    tray_token: int
    scale: float


@lru_cache(maxsize=16)
def layout(size: int) -> Layout:
    u = size / 1024
    margin = round(22 * u)
    panel_h = round(190 * u)
    panel_top = size - margin - panel_h
    labels = round(36 * u)
    room = panel_top - round(14 * u) - margin - labels
    cell = int(room / (SIZE + 0.16))
    rim = round(cell * 0.08)
    x0 = (size - SIZE * cell) // 2
    y0 = margin + rim
    grid = SquareGrid(x0, y0, cell, SIZE, SIZE)
    right = x0 + SIZE * cell + rim
    tray_token = min(round(cell * 0.48), round((size - right - margin) * 0.9))
    tray_x = right + (size - right) // 2
    return Layout(size, grid, (margin, panel_top, size - margin, size - margin), tray_x, tray_token, u)


def _place(square: int, orientation: int) -> tuple[int, int]:
    """(column, row) of ``square`` in the picture: Red at the bottom, or Blue (rank 5 at the bottom)."""
    rank, file = divmod(square, SIZE)
    if orientation == BLUE:
        return SIZE - 1 - file, rank
    return file, SIZE - 1 - rank


def square_box(square: int, *, size: int = 1024, orientation: int = RED) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom; exclusive) of a square (index or name) for this size and seat."""
    return layout(size).grid.box(*_place(_square(square), orientation))


def _square(square: int | str) -> int:
    if isinstance(square, str):
        try:
            return SQUARE_INDEX[square.strip().lower()]
        except KeyError:
            raise ValueError(f"{square!r} is not a square of the Wars board (a1–e5)") from None
    if not 0 <= square < SIZE * SIZE:
        raise ValueError(f"square index {square} is off the 5×5 board")
    return square


def destroyed_mark_origin(right: int, bottom: int, diameter: int) -> tuple[int, int]:
    """Top-left corner of the destroyed-stack badge on the square whose box ends at (right, bottom)."""
    return (right - diameter + diameter // 12, bottom - diameter + diameter // 12)


def destroyed_mark_box(square: int | str, *, size: int = 1024, orientation: int = RED) -> tuple[int, int, int, int]:
    """Pixel box of the destroyed-stack badge drawn on ``square`` (for tests and click maps)."""
    _, _, x1, y1 = square_box(square, size=size, orientation=orientation)
    d = round(layout(size).grid.cell * DESTROYED_BADGE)
    x, y = destroyed_mark_origin(x1, y1, d)
    return (x, y, x + d, y + d)


def is_dark(square: int) -> bool:
    """a1 is dark, as on a chessboard."""
    return is_dark_square(*divmod(square, SIZE))


def square_fill(square: int, kind: Kind = "plain") -> RGB:
    """The colour of a square's background: plain, marked as the last move, or marked by the caller."""
    return checker_fill(*divmod(square, SIZE), kind)


# -- sprites -------------------------------------------------------------------------------------------------


def _pyramid_colour(owner: int, king: bool) -> RGB:
    return KING_PYRAMIDS[owner] if king else pal.SIDE_STRONG[owner]


def _draw_token(sk: Sketch, box: tuple[float, float, float, float], owner: int) -> None:
    ring = (box[2] - box[0]) * 0.065
    draw_shape(sk, SIDE_SHAPES[owner], box, fill=pal.SIDE_PALE[owner], outline=pal.SIDE_STRONG[owner], width=ring)


@lru_cache(maxsize=64)
def stack_sprite(owner: int, king: bool, top: Size, cell: int, *, letter: bool = True) -> Image.Image:
    """A stack as it stands on a square of ``cell`` pixels (RGBA, transparent around the token)."""
    sk = Sketch(cell, cell)
    t = cell * 0.86
    ox = oy = (cell - t) / 2
    _draw_token(sk, (ox, oy, ox + t, oy + t), owner)
    colour = _pyramid_colour(owner, king)
    order = Stack(owner, king, top).pyramids  # top to bottom
    base_y = oy + t * 0.86
    bases = []
    for size in reversed(order):  # bottom first
        bases.append((size, base_y))
        base_y -= PYRAMID_H[size] * t * 0.5
    for size, y in bases:
        draw_pyramid(sk, (cell / 2, y), PYRAMID_W[size] * t, PYRAMID_H[size] * t, colour, prominent=size == top)
    if letter:  # the top's size letter, top left
        badge = t * 0.37
        bx, by = ox - t * 0.06, oy - t * 0.06
        sk.ellipse((bx, by, bx + badge, by + badge), fill=pal.WHITE, outline=pal.INK, width=t * 0.03)
        sk.text((bx + badge / 2, by + badge / 2 + t * 0.005), SIZE_LETTERS[top], px=t * 0.27, fill=pal.INK, bold=True)
    if king:
        cw = t * 0.38
        draw_crown(sk, (ox + t - cw + t * 0.04, oy - t * 0.02, ox + t + t * 0.04, oy + cw * 0.72))
    return sk.finish()


@lru_cache(maxsize=32)
def lost_sprite(owner: int, king: bool, diameter: int) -> Image.Image:
    """A destroyed stack in the tray beside the board: a small, faded copy of a fresh stack."""
    image = stack_sprite(owner, king, Size.SMALL, diameter, letter=False).copy()
    image.putalpha(image.getchannel("A").point(lambda a: a * 11 // 20))
    return image


@lru_cache(maxsize=16)
def destroyed_badge(diameter: int) -> Image.Image:
    """A dark burst with a white cross: a stack was destroyed on this square. No colour needed to read it."""
    sk = Sketch(diameter, diameter)
    r = diameter / 2
    sk.polygon(star_points(r, r, r * 0.98, r * 0.7, points=8), fill=pal.INK, outline=pal.WHITE, width=r * 0.08)
    draw_cross(sk, (r * 0.62, r * 0.62, r * 1.38, r * 1.38), fill=pal.WHITE, width=r * 0.17)
    return sk.finish()


@lru_cache(maxsize=16)
def transform_badge(diameter: int) -> Image.Image:
    """A round badge with a circular arrow: this stack transformed."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    sk.ellipse((0, 0, d, d), fill=pal.WHITE, outline=pal.INK, width=d * 0.07)
    draw_cycle_arrow(sk, (d * 0.24, d * 0.24, d * 0.76, d * 0.76), fill=pal.INK, width=d * 0.1)
    return sk.finish()


@lru_cache(maxsize=8)
def side_icon(owner: int, diameter: int) -> Image.Image:
    """The side's token shape in its colours, for the panel's "whose turn"."""
    sk = Sketch(diameter, diameter)
    d = float(diameter)
    _draw_token(sk, (d * 0.04, d * 0.04, d * 0.96, d * 0.96), owner)
    return sk.finish()


@lru_cache(maxsize=1024)
def tile(square_dark: bool, kind: Kind, stack: Stack | None, cell: int) -> Image.Image:
    """One square as drawn: its colour, highlight fill and outline, and the stack on it (RGB, cached)."""
    square = 0 if square_dark else 1
    image = Image.new("RGB", (cell, cell), square_fill(square, kind))
    if kind != "plain":
        edge = pal.LAST_MOVE_EDGE if kind == "last" else pal.MARKED_EDGE
        width = max(2, round(cell * 0.045))
        ImageDraw.Draw(image).rectangle((0, 0, cell - 1, cell - 1), outline=edge, width=width)
    if stack is not None:
        sprite = stack_sprite(stack.owner, stack.king, stack.top, cell)
        image.paste(sprite, (0, 0), sprite)
    return image


# -- background ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def background(size: int, orientation: int) -> Image.Image:
    """Everything that never changes for this size and seat: backdrop, board, coordinates, panel card."""
    lay = layout(size)
    image = Image.new("RGB", (size, size), pal.BACKGROUND)
    files = "abcde" if orientation == RED else "edcba"
    ranks = "54321" if orientation == RED else "12345"
    draw_square_grid(
        image, lay.grid, col_labels=list(files), row_labels=list(ranks), dark_first=True, label_px=round(28 * lay.scale)
    )
    x0, y0, x1, y1 = lay.panel
    card = panel_backdrop((x1 - x0, y1 - y0), radius=18 * lay.scale)
    image.paste(card, (x0, y0), card)
    return image


# -- words ---------------------------------------------------------------------------------------------------


def actor(view: WarsView) -> int | None:
    """The seat whose decisions ``view.recent`` holds: the owner of the stack now on the first one's target."""
    if not view.recent:
        return None
    stack = view.board[view.recent[0].dst]
    return stack.owner if stack else None


def status(view: WarsView) -> tuple[str, int | None]:
    """The headline and the seat whose icon goes with it."""
    names = view.seat_names
    if view.outcome is not None:
        if view.outcome.draw:
            return "Draw", None
        winner = min(view.outcome.winners)
        return f"{names[winner]} wins!", winner
    if view.phase is Phase.TRANSFORM:
        verb = "transform (no move possible)" if view.skipped else "transform"
    else:
        verb = "move or attack"
    return f"{names[view.to_act]} to {verb}", view.to_act


def describe_recent(view: WarsView) -> str:
    """The last decisions in words, from the view alone (used when the caller passes no log line)."""
    if view.outcome is not None and view.recent and view.recent[0].kind != "transform":
        return view.outcome.reason
    who = actor(view)
    if who is None:
        return f"A new battle: {view.seat_names[view.to_act]} goes first."
    parts = []
    for action in view.recent:
        src, dst = SQUARES[action.src], SQUARES[action.dst]
        if action.kind == "move":
            parts.append(f"moved {src} → {dst}")
        elif action.kind == "attack":
            victim = view.captured.describe() if view.captured else "a stack"
            parts.append(f"{src} × {dst}, destroying the {victim}")
        else:
            stack = view.board[action.src]
            top = f" ({SIZE_NAMES[stack.top]} on top)" if stack else ""
            parts.append(f"transformed {src}{top}")
    return f"{view.seat_names[who]} " + ", then ".join(parts) + "."


# -- the renderer --------------------------------------------------------------------------------------------


def _actions(highlight: tuple[object, ...]) -> tuple[WarsAction, ...]:
    return tuple(parse_highlight(highlight, "wars", WarsAction, "b1-b2"))


class WarsRenderer(BoardRenderer):
    game = "wars"
    view_type = WarsView

    def draw(self, view: WarsView, options: RenderOptions) -> Image.Image:
        size, orientation = options.size, options.orientation
        lay = layout(size)
        cell = lay.grid.cell
        image = background(size, orientation).copy()
        recent = view.recent if options.highlight is None else _actions(options.highlight)
        kinds: dict[int, Kind] = {_square(sq): "marked" for sq in options.squares}
        for action in recent:
            if action.kind != "transform":
                kinds[action.src] = kinds[action.dst] = "last"
        for square in range(SIZE * SIZE):
            stack, kind = view.board[square], kinds.get(square, "plain")
            if stack is None and kind == "plain":
                continue
            x0, y0, _, _ = lay.grid.box(*_place(square, orientation))
            image.paste(tile(is_dark(square), kind, stack, cell), (x0, y0))
        for action in recent:
            x0, y0, x1, y1 = lay.grid.box(*_place(action.dst, orientation))
            if action.kind == "transform":
                sprite = transform_badge(round(cell * TRANSFORM_BADGE))
                image.paste(sprite, (x0 - sprite.width // 12, y1 - sprite.height + sprite.height // 12), sprite)
            elif action.kind == "attack" and view.captured is not None and action in view.recent:
                sprite = destroyed_badge(round(cell * DESTROYED_BADGE))
                image.paste(sprite, destroyed_mark_origin(x1, y1, sprite.width), sprite)
        self._trays(image, view, lay, orientation)
        headline, icon_seat = status(view)
        style = PanelStyle.for_scale(lay.scale)
        info = PanelInfo(
            title=GAME.meta.title,
            status=headline,
            turn=view.turn,
            status_icon=None if icon_seat is None else side_icon(icon_seat, round(style.headline * 1.05)),
            caption=options.caption if options.caption is not None else describe_recent(view),
            clock=options.clock,
            note=None if view.viewer is None else f"{view.seat_names[view.viewer]}'s view",
        )
        draw_panel(image, lay.panel, info, style=style, backdrop=False)
        return image

    @staticmethod
    def _trays(image: Image.Image, view: WarsView, lay: Layout, orientation: int) -> None:
        """Each side's destroyed stacks, faded and crossed out, right of the board on that side's half."""
        d = lay.tray_token
        top_y, _, _, bottom_y = lay.grid.bounds[1], 0, 0, lay.grid.bounds[3]
        for owner in (RED, BLUE):
            standing = [s for s in view.board if s and s.owner == owner]
            lost = [False] * (4 - sum(not s.king for s in standing)) + [True] * (1 - sum(s.king for s in standing))
            at_bottom = owner == orientation
            for i, king in enumerate(lost):
                y = bottom_y - d - round(i * d * 1.05) if at_bottom else top_y + round(i * d * 1.05)
                sprite = lost_sprite(owner, king, d)
                image.paste(sprite, (lay.tray_x - d // 2, y), sprite)

    def interest(self, view: WarsView) -> int:
        return 2 * (view.captured is not None) + len(view.recent)

    def swatch(self, size: int) -> Image.Image:
        """Sample boards with every stack, highlight, badge and panel text colour, for the palette."""
        lay = layout(size)
        cell = lay.grid.cell
        tiles = [
            tile(dark, kind, stack, cell)
            for dark in (False, True)
            for kind in ("plain", "last", "marked")
            for stack in [None, *(Stack(o, k, t) for o in (RED, BLUE) for k in (False, True) for t in Size)]
        ]
        columns = 13
        rows = -(-len(tiles) // columns)
        sheet = Image.new("RGB", (columns * cell, rows * cell), pal.BACKGROUND)
        for i, piece in enumerate(tiles):
            sheet.paste(piece, ((i % columns) * cell, (i // columns) * cell))
        extras = Image.new("RGB", (size, size // 4), pal.BACKGROUND)
        for i, sprite in enumerate(
            (
                destroyed_badge(round(cell * DESTROYED_BADGE)),
                transform_badge(round(cell * TRANSFORM_BADGE)),
                *(lost_sprite(o, k, lay.tray_token) for o in (RED, BLUE) for k in (False, True)),
                *(side_icon(o, round(PanelStyle.for_scale(lay.scale).headline * 1.05)) for o in (RED, BLUE)),
            )
        ):
            extras.paste(sprite, (i * cell, 0), sprite)
        board = Image.new("RGB", (size, size), pal.BACKGROUND)
        board.paste(background(size, RED))
        draw_panel(
            board,
            lay.panel,
            PanelInfo(
                "Shapeshifter Wars",
                "Red to move · 0:59",
                12,
                None,
                "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 →×",
                "1:00",
            ),
            style=PanelStyle.for_scale(lay.scale),
            backdrop=False,
        )
        out = Image.new("RGB", (max(size, sheet.width), size + sheet.height + extras.height), pal.BACKGROUND)
        out.paste(board, (0, 0))
        out.paste(sheet, (0, size))
        out.paste(extras, (0, size + sheet.height))
        return out


RENDERER = register_renderer(WarsRenderer())
