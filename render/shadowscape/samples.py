"""Sample Shadowscape views that show everything the board can draw, and the palette swatch built from them.

The busy view starts from a real match (a fixed seed, played by a fixed rule) and is then filled by hand with
``dataclasses.replace``: the Lord awake and hurt, enemies of every type (one stunned) crowding rooms, every
card state, equipment, trophies, treasures and whispers in the Hero Areas. It need not be reachable; it only
has to hold every colour at once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from PIL import Image

from engine.games.shadowscape.dungeon import CENTRE
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.model import LordState, ShadowState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.views import ShadowView

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions
from ..toolkit import swatch_sheet
from . import glyphs as gl
from .heroes import CHIP_GEAR, CHIP_READY, CHIP_SPENT, CHIP_WOUNDED, GEAR_TEXT
from .markets import CELL, CELL_EDGE, WHISPER_CELL
from .sprites import (
    DECK_FACE,
    DISCARD_FACE,
    HAND_FACE,
    MARKS,
    SHIELD_FACE,
    STUN,
    door_disc,
    enemy_token,
    hero_token,
    lair_badge,
    mark,
    shrine_badge,
    treasure_token,
)

GAME = Shadowscape()


def played_state(mode: str, players: int, seed: int, decisions: int) -> ShadowState:
    """The state after ``decisions`` decisions picked by a seeded random rule (the same every time)."""
    state = GAME.setup({"mode": mode}, players, seed)
    pick = random.Random(seed)
    for _ in range(decisions):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_decide(state)[0]
        state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat))).state
    return state


def played(mode: str, players: int, seed: int, decisions: int) -> ShadowView:
    """The public view of ``played_state``."""
    return GAME.view(played_state(mode, players, seed, decisions), None)


@lru_cache(maxsize=1)
def sample_views() -> tuple[ShadowView, ShadowView]:
    """A busy four-hero co-op view with the Lord in play, and a quiet competitive start after placing."""
    base = played("cooperative", 4, 11, 160)
    heroes = list(base.heroes)
    first = heroes[0]
    cards = list(first.cards)
    cards[0] = replace(cards[0], wounds=1)
    cards[1] = replace(cards[1], exhausted=True)
    if len(cards) > 2:
        cards[2] = replace(cards[2], wounds=2)
    heroes[0] = replace(
        first,
        cards=tuple(cards),
        wounds=1,
        trophies=("beast-1", "undead-3"),
        treasures=("treasure-2",),
        equipment=("equipment-1", "equipment-7", "equipment-9"),
        whispers=("whisper-2", "whisper-9"),
        guard=2,
        place=CENTRE,
    )
    heroes[1] = replace(heroes[1], stuck=True, trophies=("brigand-2",), place=CENTRE)
    enemies = (
        *base.enemies,
        ("beast-2", CENTRE),
        ("brigand-3", CENTRE),
        ("undead-5", (1, 1)),
        ("beast-7", (1, 1)),
        ("brigand-8", (1, 1)),
    )
    busy = replace(
        base,
        heroes=tuple(heroes),
        enemies=enemies,
        lord=LordState(base.lord.lord, place=CENTRE, damage=5),
        stunned=("undead-5",),
        phase="action",
        pending=("defend", 1, "lord", 5, ()),
        outcome=None,
    )
    quiet = played("competitive", 2, 3, 12)
    return busy, quiet


def swatch(renderer: BoardRenderer, size: int) -> Image.Image:
    """Both sample boards (with marks, a clock and every letter) and a sheet of sprites with solid patches of
    the key colours, so each gets an exact palette entry."""
    busy, quiet = sample_views()
    text = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ·"
    boards = [
        renderer.draw(busy, RenderOptions(size, 0, ("mv:gorm-1:b3",), ("a1", "e5"), text, "1:00")),
        renderer.draw(quiet, RenderOptions(size, 0, None, (), None, None)),
    ]
    cell = max(16, size // 24)
    sprites: list[Image.Image] = [door_disc(s, cell) for s in gl.DOOR_COLOUR]
    sprites += [lair_badge(k, cell) for k in gl.ENEMY_COLOUR]
    sprites += [shrine_badge(k, cell) for k in gl.SHRINE_SYMBOL]
    sprites += [enemy_token(kind, cell, stunned=stunned) for kind in TABLES.enemy_kinds for stunned in (False, True)]
    sprites += [hero_token(seat, "A", cell, active) for seat in range(4) for active in (False, True)]
    sprites += [treasure_token(3, cell), *(mark(kind, cell) for kind in MARKS)]
    sprites += [mark(s, cell) for s in gl.SYMBOL_COLOUR if s != "foresight"]
    keys = [
        *gl.DOOR_COLOUR.values(),
        *gl.ENEMY_COLOUR.values(),
        *gl.SYMBOL_COLOUR.values(),
        gl.FLOOR,
        gl.FLOOR_START,
        gl.FLOOR_THRONE,
        gl.WALL,
        gl.RIM,
        gl.DOORWAY,
        gl.ROOM_TEXT,
        gl.ROOM_DIM,
        gl.SHARD,
        gl.SHARD_LIGHT,
        gl.GOLD,
        gl.GOLD_DARK,
        gl.ATTACK,
        gl.WOUND,
        gl.READY,
        gl.LORD_FACE,
        gl.HALO,
        gl.ENEMY_FACE,
        DECK_FACE,
        DISCARD_FACE,
        HAND_FACE,
        STUN,
        SHIELD_FACE,
        CHIP_READY,
        CHIP_SPENT,
        CHIP_WOUNDED,
        CHIP_GEAR,
        GEAR_TEXT,
        CELL,
        CELL_EDGE,
        WHISPER_CELL,
        *pal.SIDE_STRONG[:4],
        *pal.SIDE_PALE[:4],
        pal.INK,
        pal.WHITE,
        pal.TEXT,
        pal.TEXT_DIM,
        pal.PANEL,
        pal.PANEL_EDGE,
        pal.BACKGROUND,
        pal.LAST_MOVE,
        pal.LAST_MOVE_EDGE,
        pal.MARKED,
        pal.MARKED_EDGE,
    ]
    sprites += [Image.new("RGB", (cell, cell), colour) for colour in keys]
    return swatch_sheet(boards, sprites, size=size, cell=cell)
