"""Shadowscape's abilities, as printed: every hero's ability and every piece of equipment is carried by a hero
(of a profession the equipment serves) and shown to do what its words say, against the same position without
it; the advanced game's enemies and the Dungeon Lords' cards act as theirs say. Whispers and shrines are in
``test_shadowscape_faces_places.py``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape import area
from engine.games.shadowscape.cards import ActionSide, Effect
from engine.games.shadowscape.dungeon import neighbours
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from tests.helpers.shadowscape import act, arena, beside, foe, holding, home_room, keys, room, with_card
from tests.test_shadowscape_faces import _distances, fate_with, number

PROFESSION_HEROES = {"Fighter": "dagny", "Cleric": "mournwell-r4", "Rogue": "vesk", "Wizard": "ysolde"}
RIVAL = "pell"


def claims(face_id: str) -> pytest.MarkDecorator:
    return pytest.mark.face("shadowscape", face_id, data=True)


def holders() -> list:
    """(face id, hero that carries the ability, equipment id or None, the effect)."""
    found = [
        pytest.param(h.id, None, h.ability, id=f"hero:{h.id}", marks=claims(f"hero:{h.id}"))
        for h in TABLES.heroes.values()
    ]
    for item in TABLES.equipment.values():
        hero = PROFESSION_HEROES[item.professions[0]]
        found.append(pytest.param(hero, item.id, item.effect, id=item.id, marks=claims(item.id)))
    return found


def carrier(hero: str, item: str | None, *, mode: str = "competitive") -> tuple[ShadowState, ShadowState | None]:
    """The hero with the ability (its own, or the equipment held) at seat 0 beside a rival; and, for
    equipment, the same position without it (a hero's own ability has no such twin)."""
    rival = RIVAL if hero != RIVAL else "dagny"
    state = arena((hero, rival), mode=mode, rules=TABLES.heroes[hero].last_rules or arena().rules)
    if item is not None:
        return state.with_hero(replace(state.hero(0), equipment=(item,))), state
    return state, None


@pytest.mark.parametrize(("hero", "item", "effect"), holders())
def test_every_ability_and_equipment_does_what_it_says(hero: str, item: str | None, effect: Effect) -> None:
    state, bare = carrier(hero, item)
    ABILITIES[effect.id](state, bare, effect)


def _attack_card(state: ShadowState, symbol: str, *, action: str | None = None) -> tuple[ShadowState, str]:
    """An action card face boosted by ``symbol`` (an attack or magic face without a rider or reach), put face
    up in seat 0's area; its id."""
    for card in TABLES.actions.values():
        for n, side in enumerate(card.faces):
            plain = side.effect is None and side.reach == "room" and side.per_skill is None
            if side.action in ("attack", "magic") and side.boost == symbol and plain and action in (None, side.action):
                return with_card(state, 0, card.id, n), card.id
    raise AssertionError(f"no plain attack boosted by {symbol}")


def _fells(state: ShadowState, card: str, defence: int, where=None) -> bool:
    where = where or home_room(state)
    state, token = foe(state, defence, where)
    key = f"at:{card}:{token}"
    return key in keys(state) and token not in dict(act(state, key).enemies)


def _value(card: str) -> int:
    return next(side.value for side in TABLES.actions[card].faces if side.action in ("attack", "magic"))


def _free_symbol(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    state, card = _attack_card(state, effect.symbol or "might")
    hit = _value(card) + effect.amount
    assert _fells(state, card, hit), "the free symbol adds to the first boosted action"
    spent = replace(state, used=replace(state.used, free_symbols=(effect.symbol,)))
    assert not _fells(spent, card, hit), "once per turn"


def _extra_damage(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    state, card = _attack_card(state, effect.symbol or "might")
    hit = _value(card) + effect.amount + _free(state, effect.symbol)
    assert _fells(state, card, hit) and not _fells(state, card, hit + 1)
    if bare is not None:
        bare, _ = _attack_card(bare, effect.symbol or "might")
        assert not _fells(bare, card, hit)


def _free(state: ShadowState, symbol: str | None) -> int:
    own = TABLES.heroes[state.hero(0).hero].ability
    return own.amount if own.id == "free_symbol" and own.symbol == symbol else 0


def _second_weapon(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    other = next(e for e, row in TABLES.equipment.items() if row.slot == "weapon" and row.effect.id == "skill_bonus")
    state = state.with_hero(replace(state.hero(0), equipment=(*state.hero(0).equipment, other)))
    state, card = _attack_card(state, "might")
    hit = _value(card) + 1 + _free(state, "might")
    assert _fells(state, card, hit), "with two weapons the first attack deals 1 more"
    assert not _fells(replace(state, used=replace(state.used, attacked=True)), card, hit), "only the first"


def _overkill_draw(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    state, card = _attack_card(state, "might")
    hit = _value(card) + _free(state, "might")
    big, token = foe(state, hit - 2, home_room(state))
    assert len(act(big, f"at:{card}:{token}").hero(0).hand) == 1, "2 more than its Defence: draw"
    close, token = foe(state, hit - 1, home_room(state))
    assert act(close, f"at:{card}:{token}").hero(0).hand == (), "1 more: no draw"


def _trophy_draw(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    state, card = _attack_card(state, "might")
    state, token = foe(state, 1, home_room(state))
    assert len(act(state, f"at:{card}:{token}").hero(0).hand) == effect.amount


def _defence_bonus(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    own = TABLES.heroes[state.hero(0).hero]
    kind = next(k for k in TABLES.enemy_kinds.values() if effect.enemy in (None, k.type))
    bonus = sum(
        e.amount for e in area.abilities(state.hero(0)) if e.id == "defence_bonus" and e.enemy in (None, kind.type)
    )
    damage = own.defence + bonus + 1
    assert _wounded_by(state, kind.id, damage) == 1
    if effect.enemy is not None:
        other = next(k for k in TABLES.enemy_kinds.values() if k.type != effect.enemy)
        assert _wounded_by(state, other.id, damage) == 1 + effect.amount, "only against that type"
    else:
        assert _wounded_by(state, "lord", damage) == 1, "the Dungeon Lord's attack included"


def _wounded_by(state: ShadowState, kind: str, damage: int) -> int:
    """Wounds seat 0 takes from one attack of ``damage`` by an enemy of ``kind`` (or the Lord), unboosted."""
    if kind == "lord":
        state = replace(state, lord=replace(state.lord, place=home_room(state)))
        attacker = "lord"
    else:
        attacker = next(t for t in TABLES.enemies if TABLES.enemies[t].kind == kind)
        state = replace(state, enemies=((attacker, home_room(state)),))
    state = replace(state, pending=Pending("defend", 0, attacker=attacker, damage=damage, resume=True))
    state = act(state, "def", 0)
    while state.pending is not None:
        state = act(state, sorted(keys(state, state.pending.seat))[0], state.pending.seat)
    return area.wounds_total(state.hero(0))


def _reach_adjacent(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    state, card = _attack_card(state, effect.symbol or "might")
    hit = _value(card) + _free(state, effect.symbol)
    assert _fells(state, card, hit, beside(state)), "an enemy in an adjacent room is in reach"


def _moves(state: ShadowState) -> set[str]:
    """Rooms seat 0 can Move to with its first card (and any move cards it holds)."""
    card = state.hero(0).cards[0].card
    return {k.split(":")[2].partition("+")[0] for k in keys(state) if k.startswith(f"mv:{card}:")}


def _slip_past(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    for n, door in enumerate(neighbours(state.dungeon, home_room(state))):  # every way out holds an enemy
        state, _ = foe(state, 3, door, skip=n)
    movers = tuple(f.id for f in TABLES.fate.values() if "move" in f.symbols)[:3]
    state = holding(state, 0, movers)
    spent = replace(state, used=replace(state.used, slipped=True))
    assert _moves(spent) < _moves(state), "once per turn, the room with the enemy does not stop the Move"


def _extra_move(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    reach = TABLES.heroes[state.hero(0).hero].movement + carried(state, "extra_move")
    far = _distances(state, home_room(state))
    card = state.hero(0).cards[0].card
    rooms = {k.split(":")[2] for k in keys(state) if k.startswith(f"mv:{card}:") and "+" not in k}
    assert any(room(p) in rooms for p, d in far.items() if d == reach)
    assert not any(room(p) in rooms for p, d in far.items() if d > reach)


def carried(state: ShadowState, effect_id: str) -> int:
    """The total amount of ``effect_id`` seat 0's hero has, read from the data: its own ability and the
    equipment it holds that serves its profession."""
    hero = state.hero(0)
    row = TABLES.heroes[hero.hero]
    effects = [row.ability] + [
        TABLES.equipment[e].effect for e in hero.equipment if row.profession in TABLES.equipment[e].professions
    ]
    return sum(e.amount or 1 for e in effects if e.id == effect_id)


def _face_where(test) -> tuple[str, int]:
    """The first action card face in the data for which ``test(side)`` holds."""
    return next((card.id, n) for card in TABLES.actions.values() for n, side in enumerate(card.faces) if test(side))


def _hand_bonus(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    size = TABLES.heroes[state.hero(0).hero].hand_size + carried(state, "hand_bonus")
    card, n = _face_where(lambda s: s.action == "prepare" and s.effect is not None and s.effect.id == "draw_to_hand")
    full = holding(with_card(state, 0, card, n), 0, tuple(list(TABLES.fate)[-size:]))
    over = act(full, f"pr:{card}")
    assert over.pending is not None and over.pending.kind == "drop"
    assert len(act(over, sorted(keys(over))[0]).hero(0).hand) == size, "the Hand Size is that much higher"


def _skill_bonus(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    assert area.skills(state.hero(0), effect.skill) == sum(
        TABLES.actions[c.card].faces[c.face].skills.count(effect.skill) for c in state.hero(0).cards
    ) + sum(1 for e in area.abilities(state.hero(0)) if e.id == "skill_bonus" and e.skill == effect.skill)
    card = next(
        (cd.id, n)
        for cd in TABLES.general_cards()
        for n, s in enumerate(cd.faces)
        if s.per_skill == effect.skill and s.action in ("search", "attack", "magic", "prepare")
    )
    counted = with_card(state, 0, card[0], card[1])
    printed = sum(TABLES.actions[c.card].faces[c.face].skills.count(effect.skill) for c in counted.hero(0).cards)
    assert area.skills(counted.hero(0), effect.skill) >= printed + 1, "one more symbol than the cards show"


def _mend_on_prepare(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    card, n = _face_where(lambda s: s.action == "prepare" and s.effect is None and s.per_skill is None)
    state = with_card(state.with_hero(replace(state.hero(0), wounds=3)), 0, card, n)
    assert act(state, f"pr:{card}").hero(0).wounds == 3 - carried(state, "mend_on_prepare")


def _treasure_eye(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    def plain(side: ActionSide) -> bool:
        return side.action == "search" and side.boost == "search" and not (side.per_skill or side.effect)

    card, n = _face_where(lambda s: plain(s) and s.reach == "room")
    state = with_card(state, 0, card, n)
    need = TABLES.actions[card].faces[n].value + carried(state, "treasure_eye")
    found = next(t for t, row in TABLES.treasures.items() if row.search == need)
    after = act(replace(state, treasures=((found, home_room(state)),)), f"se:{card}:{found}")
    assert found in after.hero(0).treasures, "the search reaches the treasure only with the bonus"
    if bare is not None:
        plain = with_card(bare, 0, card, n)
        plain = replace(plain, treasures=((found, home_room(plain)),))
        assert found not in act(plain, f"se:{card}:{found}").hero(0).treasures


def _bane_ward(state: ShadowState, bare: ShadowState | None, effect: Effect) -> None:
    drain = next(c for c, f in TABLES.fate.items() if f.bane.effect.id == "drain")
    rival = holding(replace(state, active=1), 1, (drain,))
    rival = holding(rival, 0, (fate_with("might"),))
    assert not any(k.startswith(f"af:{number(drain)}:s0") for k in keys(rival, 1)), "a Bane cannot target you"
    if bare is not None:
        plain = holding(holding(replace(bare, active=1), 1, (drain,)), 0, (fate_with("might"),))
        assert f"af:{number(drain)}:s0" in keys(plain, 1)


ABILITIES = {
    "free_symbol": _free_symbol,
    "extra_damage": _extra_damage,
    "second_weapon": _second_weapon,
    "overkill_draw": _overkill_draw,
    "trophy_draw": _trophy_draw,
    "defence_bonus": _defence_bonus,
    "reach_adjacent": _reach_adjacent,
    "slip_past": _slip_past,
    "extra_move": _extra_move,
    "hand_bonus": _hand_bonus,
    "skill_bonus": _skill_bonus,
    "mend_on_prepare": _mend_on_prepare,
    "treasure_eye": _treasure_eye,
    "bane_ward": _bane_ward,
}
