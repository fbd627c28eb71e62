"""The Shadowscape board: the 5 × 5 dungeon with everything in it, the three markets under it, and at the right
the status card and one card per hero; a second, private image of the viewer's hand (``hand.py``), and a key
to every symbol (``key.py``), both offered from buttons beside the board.

How the board reads (the modules say more):
- **Rooms** (``rooms.py``): coordinate top left ("a1" is the bottom left, "c3" the centre), short name, a
  Lair (enemy symbol on a ringed disc) and a Shadow Shard (violet gem) at the top right, a shrine (an altar
  in the colour of the symbol it boosts) at the bottom right, a Treasure spot at the bottom left (dashed
  ring, or a gold token with its Search value). Walls are dark; each doorway shows the door's symbol in a dark
  disc just inside the room: sun, moon, star, crown.
- **Enemies** (``sprites.py``): dark squares ringed in their type's colour (beast paw, brigand hood, undead
  skull) with Defence on a pale shield and attack on a red disc, marked by crossed swords (melee) or an arrow
  (ranged); a sky-blue "z" when stunned. **Heroes**: the seat's shape and colour with the hero's initial (gold
  halo: the hero to act). **The Dungeon Lord**: a wide crimson plate with a crown, the Defence it has left,
  its attack and a bar of the damage taken.
- **Markets** (``markets.py``), the **status card** (``status.py``) and the **hero cards** (``heroes.py``).
- **Marks**: rooms named by ``highlight`` actions (a Move's room, a placement, a shove) get a yellow and
  dark-gold frame; ``squares`` (room names such as "b3") a sky-blue one. Views carry no last move, so by
  default nothing is framed.

Hidden information: the board draws hands as counts only; nothing it draws reads a hand's contents.

Speed: the dungeon and the cards' backdrops are a cached background per (size, layout, hero count); the
markets card and each hero card are cached images keyed by their public contents; rooms' tokens are cached
sprites. A position is a copy, a few tile pastes, a few dozen sprite pastes and the status card's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar

from PIL import Image

from engine.errors import MalformedKey
from engine.games.shadowscape.dungeon import Laid, Place, parse
from engine.games.shadowscape.keys import ShadowAction
from engine.games.shadowscape.keys import parse as parse_key
from engine.games.shadowscape.views import ShadowView

from .. import palette as pal
from ..core import BoardRenderer, RenderOptions, register_renderer
from ..panel import panel_backdrop
from .geometry import ASPECT, Layout, canvas, layout
from .hand import hand_png
from .heroes import draw_hero_cards
from .key import key_png
from .markets import markets_tile
from .rooms import draw_dungeon, draw_tokens, mark_rooms
from .samples import swatch
from .status import draw_status
from .words import initials

ROOM_KINDS = ("mv", "start")  # actions whose second (or only) argument is a room they end in


@lru_cache(maxsize=16)
def background(width: int, dungeon: tuple[Laid, ...], heroes: int) -> Image.Image:
    """Everything that stays put through a match: the dungeon card, and the status card's backdrop."""
    lay = layout(width, heroes)
    image = Image.new("RGB", canvas(width), pal.BACKGROUND)
    draw_dungeon(image, lay, dungeon)
    x0, y0, x1, y1 = lay.status
    card = panel_backdrop((x1 - x0, y1 - y0), radius=14 * lay.u)
    image.paste(card, (x0, y0), card)
    return image


def _room(item: object) -> Place:
    """A caller's marked room: a name ("b3") or a (row, column) pair."""
    if isinstance(item, str):
        place = parse(item)
        if place is None:
            raise ValueError(f"{item!r} is not a room: rooms are a1–e5")
        return place
    if isinstance(item, tuple) and len(item) == 2 and all(isinstance(v, int) and 0 <= v < 5 for v in item):
        return item  # type: ignore[return-value]
    raise TypeError(f"Shadowscape marks rooms by name (such as 'b3') or as (row, column), not {item!r}")


def highlighted(items: tuple[object, ...]) -> list[ShadowAction]:
    """The actions a caller asked to highlight, given as actions or keys (``core.parse_highlight`` asks the game
    registry, which does not offer Shadowscape while it is being built, so keys are parsed here)."""
    actions = []
    for item in items:
        if isinstance(item, ShadowAction):
            actions.append(item)
        elif isinstance(item, str):
            try:
                actions.append(parse_key(item))
            except MalformedKey as exc:
                raise ValueError(str(exc)) from None
        else:
            raise TypeError(f"highlight takes Shadowscape actions or keys such as 'mv:gorm-1:b3', not {item!r}")
    return actions


def marked_rooms(view: ShadowView, options: RenderOptions) -> dict[Place, str]:
    """Room → ``last`` (where a highlighted action ended) or ``marked`` (the caller's rooms)."""
    rooms: dict[Place, str] = {}
    if options.highlight:
        for action in highlighted(options.highlight):
            for arg in (action.a, action.b):
                target = arg.partition(">")[2] if ">" in arg else arg if action.kind in ROOM_KINDS else ""
                place = parse(target) if target else None
                if place is not None:
                    rooms[place] = "last"
    for item in options.squares:
        rooms[_room(item)] = "marked"
    return rooms


class ShadowscapeRenderer(BoardRenderer):
    game = "shadowscape"
    view_type = ShadowView
    aspect = ASPECT
    extras: ClassVar[Mapping[str, str]] = MappingProxyType({"hand": "My hand", "key": "Symbols"})

    def draw(self, view: ShadowView, options: RenderOptions) -> Image.Image:
        lay = layout(options.size, len(view.heroes))
        image = background(options.size, view.dungeon, len(view.heroes)).copy()
        letters = initials(view)
        rooms = marked_rooms(view, options)
        if rooms:
            mark_rooms(image, lay, rooms, view.dungeon)
        draw_tokens(image, lay, view, letters)
        self._markets(image, lay, view)
        draw_status(image, lay, view, letters, caption=options.caption, clock=options.clock)
        draw_hero_cards(image, lay, view, letters)
        return image

    @staticmethod
    def _markets(image: Image.Image, lay: Layout, view: ShadowView) -> None:
        x0, y0, x1, y1 = lay.markets
        tile = markets_tile(
            (x1 - x0, y1 - y0),
            lay.u,
            equipment=(view.equipment_market, view.equipment_count),
            actions=(view.action_market, view.action_count),
            whispers=(view.whisper_row, view.whisper_count),
        )
        image.paste(tile, (x0, y0))

    def interest(self, view: ShadowView) -> int:
        hurt = sum(h.wounds + sum(c.wounds for c in h.cards) for h in view.heroes)
        held = sum(len(h.trophies) + len(h.treasures) + len(h.whispers) + len(h.equipment) for h in view.heroes)
        return len(view.enemies) + hurt + held + 5 * (view.lord.place is not None)

    def swatch(self, size: int) -> Image.Image:
        return swatch(self, size)

    def extra_png(self, view: ShadowView, name: str, *, size: int) -> bytes:
        """The viewer's hand of fate cards (``render.extra_png(view, "hand")``; the public view gets a card
        saying there is no hand to show), or the key to the board's symbols (``"key"``, the same for all)."""
        if name == "key":
            return key_png(size)
        if name != "hand":
            raise KeyError(name)
        return hand_png(view, size=size)


RENDERER = register_renderer(ShadowscapeRenderer())
