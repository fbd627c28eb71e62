"""Golden images: a few fixed positions of each game must keep looking the way a person approved.

Pixels are compared with a small tolerance (not bytes), so a Pillow upgrade that moves an anti-aliased edge by
a shade passes while a changed layout, colour or piece fails. After an intended change, regenerate them with
``make golden`` (which sets CHANGELING_UPDATE_GOLDEN=1) and review the new images by looking at them before
committing; docs/render.md describes the step.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.games.swartzblak.model import ADVERSARY
from engine.games.wars.game import BLUE
from render import board_png
from render.metamorph import chart_png
from tests import test_render_metamorph as mm
from tests import test_render_swartzblak as sw
from tests.test_render_wars import MATCH, play

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("CHANGELING_UPDATE_GOLDEN") == "1"
MEAN_TOLERANCE = 1.0  # mean absolute difference per channel, 0–255
PIXEL_TOLERANCE = 40  # a pixel "differs" when a channel moves more than this...
DIFFERING_SHARE = 0.003  # ...and at most this share of pixels may differ

CASES = {
    # name: (decisions played from the start of MATCH, seat, options)
    "wars-start": (0, None, {"size": 1024}),
    "wars-capture": (8, None, {"size": 1024, "caption": "Blue knight on d4 destroys the Red knight on c3."}),
    "wars-blue-private": (19, BLUE, {"size": 640, "clock": "3:05", "squares": ("c3", "b4")}),
    "wars-end": (len(MATCH), None, {"size": 640}),
    "swartzblak-start": (0, None, {"size": 1024}),
    "swartzblak-beast": (sw.BEAST_WOUNDED, None, {"size": 1024}),
    "swartzblak-midgame": (sw.DISABLED, None, {"size": 1024}),
    "swartzblak-adversary-private": (sw.PRIVATE, ADVERSARY, {"size": 640, "clock": "2:41", "squares": ("g6",)}),
    "metamorph-start": (0, None, {"size": 1024}),
    "metamorph-midgame": (mm.MIDGAME, None, {"size": 1024, "clock": "3:05"}),
    "metamorph-chart": (mm.MIDGAME, None, {"size": 1024, "chart": True}),  # the second image, not the board
}
MATCHES = {  # each case's match, by its name's prefix
    "wars": (MATCH, play),
    "swartzblak": (sw.MATCH, sw.play),
    "metamorph": (mm.MATCH, mm.play),
}


def _render(name: str) -> bytes:
    decisions, seat, options = CASES[name]
    match, replay = MATCHES[name.split("-", maxsplit=1)[0]]
    view, line = replay(match[:decisions], seat=seat)
    if options.get("chart"):
        return chart_png(view, size=options["size"])
    options = {"caption": line or None, **options}
    return board_png(view, **options)


def _compare(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels where some channel differs by more than the
    pixel tolerance)."""
    diff = ImageChops.difference(actual, expected)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    differing = worst.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0).histogram()[255]
    return mean, differing / (actual.width * actual.height)


def assert_matches_golden(name: str, png: bytes, tmp_path: Path) -> None:
    """Compare ``png`` with ``tests/golden/<name>.png`` within the tolerances (or rewrite it, under
    ``make golden``); on a mismatch leave the new image and the difference in ``tmp_path``."""
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden image {path.name}: run `make golden`, then look at it before committing"
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    expected = Image.open(path).convert("RGB")
    assert actual.size == expected.size, f"{name}: size {actual.size}, golden {expected.size}"
    mean, differing = _compare(actual, expected)
    if mean >= MEAN_TOLERANCE or differing > DIFFERING_SHARE:
        (tmp_path / f"{name}-actual.png").write_bytes(png)
        ImageChops.difference(actual, expected).save(tmp_path / f"{name}-diff.png")
        pytest.fail(
            f"{name} differs from its golden image (mean {mean:.2f}, {differing:.2%} of pixels); the new image "
            f"and the difference are in {tmp_path}. If the change is intended, run `make golden` and review."
        )


@pytest.mark.parametrize("name", sorted(CASES))
def test_board_matches_its_golden_image(name: str, tmp_path: Path) -> None:
    assert_matches_golden(name, _render(name), tmp_path)


def test_the_comparison_tolerates_a_shade_but_not_a_change() -> None:
    image = Image.open(io.BytesIO(_render("wars-end"))).convert("RGB")
    shaded = image.point(lambda v: v - 1 if v % 2 else v)  # half the values one shade darker
    for i in range(300):  # a few hundred anti-aliased edge pixels rounded differently
        x, y = (i * 37) % image.width, (i * 53) % image.height
        shaded.putpixel((x, y), tuple(min(255, c + 60) for c in image.getpixel((x, y))))
    mean, differing = _compare(shaded, image)
    assert mean < MEAN_TOLERANCE and differing <= DIFFERING_SHARE
    moved = image.copy()
    moved.paste(image.crop((0, 0, 200, 200)), (300, 300))
    mean, differing = _compare(moved, image)
    assert mean >= MEAN_TOLERANCE or differing > DIFFERING_SHARE
