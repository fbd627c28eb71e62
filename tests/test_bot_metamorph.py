"""SimCord: Metamorph through the real bot: a whole Duelling Wizards match between two people, built click by
click in the picker's steps, and a Key of Solomon match of four wizards, three of them AI."""

from __future__ import annotations

from typing import Any

from engine import get_game
from engine.ai.search import decide
from engine.games.metamorph.actions import legal as whole_actions
from engine.games.metamorph.keys import stages
from tests.bot_support import (
    bounded_level,
    custom_ids,
    latest_public,
    pick,
    play,
    private_message,
    private_text,
    running_bot,
    seat_ai,
    type_moves_against_ai,
)

GAME = get_game("metamorph")


async def test_a_whole_duel_between_two_people_in_the_picker(tmp_path) -> None:
    """Alice and Bob play a duel to its end: every decision made through the picker, a move in its three stages
    (mode; direction and hex; facing) and a Morph or a Teleport in two, each stage committed once and the
    picker moving on to the next by itself, the board kept current."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        await world.alice.slash(world.channel, "game new", game="metamorph")
        await world.bob.slash(world.channel, "game join")
        await world.alice.slash(world.channel, "game start")
        players = {0: world.alice, 1: world.bob}
        decisions = 0
        while (match := await world.service.in_channel(world.channel.id)) is not None:
            state = await world.service.state(match.id)
            seat = GAME.to_decide(state)[0]
            action = decide(GAME, state, seat, level=bounded_level("metamorph", "normal"), seed=decisions).action
            first, *later = stages(action)
            before = match.version
            picked = await play(world, players[seat], first.key)
            for stage in later:
                assert (await world.service.state(match.id)).pending, f"{first.key} was not committed"
                picked = await pick(world, players[seat], private_message(picked), stage.key)
            after = await world.service.get(match.id)
            assert after.version == before + 1 + len(later), f"{action.key} was not committed stage by stage"
            assert (await world.service.state(match.id)).pending == ()
            decisions += 1
            assert decisions < 400
        final = latest_public(world)
        result = next(f.value for f in final.embeds[0].fields if f.name == "Result")
        assert "Winner" in result or "draw" in result.lower()
        assert final.attachments, "the final board is an image"


async def test_four_wizards_race_for_the_key_with_three_ai_seats(tmp_path) -> None:
    """Alice hosts a Key of Solomon match for four with three AI wizards; she plays by typed keys, the AI answers
    every turn, and the match reaches a result."""
    async with running_bot(tmp_path / "bot.db", seed=9) as world:
        await world.alice.slash(world.channel, "game new", game="metamorph", players=4)
        lobby = world.channel.last_message
        panel = private_message(await world.alice.click(lobby, label="Settings"))  # four seats: options in a panel
        option = next(cid for cid in custom_ids(panel) if cid.startswith("chg:opt:") and cid.endswith(":scenario"))
        await world.alice.select(panel, ["key"], custom_id=option)
        await seat_ai(world, (1, 2, 3))
        await world.alice.slash(world.channel, "game start")
        match = await world.service.in_channel(world.channel.id)
        assert match is not None and match.options["scenario"] == "key" and match.players == 4
        await type_moves_against_ai(world, level="normal", limit=300)
        final = latest_public(world)
        assert any(f.name == "Result" for f in final.embeds[0].fields)


async def test_the_shape_chart_is_one_private_button_away(tmp_path) -> None:
    """The board offers the chart of shapes; a click shows it, drawn from the clicker's view, to them alone."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        await world.alice.slash(world.channel, "game new", game="metamorph")
        await world.bob.slash(world.channel, "game join")
        await world.alice.slash(world.channel, "game start")
        board = latest_public(world)
        assert any(cid.endswith(":chart") for cid in custom_ids(board))
        shown = private_message(await world.carol.click(board, label="Shape chart"))
        assert shown.attachments and shown.attachments[0].filename == "chart.png"
        assert "shape chart" in shown.embeds[0].title


async def _start_duel(world: Any) -> tuple[Any, Any, Any]:
    """Alice opens a duel, Bob joins, it starts: the match, its state, and the member whose wizard acts first."""
    await world.alice.slash(world.channel, "game new", game="metamorph")
    await world.bob.slash(world.channel, "game join")
    await world.alice.slash(world.channel, "game start")
    match = await world.service.in_channel(world.channel.id)
    state = await world.service.state(match.id)
    return match, state, {0: world.alice, 1: world.bob}[state.active]


async def test_a_stage_is_saved_but_leaves_the_board_as_it_is(tmp_path) -> None:
    """Picking a move's mode is a decision of its own, saved at once, yet nothing on the table changes: the board
    is neither redrawn nor posted again, its Take turn still opens the picker (at the stage reached), and Back
    returns to the turn's first choices."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        match, state, player = await _start_duel(world)
        board = latest_public(world)
        sent = len(world.env.http_requests)
        mode = next(a for a in GAME.legal_actions(state, state.active) if a.kind == "move")
        picked = private_message(await play(world, player, mode.key))
        assert "to which hex?" in picked.content
        assert (await world.service.state(match.id)).pending == ("move", mode.a)
        assert (await world.service.get(match.id)).version == match.version + 1
        touched = [r for r in world.env.http_requests[sent:] if r.path.startswith(f"/channels/{world.channel.id}/")]
        assert not [r for r in touched if r.method in ("POST", "PATCH") and "/interactions" not in r.path]
        assert latest_public(world).id == board.id
        again = private_message(await player.click(latest_public(world), label="Take turn"))
        assert "to which hex?" in again.content and "out of date" not in again.content
        await pick(world, player, again, "back")
        assert (await world.service.state(match.id)).pending == ()


async def test_a_stage_typed_with_game_move_says_what_comes_next(tmp_path) -> None:
    """``/game move`` takes a stage too (``move:L``): the answer says what the next stage asks; a whole key
    typed at that stage plays the move."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        match, state, player = await _start_duel(world)
        mode = next(a for a in GAME.legal_actions(state, state.active) if a.kind == "move")
        answer = private_text(await player.slash(world.channel, "game move", action=mode.key))
        assert "to which hex?" in answer
        staged = await world.service.state(match.id)
        hex_stage = GAME.legal_actions(staged, staged.active)[0]
        answer = private_text(await player.slash(world.channel, "game move", action=hex_stage.key))
        assert f"to {hex_stage.b}: facing which way?" in answer
        whole = whole_actions(state, state.active)[0]
        answer = private_text(await player.slash(world.channel, "game move", action=whole.key))
        assert answer.startswith(f"✅ {GAME.meta.seat_names[state.active]}") and "which" not in answer  # no question
        assert (await world.service.state(match.id)).pending == ()


async def test_game_move_suggests_whole_moves_once_the_text_names_a_hex(tmp_path) -> None:
    """Autocomplete of ``/game move`` lists the turn's first choices, and once the text runs past a mode and
    names a hex, the moves ending there, facing each way they can."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        _, state, player = await _start_duel(world)
        first = await player.autocomplete(world.channel, "game move", "action", "")
        assert [c["value"] for c in first] == [a.key for a in GAME.legal_actions(state, state.active)][:25]
        move = next(a for a in whole_actions(state, state.active) if a.kind == "move" and a.c)
        typed = f"move:{move.a}:{move.b}"
        offered = [c["value"] for c in await player.autocomplete(world.channel, "game move", "action", typed)]
        assert move.key in offered and all(key.startswith(typed) for key in offered)


async def test_the_host_sets_the_round_limit_from_the_settings_panel(tmp_path) -> None:
    """The browser pass: choosing "rounds: 10" answered "Input should be 10, 20, 30 or 60" (a select sends text,
    and a list of numbers took only numbers); now the lobby takes it."""
    async with running_bot(tmp_path / "bot.db", seed=5) as world:
        await world.alice.slash(world.channel, "game new", game="metamorph", players=4)
        panel = private_message(await world.alice.click(world.channel.last_message, label="Settings"))
        while not any(cid.endswith(":rounds") for cid in custom_ids(panel)):
            panel = private_message(await world.alice.click(panel, label="Next"))
        option = next(cid for cid in custom_ids(panel) if cid.startswith("chg:opt:") and cid.endswith(":rounds"))
        answer = await world.alice.select(panel, ["10"], custom_id=option)
        match = await world.service.in_channel(world.channel.id)
        assert match is not None and match.options["rounds"] == 10
        assert "don't fit" not in str(answer)
