"""Moving a SQLite database to PostgreSQL (``python -m engine.store.migrate``): matches in progress play on."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine import canonical, get_game
from engine.matches import Status
from engine.store import PostgresStore
from engine.store.migrate import TargetNotEmpty, main, migrate
from tests.conftest import PostgresServer
from tests.helpers.matches import GUEST, HOST, STRANGER, lobby, open_service, play_out, query, random_move, started

LEGACY_V1 = Path(__file__).parent / "fixtures" / "legacy_db" / "v1.db"


async def filled(path: Path) -> dict[str, object]:
    """A SQLite database holding a lobby, three matches in progress, one ended, bookmarks and a player's settings;
    what each match looked like at the end."""
    service = await open_service(path, snapshot_every=4)
    rnd = random.Random(17)
    await lobby(service, channel=50)
    running = []
    for channel in (51, 52, 53):
        result = await started(service, channel=channel)
        for _ in range(3 + channel % 4):
            result = await random_move(service, result, rnd)
        running.append(result.match.id)
    ended = await play_out(service, await started(service, channel=54), rnd)
    await service.set_bookmark(running[0], "board", 51, 1234, 3)
    await service.players.set_auto_pass(GUEST, True)
    seen = {match_id: await service.get(match_id) for match_id in [*running, ended.match.id]}
    states = {match_id: await service.state(match_id) for match_id in running}
    await service.close()
    return {"running": running, "ended": ended.match.id, "seen": seen, "states": states}


async def test_matches_in_progress_move_to_postgresql_and_play_on(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "changeling.db"
    before = await filled(source)
    target = postgres_server.new_database()
    copied = await migrate(source, target)
    assert copied.rows["matches"] == 5 and copied.rows["actions"] > 20 and copied.rows["snapshots"] > 0
    assert copied.rows["bookmarks"] == 1 and copied.rows["players"] == 1

    service = await open_service(target)
    assert isinstance(service.store, PostgresStore)
    game = get_game("wars")
    for match_id, match in before["seen"].items():  # type: ignore[union-attr]
        assert await service.get(match_id) == match
    for match_id, state in before["states"].items():  # type: ignore[union-attr]
        loaded = await service.state(match_id)
        assert canonical(game.state_to_json(loaded)) == canonical(game.state_to_json(state))
    assert (await service.bookmark(before["running"][0], "board")).message_id == 1234  # type: ignore[index,union-attr]
    assert (await service.players.player(GUEST)).auto_pass
    assert [m.id for m in await service.store.active_matches_of(HOST)] != []
    assert await query(target, "SELECT count(*) FROM seats") == [(10,)]  # rebuilt by the trigger
    rnd = random.Random(3)
    for match_id in before["running"]:  # type: ignore[union-attr]
        result = await play_out(service, await service.position(match_id), rnd)
        assert result.match.status is Status.ENDED
    assert (await service.lobby.join((await service.in_channel(50)).id, STRANGER)).seat_of(STRANGER) == 1
    await service.close()


async def test_an_old_sqlite_database_is_brought_up_to_date_then_moved(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "v1.db"
    shutil.copy(LEGACY_V1, source)
    target = postgres_server.new_database()
    copied = await migrate(source, target)
    assert copied.rows["matches"] == 6
    service = await open_service(target)
    assert len(await service.store.active_matches_of(2)) == 4
    for (match_id,) in await query(target, "SELECT id FROM matches WHERE status = 'active'"):
        await service.state(match_id)  # every match in progress loads (from its log, under its old generator)
    await service.close()


async def test_a_target_with_matches_is_refused_and_left_alone(tmp_path: Path, postgres_server: PostgresServer) -> None:
    source = tmp_path / "changeling.db"
    await filled(source)
    target = postgres_server.new_database()
    await migrate(source, target)
    before = await query(target, "SELECT id, revision FROM matches ORDER BY id")
    with pytest.raises(TargetNotEmpty):
        await migrate(source, target)
    assert await query(target, "SELECT id, revision FROM matches ORDER BY id") == before


def test_the_command_moves_a_database_and_explains_a_refusal(
    tmp_path: Path, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    target = postgres_server.new_database()
    assert main([str(tmp_path / "missing.db"), target]) == 1
    assert "Nothing was moved" in capsys.readouterr().err
    assert main([str(LEGACY_V1), "not-a-url"]) == 1
    shutil.copy(LEGACY_V1, tmp_path / "v1.db")
    assert main([str(tmp_path / "v1.db"), target]) == 0
    assert "Moved 6 matches" in capsys.readouterr().out
