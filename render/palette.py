"""One visual language for every game: colours, and how they are mixed.

The hues come from the Okabe–Ito palette, chosen because its eight colours stay apart for the common forms
of colour blindness. Colour is never the only cue, though: every side also has a shape (see ``render.toolkit``)
and every highlight also has an outline or a glyph, so a player who sees no colour at all can still read the
board. Colours are plain RGB tuples so they hash, compare and cache.
"""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# -- Okabe–Ito -----------------------------------------------------------------------------------------------
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)

# -- the frame around every board: a dark theme that sits well in Discord's dark and light modes ----------
BACKGROUND: RGB = (27, 30, 37)
PANEL: RGB = (38, 43, 52)
PANEL_EDGE: RGB = (58, 64, 76)
TEXT: RGB = (241, 239, 233)
TEXT_DIM: RGB = (168, 174, 186)
INK: RGB = (24, 24, 28)  # outlines and dark glyphs
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (247, 201, 52)  # crowns

# -- square boards: light wood, so both armies' pale tokens and the yellow highlight stand out ---------------
SQUARE_LIGHT: RGB = (238, 226, 203)
SQUARE_DARK: RGB = (201, 176, 138)
BOARD_RIM: RGB = (94, 70, 46)
LABEL: RGB = (214, 203, 183)

# -- highlights: a fill blended into the square, always drawn together with an outline ----------------------
LAST_MOVE: RGB = YELLOW
LAST_MOVE_EDGE: RGB = (176, 128, 0)
MARKED: RGB = SKY_BLUE  # caller-chosen squares (hints, legal targets)
MARKED_EDGE: RGB = (22, 96, 150)

# -- sides: (strong colour for pieces and rings, pale colour for token faces) ------------------------------
# Six seats, each a colour *and* a shape (toolkit.SIDE_SHAPES): the colours are Okabe–Ito's, the shapes tell
# the seats apart where the colours do not (greyscale, colour-blind readers).
SIDE_STRONG: tuple[RGB, ...] = (VERMILLION, BLUE, BLUISH_GREEN, REDDISH_PURPLE, ORANGE, SKY_BLUE)
SIDE_PALE: tuple[RGB, ...] = (
    (251, 222, 199),
    (206, 229, 246),
    (204, 238, 226),
    (245, 223, 235),
    (250, 232, 190),
    (214, 236, 250),
)


# Seats named by colour (Metamorph's and Good vs Bad's Red, Blue, Green, Yellow, Purple, Orange): the log names
# them, so each gets the Okabe–Ito hue its name says; SIDE_STRONG's order would draw "Yellow" pink.
NAMED_SEAT_STRONG: tuple[RGB, ...] = (VERMILLION, BLUE, BLUISH_GREEN, YELLOW, REDDISH_PURPLE, ORANGE)
NAMED_SEAT_PALE: tuple[RGB, ...] = (*SIDE_PALE[:3], (250, 243, 184), *SIDE_PALE[3:5])


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighter(colour: RGB, t: float) -> RGB:
    return mix(colour, WHITE, t)


def darker(colour: RGB, t: float) -> RGB:
    return mix(colour, BLACK, t)


def with_alpha(colour: RGB, alpha: int = 255) -> RGBA:
    return (colour[0], colour[1], colour[2], alpha)


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG), used to pick dark or light text on a coloured face."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour: RGB) -> RGB:
    """Ink or white, whichever reads better on ``colour``."""
    return INK if luminance(colour) > 0.3 else WHITE
