"""The dungeon: 25 rooms with their walls, doorways and door symbols, coordinates, short names and features
(the static part, drawn once per layout), and what stands in them (tokens, drawn every time).

A room reads: its coordinate at the top left ("c3"), its whole name under the top door (on two lines, a
little smaller, when one is too narrow: ``room_label``); a Lair (the enemy
type's symbol on a ringed disc) at the top right, a Shadow Shard (violet gem) there or at the bottom right; a
shrine (an altar in the colour of the symbol it boosts) at the bottom right; a Treasure spot at the bottom left
(a dashed gold ring, or the gold token with its Search value). Each side is a wall, or a doorway with the door's
symbol (sun, moon, star, crown) in a dark disc just inside the room: an enemy leaving by "moon" takes the door
whose disc shows the moon in the room it stands in. The corner rooms (where heroes enter) have a greener floor,
the centre room (the Lord's) a redder one.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.shadowscape.cards import RoomFace
from engine.games.shadowscape.dungeon import CENTRE, CORNERS, SIZE, Laid, Place, laid_at, name, places, through
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.views import ShadowView

from .. import palette as pal
from ..toolkit import Sketch, put_text
from . import glyphs as gl
from .fit import Fit, fit_name, sizes_from
from .geometry import DOOR_GAP, LORD_WIDE, WALL, Layout, place_tokens, room_box, room_boxes
from .sprites import (
    door_disc,
    empty_spot,
    enemy_token,
    hero_token,
    lair_badge,
    lord_token,
    paste,
    shard_badge,
    shrine_badge,
    treasure_token,
)
from .words import deciding, lord_left, lord_side

Dungeon = tuple[Laid, ...]


def corners_of(face: RoomFace) -> dict[str, str]:
    """Which feature sits in which corner: ``top``-right, ``bottom``-right (``treasure`` is bottom-left)."""
    found: dict[str, str] = {}
    if face.lair:
        found["top"] = f"lair:{face.lair}"
    if face.shrine:
        found["bottom"] = f"shrine:{face.shrine}"
    if face.shard:
        found["top" if "top" not in found else "bottom"] = "shard"
    return found


NAME_SIZES = (13, 12.5, 12, 11.5, 11, 10.5, 10)  # a room name's sizes at 1024 pixels, largest first


def room_label(name: str, lay: Layout) -> Fit:
    """A room's whole name in its band (``RoomBoxes.name``): one line at 13 pixels (at 1024) down to 12, else two
    lines from 13 down to 10. The renderer and the tests both lay names out here."""
    x0, y0, x1, y1 = room_boxes(lay.room).name
    sizes = sizes_from(lay.px, *NAME_SIZES)
    return fit_name(name, x1 - x0, sizes, lines=2, height=y1 - y0, one_line_floor=lay.px(12))


def _floor(place: Place) -> tuple[int, int, int]:
    if place in CORNERS:
        return gl.FLOOR_START
    return gl.FLOOR_THRONE if place == CENTRE else gl.FLOOR


def draw_dungeon(image: Image.Image, lay: Layout, dungeon: Dungeon) -> None:
    """The static dungeon on ``image``: the map card, floors, doorways, door symbols, names and features."""
    x0, y0, x1, y1 = lay.map
    sk = Sketch(x1 - x0, y1 - y0, scale=2)
    sk.rounded((0, 0, x1 - x0, y1 - y0), 14 * lay.u, fill=gl.RIM, outline=pal.PANEL_EDGE, width=2 * lay.u)
    card = sk.finish()
    image.paste(card, (x0, y0), card)
    draw = ImageDraw.Draw(image)
    r = lay.room
    wall = r * WALL / 2
    draw.rectangle((lay.x0 - 1, lay.y0 - 1, lay.x0 + SIZE * r, lay.y0 + SIZE * r), fill=gl.WALL)
    for place in places():
        bx0, by0, bx1, by1 = room_box(lay, place)
        draw.rectangle(
            (round(bx0 + wall), round(by0 + wall), round(bx1 - wall) - 1, round(by1 - wall) - 1), fill=_floor(place)
        )
    half = r * DOOR_GAP / 2
    for place in places():  # doorways: the floor carried across the wall where both rooms have a door
        bx0, by0, bx1, by1 = room_box(lay, place)
        cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
        colour = _floor(place)
        for side in ("e", "s"):
            if through(dungeon, place, side) is None:
                continue
            if side == "e":
                box = (bx1 - wall - 1, cy - half, bx1 + wall + 1, cy + half)
            else:
                box = (cx - half, by1 - wall - 1, cx + half, by1 + wall + 1)
            draw.rectangle(tuple(round(v) for v in box), fill=colour)
    rb = room_boxes(r)
    corner = round(rb.corner)
    coord_px = lay.px(18)
    nx0, ny0, nx1, ny1 = rb.name
    for place in places():
        laid = laid_at(dungeon, place)
        face = laid.shown()
        bx0, by0, _, _ = room_box(lay, place)
        draw_doors(image, lay, place, laid)
        put_text(image, bx0 + rb.coord[0], by0 + rb.coord[1], name(place), px=coord_px, fill=gl.ROOM_TEXT, bold=True)
        label = room_label(face.name, lay)
        y = by0 + (ny0 + ny1 - label.height() + label.px) / 2
        for text in label.lines:
            put_text(image, bx0 + (nx0 + nx1) / 2, y, text, px=label.px, fill=gl.ROOM_DIM, align="m")
            y += label.step()
        spots = {"top": rb.top_right, "bottom": rb.shrine}
        for where, feature in corners_of(face).items():
            sx, sy = spots[where]
            kind, _, detail = feature.partition(":")
            sprite = (
                {"lair": lair_badge, "shrine": shrine_badge}[kind](detail, corner) if detail else shard_badge(corner)
            )
            paste(image, sprite, bx0 + sx, by0 + sy)
        if face.treasure:
            paste(image, empty_spot(corner), bx0 + rb.treasure[0], by0 + rb.treasure[1])


def draw_doors(image: Image.Image, lay: Layout, place: Place, laid: Laid) -> None:
    """The door symbols of one room, each in its disc inside the doorway of its side."""
    rb = room_boxes(lay.room)
    bx0, by0, _, _ = room_box(lay, place)
    for side, symbol in laid.doors().items():
        if symbol is not None:
            dx0, dy0, dx1, dy1 = rb.door(side)
            disc = door_disc(symbol, round(dx1 - dx0))
            paste(image, disc, bx0 + (dx0 + dx1 - disc.width) / 2, by0 + (dy0 + dy1 - disc.height) / 2)


# -- what stands in the rooms ----------------------------------------------------------------------------------


def occupants(view: ShadowView) -> dict[Place, list[tuple[str, str]]]:
    """Room → what stands there, in drawing order: the Lord, enemies (board order), heroes (seat order)."""
    found: dict[Place, list[tuple[str, str]]] = {}
    if view.lord.place is not None and view.lord.slain_by is None:
        found.setdefault(view.lord.place, []).append(("lord", "lord"))
    for token, place in view.enemies:
        found.setdefault(place, []).append(("enemy", token))
    for hero in view.heroes:
        if hero.place is not None:
            found.setdefault(hero.place, []).append(("hero", str(hero.seat)))
    return found


def draw_tokens(image: Image.Image, lay: Layout, view: ShadowView, letters: tuple[str, ...]) -> None:
    """Treasure tokens on their spots, then every room's Lord, enemies and heroes, packed into the room's
    middle at the largest size at which they all fit."""
    r = lay.room
    rb = room_boxes(r)
    corner = round(rb.corner)
    stacked: dict[Place, int] = {}
    for token, place in view.treasures:
        bx0, by0, _, _ = room_box(lay, place)
        k = stacked.get(place, 0)
        stacked[place] = k + 1
        sprite = treasure_token(TABLES.treasures[token].search, corner)
        paste(image, sprite, bx0 + rb.treasure[0] + k * corner * 0.45, by0 + rb.treasure[1] - k * corner * 0.2)
    active = deciding(view) if view.phase != "draft" else None  # the halo goes where the headline's hero stands
    for place, items in occupants(view).items():
        bx0, by0, _, _ = room_box(lay, place)
        widths = [LORD_WIDE if kind == "lord" else 1.0 for kind, _ in items]
        for (kind, what), (sx, sy, size) in zip(items, place_tokens(widths, rb), strict=True):
            s = max(8, round(size))
            if kind == "lord":
                side = lord_side(view)
                sprite = lord_token(lord_left(view), side.defence, side.attack, side.ranged, s)
            elif kind == "enemy":
                sprite = enemy_token(TABLES.enemies[what].kind, s, stunned=what in view.stunned)
            else:
                seat = int(what)
                sprite = hero_token(seat, letters[seat], s, seat == active)
            paste(image, sprite, bx0 + sx, by0 + sy)


def mark_rooms(image: Image.Image, lay: Layout, rooms: dict[Place, str], dungeon: Dungeon) -> None:
    """Outline rooms: ``last`` (the highlighted move: yellow and dark gold) or ``marked`` (caller's: sky blue);
    the frame runs under the room's door symbols."""
    draw = ImageDraw.Draw(image)
    r = lay.room
    inset = r * WALL / 2
    for place, kind in sorted(rooms.items()):
        x0, y0, x1, y1 = room_box(lay, place)
        fill, edge = (pal.LAST_MOVE, pal.LAST_MOVE_EDGE) if kind == "last" else (pal.MARKED, pal.MARKED_EDGE)
        w = lay.px(5)
        box = (round(x0 + inset), round(y0 + inset), round(x1 - inset) - 1, round(y1 - inset) - 1)
        draw.rectangle(box, outline=edge, width=w)
        draw.rectangle((box[0] + w, box[1] + w, box[2] - w, box[3] - w), outline=fill, width=max(1, w // 2))
        draw_doors(image, lay, place, laid_at(dungeon, place))
