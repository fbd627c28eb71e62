"""The Metamorph board: importing this package registers its renderer. The chart of shapes, a second image
the bot offers from a button, is ``chart_png(view, size=1024)`` (also ``MetamorphRenderer.chart_png``)."""

from __future__ import annotations

from .board import MetamorphRenderer
from .chart import chart_image, chart_png

__all__ = ["MetamorphRenderer", "chart_image", "chart_png"]
