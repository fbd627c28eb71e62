"""The ``/game stats`` card: drawn from a plain record (never a match's state), in the boards' frame, at the
size asked for, with long names cut to their cell; and its golden image."""

from __future__ import annotations

import io
from pathlib import Path

from render.standings import RecordCard, draw_record
from tests.test_render_golden import assert_matches_golden

CARD = RecordCard(
    game="Shapeshifter Wars",
    player="alice",
    rating="1,184",
    server_rating="1,120",
    cells=(("Matches", "12"), ("Wins", "7 (58 %)"), ("Streak", "now 2 · best 4"), ("Favourite seat", "Red"),
           ("Last played", "3 days ago")),
)  # fmt: skip


def png(card: RecordCard, **options: int) -> bytes:
    out = io.BytesIO()
    draw_record(card, **options).save(out, format="PNG")
    return out.getvalue()


def test_the_card_matches_its_golden_image(tmp_path: Path) -> None:
    assert_matches_golden("stats-card", png(CARD), tmp_path)


def test_the_card_scales_and_every_word_changes_it() -> None:
    assert draw_record(CARD, width=400).size == (400, 210)
    plain = png(CARD)
    for changed in (
        RecordCard(CARD.game, CARD.player, "1,185", CARD.server_rating, CARD.cells),
        RecordCard(CARD.game, "bob", CARD.rating, CARD.server_rating, CARD.cells),
        RecordCard(CARD.game, CARD.player, CARD.rating, None, CARD.cells),
        RecordCard(CARD.game, CARD.player, CARD.rating, CARD.server_rating, CARD.cells[:-1]),
    ):
        assert png(changed) != plain


def test_a_long_name_is_cut_to_the_card() -> None:
    long = RecordCard(CARD.game, "a" * 200, CARD.rating, CARD.server_rating, CARD.cells)
    image = draw_record(long)
    margin = image.crop((image.width - 30, 30, image.width - 14, 70)).convert("L")
    assert margin.getextrema()[1] < 120, "no light text runs into the card's right margin"
