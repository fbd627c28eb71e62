"""A test-only game with a reaction window, a hidden hand and a sealed simultaneous choice.

Seats take turns adding 1, 2 or 3 to their score for ``rounds`` rounds; the highest score wins. Each seat may
hold a Negation card (dealt secretly from the match's generator). Adding 3 opens a window in which *every*
other seat answers at once, sealed: ``pass``, or ``negate`` for a seat holding the card. Once all have
answered, the answers are opened: if anyone negated, the 3 is cancelled and the first negating seat spends its
card. Being asked says nothing of a hand, and nothing public shows an answer before all are in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.core import Choice, Game, GameMeta, LogEntry, Outcome, Transition, View
from engine.errors import IllegalAction, MalformedKey
from engine.rng import MatchRng, Rng
from tests.fakes.party_game import NAMES, PartyOptions, PartyRenderer

PASS, NEGATE = "pass", "negate"


@dataclass(frozen=True, slots=True)
class NegationState:
    scores: tuple[int, ...]
    hands: tuple[int, ...]  # SECRET: Negation cards held, per seat
    to_act: int
    turns: int
    rounds: int
    window: tuple[str | None, ...] | None  # SECRET until all answered: each other seat's answer, or None
    outcome: Outcome | None
    rng: MatchRng


@dataclass(frozen=True, slots=True)
class NegationView(View):
    scores: tuple[int, ...]
    hand: int | None  # the viewer's own cards (None for a spectator)
    asked: tuple[int, ...]  # seats still to answer the open window


class NegationGame(Game[NegationState, str, NegationView]):
    meta: ClassVar[GameMeta] = GameMeta(
        id="negation",
        title="Negation (test only)",
        summary="Add in turn; a 3 may be negated.",
        seat_names=NAMES,
        min_players=2,
        max_players=6,
        rules_version=1,
        max_decisions=6 * 12 * 7,
        options=PartyOptions,
        hidden_information=True,
    )
    state_type = NegationState
    view_type = NegationView

    def initial_state(self, options: PartyOptions, players: int, rng: MatchRng, rules_version: int) -> NegationState:
        hands, rng = _deal(rng, players)
        return NegationState((0,) * players, hands, 0, 0, options.rounds, None, None, rng)

    def to_decide(self, state: NegationState) -> tuple[int, ...]:
        if state.outcome:
            return ()
        if state.window is not None:
            return tuple(seat for seat, answer in enumerate(state.window) if answer is None and seat != state.to_act)
        return (state.to_act,)

    def turn_number(self, state: NegationState) -> int:
        return state.turns // len(state.scores) + 1

    def legal_actions(self, state: NegationState, seat: int) -> list[str]:
        if seat not in self.to_decide(state):
            return []
        if state.window is not None:
            return [PASS, NEGATE] if state.hands[seat] else [PASS]
        return ["add1", "add2", "add3"]

    def action_key(self, action: str) -> str:
        return action

    def parse_key(self, key: str) -> str:
        if key not in ("add1", "add2", "add3", PASS, NEGATE):
            raise MalformedKey(f"{key!r} is not a move here.")
        return key

    def describe(self, state: NegationState, seat: int, action: str) -> Choice:
        labels = {PASS: "Let it stand", NEGATE: "Negate it (spend your card)"}
        return Choice(action, labels.get(action, f"Add {action[3:]}"))

    def pass_key(self, state: NegationState, seat: int) -> str | None:
        return PASS if state.window is not None and seat in self.to_decide(state) else None

    def apply_legal(self, state: NegationState, seat: int, action: str) -> Transition[NegationState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Negating needs a Negation card." if action == NEGATE else "Not now.")
        if state.window is not None:
            return self._answer(state, seat, action)
        amount = int(action[3:])
        scores = tuple(s + amount if i == seat else s for i, s in enumerate(state.scores))
        state = replace(state, scores=scores)
        line = LogEntry(f"{NAMES[seat]} adds {amount}.")
        if amount == 3 and len(state.scores) > 1:
            window = tuple(None for _ in state.scores)
            return Transition(replace(state, window=window), (line, LogEntry("Everyone else may answer.")))
        return self._next(state, (line,))

    def _answer(self, state: NegationState, seat: int, action: str) -> Transition[NegationState]:
        assert state.window is not None
        window = tuple(action if i == seat else a for i, a in enumerate(state.window))
        sealed = LogEntry.secret(f"{NAMES[seat]} has answered.", {seat: f"You answered: {action}."})
        state = replace(state, window=window)
        if self.to_decide(state):
            return Transition(state, (sealed,))
        negators = [i for i, a in enumerate(window) if a == NEGATE]
        if negators:
            first = negators[0]
            scores = tuple(s - 3 if i == state.to_act else s for i, s in enumerate(state.scores))
            hands = tuple(h - 1 if i == first else h for i, h in enumerate(state.hands))
            state = replace(state, scores=scores, hands=hands)
            opened = LogEntry(f"The 3 is negated by {NAMES[first]}.")
        else:
            opened = LogEntry("The 3 stands.")
        return self._next(replace(state, window=None), (sealed, opened))

    def _next(self, state: NegationState, log: tuple[LogEntry, ...]) -> Transition[NegationState]:
        players = len(state.scores)
        state = replace(state, to_act=(state.to_act + 1) % players, turns=state.turns + 1)
        if state.turns == state.rounds * players:
            best = max(state.scores)
            leaders = [i for i, s in enumerate(state.scores) if s == best]
            outcome = (
                Outcome.drawn(f"A tie at {best}.")
                if len(leaders) > 1
                else Outcome.win(leaders[0], reason=f"{NAMES[leaders[0]]} scored {best}.")
            )
            return Transition(replace(state, outcome=outcome), (*log, LogEntry(outcome.reason)))
        return Transition(state, log)

    def outcome(self, state: NegationState) -> Outcome | None:
        return state.outcome

    def view(self, state: NegationState, seat: int | None) -> NegationView:
        names = NAMES[: len(state.scores)]
        hand = None if seat is None else state.hands[seat]
        asked = self.to_decide(state) if state.window is not None else ()
        return NegationView(**self.view_fields(state, seat, names), scores=state.scores, hand=hand, asked=asked)

    def determinize(self, state: NegationState, seat: int, rng: Rng) -> NegationState:
        """Other seats' hands and sealed answers re-drawn: what ``seat`` cannot see."""
        hands, rng = _deal(rng, len(state.scores))
        hands = tuple(state.hands[i] if i == seat else hands[i] for i in range(len(hands)))
        window = state.window
        if window is not None:
            answers = []
            for i, answer in enumerate(window):
                if answer is None or i == seat:
                    answers.append(answer)
                else:
                    flip, rng = rng.below(2)
                    answers.append(NEGATE if flip and hands[i] else PASS)
            window = tuple(answers)
        return replace(state, hands=hands, window=window)


def _deal(rng: MatchRng | Rng, players: int) -> tuple[tuple[int, ...], MatchRng]:
    hands: list[int] = []
    for _ in range(players):
        card, rng = rng.below(2)
        hands.append(card)
    return tuple(hands), rng


def hands_in(seats: Sequence[int], players: int) -> tuple[int, ...]:
    """A hand of one Negation card for each of ``seats`` (for tests that fix the deal)."""
    return tuple(int(i in seats) for i in range(players))


class NegationRenderer(PartyRenderer):
    """The party game's bars, for the negation game's views."""

    game = "negation"
    view_type = NegationView
