"""Matches stored before the keyed generator play on: a database written by the main of 58d07a3 (see
``tests/fixtures/legacy_db/make.py``) loads, replays every seat's view byte for byte, and plays to the end.

New matches, in that same database, draw from the keyed generator."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from engine import canonical, get_game
from engine.games.swartzblak.model import verify_seals
from engine.matches import Status
from engine.rng import KEYED, LEGACY, LegacyRng, Rng
from engine.service import MatchService
from tests.helpers.matches import Ticker, play_out

FIXTURE = Path(__file__).parent / "fixtures" / "legacy_db"
EXPECTED = json.loads((FIXTURE / "v1.json").read_text())
HOST, GUEST = 1, 2


@pytest.fixture
async def old_service(tmp_path: Path) -> MatchService:
    path = tmp_path / "v1.db"
    shutil.copy(FIXTURE / "v1.db", path)
    service = await MatchService.open(path, clock=Ticker())
    yield service
    await service.close()


def columns(path: Path) -> dict[str, tuple[int, str | None, int | None]]:
    conn = sqlite3.connect(path)
    try:
        return {row[0]: row[1:] for row in conn.execute("SELECT id, generator, match_key, seed FROM matches")}
    finally:
        conn.close()


async def test_the_old_matches_are_marked_as_the_old_generator(old_service: MatchService) -> None:
    stored = columns(old_service.store.path)
    for match_id in EXPECTED:
        generator, match_key, seed = stored[match_id]
        assert generator == LEGACY and match_key is None and seed is not None
        match = await old_service.get(match_id)
        assert match.key is not None and match.key.generator == LEGACY and match.key.secret == seed


@pytest.mark.parametrize("match_id", sorted(EXPECTED))
async def test_every_seat_sees_what_it_saw_before(old_service: MatchService, match_id: str) -> None:
    expected = EXPECTED[match_id]
    game = get_game(expected["game"])
    state = await old_service.state(match_id)
    assert isinstance(state.rng, LegacyRng)
    match = await old_service.get(match_id)
    assert match.version == expected["version"] and match.rules_version == 1 == game.rules_version_of(state)
    for seat in (None, 0, 1):
        assert canonical(game.view_to_json(game.view(state, seat))) == expected["views"][str(seat)]
        assert await old_service.log(match_id, seat) == expected["log"][str(seat)]


@pytest.mark.parametrize("match_id", sorted(m for m, e in EXPECTED.items() if not e["ended"]))
async def test_a_match_in_progress_plays_on_to_its_end(old_service: MatchService, match_id: str) -> None:
    result = await play_out(old_service, await old_service.position(match_id), random.Random(match_id))
    assert result.outcome is not None
    match = await old_service.get(match_id)
    assert match.status is Status.ENDED and match.key is not None and match.key.generator == LEGACY
    game = get_game(match.game)
    if match.game == "swartzblak":
        view = game.view(await old_service.state(match_id), None)
        assert verify_seals(view.nonce, view.seals, view.picks), "the old salts still open the old seals"


async def test_a_lobby_started_now_draws_from_the_keyed_generator(old_service: MatchService) -> None:
    lobby = await old_service.in_channel(106)
    assert lobby is not None and lobby.status is Status.LOBBY
    await old_service.lobby.join(lobby.id, GUEST)
    result = await old_service.start(lobby.id, HOST)
    assert result.match.key is not None and result.match.key.generator == KEYED
    state = await old_service.state(lobby.id)
    assert isinstance(state.rng, Rng)
    newest = get_game("swartzblak").meta.rules_version
    assert newest >= 2 and result.match.rules_version == newest == state.rules, "a new lobby plays the newest rules"
    generator, match_key, seed = columns(old_service.store.path)[lobby.id]
    assert generator == KEYED and seed is None and int(match_key, 16) == result.match.key.secret
    restarted = await MatchService.open(old_service.store.path, clock=Ticker())
    try:
        assert (await restarted.get(lobby.id)).key == result.match.key
        assert canonical(get_game("swartzblak").state_to_json(await restarted.state(lobby.id))) == canonical(
            get_game("swartzblak").state_to_json(await old_service.state(lobby.id))
        )
    finally:
        await restarted.close()
