"""The match service: lobbies, decisions, results, look-ups, resignation, abort, rematch and restarts."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.posts import decision_token
from engine import canonical, get_game, replay
from engine.errors import InvalidSetup
from engine.lobby import ID_ALPHABET
from engine.matches import AlreadySeated, ChannelBusy, MatchClosed, Seat, SeatUnavailable, StaleVersion, Status
from engine.rng import MatchKey
from engine.service import MatchService
from engine.settings import Settings
from engine.store import PostgresStore, SqliteStore, store_for
from tests.conftest import PostgresServer
from tests.helpers.matches import (
    CHANNEL,
    GUEST,
    GUILD,
    HOST,
    STRANGER,
    lobby,
    open_service,
    play_out,
    random_move,
    service,
    started,
)

__all__ = ["service"]  # fixtures


async def test_create_opens_a_lobby_with_the_host_seated(service: MatchService) -> None:
    match = await lobby(service)
    assert match.status is Status.LOBBY and match.version == 0 and match.key is None
    assert match.seats == (Seat(HOST), Seat()) and match.host_id == HOST
    assert match.options == {"first": "random"} and match.guild_id == GUILD and match.channel_id == CHANNEL
    assert 1 <= len(match.id) <= 12 and set(match.id) <= set(ID_ALPHABET)
    assert await service.get(match.id) == match
    assert await service.in_channel(CHANNEL) == match


async def test_host_need_not_play_and_joins_fill_seats_in_order(service: MatchService) -> None:
    match = await lobby(service, host_plays=False)
    assert match.seats == (Seat(), Seat())
    match = await service.lobby.join(match.id, GUEST, seat=1)
    match = await service.lobby.join(match.id, STRANGER)
    assert match.seats == (Seat(STRANGER), Seat(GUEST))
    assert match.seat_of(GUEST) == 1 and service.seat_of(match, HOST) is None
    match = await service.lobby.leave(match.id, STRANGER)
    assert match.seats == (Seat(), Seat(GUEST))


async def test_a_seated_player_who_names_another_free_seat_moves_there(service: MatchService) -> None:
    match = await lobby(service)
    match = await service.lobby.join(match.id, HOST, seat=1)
    assert match.seats == (Seat(), Seat(HOST)), "the host moved to the second seat, the first is open again"
    match = await service.lobby.seat_ai(match.id, HOST, "hard", 0)
    assert match.seats[0].ai_level == "hard" and match.seats[1] == Seat(HOST)
    with pytest.raises(AlreadySeated):
        await service.lobby.join(match.id, HOST)  # no seat named: joining twice is still refused
    with pytest.raises(AlreadySeated):
        await service.lobby.join(match.id, HOST, seat=1)
    with pytest.raises(SeatUnavailable):
        await service.lobby.join(match.id, HOST, seat=0)  # the AI holds it
    assert (await service.get(match.id)).seats[1] == Seat(HOST)
    await service.lobby.clear_seat(match.id, HOST, 0)
    both = await service.lobby.join(match.id, HOST, seat=0, hotseat=True)
    with pytest.raises(AlreadySeated):
        await service.lobby.join(match.id, HOST, seat=1)  # holding several seats: no move that would give up one
    assert (await service.get(match.id)).seats == both.seats == (Seat(HOST), Seat(HOST))


async def test_the_host_may_change_options_in_the_lobby(service: MatchService) -> None:
    match = await lobby(service)
    changed = await service.lobby.set_options(match.id, HOST, {"first": "blue"})
    assert changed.options == {"first": "blue"} and (await service.get(match.id)).options == {"first": "blue"}


async def test_start_draws_the_seed_and_reports_who_decides(service: MatchService) -> None:
    result = await started(service)
    match = result.match
    assert match.status is Status.ACTIVE and match.key == MatchKey(20260101) and result.version == 0
    game = get_game("wars")
    state = game.setup(match.options, 2, 20260101)
    assert result.to_decide == {seat: (HOST, GUEST)[seat] for seat in game.to_decide(state)}
    assert result.view == game.view(state, None) and result.public_log == () and result.outcome is None


async def test_start_drops_empty_seats_when_the_minimum_is_met(service: MatchService) -> None:
    match = await lobby(service, host_plays=False)
    await service.lobby.join(match.id, GUEST, seat=1)
    await service.lobby.join(match.id, STRANGER, seat=0)
    result = await service.start(match.id, HOST)
    assert result.match.seats == (Seat(STRANGER), Seat(GUEST)) and result.match.host_id == HOST


async def test_act_returns_everything_the_front_end_renders(service: MatchService) -> None:
    result = await started(service)
    rnd = random.Random(4)
    after = await random_move(service, result, rnd)
    assert after.version == 1 and after.match.revision == result.match.revision + 1
    assert after.public_log and after.private_log == {}
    assert after.key is not None and after.seat in result.to_decide
    assert after.view.viewer is None and after.view.turn >= 1
    assert (await service.position(result.match.id)).view == after.view


async def test_secret_lines_reach_only_their_owner(service: MatchService) -> None:
    result = await started(service, game="shells")
    hidden = await service.act(result.match.id, HOST, "hide2", 0)
    assert hidden.public_log == ("The Trickster hid the pea in secret.",)
    assert hidden.private_log == {0: ("You hid the pea under shell 2.",)}
    assert hidden.to_decide == {0: HOST, 1: GUEST}
    assert (await service.view_for(result.match.id, HOST)).pea == 2
    for outsider in (GUEST, STRANGER, None):
        assert (await service.view_for(result.match.id, outsider)).pea is None
    assert await service.log(result.match.id, 0) == ["You hid the pea under shell 2."]
    assert await service.log(result.match.id, 1) == ["The Trickster hid the pea in secret."]
    assert await service.log(result.match.id, None) == ["The Trickster hid the pea in secret."]


async def test_simultaneous_decisions_each_count_once(service: MatchService) -> None:
    result = await started(service, game="shells")
    await service.act(result.match.id, HOST, "hide1", 0)
    assert set(await service.choices_for(result.match.id, HOST)) == {0}
    guessed = await service.act(result.match.id, GUEST, "guess1", 1)
    assert guessed.to_decide == {0: HOST} and await service.choices_for(result.match.id, GUEST) == {}
    with pytest.raises(StaleVersion):
        await service.act(result.match.id, HOST, "quiet", 1)
    done = await service.act(result.match.id, HOST, "quiet", 2)
    assert done.outcome is not None and done.outcome.winners == {1} and done.match.status is Status.ENDED
    assert done.to_decide == {} and done.view.outcome == done.outcome


async def test_an_ai_seat_is_played_by_the_trusted_driver(service: MatchService) -> None:
    match = await lobby(service, game="shells")
    await service.lobby.seat_ai(match.id, HOST, "easy")
    result = await service.start(match.id, HOST)
    assert result.match.seats[1] == Seat(ai_level="easy") and result.to_decide == {0: HOST}
    await service.act(match.id, HOST, "hide3", 0)
    ai_turn = await service.play(match.id, 1, "guess3", 1)
    assert ai_turn.to_decide == {0: HOST} and ai_turn.seat == 1


async def test_a_hotseat_player_holds_two_seats_and_may_name_one(service: MatchService) -> None:
    match = await lobby(service, game="shells")
    match = await service.lobby.join(match.id, HOST, hotseat=True)
    assert match.seats_of(HOST) == (0, 1) and match.user_ids == (HOST,)
    await service.start(match.id, HOST)
    hidden = await service.act(match.id, HOST, "hide1", 0)
    assert hidden.to_decide == {0: HOST, 1: HOST}
    assert set(await service.choices_for(match.id, HOST)) == {0, 1}
    guessed = await service.act(match.id, HOST, "guess2", 1, seat=1)
    assert guessed.seat == 1
    done = await service.act(match.id, HOST, "taunt", 2)
    assert done.seat == 0 and done.outcome is not None


async def test_choices_and_views_follow_the_seat(service: MatchService) -> None:
    result = await started(service)
    (seat, user), *_ = result.to_decide.items()
    other = GUEST if user == HOST else HOST
    choices = await service.choices_for(result.match.id, user)
    game = get_game("wars")
    state = await service.state(result.match.id)
    assert choices == {seat: game.choices(state, seat)}
    assert await service.choices_for(result.match.id, other) == {}
    assert await service.choices_for(result.match.id, STRANGER) == {}
    assert (await service.view_for(result.match.id, other)).viewer == 1 - seat
    assert (await service.view_for(result.match.id, STRANGER)).viewer is None


async def test_a_whole_match_replays_from_its_log(database: str | Path) -> None:
    service = await open_service(database, snapshot_every=8)
    result = await play_out(service, await started(service), random.Random(11))
    match = result.match
    assert match.status is Status.ENDED and result.outcome is not None
    rows = await service.store.actions(match.id)
    assert [row.seq for row in rows] == list(range(1, match.version + 1))
    game = get_game("wars")
    state, log = replay(game, match.options, 2, match.key, [(row.seat, row.key) for row in rows])
    assert canonical(game.state_to_json(state)) == canonical(game.state_to_json(await service.state(match.id)))
    assert await service.log(match.id) == [entry.public for entry in log]
    await service.close()

    reopened = await open_service(database, snapshot_every=8)
    assert canonical(game.state_to_json(await reopened.state(match.id))) == canonical(game.state_to_json(state))
    assert (await reopened.get(match.id)).status is Status.ENDED
    with pytest.raises(MatchClosed, match="over"):
        await reopened.act(match.id, HOST, "~a1", match.version)
    await reopened.close()


async def test_a_long_match_loads_from_its_latest_snapshot(database: str | Path) -> None:
    service = await open_service(database, snapshot_every=4)
    result = await started(service)
    rnd = random.Random(2)
    for _ in range(10):
        result = await random_move(service, result, rnd)
    assert result.outcome is None
    snapshot = await service.store.latest_snapshot(result.match.id, upto=result.version)
    assert snapshot is not None and snapshot.seq == 8
    await service.close()

    reopened = await open_service(database, snapshot_every=4)
    reads: list[int] = []
    original = reopened.store.actions

    async def counting(match_id: str, **bounds: int | None) -> list:
        rows = await original(match_id, **bounds)
        reads.append(len(rows))
        return rows

    reopened.store.actions = counting  # type: ignore[method-assign]
    position = await reopened.position(result.match.id)
    assert reads == [2] and position.view == result.view
    after = await random_move(reopened, position, rnd)
    assert after.version == 11
    await reopened.close()


async def test_resignation_ends_the_match_and_is_logged(service: MatchService) -> None:
    result = await started(service)
    resigned = await service.resign(result.match.id, GUEST)
    assert resigned.match.status is Status.ENDED and resigned.version == 1
    assert (
        resigned.outcome is not None and resigned.outcome.winners == {0} and "Blue resigned" in resigned.outcome.reason
    )
    assert resigned.public_log == ("Blue resigns.",) and resigned.to_decide == {}
    assert resigned.view.outcome == resigned.outcome and resigned.view.to_decide == ()
    assert (await service.store.actions(result.match.id))[0].key == "!resign"
    assert await service.log(result.match.id) == ["Blue resigns."]
    assert await service.in_channel(CHANNEL) is None


async def test_abort_by_host_or_moderator_frees_the_channel(service: MatchService) -> None:
    match = await lobby(service)
    aborted = await service.abort(match.id, HOST)
    assert aborted.status is Status.ABORTED and aborted.version == 0
    result = await started(service)
    aborted = await service.abort(result.match.id, STRANGER, moderator=True)
    assert aborted.status is Status.ABORTED and aborted.version == 1 and aborted.outcome is None
    assert await service.log(result.match.id) == ["The match was aborted."]
    assert (await service.view_for(result.match.id, HOST)).to_decide == ()
    assert await service.in_channel(CHANNEL) is None


async def test_one_open_match_per_channel_and_the_error_links_to_it(service: MatchService) -> None:
    first = await lobby(service)
    with pytest.raises(ChannelBusy, match="already a match in this channel") as caught:
        await lobby(service, game="shells")
    assert caught.value.match_id == first.id
    other = await lobby(service, channel=CHANNEL + 1)
    assert {m.id for m in await service.guild_matches(GUILD)} == {first.id, other.id}
    await service.abort(first.id, HOST)
    assert [m.id for m in await service.guild_matches(GUILD, open_only=True)] == [other.id]
    assert (await lobby(service)).channel_id == CHANNEL


async def test_rematch_keeps_game_options_and_seats(service: MatchService) -> None:
    match = await lobby(service, options={"first": "blue"})
    await service.lobby.join(match.id, GUEST)
    await service.start(match.id, HOST)
    with pytest.raises(ChannelBusy):
        await service.lobby.rematch(match.id, GUEST)
    await service.resign(match.id, HOST)
    again = await service.lobby.rematch(match.id, GUEST)
    assert again.id != match.id and again.status is Status.LOBBY and again.host_id == GUEST
    assert again.options == {"first": "blue"} and again.seats == (Seat(HOST), Seat(GUEST))
    assert again.channel_id == CHANNEL and again.version == 0 and again.key is None


async def test_timestamps_come_from_the_injected_clock(service: MatchService) -> None:
    match = await lobby(service)
    joined = await service.lobby.join(match.id, GUEST)
    assert match.created_at.year == 2026 and joined.updated_at > match.updated_at
    assert (await service.get(match.id)).updated_at == joined.updated_at


def test_the_database_path_is_a_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CHANGELING_DATABASE", raising=False)
    assert Settings().database == "changeling.db"
    monkeypatch.setenv("CHANGELING_DATABASE", str(tmp_path / "x.db"))
    assert Settings().database == str(tmp_path / "x.db")
    url = "postgresql://changeling:secret@db.internal:5432/changeling"
    monkeypatch.setenv("CHANGELING_DATABASE", url)
    assert Settings().database == url  # the URL kept whole (a path would fold its //)
    assert isinstance(store_for(Settings().database), PostgresStore)
    assert isinstance(store_for(str(tmp_path / "x.db")), SqliteStore)


async def test_open_on_a_postgresql_url_from_the_setting(
    monkeypatch: pytest.MonkeyPatch, postgres_server: PostgresServer
) -> None:
    monkeypatch.setenv("CHANGELING_DATABASE", postgres_server.new_database())
    service = await MatchService.open()
    assert isinstance(service.store, PostgresStore)
    match = await lobby(service)
    await service.close()
    again = await MatchService.open()
    assert await again.get(match.id) == match
    await again.close()


async def test_open_without_a_path_uses_the_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CHANGELING_DATABASE", str(tmp_path / "from-env.db"))
    service = await MatchService.open()
    await lobby(service)
    await service.close()
    assert (tmp_path / "from-env.db").exists()


async def test_start_up_loads_nothing_and_the_cache_stays_bounded(database: str | Path) -> None:
    service = await open_service(database, cache_size=3)
    ids = [(await started(service, channel=10 + i)).match.id for i in range(6)]
    assert len(service.live) == 3
    await service.close()

    reopened = await open_service(database, cache_size=3)
    assert len(reopened.live) == 0  # lazy: a match is read the first time it is touched
    for match_id in ids:
        position = await reopened.position(match_id)
        ((seat, user),) = position.to_decide.items()
        key = (await reopened.choices_for(match_id, user))[seat][0].key
        assert (await reopened.act(match_id, user, key, 0)).version == 1
    assert len(reopened.live) == 3
    assert len(reopened.live._locks) == 0  # per-match locks vanish once nobody holds them
    await reopened.close()


async def test_an_evicted_or_cleared_cache_changes_nothing(database: str | Path) -> None:
    service = await open_service(database, snapshot_every=5)
    result = await started(service)
    rnd = random.Random(21)
    for step in range(12):
        if step % 4 == 0:
            service.live.clear()
        if result.outcome is None:
            result = await random_move(service, result, rnd)
    game = get_game("wars")
    rows = await service.store.actions(result.match.id)
    replayed, _ = replay(game, result.match.options, 2, result.match.key, [(r.seat, r.key) for r in rows])
    assert canonical(game.state_to_json(replayed)) == canonical(
        game.state_to_json(await service.state(result.match.id))
    )
    await service.close()


async def test_decisions_carry_the_games_prompt_and_choices(tmp_path) -> None:
    async with await MatchService.open(tmp_path / "d.db") as service:
        match = await service.lobby.create(channel_id=1, host_id=10, game_id="wars", options={"first": "red"})
        await service.lobby.join(match.id, 20)
        await service.start(match.id, 10)
        (decision,) = await service.decisions_for(match.id, 10)
        assert decision.seat == 0 and decision.prompt == "Move or attack with one of your stacks."
        assert [c.key for c in decision.choices] == ["a1-a2", "b1-b2", "c1-c2", "d1-d2", "e1-e2"]
        assert await service.decisions_for(match.id, 20) == []
        assert await service.choices_for(match.id, 10) == {0: list(decision.choices)}


async def test_a_decision_says_where_it_began_so_two_alike_in_a_row_differ(service: MatchService) -> None:
    """``Decision.since`` is the log position of the seat's own last decision: it grows when the seat decides,
    and stays when another seat does. The picker's token is made from it (issue 43: a hero defending twice in
    a row against equal damage got the same picker back, which froze)."""
    result = await started(service, game="shells")
    (first,) = await service.decisions_for(result.match.id, HOST)
    assert first.since == 0
    await service.act(result.match.id, HOST, "hide1", 0)
    (taunt,) = await service.decisions_for(result.match.id, HOST)
    assert taunt.since == 1
    await service.act(result.match.id, GUEST, "guess2", 1)
    (still,) = await service.decisions_for(result.match.id, HOST)
    assert still == taunt, "another seat's decision leaves this one as it was"
    assert decision_token(still) == decision_token(taunt)
    again = replace(taunt, since=5)
    assert decision_token(again) != decision_token(taunt), "the same prompt and choices, a later decision"


async def test_metamorphs_duel_is_for_two_and_a_larger_lobby_opens_on_the_war(service: MatchService) -> None:
    """Issue 43: a Metamorph lobby read "scenario: duel" over six seats. The seed's duel is two age-old rivals."""
    duel = await lobby(service, game="metamorph")
    assert duel.players == 2 and duel.options["scenario"] == "duel"
    war = await service.lobby.set_options(duel.id, HOST, {"scenario": "war"})
    assert war.players == 2 and war.options["scenario"] == "war", "the war and the Key take two as well"
    await service.abort(duel.id, HOST)
    four = await lobby(service, game="metamorph", players=4)
    assert four.players == 4 and four.options["scenario"] == "war"
    with pytest.raises(InvalidSetup, match="with these options is for exactly 2 players: this lobby has 4 seats"):
        await service.lobby.set_options(four.id, HOST, {"scenario": "duel"})
    assert (await service.get(four.id)).options["scenario"] == "war"
    await service.abort(four.id, HOST)
    with pytest.raises(InvalidSetup, match="exactly 2 players, not 4"):
        await lobby(service, game="metamorph", players=4, options={"scenario": "duel"})
