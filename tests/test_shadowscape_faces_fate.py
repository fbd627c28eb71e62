"""Shadowscape's fate texts, as printed: each card's green text is played in a cooperative match and its red
(Bane) text in a competitive one, through Alter Fate's own keys, and does what its words say, to the target
its words name (and is not offered where it could do nothing)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape import area
from engine.games.shadowscape.cards import Effect
from engine.games.shadowscape.dungeon import laid_at, places
from engine.games.shadowscape.model import ShadowState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.turns import activate
from tests.helpers.shadowscape import act, arena, beside, foe, holding, home_room, keys, room
from tests.test_shadowscape_faces import _distances, number

CASTER, ALLY = "pell", "dagny"


def text_param(card: str, side: str):
    face_id = f"{card}/{side}"
    return pytest.param(card, side, id=face_id, marks=pytest.mark.face("shadowscape", face_id, data=True))


TEXTS = [text_param(card, side) for card in TABLES.fate for side in ("coop", "bane")]


def table_for(card: str, side: str) -> tuple[ShadowState, Effect, str]:
    """Seat 0 (Pell) holding only ``card``, beside Dagny, in the mode that reads ``side``; and the key prefix."""
    state = arena((CASTER, ALLY), mode="cooperative" if side == "coop" else "competitive")
    state = holding(state, 0, (card,))
    effect = (TABLES.fate[card].coop if side == "coop" else TABLES.fate[card].bane).effect
    return state, effect, f"af:{number(card)}"


@pytest.mark.parametrize(("card", "side"), TEXTS)
def test_every_fate_text_does_what_it_says(card: str, side: str) -> None:
    state, effect, key = table_for(card, side)
    PLAYS[effect.id](state, effect, key, card)


def _foresee(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    after = act(state, key)
    assert after.pending is not None and after.pending.kind == "foresee" and after.pending.count == effect.amount


def _draw(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    assert len(act(state, key).hero(0).hand) == effect.amount


def _delay(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    assert key not in keys(state), "with nothing on the discard pile there is nothing to put back"
    below = state.piles.fate[0]
    state = replace(state, piles=replace(state.piles, fate=state.piles.fate[1:], fate_discard=(below,)))
    after = act(state, key)
    assert after.piles.fate[-1] == below and after.piles.fate_discard == (card,)


def _bolster(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    state = state.with_hero(replace(state.hero(1), place=beside(state)))  # every hero, wherever
    assert [h.guard for h in act(state, key).heroes] == [h.guard + effect.amount for h in state.heroes]


def _mend(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    anywhere = effect.id == "mend_any"
    far = next(p for p in places() if p != home_room(state))
    where = far if anywhere else home_room(state)
    hurt = state.with_hero(replace(state.hero(1), wounds=effect.amount + 1, place=where))
    assert act(hurt, f"{key}:s1").hero(1).wounds == 1
    assert f"{key}:s0" not in keys(hurt), "a hero with no Wound is no target"
    if not anywhere:
        away = hurt.with_hero(replace(hurt.hero(1), place=far))
        assert f"{key}:s1" not in keys(away), "only a hero in your room"


def _weaken(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    home = home_room(state)
    strike = TABLES.actions["pell-1"].faces[0]  # Pell's magic for 3
    state, token = foe(state, strike.value + effect.amount, home)
    weak = act(state, f"{key}:{token}")
    assert token in dict(act(state, f"at:pell-1:{token}").enemies), "at full Defence it stands"
    assert token not in dict(act(weak, f"at:pell-1:{token}").enemies), f"{effect.amount} lower, it falls"


def _stun(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    state, token = foe(state, 3, home_room(state))
    kind = TABLES.enemy_kinds[TABLES.enemies[token].kind].type
    stunned = act(state, f"{key}:{token}")
    assert token in stunned.stunned
    moved, attackers, _ = activate(stunned, kind)
    assert attackers == [] and dict(moved.enemies)[token] == home_room(state), "it does not activate"
    _, attackers, _ = activate(state, kind)
    assert attackers == [token], "unstunned, it would have attacked"


def _haste(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    far = _distances(state, home_room(state))
    goal = next(p for p, d in far.items() if d == effect.amount)
    assert act(state, f"{key}:s1>{room(goal)}").hero(1).place == goal
    assert not any(f"{key}:s1>{room(p)}" in keys(state) for p, d in far.items() if d > effect.amount)


def _shove(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    state, token = foe(state, 3, home_room(state))
    away = beside(state)
    assert dict(act(state, f"{key}:{token}>{room(away)}").enemies)[token] == away


# -- red texts (Banes) ----------------------------------------------------------------------------------------


def _drain(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    hand = tuple(list(TABLES.fate)[:3]) if card not in list(TABLES.fate)[:3] else tuple(list(TABLES.fate)[-3:])
    state = holding(state, 1, hand)
    left = act(state, f"{key}:s1").hero(1).hand
    assert len(left) == len(hand) - effect.amount and set(left) <= set(hand)


def _rob(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    first, second = list(TABLES.treasures)[:2]
    state = state.with_hero(replace(state.hero(1), treasures=(first, second)))
    after = act(state, f"{key}:s1")
    assert after.hero(1).treasures == (second,) and first in after.piles.treasures
    elsewhere = state.with_hero(replace(state.hero(1), place=beside(state)))
    assert f"{key}:s1" not in keys(elsewhere), "only a rival in your room"


def _collapse(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    after = act(state, f"{key}:s1")
    rival_turn = replace(after, active=1, used=replace(after.used, actions=0))
    assert after.hero(1).stuck and not any(k.startswith("mv:") for k in keys(rival_turn, 1))
    crowded, _ = foe(state, 3, home_room(state))
    assert f"{key}:s1" not in keys(crowded), "not a rival in a room with enemies"


def _summon(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    empty = next(p for p in places() if p != home_room(state) and not laid_at(state.dungeon, p).shown().lair)
    after = act(state, f"{key}:{room(empty)}")
    arrived = [t for t, w in after.enemies if w == empty]
    assert len(arrived) == 1 and TABLES.enemy_kinds[TABLES.enemies[arrived[0]].kind].type == effect.enemy
    assert f"{key}:{room(home_room(state))}" not in keys(state), "not a room with heroes in it"


def _lure(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    rival = beside(state)
    state = state.with_hero(replace(state.hero(1), place=rival))
    state, token = foe(state, 3, beside(state, rival) if beside(state, rival) != rival else home_room(state))
    start = dict(state.enemies)[token]
    assert dict(act(state, f"{key}:{token}>{room(rival)}").enemies)[token] == rival, f"from {start}"


def _curse(state: ShadowState, effect: Effect, key: str, card: str) -> None:
    assert f"{key}:s1" not in keys(state), "a rival in a room without enemies is safe"
    state, _ = foe(state, 3, home_room(state))
    assert area.defence(state.hero(1), None, None) >= 1
    after = act(state, f"{key}:s1")
    while after.pending is not None:  # where the Wounds go: the victim's choice
        after = act(after, sorted(keys(after, after.pending.seat))[0], after.pending.seat)
    assert area.wounds_total(after.hero(1)) == effect.amount, "Wounds, which Defence does not stop"


PLAYS = {
    "foresee": _foresee,
    "draw": _draw,
    "delay_fate": _delay,
    "bolster": _bolster,
    "mend_any": _mend,
    "mend_ally": _mend,
    "weaken": _weaken,
    "stun": _stun,
    "haste": _haste,
    "shove": _shove,
    "drain": _drain,
    "rob": _rob,
    "collapse": _collapse,
    "summon": _summon,
    "lure": _lure,
    "curse_wound": _curse,
}
