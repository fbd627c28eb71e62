"""Sample Metamorph views that show everything the board can draw, and the palette swatch built from them.

The busy view is made by hand (``dataclasses.replace`` on a real starting view), so it need not be reachable:
it only has to hold every seat, badge, bar level, artifact and highlight at once.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image

from engine import get_game
from engine.games.metamorph.game import MetaView
from engine.games.metamorph.model import Artifact, Condition, TurnDone

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions
from ..toolkit import swatch_sheet
from .sprites import (
    BADGES,
    BAR_BACK,
    HEALTH,
    HEALTH_LOW,
    KEY_GOLD,
    LEGEND_MARKERS,
    MANA,
    SEAT_PALE,
    SEAT_STRONG,
    TERRAIN_ORDER,
    artifact_sprite,
    badge,
    side_icon,
)
from .terrain import TERRAIN_FILL, symbol_colour, terrain_swatch

GAME = get_game("metamorph")


@lru_cache(maxsize=1)
def sample_views() -> tuple[MetaView, MetaView]:
    """A busy six-wizard Key of Solomon view (every badge, a change under way, the dead, the departed, the Key
    on the ground and a Font carried, the last move) and a quiet two-wizard duel at its start."""
    start = GAME.view(GAME.setup({"scenario": "key"}, 6, 3), None)
    w = list(start.wizards)
    w[0] = replace(w[0], shape="Amorphous Blob", target="Dragon", cell=(2, 5), damage=2, mana=31)
    w[1] = replace(
        w[1],
        shape="Griffon",
        flying=True,
        high=True,
        damage=9,
        mana=12,
        conditions=(Condition("slow", 2), Condition("restrict", 1)),
    )
    w[2] = replace(
        w[2],
        shape="Giant Spider",
        flying=False,
        damage=3,
        mana=50,
        conditions=(Condition("poison", 3), Condition("web", 1), Condition("ink", 1)),
    )
    w[3] = replace(w[3], shape="Bat", flying=True, mana=5, conditions=(Condition("held", 1), Condition("constrict", 1)))
    w[4] = replace(w[4], alive=False, hex=None, damage=12)
    w[5] = replace(w[5], left_map=True, hex=None)
    key = start.artifacts[0]
    artifacts = (key, Artifact("font0", None, carrier=1))
    path = (start.wizards[2].hex, key.hex) if key.hex and start.wizards[2].hex else ()
    busy = replace(
        start,
        wizards=tuple(w),
        artifacts=artifacts,
        order=(3, 0, 1, 2),
        active=1,
        round=12,
        done=TurnDone(moved=True, cast=True),
        last_path=path,
    )
    quiet = GAME.view(GAME.setup({"scenario": "duel"}, 2, 1), 0)
    return busy, quiet


def swatch(renderer: BoardRenderer, size: int) -> Image.Image:
    """Both sample boards (with marks, a clock and every letter) and a sheet of sprites with solid patches of
    the key colours, so each gets an exact palette entry."""
    busy, quiet = sample_views()
    text = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ->x·"
    boards = [
        renderer.draw(busy, RenderOptions(size, 0, None, ("a1", "b2"), text, "1:00")),
        renderer.draw(quiet, RenderOptions(size, 0, None, (), None, None)),
    ]
    cell = max(16, size // 24)
    sprites: list[Image.Image] = [badge(kind, cell) for kind in BADGES]
    sprites += [artifact_sprite(kind, cell) for kind in ("key", "font")]
    sprites += [terrain_swatch(letter, cell) for letter in TERRAIN_ORDER]
    sprites += [side_icon(seat, cell, dead=dead) for seat in range(6) for dead in (False, True)]
    keys = [*TERRAIN_FILL.values(), *(symbol_colour(t) for t in TERRAIN_ORDER), *SEAT_STRONG, *SEAT_PALE]
    keys += [KEY_GOLD, MANA, HEALTH, HEALTH_LOW, BAR_BACK]
    keys += [pal.INK, pal.WHITE, pal.GOLD, pal.LAST_MOVE_EDGE, pal.MARKED_EDGE, pal.PANEL, pal.PANEL_EDGE, pal.TEXT]
    sprites += [Image.new("RGB", (cell, cell), colour) for colour in keys]
    assert len(LEGEND_MARKERS) <= len(BADGES)
    return swatch_sheet(boards, sprites, size=size, cell=cell)
