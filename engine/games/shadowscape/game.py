"""Shadowscape (seed 002) as a ``Game``: metadata, setup, who decides, legal actions, apply, views, and the
AI's hooks. The rules live beside it: ``actions.py`` lists, ``resolve.py`` and ``turns.py`` play, the content
is in ``tables.py``. Every rule of ours is in docs/rules/shadowscape.md.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ...core import Choice, Game, GameMeta, Outcome, Step, Transition
from ...errors import IllegalAction
from ...frozen import replace
from ...rng import MatchRng, Rng
from . import actions, resolve, turns
from .evaluation import evaluate
from .keys import ShadowAction, parse
from .labels import describe_action
from .model import ACTIONS_PER_TURN, PRINTED_WORD, ShadowOptions, ShadowState
from .setup import new_match, redeal_whispers, whisper_layout
from .steps import steps as steps_of
from .texts import count
from .views import ShadowView, view_for

SEAT_NAMES = ("Hero 1", "Hero 2", "Hero 3", "Hero 4")

PLAYS = {
    "hero": resolve.pick_hero,
    "start": resolve.place_hero,
    "mv": resolve.move,
    "at": resolve.attack,
    "se": resolve.search,
    "pr": resolve.prepare,
    "he": resolve.heal,
    "sp": resolve.special,
    "cl": resolve.claim,
    "af": resolve.play_fate,
    "end": turns.end_actions,
    "def": turns.defend,
    "wd": turns.place_wounds,
    "mn": turns.mend_chosen,
    "hit": turns.choose_attack,
    "drop": turns.drop,
    "ord": turns.order_fate,
}


class Shadowscape(Game[ShadowState, ShadowAction, ShadowView]):
    """The card-driven dungeon crawl, competitive or cooperative, for two to four heroes (one user may hold
    several: a solo game is a cooperative game of two or more heroes)."""

    meta = GameMeta(
        id="shadowscape",
        title="Shadowscape",
        summary="Crawl a shifting dungeon with your hero's action cards and a hand of fate; slay the Lord below.",
        seat_names=SEAT_NAMES,
        min_players=2,
        max_players=4,
        # 2: a one-action first turn, a fair Long Dark; 3: co-op's Lord's whisper nearer; 4: Sister Mournwell
        # redesigned, co-op's spare whispers on top again; 5: every face does what it says (riders, Wounds
        # placed and healed by choice, curses that wound) (docs/rules/shadowscape.md, Rules versions)
        rules_version=PRINTED_WORD,
        older_rules=(1, 2, 3, 4),
        max_decisions=6000,
        options=ShadowOptions,
        hidden_information=True,
        hotseat=True,
    )
    state_type = ShadowState
    view_type = ShadowView

    # -- setup ------------------------------------------------------------------------------------------------

    def initial_state(self, options: ShadowOptions, players: int, rng: MatchRng, rules_version: int) -> ShadowState:
        return new_match(options, players, rng, rules_version)

    def rules_version_of(self, state: ShadowState) -> int:
        return state.rules

    # -- who decides ------------------------------------------------------------------------------------------

    def to_decide(self, state: ShadowState) -> tuple[int, ...]:
        if state.outcome is not None:
            return ()
        return (state.pending.seat,) if state.pending is not None else (state.active,)

    def turn_number(self, state: ShadowState) -> int:
        return state.turn

    # -- legal actions ----------------------------------------------------------------------------------------

    def legal_actions(self, state: ShadowState, seat: int) -> list[ShadowAction]:
        return actions.legal(state, seat)

    def action_key(self, action: ShadowAction) -> str:
        return action.key

    def parse_key(self, key: str) -> ShadowAction:
        return parse(key)

    def describe(self, state: ShadowState, seat: int, action: ShadowAction) -> Choice:
        return describe_action(state, seat, action)

    def pass_key(self, state: ShadowState, seat: int) -> str | None:
        """The Defence boost on another player's turn is a reaction: declining it is ``def``."""
        pending = state.pending
        if pending is not None and pending.kind == "defend" and pending.seat == seat and seat != state.active:
            return "def"
        return None

    def prompt(self, state: ShadowState, seat: int) -> str:
        pending = state.pending
        if pending is not None:
            return {
                "defend": f"You are attacked ({pending.damage}): boost your Defence with fate cards?",
                "wounds": (
                    f"Where do your {count(pending.count, 'Wound')} go?"
                    if state.rules >= PRINTED_WORD
                    else f"Your hero card is full: which action cards take {count(pending.count, 'Wound')}?"
                ),
                "mend": f"Your Heal removes {count(pending.count, 'Wound')}: which?",
                "hit": "Which enemy attacks next, and whom?",
                "drop": (
                    "The venom burns: discard a fate card of your choice."
                    if pending.attacker
                    else f"Discard {count(pending.count, 'fate card')} down to your Hand Size."
                ),
                "token": "You may keep 3 trophies and treasures: which one goes?",
                "foresee": "Put the fate cards back, top first.",
            }.get(pending.kind, "Your decision.")
        if state.phase == "draft":
            return "Choose your hero (and which of its cards start on their back face)."
        if state.phase == "place":
            return "Choose your starting room."
        left = ("no actions", "one action", "two actions")[max(0, ACTIONS_PER_TURN - state.used.actions)]
        why = " (the first player's first turn has one)" if state.turn == 1 and state.short_first_turn else ""
        return f"Your Action Phase: {left} left{why}; a claim and an Alter Fate, once each; then End."

    def steps(self, state: ShadowState, seat: int, path: tuple[str, ...]) -> Step | str | None:
        """Card (or Move), target, then the boost as one multi-select (``steps.py``)."""
        return steps_of(state, seat, self.legal_actions(state, seat), self.prompt(state, seat), path)

    # -- apply ------------------------------------------------------------------------------------------------

    def apply_legal(self, state: ShadowState, seat: int, action: ShadowAction) -> Transition[ShadowState]:
        if action not in actions.legal(state, seat):
            raise IllegalAction("That isn't possible now; open the picker to see what you can do.")
        return self.apply_listed(state, seat, action)

    def apply_listed(self, state: ShadowState, seat: int, action: ShadowAction) -> Transition[ShadowState]:
        new, log = PLAYS[action.kind](state, seat, action)
        if new.outcome is not None and (new.pending is not None or new.phase != "over"):
            new = replace(new, pending=None, phase="over")  # a match ended mid-action (a co-op draw from nothing)
        return Transition(new, tuple(log))

    def outcome(self, state: ShadowState) -> Outcome | None:
        return state.outcome

    def solo_options(self) -> Mapping[str, Any]:
        """Alone, you play the cooperative game holding two heroes (the rulebook's solo game)."""
        return {"mode": "cooperative"}

    def concede(self, state: ShadowState, seats: Collection[int], players: int) -> Outcome | None:
        """In the cooperative game the team gives up together; in the competitive one a resigning hero drops
        out (the AI carries the seat on) unless only one player is left, who wins."""
        if state.cooperative:
            return Outcome(frozenset(), "The heroes gave up.")
        return super().concede(state, seats, players)

    # -- views ------------------------------------------------------------------------------------------------

    def view(self, state: ShadowState, seat: int | None) -> ShadowView:
        seats = () if seat is None else (seat,)
        return view_for(state, seats, self.view_fields(state, seat, self.seat_names(len(state.heroes))))

    def view_of_seats(self, state: ShadowState, seats: Sequence[int]) -> ShadowView:
        viewer = seats[0] if seats else None
        return view_for(state, tuple(seats), self.view_fields(state, viewer, self.seat_names(len(state.heroes))))

    # -- AI hooks ---------------------------------------------------------------------------------------------

    def determinize(self, state: ShadowState, seat: int, rng: Rng) -> ShadowState:
        """Deal the cards ``seat`` cannot see (other hands and the fate deck) afresh, and shuffle every face-down
        pile (the whisper deck within what its layout makes public): a guess consistent with its view."""
        pending = state.pending
        known = pending.count if pending is not None and pending.kind == "foresee" and pending.seat == seat else 0
        top, deck = state.piles.fate[:known], state.piles.fate[known:]  # cards the seat is looking at stay put
        hidden = [c for h in state.heroes if h.seat != seat for c in h.hand] + list(deck)
        dealt, rng = rng.shuffled(hidden)
        heroes = []
        index = 0
        for hero in state.heroes:
            if hero.seat == seat:
                heroes.append(hero)
                continue
            heroes.append(replace(hero, hand=tuple(dealt[index : index + len(hero.hand)])))
            index += len(hero.hand)
        piles = state.piles
        enemies = []
        for pile in piles.enemies:
            shuffled, rng = rng.shuffled(pile)
            enemies.append(shuffled)
        treasures, rng = rng.shuffled(piles.treasures)
        equipment, rng = rng.shuffled(piles.equipment)
        general, rng = rng.shuffled(piles.actions)
        layout = whisper_layout(state.options, len(state.heroes), state.rules)
        whispers, rng = redeal_whispers(piles.whispers, layout, rng)
        piles = replace(
            piles,
            fate=(*top, *dealt[index:]),
            enemies=tuple(enemies),
            treasures=treasures,
            equipment=equipment,
            actions=general,
            whispers=whispers,
        )
        return replace(state, heroes=tuple(heroes), piles=piles, rng=rng)

    def evaluate(self, state: ShadowState, seat: int) -> float:
        """The AI profile's evaluation (``ai.py``): shards and what turns into them, or the team's progress."""
        return evaluate(state, seat)
