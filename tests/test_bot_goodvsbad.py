"""SimCord: Good vs Bad through the real bot. Two people name their Specials, seal their purchases in the
picker's four steps, and play a six-round match to its result, a Negation answered on the other player's turn
included; six seats, five of them AI, play to a result; the hand image is one private button away."""

from __future__ import annotations

import random

from engine import get_game
from engine.games.goodvsbad.model import DESTINY_CARDS
from render import extra_png
from tests.bot_support import (
    custom_ids,
    latest_public,
    play,
    private_message,
    private_text,
    running_bot,
    seat_ai,
    type_moves_against_ai,
)

GAME = get_game("goodvsbad")
NEGATION_SEED = 27  # found by trying seeds (version 5): with ``eager`` choices, a Negation answers an Event
AUTO_PASS_SEED = 19  # and here (version 5), three players, Blue on auto-pass: windows and calls ask all
CALLING = ("answer:negate", "event:", "help:call", "home:event")  # eager, and a Hero calls for help when it can


async def _set_rounds(world, rounds: int) -> None:
    """Set the lobby's rounds option (inline on the lobby, or in the host's Settings panel if it moved there)."""
    lobby = world.channel.last_message
    where = lobby
    if not any(cid.endswith(":rounds") for cid in custom_ids(lobby)):
        where = private_message(await world.alice.click(lobby, label="Settings"))
    select = next(cid for cid in custom_ids(where) if cid.startswith("chg:opt:") and cid.endswith(":rounds"))
    await world.alice.select(where, [str(rounds)], custom_id=select)


async def _two_people(world):
    """Alice hosts, Bob joins, the match starts: the match and its first state."""
    await world.alice.slash(world.channel, "game new", game="goodvsbad")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    match = await world.service.in_channel(world.channel.id)
    return match, await world.service.state(match.id)


EAGER = ("answer:negate", "event:", "home:event")


def eager(keys: list[str], pick: random.Random, prefixes: tuple[str, ...] = EAGER) -> str:
    """A seeded player that negates whenever it can, plays Events as soon as it may and draws them at home (or
    takes whatever ``prefixes`` name first); a Destiny card only as any other choice, so matches stay long enough
    for Events and their answers."""
    for prefix in prefixes:
        found = [k for k in keys if k.startswith(prefix) and k.removeprefix("event:") not in DESTINY_CARDS]
        if found:
            return pick.choice(found)
    return pick.choice(keys)


def _result(world) -> str:
    return next(f.value for f in latest_public(world).embeds[0].fields if f.name == "Result")


async def test_two_people_play_a_whole_match_in_the_picker(tmp_path) -> None:
    """Alice and Bob: Specials named, purchases sealed in four steps each, moves, cards and the answers of an
    Event window all picked in the private picker, to the result after round 6."""
    async with running_bot(tmp_path / "bot.db", seed=NEGATION_SEED) as world:
        await world.alice.slash(world.channel, "game new", game="goodvsbad")
        await world.bob.slash(world.channel, "game join")
        await _set_rounds(world, 6)
        await world.alice.slash(world.channel, "game start")
        match = await world.service.in_channel(world.channel.id)
        assert match is not None and match.options["rounds"] == 6
        players = {0: world.alice, 1: world.bob}
        pick = random.Random(NEGATION_SEED)
        decisions = negations = steps = 0
        while (match := await world.service.in_channel(world.channel.id)) is not None:
            state = await world.service.state(match.id)
            seat = GAME.to_decide(state)[0]
            key = eager(list(GAME.legal_actions(state, seat)), pick)
            negations += key == "answer:negate" and seat != state.active
            steps += key.startswith("buy:")
            before = match.version
            await play(world, players[seat], key)
            assert (await world.service.get(match.id)).version > before, f"{key} was not committed"
            decisions += 1
            assert decisions < 400
        assert "After round 6" in _result(world) or "reached every Home Base" in _result(world), "a rulebook ending"
        assert steps == 2, "each player sealed a purchase, built in the picker's steps"
        assert negations >= 1, "a Negation was played on the other player's turn"
        boards = [m for m in world.channel.history() if m.attachments and not m.flags.ephemeral]
        assert len(boards) < decisions, "the channel gets a board per turn, not per decision"


async def test_the_hand_is_one_private_button_away(tmp_path) -> None:
    async with running_bot(tmp_path / "bot.db", seed=3) as world:
        _, state = await _two_people(world)
        bobs = private_message(await world.bob.click(latest_public(world), label="My hand"))
        assert bobs.attachments and bobs.attachments[0].filename == "hand.png"
        assert await bobs.attachments[0].read() == extra_png(GAME.view(state, 1), "hand")
        carols = private_message(await world.carol.click(latest_public(world), label="My hand"))
        assert await carols.attachments[0].read() == extra_png(GAME.view(state, None), "hand"), "a spectator's: none"
        secrets = private_text(await world.bob.click(latest_public(world), label="My secrets"))
        assert "no secrets" not in secrets, "issue 43: My secrets denied any secret while My hand held cards"
        assert "My hand" in secrets


async def test_the_close_up_of_your_pieces_is_one_private_button_away(tmp_path) -> None:
    """What a phone cannot read on the board: the roads round your own Hero and Villain, drawn larger."""
    async with running_bot(tmp_path / "bot.db", seed=3) as world:
        _, state = await _two_people(world)
        bobs = private_message(await world.bob.click(latest_public(world), label="Close-up"))
        assert bobs.flags.ephemeral and bobs.attachments[0].filename == "closeup.png"
        assert await bobs.attachments[0].read() == extra_png(GAME.view(state, 1), "closeup")
        carols = private_message(await world.carol.click(latest_public(world), label="Close-up"))
        assert await carols.attachments[0].read() == extra_png(GAME.view(state, None), "closeup")
        icons = {b.label: str(b.emoji) for row in latest_public(world).components for b in row.children}
        assert icons["My hand"] != icons["Close-up"], "issue 43: the two buttons shared one icon"


async def test_six_seats_five_of_them_ai_reach_a_result(tmp_path) -> None:
    """Alice hosts six seats, five of them AI; she plays by typed keys and the AI answers every decision of its
    seats, its sealed purchases and window answers included."""
    async with running_bot(tmp_path / "bot.db", seed=2) as world:
        await world.alice.slash(world.channel, "game new", game="goodvsbad", players=6)
        await seat_ai(world, (1, 2, 3, 4, 5))
        await _set_rounds(world, 6)
        await world.alice.slash(world.channel, "game start")
        await type_moves_against_ai(world, level="easy", limit=300)
        assert "After round 6" in _result(world) or "wins" in _result(world)


async def test_auto_pass_answers_windows_and_calls_for_help_at_once(tmp_path) -> None:
    """Bob chose auto-pass: every Event window and call for help that asks him is declined the moment it opens,
    so the match never waits on him outside his own turns; Alice and Carol answer theirs in the picker."""
    async with running_bot(tmp_path / "bot.db", seed=AUTO_PASS_SEED) as world:
        said = await world.bob.slash(world.channel, "game settings", autopass=True)
        assert "declined at once" in private_text(said)
        await world.alice.slash(world.channel, "game new", game="goodvsbad", players=3)
        await world.bob.slash(world.channel, "game join")
        await world.carol.slash(world.channel, "game join")
        await _set_rounds(world, 6)
        await world.alice.slash(world.channel, "game start")
        players = {0: world.alice, 1: world.bob, 2: world.carol}
        pick = random.Random(AUTO_PASS_SEED)
        answered_by_others = bob_passed = 0
        while (match := await world.service.in_channel(world.channel.id)) is not None:
            state = await world.service.state(match.id)
            deciders = GAME.to_decide(state)
            if (open_ := state.window or state.call) is not None:
                assert 1 not in deciders, "Bob's answer was not left waiting"
                answered_by_others += 1
                bob_passed += open_.answers[1] not in ("", None)  # asked, and already answered
            seat = deciders[0]
            await play(world, players[seat], eager(list(GAME.legal_actions(state, seat)), pick, CALLING))
        assert answered_by_others > 0, "windows or calls for help opened for the others to answer"
        assert bob_passed > 0, "Bob was asked too, and his answer was in before anyone else's"
        assert "After round 6" in _result(world)


async def test_bad_input_is_refused_privately_and_changes_nothing(tmp_path) -> None:
    """A move that is not a choice, a key that is no move, another player's turn and a spectator's click: each
    answered privately in words, and the match stays as it was."""
    async with running_bot(tmp_path / "bot.db", seed=3) as world:
        match, state = await _two_people(world)
        first = GAME.to_decide(state)[0]
        mover, other = (world.alice, world.bob) if first == 0 else (world.bob, world.alice)
        before = world.channel.last_message.id
        for person, typed, expected in (
            (mover, "go:0.5", "not a choice for you now"),
            (mover, "nonsense", "isn't a Good vs Bad move"),
            (other, "name:fire", "isn't your turn"),
        ):
            answer = await person.slash(world.channel, "game move", action=typed)
            assert expected in private_text(answer), typed
        spectator = await world.carol.click(latest_public(world), label="Take turn")
        assert "don't have a seat" in private_text(spectator)
        assert world.channel.last_message.id == before
        assert (await world.service.in_channel(world.channel.id)).version == match.version
