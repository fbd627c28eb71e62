"""The rendering entry points: one pure function from a view to PNG bytes, and one from views to a replay GIF.

Every game's renderer is a ``BoardRenderer`` registered under its game id; ``board_png`` looks the view's game
up, draws an RGB picture through it and encodes it. Renderers accept views only: a full state holds secrets
(and the generator), so handing one over is refused with ``TypeError`` before anything is drawn.

Encoding: a 1024-pixel RGB PNG costs 15–25 ms in zlib alone. Boards are made of a few flat colours plus
anti-aliased edges, so each renderer's output is mapped onto a fixed 256-colour palette (computed once per size
from a swatch of everything it can draw) and saved as a palette PNG: a few milliseconds, a third of the bytes,
and byte-identical output for identical views, which the secret-leak tests rely on.
"""

from __future__ import annotations

import io
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar

from PIL import Image

from engine import Game, LogEntry, View, replay_views
from engine.errors import MalformedKey
from engine.registry import get_game

PNG_COMPRESS_LEVEL = 3  # measured: level 6 takes twice as long for 12 % fewer bytes
GIF_SIZE = 512
FRAME_MS = 800
FINAL_MS = 3000


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """Keyword options of ``board_png``, resolved: ``orientation`` is the seat drawn at the bottom."""

    size: int
    orientation: int
    highlight: tuple[Any, ...] | None  # None: the view's own last action
    squares: tuple[Any, ...]
    caption: str | None
    clock: str | None


class BoardRenderer(ABC):
    """Draws one game's views. Subclasses are stateless; their caches are keyed by size and orientation."""

    game: ClassVar[str]
    view_type: ClassVar[type[View]]
    aspect: ClassVar[float] = 1.0  # width over height: a hex map or a track may be wider than tall

    def canvas(self, options: RenderOptions) -> tuple[int, int]:
        """The image's (width, height): ``options.size`` wide, and as tall as the renderer's aspect makes it."""
        return options.size, round(options.size / self.aspect)

    @abstractmethod
    def draw(self, view: Any, options: RenderOptions) -> Image.Image:
        """The board as an RGB image of ``canvas(options)`` pixels (square unless ``aspect`` says otherwise)."""

    @abstractmethod
    def swatch(self, size: int) -> Image.Image:
        """An RGB image showing every colour this renderer can draw at ``size`` (its palette is built from it)."""

    extras: ClassVar[Mapping[str, str]] = MappingProxyType({})  # more images of a view, by name: button labels

    def extra_png(self, view: Any, name: str, *, size: int) -> bytes:
        """PNG bytes of the extra image ``name`` (one of ``extras``) for ``view``."""
        raise KeyError(name)

    def interest(self, view: View) -> int:
        """How much a position shows off the renderer (captures, marks); the demo picks its middle by it."""
        return 0

    def default_orientation(self, view: View) -> int:
        """The seat at the bottom when the caller names none: the viewer's own, else the first seat."""
        return view.viewer if view.viewer is not None else 0


RENDERERS: dict[str, BoardRenderer] = {}


def parse_highlight(highlight: Sequence[Any], game_id: str, action_type: type, example: str) -> list[Any]:
    """The actions a caller asked to highlight, given as the game's action objects or as keys."""
    game = get_game(game_id)
    actions = []
    for item in highlight:
        if isinstance(item, action_type):
            actions.append(item)
        elif isinstance(item, str):
            try:
                actions.append(game.parse_key(item))
            except MalformedKey as exc:
                raise ValueError(str(exc)) from None
        else:
            raise TypeError(f"highlight takes {game.meta.title} actions or keys such as {example!r}, not {item!r}")
    return actions


def register_renderer(renderer: BoardRenderer) -> BoardRenderer:
    """Make ``renderer`` draw its game's views (a game module's renderer registers itself on import)."""
    RENDERERS[renderer.game] = renderer
    return renderer


def renderer_for(view: object) -> BoardRenderer:
    """The renderer of ``view``'s game; anything but a view (a full state above all) raises ``TypeError``."""
    if not isinstance(view, View):
        raise TypeError(
            f"render takes a player's view (an engine.View), not {type(view).__name__}: "
            "full states carry secrets and must never reach an image"
        )
    renderer = RENDERERS.get(view.game)
    if renderer is None:
        raise LookupError(f"no board renderer for game {view.game!r}; renderers exist for {sorted(RENDERERS)}")
    if not isinstance(view, renderer.view_type):
        raise TypeError(f"the {view.game!r} renderer takes {renderer.view_type.__name__}, not {type(view).__name__}")
    return renderer


def extras_of(game_id: str) -> Mapping[str, str]:
    """The extra images a game's renderer offers (name → button label); none for a game without a renderer."""
    renderer = RENDERERS.get(game_id)
    return renderer.extras if renderer is not None else {}


def extra_png(view: object, name: str, *, size: int = 1024) -> bytes:
    """PNG bytes of the extra image ``name`` of ``view``'s game (the Metamorph shape chart, say), drawn from the
    view alone like a board; a name the renderer does not offer raises ``KeyError``."""
    renderer = renderer_for(view)
    if name not in renderer.extras:
        raise KeyError(f"{renderer.game} offers no image called {name!r}; it offers {sorted(renderer.extras)}")
    return renderer.extra_png(view, name, size=size)


def resolve_options(
    renderer: BoardRenderer,
    view: View,
    *,
    size: int,
    orientation: int | None,
    highlight: Sequence[Any] | None,
    squares: Sequence[Any],
    caption: str | None,
    clock: str | None,
) -> RenderOptions:
    if not 128 <= size <= 4096:
        raise ValueError(f"size must be 128–4096 pixels, not {size}")
    if orientation is None:
        orientation = renderer.default_orientation(view)
    if not 0 <= orientation < len(view.seat_names):
        raise ValueError(f"orientation must be a seat of this match (0–{len(view.seat_names) - 1}), not {orientation}")
    return RenderOptions(
        size=size,
        orientation=orientation,
        highlight=None if highlight is None else tuple(highlight),
        squares=tuple(squares),
        caption=caption,
        clock=clock,
    )


@lru_cache(maxsize=32)
def palette_for(game: str, size: int) -> Image.Image:
    """The fixed palette (as a P image) of ``game``'s boards at ``size``: 255 colours, so a GIF keeps one index
    free for "unchanged since the last frame"."""
    swatch = RENDERERS[game].swatch(size)
    return swatch.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def own_palette_png(image: Image.Image) -> bytes:
    """PNG bytes of an extra image (a hand, a chart) on a palette of its own: 255 colours by median cut, no
    dithering (the same image, the same bytes), saved at the boards' compression level."""
    quantized = image.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    quantized.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def to_palette(image: Image.Image, game: str, size: int) -> Image.Image:
    """``image`` mapped onto the game's fixed palette (nearest colour, no dithering: flat areas stay flat). An
    RGB image is quantized as it is: converting it first costs as much as the quantizing (measured at 1024 px)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_for(game, size), dither=Image.Dither.NONE)


def board_image(
    view: View,
    *,
    size: int = 1024,
    orientation: int | None = None,
    highlight: Sequence[Any] | None = None,
    squares: Sequence[Any] = (),
    caption: str | None = None,
    clock: str | None = None,
) -> Image.Image:
    """The board of ``view`` as a palette image; see ``board_png`` for the options."""
    renderer = renderer_for(view)
    options = resolve_options(
        renderer,
        view,
        size=size,
        orientation=orientation,
        highlight=highlight,
        squares=squares,
        caption=caption,
        clock=clock,
    )
    return to_palette(renderer.draw(view, options), view.game, size)


def board_png(
    view: View,
    *,
    size: int = 1024,
    orientation: int | None = None,
    highlight: Sequence[Any] | None = None,
    squares: Sequence[Any] = (),
    caption: str | None = None,
    clock: str | None = None,
) -> bytes:
    """PNG bytes of ``view``'s board, ``size`` pixels wide (and square unless the game's renderer has another
    aspect). Pure: the same arguments give the same bytes.

    - ``orientation``: the seat drawn at the bottom; default the viewer's seat, or the first seat (Red) for the
      public view.
    - ``highlight``: the actions to mark as the last move (the game's action objects or keys); default the
      view's own latest decisions; ``()`` marks none.
    - ``squares``: extra squares to mark (for hints or legal targets), as indices or names.
    - ``caption``: the last action in words, as the viewer's log reads it; default a short text from the view.
    - ``clock``: time left, shown beside whose turn it is.
    """
    image = board_image(
        view, size=size, orientation=orientation, highlight=highlight, squares=squares, caption=caption, clock=clock
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def replay_gif(
    frames: Sequence[View | tuple[View, str | None]],
    *,
    size: int = GIF_SIZE,
    orientation: int | None = None,
    frame_ms: int = FRAME_MS,
    final_ms: int = FINAL_MS,
) -> bytes:
    """An animated GIF (Discord plays it inline): one frame per view, the last one held for ``final_ms``.

    Each item is a view or a (view, caption) pair. All frames share one palette, so the GIF encoder stores only
    the rectangle that changed between frames, with unchanged pixels in it transparent (long runs compress
    well): about 9 KB a frame at 512 pixels, so a 200-decision match stays near 2 MB.
    """
    if not frames:
        raise ValueError("a replay needs at least one frame")
    images = []
    for item in frames:
        view, caption = item if isinstance(item, tuple) else (item, None)
        images.append(board_image(view, size=size, orientation=orientation, caption=caption))
    durations = [frame_ms] * (len(images) - 1) + [final_ms]
    buffer = io.BytesIO()
    images[0].save(buffer, "GIF", save_all=True, append_images=images[1:], duration=durations, loop=0, optimize=True)
    return buffer.getvalue()


def caption_of(log: Sequence[LogEntry], seat: int | None) -> str | None:
    """The log lines of one decision as ``seat`` reads them, joined: a frame's caption."""
    return " ".join(entry.line_for(seat) for entry in log) or None


def match_replay_gif(
    game: Game[Any, Any, Any],
    options: Any,
    players: int,
    seed: int,
    moves: Sequence[tuple[int, str]],
    *,
    seat: int | None = None,
    size: int = GIF_SIZE,
    orientation: int | None = None,
) -> bytes:
    """The replay GIF of a whole match from its log, as ``seat`` saw it (``None``: the public view)."""
    frames = [
        (view, caption_of(log, seat)) for view, log in replay_views(game, options, players, seed, moves, seat=seat)
    ]
    return replay_gif(frames, size=size, orientation=orientation)
