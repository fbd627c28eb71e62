"""Shadowscape's action card faces, as printed: each of the 144 is put in a Hero Area, used through the game's
own keys in a position built for it, and does what its words (``texts.py``, written from its data) say: the
damage it deals (an enemy of exactly that Defence falls, one more survives), its reach, its riders, the
boost it takes, the points it searches, the Wounds it removes, the cards it draws, where it moves you.

The other faces (fate texts, abilities, enemies, Lords, equipment, whispers, shrines) are played in
``test_shadowscape_faces_fate.py`` and ``test_shadowscape_faces_abilities.py``."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest

from engine.games.shadowscape.cards import ActionCard, ActionSide
from engine.games.shadowscape.dungeon import Place, adjacency
from engine.games.shadowscape.model import ShadowState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.texts import DEFAULT_BOOST
from tests.helpers.shadowscape import CURRENT, act, arena, beside, foe, holding, home_room, keys, room, with_card

GENERAL_HOLDER = "pell"  # a hero whose own ability adds nothing to an action (+2 Defence against the Undead)
PARTNER = "dagny"


def face_param(card: ActionCard, n: int):
    face_id = f"{card.id}/{n}"
    return pytest.param(card.id, n, id=face_id, marks=pytest.mark.face("shadowscape", face_id, data=True))


FACES = [face_param(card, n) for card in TABLES.actions.values() for n in (0, 1)]


def position(card_id: str, n: int) -> tuple[ShadowState, ActionSide]:
    """The card's owner (a General Action card: Pell) with a partner in a room without a shrine, the card's face
    ``n`` up and ready, under the rules version the hero is drafted in."""
    card = TABLES.actions[card_id]
    hero = card.hero or GENERAL_HOLDER
    rules = TABLES.heroes[hero].last_rules or CURRENT
    partner = PARTNER if hero != PARTNER else GENERAL_HOLDER
    state = with_card(arena((hero, partner), rules=rules), 0, card_id, n)
    return state, card.faces[n]


def printed_amount(state: ShadowState, side: ActionSide) -> int:
    """What the face's words promise before boosts, for seat 0: its value, one per skill symbol face up in the
    Hero Area (and one more for a hero whose ability counts one), a free symbol the hero's ability generates,
    a search bonus the hero's ability gives."""
    hero = state.hero(0)
    ability = TABLES.heroes[hero.hero].ability
    amount = side.value
    if side.per_skill:
        amount += sum(TABLES.actions[c.card].faces[c.face].skills.count(side.per_skill) for c in hero.cards)
        amount += ability.id == "skill_bonus" and ability.skill == side.per_skill
    if ability.id == "free_symbol" and ability.symbol == side.boost:
        amount += ability.amount
    if side.action == "search" and ability.id == "treasure_eye":
        amount += ability.amount
    return amount


def target_room(state: ShadowState, side: ActionSide) -> Place:
    """Where the face's target stands: next door for a face that reaches an adjacent room (proving the reach)."""
    return beside(state) if side.reach == "adjacent" else home_room(state)


def fate_with(symbol: str, *, without: str | None = None) -> str:
    """A fate card bearing ``symbol`` (and not ``without``)."""
    fitting = (f for f in TABLES.fate.values() if symbol in f.symbols and (without is None or without not in f.symbols))
    return next(fitting).id


def number(card: str) -> str:
    return card.removeprefix("fate-")


@pytest.mark.parametrize(("card_id", "n"), FACES)
def test_every_action_face_does_what_it_says(card_id: str, n: int) -> None:
    state, side = position(card_id, n)
    assert TABLES.actions[card_id].faces[n].text.endswith(side.rules)
    CHECKS[side.action](state, card_id, side)


# -- attack and magic -----------------------------------------------------------------------------------------


def _strike(state: ShadowState, card: str, side: ActionSide) -> None:
    amount = printed_amount(state, side)
    cut = side.effect.amount if side.effect and side.effect.id == "pierce" else 0
    sweeps = side.effect is not None and side.effect.id == "sweep"
    where = target_room(state, side)
    falls, first = foe(state, amount + cut, where)
    if sweeps:
        falls, second = foe(falls, amount + cut, where, skip=1)
    if side.effect is not None and side.effect.id == "mend_self":
        falls = falls.with_hero(replace(falls.hero(0), wounds=side.effect.amount + 1))
    key = f"at:{card}:{first}"
    assert key in keys(falls), f"{card} is offered against an enemy in reach"
    after = act(falls, key)
    gone = [first, second] if sweeps else [first]
    assert all(t not in dict(after.enemies) and t in after.hero(0).trophies for t in gone), "it falls"
    _rider_after(falls, after, side)
    stands, third = foe(state, amount + cut + 1, where)
    survived = act(stands, f"at:{card}:{third}")
    assert dict(survived.enemies)[third] == where, "one more Defence and it stands"
    if side.effect is not None and side.effect.id == "shove":
        away = beside(stands, where)
        shoved = act(stands, f"at:{card}:{third}>{room(away)}")
        assert dict(shoved.enemies)[third] == away
    if side.effect is not None and side.effect.id == "loot":
        treasure = next(iter(TABLES.treasures))
        looted = act(replace(falls, treasures=((treasure, where),)), key)
        assert treasure in looted.hero(0).treasures
    _boost_is_the_printed_one(stands, card, side, f"at:{card}:{third}")


def _boost_is_the_printed_one(state: ShadowState, card: str, side: ActionSide, key: str) -> None:
    """A face that says "Boost it with X, not Y" takes X's cards and not Y's; any other takes its usual one."""
    usual = DEFAULT_BOOST[side.action]
    assert side.boost is not None
    other = usual if side.boost != usual else next(s for s in ("might", "arcane", "search", "heal") if s != usual)
    right, wrong = fate_with(side.boost, without=other), fate_with(other, without=side.boost)
    offered = keys(holding(state, 0, (right, wrong)))
    assert f"{key}+{number(right)}" in offered and f"{key}+{number(wrong)}" not in offered


def _rider_after(before: ShadowState, after: ShadowState, side: ActionSide) -> None:
    """The face's rider happened (from rules version 5): guard, a draw, a mend, a look at the deck."""
    effect = side.effect
    if effect is None or effect.id not in ("guard", "draw", "mend_self", "foresee"):
        return
    if effect.id == "guard":
        assert [h.guard for h in after.heroes] == [h.guard + effect.amount for h in before.heroes]
    elif effect.id == "draw":
        assert len(after.hero(0).hand) == len(before.hero(0).hand) + effect.amount
    elif effect.id == "foresee":
        assert after.pending is not None and after.pending.kind == "foresee" and after.pending.count == effect.amount
    else:
        assert after.hero(0).wounds == before.hero(0).wounds - effect.amount


# -- search, heal, prepare ------------------------------------------------------------------------------------


def _search(state: ShadowState, card: str, side: ActionSide) -> None:
    amount = printed_amount(state, side)
    where = target_room(state, side)
    need = max(amount, 2)  # the smallest treasure needs 2: a face of 1 finds it with one boost
    boosts = (fate_with(side.boost or "search"),) * (need - amount)
    state = holding(state, 0, boosts)
    plus = f"+{number(boosts[0])}" if boosts else ""
    found = next(t for t, row in TABLES.treasures.items() if row.search == need)
    after = act(replace(state, treasures=((found, where),)), f"se:{card}:{found}{plus}")
    assert found in after.hero(0).treasures
    if side.effect is not None and side.effect.id == "draw":
        assert len(after.hero(0).hand) == side.effect.amount
    harder = [t for t, row in TABLES.treasures.items() if row.search == need + 1]
    if harder:
        missed = act(replace(state, treasures=((harder[0], where),)), f"se:{card}:{harder[0]}{plus}")
        assert harder[0] not in missed.hero(0).treasures
    if side.boost != DEFAULT_BOOST["search"]:  # a treasure one point out of reach takes a boost, of the printed kind
        beyond = next(t for t, row in TABLES.treasures.items() if row.search == amount + 1)
        _boost_is_the_printed_one(replace(state, treasures=((beyond, where),)), card, side, f"se:{card}:{beyond}")


def _heal(state: ShadowState, card: str, side: ActionSide) -> None:
    amount = printed_amount(state, side)
    other = side.effect is not None and side.effect.id == "mend_ally"
    patient = 1 if other else 0
    slots = TABLES.heroes[state.hero(patient).hero].wounds
    hurt = min(slots, amount + 1)
    state = state.with_hero(replace(state.hero(patient), wounds=hurt))
    key = f"he:{card}:s{patient}" if other else f"he:{card}"
    after = act(state, key)
    assert after.hero(patient).wounds == max(0, hurt - amount)
    if side.effect is not None and side.effect.id == "draw":
        assert len(after.hero(0).hand) == side.effect.amount
    if other:
        assert f"he:{card}:s0" not in keys(state), "a hero with no Wound is no patient"


def _prepare(state: ShadowState, card: str, side: ActionSide) -> None:
    amount = printed_amount(state, side)
    after = act(state, f"pr:{card}")
    assert len(after.hero(0).hand) == amount
    effect = side.effect
    if effect is not None and effect.id == "foresee":
        assert after.pending is not None and after.pending.kind == "foresee" and after.pending.count == effect.amount
    hero = TABLES.heroes[state.hero(0).hero]
    size = hero.hand_size + (hero.ability.amount if hero.ability.id == "hand_bonus" else 0)
    full = holding(state, 0, tuple(list(TABLES.fate)[-size:]))
    over = act(full, f"pr:{card}")
    if effect is not None and effect.id == "draw_to_hand":
        assert over.pending is not None and over.pending.kind == "drop" and over.pending.count == amount
        kept = act(over, next(iter(keys(over, 0))))
        assert len(kept.hero(0).hand) == size
    else:
        assert len(over.hero(0).hand) == size + amount and (over.pending is None or over.pending.kind != "drop")


# -- specials -------------------------------------------------------------------------------------------------


def _distances(state: ShadowState, start: Place) -> dict[Place, int]:
    doors = adjacency(state.dungeon)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in doors[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def _special(state: ShadowState, card: str, side: ActionSide) -> None:
    effect = side.effect
    assert effect is not None
    home = home_room(state)
    if effect.id == "draw":
        assert len(act(state, f"sp:{card}").hero(0).hand) == effect.amount
    elif effect.id == "blink":
        far = _distances(state, home)
        step = beside(state)
        state, _ = foe(state, 2, step)  # an enemy on the way does not stop it
        goal = next(p for p, d in far.items() if d == effect.amount)
        assert act(state, f"sp:{card}:{room(goal)}").hero(0).place == goal
        assert not any(f"sp:{card}:{room(p)}" in keys(state) for p, d in far.items() if d > effect.amount)
    elif effect.id == "ready_card":
        other = next(c for c in state.hero(0).cards if c.card != card)
        state = state.with_hero(state.hero(0).with_card(replace(other, exhausted=True)))
        assert not act(state, f"sp:{card}:{other.card}").hero(0).card(other.card).exhausted
    elif effect.id == "shove":
        state, token = foe(state, 3, home)
        away = beside(state)
        assert dict(act(state, f"sp:{card}:{token}>{room(away)}").enemies)[token] == away
    elif effect.id == "mend_ally":
        state = state.with_hero(replace(state.hero(1), wounds=effect.amount + 1))
        assert act(state, f"sp:{card}:s1").hero(1).wounds == 1
    elif effect.id == "guard":
        after = act(state, f"sp:{card}")
        assert [h.guard for h in after.heroes] == [h.guard + effect.amount for h in state.heroes]
    else:
        assert effect.id == "foresee"
        after = act(state, f"sp:{card}")
        assert after.pending is not None and after.pending.kind == "foresee" and after.pending.count == effect.amount


CHECKS = {"attack": _strike, "magic": _strike, "search": _search, "heal": _heal, "prepare": _prepare}
CHECKS["special"] = _special
