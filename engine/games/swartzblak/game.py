"""The Shapeshifter of Swartzblak (seed 000): the Heroes hunt a Shapeshifter hidden among six Varmints.

The seed gives the scenario; the skirmish system under it (actions, dice, conditions, Heroes, the town) is
ours and is written, with reasons, in docs/rules/swartzblak.md. This module holds the turn flow; the rule
helpers are in ``rules.py``, the geometry in ``board.py`` (Twists and Turns in ``twists.py``), the types in
``model.py``, the keys in ``keys.py``.

Hidden information: ``SwState.secret`` and ``SwState.picks`` are the only secrets. Nothing a Hero, a
spectator or a public log line sees may depend on them until a reveal or the end of the match; the Heroes'
choices never do, and the dice drawn never depend on them (salts come from a forked generator).
"""

from __future__ import annotations

from typing import ClassVar

from ...core import Choice, Game, GameMeta, LogEntry, NoOptions, Outcome, Transition
from ...errors import IllegalAction
from ...frozen import replace
from ...rng import LegacyRng, MatchRng, Rng
from .actions import Actions
from .board import ALLEY_KEYS, SQUARE_INDEX, connects, place_alleys
from .keys import action_key, parse_key
from .labels import describe_action, why_not
from .model import (
    ADVERSARY,
    BEAST,
    HERO_IDS,
    HEROES,
    PENDING_SEAT,
    SEAT_NAMES,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pending,
    Pick,
    SwAction,
    SwState,
    SwView,
    Unit,
    seal,
)
from .rules import (
    aid_targets,
    attack_targets,
    bop_anchors,
    can_recover,
    commandable,
    figures_map,
    flee_patterns,
    hex_targets,
    layouts,
    lead_targets,
    movable_town,
    move_targets,
    occupancy,
    pinned,
    scurry_targets,
    squares_of,
)
from .twists import has_twist

HERO_START = {"C": "e1", "W": "d1", "R": "f1"}
VARMINT_START = ("b10", "c10", "e10", "f10", "h10", "i10")
TOWN_ROWS = range(2, 8)


def _position(state: SwState) -> tuple[object, ...]:
    """The parts of a state its legal actions are computed from. Search lists the actions of the same few
    positions over and over, in states that differ only in their generator, their dice history or, for the
    Heroes' search, a sampled secret; the secret matters only for the Adversary's own turn (its powers)."""
    secret = state.secret if state.side == ADVERSARY and state.pending is None else None
    s = state
    return (s.rules, s.units, s.alleys, s.side, s.moves, s.stunts, s.moved, s.stunted, s.hexed, s.pending, secret)


class Swartzblak(Actions, Game[SwState, SwAction, SwView]):
    """Rules of The Shapeshifter of Swartzblak; see the module docstring and the rulebook."""

    meta = GameMeta(
        id="swartzblak",
        title="The Shapeshifter of Swartzblak",
        summary="Three Heroes hunt a Shapeshifter hiding among six Varmints in a town of twisting alleys.",
        seat_names=SEAT_NAMES,
        min_players=2,
        max_players=2,
        rules_version=7,  # 7: seals named by fingerprint in the log (docs/rules/swartzblak.md, Rules versions)
        older_rules=(1, 2, 3, 4, 5, 6),
        max_decisions=150,
        options=NoOptions,
        hidden_information=True,
    )
    state_type = SwState
    view_type = SwView

    # -- setup --------------------------------------------------------------------------------------------

    def initial_state(self, options: NoOptions, players: int, rng: MatchRng, rules_version: int) -> SwState:
        """Alleyways first (the seed's placement rules), then the figures; the Adversary's secret pick is the
        first decision, so the Beast and the Shapeshifter are not on the board.

        The public nonce is derived from the key under its own label, never drawn: a published draw would
        name the generator. Matches of the old generator drew it first, and replay as they were played."""
        if isinstance(rng, LegacyRng):
            nonce_value, rng = rng.next64()
        else:
            nonce_value = rng.derive("swartzblak nonce")
        alleys, rng = place_alleys(rng)
        units = [Unit(h, SQUARE_INDEX[HERO_START[h]]) for h in HERO_IDS]
        units += [Unit(v, SQUARE_INDEX[sq]) for v, sq in zip(VARMINT_IDS, VARMINT_START, strict=True)]
        units.append(Unit(BEAST, None))
        free = [sq for sq in range(100) if sq // 10 in TOWN_ROWS and all(sq not in a.squares for a in alleys)]
        spots, rng = rng.shuffled(free)
        units += [Unit(t, sq) for t, sq in zip(TOWN_IDS, sorted(spots[: len(TOWN_IDS)]), strict=True)]
        return SwState(
            units=tuple(units),
            alleys=alleys,
            round=1,
            side=ADVERSARY,
            moves=0,
            stunts=0,
            moved=frozenset(),
            stunted=frozenset(),
            hexed=frozenset(),
            pending=Pending("pick"),
            secret=None,
            picks=(),
            seals=(),
            nonce=f"{nonce_value:016x}",
            down_at_start=False,
            last_roll=None,
            outcome=None,
            rng=rng,
            rules=rules_version,
        )

    def rules_version_of(self, state: SwState) -> int:
        return state.rules

    # -- who decides --------------------------------------------------------------------------------------

    def to_decide(self, state: SwState) -> tuple[int, ...]:
        if state.outcome:
            return ()
        if state.pending:
            return (PENDING_SEAT.get(state.pending.kind, state.side),)
        return (state.side,)

    def turn_number(self, state: SwState) -> int:
        """The round (1–6): both sides' turns of a round share its number, as on the board image."""
        return state.round

    _PENDING_PROMPTS: ClassVar[dict[str, str]] = {
        "pick": "Choose in secret which Varmint is the Shapeshifter.",
        "lead": "Choose where the commanded Townsperson goes.",
        "twist": "Choose the Alleyway's new layout.",
        "scurry": "Your Varmint defended itself: choose where it scurries.",
        "change": "Quick Change Artist: change now, or let it be.",
    }

    def prompt(self, state: SwState, seat: int) -> str:
        """The pending question, or the actions left in this turn."""
        if state.pending is not None:
            return self._PENDING_PROMPTS.get(state.pending.kind, "Decide.")
        moves = f"{state.moves} move{'s' * (state.moves != 1)}"
        stunts = f"{state.stunts} stunt{'s' * (state.stunts != 1)}"
        return f"Round {state.round} of 6: {moves} and {stunts} left this turn."

    # -- legal actions ------------------------------------------------------------------------------------

    def legal_actions(self, state: SwState, seat: int) -> list[SwAction]:
        if seat not in self.to_decide(state):
            return []
        return self._pending_actions(state) if state.pending else self._turn_actions(state)

    def position_key(self, state: SwState, seat: int) -> tuple[object, ...]:
        return (seat in self.to_decide(state), *_position(state))

    def _pending_actions(self, state: SwState) -> list[SwAction]:
        pending = state.pending
        assert pending is not None
        occ = occupancy(state)
        if pending.kind == "pick":
            return [SwAction("pick", target=v) for v in VARMINT_IDS]
        if pending.kind == "lead":
            squares = lead_targets(state, occ, pending.target)
            return [SwAction("lead", target=pending.target, square=sq) for sq in squares]
        if pending.kind == "twist":
            index = ALLEY_KEYS.index(pending.unit)
            return [SwAction("layout", code=f"{pending.unit}:{t.code}") for t in layouts(state, index)]
        if pending.kind == "scurry":
            return [SwAction("scurry", square=sq) for sq in scurry_targets(state, occ, pending.target)] + [
                SwAction("stay")
            ]
        return [*self._changes(state), SwAction("keep")]

    def _changes(self, state: SwState) -> list[SwAction]:
        """Everything Changes: which square of the Beast the Varmint returns on, and the new secret pick."""
        beast = state.unit(BEAST)
        back = next(v for v in VARMINT_IDS if not state.unit(v).in_play)
        in_play = [v for v in VARMINT_IDS if state.unit(v).in_play or v == back]
        return [SwAction("change", target=v, square=sq) for sq in squares_of(beast) for v in in_play]

    def _turn_actions(self, state: SwState) -> list[SwAction]:
        """Every figure's (>) and (!) in figure order, then the side powers, then ``end``."""
        occ = occupancy(state)
        ids = HERO_IDS if state.side == HEROES else (*VARMINT_IDS, BEAST)
        actions: list[SwAction] = []
        movable = movable_town(state, occ) if state.stunts else frozenset()
        for uid in ids:
            unit = state.unit(uid)
            if not unit.in_play:
                continue
            if unit.standing and state.moves and uid not in state.moved:
                actions += [SwAction("move", unit=uid, square=sq) for sq in move_targets(state, occ, uid)]
            if not state.stunts or uid in state.stunted:
                continue
            if can_recover(state, uid):
                actions.append(SwAction("recover", unit=uid))
            if unit.standing:
                actions += [SwAction("attack", unit=uid, target=t) for t in attack_targets(state, occ, uid)]
                if uid == "W":
                    actions += [SwAction("hex", unit=uid, target=t) for t in hex_targets(state, occ)]
                actions += [SwAction("command", unit=uid, target=t) for t in commandable(state, uid, occ, movable)]
                actions += [SwAction("aid", unit=uid, target=t) for t in aid_targets(state, uid)]
        if state.side == ADVERSARY and state.stunts >= 2:
            actions += self._shapeshifter_powers(state, occ)
        if state.moves >= 2 and any(state.unit(t).standing for t in TOWN_IDS):
            actions += [SwAction("flee", code=p) for p in flee_patterns(state)]
        if state.stunts >= 2:
            figures, pins = figures_map(state), pinned(state)
            actions += [
                SwAction("twists", code=key)
                for i, key in enumerate(ALLEY_KEYS)
                if has_twist(state.alleys, i, figures, pins)
            ]
        actions.append(SwAction("end"))
        return actions

    def _shapeshifter_powers(self, state: SwState, occ: dict[int, Unit]) -> list[SwAction]:
        """SECRET-DEPENDENT, Adversary only: Big Old Problem for the true Varmint, Everything Changes for the
        standing Beast. Both are (!)(!) and count as that figure's stunt."""
        beast = state.unit(BEAST)
        if beast.in_play:
            return self._changes(state) if beast.standing and BEAST not in state.stunted else []
        vid = f"v{state.secret}"
        if state.secret is None or vid in state.stunted:
            return []
        square = state.unit(vid).square
        assert square is not None
        return [SwAction("bop", square=a) for a in bop_anchors(occ, square)]

    def action_key(self, action: SwAction) -> str:
        return action_key(action)

    def parse_key(self, key: str) -> SwAction:
        return parse_key(key)

    def describe(self, state: SwState, seat: int, action: SwAction) -> Choice:
        return describe_action(state, action)

    # -- apply --------------------------------------------------------------------------------------------

    def apply_legal(self, state: SwState, seat: int, action: SwAction) -> Transition[SwState]:
        """Refuse anything not on the list (with the rule that forbids it), then play it."""
        if action not in set(self.legal_actions(state, seat)):
            raise IllegalAction(why_not(state, seat, action))
        return self.apply_listed(state, seat, action)

    def apply_listed(self, state: SwState, seat: int, action: SwAction) -> Transition[SwState]:
        """Play an action just listed for this state (search does): the listing already checked it."""
        log: list[LogEntry] = []
        handler = getattr(self, f"_do_{action.kind}")
        state = handler(state, action, log)
        if state.pending is None and state.outcome is None and state.moves == 0 and state.stunts == 0:
            state = self._end_turn(state, log)
        return Transition(state, tuple(log))

    # -- outcome and views --------------------------------------------------------------------------------

    def outcome(self, state: SwState) -> Outcome | None:
        return state.outcome

    def view(self, state: SwState, seat: int | None) -> SwView:
        """Everyone sees the whole town; only the Adversary (and everyone after the end) sees the picks."""
        knows = seat == ADVERSARY or state.outcome is not None
        return SwView(
            **self.view_fields(state, seat, SEAT_NAMES),
            round=state.round,
            side=state.side,
            moves=state.moves,
            stunts=state.stunts,
            moved=state.moved,
            stunted=state.stunted,
            hexed=state.hexed,
            units=state.units,
            alleys=state.alleys,
            connected=tuple(connects(state.alleys, i) for i in range(len(state.alleys))),
            pending=state.pending,
            nonce=state.nonce,
            seals=state.seals,
            last_roll=state.last_roll,
            shapeshifter=state.secret if knows else None,
            picks=state.picks if knows else (),
        )

    def commitments(self, view: SwView) -> list[str]:
        """The nonce, each seal whole, and each opening the view holds (the Adversary's own now, everyone's at
        the end), checked here as the rulebook shows how to check them by hand."""
        if not view.seals:
            return []
        lines = [f"Nonce: `{view.nonce}`"]
        for index, sealed in enumerate(view.seals, 1):
            lines.append(f"Seal #{index}: `{sealed}`")
            if index <= len(view.picks):
                pick = view.picks[index - 1]
                ok = seal(view.nonce, index, pick.varmint, pick.salt) == sealed
                verdict = "✅ it checks out" if ok else "❌ it does NOT match"
                lines.append(f"  opened: Varmint {pick.varmint}, salt `{pick.salt}`: {verdict}")
        lines.append(
            "Each seal is the SHA-256 of `swartzblak|<nonce>|<n>|<varmint>|<salt>` (the rulebook: Checking the seals)."
        )
        return lines

    # -- AI hooks -----------------------------------------------------------------------------------------

    def evaluate(self, state: SwState, seat: int) -> float:
        """Public material only: Townspeople standing, Varmints down, the Beast's and the Heroes' wounds."""
        if state.outcome:
            return 1.0 if seat in state.outcome.winners else -1.0
        score = 0.08 * sum(state.unit(t).cond is Cond.HEALTHY for t in TOWN_IDS) - 0.24
        score += 0.06 * sum(state.unit(v).cond is Cond.DISABLED for v in VARMINT_IDS)
        score -= 0.05 * sum(int(state.unit(h).cond) for h in HERO_IDS)
        beast = state.unit(BEAST)
        if beast.in_play:
            score += 0.1 * int(beast.cond)
        score = max(-0.9, min(0.9, score))
        return score if seat == HEROES else -score

    def determinize(self, state: SwState, seat: int, rng: Rng) -> SwState:
        """For the Heroes: re-draw the disguise among the Varmints in play, and every earlier pick too (only
        their number is public until the end), each with a fresh salt.

        The published seals then no longer match the picks; views never check seals, so this is harmless
        for search, but such a state is only ever a guess, never a match."""
        if seat == ADVERSARY or state.outcome or state.secret is None:
            return state
        earlier = []
        for _ in state.picks[:-1]:
            old, rng = rng.choice(VARMINT_IDS)
            salt, rng = _salt(rng)
            earlier.append(Pick(int(old[1]), salt))
        candidates = [v for v in VARMINT_IDS if state.unit(v).in_play]
        vid, rng = rng.choice(candidates)
        salt, rng = _salt(rng)
        picks = (*earlier, Pick(int(vid[1]), salt))
        down = state.down_at_start
        if state.side == ADVERSARY:
            down = state.unit(vid).cond is Cond.DISABLED  # Varmints' conditions can't change on this turn
        return replace(state, secret=int(vid[1]), picks=picks, down_at_start=down)


def _salt(rng: Rng) -> tuple[str, Rng]:
    """A fresh 128-bit salt in the format of a real pick's."""
    hi, rng = rng.next64()
    lo, rng = rng.next64()
    return f"{hi:016x}{lo:016x}", rng
