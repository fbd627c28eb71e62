"""A plain renderer for the test-only shell game, so bot tests can post its board like any game's."""

from __future__ import annotations

import contextlib
from typing import ClassVar

from PIL import Image, ImageDraw

from render.core import BoardRenderer, RenderOptions
from tests.fakes.offer import game_offered
from tests.fakes.shell_game import ShellGame, ShellView


class ShellRenderer(BoardRenderer):
    game: ClassVar[str] = "shells"
    view_type: ClassVar[type] = ShellView

    def draw(self, view: ShellView, options: RenderOptions) -> Image.Image:
        image = Image.new("RGB", (options.size, options.size), (30, 34, 40))
        draw = ImageDraw.Draw(image)
        step = options.size // 4
        for shell in (1, 2, 3):
            x = shell * step
            colour = (230, 159, 0) if shell == view.lucky else (200, 200, 200)
            draw.ellipse((x - 40, step * 2 - 40, x + 40, step * 2 + 40), fill=colour)
            if view.pea == shell:  # only the Trickster's own view (or the end) knows where the pea is
                draw.ellipse((x - 8, step * 3 - 8, x + 8, step * 3 + 8), fill=(0, 158, 115))
        return image

    def swatch(self, size: int) -> Image.Image:
        image = Image.new("RGB", (4, 1))
        for i, colour in enumerate(((30, 34, 40), (230, 159, 0), (200, 200, 200), (0, 158, 115))):
            image.putpixel((i, 0), colour)
        return image


def shell_game_offered() -> contextlib.AbstractContextManager[None]:
    """Offer the shell game and its renderer for the duration of one test (build the bot inside it)."""
    return game_offered(ShellGame(), ShellRenderer())
