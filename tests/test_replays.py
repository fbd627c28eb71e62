"""Replays (engine/replays.py): any decision shown again from the log, on a real SQLite file. A running match's
replay is what the channel saw: two worlds that differ only in a secret (the Adversary's pick) give the same
frames, views, lines and images; once the match is over, each frame also shows what was hidden."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.replays import ATTACHMENT_LIMIT, frame_embed, gif_parts
from engine import get_game
from engine.codec import to_json
from engine.core import canonical
from engine.matches import NotStarted
from engine.replays import revealed_line
from engine.service import MatchService
from render import board_png
from tests.bot_support import HEX_DIGEST
from tests.helpers.matches import GUEST, HOST, open_service

GAME = get_game("swartzblak")


async def scripted(svc: MatchService, pick: int, *, decisions: int | None = None) -> str:
    """Swartzblak, the host's Heroes against the guest's Adversary hiding as Varmint ``pick``: each turn one move,
    then end (as tests/test_bot_swartzblak.py plays it), for ``decisions`` decisions or to the end."""
    match = await svc.lobby.create(channel_id=50, host_id=HOST, game_id="swartzblak", guild_id=1)
    await svc.lobby.join(match.id, GUEST)
    result = await svc.start(match.id, HOST)
    result = await svc.play(match.id, 1, f"pick{pick}", result.version)
    acted = False
    while result.outcome is None and (decisions is None or result.version < decisions):
        state = await svc.state(match.id)
        seat = GAME.to_decide(state)[0]
        keys = [c.key for c in GAME.choices(state, seat)]
        moves = [k for k in keys if k != "end" and ">" in k]
        key = moves[0] if moves and not acted else ("end" if "end" in keys else keys[0])
        acted = key != "end"
        result = await svc.play(match.id, seat, key, result.version)
    return match.id


def seen(frames) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """What each frame shows, with the seals' digests masked: they hash random salts (a commitment to the pick
    that reveals nothing of it), so two worlds' seals differ as any two matches' do."""
    return [(mask(canonical(to_json(f.view))), tuple(map(mask, f.lines)), f.revealed) for f in frames]


def mask(text: str) -> str:
    return HEX_DIGEST.sub("<seal>", text)


async def test_a_running_replay_is_the_same_in_two_worlds_differing_only_in_a_secret(tmp_path: Path) -> None:
    worlds = []
    for pick in (2, 5):
        svc = await open_service(tmp_path / f"w{pick}.db")
        try:
            match_id = await scripted(svc, pick, decisions=12)
            frames = await svc.replays.frames(match_id)
            one = await svc.replays.frame(match_id, 7)
            images = [board_png(f.view, size=400, caption=mask(" ".join(f.lines)) or None) for f in frames]
            worlds.append((seen(frames), seen([one]), images, [f.step for f in frames]))
        finally:
            await svc.close()
    assert worlds[0][3] == list(range(13))
    assert worlds[0][:3] == worlds[1][:3], "views, lines and images identical: nothing of the pick shows"
    assert not any(revealed for _, _, revealed in worlds[0][0]), "nothing is revealed while the match runs"


async def test_a_frame_is_the_position_after_its_decision_and_the_end_reveals_what_was_hidden(tmp_path: Path) -> None:
    svc = await open_service(tmp_path / "end.db")
    try:
        match_id = await scripted(svc, 5)
        frames = await svc.replays.frames(match_id)
        match = await svc.get(match_id)
        assert len(frames) == match.version + 1 and frames[-1].over
        for step in (0, 1, 5, match.version, match.version + 50):
            frame = await svc.replays.frame(match_id, step)
            expected = frames[min(step, match.version)]
            assert seen([frame]) == seen([expected]) and frame.step == min(step, match.version)
        revealed = [line for f in frames for line in f.revealed]
        assert any("Varmint 5" in line for line in revealed), "the Adversary's pick, shown after the end"
        assert frames[-1].view.outcome is not None
    finally:
        await svc.close()


async def test_a_lobby_has_no_replay(tmp_path: Path) -> None:
    svc = await open_service(tmp_path / "lobby.db")
    try:
        match = await svc.lobby.create(channel_id=51, host_id=HOST, game_id="wars", guild_id=1)
        with pytest.raises(NotStarted):
            await svc.replays.frame(match.id, 0)
    finally:
        await svc.close()


async def test_a_long_replay_is_cut_into_parts_that_play_on_from_each_other(tmp_path: Path) -> None:
    svc = await open_service(tmp_path / "parts.db")
    try:
        frames = await svc.replays.frames(await scripted(svc, 2, decisions=6))
    finally:
        await svc.close()
    parts = gif_parts(frames, part=3)
    assert len(frames) == 7 and len(parts) == 3
    counts = [Image.open(io.BytesIO(part)).n_frames for part in parts]
    assert counts == [3, 4, 2], "the second and third parts open on the frame the one before ended on"
    assert all(len(part) <= ATTACHMENT_LIMIT for part in parts)


def test_a_revealed_line_is_quoted_attributed_and_does_not_repeat_the_public_one() -> None:
    """Issue 45's browser pass: "Red: Red has bought. (You: Agility +3 …)" read to Blue as Blue's own stats."""
    line = revealed_line("Red", "Red has bought.", "Red has bought. (You: Agility +3, Might +4.)")
    assert line == "Red, privately: “You: Agility +3, Might +4.”"
    alone = revealed_line("The Adversary", "", "You picked Varmint 5.")
    assert alone == "The Adversary, privately: “You picked Varmint 5.”"


async def test_a_game_without_secrets_says_so_in_its_replay(tmp_path: Path) -> None:
    """Wars hides nothing: its viewer says so, running or over, where a game with secrets says what it holds
    back while the match runs and reveals it after the end."""
    svc = await open_service(tmp_path / "wars.db")
    try:
        match = await svc.lobby.create(channel_id=52, host_id=HOST, game_id="wars", guild_id=1)
        await svc.lobby.join(match.id, GUEST)
        await svc.start(match.id, HOST)
        running = frame_embed(await svc.replays.frame(match.id, 0))
        assert "running · nothing in this game is hidden" in (running.description or "")
        await svc.resign(match.id, GUEST)
        last, first = await svc.replays.frame(match.id, 99), await svc.replays.frame(match.id, 0)
        assert last.view.outcome is not None and "resigned" in last.view.outcome.reason and not last.view.to_decide
        assert last.view == (await svc.replays.frames(match.id))[-1].view, "the viewer and the animation agree"
        assert first.step == 0 and first.view.outcome is None and first.view.to_decide, "before the end: as it was"
        over = frame_embed(first)
        assert "over · nothing in this game is hidden" in (over.description or "")
        assert not [f for f in over.fields if f.name == "What was hidden"]
    finally:
        await svc.close()
    svc = await open_service(tmp_path / "swartzblak.db")
    try:
        match_id = await scripted(svc, 2, decisions=3)
        running = frame_embed(await svc.replays.frame(match_id, 1))
        assert "running: public history only" in (running.description or "")
        assert "nothing in this game is hidden" not in (running.description or "")
    finally:
        await svc.close()
