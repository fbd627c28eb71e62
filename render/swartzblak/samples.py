"""Sample Swartzblak views that show everything the board can draw, and the palette swatch built from them.

The views are made by hand (``dataclasses.replace`` on a real starting view), so they need not be reachable:
they only have to hold every figure, condition, mark, tile kind and dice colour at once.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image

from engine import get_game
from engine.games.swartzblak.board import SQUARE_INDEX, Alley
from engine.games.swartzblak.model import ADVERSARY, HEROES, Cond, Roll, SwView, Unit

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions
from ..toolkit import swatch_sheet
from .sprites import (
    ALLEY_STRONG,
    ALLEY_TINT,
    BEAST_FACE,
    DIM_GREY,
    DISABLED_MIX,
    HEX_COLOUR,
    SECRET_RING,
    TOWN_FACE,
    TOWN_RING,
    beast_sprite,
    die,
    escape_icon,
    figure_sprite,
    legend_tile,
    pool_glyph,
    round_pip,
    tile_image,
    tile_pill,
)

GAME = get_game("swartzblak")
PLACES = {
    "C": ("h5", Cond.WOUNDED),
    "W": ("c2", Cond.DISABLED),
    "R": ("g5", Cond.HEALTHY),
    "v1": ("b8", Cond.DISABLED),
    "v2": ("e6", Cond.HEALTHY),
    "v3": ("h7", Cond.HEALTHY),
    "v4": ("a5", Cond.HEALTHY),
    "v5": ("b7", Cond.DISABLED),
    "v6": (None, Cond.HEALTHY),
    "B": ("f8", Cond.WOUNDED),
    "t1": ("d3", Cond.DISABLED),
    "t2": ("i3", Cond.HEALTHY),
    "t3": ("a6", Cond.HEALTHY),
    "t4": ("j5", Cond.HEALTHY),
    "t5": ("d7", Cond.HEALTHY),
    "t6": ("h2", Cond.HEALTHY),
}


def _squares(*names: str) -> tuple[int, ...]:
    return tuple(SQUARE_INDEX[n] for n in names)


@lru_cache(maxsize=1)
def sample_views() -> tuple[SwView, SwView]:
    """A busy mid-game view (Adversary's, with the secret, the Beast, every condition and mark, two linked
    Alleyways) and a quiet public one (every Alleyway open, so every Tile 5 is an escape)."""
    start = GAME.view(GAME.setup(None, 2, 1), ADVERSARY)
    units = tuple(Unit(uid, None if sq is None else SQUARE_INDEX[sq], cond) for uid, (sq, cond) in PLACES.items())
    alleys = (
        Alley("A", _squares("a5", "b5", "c5", "d5", "d6", "c6"), (3, 0, 5, 1, 2, 4)),
        Alley("T", _squares("c7", "b7", "a7", "a8", "a9", "b9"), (1, 2, 3, 4, 0, 5)),
        Alley("I", _squares("g3", "g4", "h4", "h5", "h6", "i6"), (0, 1, 2, 5, 3, 4)),
    )
    roll = Roll("R", "v3", (6, 4, 2, 1), (5, 3, 3, 2), advantage=True, obscured=True, hit=True)
    busy = replace(
        start,
        round=4,
        side=HEROES,
        to_decide=(HEROES,),
        moves=1,
        stunts=2,
        moved=frozenset({"C", "R"}),
        stunted=frozenset({"R"}),
        hexed=frozenset({"v2", "B"}),
        units=units,
        alleys=alleys,
        connected=(True, True, False),
        pending=None,
        last_roll=roll,
        shapeshifter=3,
    )
    quiet = GAME.view(GAME.setup(None, 2, 2), None)
    return busy, quiet


def swatch(renderer: BoardRenderer, size: int, cell: int) -> Image.Image:
    """Both sample boards drawn (with marks, a clock and every letter), and a sheet of every sprite at the
    board's ``cell`` size, with solid patches of the key colours so each gets an exact palette entry."""
    busy, quiet = sample_views()
    text = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ->x·"
    boards = [
        renderer.draw(busy, RenderOptions(size, HEROES, ("C>h5",), ("e5", "a5"), text, "1:00")),
        renderer.draw(quiet, RenderOptions(size, ADVERSARY, None, (), None, None)),
    ]
    sprites = [
        tile_image(a, n, dark=d, escape=e, occupied=o, cell=cell)
        for a in range(3)
        for n in (0, 5)
        for d in (False, True)
        for e in (False, True)
        for o in (False, True)
    ]
    sprites += [tile_pill(a, n, e, cell) for a in range(3) for n in (0, 5) for e in (False, True)]
    for uid in ("C", "v1", "t1"):
        for cond in (0, 1, 2):
            sprites.append(figure_sprite(uid, cond, cell, hexed=True, moved=True, stunted=True, secret=uid == "v1"))
    sprites += [beast_sprite(c, cell, hexed=c == 1) for c in (0, 1, 2)]
    sprites += [die(v, a, b, cell // 2) for v in range(1, 7) for a in (False, True) for b in (False, True)]
    sprites += [round_pip(1, s, cell // 2) for s in ("past", "now", "later")]
    sprites += [pool_glyph(k, f, cell // 2) for k in ("move", "stunt") for f in (False, True)]
    sprites += [legend_tile(a, cell // 2) for a in range(3)] + [escape_icon(cell // 2)]
    keys = [*ALLEY_STRONG, *ALLEY_TINT, HEX_COLOUR, SECRET_RING, BEAST_FACE, TOWN_RING, TOWN_FACE, pal.VERMILLION]
    keys += [*pal.SIDE_STRONG[:2], *pal.SIDE_PALE[:2], pal.INK, pal.WHITE, pal.LAST_MOVE_EDGE, pal.MARKED_EDGE]
    keys += [pal.mix(c, DIM_GREY, DISABLED_MIX) for c in (*pal.SIDE_STRONG[:2], *pal.SIDE_PALE[:2], TOWN_RING)]
    sprites += [Image.new("RGB", (cell, cell), colour) for colour in keys]  # solid patches: exact entries
    return swatch_sheet(boards, sprites, size=size, cell=cell, spacing=2)
