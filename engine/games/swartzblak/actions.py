"""What each decision does, and the end-of-turn checks: the part of the rules that changes a state.

``Actions`` is mixed into the game class; each ``_do_<kind>`` plays one kind of decision that ``apply_legal``
has already checked against the list of legal actions.
"""

from __future__ import annotations

from typing import Any

from ...core import LogEntry, Outcome
from ...frozen import replace
from .board import SQUARES, connects, footprint, with_alley
from .keys import alley_name
from .model import (
    ADVERSARY,
    BEAST,
    FINGERPRINTED_SEALS,
    HEROES,
    MOVES_PER_TURN,
    ROUNDS,
    STUNTS_PER_TURN,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pending,
    Pick,
    SwAction,
    SwState,
    Unit,
    fingerprint,
    pick_salt,
    seal,
    unit_name,
)
from .rules import charges as beast_charges
from .rules import (
    escaped,
    flee,
    harm,
    occupancy,
    placed,
    roll_attack,
    scurry_targets,
    set_unit,
    shapeshifter_down,
    trampled_units,
    twist_result,
)

WINNERS = ("The Heroes win.", "The Adversary wins.")  # by seat: "Heroes" is plural, "Adversary" is not


class Actions:
    """The handlers of every kind of decision, and the turn cycle with its win conditions."""

    @staticmethod
    def _spend(
        state: SwState, moves: int = 0, stunts: int = 0, *, mover: str = "", stunter: str = "", **changes: Any
    ) -> SwState:
        """Pay for an action from the side's pool, mark the figure that used its (>) or (!), and make the
        action's other ``changes``, all in one copy of the state."""
        return replace(
            state,
            moves=state.moves - moves,
            stunts=state.stunts - stunts,
            moved=state.moved | {mover} if mover else state.moved,
            stunted=state.stunted | {stunter} if stunter else state.stunted,
            **changes,
        )

    def _seal_pick(self, state: SwState, varmint: str, log: list[LogEntry], public: str) -> SwState:
        """Record a secret pick: its salt is derived from the key under its own label (no draw), so the public
        dice that follow are the same whichever Varmint was chosen, and the salt the Adversary reads says
        nothing of any die; the public log shows only the seal."""
        index = len(state.picks) + 1
        salt = pick_salt(state.rng, index)
        number = int(varmint[1])
        sealed = seal(state.nonce, index, number, salt)
        if state.rules >= FINGERPRINTED_SEALS:
            mark = f"seal #{index}: {fingerprint(sealed)}"
            mine = f"{public} You chose Varmint {number} to hide the Shapeshifter ({mark})."
        else:
            mark = f"seal #{index}: {sealed}"
            mine = f"{public} You chose Varmint {number} to hide the Shapeshifter ({mark}, salt {salt})."
        log.append(
            LogEntry.secret(
                f"{public} The Adversary has secretly chosen which Varmint is the Shapeshifter ({mark}).",
                {ADVERSARY: mine},
            )
        )
        return replace(state, secret=number, picks=(*state.picks, Pick(number, salt)), seals=(*state.seals, sealed))

    def _do_pick(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        state = self._seal_pick(state, action.target, log, "The Shapeshifter hides among the Varmints.")
        log.append(LogEntry("Round 1: the Heroes' turn."))
        return self._begin(replace(state, pending=None), HEROES, 1)

    def _do_move(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        unit = state.unit(action.unit)
        assert unit.square is not None
        trampled: tuple[str, ...] = ()
        if action.unit == BEAST:
            trampled = beast_charges(occupancy(state), unit.square, rules=state.rules)[action.square]
        units = placed(state.units, Unit(unit.id, action.square, unit.cond), *trampled_units(state, trampled))
        state = self._spend(state, moves=1, mover=action.unit, units=units)
        line = f"{_cap(action.unit)} moves {SQUARES[unit.square]} → {SQUARES[action.square]}."
        if trampled:
            line += f" It tramples {', '.join(_name(t) for t in trampled)}: Disabled."
        log.append(LogEntry(line))
        return state

    def _do_attack(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        state = self._spend(state, stunts=1, stunter=action.unit)
        state, roll = roll_attack(state, occupancy(state), action.unit, action.target)
        dice = f"{' '.join(map(str, roll.attack))} against {' '.join(map(str, roll.defence))}"
        extra = " with Advantage" if roll.advantage else ""
        line = f"{_cap(action.unit)} attacks {_name(action.target)}{extra}: {dice}"
        if not roll.hit:
            log.append(LogEntry(f"{line}. {_cap(action.target)} defends."))
            if action.target in VARMINT_IDS and scurry_targets(state, occupancy(state), action.target):
                return replace(state, pending=Pending("scurry", target=action.target))
            return state
        state, effect, pending = harm(state, action.target, roll.advantage)
        if action.unit == BEAST and action.target in TOWN_IDS and state.unit(BEAST).cond is Cond.WOUNDED:
            state = set_unit(state, replace(state.unit(BEAST), cond=Cond.HEALTHY))
            effect += " The Beast feeds and is no longer Wounded."
        log.append(LogEntry(f"{line}: a hit. {effect}"))
        return replace(state, pending=pending)

    def _do_hex(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        log.append(LogEntry(f"The Hedge Witch hexes {_name(action.target)}: attacks on it have Advantage this turn."))
        return self._spend(state, stunts=1, stunter="W", hexed=state.hexed | {action.target})

    def _do_command(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        log.append(LogEntry(f"{_cap(action.unit)} commands {_name(action.target)} to move."))
        return self._spend(state, stunts=1, stunter=action.unit, pending=Pending("lead", action.unit, action.target))

    def _do_lead(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        return self._relocate(state, action.target, action.square, log)

    def _do_scurry(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        assert state.pending is not None
        vid = state.pending.target
        log.append(LogEntry(f"{_cap(vid)} scurries away."))
        return self._relocate(state, vid, action.square, log)

    def _do_stay(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        assert state.pending is not None
        log.append(LogEntry(f"{_cap(state.pending.target)} holds its ground."))
        return replace(state, pending=None)

    def _relocate(self, state: SwState, uid: str, square: int, log: list[LogEntry]) -> SwState:
        """Move a commanded Townsperson or a scurrying Varmint, closing the decision that asked where."""
        unit = state.unit(uid)
        assert unit.square is not None
        if square == unit.square:
            log.append(LogEntry(f"{_cap(uid)} stays on {SQUARES[square]}."))
            return replace(state, pending=None)
        log.append(LogEntry(f"{_cap(uid)} moves {SQUARES[unit.square]} → {SQUARES[square]}."))
        return replace(state, pending=None, units=placed(state.units, Unit(uid, square, unit.cond)))

    def _do_recover(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        unit = state.unit(action.unit)
        better = Cond(unit.cond - 1)
        log.append(LogEntry(f"{_cap(action.unit)} recovers: now {'Wounded' if better else 'healthy'}."))
        units = placed(state.units, Unit(unit.id, unit.square, better))
        return self._spend(state, stunts=1, stunter=action.unit, units=units)

    def _do_aid(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        town = state.unit(action.target)
        log.append(LogEntry(f"{_cap(action.unit)} helps {_name(action.target)} up: unharmed again."))
        units = placed(state.units, Unit(town.id, town.square, Cond.HEALTHY))
        return self._spend(state, stunts=1, stunter=action.unit, units=units)

    def _do_flee(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        state, runs = flee(self._spend(state, moves=2), action.code)
        moves = "; ".join(f"{_name(t)} {SQUARES[a]} → {SQUARES[b]}" for t, a, b in runs) or "nobody can get away"
        log.append(LogEntry(f"Flee! The Townspeople run: {moves}."))
        return state

    def _do_twists(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        who = "the Heroes rearrange" if state.side == HEROES else "the Adversary rearranges"
        log.append(LogEntry(f"Twists and Turns: {who} {alley_name(action.code)}."))
        return self._spend(state, stunts=2, pending=Pending("twist", unit=action.code))

    def _do_layout(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        result = twist_result(state, action.code)
        assert result is not None
        index, alley, carried = result
        alleys = with_alley(state.alleys, index, alley)
        units = tuple(replace(u, square=carried[u.square]) if u.square in carried else u for u in state.units)
        joined = "it now connects to another Alleyway" if connects(alleys, index) else "it connects to no other"
        log.append(LogEntry(f"{alley.name} is rearranged: Tile 5 is on {SQUARES[alley.square_of(5)]}, {joined}."))
        return replace(state, alleys=alleys, units=units, pending=None)

    def _do_bop(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        """Reveal the true Varmint, take it out of play and put the Beast over its square. A Disabled
        Varmint may do this too (the Shapeshifter was shamming); the Beast then arrives Wounded."""
        vid = f"v{state.secret}"
        varmint = state.unit(vid)
        cond = Cond.WOUNDED if varmint.cond is Cond.DISABLED else Cond.HEALTHY
        units = placed(state.units, Unit(vid, None), Unit(BEAST, action.square, cond))
        state = self._spend(state, stunts=2, stunter=vid, units=units, secret=None)
        if state.rules >= 2:  # the Beast is the same creature: the Varmint's (!) is spent, and its (>) if used
            moved = state.moved | {BEAST} if vid in state.moved else state.moved
            state = replace(state, stunted=state.stunted | {BEAST}, moved=moved)
        fp = footprint(action.square)
        assert fp is not None
        log.append(
            LogEntry(
                f"You've Got a Big Old Problem! {_cap(vid)} was the Shapeshifter. It is gone, and the Beast "
                f"({'Wounded' if cond else 'healthy'}) rears up over {SQUARES[fp[0]]}–{SQUARES[fp[-1]]}."
            )
        )
        return state

    def _do_change(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        """Everything Changes: as a (!)(!) on the Adversary's turn, or free in the Quick Change window."""
        back = next(v for v in VARMINT_IDS if not state.unit(v).in_play)
        units = placed(state.units, Unit(BEAST, None), Unit(back, action.square))
        cost = 0 if state.pending else 2  # free in the Quick Change Artist window
        state = self._spend(
            state, stunts=cost, stunter=BEAST if cost else "", units=units, pending=None, hexed=state.hexed - {BEAST}
        )
        public = f"Everything Changes! The Beast is gone, and {_name(back)} scampers out on {SQUARES[action.square]}."
        return self._seal_pick(state, action.target, log, public)

    def _do_keep(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        log.append(LogEntry("The Beast stays a Beast."))
        return replace(state, pending=None)

    def _do_end(self, state: SwState, action: SwAction, log: list[LogEntry]) -> SwState:
        return self._end_turn(state, log)

    # -- the turn cycle and the win conditions --------------------------------------------------------------

    def _begin(self, state: SwState, side: int, round_: int) -> SwState:
        return replace(
            state,
            side=side,
            round=round_,
            moves=MOVES_PER_TURN,
            stunts=STUNTS_PER_TURN,
            moved=frozenset(),
            stunted=frozenset(),
            hexed=frozenset(),
        )

    def _end_turn(self, state: SwState, log: list[LogEntry]) -> SwState:
        """The end-of-turn checks at exactly the moments the seed names, then the next turn."""
        if state.side == HEROES:
            index = escaped(state)
            if index is not None:
                reason = (
                    f"The Shapeshifter, disguised as Varmint {state.secret}, reached Tile 5 of "
                    f"{state.alleys[index].name} with no Hero beside it."
                )
                return self._finish(state, Outcome.win(ADVERSARY, reason=reason), log)
            log.append(LogEntry(f"Round {state.round}: the Adversary's turn."))
            return replace(self._begin(state, ADVERSARY, state.round), down_at_start=shapeshifter_down(state))
        if state.down_at_start and shapeshifter_down(state):
            reason = "The Shapeshifter was Disabled when the Adversary's turn began and still Disabled at its end."
            return self._finish(state, Outcome.win(HEROES, reason=reason), log)
        if state.round == ROUNDS:
            if all(state.unit(t).cond is Cond.HEALTHY for t in TOWN_IDS):
                reason = "All six Townspeople came through the sixth round unharmed."
                return self._finish(state, Outcome.win(HEROES, reason=reason), log)
            reason = "The sixth round ended with Townspeople harmed and the Shapeshifter still at large."
            return self._finish(state, Outcome.win(ADVERSARY, reason=reason), log)
        log.append(LogEntry(f"Round {state.round + 1}: the Heroes' turn."))
        return self._begin(state, HEROES, state.round + 1)

    def _finish(self, state: SwState, outcome: Outcome, log: list[LogEntry]) -> SwState:
        """End the match and open every seal: the picks and salts become public so anyone can check them."""
        log.append(LogEntry(f"{outcome.reason} {WINNERS[min(outcome.winners)]}"))
        if state.secret is not None:
            log.append(LogEntry(f"The Shapeshifter was hiding as Varmint {state.secret}."))
        log.extend(self._opened_seals(state))
        return replace(state, outcome=outcome, pending=None)

    @staticmethod
    def _opened_seals(state: SwState) -> list[LogEntry]:
        """The seals opened at the end, in the words of the match's rules version."""
        if not state.picks:
            return []
        pairs = list(enumerate(zip(state.picks, state.seals, strict=True), 1))
        if state.rules < FINGERPRINTED_SEALS:
            lines = [f"Seal #{i} opened: Varmint {pick.varmint}, salt {pick.salt}." for i, (pick, _) in pairs]
            closing = f"The seals were made with this match's nonce {state.nonce}: anyone can check them."
        else:
            lines = [f"Seal #{i} ({fingerprint(s)}) opened: Varmint {pick.varmint}." for i, (pick, s) in pairs]
            closing = "Anyone can check the seals: Verify seals shows each one whole, with its salt."
        return [LogEntry(line) for line in (*lines, closing)]


def _name(uid: str) -> str:
    return unit_name(uid)


def _cap(uid: str) -> str:
    name = _name(uid)
    return name[0].upper() + name[1:]
