"""The private image of a Good vs Bad hand: the viewer's Item cards (amber), Event cards (blue) and, while the
others are still buying, the viewer's own sealed purchase (grey). The public view, which holds no hand, gets a
single card saying so. Each card shows its name, its kind and our text for it.
"""

from __future__ import annotations

from PIL import Image

from engine.games.goodvsbad.setup import describe_purchase
from engine.games.goodvsbad.tables import TABLES
from engine.games.goodvsbad.views import GvbView

from .. import palette as pal
from ..core import own_palette_png
from ..pieces import CardSpec
from ..pieces import hand_image as cards_image

ITEM = pal.ORANGE
EVENT = pal.SKY_BLUE
SEALED = (150, 156, 168)
COLUMNS = 4
GAP = 12


def hand_cards(view: GvbView) -> list[CardSpec]:
    """The cards the viewer holds, Items then Events, each in hand order; the sealed purchase last."""
    if view.viewer is None:
        return [CardSpec("No hand", ("circle",), "Spectators see no cards: each player sees only their own.", SEALED)]
    cards = [CardSpec(TABLES.items[i].name, (), f"Item · {TABLES.items[i].text}", ITEM) for i in view.hand_items]
    cards += [CardSpec(TABLES.events[e].name, (), f"Event · {TABLES.events[e].text}", EVENT) for e in view.hand_events]
    if view.purchase is not None:
        cards.append(CardSpec("Your purchase", (), f"Sealed: {describe_purchase(view.purchase)}.", SEALED))
    if not cards:
        cards.append(CardSpec("Empty hand", (), "You hold no cards. Home Bases and Encounters bring more.", SEALED))
    return cards


def hand_image(view: GvbView, *, size: int = 1024) -> Image.Image:
    """The hand, ``size`` pixels wide, four cards to a row."""
    cards = hand_cards(view)
    columns = min(COLUMNS, len(cards))
    width = (size - GAP * (COLUMNS + 1)) // COLUMNS
    image = cards_image(cards, card_width=width, columns=columns, gap=GAP)
    if image.width == size:
        return image
    framed = Image.new("RGB", (size, image.height), pal.BACKGROUND)
    framed.paste(image, ((size - image.width) // 2, 0))
    return framed


def hand_png(view: GvbView, *, size: int = 1024) -> bytes:
    """PNG bytes of ``hand_image``, mapped onto 255 colours without dithering (the same view, the same bytes)."""
    return own_palette_png(hand_image(view, size=size))
