"""Under the roads: two status lines (round, whose turn, the roll, an Event waiting on Negations; under it the
last move or the decks) and one card per player (Special, Renown, hand size, and each piece's stats, standing
and Items).

Everything here is public: hands are counts, a sealed purchase shows only as sealed.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.goodvsbad.destiny import first_round
from engine.games.goodvsbad.model import Piece
from engine.games.goodvsbad.tables import TABLES
from engine.games.goodvsbad.views import GvbView, PlayerView

from .. import palette as pal
from ..toolkit import cut, draw_text, measure, put_text
from .geometry import Layout
from .sprites import SEAT_STRONG, piece_sprite

STAT_LETTERS = ("A", "M", "S")
ROLES = {"protector": "Protector", "supervillain": "Supervillain"}


def status_text(view: GvbView) -> tuple[str, str]:
    """The status line's left part (where the game stands) and right part (the decks)."""
    names = view.seat_names
    if view.outcome is not None:
        if view.outcome.draw or not view.outcome.winners:
            left = "Game over: a draw"
        else:
            winners = sorted(view.outcome.winners)
            left = f"Game over: {' and '.join(names[s] for s in winners)} win{'s' if len(winners) == 1 else ''}"
    elif view.stage == "name":
        left = "Naming Specials: " + ", ".join(names[s] for s in view.to_decide) + " to choose"
    elif view.stage == "buy":
        sealed = sum(p.bought for p in view.players)
        left = f"Buying stats: {sealed} of {len(view.players)} sealed"
    else:
        counted = f"{view.round}/{view.rounds}" if view.round <= view.rounds else f"{view.round}, the tour plays on"
        left = f"Round {counted} · {names[view.active]}'s turn"
        if view.roll:
            left += f" · rolled {view.roll}"
        if view.window:
            event = TABLES.events[view.window.split(":")[1]].name
            left += f" · {event} in play"
            if view.negations:
                left += f", {view.negations} Negation{'s' if view.negations > 1 else ''}"
    grades = " ".join(f"{g}{n}" for g, n in zip("EFGH", view.encounter_decks, strict=True))
    decks = f"Items {view.item_deck} · Events {view.event_deck} · {grades}"
    if view.destinies:  # rules version 5: the winning cards lie face up, for whoever stands above
        start = first_round(view.rounds)
        decks += f" · Destiny cards: {len(view.destinies)}" + (f", from round {start}" if view.round < start else "")
    return left, decks


TURN_PX = 30  # at 1024 pixels: whose turn, about 12 pixels on a board Discord shows 400 wide
CHANGE_PX = 25  # what changed (the caption) or the decks, under it


def draw_status(
    draw: ImageDraw.ImageDraw, lay: Layout, view: GvbView, *, caption: str | None, clock: str | None
) -> None:
    """Two lines: where the game stands, then the caption (the last move in words) or else the decks, and a clock
    last. Each is sized to read where Discord shows the board (about 400 pixels wide), so they take a line each
    rather than sharing one. Their words change with nearly every move, so they are set afresh (``draw_text``),
    not kept as sprites: a cache of a wide line per move would grow to hundreds of megabytes on a busy server."""
    x0, y0, x1, y1 = lay.status
    turn_px, change_px = round(TURN_PX * lay.u), round(CHANGE_PX * lay.u)
    left, right = status_text(view)
    if caption:
        right = caption
    if clock:
        right = f"{right} · {clock}"
    middle = y0 + (y1 - y0) * 0.3
    width = int(x1 - x0)
    draw_text(draw, (x0, middle), cut(left, turn_px, width, True), px=turn_px, fill=pal.TEXT, anchor="lm", bold=True)
    fill = pal.TEXT if caption else pal.TEXT_DIM
    draw_text(draw, (x0, y0 + (y1 - y0) * 0.76), cut(right, change_px, width), px=change_px, fill=fill, anchor="lm")


def draw_cards(image: Image.Image, lay: Layout, view: GvbView) -> None:
    """One card per player, in seat order; the active player's is framed in gold."""
    waiting = set(view.asked) | {s for s, answer in enumerate(view.call) if answer is None}
    for player, box in zip(view.players, lay.cards, strict=True):
        active = view.stage == "turn" and view.outcome is None and player.seat == view.active
        name = view.seat_names[player.seat] + (" · to answer" if player.seat in waiting else "")
        hero, villain = view.pieces[2 * player.seat : 2 * player.seat + 2]
        lines = (name, f"Renown {player.renown}", _hand_line(view, player), _piece_line(hero), _piece_line(villain),
                 _items_line(view, player))  # fmt: skip
        x0, y0, x1, y1 = box
        size = (round(x1) - round(x0), round(y1) - round(y0))
        tile = card_tile(size, lay.u, player.seat, lines, active=active)
        image.paste(tile, (round(x0), round(y0)), tile)


@lru_cache(maxsize=64)
def card_tile(
    size: tuple[int, int], u: float, seat: int, lines: tuple[str, ...], *, active: bool
) -> Image.Image:
    """A player's card, drawn once per content: most cards do not change from one board to the next, and their
    text is most of a board's cost. ``lines``: name, Renown, Special and hand, Hero, Villain, Items."""
    name, renown, hand, hero, villain, items = lines
    w, h = size
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = pal.GOLD if active else pal.PANEL_EDGE
    frame = max(1, round(3 * u))
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=12 * u, fill=pal.PANEL, outline=edge, width=frame)
    draw.rectangle((3 * u, 10 * u, 9 * u, h - 10 * u), fill=SEAT_STRONG[seat])
    left, right = 18 * u, w - 12 * u
    step = (h - 12 * u) / 5
    big, small = round(min(24 * u, step * 0.78)), round(min(20 * u, step * 0.66))
    y = 6 * u + step / 2
    put_text(image, right, y, renown, px=big, fill=pal.GOLD, bold=True, align="r")
    room = right - left - measure(renown, big, True) - 10 * u
    put_text(image, left, y, cut(name, big, int(room), True), px=big, fill=pal.TEXT, bold=True)
    y += step
    put_text(image, left, y, cut(hand, small, int(right - left)), px=small, fill=pal.TEXT_DIM)
    d = round(min(step * 0.9, 26 * u))
    for kind, words in (("hero", hero), ("villain", villain)):
        y += step
        sprite = piece_sprite(seat, kind, d)
        image.alpha_composite(sprite, (round(left), round(y - sprite.height / 2)))
        shown = cut(words, small, int(right - left - d - 8 * u))
        put_text(image, left + d + 8 * u, y, shown, px=small, fill=pal.TEXT)
    y += step
    put_text(image, left, y, cut(items, small, int(right - left)), px=small, fill=pal.TEXT_DIM)
    return image


def _hand_line(view: GvbView, player: PlayerView) -> str:
    special = f"{player.special_name or 'Special'} {player.special}"
    hand = f"hand {player.items_in_hand} Item{'s' if player.items_in_hand != 1 else ''}, "
    hand += f"{player.events_in_hand} Event{'s' if player.events_in_hand != 1 else ''}"
    if view.stage == "buy":
        hand = "purchase sealed" if player.bought else "choosing a purchase"
    return f"{special} · {hand}"


def _piece_line(piece: Piece) -> str:
    """Stats (a hurt one as now/starting level: "M1/3"), then the piece's role and troubles."""
    stats = "  ".join(
        f"{letter}{now}" + (f"/{start}" if now < start else "")
        for letter, now, start in zip(STAT_LETTERS, piece.stats, piece.start, strict=True)
    )
    tags = [ROLES[piece.role]] if piece.role else []
    if piece.defeated:
        tags.append("defeated")
    if piece.lose_turns:
        tags.append(f"misses {piece.lose_turns} turn{'s' if piece.lose_turns > 1 else ''}")
    if piece.slowed:
        tags.append(f"slowed {piece.slowed}")
    return "  ·  ".join([stats, *tags])


def _items_line(view: GvbView, player: PlayerView) -> str:
    """The Items laid beside each of the player's pieces, by name."""
    parts = []
    for kind, piece in zip(("Hero", "Villain"), view.pieces[2 * player.seat : 2 * player.seat + 2], strict=True):
        if piece.items:
            parts.append(f"{kind}: " + ", ".join(TABLES.items[i].name for i in piece.items))
    return " · ".join(parts) or "No Items laid"
