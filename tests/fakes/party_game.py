"""A test-only game of up to six seats with options of every kind the lobby offers.

Each seat in turn adds 1, 2 or 3 to its score; after ``rounds`` rounds the highest score wins (a tie is a
draw). Cooperative mode: everyone wins together if the scores add up to at least twice the number of turns
played. The options exist to exercise the lobby: a bounded integer, a fixed list, a yes/no, several of a
list at once, and a name with a digit in it.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, Field

from engine.core import Choice, Game, GameMeta, LogEntry, Outcome, Step, Transition, View
from engine.errors import IllegalAction, MalformedKey
from engine.rng import MatchRng
from render import palette as pal
from render.core import BoardRenderer, RenderOptions
from tests.fakes.offer import game_offered

NAMES = ("Ruby", "Sapphire", "Emerald", "Amethyst", "Amber", "Sky")


class PartyOptions(BaseModel):
    model_config = {"frozen": True, "extra": "forbid"}

    rounds: int = Field(2, ge=1, le=12)
    mode: Literal["competitive", "cooperative"] = "competitive"
    quick: bool = False
    extras: frozenset[Literal["fog", "bonus", "echo"]] = frozenset()
    level2: Literal["low", "high"] = "low"


@dataclass(frozen=True, slots=True)
class PartyState:
    scores: tuple[int, ...]
    to_act: int
    turns: int
    rounds: int
    cooperative: bool
    outcome: Outcome | None
    rng: MatchRng


@dataclass(frozen=True, slots=True)
class PartyView(View):
    scores: tuple[int, ...]


class PartyGame(Game[PartyState, int, PartyView]):
    meta = GameMeta(
        id="party",
        title="Party (test only)",
        summary="Add 1, 2 or 3 in turn; the highest score wins.",
        seat_names=NAMES,
        min_players=2,
        max_players=6,
        rules_version=1,
        max_decisions=6 * 12,
        options=PartyOptions,
        hotseat=True,
    )
    state_type = PartyState
    view_type = PartyView

    def initial_state(self, options: PartyOptions, players: int, rng: MatchRng, rules_version: int) -> PartyState:
        return PartyState((0,) * players, 0, 0, options.rounds, options.mode == "cooperative", None, rng)

    def to_decide(self, state: PartyState) -> tuple[int, ...]:
        return () if state.outcome else (state.to_act,)

    def turn_number(self, state: PartyState) -> int:
        return state.turns // len(state.scores) + 1

    def legal_actions(self, state: PartyState, seat: int) -> list[int]:
        return [1, 2, 3] if seat in self.to_decide(state) else []

    def action_key(self, action: int) -> str:
        return f"add{action}"

    def parse_key(self, key: str) -> int:
        if key not in ("add1", "add2", "add3"):
            raise MalformedKey(f"{key!r} is not a move here: add1, add2 or add3.")
        return int(key[3])

    def describe(self, state: PartyState, seat: int, action: int) -> Choice:
        return Choice(self.action_key(action), f"Add {action}")

    def apply_legal(self, state: PartyState, seat: int, action: int) -> Transition[PartyState]:
        if action not in (1, 2, 3):
            raise IllegalAction("Add 1, 2 or 3.")
        scores = tuple(s + action if i == seat else s for i, s in enumerate(state.scores))
        players = len(scores)
        state = replace(state, scores=scores, to_act=(seat + 1) % players, turns=state.turns + 1)
        log = [LogEntry(f"{NAMES[seat]} adds {action}.")]
        if state.turns == state.rounds * players:
            state = replace(state, outcome=self._result(state))
            log.append(LogEntry(state.outcome.reason))
        return Transition(state, tuple(log))

    def _result(self, state: PartyState) -> Outcome:
        everyone = range(len(state.scores))
        if state.cooperative:
            if sum(state.scores) >= 2 * state.turns:
                return Outcome.win(*everyone, reason="The party reached its target together.")
            return Outcome(frozenset(), "The party fell short of its target.")
        best = max(state.scores)
        leaders = [i for i in everyone if state.scores[i] == best]
        if len(leaders) > 1:
            return Outcome.drawn(f"A tie at {best}.")
        return Outcome.win(leaders[0], reason=f"{NAMES[leaders[0]]} scored {best}.")

    def concede(self, state: PartyState, seats: Collection[int], players: int) -> Outcome | None:
        """Cooperative is this match's choice, not the game's: the party loses together; otherwise the
        default (the last seat standing wins, else the resigners drop out)."""
        if state.cooperative:
            return Outcome(frozenset(), "The party gave up.")
        return super().concede(state, seats, players)

    def outcome(self, state: PartyState) -> Outcome | None:
        return state.outcome

    def view(self, state: PartyState, seat: int | None) -> PartyView:
        return PartyView(**self.view_fields(state, seat, NAMES[: len(state.scores)]), scores=state.scores)


class PartyRenderer(BoardRenderer):
    game: ClassVar[str] = "party"
    view_type: ClassVar[type] = PartyView
    aspect: ClassVar[float] = 16 / 9  # a wide board: the renderer may choose its canvas

    def draw(self, view: PartyView, options: RenderOptions) -> Image.Image:
        width, height = self.canvas(options)
        image = Image.new("RGB", (width, height), pal.BACKGROUND)
        draw = ImageDraw.Draw(image)
        step = width // (len(view.scores) + 1)
        for seat, score in enumerate(view.scores):
            x = (seat + 1) * step
            top = height - 40 - score * 10
            draw.rectangle((x - 20, top, x + 20, height - 40), fill=pal.SIDE_STRONG[seat])
        return image

    def swatch(self, size: int) -> Image.Image:
        image = Image.new("RGB", (7, 1))
        for i, colour in enumerate((pal.BACKGROUND, *pal.SIDE_STRONG)):
            image.putpixel((i, 0), colour)
        return image


def party_game_offered() -> contextlib.AbstractContextManager[None]:
    """Offer the party game and its renderer for the duration of one test (build the bot inside it)."""
    return party_variant_offered(PartyGame())


class WidePartyGame(PartyGame):
    """The party game with 700 choices a turn (``k0``…``k699``, adding 1–3), to overflow any flat picker."""

    WIDTH = 700

    def legal_actions(self, state: PartyState, seat: int) -> list[int]:
        return list(range(self.WIDTH)) if seat in self.to_decide(state) else []

    def action_key(self, action: int) -> str:
        return f"k{action}"

    def parse_key(self, key: str) -> int:
        if not (key.startswith("k") and key[1:].isdigit() and int(key[1:]) < self.WIDTH):
            raise MalformedKey(f"{key!r} is not a move here.")
        return int(key[1:])

    def describe(self, state: PartyState, seat: int, action: int) -> Choice:
        return Choice(self.action_key(action), f"Option {action} (adds {action % 3 + 1})")

    def apply_legal(self, state: PartyState, seat: int, action: int) -> Transition[PartyState]:
        return super().apply_legal(state, seat, action % 3 + 1)


class DiscardPartyGame(PartyGame):
    """The party game decided in two steps of its own: how much to add, then two or three of five cards to
    discard at once (a multi-select); the key is ``add2:c1+c4``."""

    CARDS = ("c0", "c1", "c2", "c3", "c4")

    def legal_actions(self, state: PartyState, seat: int) -> list[Any]:
        if seat not in self.to_decide(state):
            return []
        hands = [c for size in (2, 3) for c in itertools.combinations(self.CARDS, size)]
        return [(amount, cards) for amount in (1, 2, 3) for cards in hands]

    def action_key(self, action: Any) -> str:
        amount, cards = action
        return f"add{amount}:{'+'.join(cards)}"

    def parse_key(self, key: str) -> Any:
        amount, _, discards = key.partition(":")
        cards = tuple(sorted(discards.split("+")))
        if not 2 <= len(cards) <= 3 or not set(cards) <= set(self.CARDS) or len(set(cards)) != len(cards):
            raise MalformedKey(f"{key!r}: add 1–3, then discard two or three cards (add2:c1+c4).")
        return super().parse_key(amount), cards

    def describe(self, state: PartyState, seat: int, action: Any) -> Choice:
        return Choice(self.action_key(action), f"Add {action[0]}, discard {' and '.join(action[1])}")

    def apply_legal(self, state: PartyState, seat: int, action: Any) -> Transition[PartyState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Add 1–3 and discard two or three different cards.")
        return super().apply_legal(state, seat, action[0])

    def steps(self, state: PartyState, seat: int, path: tuple[str, ...]) -> Step | str | None:
        if not path:
            return Step("How much do you add?", tuple(Choice(f"add{n}", f"Add {n}") for n in (1, 2, 3)))
        if len(path) == 1:
            cards = tuple(Choice(card, f"Card {card[1]}") for card in self.CARDS)
            return Step("Discard two or three cards.", cards, 2, 3)
        return f"{path[0]}:{path[1]}"


def party_variant_offered(game: PartyGame) -> contextlib.AbstractContextManager[None]:
    """Offer ``game`` (a variant of the party game, under its id) with the party renderer for one test."""
    return game_offered(game, PartyRenderer())
