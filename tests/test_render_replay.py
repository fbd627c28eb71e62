"""Animated replays and the demo: one frame per decision, a long last frame, small enough for Discord."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine import get_game
from render import board_image, match_replay_gif, replay_gif
from render.core import caption_of
from render.demo import write_demo
from tests.test_render_wars import MATCH

GAME = get_game("wars")
DISCORD_LIMIT = 8 * 1024 * 1024


def _frames(gif: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    frames = []
    for index in range(image.n_frames):
        image.seek(index)
        frames.append((image.convert("RGB"), image.info["duration"]))
    return frames


def _random_views(decisions: int, seed: int = 11) -> list:
    """(view, caption) pairs of ``decisions`` random decisions, running on into new matches if one ends."""
    pick = random.Random(seed)
    frames = []
    match = 0
    while len(frames) <= decisions:
        state = GAME.setup(None, 2, match)
        match += 1
        frames.append((GAME.view(state, None), None))
        while not state.outcome and len(frames) <= decisions:
            transition = GAME.apply(state, state.to_act, pick.choice(GAME.legal_actions(state, state.to_act)))
            state = transition.state
            frames.append((GAME.view(state, None), caption_of(transition.log, None)))
    return frames


def test_a_match_replay_has_a_frame_per_decision_and_lingers_at_the_end() -> None:
    moves = []
    state = GAME.setup({"first": "red"}, 2, 0)
    for key in MATCH:
        moves.append((state.to_act, key))
        state = GAME.act(state, state.to_act, key).state
    gif = match_replay_gif(GAME, {"first": "red"}, 2, 0, moves)
    frames = _frames(gif)
    assert len(frames) == len(MATCH) + 1
    assert frames[0][0].size == (512, 512)
    assert {duration for _, duration in frames[:-1]} == {800}
    assert frames[-1][1] == 3000
    final_view = GAME.view(state, None)
    expected = board_image(
        final_view, size=512, caption=caption_of(GAME.act(_before_last(moves), moves[-1][0], moves[-1][1]).log, None)
    ).convert("RGB")
    assert ImageChops.difference(frames[-1][0], expected).getbbox() is None, "the last frame is the final board"
    assert match_replay_gif(GAME, {"first": "red"}, 2, 0, moves) == gif, "deterministic"


def _before_last(moves: list[tuple[int, str]]):
    state = GAME.setup({"first": "red"}, 2, 0)
    for seat, key in moves[:-1]:
        state = GAME.act(state, seat, key).state
    return state


def test_a_200_decision_replay_fits_discord() -> None:
    frames = _random_views(200)
    gif = replay_gif(frames)
    assert len(gif) < DISCORD_LIMIT
    assert len(gif) < 3 * 1024 * 1024, "with room to spare"
    decoded = Image.open(io.BytesIO(gif))
    assert decoded.n_frames == 201
    decoded.seek(100)
    middle = decoded.convert("RGB")
    expected = board_image(frames[100][0], size=512, caption=frames[100][1]).convert("RGB")
    assert ImageChops.difference(middle, expected).getbbox() is None, "delta frames rebuild each board exactly"


def test_replays_refuse_nothing_and_states() -> None:
    with pytest.raises(ValueError):
        replay_gif([])
    with pytest.raises(TypeError):
        replay_gif([GAME.setup(None, 2, 1)])


def test_demo_writes_every_games_boards(tmp_path: Path) -> None:
    written = write_demo(tmp_path / "demo")
    names = {path.name for path in written}
    assert {"wars-start.png", "wars-middle.png", "wars-end.png", "wars-replay.gif"} <= names
    for path in written:
        image = Image.open(path)
        assert image.size[0] in (512, 1024)
        image.load()
