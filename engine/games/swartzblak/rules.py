"""Rule helpers: who stands where, how far figures go, who can be attacked, and what the dice do.

Every function here is pure and reads only the public parts of a state, except ``shapeshifter_down`` and
``escaped``, which read the secret and are called only at the moments the win conditions name.
"""

from __future__ import annotations

import functools

from ...frozen import replace
from .board import (
    ALLEY_KEYS,
    DIRECTIONS,
    DIST,
    NEIGHBOURS,
    SIZE,
    Alley,
    at,
    between,
    connects,
    distance,
    footprint,
    reach,
    xy,
)
from .model import (
    ADVERSARY_IDS,
    BEAST,
    COMMAND_RANGE,
    COMMAND_STEPS,
    FLEE_STEPS,
    HERO_IDS,
    HEROES,
    INDEX,
    NO_EMPTY_PLAYS,
    SCURRY_STEPS,
    TOWN_IDS,
    VARMINT_IDS,
    Cond,
    Pending,
    Roll,
    SwState,
    Unit,
    profile,
    side_of,
    unit_name,
)
from .twists import Twist, twist_menu, twisted

Occupancy = dict[int, Unit]


def squares_of(unit: Unit) -> tuple[int, ...]:
    """The squares a figure covers: one, four for the Beast, none out of play."""
    if unit.square is None:
        return ()
    if unit.id == BEAST:
        fp = footprint(unit.square)
        assert fp is not None
        return fp
    return (unit.square,)


def occupancy(state: SwState) -> Occupancy:
    """Every covered square and the figure on it (standing or Disabled)."""
    return {sq: unit for unit in state.units for sq in squares_of(unit)}


def gap(a: Unit, b: Unit) -> int:
    """Spaces between the nearest squares of two figures (1: adjacent)."""
    if BEAST not in (a.id, b.id) and a.square is not None and b.square is not None:
        return DIST[a.square][b.square]
    return min(DIST[x][y] for x in squares_of(a) for y in squares_of(b))


def adjacent(a: Unit, b: Unit) -> bool:
    return a.in_play and b.in_play and gap(a, b) == 1


def _walk(state: SwState, occ: Occupancy, start: int, steps: int) -> list[int]:
    """Squares a one-square figure at ``start`` can stop on within ``steps``: standing figures block the way,
    Disabled ones can be stepped over, and only an empty square can be stopped on."""
    found = reach(start, steps, {sq for sq, u in occ.items() if u.standing})
    return sorted(sq for sq in found if sq not in occ)


def move_targets(state: SwState, occ: Occupancy, uid: str) -> list[int]:
    """Where a figure's (>) can take it: a walk for everyone, a straight charge for the Beast."""
    unit = state.unit(uid)
    assert unit.square is not None
    if uid == BEAST:
        return sorted(charges(occ, unit.square, rules=state.rules))
    return _walk(state, occ, unit.square, profile(uid).move)


def charge_reach(rules: int) -> int:
    """How many squares the Beast charges: four up to version 4, three from version 5 (the town gets a turn
    to see it coming)."""
    return profile(BEAST).move if rules < 5 else 3


def charges(occ: Occupancy, anchor: int, *, rules: int) -> dict[int, tuple[str, ...]]:
    """The Beast's moves (Large, ours): up to ``charge_reach`` squares in a straight line, leaping over Varmints
    and Disabled figures, pushing nothing, stopped by standing Heroes, ending on four empty squares. Standing
    Townspeople stop it too (rules version 2), or (version 1) are leapt over and trampled."""
    town_blocks = rules >= 2
    x, y = xy(anchor)
    ends: dict[int, tuple[str, ...]] = {}
    for dx, dy in DIRECTIONS:
        trampled: list[str] = []
        for step in range(1, charge_reach(rules) + 1):
            nxt = at(x + dx * step, y + dy * step)
            fp = footprint(nxt) if nxt is not None else None
            if nxt is None or fp is None:
                break
            others = [occ[sq] for sq in fp if sq in occ and occ[sq].id != BEAST]
            if any(u.standing and (u.id in HERO_IDS or (town_blocks and u.id in TOWN_IDS)) for u in others):
                break
            if not others:
                ends[nxt] = tuple(trampled)
            trampled.extend(u.id for u in others if u.id in TOWN_IDS and u.standing and u.id not in trampled)
    return ends


def line_of_sight(occ: Occupancy, source: Unit, target: Unit) -> tuple[bool, bool]:
    """(clear, obscured) from ``source`` to the nearest square of ``target``: standing Heroes, Varmints and
    the Beast block the line; standing Townspeople only obscure it; Disabled figures do neither."""
    assert source.square is not None
    aim = min(squares_of(target), key=lambda sq: (distance(source.square, sq), sq))  # type: ignore[arg-type]
    obscured = False
    for sq in between(source.square, aim):
        unit = occ.get(sq)
        if unit is None or unit.id in (source.id, target.id) or not unit.standing:
            continue
        if unit.id in TOWN_IDS:
            obscured = True
        else:
            return False, False
    return True, obscured


def guarded(state: SwState, town: Unit) -> bool:
    """The Watch Captain's Guard: the Beast can't attack a Townsperson next to her while she stands."""
    captain = state.unit("C")
    return captain.standing and adjacent(captain, town)


def attack_targets(state: SwState, occ: Occupancy, uid: str) -> list[str]:
    """Figures ``uid`` may attack now. Targetless: only the Beast may target Townspeople."""
    me = state.unit(uid)
    if uid in HERO_IDS:
        pool = ADVERSARY_IDS
    elif uid == BEAST:
        pool = (*HERO_IDS, *TOWN_IDS)
    else:
        pool = HERO_IDS
    reach_ = profile(uid).reach
    found = []
    for tid in pool:
        target = state.unit(tid)
        if not target.standing:
            continue
        if tid in TOWN_IDS and guarded(state, target):
            continue
        if reach_ == 1:
            if adjacent(me, target):
                found.append(tid)
        elif gap(me, target) <= reach_ and line_of_sight(occ, me, target)[0]:
            found.append(tid)
    return found


def hex_targets(state: SwState, occ: Occupancy) -> list[str]:
    """Whom the Hedge Witch can Hex: a standing Varmint or Beast she could attack, not already Hexed."""
    return [tid for tid in attack_targets(state, occ, "W") if tid not in state.hexed]


def advantage(state: SwState, attacker: str, target: str) -> str:
    """Why an attack has Advantage (empty if it has none): a Hex, the Ratcatcher against Varmints, or a
    standing friend of the attacker adjacent to the target (flanking)."""
    if target in state.hexed:
        return "the target is Hexed"
    if attacker == "R" and target in VARMINT_IDS:
        return "the Ratcatcher knows Varmints"
    side = side_of(attacker)
    aimed = state.unit(target)
    for uid in HERO_IDS if side == HEROES else ADVERSARY_IDS:
        friend = state.unit(uid)
        if uid != attacker and friend.standing and adjacent(friend, aimed):
            return f"{unit_name(uid)} flanks"
    return ""


def commandable(state: SwState, uid: str, occ: Occupancy, movable: frozenset[str]) -> list[str]:
    """Standing Townspeople within six spaces of ``uid`` that can be led (``movable_town``)."""
    me = state.unit(uid)
    return [tid for tid in TOWN_IDS if tid in movable and gap(me, state.unit(tid)) <= COMMAND_RANGE]


def movable_town(state: SwState, occ: Occupancy) -> frozenset[str]:
    """The standing Townspeople a Command may lead: from rules version 6 only those with a square to go to (a
    Command that could move nobody is no play). Worked out once a listing, not once a commander."""
    standing = [tid for tid in TOWN_IDS if state.unit(tid).standing]
    if state.rules < NO_EMPTY_PLAYS:
        return frozenset(standing)
    return frozenset(tid for tid in standing if _can_step(state, occ, state.unit(tid).square))  # type: ignore[arg-type]


def _can_step(state: SwState, occ: Occupancy, square: int) -> bool:
    """Whether a Townsperson at ``square`` has a square to go to within a Command's steps: an empty neighbour
    answers at once (the usual case), else the walk decides."""
    return any(n not in occ for n in NEIGHBOURS[square]) or bool(_walk(state, occ, square, COMMAND_STEPS))


def lead_targets(state: SwState, occ: Occupancy, tid: str) -> list[int]:
    """Where a commanded Townsperson may go: up to three squares, or stay where it is."""
    square = state.unit(tid).square
    assert square is not None
    return sorted({square, *_walk(state, occ, square, COMMAND_STEPS)})


def scurry_targets(state: SwState, occ: Occupancy, vid: str) -> list[int]:
    square = state.unit(vid).square
    assert square is not None
    return _walk(state, occ, square, SCURRY_STEPS)


def can_recover(state: SwState, uid: str) -> bool:
    """Heroes and the Beast Recover (Varmints are Mortal); a Disabled figure only with no standing enemy
    adjacent, so standing guard over a fallen foe keeps it down."""
    me = state.unit(uid)
    if uid in VARMINT_IDS or me.cond is Cond.HEALTHY or not me.in_play:
        return False
    if me.cond is Cond.WOUNDED:
        return True
    enemies = ADVERSARY_IDS if uid in HERO_IDS else HERO_IDS
    return not any(state.unit(e).standing and adjacent(state.unit(e), me) for e in enemies)


def aid_targets(state: SwState, uid: str) -> list[str]:
    """Rules version 3: the Disabled Townspeople a standing Hero can help up (Tend), each adjacent to the Hero
    with no standing Varmint or Beast adjacent to it; from version 4 only a standing Beast stops it. None
    before version 3."""
    me = state.unit(uid)
    if state.rules < 3 or uid not in HERO_IDS or not me.standing:
        return []
    guards = tend_guards(state.rules)
    return [
        tid
        for tid in TOWN_IDS
        if state.unit(tid).cond is Cond.DISABLED
        and adjacent(me, state.unit(tid))
        and not any(state.unit(e).standing and adjacent(state.unit(e), state.unit(tid)) for e in guards)
    ]


def tend_guards(rules: int) -> tuple[str, ...]:
    """Who, standing beside a Disabled Townsperson, stops a Hero tending it: every Varmint and the Beast in
    version 3; the Beast alone from version 4 (a Varmint is a scavenger, no guard)."""
    return ADVERSARY_IDS if rules < 4 else (BEAST,)


def bop_anchors(occ: Occupancy, square: int) -> list[int]:
    """Where the Beast can appear over the Varmint on ``square``: a 2×2 containing it, the rest empty."""
    x, y = xy(square)
    found = []
    for ax, ay in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
        anchor = at(ax, ay)
        fp = footprint(anchor) if anchor is not None else None
        if anchor is not None and fp is not None and all(sq == square or sq not in occ for sq in fp):
            found.append(anchor)
    return sorted(found)


def figures_map(state: SwState) -> dict[int, str]:
    """Occupied squares and their figures, as the Alleyway code needs them."""
    return {sq: u.id for sq, u in occupancy(state).items()}


def pinned(state: SwState) -> frozenset[int]:
    """Tiles under the Beast never move in a twist, so a figure on several tiles keeps its position."""
    return frozenset(squares_of(state.unit(BEAST)))


def layouts(state: SwState, index: int) -> list[Twist]:
    """The menu of Twists and Turns layouts for Alleyway ``index``."""
    return twist_menu(state.alleys, index, figures_map(state), pinned(state))


def twist_result(state: SwState, code: str) -> tuple[int, Alley, dict[int, int]] | None:
    """Alleyway index, its new layout and the carried figures' moves for a layout code ``A:2:4:r90``."""
    key, anchor, arm, transform = code.split(":")
    index = ALLEY_KEYS.index(key)
    result = twisted(state.alleys, index, Twist(int(anchor), arm, transform), figures_map(state), pinned(state))
    return None if result is None else (index, *result)


# -- effects -------------------------------------------------------------------------------------------------


def placed(units: tuple[Unit, ...], *changed: Unit) -> tuple[Unit, ...]:
    """The figures with ``changed`` ones swapped in."""
    new = list(units)
    for unit in changed:
        new[INDEX[unit.id]] = unit
    return tuple(new)


def set_unit(state: SwState, unit: Unit) -> SwState:
    return replace(state, units=placed(state.units, unit))


def roll_attack(state: SwState, occ: Occupancy, attacker: str, target: str) -> tuple[SwState, Roll]:
    """Roll the attacker's dice (one more with Advantage) against the target's (one more if obscured, and one
    more for a Townsperson under rules version 3); the attack hits when its best die beats the best defence
    die. Dice come from the match's generator."""
    reason = advantage(state, attacker, target)
    obscured = profile(attacker).reach > 1 and line_of_sight(occ, state.unit(attacker), state.unit(target))[1]
    attack, rng = state.rng.dice(profile(attacker).attack + (1 if reason else 0))
    braced = state.rules >= 3 and target in TOWN_IDS  # version 3: Townspeople defend with 2 dice
    defence, rng = rng.dice(profile(target).defence + (1 if obscured else 0) + (1 if braced else 0))
    roll = Roll(attacker, target, attack, defence, bool(reason), obscured, max(attack) > max(defence))
    return replace(state, rng=rng, last_roll=roll), roll


def harm(state: SwState, target: str, with_advantage: bool) -> tuple[SwState, str, Pending | None]:
    """What a successful attack does to ``target``: the new state, a sentence, and any reaction it opens.

    Minions (Varmints, including the disguised Shapeshifter) are Disabled at once; Townspeople are
    Disabled; Heroes go healthy → Wounded → Disabled; the Beast is Wounded, and Disabled only by an attack
    with Advantage. A Beast becoming Wounded opens Quick Change Artist.
    """
    unit = state.unit(target)
    name = unit_name(target)
    name = name[:1].upper() + name[1:]  # it starts a sentence
    if target in VARMINT_IDS or target in TOWN_IDS:
        return set_unit(state, replace(unit, cond=Cond.DISABLED)), f"{name} is Disabled.", None
    if unit.cond is Cond.HEALTHY:
        pending = Pending("change") if target == BEAST else None
        return set_unit(state, replace(unit, cond=Cond.WOUNDED)), f"{name} is Wounded.", pending
    if target == BEAST and not with_advantage:
        return state, "The Beast is already Wounded and only an attack with Advantage can Disable it.", None
    return set_unit(state, replace(unit, cond=Cond.DISABLED)), f"{name} is Disabled.", None


def trampled_units(state: SwState, trampled: tuple[str, ...]) -> tuple[Unit, ...]:
    """Townspeople harmed by something that did not target them are always Disabled."""
    return tuple(Unit(tid, state.unit(tid).square, Cond.DISABLED) for tid in trampled)


FLEE_PATTERNS = ("safe", "away", "n", "e", "s", "w")
FLEE_WORDS = {
    "safe": "towards the nearest Hero",
    "away": "away from the nearest Varmint or Beast",
    "n": "north",
    "e": "east",
    "s": "south",
    "w": "west",
}


def _flee_scores(units: tuple[Unit, ...], pattern: str) -> tuple[int, ...]:
    """How good each square is for a fleeing Townsperson (lower is better)."""
    marks: tuple[int, ...] = ()
    if pattern in ("safe", "away"):
        ids = HERO_IDS if pattern == "safe" else ADVERSARY_IDS
        marks = tuple(sq for uid in ids if units[INDEX[uid]].standing for sq in squares_of(units[INDEX[uid]]))
    return _score_table(pattern, marks)


def _nearest(marks: tuple[int, ...]) -> list[int]:
    """Spaces from every square to the nearest mark: a two-pass distance transform, linear in the board."""
    far = 4 * SIZE
    d = [far] * (SIZE * SIZE)
    for m in marks:
        d[m] = 0
    for sq in range(SIZE * SIZE):
        x, y = sq % SIZE, sq // SIZE
        if x:
            d[sq] = min(d[sq], d[sq - 1] + 1)
        if y:
            d[sq] = min(d[sq], d[sq - SIZE] + 1)
    for sq in reversed(range(SIZE * SIZE)):
        x, y = sq % SIZE, sq // SIZE
        if x < SIZE - 1:
            d[sq] = min(d[sq], d[sq + 1] + 1)
        if y < SIZE - 1:
            d[sq] = min(d[sq], d[sq + SIZE] + 1)
    return d


@functools.lru_cache(maxsize=512)
def _score_table(pattern: str, marks: tuple[int, ...]) -> tuple[int, ...]:
    if pattern in ("safe", "away"):
        if not marks:
            return (0,) * (SIZE * SIZE)
        sign = 1 if pattern == "safe" else -1
        return tuple(sign * d for d in _nearest(marks))
    dx, dy = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}[pattern]
    return tuple(-(dx * (sq % SIZE) + dy * (sq // SIZE)) for sq in range(SIZE * SIZE))


def flee_patterns(state: SwState) -> tuple[str, ...]:
    """The Flee patterns on offer: all six, or from rules version 6 those that move a Townsperson."""
    if state.rules < NO_EMPTY_PLAYS:
        return FLEE_PATTERNS
    return tuple(p for p in FLEE_PATTERNS if _fled(state.units, p)[1])


def flee(state: SwState, pattern: str) -> tuple[SwState, list[tuple[str, int, int]]]:
    """Flee: Townsperson 1, then 2, … each runs up to six squares to the best square for ``pattern``
    (ties: the shorter run, then the lower square). Deterministic, so a menu of patterns is enough."""
    units, runs = _fled(state.units, pattern)
    return replace(state, units=units), list(runs)


@functools.lru_cache(maxsize=1024)  # pure in the figures: search plays the same Flee! over and over
def _fled(units: tuple[Unit, ...], pattern: str) -> tuple[tuple[Unit, ...], tuple[tuple[str, int, int], ...]]:
    runs = []
    score = _flee_scores(units, pattern)
    occ = {sq: unit for unit in units for sq in squares_of(unit)}  # as ``occupancy``
    blocked = {sq for sq, u in occ.items() if u.standing}
    moved = list(units)
    for tid in TOWN_IDS:
        unit = moved[INDEX[tid]]
        if not unit.standing:
            continue
        assert unit.square is not None
        found = reach(unit.square, FLEE_STEPS, blocked)
        best = min((score[sq], steps, sq) for sq, steps in found.items() if sq == unit.square or sq not in occ)[2]
        if best != unit.square:
            runs.append((tid, unit.square, best))
            moved[INDEX[tid]] = now = Unit(tid, best, unit.cond)
            del occ[unit.square]
            blocked.discard(unit.square)
            occ[best] = now
            blocked.add(best)
    return tuple(moved), tuple(runs)


# -- the secret ----------------------------------------------------------------------------------------------


def shapeshifter_down(state: SwState) -> bool:
    """SECRET-DEPENDENT. Whether the Shapeshifter (as the Beast, or as its Varmint) is Disabled."""
    beast = state.unit(BEAST)
    if beast.in_play:
        return beast.cond is Cond.DISABLED
    return state.secret is not None and state.unit(f"v{state.secret}").cond is Cond.DISABLED


def escaped(state: SwState) -> int | None:
    """SECRET-DEPENDENT. The Alleyway whose Tile 5 the disguised Shapeshifter stands on, if that Alleyway
    connects to no other and no Hero (standing or not) is adjacent; else ``None``."""
    if state.secret is None:
        return None
    varmint = state.unit(f"v{state.secret}")
    for index, alley in enumerate(state.alleys):
        if varmint.square == alley.square_of(5) and not connects(state.alleys, index):
            heroes = {state.unit(h).square for h in HERO_IDS}
            if not any(n in heroes for n in NEIGHBOURS[varmint.square]):
                return index
    return None
