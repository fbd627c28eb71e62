"""SimCord: what players come back for. A rated match's result post shows each rating's change; ``/game stats``,
``/game leaderboard`` (with its persistent paging buttons), ``/game history`` and ``/game mine`` answer a person
with many matches, one with none and a spectator, privately; ``/game settings hidden:`` keeps a player off the
ladders; and a bad argument gets a clear private answer."""

from __future__ import annotations

import pytest

from engine.ratings import OVERALL
from engine.standings import PAGE
from tests.bot_support import custom_ids, play, private_message, private_text, running_bot
from tests.fakes.party_game import party_game_offered
from tests.test_bot_forged import message_of, post_button


@pytest.fixture
async def world(tmp_path):
    with party_game_offered():
        async with running_bot(tmp_path / "bot.db") as world:
            yield world


async def party(world, adds: dict[str, int], *, finish: bool = True):
    """A one-round party match, Alice against Bob; each adds ``adds[name]`` (the bigger add wins)."""
    await world.alice.slash(world.channel, "game new", game="party", players=2)
    lobby = await world.service.in_channel(world.channel.id)
    await world.service.lobby.set_options(lobby.id, world.alice.id, {"rounds": 1})
    await world.bob.slash(world.channel, "game join")
    await world.alice.click(world.channel.last_message, label="Start")
    people = {0: (world.alice, adds["alice"]), 1: (world.bob, adds["bob"])}
    if not finish:
        return None
    while (match := await world.service.in_channel(world.channel.id)) is not None:
        (seat,) = (await world.service.position(match.id)).to_decide
        player, add = people[seat]
        await play(world, player, f"add{add}")
    return world.channel.last_message


def embed_text_of(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f"{f.name}: {f.value}" for f in embed.fields)])


def field(message, name: str) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == name)


def embed_text(result) -> str:
    message = private_message(result)
    parts = [private_text(result)]
    for embed in message.embeds:
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


async def test_a_rated_result_post_shows_each_ratings_change(world) -> None:
    final = await party(world, {"alice": 3, "bob": 1})
    ratings = field(final, "Ratings")
    alice, bob = ratings.splitlines()
    assert world.alice.mention in alice and "(+" in alice and world.bob.mention in bob and "(-" in bob


async def test_stats_for_a_player_with_matches_one_without_and_asked_by_a_spectator(world) -> None:
    for adds in ({"alice": 3, "bob": 1}, {"alice": 3, "bob": 1}, {"alice": 1, "bob": 3}):
        await party(world, adds)
    answer = await world.alice.slash(world.channel, "game stats", game="party")
    mine = embed_text(answer)
    card = private_message(answer)
    assert card.embeds[0].image.url == "attachment://stats.png" and card.attachments[0].filename == "stats.png"
    assert "Matches: 3 · 2 wins (67 %)" in mine and "Streak: now 0 · best 2" in mine and "Ruby" in mine
    assert "Rating (this server): **" in mine and "3 rated matches" in mine
    overview = embed_text(await world.alice.slash(world.channel, "game stats"))
    assert "Party (test only)" in overview and "2 wins of 3" in overview
    spectator = embed_text(await world.carol.slash(world.channel, "game stats", player=world.bob.user))
    assert world.bob.mention in spectator and "1 win of 3" in spectator
    nothing = embed_text(await world.carol.slash(world.channel, "game stats", game="party"))
    assert "You have not finished a match of Party (test only) yet" in nothing
    about = embed_text(await world.alice.slash(world.channel, "game stats", player=world.carol.user))
    assert f"<@{world.carol.id}> has not finished a match yet" in about


async def test_the_leaderboard_ranks_the_server_shows_your_place_and_pages(world) -> None:
    await party(world, {"alice": 3, "bob": 1})
    board = await world.carol.slash(world.channel, "game leaderboard", game="party")
    text = embed_text(board)
    assert text.index(world.alice.mention) < text.index(world.bob.mention)
    assert "You: not listed, no rated match here yet" in text and "Page 1 (the last)" in text, "a spectator"
    overall = await world.alice.slash(world.channel, "game leaderboard", game="party", scope="g")
    assert "You: **#1** · " in embed_text(overall)
    buttons = custom_ids(private_message(board))
    assert buttons == ["chg:ladder:party:s:1:l", "chg:ladder:party:s:1:r"]
    # A full page more of players (rated through the service, as other channels would) makes a second page.
    for n in range(PAGE):
        await rated_pair(world, 5000 + 2 * n, 5001 + 2 * n, channel=7000 + n)
    first = private_message(await world.alice.slash(world.channel, "game leaderboard", game="party"))
    assert first.embeds[0].footer.text == "Page 1" and "You: **#11**" in embed_text_of(first), "level, after lower ids"
    old = await post_button(world, "chg:ladder:party:s:2:r")  # a page shown yesterday, its button still good
    await world.alice.click(message_of(world, old), custom_id="chg:ladder:party:s:2:r")
    turned = message_of(world, old)
    assert turned.embeds[0].footer.text == "Page 2"
    assert custom_ids(turned) == ["chg:ladder:party:s:1:l", "chg:ladder:party:s:3:r"]
    await world.alice.click(turned, custom_id="chg:ladder:party:s:3:r")
    last = message_of(world, old)
    assert last.embeds[0].footer.text == "Page 3 (the last)" and last.embeds[0].description.startswith("**21.**")
    assert custom_ids(last) == ["chg:ladder:party:s:2:l", "chg:ladder:party:s:3:r"]
    beyond = await post_button(world, "chg:ladder:party:s:9:r")
    await world.alice.click(message_of(world, beyond), custom_id="chg:ladder:party:s:9:r")
    assert "Nobody this far down" in message_of(world, beyond).embeds[0].description


async def rated_pair(world, winner: int, loser: int, *, channel: int) -> None:
    service = world.service
    match = await service.lobby.create(channel_id=channel, host_id=winner, game_id="party", guild_id=world.guild.id,
                                       players=2, options={"rounds": 1})  # fmt: skip
    await service.lobby.join(match.id, loser)
    result = await service.start(match.id, winner)
    for add in (3, 1):
        result = await service.play(match.id, next(iter(result.to_decide)), f"add{add}", result.version)


async def test_history_lists_results_opponents_and_changes_and_mine_lists_running_matches(world) -> None:
    await party(world, {"alice": 3, "bob": 1})
    history = embed_text(await world.bob.slash(world.channel, "game history"))
    assert "Party (test only): lost · " in history and f"against {world.alice.mention}" in history
    assert "2 decisions" in history and "(-" in history and "discord.com/channels/" in history
    assert "You have no finished matches yet" in embed_text(await world.carol.slash(world.channel, "game history"))
    await party(world, {"alice": 1, "bob": 1}, finish=False)
    alice = embed_text(await world.alice.slash(world.channel, "game mine"))
    bob = embed_text(await world.bob.slash(world.channel, "game mine"))
    assert "Party (test only) · **your turn**" in alice and f"waiting for Ruby ({world.alice.mention})" in bob
    assert "You are in no running match" in embed_text(await world.carol.slash(world.channel, "game mine"))


async def test_hiding_keeps_a_player_off_the_leaderboard_but_rated(world) -> None:
    await party(world, {"alice": 3, "bob": 1})
    answer = await world.alice.slash(world.channel, "game settings", hidden=True)
    assert "You are kept off the leaderboards (your matches are still rated" in private_text(answer)
    text = embed_text(await world.bob.slash(world.channel, "game leaderboard", game="party"))
    assert world.alice.mention not in text and "**1.** " + world.bob.mention in text
    own = embed_text(await world.alice.slash(world.channel, "game leaderboard", game="party"))
    assert "You: not listed, as you asked (`/game settings hidden:false` lists you again)" in own
    stats = embed_text(await world.alice.slash(world.channel, "game stats", game="party"))
    assert "Rating (this server): **" in stats and "not rated" not in stats, "hidden, still rated"


async def test_bad_arguments_get_a_clear_private_answer(world) -> None:
    other_bot = world.env.create_user("helperbot", bot=True)
    about_bot = await world.alice.slash(world.channel, "game stats", player=other_bot)
    assert "Bots don't play" in private_text(about_bot)
    forged = await post_button(world, "chg:ladder:nosuch:g:1:r")
    answer = await world.alice.click(message_of(world, forged), custom_id="chg:ladder:nosuch:g:1:r")
    assert "nosuch" in private_text(answer) or "no game" in private_text(answer).lower()


async def test_replay_steps_through_an_ended_match_and_animates_it(world) -> None:
    await party(world, {"alice": 3, "bob": 1})
    answer = await world.carol.slash(world.channel, "game replay")  # a spectator may replay it too
    viewer = answer.response  # the deferred answer, filled in
    assert viewer.ephemeral and "decision 2 of 2" in viewer.embeds[0].description
    assert "the match is over" in viewer.embeds[0].description
    assert custom_ids(viewer)[1:3] == [f"chg:rp:{match_of(viewer)}:1:p", f"chg:rp:{match_of(viewer)}:2:n"]
    gif = answer.followups[-1]
    assert gif.attachments[0].filename == "replay-1.gif" and "2 decisions" in gif.content
    match_id = match_of(viewer)
    await world.carol.click(viewer, custom_id=f"chg:rp:{match_id}:1:p")
    assert "decision 1 of 2" in viewer.embeds[0].description, "the viewer is edited in place"
    assert custom_ids(viewer) == [f"chg:rp:{match_id}:0:f", f"chg:rp:{match_id}:0:p", f"chg:rp:{match_id}:2:n",
                                  f"chg:rp:{match_id}:2:l"]  # fmt: skip
    await world.carol.click(viewer, custom_id=f"chg:rp:{match_id}:0:f")
    assert "the opening position" in viewer.embeds[0].description


async def test_replay_of_a_running_match_is_its_public_history_and_bad_ids_are_refused(world) -> None:
    await party(world, {"alice": 1, "bob": 1}, finish=False)
    answer = await world.bob.slash(world.channel, "game replay")
    assert not answer.followups, "no animation while it runs"
    viewer = answer.response
    assert "running · nothing in this game is hidden" in viewer.embeds[0].description  # the party game hides nothing
    assert not [f for f in viewer.embeds[0].fields if f.name == "What was hidden"]
    assert "is not a match id" in private_text(await world.bob.slash(world.channel, "game replay", match="no such!"))
    assert "There is no match `zzzz`" in private_text(await world.bob.slash(world.channel, "game replay", match="zzzz"))
    forged = await post_button(world, "chg:rp:zzzz:0:f")
    answer = await world.bob.click(message_of(world, forged), custom_id="chg:rp:zzzz:0:f")
    assert "no longer stored" in private_text(answer)


def match_of(message) -> str:
    return message.embeds[0].title.split("replay of match ")[1]


async def test_help_lists_every_command_with_the_new_ones(world) -> None:
    text = private_text(await world.carol.slash(world.channel, "game help"))
    for name in ("stats", "leaderboard", "history", "mine", "replay", "new", "settings"):
        assert f"`/game {name}`:" in text


async def test_a_friendly_match_says_so_in_the_lobby_and_changes_no_rating(world) -> None:
    await world.alice.slash(world.channel, "game new", game="party", players=2, rated=False)
    lobby = world.channel.last_message
    assert "no: a friendly match" in field(lobby, "Rated")
    match = await world.service.in_channel(world.channel.id)
    assert match is not None and not match.rated
    await world.service.lobby.set_options(match.id, world.alice.id, {"rounds": 1})
    await world.bob.slash(world.channel, "game join")
    await world.alice.click(world.channel.last_message, label="Start")
    await play(world, world.alice, "add3")
    await play(world, world.bob, "add1")
    final = world.channel.last_message
    names = [f.name for f in final.embeds[0].fields]
    assert "Result" in names and "Ratings" not in names, "a friendly result changes and shows no rating"
    assert await world.service.store.rating(world.alice.id, "party", OVERALL) is None


async def test_replay_where_nothing_was_played_says_so(world) -> None:
    answer = await world.carol.slash(world.channel, "game replay")
    assert "No match was played in this channel" in private_text(answer)
    await world.alice.slash(world.channel, "game new", game="party", players=2)
    lobby = await world.service.in_channel(world.channel.id)
    answer = await world.carol.slash(world.channel, "game replay", match=lobby.id)
    assert "has not started" in private_text(answer)


async def test_a_player_in_many_matches_sees_the_latest_and_how_many_more(world) -> None:
    """History shows the latest ten; the inbox lists the first 25 running matches (theirs first) and says how many
    it left out, within Discord's embed limits (SimCord refuses an embed of more than 6000 characters)."""
    service, alice = world.service, world.alice.id
    for n in range(12):
        await rated_pair(world, alice, 6000 + n, channel=8000 + n)
    for n in range(30):
        others = [6100 + 5 * n + k for k in range(5)]
        match = await service.lobby.create(channel_id=9000 + n, host_id=others[0], game_id="party",
                                           guild_id=world.guild.id, players=6, options={"rounds": 1})  # fmt: skip
        for user in [*others[1:], alice]:
            await service.lobby.join(match.id, user)
        result = await service.start(match.id, others[0])
        if n % 3 == 0:  # a third wait for Alice: the first five seats play their turns
            for _ in range(5):
                result = await service.play(match.id, next(iter(result.to_decide)), "add1", result.version)
    history = private_message(await world.alice.slash(world.channel, "game history"))
    assert len(history.embeds[0].fields) == 10
    assert history.embeds[0].footer.text == "the latest 10; /game stats counts them all"
    inbox = private_message(await world.alice.slash(world.channel, "game mine"))
    fields = inbox.embeds[0].fields
    assert len(fields) == 25 and all("**your turn**" in f.name for f in fields[:10])
    assert not any("your turn" in f.name for f in fields[10:])
    assert inbox.embeds[0].footer.text == "25 of your 30 running matches shown: those waiting for you first"


async def test_history_says_draw_for_a_match_nobody_won(world) -> None:
    await party(world, {"alice": 2, "bob": 2})
    line = private_message(await world.alice.slash(world.channel, "game history")).embeds[0].fields[0]
    assert line.name.startswith("Party (test only): draw · 1,"), line.name


async def test_the_lobby_says_when_its_seats_make_the_match_unrated(world) -> None:
    """Before Start, not in the result: an AI seat, or one person in two seats, makes a match unrated."""
    await world.alice.slash(world.channel, "game new", game="party", players=3)
    lobby = world.channel.last_message
    assert field(lobby, "Rated").startswith("yes, when every seat is a different person")
    await world.alice.slash(world.channel, "game join", seat=2, also=True)
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)  # edited in place
    assert field(lobby, "Rated") == "no, as the seats are now: one person holds two seats"


async def test_the_lobby_says_an_ai_seat_makes_the_match_unrated(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars", ai="easy")
    assert field(world.channel.last_message, "Rated").startswith("no, as the seats are now: an AI plays a seat")
