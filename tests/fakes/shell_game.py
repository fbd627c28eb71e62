"""A tiny hidden-information game that exists only for tests.

It exercises what Wars cannot: a secret held by one seat (private log lines, per-seat views, determinize)
and a window in which two seats decide at once. Seat 0 (the Trickster) hides a pea under one of three
shells; then the Guesser picks a shell while the Trickster, at the same time, either taunts or keeps quiet.
A lucky shell, drawn from the match's generator at setup, is public and only decorates the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.core import Choice, Game, GameMeta, LogEntry, Outcome, Transition, View
from engine.errors import IllegalAction, MalformedKey
from engine.rng import Rng

TRICKSTER, GUESSER = 0, 1


@dataclass(frozen=True, slots=True)
class ShellAction:
    kind: Literal["hide", "guess", "taunt", "quiet"]
    shell: int = 0


@dataclass(frozen=True, slots=True)
class ShellState:
    pea: int | None  # secret: only the Trickster may know it
    guess: int | None
    taunted: bool | None
    lucky: int
    outcome: Outcome | None
    rng: Rng


@dataclass(frozen=True, slots=True)
class ShellView(View):
    pea: int | None
    hidden: bool
    guessed: bool
    taunted: bool | None
    lucky: int


class ShellGame(Game[ShellState, ShellAction, ShellView]):
    meta = GameMeta(
        id="shells",
        title="Shell Game (test only)",
        summary="Find the pea.",
        seat_names=("Trickster", "Guesser"),
        min_players=2,
        max_players=2,
        rules_version=1,
        max_decisions=3,
        hidden_information=True,
        hotseat=True,
    )
    state_type = ShellState
    view_type = ShellView

    def initial_state(self, options: object, players: int, rng: Rng, rules_version: int) -> ShellState:
        lucky, rng = rng.below(3)
        return ShellState(None, None, None, lucky + 1, None, rng)

    def to_decide(self, state: ShellState) -> tuple[int, ...]:
        if state.outcome:
            return ()
        if state.pea is None:
            return (TRICKSTER,)
        return tuple(seat for seat, done in ((0, state.taunted is not None), (1, state.guess is not None)) if not done)

    def turn_number(self, state: ShellState) -> int:
        return 1 if state.pea is None else 2

    def legal_actions(self, state: ShellState, seat: int) -> list[ShellAction]:
        if seat not in self.to_decide(state):
            return []
        if state.pea is None:
            return [ShellAction("hide", n) for n in (1, 2, 3)]
        if seat == TRICKSTER:
            return [ShellAction("taunt"), ShellAction("quiet")]
        return [ShellAction("guess", n) for n in (1, 2, 3)]

    def action_key(self, action: ShellAction) -> str:
        return f"{action.kind}{action.shell or ''}"

    def parse_key(self, key: str) -> ShellAction:
        for kind in ("hide", "guess"):
            if key in {f"{kind}{n}" for n in (1, 2, 3)}:
                return ShellAction(kind, int(key[-1]))
        if key in ("taunt", "quiet"):
            return ShellAction(key)
        raise MalformedKey(f"“{key[:20]}” is not a shell-game choice.")

    def describe(self, state: ShellState, seat: int, action: ShellAction) -> Choice:
        labels = {
            "hide": "Hide the pea under shell",
            "guess": "Lift shell",
            "taunt": "Taunt",
            "quiet": "Keep quiet",
        }
        label = f"{labels[action.kind]} {action.shell}" if action.shell else labels[action.kind]
        return Choice(self.action_key(action), label, None)

    def apply_legal(self, state: ShellState, seat: int, action: ShellAction) -> Transition[ShellState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("That isn't one of your choices right now.")
        if action.kind == "hide":
            entry = LogEntry.secret(
                "The Trickster hid the pea in secret.",
                {TRICKSTER: f"You hid the pea under shell {action.shell}."},
            )
            return Transition(replace(state, pea=action.shell), (entry,))
        if action.kind == "guess":
            state, entry = (
                replace(state, guess=action.shell),
                LogEntry(f"The Guesser lifts shell {action.shell}."),
            )
        else:
            state = replace(state, taunted=action.kind == "taunt")
            entry = LogEntry("The Trickster taunts!" if state.taunted else "The Trickster says nothing.")
        if state.guess is not None and state.taunted is not None:
            found = state.guess == state.pea
            winner = GUESSER if found else TRICKSTER
            state = replace(
                state,
                outcome=Outcome.win(winner, reason="The pea was found." if found else "The pea stayed hidden."),
            )
        return Transition(state, (entry,))

    def outcome(self, state: ShellState) -> Outcome | None:
        return state.outcome

    def view(self, state: ShellState, seat: int | None) -> ShellView:
        knows = seat == TRICKSTER or state.outcome is not None
        return ShellView(
            **self.view_fields(state, seat, self.meta.seat_names),
            pea=state.pea if knows else None,
            hidden=state.pea is not None,
            guessed=state.guess is not None,
            taunted=state.taunted,
            lucky=state.lucky,
        )

    def view_of_seats(self, state: ShellState, seats: Sequence[int]) -> ShellView:
        """Whoever holds the Trickster's seat knows the pea, whatever else they hold."""
        if TRICKSTER in seats:
            return self.view(state, TRICKSTER)
        return super().view_of_seats(state, seats)

    def determinize(self, state: ShellState, seat: int, rng: Rng) -> ShellState:
        if seat == TRICKSTER or state.pea is None or state.outcome:
            return state
        pea, _ = rng.below(3)
        return replace(state, pea=pea + 1)
