"""Shadowscape's foes, as printed: each enemy's Regular Enemy card (the advanced game) and each side of each
Dungeon Lord's card is met in a position built for it, through the game's own keys and its Enemy Phase, and
does what its words say."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.shadowscape.dungeon import CENTRE, name, places
from engine.games.shadowscape.enemies import walk
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from tests.helpers.shadowscape import act, arena, beside, enemy, holding, home_room, keys, with_card
from tests.test_shadowscape_faces import fate_with, number


def claims(face_id: str) -> pytest.MarkDecorator:
    return pytest.mark.face("shadowscape", face_id, data=True)


KINDS = [pytest.param(kind, id=f"enemy:{kind}", marks=claims(f"enemy:{kind}")) for kind in TABLES.enemy_kinds]
LORDS = [
    pytest.param(lord, mode, id=f"lord:{lord}/{mode}", marks=claims(f"lord:{lord}/{mode}"))
    for lord in TABLES.lords
    for mode in ("competitive", "cooperative")
]


def tokens_of(kind: str) -> list[str]:
    return [t for t in TABLES.enemies if TABLES.enemies[t].kind == kind]


def settle(state: ShadowState, *, until: str | None = None) -> ShadowState:
    """Answer what the rules wait for by each decider's first choice (``until``: stop at that kind)."""
    while state.pending is not None and state.pending.kind != until:
        state = act(state, sorted(keys(state, state.pending.seat))[0], state.pending.seat)
    return state


def enemy_phase(state: ShadowState, enemy_type: str) -> ShadowState:
    """End seat 0's Action Phase with a fate card of ``enemy_type`` on top of the deck."""
    top = next(f for f, row in TABLES.fate.items() if row.enemy == enemy_type and f in state.piles.fate)
    fate = (top, *(f for f in state.piles.fate if f != top))
    return act(replace(state, piles=replace(state.piles, fate=fate)), "end")


@pytest.mark.parametrize("kind", KINDS)
def test_every_enemy_card_does_what_it_says(kind: str) -> None:
    state = arena(("dagny", "pell"), advanced=True)
    FOES[TABLES.enemy_kinds[kind].ability.id](state, kind)


def _pack(state: ShadowState, kind: str) -> None:
    first, second = tokens_of(kind)[:2]
    home = home_room(state)
    state = enemy(enemy(state, first, home), second, home)
    attacked = settle(enemy_phase(state, TABLES.enemy_kinds[kind].type), until="defend")
    assert attacked.pending.damage == TABLES.enemy_kinds[kind].attack + 1, "+1 for the other one of its type"


def _venom(state: ShadowState, kind: str) -> None:
    token = tokens_of(kind)[0]
    state = holding(enemy(state, token, home_room(state)), 0, (fate_with("might"), fate_with("arcane")))
    damage = TABLES.heroes["dagny"].defence + 1 + 1  # Dagny's Tower Shield adds 1
    state = replace(state, pending=Pending("defend", 0, attacker=token, damage=damage, resume=True))
    burnt = settle(act(state, "def"), until="drop")
    assert burnt.pending is not None and burnt.pending.kind == "drop" and burnt.pending.count == 1
    kept = act(burnt, f"drop:{number(fate_with('arcane'))}")
    assert kept.hero(0).hand == (fate_with("might"),), "the wounded hero chose which card to lose"


def _paths(state: ShadowState, token: str) -> list[tuple[list, list]]:
    """For every room the enemy could start a walk in: its walk without its card, and with it."""
    plain = replace(state, options=state.options.model_copy(update={"advanced": False}))
    return [(walk(enemy(plain, token, p), token, p), walk(enemy(state, token, p), token, p)) for p in places()]


def _swift(state: ShadowState, kind: str) -> None:
    paths = _paths(state, tokens_of(kind)[0])
    assert all(twice[: len(once)] == once for once, twice in paths), "the same symbols, followed again"
    assert any(len(twice) > len(once) for once, twice in paths), "somewhere it goes farther"


def _ambush(state: ShadowState, kind: str) -> None:
    token = tokens_of(kind)[0]
    lair = beside(state)
    state = enemy(state, token, lair)
    card = state.hero(0).cards[0].card
    moved = act(state, next(k for k in sorted(keys(state)) if k.startswith(f"mv:{card}:") and k.endswith(name(lair))))
    assert moved.pending is not None and moved.pending.kind == "defend" and moved.pending.attacker.startswith(token)


def _skulk(state: ShadowState, kind: str) -> None:
    paths = _paths(state, tokens_of(kind)[0])
    assert all(len(skulking) >= len(plain) for plain, skulking in paths), "it never stops sooner"
    assert any(len(skulking) > len(plain) for plain, skulking in paths), "somewhere it walks on past a hero"


def _warded(state: ShadowState, kind: str) -> None:
    defence = TABLES.enemy_kinds[kind].defence
    magic = ("pell-1", 0)  # Pell's magic for 3
    might = ("gen-16", 0)  # an attack for 3
    state = arena(("pell", "dagny"), advanced=True)
    for card, n, falls in ((*magic, False), (*might, True)):
        posed = with_card(state, 0, card, n)
        posed = enemy(posed, tokens_of(kind)[0], home_room(posed), weaker=defence - 3)
        after = act(posed, f"at:{card}:{tokens_of(kind)[0]}")
        assert (tokens_of(kind)[0] not in dict(after.enemies)) is falls, card


def _armoured(state: ShadowState, kind: str) -> None:
    defence = TABLES.enemy_kinds[kind].defence
    state = arena(("pell", "dagny"), advanced=True)
    for card, n, falls in (("pell-1", 0, True), ("gen-16", 0, False)):
        posed = enemy(with_card(state, 0, card, n), tokens_of(kind)[0], home_room(state), weaker=defence - 3)
        after = act(posed, f"at:{card}:{tokens_of(kind)[0]}")
        assert (tokens_of(kind)[0] not in dict(after.enemies)) is falls, card


def _regrow(state: ShadowState, kind: str) -> None:
    token = tokens_of(kind)[0]
    state = with_card(arena(("pell", "dagny"), advanced=True), 0, "gen-16", 0)
    state = enemy(state, token, home_room(state), weaker=TABLES.enemy_kinds[kind].defence - 3)
    after = act(state, f"at:gen-16:{token}")
    kind_type = TABLES.enemy_kinds[kind].type
    risen = [t for t, _ in after.enemies if TABLES.enemy_kinds[TABLES.enemies[t].kind].type == kind_type]
    assert token in after.hero(0).trophies and len(risen) == 1, "a Trophy as usual, and another rises on a Lair"


def _fearsome(state: ShadowState, kind: str) -> None:
    jackal = tokens_of("gutter-jackal")[0]
    home = home_room(state)
    state = holding(enemy(state, jackal, home), 0, (fate_with("defence"),))
    attack = Pending("defend", 0, attacker=jackal, damage=6, resume=True)
    calm = replace(state, pending=attack)
    assert any("+" in k for k in keys(calm)), "a Defence boost is there to be had"
    cowed = replace(enemy(state, tokens_of(kind)[0], home), pending=attack)
    assert keys(cowed) == {"def"}, "in its room you cannot boost your Defence, whoever attacks"


FOES = {
    "pack": _pack,
    "venom": _venom,
    "swift": _swift,
    "ambush": _ambush,
    "skulk": _skulk,
    "warded": _warded,
    "armoured": _armoured,
    "regrow": _regrow,
    "fearsome": _fearsome,
}


# -- Dungeon Lords ------------------------------------------------------------------------------------------------


def lord_table(lord: str, mode: str, *, room=None) -> ShadowState:
    """Pell (seat 0) and Dagny in a room with the Lord awake in it (or in ``room``), the Lord's side ``mode``."""
    state = arena(("pell", "dagny"), mode=mode)
    return replace(state, lord=replace(state.lord, lord=lord, place=room or home_room(state)))


@pytest.mark.parametrize(("lord", "mode"), LORDS)
def test_every_side_of_every_lord_does_what_it_says(lord: str, mode: str) -> None:
    row = TABLES.lords[lord]
    side = row.competitive if mode == "competitive" else row.cooperative
    LORD_SIDES[side.effect.id](lord, mode, side)


def _lord_attacks(state: ShadowState) -> list[int]:
    """The seats the Lord attacks in one Enemy Phase, in order (every defend answered without boosts)."""
    state = enemy_phase(state, "beast")
    attacked = []
    while state.pending is not None and state.outcome is None:
        if state.pending.kind == "defend" and state.pending.attacker.startswith("lord"):
            attacked.append(state.pending.seat)
        state = act(state, sorted(keys(state, state.pending.seat))[0], state.pending.seat)
    return attacked


def _struck(lord: str, mode: str, card: str, n: int) -> int:
    """The damage a blow of ``card``'s face ``n`` (3, unboosted) leaves on the Lord."""
    state = with_card(lord_table(lord, mode), 0, card, n)
    return act(state, f"at:{card}:lord").lord.damage


def _lord_venom(lord: str, mode: str, side) -> None:
    state = holding(lord_table(lord, mode), 0, (fate_with("might"), fate_with("arcane")))
    attack = Pending("defend", 0, attacker="lord", damage=side.attack + 5, resume=True)
    burnt = settle(act(replace(state, pending=attack), "def"), until="drop")
    assert burnt.pending is not None and burnt.pending.kind == "drop" and burnt.pending.attacker == "lord"


def _lord_minions(lord: str, mode: str, side) -> None:
    state = lord_table(lord, mode, room=CENTRE)
    after = enemy_phase(state, "undead")
    assert any(w == CENTRE and TABLES.enemy_kinds[TABLES.enemies[t].kind].type == side.effect.enemy
               for t, w in after.enemies), "a minion at its side"  # fmt: skip


def _double_strike(lord: str, mode: str, side) -> None:
    assert len(_lord_attacks(lord_table(lord, mode))) == 2


def _sweep_room(lord: str, mode: str, side) -> None:
    assert sorted(_lord_attacks(lord_table(lord, mode))) == [0, 1], "every hero in its room, one attack each"


def _dread_reach(lord: str, mode: str, side) -> None:
    state = lord_table(lord, mode)
    state = replace(state, lord=replace(state.lord, place=beside(state)))
    assert _lord_attacks(state), "heroes in an adjacent room are attacked too"


def _lord_fearsome(lord: str, mode: str, side) -> None:
    state = holding(lord_table(lord, mode), 0, (fate_with("defence"),))
    attack = Pending("defend", 0, attacker=tokens_of("gutter-jackal")[0], damage=6, resume=True)
    assert keys(replace(state, pending=attack)) == {"def"}, "in its room, no Defence boost against anyone"


def _dark_ward(lord: str, mode: str, side) -> None:
    state = lord_table(lord, mode, room=CENTRE)
    state = replace(state, lord=replace(state.lord, damage=side.effect.amount + 1))
    assert enemy_phase(state, "beast").lord.damage == 1


def _lord_armoured(lord: str, mode: str, side) -> None:
    assert _struck(lord, mode, "gen-16", 0) == 3 - side.effect.amount, "might-boosted: that much less"
    assert _struck(lord, mode, "pell-1", 0) == 3, "magic: the whole blow"


def _lord_warded(lord: str, mode: str, side) -> None:
    assert _struck(lord, mode, "pell-1", 0) == 3 - side.effect.amount, "magic: that much less"
    assert _struck(lord, mode, "gen-16", 0) == 3, "a might-boosted attack: the whole blow"



LORD_SIDES = {
    "venom": _lord_venom,
    "call_minions": _lord_minions,
    "double_strike": _double_strike,
    "sweep_room": _sweep_room,
    "dread_reach": _dread_reach,
    "fearsome": _lord_fearsome,
    "dark_ward": _dark_ward,
    "armoured": _lord_armoured,
    "warded": _lord_warded,
}
