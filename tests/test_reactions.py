"""Reaction windows: every other seat is asked at once, sealed answers open together, and auto-pass answers for
the players who chose it; none of it leaks a hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from engine import canonical
from engine.matches import Status
from engine.service import MatchService
from tests.bot_support import (
    latest_public,
    play,
    private_message,
    private_text,
    public_record,
    running_bot,
    step_id,
    tagged,
)
from tests.fakes.negation_game import NEGATE, PASS, NegationGame, NegationRenderer, hands_in
from tests.fakes.offer import game_offered
from tests.helpers.matches import CHANNEL, GUEST, GUILD, HOST, STRANGER, Ticker, open_service

GAME = NegationGame()


def opened(players: int = 3, cards: tuple[int, ...] = (1,)):
    """A position in which Ruby has just added 3: the window asks everyone else."""
    state = replace(GAME.setup(None, players, 1), hands=hands_in(cards, players))
    return GAME.act(state, 0, "add3").state


def test_a_big_move_asks_every_other_seat_at_once_card_or_not() -> None:
    state = opened(4, cards=(2,))
    assert GAME.to_decide(state) == (1, 2, 3), "everyone else is asked, not only the card holder"
    assert GAME.legal_actions(state, 1) == [PASS] and GAME.legal_actions(state, 2) == [PASS, NEGATE]
    assert GAME.pass_key(state, 1) == PASS and GAME.pass_key(state, 0) is None
    assert GAME.pass_key(GAME.setup(None, 4, 1), 0) is None, "an ordinary decision is no window"


def test_answers_are_sealed_until_all_are_in_and_a_negation_cancels() -> None:
    state = opened(3, cards=(1,))
    quiet = GAME.act(state, 1, PASS)
    loud = GAME.act(state, 1, NEGATE)
    assert [e.public for e in quiet.log] == [e.public for e in loud.log] == ["Sapphire has answered."]
    assert GAME.view(quiet.state, None) == GAME.view(loud.state, None), "the public sees no answer yet"
    assert GAME.view(quiet.state, 2) == GAME.view(loud.state, 2), "nor does the other seat being asked"
    done = GAME.act(loud.state, 2, PASS)
    assert done.state.scores[0] == 0 and done.state.hands[1] == 0
    assert "negated by Sapphire" in done.log[-1].public
    assert GAME.act(quiet.state, 2, PASS).state.scores[0] == 3


def test_two_worlds_differing_only_in_a_hand_look_the_same_to_everyone_else() -> None:
    worlds = [opened(3, cards=cards) for cards in ((), (2,))]
    for seat in (None, 0, 1):
        assert canonical(GAME.view_to_json(GAME.view(worlds[0], seat))) == canonical(
            GAME.view_to_json(GAME.view(worlds[1], seat))
        )
    after = [GAME.act(GAME.act(w, 1, PASS).state, 2, PASS) for w in worlds]
    assert [e.public for e in after[0].log] == [e.public for e in after[1].log]
    assert GAME.to_decide(worlds[0]) == GAME.to_decide(worlds[1]), "the same seats are asked"


@pytest.fixture
async def negation(tmp_path: Path) -> AsyncIterator[MatchService]:
    with game_offered(GAME, NegationRenderer()):
        service = await open_service(tmp_path / "negation.db")
        yield service
        await service.close()


async def test_auto_pass_answers_windows_for_those_who_chose_it_and_nothing_else(negation) -> None:
    match = await negation.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="negation", guild_id=GUILD, players=3)
    await negation.lobby.join(match.id, GUEST)
    await negation.lobby.join(match.id, STRANGER)
    result = await negation.start(match.id, HOST)
    await negation.players.set_auto_pass(GUEST, True)
    assert await negation.auto_pass(match.id) is None, "Ruby's own turn is no window"
    result = await negation.act(match.id, HOST, "add3", result.version)
    assert result.windows == (1, 2)
    passed = await negation.auto_pass(match.id)
    assert passed is not None and passed.seat == 1 and passed.public_log == ("Sapphire has answered.",)
    assert await negation.auto_pass(match.id) is None, "Emerald chose no auto-pass: it answers itself"
    assert (await negation.players.player(GUEST)).auto_pass and not (await negation.players.player(STRANGER)).auto_pass
    done = await negation.act(match.id, STRANGER, PASS, passed.version)
    assert done.public_log[-1] == "The 3 stands." and done.windows == ()


async def test_in_discord_auto_pass_answers_at_once_and_a_negation_is_played_in_the_window(tmp_path) -> None:
    seed = next(s for s in range(100) if GAME.setup(None, 3, s).hands == (0, 0, 1))  # only Emerald holds a card
    with game_offered(NegationGame(), NegationRenderer()):
        async with running_bot(tmp_path / "bot.db", seed=seed) as world:
            said = await world.bob.slash(world.channel, "game settings", autopass=True)
            assert "declined at once" in private_text(said)
            await world.alice.slash(world.channel, "game new", game="negation", players=3)
            await world.bob.slash(world.channel, "game join")
            await world.carol.slash(world.channel, "game join")
            await world.alice.click(world.channel.last_message, label="Start")
            await play(world, world.alice, "add3")
            match = await world.service.in_channel(world.channel.id)
            position = await world.service.position(match.id)
            assert position.to_decide == {2: world.carol.id}, "Sapphire (auto-pass) has answered already"
            assert "Sapphire has answered." in latest_public(world).embeds[0].description
            await play(world, world.carol, NEGATE)
            board = latest_public(world).embeds[0].description
            assert "The 3 is negated by Emerald." in board


async def test_a_window_whose_deadline_passes_is_declined_whatever_the_expiry_policy(tmp_path) -> None:
    clock = Ticker()
    with game_offered(GAME, NegationRenderer()):
        service = await open_service(tmp_path / "timed.db", clock=clock)
        try:
            match = await service.lobby.create(
                channel_id=CHANNEL, host_id=HOST, game_id="negation", guild_id=GUILD, players=3
            )
            await service.lobby.join(match.id, GUEST)
            await service.lobby.join(match.id, STRANGER)
            await service.lobby.set_clock(match.id, HOST, preset="live:5", expiry="claim")
            result = await service.start(match.id, HOST)
            result = await service.act(match.id, HOST, "add3", result.version)
            await service.act(match.id, STRANGER, PASS, result.version)
            clock.now += timedelta(minutes=6)  # Sapphire's five minutes run out in the window
            works = await service.clocks.process_due()
            passed = [w.result for w in works if w.result is not None]
            assert passed and passed[0].seat == 1 and passed[0].key == PASS
            after = await service.position(match.id)
            assert after.match.status is Status.ACTIVE and after.to_decide == {1: GUEST}, "no win was claimed"
            assert "The 3 stands." in passed[0].public_log
        finally:
            await service.close()


async def test_another_seats_answer_leaves_an_open_picker_good(tmp_path) -> None:
    with game_offered(NegationGame(), NegationRenderer()):
        async with running_bot(tmp_path / "bot.db") as world:
            await world.alice.slash(world.channel, "game new", game="negation", players=3)
            await world.bob.slash(world.channel, "game join")
            await world.carol.slash(world.channel, "game join")
            await world.alice.click(world.channel.last_message, label="Start")
            await play(world, world.alice, "add3")
            carols = private_message(await world.carol.click(latest_public(world), label="Take turn"))
            await play(world, world.bob, PASS)  # the match moves on, but not Emerald's own decision
            answer = await world.carol.select(carols, tagged(carols, [PASS]), custom_id=step_id(carols))
            assert "moved on" not in private_text(answer)
            match = await world.service.in_channel(world.channel.id)
            assert (await world.service.position(match.id)).to_decide == {1: world.bob.id}, "the window closed"


async def test_two_worlds_differing_only_in_a_hand_post_the_same_channel_in_discord(tmp_path) -> None:
    """Emerald holds a Negation card in one world and not in the other; everyone lets the 3 stand. Every public
    message, image and ping is the same, in the same order."""
    seeds = [next(s for s in range(200) if GAME.setup(None, 3, s).hands == hands) for hands in ((0, 0, 0), (0, 0, 1))]
    records, images = [], []
    for n, seed in enumerate(seeds):
        with game_offered(NegationGame(), NegationRenderer()):
            async with running_bot(tmp_path / f"bot{n}.db", seed=seed) as world:
                await world.alice.slash(world.channel, "game new", game="negation", players=3)
                await world.bob.slash(world.channel, "game join")
                await world.carol.slash(world.channel, "game join")
                await world.alice.click(world.channel.last_message, label="Start")
                await play(world, world.alice, "add3")
                await play(world, world.bob, PASS)
                await play(world, world.carol, PASS)
                await play(world, world.bob, "add1")
                records.append(public_record(world))
                boards = [m for m in world.channel.history(viewer=world.carol) if m.attachments]
                images.append([await m.attachments[0].read() for m in boards])
    assert records[0] == records[1], "every public message and mention is the same"
    assert images[0] == images[1], "every public board is byte-identical"
