"""Hand-made Swartzblak positions for rule tests: figures by square name, everything else at harmless defaults.

Dice are steered by trying generator seeds until an attack hits (or misses), never by patching the rules.
"""

from __future__ import annotations

from dataclasses import replace

from engine import Rng
from engine.games.swartzblak import Swartzblak
from engine.games.swartzblak.board import (
    SQUARE_INDEX,
    SQUARES,
    Alley,
)
from engine.games.swartzblak.model import (
    BEAST,
    HEROES,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pending,
    SwState,
    Unit,
)

GAME = Swartzblak()


def sq(name: str) -> int:
    return SQUARE_INDEX[name]


def alley(key: str, names: str, numbers: tuple[int, ...] = (0, 1, 2, 3, 4, 5)) -> Alley:
    return Alley(key, tuple(sq(n) for n in names.split()), numbers)


# Three Alleyways that touch nothing: Tile 5 of Astrologic is e7, of Torrensh i8, of Illogic i3.
ALLEYS = (alley("A", "b5 b6 b7 c7 d7 e7"), alley("T", "g5 h5 i5 i6 i7 i8"), alley("I", "d3 e3 f3 g3 h3 i3"))
HOME = {
    "C": "e1",
    "W": "d1",
    "R": "f1",
    **dict(zip(VARMINT_IDS, ("b10", "c10", "e10", "f10", "h10", "i10"), strict=True)),
    **dict(zip(TOWN_IDS, ("a1", "a2", "b1", "b2", "j1", "j2"), strict=True)),
}


def position(
    where: dict[str, str | None] | None = None,
    conds: dict[str, Cond] | None = None,
    *,
    side: int = HEROES,
    secret: int | None = 3,
    moves: int = 3,
    stunts: int = 3,
    round_: int = 1,
    alleys: tuple[Alley, ...] = ALLEYS,
    seed: int = 0,
    pending: Pending | None = None,
    rules: int = 1,
) -> SwState:
    """A position: ``where`` overrides the home squares (``None``: out of play); the Beast is out unless
    placed (by its south-west square)."""
    spots: dict[str, str | None] = {**HOME, BEAST: None, **(where or {})}
    conds = conds or {}
    units = tuple(
        Unit(uid, None if spots[uid] is None else sq(spots[uid]), conds.get(uid, Cond.HEALTHY))  # type: ignore[arg-type]
        for uid in ("C", "W", "R", *VARMINT_IDS, BEAST, *TOWN_IDS)
    )
    return SwState(
        units=units,
        alleys=alleys,
        round=round_,
        side=side,
        moves=moves,
        stunts=stunts,
        moved=frozenset(),
        stunted=frozenset(),
        hexed=frozenset(),
        pending=pending,
        secret=secret,
        picks=(),
        seals=(),
        nonce="0" * 16,
        down_at_start=False,
        last_roll=None,
        outcome=None,
        rng=Rng(seed),
        rules=rules,
    )


def keys(state: SwState, seat: int | None = None) -> set[str]:
    seat = GAME.to_decide(state)[0] if seat is None else seat
    return {c.key for c in GAME.choices(state, seat)}


def act(state: SwState, key: str, seat: int | None = None) -> SwState:
    seat = GAME.to_decide(state)[0] if seat is None else seat
    return GAME.act(state, seat, key).state


def where(state: SwState, uid: str) -> str | None:
    square = state.unit(uid).square
    return None if square is None else SQUARES[square]


def rolled(state: SwState, key: str, *, hit: bool) -> SwState:
    """Play the attack ``key`` with the first generator seed whose dice give the wanted result."""
    for seed in range(500):
        after = act(replace(state, rng=Rng(seed)), key)
        assert after.last_roll is not None
        if after.last_roll.hit == hit:
            return after
    raise AssertionError("no seed gave that result")
