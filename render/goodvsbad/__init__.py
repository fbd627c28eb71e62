"""The Good vs Bad board: importing this package registers its renderer. The viewer's hand (and sealed
purchase), a second image the bot offers from a button, is ``render.extra_png(view, "hand")`` (also
``hand_png``); the close-up of the roads round the viewer's pieces is ``render.extra_png(view, "closeup")``."""

from __future__ import annotations

from .board import GoodVsBadRenderer
from .hand import hand_image, hand_png

__all__ = ["GoodVsBadRenderer", "hand_image", "hand_png"]
