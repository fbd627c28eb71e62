"""Sample Good vs Bad views that show everything the board can draw, and the palette swatch built from them.

The busy view is made by hand (``dataclasses.replace`` on a real starting view), so it need not be reachable:
it only has to hold six seats, both sides of every level, both fixtures, every standing of a piece, Items laid
and an Event in play at once. The game is built directly: the registry may not offer it yet.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image

from engine.games.goodvsbad.board import EXTENSION
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import Fixture, Mark, Pending
from engine.games.goodvsbad.views import GvbView

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions
from ..toolkit import swatch_sheet
from .names import NAME_FILL, NUMBER_FILL
from .sprites import (
    BAD,
    BAD_EDGE,
    CROSSROADS,
    ENCOUNTER_RING,
    GOOD,
    GOOD_EDGE,
    ROAD,
    SEAT_PALE,
    SEAT_STRONG,
    SPACE,
    SPACE_EDGE,
    TRAP,
    TRAP_EDGE,
    fixture_sprite,
    mark_sprite,
    piece_sprite,
    villain_face,
)

GAME = GoodVsBad()


@lru_cache(maxsize=1)
def sample_views() -> tuple[GvbView, GvbView]:
    """A busy six-player view in round 7 (marks of every level, fixtures, Items, a Protector and a
    Supervillain, an Event waiting on answers, one Connector extended) and a quiet two-player one."""
    start = GAME.view(GAME.setup(None, 6, 11), 0)
    lengths = tuple(n + EXTENSION if i == 2 else n for i, n in enumerate(start.lengths))
    marks = (
        Mark("0.3", "good", 1, maker=0),
        Mark("0.5", "bad", 2, maker=1),
        Mark("1.2", "good", 3, maker=2),
        Mark("1.8", "bad", 4, maker=3),
        Mark("2.14", "bad", 1, maker=1),
        Mark("2.3", "good", 5, maker=4),
        Mark("4.6", "bad", 5, maker=5),
        Mark("5.4", "good", 6, "Fire", 0),
        Mark("7.6", "bad", 6, "Venom", 1),
    )
    pieces = list(start.pieces)
    laid = ("pony", "super-weapon", "shield")
    pieces[0] = replace(pieces[0], place="0.9", stats=(3, 2, 4), items=laid, role="protector")
    pieces[1] = replace(pieces[1], place="3.5", stats=(0, 0, 0))
    pieces[3] = replace(pieces[3], place="0.9", stats=(4, 5, 1), role="supervillain", items=("armour",))
    pieces[4] = replace(pieces[4], place="x", lose_turns=1)
    pieces[5] = replace(pieces[5], place="x", slowed=1)
    pieces[6] = replace(pieces[6], place="x")
    players = list(start.players)
    players[0] = replace(players[0], special_name="Fire", special=5, renown=9, items_in_hand=2, events_in_hand=1)
    players[1] = replace(players[1], special_name="Venom", special=3, renown=12)
    busy = replace(
        start,
        stage="turn",
        round=7,
        active=1,
        roll=8,
        lengths=lengths,
        marks=marks,
        fixtures=(Fixture("1.6", "trap", 1), Fixture("2.11", "fortification", 2)),
        pieces=tuple(pieces),
        players=tuple(players),
        pending=Pending("path", piece=3, options=("0.10", "0.8")),
        window="event:goodness:0.7",
        negations=1,
        asked=(2, 4),
        hand_items=("pony", "boots-7"),
        hand_events=("negation",),
    )
    quiet = GAME.view(GAME.setup(None, 2, 3), None)  # Red names a Special first
    return busy, quiet


def swatch(renderer: BoardRenderer, size: int) -> Image.Image:
    """Both sample boards (with marks, a caption, a clock and every letter) and a sheet of sprites with solid
    patches of the key colours, so each gets an exact palette entry."""
    busy, quiet = sample_views()
    text = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ->x·"
    boards = [
        renderer.draw(busy, RenderOptions(size, 0, ("go:0.10",), ("h2", "1.4"), text, "1:00")),
        renderer.draw(quiet, RenderOptions(size, 0, None, (), None, None)),
    ]
    cell = max(16, size // 24)
    sprites: list[Image.Image] = [piece_sprite(s, k, cell, active=a) for s in range(6) for k in ("hero", "villain")
                                  for a in (False, True)]  # fmt: skip
    sprites += [mark_sprite(side, level, cell / 2) for side in ("good", "bad") for level in (1, 6)]
    sprites += [fixture_sprite(item, 0, cell) for item in ("trap", "fortification")]
    keys = [*SEAT_STRONG, *SEAT_PALE, *(villain_face(s) for s in range(6)), ROAD, SPACE, SPACE_EDGE, ENCOUNTER_RING]
    keys += [GOOD, GOOD_EDGE, BAD, BAD_EDGE, TRAP, TRAP_EDGE, CROSSROADS, NAME_FILL, NUMBER_FILL]
    keys += [pal.INK, pal.WHITE, pal.GOLD, pal.LAST_MOVE, pal.LAST_MOVE_EDGE, pal.MARKED, pal.MARKED_EDGE]
    keys += [pal.PANEL, pal.PANEL_EDGE, pal.TEXT, pal.TEXT_DIM, pal.BACKGROUND]
    sprites += [Image.new("RGB", (cell, cell), colour) for colour in keys]
    return swatch_sheet(boards, sprites, size=size, cell=cell)
