"""Metamorph (seed 004, Curufea, CC BY-NC-SA 2.5): shapeshifting wizards duel on a hex map.

Order of this module: metadata, setup, who decides, legal actions and keys, apply, outcome, views, AI hooks.
The rules themselves are in the sibling modules (``turns``, ``actions``, ``rules``, ``combat``, ``movement``);
our completions of the seed are in docs/rules/metamorph.md.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core import STEP_LIMIT, Choice, Game, GameMeta, Outcome, Step, Transition, View
from ...errors import IllegalAction
from ...frozen import replace
from ...geometry.hexes import Hex
from ...rng import MatchRng
from . import labels
from .actions import is_legal, legal, more_than_ending, staged
from .board import facing_towards, hexes_of, lay_out, map_centre, standable, starting_hexes, terrain_at
from .evaluation import evaluate
from .keys import MetaAction, is_whole, parse
from .model import (
    KEY_WARD_VERSION,
    SEAT_NAMES,
    Artifact,
    MetamorphOptions,
    MetaState,
    TurnDone,
    Wizard,
    morph_cost,
)
from .rules import play
from .tables import HUMAN, TABLES
from .turns import begin_turn, round_order

RULES_VERSION = 3  # 2: the Key's ward; 3: every printed word happens (docs/rules/metamorph.md, Rules versions)


@dataclass(frozen=True, slots=True)
class MetaView(View):
    """Everything on the table: Metamorph hides nothing but the generator."""

    options: MetamorphOptions
    grid: tuple[str, ...]
    geomorphs: tuple[str, ...]
    wizards: tuple[Wizard, ...]
    artifacts: tuple[Artifact, ...]
    order: tuple[int, ...]
    active: int
    round: int
    done: TurnDone
    choosing_school: bool
    last_path: tuple[Hex, ...]


class Metamorph(Game[MetaState, MetaAction, MetaView]):
    """The rules of Metamorph for 2–6 wizards."""

    meta = GameMeta(
        id="metamorph",
        title="Metamorph",
        summary="Shapeshifting wizards duel on a hex map: change shape, cast spells, and outlast the others.",
        seat_names=SEAT_NAMES,
        min_players=2,
        max_players=6,
        rules_version=RULES_VERSION,
        older_rules=(1, 2),
        max_decisions=4000,
        options=MetamorphOptions,
    )
    state_type = MetaState
    view_type = MetaView

    # -- setup ---------------------------------------------------------------------------------------------

    def initial_state(self, options: MetamorphOptions, players: int, rng: MatchRng, rules_version: int) -> MetaState:
        """Lay the map, roll the first player, place the wizards (the furthest legal hex each), set the
        artifacts, and begin the first turn (or the choice of schools, with Specialization)."""
        grid, geomorphs, key_hex, rng = lay_out(
            options.scenario, players, rng, central_key=rules_version >= KEY_WARD_VERSION
        )
        first, rng = rng.below(players)
        wizards = tuple(Wizard(seat=s, shape=HUMAN, hex=Hex(0, 0), facing=0) for s in range(players))
        state = MetaState(
            options=options,
            rules_version=rules_version,
            grid=grid,
            geomorphs=geomorphs,
            wizards=wizards,
            artifacts=(),
            order=(),
            index=0,
            round=1,
            turns=0,
            done=TurnDone(),
            rng=rng,
        )
        state, order = round_order(state, first)
        avoid = (key_hex,) if key_hex is not None else ()
        centre = map_centre(grid)
        places = starting_hexes(grid, players, avoid)
        placed = list(wizards)
        for seat, hex_ in zip(order, places, strict=True):
            placed[seat] = replace(placed[seat], hex=hex_, facing=facing_towards(hex_, key_hex or centre))
        state = replace(
            state, wizards=tuple(placed), order=order, artifacts=_artifacts(options, players, key_hex, grid)
        )
        if options.specialization:
            return replace(state, choosing_school=True)
        state, _ = begin_turn(state)
        return state

    def rules_version_of(self, state: MetaState) -> int:
        return state.rules_version

    # -- who decides ---------------------------------------------------------------------------------------

    def to_decide(self, state: MetaState) -> tuple[int, ...]:
        return () if state.outcome is not None else (state.active,)

    def turn_number(self, state: MetaState) -> int:
        return state.round

    # -- legal actions and keys ----------------------------------------------------------------------------

    def legal_actions(self, state: MetaState, seat: int) -> Sequence[MetaAction]:
        """The decisions on offer at this stage (``actions.staged``); every whole action is legal too, and the
        AI weighs those (``actions.legal``)."""
        return staged(state, seat)

    def action_key(self, action: MetaAction) -> str:
        return action.key

    def parse_key(self, key: str) -> MetaAction:
        return parse(key)

    def describe(self, state: MetaState, seat: int, action: MetaAction) -> Choice:
        if labels.is_plain(action):
            here = labels.in_place(state, seat, action)
            return _plain_choice(action) if here is None else Choice(action.key, here[0], here[1])
        if action.kind == "cast" and action.a == "morph" and action.b:
            wizard = state.wizard(seat)
            return _morph_choice(action, wizard.shape, morph_cost(wizard), wizard.flying)
        text, group = labels.label(state, seat, action)
        return Choice(action.key, text[:100], group)

    def suggestions(self, state: MetaState, seat: int, typed: str) -> list[Choice]:
        """As ``Game.suggestions``, and once the text runs past a first stage (``move:L:f``, ``cast:morph:g``),
        the whole actions it begins, so a move can be typed in one go."""
        found = super().suggestions(state, seat, typed)
        prefix = typed.strip().lower()
        if prefix.count(":") >= 2:
            offered = {c.key for c in found}
            whole = (a for a in legal(state, seat) if a.key.lower().startswith(prefix) and a.key not in offered)
            found += [self.describe(state, seat, a) for a in itertools.islice(whole, STEP_LIMIT)]
        return found

    def prompt(self, state: MetaState, seat: int) -> str:
        if state.choosing_school:
            return "Choose your wizard's school of magic."
        stage = labels.stage_prompt(state)
        if stage is not None:
            return stage
        wizard = state.wizard(seat)
        return f"Your turn: {wizard.shape}, {wizard.health} health, {wizard.mana} mana."

    def steps(self, state: MetaState, seat: int, path: tuple[str, ...]) -> Step | str | None:
        return labels.steps(state, seat, self.legal_actions(state, seat), path)

    # -- apply ---------------------------------------------------------------------------------------------

    def apply_legal(self, state: MetaState, seat: int, action: MetaAction) -> Transition[MetaState]:
        if not is_legal(state, seat, action):
            raise IllegalAction(f"{action.key} is not a legal move now.")
        return self.apply_listed(state, seat, action)

    def apply_listed(self, state: MetaState, seat: int, action: MetaAction) -> Transition[MetaState]:
        """Play an action listed for this state, by ``legal_actions`` or by the whole listing the AI weighs
        (``actions.legal``); a turn with nothing left to do but end it ends by itself."""
        state, log = play(state, seat, action)
        in_turn = is_whole(action) and state.outcome is None and action.kind != "end" and state.active == seat
        if in_turn and not state.choosing_school and not more_than_ending(state, seat):
            state, more = play(state, seat, MetaAction("end"))
            log += more
        return Transition(state, tuple(log))

    # -- outcome -------------------------------------------------------------------------------------------

    def outcome(self, state: MetaState) -> Outcome | None:
        return state.outcome

    # -- views ---------------------------------------------------------------------------------------------

    def view(self, state: MetaState, seat: int | None) -> MetaView:
        names = SEAT_NAMES[: len(state.wizards)]
        return MetaView(
            **self.view_fields(state, seat, names),
            options=state.options,
            grid=state.grid,
            geomorphs=state.geomorphs,
            wizards=state.wizards,
            artifacts=state.artifacts,
            order=state.order,
            active=state.active,
            round=state.round,
            done=state.done,
            choosing_school=state.choosing_school,
            last_path=state.last_path,
        )

    # -- lobbies -----------------------------------------------------------------------------------------

    def seats_for(self, options: MetamorphOptions) -> tuple[int, int]:
        """Duelling Wizards is for two ("two age old rivals", ours as a lobby rule); the others for 2–6."""
        return (2, 2) if options.scenario == "duel" else (self.meta.min_players, self.meta.max_players)

    def options_for_seats(self, players: int) -> Mapping[str, Any]:
        return {"scenario": "war"} if players > 2 else {}

    # -- resignation -------------------------------------------------------------------------------------

    def concede(self, state: MetaState, seats: Collection[int], players: int) -> Outcome | None:
        """A resigning wizard is out: if one rival is left standing it wins (none: a draw); with two or more
        left, the seat drops out and the AI carries it on."""
        others = [w for w in state.standing() if w.seat not in seats]
        names = " and ".join(SEAT_NAMES[s] for s in sorted(seats))
        if not others:
            return Outcome.drawn(f"{names} resigned, and no other wizard is standing.")
        if len(others) == 1:
            return Outcome.win(others[0].seat, reason=f"{names} resigned.")
        return None

    # -- AI hooks ------------------------------------------------------------------------------------------

    def evaluate(self, state: MetaState, seat: int) -> float | None:
        return evaluate(state, seat)


def _artifacts(
    options: MetamorphOptions, players: int, key_hex: Hex | None, grid: tuple[str, ...]
) -> tuple[Artifact, ...]:
    """The Key on its farm; in the war, a Font carried by each wizard, or one at the centre (the variant)."""
    if options.scenario == "key":
        return (Artifact("key", key_hex),)
    if options.scenario != "war":
        return ()
    if options.central_font:
        centre = map_centre(grid)
        dry = (h for h in hexes_of(grid) if standable(grid, h) and not TABLES.terrain[terrain_at(grid, h)].water)
        spot = min(dry, key=lambda h: (h.distance(centre), h.r, h.q))
        return (Artifact("font0", spot),)
    return tuple(Artifact(f"font{seat + 1}", None, carrier=seat) for seat in range(players))


@functools.lru_cache(maxsize=16384)  # every hex, facing and mode of the largest map fits, and every Teleport
def _plain_choice(action: MetaAction) -> Choice:
    """A move's or a Teleport's choice, made once: a turn lists dozens to hundreds of them, most listed on earlier
    turns, and their words depend on the action alone."""
    text, group = labels.plain_label(action)
    return Choice(action.key, text[:100], group)


@functools.lru_cache(maxsize=4096)
def _morph_choice(action: MetaAction, shape: str, cost: int, flying: bool) -> Choice:
    """A Morph's choice, made once per target, shape, cost and flight: the Morph stage lists dozens, the same turn
    after turn."""
    return Choice(action.key, labels.morph_label(shape, action.b, cost, flying), "Spell")
