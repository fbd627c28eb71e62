"""SimCord with simulated time: clocks chosen in the lobby, reminders at the right moments and only once (also
across a restart), vacations pausing and resuming, every expiry policy, a returning player, and many matches
expiring at once without a burst of requests."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from engine.clocks import timestamp
from engine.matches import Status
from tests.bot_support import (
    close_dms,
    custom_ids,
    latest_public,
    play,
    private_text,
    running_bot,
)

HOUR = 3600
DAY = 24 * HOUR


@pytest.fixture
async def world(tmp_path):
    async with running_bot(tmp_path / "bot.db") as world:
        yield world


def select_id(message, prefix: str) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith(prefix))


async def open_clocked(world, preset: str = "corr:3", expiry: str | None = None):
    """Alice hosts Wars (Red moves first), Bob joins, Alice picks the clock and the policy, and starts."""
    await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    await world.bob.click(lobby, label="Join as Blue")
    await world.alice.select(world.channel.last_message, ["red"], custom_id=select_id(lobby, "chg:opt:"))
    await world.alice.select(world.channel.last_message, [preset], custom_id=select_id(lobby, "chg:clock:"))
    if expiry is not None:
        await world.alice.select(world.channel.last_message, [expiry], custom_id=select_id(lobby, "chg:expiry:"))
    await world.alice.click(world.channel.last_message, label="Start")
    return latest_public(world)


def texts(world, viewer=None) -> list[str]:
    return [m.content or "" for m in world.channel.history(viewer=viewer)]


def reminders(world, member) -> list[str]:
    return [t for t in texts(world) if t.startswith(f"⏳ {member.mention}")]


async def test_the_lobby_offers_a_clock_and_the_board_shows_the_deadline(world) -> None:
    await world.alice.slash(world.channel, "game new", game="wars")
    lobby = world.channel.last_message
    assert len(lobby.components) <= 5
    refused = await world.bob.select(lobby, ["corr:3"], custom_id=select_id(lobby, "chg:clock:"))
    assert "host" in private_text(refused).lower()
    board = await open_clocked(world, "corr:3:bank")
    match = await world.service.get(board.embeds[0].footer.text.split()[1])
    deadline = match.clock.of(0).deadline
    assert deadline == world.env.now() + timedelta(days=3)
    field = next(f.value for f in board.embeds[0].fields if f.name == "Deadline")
    assert f"<t:{timestamp(deadline)}:R>" in field and f"<t:{timestamp(deadline)}:f>" in field


async def test_reminders_at_half_and_nine_tenths_only_once(world) -> None:
    await open_clocked(world, "corr:3")
    await world.env.advance_time(36 * HOUR - 60)
    assert reminders(world, world.alice) == []
    await world.env.advance_time(60)
    assert len(reminders(world, world.alice)) == 1 and "about half" in reminders(world, world.alice)[0]
    await world.env.advance_time(0.9 * 72 * HOUR - 36 * HOUR - 60)
    assert len(reminders(world, world.alice)) == 1
    await world.env.advance_time(60)
    assert len(reminders(world, world.alice)) == 2 and "nearly up" in reminders(world, world.alice)[1]
    await world.env.advance_time(5 * HOUR)
    assert len(reminders(world, world.alice)) == 2, "never twice for one deadline"


async def test_a_restart_between_reminders_repeats_none_and_misses_none(world) -> None:
    await open_clocked(world, "corr:3")
    await world.env.advance_time(37 * HOUR)
    assert len(reminders(world, world.alice)) == 1
    await world.restart()
    await world.env.advance_time(HOUR)
    assert len(reminders(world, world.alice)) == 1, "the half reminder is not sent again after the restart"
    await world.env.advance_time(0.9 * 72 * HOUR - 38 * HOUR)
    assert len(reminders(world, world.alice)) == 2


async def test_a_bot_down_past_both_points_sends_one_catch_up_reminder(world) -> None:
    await open_clocked(world, "corr:1")
    await world.bot.flows.clocks.scheduler.stop()  # the bot is "down": nothing runs while time passes
    await world.env.advance_time(23 * HOUR)
    await world.restart()
    assert len(reminders(world, world.alice)) == 1 and "nearly up" in reminders(world, world.alice)[0]


async def test_reminders_by_dm_when_chosen_and_in_the_channel_when_dms_fail(world) -> None:
    chosen = await world.alice.slash(world.channel, "game settings", reminders="dm")
    assert "direct message" in private_text(chosen)
    await open_clocked(world, "live:10")
    await world.env.advance_time(5 * 60)
    dms = [m.content for m in world.alice.user.dm_channel.history()]
    assert any(t.startswith("⏳") and "about half" in t for t in dms)
    assert reminders(world, world.alice) == []
    close_dms(world, world.alice)
    await world.env.advance_time(4 * 60)
    assert len(reminders(world, world.alice)) == 1, "a failed DM falls back to a mention in the channel"


async def test_vacation_pauses_the_clock_tells_the_opponent_and_resumes(world) -> None:
    await open_clocked(world, "corr:3")
    await world.env.advance_time(DAY)
    answer = await world.alice.slash(world.channel, "game vacation", days=3)
    assert "paused in 1 correspondence match" in private_text(answer) and "27" in private_text(answer)
    assert any(t.startswith(f"🏖️ {world.alice.mention} is on vacation") for t in texts(world))
    match = await world.service.in_channel(world.channel.id)
    assert match.clock.of(0).paused
    refused = await world.alice.slash(world.channel, "game vacation", days=28)
    assert "already on vacation" in private_text(refused)
    await world.env.advance_time(DAY + 12 * HOUR)  # the half point would have passed without the pause
    assert reminders(world, world.alice) == []
    back = await world.alice.slash(world.channel, "game vacation", days=0)
    assert "Welcome back" in private_text(back) and "28" in private_text(back), "one unused day given back"
    assert any("is back from vacation" in t for t in texts(world))
    match = await world.service.in_channel(world.channel.id)
    assert match.clock.of(0).deadline == world.env.now() + timedelta(days=2)
    await world.env.advance_time(12 * HOUR)
    assert len(reminders(world, world.alice)) == 1, "the half point came 12 h after the return"
    status = await world.alice.slash(world.channel, "game vacation")
    assert "not on vacation" in private_text(status) and "28 of 30" in private_text(status)


async def test_a_vacation_ends_by_itself(world) -> None:
    await open_clocked(world, "corr:5")
    await world.alice.slash(world.channel, "game vacation", days=2)
    await world.env.advance_time(2 * DAY + 1)
    assert any("vacation is over" in t for t in texts(world))
    match = await world.service.in_channel(world.channel.id)
    assert not match.clock.of(0).paused


async def expire(world, preset: str = "live:5", expiry: str | None = None):
    board = await open_clocked(world, preset, expiry)
    await world.env.advance_time(5 * 60 + 1)
    return board


def ask_message(world):
    return next(m for m in reversed(world.channel.history()) if (m.content or "").startswith("⌛ **Red**"))


async def test_ask_then_claim_the_win(world) -> None:
    await expire(world)
    ask = ask_message(world)
    assert world.bob.mention in ask.content and len(custom_ids(ask)) == 3
    refused = await world.alice.click(ask, label="Claim the win")
    assert "your own seat" in private_text(refused)
    await world.bob.click(ask, label="Claim the win")
    final = latest_public(world)
    assert "🏆 Winner: Blue" in next(f.value for f in final.embeds[0].fields if f.name == "Result")
    assert "Red ran out of time" in final.embeds[0].description
    answered = next(m for m in world.channel.history() if m.id == ask.id)
    assert custom_ids(answered) == [] and "claimed the win" in answered.content, "answered for everyone"
    assert await world.service.in_channel(world.channel.id) is None


async def test_ask_then_skip_the_turn(world) -> None:
    await expire(world)
    await world.bob.click(ask_message(world), label="Skip Red")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 3, "the skip, then the AI's move and transform for Red"
    assert match.seats[0].ai_level is None, "only this turn: Red is Alice's again"
    assert latest_public(world).content == f"{world.bob.mention}, your turn."
    log = await world.service.log(match.id)
    assert "makes Red's decisions this turn" in log[0]


async def test_ask_then_autopilot_until_the_player_returns(world) -> None:
    await expire(world)
    await world.bob.click(ask_message(world), label="Let the AI play Red")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 3 and match.seats[0].autopilot
    await play(world, world.bob, "a5-a4")
    await play(world, world.bob, "~a4")
    match = await world.service.in_channel(world.channel.id)
    assert match.version == 7, "the AI answered Bob's turn for Red"
    back = await world.alice.click(latest_public(world), label="Take turn")
    assert "Welcome back" in private_text(back)
    match = await world.service.in_channel(world.channel.id)
    assert match.seats[0].ai_level is None and match.version == 8
    assert "Red's player is back" in " ".join(await world.service.log(match.id))


async def test_the_expired_player_can_still_move_until_someone_chooses(world) -> None:
    await expire(world)
    ask = ask_message(world)
    await play(world, world.alice, "c1-c2")
    late = await world.bob.click(ask, label="Claim the win")
    assert "Too late" in private_text(late)
    match = await world.service.in_channel(world.channel.id)
    assert match.status is Status.ACTIVE and not match.clock.of(0).expired


@pytest.mark.parametrize("policy", ["claim", "skip", "autopilot"])
async def test_automatic_policies(world, policy: str) -> None:
    await expire(world, "live:5", policy)
    match = await world.service.get(latest_public(world).embeds[0].footer.text.split()[1])
    assert not any((t or "").startswith("⌛ **Red**") for t in texts(world)), "nobody is asked"
    if policy == "claim":
        assert match.status is Status.ENDED and match.outcome.reason == "Red ran out of time."
    else:
        assert match.version == 3 and match.status is Status.ACTIVE
        assert match.seats[0].autopilot is (policy == "autopilot")


async def test_many_matches_expiring_at_once_stay_far_below_the_rate_limit(world) -> None:
    service = world.service
    for n in range(30):
        channel = world.guild.create_text_channel(f"table-{n}")
        match = await service.lobby.create(
            channel_id=channel.id, host_id=world.alice.id, game_id="wars", guild_id=world.guild.id
        )
        await service.lobby.join(match.id, world.bob.id)
        await service.lobby.set_clock(match.id, world.alice.id, preset="live:1", expiry="claim")
        await service.start(match.id, world.alice.id)
    start = len(world.env.http_requests)
    per_second = []
    for _ in range(90):
        before = len(world.env.http_requests)
        await world.env.advance_time(1)
        per_second.append(len(world.env.http_requests) - before)
    sent = world.env.http_requests[start:]
    posts = Counter(r.method for r in sent)["POST"]
    assert posts >= 30 * 2, "at least the 30 half reminders and the 30 final boards"
    assert max(per_second) <= 8, f"Discord allows 50 requests a second; we stay far below: {per_second}"
    assert sum(per_second[:29]) == 0, "nothing before the half point"
    ended = [m for m in await service.guild_matches(world.guild.id, limit=50) if m.status is Status.ENDED]
    assert len(ended) == 30


async def test_a_lost_time_ran_out_message_is_recovered_from_the_board(world) -> None:
    board = await open_clocked(world, "live:5", None)
    # The bot dies after marking the expiry but before posting the question: every post to the channel fails.
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500, times=None)
    await world.env.advance_time(5 * 60 + 1)
    assert not any((m.content or "").startswith("⌛ **Red**") for m in world.channel.history())
    world.env.backend.faults.clear()
    await world.carol.slash(world.channel, "game board")
    reposted = latest_public(world)
    assert reposted.id != board.id and "Claim the win" in str(reposted.components)
    await world.bob.click(reposted, label="Claim the win")
    assert await world.service.in_channel(world.channel.id) is None
