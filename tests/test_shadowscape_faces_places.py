"""Shadowscape's places, as printed: every whisper can be claimed exactly where and with what its words say (and
not without), and every shrine adds what its words say to a hero in its room."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape import area
from engine.games.shadowscape.dungeon import laid_at, name, neighbours, places
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.whispers import fits
from tests.helpers.shadowscape import act, arena, foe, holding, keys, with_card
from tests.test_shadowscape_faces import _distances


def claims(face_id: str) -> pytest.MarkDecorator:
    return pytest.mark.face("shadowscape", face_id, data=True)


WHISPERS = [pytest.param(w, id=w, marks=claims(w)) for w in TABLES.whispers]
SHRINES = [pytest.param(k, id=f"shrine:{k}", marks=claims(f"shrine:{k}")) for k in area.SHRINE_BOOSTS] + [
    pytest.param(k, id=f"shrine:{k}", marks=claims(f"shrine:{k}")) for k in ("foresight", "hero")
]


def offered(state: ShadowState, whisper: str) -> bool:
    return f"cl:{whisper}" in keys(state)


def stand(state: ShadowState, room) -> ShadowState:
    return state.with_hero(replace(state.hero(0), place=room))


def holding_needs(state: ShadowState, whisper: str) -> ShadowState:
    """Seat 0 holds what the whisper asks for (Trophies, Treasures, equipment)."""
    hero = state.hero(0)
    for need in TABLES.whispers[whisper].needs:
        if need.kind == "trophy":
            kinds = [t for t in TABLES.enemies if need.enemy in (None, TABLES.enemy_kinds[TABLES.enemies[t].kind].type)]
            hero = replace(hero, trophies=tuple(kinds[: need.count]))
        elif need.kind == "treasure":
            hero = replace(hero, treasures=tuple(list(TABLES.treasures)[: need.count]))
        elif need.kind == "equipment":
            gear = [e for e, row in TABLES.equipment.items() if need.slot in (None, row.slot)]
            hero = replace(hero, equipment=tuple(gear[: need.count]))
    return state.with_hero(hero)


@pytest.mark.parametrize("whisper", WHISPERS)
def test_every_whisper_is_claimed_where_and_with_what_it_says(whisper: str) -> None:
    row = TABLES.whispers[whisper]
    state = arena(("pell", "dagny"))
    state = replace(state, piles=replace(state.piles, whisper_row=(whisper,)))
    kinds = {need.kind for need in row.needs}
    if "lord" in kinds:
        _slay_the_lord(state, whisper)
        return
    fitting = [p for p in places() if row.place is None or fits(state.dungeon, p, row.place)]
    other = next(p for p in places() if row.place is not None and p not in fitting) if row.place else None
    if "search" in kinds:
        _search_there(state, whisper, fitting)
        return
    ready = holding_needs(stand(state, fitting[0]), whisper)
    assert offered(ready, whisper), "where it says, with what it asks"
    if row.needs:
        assert not offered(stand(state, fitting[0]), whisper), "not without what it asks"
    if other is not None:
        assert not offered(holding_needs(stand(state, other), whisper), whisper), "not anywhere else"


def _search_there(state: ShadowState, whisper: str, fitting: list) -> None:
    """Claimed in a turn in which a room of its kind was searched: from next door, with a face that reaches it."""
    target = next(p for p in fitting if neighbours(state.dungeon, p))
    beside = neighbours(state.dungeon, target)[0]
    state = with_card(stand(state, beside), 0, "gen-10", 0)  # search your room or an adjacent room for 2
    assert not offered(state, whisper), "not before the Search"
    searched = act(state, f"se:gen-10:{name(target)}")
    assert offered(searched, whisper), "a Search that reached it counts"


def _slay_the_lord(state: ShadowState, whisper: str) -> None:
    home = state.hero(0).place
    lord = TABLES.lords[state.lord.lord].competitive
    state = with_card(state, 0, "gen-16", 0)  # an attack for 3
    state = replace(state, lord=replace(state.lord, place=home, damage=lord.defence - 3))
    assert not offered(state, whisper), "claimed by slaying, not by a claim"
    slain = act(state, "at:gen-16:lord")
    assert whisper in slain.hero(0).whispers and slain.lord.slain_by == 0


# -- shrines ------------------------------------------------------------------------------------------------------


def at_shrine(kind: str) -> ShadowState:
    state = arena(("pell", "dagny"))
    room = next(p for p in places() if laid_at(state.dungeon, p).shown().shrine == kind)
    return stand(state, room)


@pytest.mark.parametrize("kind", SHRINES)
def test_every_shrine_adds_what_it_says(kind: str) -> None:
    state = at_shrine(kind)
    if kind in ("battle", "arcane"):
        card = "gen-16" if kind == "battle" else "pell-1"  # might 3 / magic 3
        posed, token = foe(with_card(state, 0, card, 0), 4, state.hero(0).place)
        assert token not in dict(act(posed, f"at:{card}:{token}").enemies), "3 and the shrine's 1 fell a Defence of 4"
    elif kind == "health":
        posed = with_card(state.with_hero(replace(state.hero(0), wounds=3)), 0, "gen-1", 1)  # remove 2 Wounds
        assert act(posed, "he:gen-1").hero(0).wounds == 0, "2 and the shrine's 1"
    elif kind == "armour":
        damage = TABLES.heroes["pell"].defence + 2
        posed = replace(state, pending=Pending("defend", 0, attacker="lord", damage=damage, resume=True))
        posed = replace(posed, lord=replace(posed.lord, place=state.hero(0).place))
        after = act(posed, "def")
        while after.pending is not None:
            after = act(after, sorted(keys(after, after.pending.seat))[0], after.pending.seat)
        assert area.wounds_total(after.hero(0)) == 1, "+1 Defence: one Wound of two"
    elif kind == "foresight":
        posed = with_card(state, 0, "gen-3", 1)  # draw 3 fate cards (and no discard)
        assert len(act(posed, "pr:gen-3").hero(0).hand) == 3 + 1, "one more card drawn"
        size = TABLES.heroes["pell"].hand_size
        full = holding(with_card(state, 0, "pell-4", 1), 0, tuple(list(TABLES.fate)[-size:]))  # draw 3, discard down
        over = act(full, "pr:pell-4")
        kept = act(over, sorted(keys(over))[0]) if over.pending is not None else over
        assert len(kept.hero(0).hand) == size + 1, "and one more kept"
    else:
        reach = TABLES.heroes["pell"].movement + 1
        far = _distances(state, state.hero(0).place)
        card = state.hero(0).cards[0].card
        rooms = {k.split(":")[2] for k in keys(state) if k.startswith(f"mv:{card}:") and "+" not in k}
        assert any(name(p) in rooms for p, d in far.items() if d == reach), "a room one farther"
        assert not any(name(p) in rooms for p, d in far.items() if d > reach)
