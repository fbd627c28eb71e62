"""A turn (docs/rules/good-vs-bad.md *Your turn*): roll 2d6, move each piece in the order chosen, resolve each
landing, pass the turn; and the end of the game after the last round.

The turn is an agenda of ``Task``s worked through by ``run`` until a decision is owed (``GvbState.pending``)
or the match ends; applying a decision resolves it and calls ``run`` again. So a piece that a Good space
nudges on, or a Bad one drags to a worse space, simply gets another ``arrive`` task.
"""

from __future__ import annotations

from ...core import LogEntry, Outcome
from ...frozen import replace
from .board import home, layout, walks
from .calls import start_encounter
from .destiny import last_round, plays_on
from .fights import check_duel
from .items import over_the_limit
from .landing import apply_effect, arrive
from .model import KINDS, SEAT_NAMES, GvbState, Pending, Piece, Task, piece_name
from .tables import TABLES

Log = list[LogEntry]


def run(state: GvbState) -> tuple[GvbState, Log]:
    """Work the agenda until a decision is owed or nothing is left to do."""
    log: Log = []
    while _working(state) and state.agenda:
        task, rest = state.agenda[0], state.agenda[1:]
        state = replace(state, agenda=rest)
        state, more = _work(state, task)
        log += more
    if _working(state) and not state.agenda and state.stage == "turn":
        state = replace(state, pending=Pending("roll"))
    return state, log


def _working(state: GvbState) -> bool:
    """Whether the agenda may go on: no decision owed, no window or call being answered, the match not over."""
    return state.pending is None and state.window is None and state.call is None and state.outcome is None


def _work(state: GvbState, task: Task) -> tuple[GvbState, Log]:
    if task.kind == "move":
        return begin_move(state, task.piece, state.roll)
    if task.kind == "arrive":
        return arrive(state, task)
    if task.kind == "effect":
        return apply_effect(state, task)
    if task.kind == "encounter":
        return start_encounter(state, task)
    if task.kind == "duel":
        return check_duel(state, task)
    if task.kind == "next_piece":
        return next_piece(state)
    return end_turn(state)


def roll(state: GvbState) -> tuple[GvbState, Log]:
    """The active player rolls 2d6; the pieces that may move are moved, in the order the player picks."""
    dice, rng = state.rng.dice(2)  # type: ignore[union-attr]
    seat = state.active
    state = replace(state, rng=rng, roll=sum(dice), pending=None, moved=(), used=())
    log = [LogEntry(f"{SEAT_NAMES[seat]} rolls {dice[0]} + {dice[1]} = {sum(dice)}.")]
    movers = []
    for kind in KINDS:
        piece = state.piece(seat, kind)
        if piece.lose_turns:
            state = state.with_piece(replace(piece, lose_turns=piece.lose_turns - 1))
            log.append(LogEntry(f"{piece_name(seat, kind)} loses this turn."))
        else:
            movers.append(piece.id)
    if len(movers) == 2:
        state = replace(state, pending=Pending("order", options=KINDS))
    elif movers:
        state = replace(state, agenda=(Task("move", movers[0]), Task("end_turn")))
    else:
        state = replace(state, agenda=(Task("end_turn"),))
    more_state, more = run(state)
    return more_state, log + more


def choose_order(state: GvbState, kind: str) -> tuple[GvbState, Log]:
    first = state.piece(state.active, kind)  # type: ignore[arg-type]
    state = replace(state, pending=None, agenda=(Task("move", first.id), Task("next_piece")))
    return run(state)


def move_length(state: GvbState, piece: Piece, rolled: int) -> tuple[GvbState, int, str]:
    """How far ``piece`` moves on a roll of ``rolled``: a mount's own dice instead, boots' dice added, armour's
    cost per die unless mounted, and a Bad 1 space's penalty; at least 1. Returns the advanced state (its own
    dice come from the generator), the length and a note for the log."""
    kinds = {TABLES.items[i].type: TABLES.items[i] for i in piece.items}
    notes = []
    dice = 2
    if "mount" in kinds:
        mount = kinds["mount"]
        rolls, rng = state.rng.dice(mount.power)  # type: ignore[union-attr]
        state, rolled, dice = replace(state, rng=rng), sum(rolls), mount.power
        notes.append(f"{mount.name} {'+'.join(map(str, rolls))}")
    elif "boots" in kinds:
        boots = kinds["boots"]
        rolls, rng = state.rng.dice(boots.power)  # type: ignore[union-attr]
        state, rolled, dice = replace(state, rng=rng), rolled + sum(rolls), 2 + boots.power
        notes.append(f"{boots.name} +{sum(rolls)}")
    if "armour" in kinds and "mount" not in kinds:
        rolled -= kinds["armour"].power * dice
        notes.append(f"{kinds['armour'].name} −{kinds['armour'].power * dice}")
    if piece.slowed:
        rolled -= piece.slowed
        notes.append(f"slowed −{piece.slowed}")
    return state, max(1, rolled), f" ({', '.join(notes)})" if notes else ""


def begin_move(state: GvbState, piece_id: int, rolled: int) -> tuple[GvbState, Log]:
    """Offer the piece's exact walks of its move; a single one is taken at once."""
    piece = state.pieces[piece_id]
    state, length, note = move_length(state, piece, rolled)
    state = state.with_piece(replace(piece, slowed=0))
    state = replace(state, moved=(*state.moved, piece_id))
    log = [LogEntry(f"{piece_name(piece.seat, piece.kind)} moves {length}{note}.")]
    paths = reachable(state, piece, length)
    if piece.kind == "hero" and any(f.place == piece.place and f.item == "fortification" for f in state.fixtures):
        paths = {"stay": (), **paths}  # a Hero may stay still on a Fortification
    if len(paths) == 1:
        ((end, path),) = paths.items()
        return _walk(state, state.pieces[piece_id], end, path, log)
    state = replace(state, pending=Pending("path", piece_id, tuple(paths), paths=tuple(paths.values())))
    return state, log


def reachable(state: GvbState, piece: Piece, length: int) -> dict[str, tuple[str, ...]]:
    """Each place the piece can end its move on, with the walk there (the first, in the board's order, when
    several lead there). A Trap stops a walk on its space."""
    connectors = layout(len(state.players), SEAT_NAMES)
    traps = frozenset(f.place for f in state.fixtures if f.item == "trap")
    ends = walks(piece.place, length, connectors, state.lengths, stops=traps)
    return {end: paths[0] for end, paths in ends.items()}


def choose_path(state: GvbState, end: str) -> tuple[GvbState, Log]:
    state, pending, piece = state.answered()
    if end == "stay":
        return run(state)
    state, log = _walk(state, piece, end, pending.paths[pending.options.index(end)], [])
    more_state, more = run(state)
    return more_state, log + more


def _walk(state: GvbState, piece: Piece, end: str, path: tuple[str, ...], log: Log) -> tuple[GvbState, Log]:
    """The piece walks ``path`` to ``end``: a role counts the Home Bases on the way, then it arrives."""
    came_from = path[-2] if len(path) > 1 else piece.place
    state, toured = tour(state, piece, path)
    state = state.with_piece(replace(state.pieces[piece.id], place=end))
    return replace(state, agenda=(Task("arrive", piece.id, came_from), *state.agenda)), log + toured


def tour(state: GvbState, piece: Piece, path: tuple[str, ...]) -> tuple[GvbState, Log]:
    """A Protector or Supervillain counts the other Home Bases its walk passes through or ends on; once it has
    been to every one undefeated, its player wins."""
    if not piece.role:
        return state, []
    others = {home(s) for s in state.seats if s != piece.seat}
    reached = tuple(sorted(set(piece.toured) | (others & set(path))))
    state = state.with_piece(replace(piece, toured=reached))
    if not others <= set(reached):
        return state, []
    title = "Protector" if piece.role == "protector" else "Supervillain"
    outcome = Outcome.win(piece.seat, reason=f"{SEAT_NAMES[piece.seat]}'s {title} has reached every Home Base: "
                                             f"{SEAT_NAMES[piece.seat]} wins.")  # fmt: skip
    return replace(state, outcome=outcome, stage="over"), [LogEntry(outcome.reason)]


def next_piece(state: GvbState) -> tuple[GvbState, Log]:
    """After the first piece's move: the other one moves, then the turn ends."""
    for kind in KINDS:
        piece = state.piece(state.active, kind)
        if piece.id not in state.moved and not piece.lose_turns:
            return replace(state, agenda=(Task("move", piece.id), Task("end_turn"), *state.agenda)), []
    return replace(state, agenda=(Task("end_turn"), *state.agenda)), []


def end_turn(state: GvbState) -> tuple[GvbState, Log]:
    """Pass the turn to the next player (a resigned player's seat is played by the AI); a round is over when play
    comes back to the seat that began it, and the next begins with its ``starter``; after the last round, the
    game ends on Renown."""
    full = over_the_limit(state)
    if full is not None:
        return full, []
    seat = (state.active + 1) % len(state.players)
    if seat == state.starter:
        state = replace(state, round=state.round + 1)
        seat = state.starter
    state = replace(state, active=seat, roll=0, moved=(), used=())
    if state.round > state.rounds and not plays_on(state):
        outcome = final_result(state, extra=state.round > state.rounds + 1 or seat != state.starter)
        return replace(state, outcome=outcome, stage="over"), [LogEntry(outcome.reason)]
    if state.round > state.rounds:
        return state, [LogEntry(f"{SEAT_NAMES[seat]}'s turn (round {state.round}: the tour plays on, at most to "
                                f"round {last_round(state)}).")]  # fmt: skip
    return state, [LogEntry(f"{SEAT_NAMES[seat]}'s turn (round {state.round}).")]


def final_result(state: GvbState, *, extra: bool = False) -> Outcome:
    """The default end (ours): most Renown; a tie goes to more Good and Bad spaces of one's making on the
    board; still tied, the tied players share the win. ``extra``: the match went on past its last round for a
    tour (version 6), which the result says."""

    def score(player_seat: int) -> tuple[int, int]:
        made = sum(1 for m in state.marks if m.maker == player_seat)
        return state.players[player_seat].renown, made

    best = max(score(seat) for seat in state.seats)
    winners = [seat for seat in state.seats if score(seat) == best]
    names = " and ".join(SEAT_NAMES[s] for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    when = f"After round {state.rounds}" + (" and the tour's extra rounds" if extra else "")
    return Outcome.win(*winners, reason=f"{when}, {names} {verb} with {best[0]} Renown.")
