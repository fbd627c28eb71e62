"""Issue 43: every board must be readable where Discord shows it, about 400 pixels wide.

What a player needs to decide must be legible at that width: whose turn it is, where the pieces are, and what
changed; the rest may be left to the close-up and the private views. Text is measured on the real image: the
board is drawn twice, once as it is and once without the text in question (Pillow's own ``text`` skips it),
and the band of rows where the two differ is the height of that text's glyphs, scaled to a 400-pixel-wide
board. Pieces are measured from the boxes the renderers place them in.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from unittest.mock import patch

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine import get_game
from engine.games.swartzblak.model import HEROES
from render import board_png
from render.goodvsbad.geometry import TOKEN
from render.metamorph.geometry import hex_box
from render.shadowscape.geometry import TOKEN_SIZES
from render.shadowscape.geometry import layout as shadow_layout
from render.swartzblak.geometry import square_box
from render.toolkit import draw_text
from tests import test_render_metamorph as mm
from tests import test_render_swartzblak as sw
from tests.test_render_goodvsbad import GAME as GOODVSBAD
from tests.test_render_goodvsbad import midgame
from tests.test_render_shadowscape import GAME as SHADOWSCAPE
from tests.test_render_shadowscape import early
from tests.test_render_wars import MATCH, play

SHOWN = 400  # the width Discord gives a board in the channel on a desktop, about
TURN_LINE = 9.0  # least glyph height (ascender to baseline or below) at SHOWN pixels: whose turn it is
CHANGE_LINE = 7.0  # the same for the line that says what changed
PIECE = 9.0  # least width of a piece's box at SHOWN pixels
_NOISE = 4  # a row counts as text when at least this many of its pixels differ (the palette may shift a shade)


def _clear_render_caches() -> None:
    """Sprites and layers are cached by the renderer; the second drawing must set its type afresh."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _drawn(render: Callable[[], bytes], without: str | None = None) -> Image.Image:
    _clear_render_caches()
    if without is None:
        return Image.open(io.BytesIO(render())).convert("RGB")
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, words: object, *args: object, **kwargs: object) -> None:
        if without in str(words):
            return None
        return original(self, xy, words, *args, **kwargs)

    with patch.object(ImageDraw.ImageDraw, "text", text):
        return Image.open(io.BytesIO(render())).convert("RGB")


def shown_height(render: Callable[[], bytes], phrase: str) -> float:
    """The height of the text containing ``phrase`` on the board as shown ``SHOWN`` pixels wide (0 if none)."""
    whole, bare = _drawn(render), _drawn(render, phrase)
    _clear_render_caches()
    mask = ImageChops.difference(whole, bare).convert("L").point(lambda v: 255 if v > 40 else 0)
    width, height = mask.size
    pixels = mask.load()
    rows = [sum(1 for x in range(width) if pixels[x, y]) >= _NOISE for y in range(height)]
    tallest = run = 0
    for is_text in rows:
        run = run + 1 if is_text else 0
        tallest = max(tallest, run)
    return tallest * SHOWN / whole.width


def _wars() -> bytes:
    view, _ = play(MATCH[:8])
    return board_png(view, size=1024, caption="Blue knight on d4 destroys the Red knight on c3.")


def _swartzblak() -> bytes:
    view, line = sw.play(sw.MATCH[: sw.DISABLED])
    return board_png(view, size=1024, caption=line)


def _metamorph() -> bytes:
    view, line = mm.play(mm.MATCH[: mm.MIDGAME])
    return board_png(view, size=1024, clock="3:05", caption=line)


def _shadowscape() -> bytes:
    return board_png(SHADOWSCAPE.view(early(), None), caption="Dagny opens the door to the Hush Gallery.")


def _goodvsbad() -> bytes:
    return board_png(GOODVSBAD.view(midgame(), None), caption="Blue's Villain moves to Green–Yellow Road 6.")


# game: (its board, a phrase of the whose-turn line, a phrase of the what-changed line)
BOARDS: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "wars": (_wars, "to move", "destroys"),
    "swartzblak": (_swartzblak, "Heroes to act", "attacks"),
    "metamorph": (_metamorph, "3:05", "spins"),
    "shadowscape": (_shadowscape, "Dagny's turn", "opens the door"),
    "goodvsbad": (_goodvsbad, "Yellow's turn", "moves to"),
}


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_whose_turn_reads_at_400_pixels(game_id: str) -> None:
    render, turn, _ = BOARDS[game_id]
    assert shown_height(render, turn) >= TURN_LINE


@pytest.mark.parametrize("game_id", sorted(BOARDS))
def test_what_changed_reads_at_400_pixels(game_id: str) -> None:
    render, _, changed = BOARDS[game_id]
    assert shown_height(render, changed) >= CHANGE_LINE


def test_the_measure_sees_text_too_small_to_read() -> None:
    """The measure itself: a caption set in 10-pixel type on a 1024-pixel board is under 4 pixels when
    shown, and a missing phrase measures nothing."""
    def tiny() -> bytes:
        image = Image.new("RGB", (1024, 1024), (30, 30, 30))
        draw_text(ImageDraw.Draw(image), (40, 40), "A tiny caption", px=10, fill=(240, 240, 240))
        draw_text(ImageDraw.Draw(image), (40, 400), "A large heading", px=60, fill=(240, 240, 240))
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    assert shown_height(tiny, "tiny") < 4 < shown_height(tiny, "large") and shown_height(tiny, "absent") == 0


def test_pieces_are_big_enough_to_see_at_400_pixels() -> None:
    """Where the pieces are: each game's smallest piece, in the box its renderer places it in."""
    scale = SHOWN / 1024
    swartzblak = square_box(0, size=1024, orientation=HEROES)
    metamorph = get_game("metamorph")
    duel = metamorph.view(metamorph.setup({"scenario": "duel"}, 2, 1), None)  # the widest map: 26 hexes a row
    hexagon = hex_box("a1", size=1024, grid=duel.grid, count=len(duel.seat_names))
    shadow = shadow_layout(1024, 4)
    widths = {
        "swartzblak": swartzblak[2] - swartzblak[0],
        "metamorph": hexagon[2] - hexagon[0],
        "shadowscape": min(TOKEN_SIZES) * shadow.room,
        "goodvsbad": TOKEN,
    }
    shown = {game: round(w * scale, 1) for game, w in widths.items()}
    assert {game: w for game, w in shown.items() if w < PIECE} == {}, shown
