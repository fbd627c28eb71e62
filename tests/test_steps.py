"""Decisions in steps (engine/steps.py): any number of choices fits selects of 25, paths lead to whole keys,
and a game may build its own steps, with a multi-select among them."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Choice, MalformedKey, NotYourTurn, get_game
from engine.core import Step
from engine.matches import NotAPlayer
from engine.steps import MULTI_SEPARATOR, next_step
from tests.fakes.party_game import PartyGame, PartyState
from tests.helpers.matches import CHANNEL, GUEST, GUILD, HOST, STRANGER, service

__all__ = ["service"]  # fixtures


class ManyChoices(PartyGame):
    """The party game with ``count`` choices in ``groups`` groups: for the picker's limits."""

    def __init__(self, count: int, groups: int) -> None:
        self.count, self.groups = count, groups

    def choices(self, state: PartyState, seat: int) -> list[Choice]:
        group = (lambda n: f"Group {n % self.groups}") if self.groups else (lambda n: None)
        return [Choice(f"k{n}", f"Choice {n}", group(n)) for n in range(self.count)]


class Discards(PartyGame):
    """A decision of its own in two steps: a card, then any two or three of five cards to discard."""

    def steps(self, state: PartyState, seat: int, path: tuple[str, ...]) -> Step | str | None:
        if not path:
            return Step("Play a card.", (Choice("a", "Card A"), Choice("b", "Card B")))
        if len(path) == 1:
            return Step("Discard two or three.", tuple(Choice(f"d{i}", f"Card {i}") for i in range(5)), 2, 3)
        return f"play:{path[0]}:{path[1]}"


def walk_all(game: Any, state: Any, path: tuple[str, ...] = ()) -> dict[str, tuple[str, ...]]:
    """Every key reachable from ``path``, with the path that reaches it; every step checked on the way."""
    step = next_step(game, state, 0, path)
    if isinstance(step, str):
        return {step: path}
    assert 1 <= len(step.options) <= 25
    found: dict[str, tuple[str, ...]] = {}
    for option in step.options:
        found.update(walk_all(game, state, (*path, option.key)))
    return found


@pytest.mark.parametrize(
    ("count", "groups", "depth"), [(7, 0, 1), (25, 3, 1), (26, 3, 2), (600, 24, 2), (700, 0, 3), (700, 40, 3)]
)
def test_any_number_of_choices_is_a_few_selects_of_25(count: int, groups: int, depth: int) -> None:
    game = ManyChoices(count, groups)
    state = game.setup(None, 2, 1)
    found = walk_all(game, state)
    assert set(found) == {f"k{n}" for n in range(count)}, "every choice is reachable, once"
    assert max(len(p) for p in found.values()) == depth


def test_sections_follow_the_picker_groups_when_they_can() -> None:
    game = ManyChoices(60, 3)
    state = game.setup(None, 2, 1)
    first = next_step(game, state, 0, ())
    assert [o.label for o in first.options] == ["Group 0", "Group 1", "Group 2"]
    second = next_step(game, state, 0, ("s1",))
    assert all(o.key.startswith("k") and int(o.key[1:]) % 3 == 1 for o in second.options)


def test_a_path_that_leads_nowhere_is_refused() -> None:
    game = ManyChoices(60, 3)
    state = game.setup(None, 2, 1)
    for bad in (("s9",), ("x",), ("s0", "k1"), ("s0", "k0", "k3")):
        with pytest.raises(MalformedKey):
            next_step(game, state, 0, bad)


def test_real_games_offer_their_choices_in_steps() -> None:
    wars = get_game("wars")
    state = wars.setup({"first": "red"}, 2, 1)
    keys = {c.key for c in wars.choices(state, 0)}
    assert set(walk_all(wars, state)) == keys


def test_a_game_may_build_its_own_steps_with_a_multi_select() -> None:
    game = Discards()
    state = game.setup(None, 2, 1)
    discard = next_step(game, state, 0, ("b",))
    assert (discard.least, discard.most) == (2, 3)
    assert next_step(game, state, 0, ("b", MULTI_SEPARATOR.join(["d1", "d4"]))) == "play:b:d1+d4"


def test_a_step_is_select_sized() -> None:
    options = tuple(Choice(f"o{i}", f"Option {i}") for i in range(26))
    with pytest.raises(ValueError):
        Step("Too many.", options)
    with pytest.raises(ValueError):
        Step("Pick four of three.", options[:3], 4, 4)
    assert Step("Any of three, or none.", options[:3], 0, 3).most == 3


async def test_the_service_walks_a_seat_through_its_steps_and_plays_the_key_once(service) -> None:
    match = await service.lobby.create(channel_id=CHANNEL, host_id=HOST, game_id="wars", guild_id=GUILD)
    await service.lobby.join(match.id, GUEST)
    result = await service.start(match.id, HOST)
    seat = next(iter(result.to_decide))
    user = result.to_decide[seat]
    step = await service.step_for(match.id, user, seat, ())
    assert isinstance(step, Step)
    path: tuple[str, ...] = ()
    while isinstance(step, Step):
        path = (*path, step.options[0].key)
        step = await service.step_for(match.id, user, seat, path)
    played = await service.act(match.id, user, step, result.version)
    assert played.version == 1 and played.key == step
    other = GUEST if user == HOST else HOST
    with pytest.raises(NotAPlayer):
        await service.step_for(match.id, STRANGER, seat, ())
    with pytest.raises(NotYourTurn):
        await service.step_for(match.id, other, 1 - seat, ())
