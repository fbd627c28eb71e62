"""Hand-made Good vs Bad positions played through the game's own keys (``GAME.act``): a match past buying at any
rules version, hands dealt by hand, and dice steered by trying generator seeds, never by patching the rules.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.frozen import replace
from engine.games.goodvsbad.board import layout, walks
from engine.games.goodvsbad.game import GoodVsBad
from engine.games.goodvsbad.model import SEAT_NAMES, GoodVsBadOptions, GvbState, Kind, Pending
from engine.games.goodvsbad.rules import legal
from engine.games.goodvsbad.setup import initial_state
from engine.games.goodvsbad.tables import DECKS
from engine.rng import Rng

GAME = GoodVsBad()
NOW = GAME.meta.rules_version


def table(players: int = 2, *, rules: int = NOW, stats: tuple[int, int, int] = (3, 3, 3)) -> GvbState:
    """A match of ``rules`` past naming and buying, at the start of Red's turn (before its roll): every piece at
    home with ``stats``, every Special 3, every hand empty."""
    state = initial_state(GoodVsBadOptions(), players, Rng(7), rules)
    while state.stage == "name":
        state = GAME.act(state, state.active, legal(state, state.active)[0]).state
    for seat in range(players):
        state = GAME.act(state, seat, "buy:2.2.2.2").state
    for piece in state.pieces:
        state = state.with_piece(replace(piece, stats=stats, start=stats))
    for player in state.players:
        state = state.with_player(replace(player, items=(), events=()))
    return replace(state, first=0, active=0, pending=Pending("roll"))


def holding(state: GvbState, seat: int = 0, *, items: tuple[str, ...] = (), events: tuple[str, ...] = ()) -> GvbState:
    return state.with_player(replace(state.player(seat), items=items, events=events))


def placed(state: GvbState, seat: int, kind: Kind, place: str, **fields: object) -> GvbState:
    """``seat``'s piece of ``kind`` stands on ``place`` (and has ``fields``: stats, items, …)."""
    return state.with_piece(replace(state.piece(seat, kind), place=place, **fields))


def on_top(state: GvbState, card: str, deck: str) -> GvbState:
    """The Encounter ``card`` on top of ``deck``; Monsters' shift set so an E square draws from that deck."""
    index = DECKS.index(deck)
    decks = list(state.decks.encounters)
    decks[index] = (card, *(c for c in decks[index] if c != card))
    return replace(state, decks=replace(state.decks, encounters=tuple(decks)), shift=index)


def steer(state: GvbState, wanted: Callable[[Rng], bool]) -> GvbState:
    """The state with the first generator (by seed) whose coming draws are ``wanted``."""
    for seed in range(5000):
        rng = Rng(seed)
        if wanted(rng):
            return replace(state, rng=rng)
    raise AssertionError("no seed gives those dice")


def rolls(rng: Rng, *wanted: tuple[int, ...] | int) -> bool:
    """Whether ``rng``'s coming rolls are ``wanted``, each a sum of 2d6 (an int) or the dice themselves."""
    for want in wanted:
        dice, rng = rng.dice(2 if isinstance(want, int) else len(want))
        if (sum(dice) if isinstance(want, int) else dice) != want:
            return False
    return True


def act(state: GvbState, key: str, seat: int | None = None) -> GvbState:
    """Play ``key`` through the game's interface for the seat that decides (it must be listed)."""
    seat = GAME.to_decide(state)[0] if seat is None else seat
    assert key in GAME.legal_actions(state, seat), f"{key} is not offered: {GAME.legal_actions(state, seat)}"
    return GAME.act(state, seat, key).state


def keys(state: GvbState, prefix: str = "") -> list[str]:
    return [k for k in GAME.legal_actions(state, GAME.to_decide(state)[0]) if k.startswith(prefix)]


def walk_onto(
    state: GvbState, kind: Kind, place: str, *, roll: int = 0, then: Callable[[Rng], bool] = lambda rng: True
) -> GvbState:
    """Red's ``kind`` walks from its Home Base onto space ``0.n`` of the North Road, moving first, with a roll of
    ``n`` (steered; ``roll`` if its Items change its move; ``then`` asks more of the dice that follow); returns
    the state after it lands."""
    steps = roll or int(place.split(".")[1])
    state = steer(state, lambda rng: rolls(rng, steps) and then(rng.dice(2)[1]))
    state = act(state, "roll")
    if state.pending is not None and state.pending.kind == "order":
        state = act(state, f"first:{kind}")
    return act(state, f"go:{place}") if f"go:{place}" in keys(state) else state


def ends(state: GvbState, start: str, steps: int) -> set[str]:
    """Where a walk of exactly ``steps`` from ``start`` may end on this board."""
    return set(walks(start, steps, layout(len(state.players), SEAT_NAMES), state.lengths))
