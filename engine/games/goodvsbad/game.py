"""Good vs Bad (seed 003) as a ``Game``: metadata, setup, who decides, legal actions, apply, views, and the
AI's hooks. The rules live beside it (``setup``, ``turns``, ``landing``, ``fights``, ``spaces``); every rule of
ours is in docs/rules/good-vs-bad.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import Choice, Game, GameMeta, Step, Transition
from ...errors import IllegalAction, MalformedKey
from ...frozen import replace
from ...rng import MatchRng, Rng
from . import rules
from .encounters import seen_card
from .labels import label, prompt, purchase_label, purchase_steps
from .model import SEAT_NAMES, GoodVsBadOptions, GvbState
from .setup import PURCHASES, initial_state
from .views import GvbView, board_fields

PURCHASE_CHOICES = tuple(Choice(key, purchase_label(key.removeprefix("buy:")), "Buy") for key in rules.ALL_PURCHASES)
DECISIONS_PER_TURN = 200  # generous: two moves and their landings, plus every card of a full hand played, each answered


class GoodVsBad(Game[GvbState, str, GvbView]):
    """Heroes and Villains on roads that turn good or bad, for two to six players."""

    meta = GameMeta(
        id="goodvsbad",
        title="Good vs Bad",
        summary="Run a Hero and a Villain on roads that turn good or bad; win by a crowned tour, or on Renown.",
        seat_names=SEAT_NAMES,
        min_players=2,
        max_players=6,
        rules_version=6,  # 6: a tour under way plays on after the last round (docs/rules/good-vs-bad.md)
        older_rules=(1, 2, 3, 4, 5),
        max_decisions=12 + 20 * 6 * DECISIONS_PER_TURN,
        options=GoodVsBadOptions,
        hidden_information=True,
    )
    state_type = GvbState
    view_type = GvbView

    # -- setup ------------------------------------------------------------------------------------------------

    def initial_state(self, options: GoodVsBadOptions, players: int, rng: MatchRng, rules_version: int) -> GvbState:
        return initial_state(options, players, rng, rules_version)

    def rules_version_of(self, state: GvbState) -> int:
        return state.rules

    # -- who decides ------------------------------------------------------------------------------------------

    def to_decide(self, state: GvbState) -> tuple[int, ...]:
        return rules.deciders(state)

    def turn_number(self, state: GvbState) -> int:
        return state.round

    # -- legal actions and keys -------------------------------------------------------------------------------

    def legal_actions(self, state: GvbState, seat: int) -> Sequence[str]:
        return rules.legal(state, seat)

    def action_key(self, action: str) -> str:
        return action

    def parse_key(self, key: str) -> str:
        if not key or len(key) > 100 or (":" not in key and key != "roll"):
            raise MalformedKey(
                f"{key!r} isn't a Good vs Bad move: press Take turn, or start typing in /game move and pick one."
            )
        return key

    def describe(self, state: GvbState, seat: int, action: str) -> Choice:
        text, group = label(state, action)
        return Choice(action, text[:100], group)

    def choices(self, state: GvbState, seat: int) -> list[Choice]:
        """As ``Game.choices``; the 1,001 purchases read the same in every match, so they are labelled once."""
        if state.stage == "buy" and seat in rules.deciders(state):
            return list(PURCHASE_CHOICES)
        return super().choices(state, seat)

    def prompt(self, state: GvbState, seat: int) -> str:
        return prompt(state, seat)

    def steps(self, state: GvbState, seat: int, path: tuple[str, ...]) -> Step | str | None:
        """The purchase is built in four steps; every other decision is short enough for one select."""
        if state.stage != "buy":
            return None
        if any(not part.isdigit() for part in path) or sum(int(p) for p in path) > 10 or len(path) > 4:
            raise MalformedKey("That purchase isn't on offer.")
        return purchase_steps(path)

    def pass_key(self, state: GvbState, seat: int) -> str | None:
        """Letting an Event stand, or staying away from a call for help; nothing else may be passed."""
        if seat not in rules.deciders(state):
            return None
        if state.window is not None:
            return "answer:pass"
        return "help:decline" if state.call is not None else None

    # -- apply ------------------------------------------------------------------------------------------------

    def apply_legal(self, state: GvbState, seat: int, action: str) -> Transition[GvbState]:
        if action not in rules.legal(state, seat):
            raise IllegalAction(f"{label_or_key(state, action)} is not a choice for you now.")
        state, log = rules.play(state, seat, action, listed=True)
        return Transition(state, tuple(log))

    def apply_listed(self, state: GvbState, seat: int, action: str) -> Transition[GvbState]:
        """An action ``legal_actions`` listed for this very state (search): played without checking again."""
        state, log = rules.play(state, seat, action, listed=True)
        return Transition(state, tuple(log))

    def outcome(self, state: GvbState):  # type: ignore[no-untyped-def]
        return state.outcome

    # -- views ------------------------------------------------------------------------------------------------

    def view(self, state: GvbState, seat: int | None) -> GvbView:
        names = SEAT_NAMES[: len(state.players)]
        return GvbView(**self.view_fields(state, seat, names), **board_fields(state, seat))  # type: ignore[arg-type]

    # -- AI hooks ---------------------------------------------------------------------------------------------

    def determinize(self, state: GvbState, seat: int, rng: Rng) -> GvbState:
        """Deal what ``seat`` cannot see afresh: other hands and the Item deck (with every unseen deal) from one
        pool, other hands and the Event deck from another, each Encounter deck's order, the others' sealed
        purchases; and a new generator. A card a Hero has turned over is public and stays on top."""
        players = list(state.players)
        item_pool = list(state.decks.items) + [c for p in players for c in p.dealt]
        item_pool += [c for p in players if p.seat != seat for c in p.items]
        event_pool = list(state.decks.events) + [c for p in players if p.seat != seat for c in p.events]
        items, rng = rng.shuffled(item_pool)
        events, rng = rng.shuffled(event_pool)
        options = PURCHASES
        for index, known in enumerate(state.players):
            dealt, items = items[: len(known.dealt)], items[len(known.dealt) :]
            guess = replace(known, dealt=dealt)
            if known.seat != seat:
                hand, items = items[: len(known.items)], items[len(known.items) :]
                cards, events = events[: len(known.events)], events[len(known.events) :]
                guess = replace(guess, items=hand, events=cards)
                if known.purchase is not None:
                    pick, rng = rng.below(len(options))
                    guess = replace(guess, purchase=options[pick])
            players[index] = guess
        seen = seen_card(state)  # a card a Hero has turned over stays where it is
        encounters = []
        for deck in state.decks.encounters:
            keep = 1 if deck and deck[0] == seen else 0
            shuffled, rng = rng.shuffled(deck[keep:])
            encounters.append((*deck[:keep], *shuffled))
        decks = replace(state.decks, items=tuple(items), events=tuple(events), encounters=tuple(encounters))
        window = state.window
        if window is not None:  # the others' sealed answers: guessed, a Negation only from a hand that has one
            guesses = []
            for other, answer in enumerate(window.answers):
                guess = answer
                if answer and other != seat:
                    flip, rng = rng.below(2)
                    guess = "negate" if flip and "negation" in players[other].events else "pass"
                guesses.append(guess)
            window = replace(window, answers=tuple(guesses))
        return replace(state, players=tuple(players), decks=decks, window=window, rng=rng)


def label_or_key(state: GvbState, key: str) -> str:
    try:
        return label(state, key)[0]
    except (MalformedKey, ValueError, KeyError, IndexError):
        return key
