"""The Shadowscape board: importing this package registers its renderer. The viewer's hand of fate cards, a
second image the bot offers from a button, is ``render.extra_png(view, "hand")`` (also ``hand_png``)."""

from __future__ import annotations

from .board import ShadowscapeRenderer
from .hand import hand_image, hand_png

__all__ = ["ShadowscapeRenderer", "hand_image", "hand_png"]
