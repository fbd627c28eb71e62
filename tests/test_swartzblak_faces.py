"""Every printed face of The Shapeshifter of Swartzblak played (issue 42): for each power, ability, action and way
to win (``engine/games/swartzblak/faces.py``), a position of the current rules version where it can be used is
set up, it is used through the game's keys, and what its words promise is asserted. Each face's words are a
sentence of the rulebook, which ``/game rules`` shows: the check that they are keeps the two from drifting.

Positions come from ``position(...)`` (``tests/helpers/swartzblak.py``: Heroes d1 e1 f1, Varmints on rank 10,
Townspeople a1 a2 b1 b2 j1 j2, the Alleyways of ``ALLEYS``); dice are steered by trying seeds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.content import Face
from engine.games.swartzblak.board import DIST, NEIGHBOURS, SQUARES, empty_tiles
from engine.games.swartzblak.faces import faces
from engine.games.swartzblak.model import ADVERSARY, BEAST, HEROES, TOWN_IDS, Cond, Pending
from engine.games.swartzblak.rules import occupancy
from tests.helpers.swartzblak import GAME, act, keys, rolled, sq, where
from tests.helpers.swartzblak import position as _position

NOW = GAME.meta.rules_version
FACES = faces()
BOOK = Path(__file__).resolve().parents[1] / "docs" / "rules" / "swartzblak.md"


def position(*args, **kwargs):  # type: ignore[no-untyped-def]
    """A position of the current rules version."""
    return _position(*args, rules=NOW, **kwargs)


def label(state, key: str) -> str:  # type: ignore[no-untyped-def]
    return next(c.label for c in GAME.choices(state, GAME.to_decide(state)[0]) if c.key == key)


def _guard() -> None:
    beast = {BEAST: "e4", "t5": "e6", "v3": None}  # e6 is next to the Beast's e5
    assert "B!t5" in keys(position({**beast, "C": "a5"}, side=ADVERSARY, secret=None))
    assert "B!t5" not in keys(position({**beast, "C": "d6"}, side=ADVERSARY, secret=None)), "she guards it"
    down = position({**beast, "C": "d6"}, {"C": Cond.DISABLED}, side=ADVERSARY, secret=None)
    assert "B!t5" in keys(down), "only while she stands"


def _hex() -> None:
    state = position({"W": "g6", "C": "e5", "v1": "e6"})
    assert {k for k in keys(state) if "!hex:" in k} == {"W!hex:v1"}, "the Witch's, at what she could attack"
    state = act(state, "W!hex:v1")
    assert "v1" in state.hexed and "W!hex:v1" not in keys(state)
    assert label(state, "C!v1").endswith("(Advantage: the target is Hexed)")
    assert rolled(state, "C!v1", hit=False).last_roll.advantage
    assert "v1" not in act(state, "end").hexed, "until the end of this turn"


def _vermin_wise() -> None:
    assert rolled(position({"R": "e5", "v1": "e6"}), "R!v1", hit=False).last_roll.advantage
    beast = position({"R": "e3", BEAST: "e4", "v3": None}, secret=None)
    assert not rolled(beast, "R!B", hit=False).last_roll.advantage, "Varmints, not the Beast"


def _beast() -> None:
    wounded = position({BEAST: "e5", "C": "e4", "v3": None}, {BEAST: Cond.WOUNDED}, secret=None)
    assert rolled(wounded, "C!B", hit=True).unit(BEAST).cond is Cond.WOUNDED, "a hit without Advantage"
    flanked = position({BEAST: "e5", "C": "e4", "R": "d5", "v3": None}, {BEAST: Cond.WOUNDED}, secret=None)
    assert rolled(flanked, "C!B", hit=True).unit(BEAST).cond is Cond.DISABLED


def _large() -> None:
    """From e4 (covering e4 f4 e5 f5): east over a Varmint, north over a fallen Townsperson, stopped south by the
    Captain and west by a standing Townsperson; up to 3, straight, onto four empty squares, pushing nothing."""
    where_ = {BEAST: "e4", "v3": None, "v1": "g5", "t5": "e6", "t6": "c5"}
    state = position(where_, {"t5": Cond.DISABLED}, side=ADVERSARY, secret=None)
    moves = {k[2:] for k in keys(state) if k.startswith("B>")}
    assert moves == {"h4", "e7", "e3", "e2", "d4"}, moves
    assert label(state, "B>h4") == "The Beast charges e4 → h4"
    after = act(state, "B>h4")
    assert where(after, BEAST) == "h4" and where(after, "v1") == "g5", "it leaps over the Varmint, pushing nothing"
    assert all(after.unit(u).square == state.unit(u).square for u in ("C", "W", "R", *TOWN_IDS))


def _quick_change_artist() -> None:
    state = rolled(position({BEAST: "e5", "C": "e4", "v3": None}, secret=None), "C!B", hit=True)
    assert state.unit(BEAST).cond is Cond.WOUNDED and state.pending == Pending("change")
    assert GAME.to_decide(state) == (ADVERSARY,) and "keep" in keys(state)
    after = act(state, "ec:e5:3")
    assert not after.unit(BEAST).in_play and where(after, "v3") == "e5" and after.secret == 3
    assert (after.side, after.stunts) == (HEROES, state.stunts), "without paying (!)(!)"


def _everything_changes() -> None:
    state = position({BEAST: "e5", "v3": None}, side=ADVERSARY, secret=None)
    changes = {k for k in keys(state) if k.startswith("ec:")}
    assert changes == {f"ec:{s}:{n}" for s in ("e5", "f5", "e6", "f6") for n in range(1, 7)}
    after = act(state, "ec:f6:1")
    assert not after.unit(BEAST).in_play and where(after, "v3") == "f6" and after.secret == 1
    assert after.stunts == 1 and len(after.seals) == 1, "(!)(!), and the new pick is sealed"


def _minion() -> None:
    assert rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=True).unit("v1").cond is Cond.DISABLED


def _mortal() -> None:
    state = position({"v1": "e6"}, {"v1": Cond.DISABLED}, side=ADVERSARY)
    assert not any(k.endswith("!rec") for k in keys(state))


def _scurry() -> None:
    state = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=False)
    assert state.pending == Pending("scurry", target="v1") and GAME.to_decide(state) == (ADVERSARY,)
    occupied = set(occupancy(state))
    reachable = {SQUARES[s] for s in range(100) if 0 < DIST[sq("e6")][s] <= 3 and s not in occupied}
    assert {k[3:] for k in keys(state) if k.startswith("sc>")} <= reachable and "stay" in keys(state)
    assert "sc>e9" in keys(state) and "sc>e10" not in keys(state), "up to 3"
    assert where(act(state, "sc>e9"), "v1") == "e9" and where(act(state, "stay"), "v1") == "e6"


def _big_old_problem() -> None:
    state = position({"v3": "e8"}, side=ADVERSARY, secret=3)
    bops = {k for k in keys(state) if k.startswith("bop:")}
    assert bops == {"bop:d7", "bop:e7", "bop:d8", "bop:e8"}, bops
    after = act(state, "bop:e7")
    assert where(after, BEAST) == "e7" and not after.unit("v3").in_play and after.secret is None
    other = {k for k in keys(position({"v3": "e8"}, side=ADVERSARY, secret=2)) if k.startswith("bop:")}
    assert other == {"bop:c9"}, "only the Shapeshifter's Varmint (Varmint 2, on c10) has it"


def _targetless() -> None:
    assert "C!t1" not in keys(position({"C": "e5", "t1": "e6"}))
    assert "v1!t1" not in keys(position({"v1": "e5", "t1": "e6"}, side=ADVERSARY))
    assert "v3!t1" not in keys(position({"v3": "e5", "t1": "e6"}, side=ADVERSARY, secret=3)), "ours: not disguised"
    state = position({BEAST: "e4", "t1": "e6", "v3": None}, {BEAST: Cond.WOUNDED}, side=ADVERSARY, secret=None)
    after = rolled(state, "B!t1", hit=True)
    assert after.unit("t1").cond is Cond.DISABLED and after.unit(BEAST).cond is Cond.HEALTHY


def _blocking() -> None:
    state = position({"C": "e5", "t1": "e6", "t2": "d5", "t3": "f5"})
    moves = {k[2:] for k in keys(state) if k.startswith("C>")}
    assert "e7" not in moves and "f6" not in moves and "e4" in moves, "the way past Townspeople is barred"
    fallen = position({"C": "e5", "t1": "e6"}, {"t1": Cond.DISABLED})
    assert "C>e7" in keys(fallen), "a Disabled figure is stepped over"


def _obscuring() -> None:
    after = rolled(position({"W": "e2", "v1": "e6", "t1": "e4"}), "W!v1", hit=False)
    assert after.last_roll.obscured and len(after.last_roll.defence) == 3
    clear = rolled(position({"W": "e2", "v1": "e6"}), "W!v1", hit=False)
    assert not clear.last_roll.obscured and len(clear.last_roll.defence) == 2


def _flee() -> None:
    state = position({"t1": "e5"})
    after = act(state, "flee:n")
    assert after.moves == 1 and where(after, "t1") == "d10"
    moved = [t for t in TOWN_IDS if after.unit(t).square != state.unit(t).square]
    assert moved and all(DIST[state.unit(t).square][after.unit(t).square] <= 6 for t in TOWN_IDS)


def _command() -> None:
    state = position({"C": "e5", "t1": "e8", "t2": "j9"})
    assert "C!cmd:t1" in keys(state) and "C!cmd:t2" not in keys(state), "within six spaces"
    state = act(state, "C!cmd:t1")
    assert state.stunts == 2 and state.pending == Pending("lead", "C", "t1")
    assert "t1>e8" in keys(state) and "t1>b8" in keys(state) and "t1>a8" not in keys(state), "up to three"
    assert where(act(state, "t1>e9"), "t1") == "e9"
    assert "v1!cmd:t1" in keys(position({"v1": "e9", "t1": "e8"}, side=ADVERSARY)), "any unit"


def _alleyways() -> None:
    for seed in range(10):
        state = GAME.setup(None, 2, seed)
        empty = empty_tiles([s for a in state.alleys for s in a.squares], occupancy(state))
        for alley in state.alleys:
            assert len(alley.squares) == 6 and sorted(alley.numbers) == [0, 1, 2, 3, 4, 5]
            assert all(any(n in alley.squares for n in NEIGHBOURS[s]) for s in alley.squares)
            assert any(n in empty for s in alley.squares for n in NEIGHBOURS[s])


def _twists_and_turns() -> None:
    assert "tw:A" in keys(position(side=ADVERSARY)), "ours: either side"
    state = act(position({"t1": "b6", "v1": "d7"}), "tw:A")
    assert state.stunts == 1 and state.pending == Pending("twist", unit="A")
    before = state.alleys[0]
    empty = empty_tiles([s for a in state.alleys for s in a.squares], occupancy(state))
    for key in keys(state):
        after_state = act(state, key)
        after = after_state.alleys[0]
        assert after.numbers == before.numbers and after.squares != before.squares, "the order is kept"
        for uid, square in (("t1", "b6"), ("v1", "d7")):
            tile = before.numbers[before.squares.index(sq(square))]
            assert after_state.unit(uid).square == after.square_of(tile), "figures ride along"
        stayed = [i for i in range(6) if after.squares[i] == before.squares[i]]
        assert any(n in empty for i in stayed for n in NEIGHBOURS[before.squares[i]])


def _move() -> None:
    state = position({"C": "e5"})
    occupied = set(occupancy(state))
    near = {SQUARES[s] for s in range(100) if 0 < DIST[sq("e5")][s] <= 3 and s not in occupied}
    assert {k[2:] for k in keys(state) if k.startswith("C>")} == near, "nothing in the way: every square within 3"
    assert where(act(state, "C>e8"), "C") == "e8"


def _attack() -> None:
    for seed_hit in (True, False):
        after = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=seed_hit)
        roll = after.last_roll
        assert (max(roll.attack) > max(roll.defence)) is roll.hit is seed_hit
        assert (after.unit("v1").cond is Cond.DISABLED) is seed_hit and len(roll.attack) == 3


def _advantage() -> None:
    flank = rolled(position({"C": "e5", "v1": "e6", "W": "f6"}), "C!v1", hit=False).last_roll
    assert flank.advantage and len(flank.attack) == 4
    alone = rolled(position({"C": "e5", "v1": "e6"}), "C!v1", hit=False).last_roll
    assert not alone.advantage and len(alone.attack) == 3


def _recover() -> None:
    assert act(position({"C": "e5"}, {"C": Cond.WOUNDED}), "C!rec").unit("C").cond is Cond.HEALTHY
    assert act(position({"C": "e5"}, {"C": Cond.DISABLED}), "C!rec").unit("C").cond is Cond.WOUNDED
    assert "C!rec" not in keys(position({"C": "e5", "v1": "e6"}, {"C": Cond.DISABLED}))
    beast = position({BEAST: "e5", "v3": None}, {BEAST: Cond.WOUNDED}, side=ADVERSARY, secret=None)
    assert act(beast, "B!rec").unit(BEAST).cond is Cond.HEALTHY


def _tend() -> None:
    state = position({"C": "e5", "t1": "e6", "v1": "e7"}, {"t1": Cond.DISABLED})
    assert act(state, "C!aid:t1").unit("t1").cond is Cond.HEALTHY, "a Varmint beside it does not stop it"
    beside = {"C": "e5", "t1": "e6", BEAST: "f6", "v3": None}  # the Beast covers f6 g6 f7 g7
    assert "C!aid:t1" not in keys(position(beside, {"t1": Cond.DISABLED}, secret=None)), "the Beast beside it"
    fallen = position(beside, {"t1": Cond.DISABLED, BEAST: Cond.DISABLED}, secret=None)
    assert "C!aid:t1" in keys(fallen), "a standing Beast only"
    assert "C!aid:t1" not in keys(position({"C": "e4", "t1": "e6"}, {"t1": Cond.DISABLED})), "adjacent to the Hero"


def _kept_down() -> None:
    state = act(position({"v3": "e8"}, {"v3": Cond.DISABLED}, secret=3), "end")
    assert state.down_at_start and state.outcome is None
    assert act(state, "end").outcome.winners == frozenset({HEROES})


def _escape() -> None:
    state = act(position({"v3": "e7"}, secret=3), "end")  # e7: Tile 5 of Astrologic Alley, apart from the rest
    assert state.outcome.winners == frozenset({ADVERSARY})
    assert act(position({"v3": "e7", "C": "e8"}, secret=3), "end").outcome is None, "a Hero adjacent"


def _town() -> None:
    assert act(position(side=ADVERSARY, round_=6), "end").outcome.winners == frozenset({HEROES})
    hurt = position({}, {"t2": Cond.DISABLED}, side=ADVERSARY, round_=6)
    assert act(hurt, "end").outcome.winners == frozenset({ADVERSARY})


CHECKS: dict[str, Callable[[], None]] = {
    "captain:guard": _guard, "witch:hex": _hex, "ratcatcher:vermin-wise": _vermin_wise, "beast:beast": _beast,
    "beast:large": _large, "beast:quick-change-artist": _quick_change_artist,
    "beast:everything-changes": _everything_changes, "varmint:minion": _minion, "varmint:mortal": _mortal,
    "varmint:scurry": _scurry, "varmint:big-old-problem": _big_old_problem, "town:targetless": _targetless,
    "town:blocking": _blocking, "town:obscuring": _obscuring, "town:flee": _flee, "town:command": _command,
    "town:alleyways": _alleyways, "town:twists-and-turns": _twists_and_turns, "action:move": _move,
    "action:attack": _attack, "action:advantage": _advantage, "action:recover": _recover, "action:tend": _tend,
    "win:disabled": _kept_down, "win:escape": _escape, "win:town": _town,
}  # fmt: skip


@pytest.mark.parametrize(
    "face", [pytest.param(f, id=f.id, marks=pytest.mark.face("swartzblak", f.id, data=True)) for f in FACES]
)
def test_every_face_does_what_its_words_say(face: Face) -> None:
    CHECKS[face.id]()


def _plain(markdown: str) -> str:
    """The rulebook's words without emphasis or line breaks, as a reader reads them."""
    return re.sub(r"\s+", " ", markdown.replace("**", "").replace("*", ""))


@pytest.mark.parametrize("face", FACES, ids=[f.id for f in FACES])
def test_every_faces_words_are_the_rulebooks(face: Face) -> None:
    assert face.text in _plain(BOOK.read_text(encoding="utf-8"))
