"""Shapeshifter Wars (seed 001): two armies of pyramid stacks on a 5×5 board.

A stack's top pyramid decides how it moves and attacks; each turn a player moves or attacks, then
transforms one stack by moving its top pyramid to the bottom. Our completions (a player without a move or an
attack goes straight to transforming; threefold repetition and twenty quiet turns are draws) are written in
docs/rules/shapeshifter-wars.md.

Squares are indexed ``(rank - 1) * 5 + file``: a1 = 0, e5 = 24. Red (seat 0) starts on rank 1, Blue (seat 1)
on rank 5.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

from pydantic import BaseModel

from ...core import Choice, Game, GameMeta, LogEntry, Outcome, Transition, View
from ...errors import IllegalAction, MalformedKey
from ...frozen import replace
from ...rng import MatchRng

# -- metadata ------------------------------------------------------------------------------------------------

RED, BLUE = 0, 1
SIZE = 5
SEAT_NAMES = ("Red", "Blue")
KING_COLOURS = ("black", "green")
HOME_RANK = (0, SIZE - 1)  # 0-based rank of each seat's starting row
FORWARD = (1, -1)  # rank step towards the enemy for each seat
QUIET_TURN_LIMIT = 20


class Size(IntEnum):
    """Pyramid sizes; transforming cycles the top through small, medium, large, small."""

    SMALL = 0
    MEDIUM = 1
    LARGE = 2


class Phase(IntEnum):
    MOVE = 0
    TRANSFORM = 1


class WarsOptions(BaseModel):
    """Lobby options: who takes the first turn."""

    model_config = {"frozen": True, "extra": "forbid"}
    first: Literal["random", "red", "blue"] = "random"


SQUARES = tuple(f"{'abcde'[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
SIZE_NAMES = ("small", "medium", "large")


def _step(square: int, d_rank: int, d_file: int) -> int | None:
    rank, file = divmod(square, SIZE)
    rank, file = rank + d_rank, file + d_file
    return rank * SIZE + file if 0 <= rank < SIZE and 0 <= file < SIZE else None


def _targets(square: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(t for dr, df in offsets if (t := _step(square, dr, df)) is not None)


_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_MOVE_OFFSETS = {  # per top size, for a seat moving towards higher ranks; mirrored for Blue
    Size.SMALL: ((1, 0),),
    Size.MEDIUM: ((1, -1), (1, 1)),
    Size.LARGE: ((1, -1), (1, 0), (1, 1)),
}
_ATTACK_OFFSETS = {
    Size.SMALL: _DIAGONAL,
    Size.MEDIUM: _ORTHOGONAL,
    Size.LARGE: tuple((2 * dr, 2 * df) for dr, df in _ORTHOGONAL + _DIAGONAL),
}
# MOVES[seat][top][square] and ATTACKS[top][square]: target squares, precomputed for speed.
MOVES = tuple(
    tuple(
        tuple(_targets(sq, tuple((dr * FORWARD[seat], df) for dr, df in _MOVE_OFFSETS[top])) for sq in range(25))
        for top in Size
    )
    for seat in (RED, BLUE)
)
ATTACKS = tuple(tuple(_targets(sq, _ATTACK_OFFSETS[top]) for sq in range(25)) for top in Size)

MOVE_RULES = (
    "A stack with a small pyramid on top moves one square straight ahead.",
    "A stack with a medium pyramid on top moves one square diagonally forward.",
    "A stack with a large pyramid on top moves one square forward, straight or diagonally.",
)
ATTACK_RULES = (
    "A stack with a small pyramid on top attacks an enemy diagonally next to it.",
    "A stack with a medium pyramid on top attacks an enemy straight next to it (not diagonally).",
    "A stack with a large pyramid on top attacks an enemy exactly two squares away in a straight line.",
)

# -- state ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stack:
    """Three pyramids; the order below the top follows from it (top, then the next two sizes cyclically)."""

    owner: int
    king: bool
    top: Size

    @property
    def pyramids(self) -> tuple[Size, Size, Size]:
        """Top to bottom."""
        return (self.top, Size((self.top + 1) % 3), Size((self.top + 2) % 3))

    def transformed(self) -> Stack:
        return Stack(self.owner, self.king, Size((self.top + 1) % 3))

    def describe(self) -> str:
        return f"{SEAT_NAMES[self.owner]} {'king' if self.king else 'knight'}"


@dataclass(frozen=True, slots=True)
class WarsAction:
    """A move (``b1-b2``), an attack (``b1xc2``) or a transform (``~c2``, where ``dst == src``)."""

    kind: Literal["move", "attack", "transform"]
    src: int
    dst: int

    @property
    def key(self) -> str:
        if self.kind == "transform":
            return f"~{SQUARES[self.src]}"
        return f"{SQUARES[self.src]}{'-' if self.kind == 'move' else 'x'}{SQUARES[self.dst]}"


@dataclass(frozen=True, slots=True)
class WarsState:
    board: tuple[Stack | None, ...]
    to_act: int
    phase: Phase
    turn: int
    skipped: bool  # the seat to act had no move or attack this turn
    quiet_turns: int  # consecutive finished turns without a move or attack
    history: tuple[str, ...]  # positions since the last move or attack, for the repetition rule
    recent: tuple[WarsAction, ...]  # decisions of the turn in progress, else of the last finished turn
    captured: Stack | None  # the stack destroyed by the attack in ``recent``, if any
    outcome: Outcome | None
    rng: MatchRng


@dataclass(frozen=True, slots=True)
class WarsView(View):
    board: tuple[Stack | None, ...]
    to_act: int
    phase: Phase
    skipped: bool
    quiet_turns: int
    recent: tuple[WarsAction, ...]
    captured: Stack | None


def _position(board: tuple[Stack | None, ...], to_act: int, phase: Phase) -> str:
    """A compact text of everything the repetition rule compares."""
    cells = "".join("." if s is None else "rRbB"[s.owner * 2 + s.king] + "smL"[s.top] for s in board)
    return f"{cells}/{to_act}{phase}"


def _home_row(seat: int) -> tuple[int, ...]:
    return tuple(HOME_RANK[seat] * SIZE + f for f in range(SIZE))


# -- the game ------------------------------------------------------------------------------------------------


class ShapeshifterWars(Game[WarsState, WarsAction, WarsView]):
    """Rules of Shapeshifter Wars; see the module docstring."""

    meta = GameMeta(
        id="wars",
        title="Shapeshifter Wars",
        summary="Transform your pyramid stacks and march your king into the enemy's home row.",
        seat_names=SEAT_NAMES,
        min_players=2,
        max_players=2,
        rules_version=1,
        hotseat=True,  # pass and play: nothing is hidden, one person may play both colours
        max_decisions=16_400,
        options=WarsOptions,
    )
    state_type = WarsState
    view_type = WarsView

    # -- setup ------------------------------------------------------------------------------------------------

    def initial_state(self, options: WarsOptions, players: int, rng: MatchRng, rules_version: int) -> WarsState:
        """Knights on the home rows, kings in the middle, every stack a tree with the small pyramid on top."""
        board: list[Stack | None] = [None] * (SIZE * SIZE)
        for seat in (RED, BLUE):
            for square in _home_row(seat):
                board[square] = Stack(seat, square % SIZE == SIZE // 2, Size.SMALL)
        if options.first == "random":
            first, rng = rng.below(2)
        else:
            first = SEAT_NAMES.index(options.first.capitalize())
        start = tuple(board)
        return self._begin_turn(
            WarsState(start, first, Phase.MOVE, 1, False, 0, (), (), None, None, rng), first, turn=1
        )

    # -- who decides ------------------------------------------------------------------------------------------

    def to_decide(self, state: WarsState) -> tuple[int, ...]:
        return () if state.outcome else (state.to_act,)

    def turn_number(self, state: WarsState) -> int:
        return state.turn

    # -- legal actions ----------------------------------------------------------------------------------------

    def legal_actions(self, state: WarsState, seat: int) -> list[WarsAction]:
        """Moves and attacks (square by square, moves first) in the Move/Attack phase; transforms after."""
        if state.outcome or seat != state.to_act:
            return []
        board = state.board
        if state.phase is Phase.TRANSFORM:
            return [WarsAction("transform", sq, sq) for sq, s in enumerate(board) if s and s.owner == seat]
        return self._moves_and_attacks(board, seat)

    @staticmethod
    def _moves_and_attacks(board: tuple[Stack | None, ...], seat: int) -> list[WarsAction]:
        actions = []
        moves = MOVES[seat]
        for sq, stack in enumerate(board):
            if stack is None or stack.owner != seat:
                continue
            actions.extend(WarsAction("move", sq, t) for t in moves[stack.top][sq] if board[t] is None)
            for t in ATTACKS[stack.top][sq]:
                target = board[t]
                if target is not None and target.owner != seat:
                    actions.append(WarsAction("attack", sq, t))
        return actions

    def action_key(self, action: WarsAction) -> str:
        return action.key

    _KEY = re.compile(r"^(?:~([a-e][1-5])|([a-e][1-5])([-x])([a-e][1-5]))$")

    def parse_key(self, key: str) -> WarsAction:
        match = self._KEY.match(key.strip().lower())
        if not match:
            raise MalformedKey(
                f"“{key[:20]}” isn't a Wars move. Write a move as b1-b2, an attack as b1xc2, a transform as ~c2."
            )
        if match[1]:
            square = SQUARE_INDEX[match[1]]
            return WarsAction("transform", square, square)
        kind = "move" if match[3] == "-" else "attack"
        return WarsAction(kind, SQUARE_INDEX[match[2]], SQUARE_INDEX[match[4]])

    def describe(self, state: WarsState, seat: int, action: WarsAction) -> Choice:
        stack = state.board[action.src]
        assert stack is not None, "describe() takes legal actions only"
        piece = "king" if stack.king else "knight"
        src, dst = SQUARES[action.src], SQUARES[action.dst]
        group = f"{piece.capitalize()} on {src}"
        if action.kind == "move":
            return Choice(action.key, f"Move the {piece} {src} → {dst}", group)
        if action.kind == "attack":
            target = state.board[action.dst]
            assert target is not None
            victim = "king" if target.king else "knight"
            return Choice(action.key, f"Attack with the {piece} on {src}: destroy the {victim} on {dst}", group)
        new_top = SIZE_NAMES[(stack.top + 1) % 3]
        return Choice(action.key, f"Transform the {piece} on {src}: {new_top} pyramid to the top", group)

    def prompt(self, state: WarsState, seat: int) -> str:
        if state.phase is Phase.MOVE:
            return "Move or attack with one of your stacks."
        if state.skipped:
            return "None of your stacks can move or attack: transform one of them."
        return "Now transform one of your stacks (its top pyramid goes to the bottom)."

    # -- apply ------------------------------------------------------------------------------------------------

    def apply_legal(self, state: WarsState, seat: int, action: WarsAction) -> Transition[WarsState]:
        """Validate against the rule that forbids it (with that rule as the message), then play it."""
        stack = self._own_stack(state, seat, action.src)
        if state.phase is Phase.TRANSFORM:
            if action.kind != "transform":
                raise IllegalAction(
                    "None of your stacks can move or attack, so this turn you only transform (for example ~c2)."
                    if state.skipped
                    else "You have already moved this turn; now transform one of your stacks (for example ~c2)."
                )
            return self._transform(state, seat, stack, action)
        if action.kind == "transform":
            raise IllegalAction("First move or attack with one of your stacks; transforming comes after.")
        if action.kind == "move":
            self._check_move(state, seat, stack, action)
        else:
            self._check_attack(state, seat, stack, action)
        return self._move_or_attack(state, seat, stack, action)

    @staticmethod
    def _own_stack(state: WarsState, seat: int, square: int) -> Stack:
        stack = state.board[square]
        if stack is None:
            raise IllegalAction(f"There is no stack on {SQUARES[square]}.")
        if stack.owner != seat:
            raise IllegalAction(f"The stack on {SQUARES[square]} belongs to {SEAT_NAMES[stack.owner]}.")
        return stack

    @staticmethod
    def _check_move(state: WarsState, seat: int, stack: Stack, action: WarsAction) -> None:
        if action.dst in MOVES[seat][stack.top][action.src]:
            if state.board[action.dst] is not None:
                raise IllegalAction(f"{SQUARES[action.dst]} is occupied: stacks only move onto empty squares.")
            return
        d_rank = (action.dst // SIZE - action.src // SIZE) * FORWARD[seat]
        d_file = action.dst % SIZE - action.src % SIZE
        if max(abs(d_rank), abs(d_file)) != 1:
            raise IllegalAction("Stacks move exactly one square at a time.")
        if d_rank <= 0:
            raise IllegalAction("Stacks never move backwards or sideways (only an attack can take them there).")
        raise IllegalAction(MOVE_RULES[stack.top])

    @staticmethod
    def _check_attack(state: WarsState, seat: int, stack: Stack, action: WarsAction) -> None:
        target = state.board[action.dst]
        if target is None:
            raise IllegalAction(f"There is nothing on {SQUARES[action.dst]} to attack.")
        if target.owner == seat:
            raise IllegalAction("You can't attack your own stack.")
        if action.dst not in ATTACKS[stack.top][action.src]:
            raise IllegalAction(ATTACK_RULES[stack.top])

    def _move_or_attack(self, state: WarsState, seat: int, stack: Stack, action: WarsAction) -> Transition[WarsState]:
        board = list(state.board)
        victim = board[action.dst]
        board[action.src] = None
        board[action.dst] = stack
        new_board = tuple(board)
        src, dst = SQUARES[action.src], SQUARES[action.dst]
        if victim is None:
            line = f"{stack.describe()} moves {src} → {dst}."
        else:
            line = f"{stack.describe()} on {src} destroys the {victim.describe()} on {dst}."
        outcome = None
        enemy = 1 - seat
        if victim is not None and victim.king:
            outcome = Outcome.win(seat, reason=f"{SEAT_NAMES[seat]} destroyed {SEAT_NAMES[enemy]}'s king.")
        elif stack.king and action.dst // SIZE == HOME_RANK[enemy]:
            outcome = Outcome.win(seat, reason=f"{SEAT_NAMES[seat]}'s king reached {SEAT_NAMES[enemy]}'s home row.")
        log = [LogEntry(line)]
        if outcome:
            log.append(LogEntry(f"{outcome.reason} {SEAT_NAMES[seat]} wins."))
        new_state = replace(
            state,
            board=new_board,
            phase=Phase.TRANSFORM,
            history=(_position(new_board, seat, Phase.TRANSFORM),),
            recent=(action,),
            captured=victim,
            outcome=outcome,
        )
        return Transition(new_state, tuple(log))

    def _transform(self, state: WarsState, seat: int, stack: Stack, action: WarsAction) -> Transition[WarsState]:
        board = list(state.board)
        board[action.src] = changed = stack.transformed()
        line = f"{stack.describe()} on {SQUARES[action.src]} transforms: {SIZE_NAMES[changed.top]} pyramid on top."
        recent = (action,) if state.skipped else (*state.recent, action)
        after = replace(
            state,
            board=tuple(board),
            recent=recent,
            captured=None if state.skipped else state.captured,
            quiet_turns=state.quiet_turns + 1 if state.skipped else 0,
        )
        log = [LogEntry(line)]
        after = self._begin_turn(after, 1 - seat, turn=state.turn + 1, log=log)
        return Transition(after, tuple(log))

    def _begin_turn(self, state: WarsState, seat: int, *, turn: int, log: list[LogEntry] | None = None) -> WarsState:
        """Hand the turn to ``seat``: skip its Move/Attack phase if it has neither, then apply the draw rules."""
        skipped = not self._moves_and_attacks(state.board, seat)
        phase = Phase.TRANSFORM if skipped else Phase.MOVE
        position = _position(state.board, seat, phase)
        history = (*state.history, position)
        outcome = None
        if history.count(position) >= 3:
            outcome = Outcome.drawn("The same position occurred for the third time.")
        elif state.quiet_turns >= QUIET_TURN_LIMIT:
            outcome = Outcome.drawn(f"{QUIET_TURN_LIMIT} turns in a row passed without a move or an attack.")
        if log is not None:
            if outcome:
                log.append(LogEntry(f"Draw: {outcome.reason}"))
            elif skipped:
                log.append(
                    LogEntry(f"{SEAT_NAMES[seat]} can neither move nor attack, so goes straight to transforming.")
                )
        return replace(state, to_act=seat, phase=phase, turn=turn, skipped=skipped, history=history, outcome=outcome)

    # -- outcome and views ------------------------------------------------------------------------------------

    def outcome(self, state: WarsState) -> Outcome | None:
        return state.outcome

    def view(self, state: WarsState, seat: int | None) -> WarsView:
        """Wars has no secrets: every seat and spectators see the whole board."""
        return WarsView(
            **self.view_fields(state, seat, SEAT_NAMES),
            board=state.board,
            to_act=state.to_act,
            phase=state.phase,
            skipped=state.skipped,
            quiet_turns=state.quiet_turns,
            recent=state.recent,
            captured=state.captured,
        )

    # -- AI hooks ---------------------------------------------------------------------------------------------

    def evaluate(self, state: WarsState, seat: int) -> float:
        """Material, the kings' progress towards the enemy home row, and threats to each king."""
        if state.outcome:
            return 0.0 if state.outcome.draw else (1.0 if seat in state.outcome.winners else -1.0)
        score = 0.0
        for sq, stack in enumerate(state.board):
            if stack is None:
                continue
            sign = 1.0 if stack.owner == seat else -1.0
            progress = abs(sq // SIZE - HOME_RANK[stack.owner])
            score += sign * (0.25 * progress if stack.king else 1.0 + 0.05 * progress)
        return max(-0.95, min(0.95, score / 6.0))
