"""SimCord: a whole Shapeshifter Wars match through the real bot, and every way a click can go wrong."""

from __future__ import annotations

import pytest

from bot.rules import RULE_FILES, RULES_DIR, rule_pages
from engine import GAMES
from engine.matches import Status
from engine.steps import path_to
from tests.bot_support import (
    RED_WINS,
    WINNING_BLOW,
    channel_text,
    custom_ids,
    latest_public,
    open_wars,
    pick,
    play,
    private_message,
    private_text,
    running_bot,
    select_options,
    step_id,
    step_keys,
    tagged,
)


@pytest.fixture
async def world(tmp_path):
    async with running_bot(tmp_path / "bot.db") as world:
        yield world


open_match = open_wars


async def test_a_whole_match_is_played_with_buttons_to_a_win(world) -> None:
    board = await open_match(world)
    assert board.embeds[0].title == "Shapeshifter Wars · turn 1"
    assert world.alice.mention in board.content
    assert board.attachments and board.attachments[0].filename == "board.png"
    players = {0: world.alice, 1: world.bob}
    for seat, key in RED_WINS:
        await play(world, players[seat], key)
    await play(world, world.alice, WINNING_BLOW)
    final = world.channel.last_message
    result = next(f.value for f in final.embeds[0].fields if f.name == "Result")
    assert "🏆 Winner: Red" in result and "home row" in result and world.alice.mention in result
    assert any(cid.startswith("chg:rematch:") for cid in custom_ids(final))
    match = await world.service.in_channel(world.channel.id)
    assert match is None, "an ended match frees its channel"


async def test_a_turn_of_two_decisions_chains_the_picker_and_pings_only_the_next_player(world) -> None:
    board = await open_match(world)
    first = private_message(await world.alice.click(board, label="Take turn"))
    assert first.content == "**Red**: Move or attack with one of your stacks."
    after_move = await play(world, world.alice, "c1-c2")
    chained = private_message(after_move)
    assert step_keys(chained) == ["~a1", "~b1", "~d1", "~e1", "~c2"]
    assert chained.content.startswith("**Red**: Now transform one of your stacks")
    assert latest_public(world).id == board.id, "Alice is still deciding: the board is edited, nobody is pinged"
    await play(world, world.alice, "~c2")
    assert latest_public(world).content == f"{world.bob.mention}, your turn."


async def test_the_board_is_edited_while_a_seat_keeps_deciding_and_posted_anew_when_the_turn_passes(world) -> None:
    first = await open_match(world)
    posts = len(list(world.channel.history()))
    await play(world, world.alice, "c1-c2")
    edited = next(m for m in world.channel.history() if m.id == first.id)
    assert len(list(world.channel.history())) == posts, "Red moves again (transform): the same board, edited"
    assert "Red king moves c1 → c2." in edited.embeds[0].description
    assert any(cid.startswith("chg:turn:") for cid in custom_ids(edited))
    await play(world, world.alice, "~c2")
    second = world.channel.last_message
    assert second.id != first.id and second.content == f"{world.bob.mention}, your turn."
    refreshed = next(m for m in world.channel.history() if m.id == first.id)
    assert custom_ids(refreshed) == [], "history is visibly history"
    assert "Red king moves c1 → c2." in refreshed.embeds[0].description, "the old board keeps what it showed"
    assert second.embeds[0].description and "c1 → c2" not in second.embeds[0].description, "the new one: what's new"


async def test_an_hour_later_the_same_seat_gets_a_new_board(world) -> None:
    first = await open_match(world)
    await world.env.advance_time(3601)
    await play(world, world.alice, "c1-c2")
    assert world.channel.last_message.id != first.id, "an old message is not edited: players would not see it"


async def test_move_command_autocompletes_legal_choices_and_plays(world) -> None:
    await open_match(world)
    offered = await world.alice.autocomplete(world.channel, "game move", "action", "king")
    assert [(c["name"], c["value"]) for c in offered] == [("Move the king c1 → c2", "c1-c2")]
    everything = await world.alice.autocomplete(world.channel, "game move", "action", "")
    assert {c["value"] for c in everything} == {"a1-a2", "b1-b2", "c1-c2", "d1-d2", "e1-e2"}
    assert await world.bob.autocomplete(world.channel, "game move", "action", "") == []
    played = await world.alice.slash(world.channel, "game move", action="b1-b2")
    assert "Red knight moves b1 → b2." in private_text(played)
    assert (await world.service.in_channel(world.channel.id)).version == 1


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("b1-b3", "one square at a time"),
        ("b1-c2", "small pyramid on top moves one square straight ahead"),
        ("nonsense", "isn't a Wars move"),
        ("~b1", "First move or attack"),
    ],
)
async def test_an_illegal_or_malformed_move_is_refused_privately_and_changes_nothing(world, typed, expected) -> None:
    await open_match(world)
    before = world.channel.last_message.id
    answer = await world.alice.slash(world.channel, "game move", action=typed)
    assert expected in private_text(answer)
    assert world.channel.last_message.id == before
    assert (await world.service.in_channel(world.channel.id)).version == 0


async def test_out_of_turn_and_non_player_clicks_are_refused_privately(world) -> None:
    board = await open_match(world)
    not_yours = await world.bob.click(board, label="Take turn")
    assert f"isn't your turn right now: waiting for Red ({world.alice.mention})." in private_text(not_yours)
    spectator = await world.carol.click(board, label="Take turn")
    assert "don't have a seat" in private_text(spectator)
    assert world.channel.last_message.id == board.id
    assert (await world.service.in_channel(world.channel.id)).version == 0


async def test_a_stale_board_answers_with_a_link_to_the_current_one(world) -> None:
    first = await open_match(world)
    # Discord refuses edits of messages older than an hour (30046), so an old board can keep its buttons.
    world.env.inject_error(
        "PATCH", f"/channels/{world.channel.id}/messages/{first.id}", status=400, code=30046, times=None
    )
    await play(world, world.alice, "c1-c2")
    current = world.channel.last_message
    assert any(cid.startswith("chg:turn:") for cid in custom_ids(first)), "the failed edit left the old buttons"
    stale = await world.alice.click(first, label="Take turn")
    text = private_text(stale)
    assert "out of date" in text and str(current.id) in text
    assert (await world.service.in_channel(world.channel.id)).version == 1


async def test_a_picker_shows_words_never_the_internal_keys(world) -> None:
    """Issue 43: an option's key ("c1-c2", "s0", "tw:T:1:3:r90") stood in its description; a player reads only
    the label."""
    board = await open_match(world)
    picker = private_message(await world.alice.click(board, label="Take turn"))
    options = select_options(picker)
    assert options and any(o.value != o.label for o in options)
    assert all(not o.description for o in options)


async def test_an_old_picker_after_the_end_says_the_match_is_over_with_its_result(world) -> None:
    """Issue 43: after the end an old picker said only "the board has moved on"."""
    await open_match(world)
    players = {0: world.alice, 1: world.bob}
    for seat, key in RED_WINS:
        await play(world, players[seat], key)
    old = private_message(await world.alice.click(latest_public(world), label="Take turn"))
    await play(world, world.alice, WINNING_BLOW)
    pick = next(cid for cid in custom_ids(old) if cid.startswith("chg:step:"))
    late = private_text(await world.alice.select(old, [select_options(old)[0].value], custom_id=pick))
    assert "This match is over, so nothing was played." in late and "🏆 Winner: Red" in late
    assert "moved on" not in late


async def test_a_second_open_picker_cannot_play_on_an_old_position(world) -> None:
    board = await open_match(world)
    first = private_message(await world.alice.click(board, label="Take turn"))
    second = private_message(await world.alice.click(board, label="Take turn"))
    pick = next(cid for cid in custom_ids(first) if cid.startswith("chg:step:"))
    await world.alice.select(first, tagged(first, ["c1-c2"]), custom_id=pick)
    again = await world.alice.select(second, tagged(second, ["b1-b2"]), custom_id=pick)
    assert "moved on" in private_text(again) and "nothing was played" in private_text(again)
    assert "~c2" in step_keys(private_message(again)), "the current choices are offered"
    assert (await world.service.in_channel(world.channel.id)).version == 1


async def test_a_restart_mid_match_keeps_the_match_and_the_buttons(world) -> None:
    await open_match(world)
    await play(world, world.alice, "c1-c2")
    board = world.channel.last_message
    await world.restart()
    chained = private_message(await world.alice.click(board, label="Take turn"))
    assert "~c2" in step_keys(chained)
    await play(world, world.alice, "~c2")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 2 and match.status is Status.ACTIVE
    assert "Red king on c2 transforms" in world.channel.last_message.embeds[0].description


async def test_resign_needs_confirmation_and_ends_the_match(world) -> None:
    await open_match(world)
    asked = await world.bob.slash(world.channel, "game resign")
    confirm = private_message(asked)
    assert "Resign" in confirm.content
    assert (await world.service.in_channel(world.channel.id)).status is Status.ACTIVE
    await world.bob.click(confirm, label="Yes, resign")
    final = world.channel.last_message
    result = next(f.value for f in final.embeds[0].fields if f.name == "Result")
    assert "Red" in result and "resigned" in result


async def test_board_command_reposts_the_board_at_the_bottom(world) -> None:
    first = await open_match(world)
    await world.carol.slash(world.channel, "game board")
    again = world.channel.last_message
    assert again.id != first.id and again.attachments
    stripped = next(m for m in world.channel.history() if m.id == first.id)
    assert custom_ids(stripped) == []
    assert "Take turn" in str(again.components)


def test_every_game_has_its_rulebook_for_the_rules_command() -> None:
    built_in = [game_id for game_id, game in GAMES.items() if type(game).__module__.startswith("engine.games.")]
    assert {"wars", "swartzblak", "metamorph", "shadowscape", "goodvsbad"} <= set(built_in)
    for game_id in built_in:  # not the test-only games other modules register
        pages = rule_pages(game_id)
        assert len(pages) > 1 and "not written yet" not in pages[0], game_id


@pytest.mark.parametrize("game_id", ["wars", "swartzblak", "metamorph", "shadowscape", "goodvsbad"])
def test_the_rules_open_on_a_quick_start_and_end_with_the_credits(game_id: str) -> None:
    """Issue 43: **Rules** opened on a page of licensing text. Page 1 is the one-minute summary and the buttons
    to press, on one screen; where the game comes from and its licence come last."""
    pages = rule_pages(game_id)
    first, last = pages[0], pages[-1]
    assert "What you need to know in one minute" in first and "**Take turn**" in first and "**Join**" in first
    assert len(first) <= 2000, "one screen"
    text = (RULES_DIR / RULE_FILES.get(game_id, f"{game_id}.md")).read_text(encoding="utf-8")
    intro = " ".join(text.split("\n\n")[1].split())[:60]  # the note under the title: sources and licence
    assert "CC BY-NC-SA" not in first and intro not in first
    assert "Credits and sources" in last and intro in last
    if game_id in ("metamorph", "goodvsbad"):
        assert "CC BY-NC-SA 2.5" in last and "curufea.com" in last
    assert not any("__**check(" in page or "**import hashlib" in page for page in pages), "code stays code"


async def test_rules_are_paged_and_list_shows_games_and_matches(world) -> None:
    rules = private_message(await world.carol.slash(world.channel, "game rules", game="wars"))
    assert "Shapeshifter Wars" in rules.embeds[0].title and "Page 1 of" in rules.embeds[0].footer.text
    nxt = next(cid for cid in custom_ids(rules) if cid.startswith("chg:rules:wars:1"))
    page_two = await world.carol.click(rules, custom_id=nxt)
    assert page_two.acknowledged
    await open_match(world)
    listing = private_text(await world.carol.slash(world.channel, "game list"))
    assert "Shapeshifter Wars" in listing or "Changeling games" in listing
    shown = private_message(await world.carol.slash(world.channel, "game list"))
    titles = [f.name for f in shown.embeds[0].fields]
    assert "Shadowscape (2–4 players, or 1 alone)" in titles and "Shapeshifter Wars (2 players)" in titles
    assert "AI can take any seat" in shown.embeds[0].description
    running = next(f.value for f in shown.embeds[0].fields if f.name == "Running in this server")
    assert f"<#{world.channel.id}>" in running


async def test_secret_command_in_wars_shows_the_board_from_your_side(world) -> None:
    await open_match(world)
    assert "My view" in str(latest_public(world).components)
    mine = private_message(await world.bob.slash(world.channel, "game secret"))
    assert "your view as Blue" in mine.embeds[0].title and "no hidden information" in mine.embeds[0].description
    assert mine.attachments
    nobody = private_text(await world.carol.slash(world.channel, "game secret"))
    assert "not playing" in nobody


async def test_errors_never_show_a_trace(world) -> None:
    await open_match(world)
    text = channel_text(world.channel, world.carol)
    assert "Traceback" not in text and "Error" not in text


async def test_a_board_that_cannot_be_posted_still_counts_and_says_so(world, caplog) -> None:
    await open_match(world)
    await play(world, world.alice, "c1-c2")  # Red still decides: the board is edited
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500)
    answer = await play(world, world.alice, "~c2")  # the turn passes: a new board, which fails
    assert "That counted" in private_text(answer) and "/game board" in private_text(answer)
    assert (await world.service.in_channel(world.channel.id)).version == 2
    assert "could not post it" in caplog.text and "Traceback" in caplog.text, "the trace goes to the log"
    assert "Traceback" not in private_text(answer)
    await world.carol.slash(world.channel, "game board")
    assert any(cid.startswith("chg:turn:") and cid.endswith(":2") for cid in custom_ids(latest_public(world)))


async def test_a_private_picker_still_works_after_fifteen_minutes(world) -> None:
    board = await open_match(world)
    picker = private_message(await world.alice.click(board, label="Take turn"))
    await world.env.advance_time(16 * 60)
    select_id = next(cid for cid in custom_ids(picker) if cid.startswith("chg:step:"))
    await world.alice.select(picker, tagged(picker, ["c1-c2"]), custom_id=select_id)
    assert (await world.service.in_channel(world.channel.id)).version == 1


async def test_a_picker_that_cannot_be_edited_after_a_commit_says_it_counted_and_sends_the_next_one(world) -> None:
    """Issue 43: a decision that was committed but whose picker could not be updated (a slow or failed edit)
    answered "nothing was changed". Now a new private message says it counted and carries the next picker."""
    board = await open_match(world)
    picker = private_message(await world.alice.click(board, label="Take turn"))
    match = await world.service.in_channel(world.channel.id)
    path = path_to(GAMES["wars"], await world.service.state(match.id), 0, "c1-c2")
    for fragment in path[:-1]:
        chosen = await world.alice.select(picker, tagged(picker, [fragment]), custom_id=step_id(picker))
        picker = private_message(chosen)
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500)
    result = await world.alice.select(picker, tagged(picker, [path[-1]]), custom_id=step_id(picker))
    text = private_text(result)
    assert "That counted" in text and "nothing was changed" not in text
    assert (await world.service.in_channel(world.channel.id)).version == 1
    await pick(world, world.alice, private_message(result), "~c2")  # the new picker plays Red's next decision
    assert (await world.service.in_channel(world.channel.id)).version == 2


async def test_no_step_of_a_picker_opens_with_a_value_shown_as_picked(world) -> None:
    """Issue 43: the sandbox page kept *Might +3* shown as chosen on the next step: it keeps a select's pick by
    the select's place in the message, which an edit in place does not change. Each step's values carry a tag
    of that step's own, so no earlier pick is among them, whichever client keeps what; and none is a default."""
    board = await open_match(world)
    first = private_message(await world.alice.click(board, label="Take turn"))
    before = {o.value for o in select_options(first, "chg:step:")}  # the message is edited in place: keep them
    match = await world.service.in_channel(world.channel.id)
    fragment = path_to(GAMES["wars"], await world.service.state(match.id), 0, "c1-c2")[0]
    second = private_message(await world.alice.select(first, tagged(first, [fragment]), custom_id=step_id(first)))
    after = select_options(second, "chg:step:")
    assert after and not before & {o.value for o in after}, "no value of the last step is offered again"
    assert not any(o.default for o in after)
    assert "~c2" in step_keys(second), "the engine's keys are behind the tag"
