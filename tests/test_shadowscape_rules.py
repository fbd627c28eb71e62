"""Shadowscape's rules, one test per rule of the seed and per completion of ours (docs/rules/shadowscape.md).

Positions are built from a real setup, then set by hand (heroes, rooms, hands, enemies) so that each test
shows one rule. Cards: Gorm's Skullsplitter (gorm-1) attacks for 3 boosted by might; Bellow for Ale (gorm-4's
back) prepares 3 and discards down; Tansy's Pick the Lock (tansy-1) searches for 2. Fate cards 7 and 12 show
might, 9 shows move, 4 and 11 show defence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.errors import IllegalAction, NotYourTurn
from engine.games.shadowscape import area
from engine.games.shadowscape.dungeon import CENTRE, laid_at, name, neighbours
from engine.games.shadowscape.game import Shadowscape
from engine.games.shadowscape.keys import parse as parse_key
from engine.games.shadowscape.model import LONG_DARK, ShadowOptions, ShadowState, Used
from engine.games.shadowscape.setup import new_match, take_hero
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.turns import score
from engine.games.shadowscape.whispers import refill_row
from engine.rng import Rng

GAME = Shadowscape()
JACKAL = next(t for t in TABLES.enemies if TABLES.enemies[t].kind == "gutter-jackal")  # Defence 2, attack 1
KNIGHT = next(t for t in TABLES.enemies if TABLES.enemies[t].kind == "barrow-knight")  # Defence 6, attack 4


def table(*, mode: str = "competitive", seed: int = 2, hands: tuple[tuple[str, ...], ...] = ((), ())) -> ShadowState:
    """Gorm (seat 0) and Tansy (seat 1) in the centre room, no enemies or treasures out, seat 0 to act."""
    state = new_match(ShadowOptions(mode=mode), 2, Rng(seed), rules=1)
    for seat, hero in enumerate(("gorm", "tansy")):
        state = take_hero(state, seat, hero)
        state = state.with_hero(replace(state.hero(seat), place=CENTRE, hand=hands[seat]))
    held = {card for hand in hands for card in hand}
    piles = replace(state.piles, fate=tuple(c for c in state.piles.fate if c not in held))
    return replace(state, enemies=(), treasures=(), piles=piles, phase="action", active=0, turn=1, used=Used())


def holding(state: ShadowState, seat: int, hand: tuple[str, ...]) -> ShadowState:
    """``seat`` holds ``hand``, those cards taken out of the fate deck."""
    piles = replace(state.piles, fate=tuple(c for c in state.piles.fate if c not in hand))
    return replace(state.with_hero(replace(state.hero(seat), hand=hand)), piles=piles)


def keys(state: ShadowState, seat: int = 0) -> set[str]:
    return {c.key for c in GAME.choices(state, seat)}


def act(state: ShadowState, key: str, seat: int | None = None) -> ShadowState:
    return GAME.act(state, GAME.to_decide(state)[0] if seat is None else seat, key).state


def beside(state: ShadowState) -> str:
    return name(neighbours(state.dungeon, CENTRE)[0])


# -- the Action Phase -------------------------------------------------------------------------------------------


def test_a_turn_has_two_actions_and_a_used_card_flips_and_is_exhausted() -> None:
    state = table()
    room = beside(state)
    state = act(state, f"mv:gorm-1:{room}")
    assert state.hero(0).card("gorm-1") == replace(state.hero(0).card("gorm-1"), face=1, exhausted=True)
    assert not any(k.startswith(("mv:gorm-1", "pr:gorm-1")) for k in keys(state)), "exhausted for the turn"
    state = act(state, "mv:gorm-2:c3")
    assert not any(k.startswith(("mv:", "at:", "pr:", "se:", "he:", "sp:")) for k in keys(state))
    assert "end" in keys(state)


def test_move_uses_any_card_and_the_heros_movement_boosted_by_move_cards() -> None:
    state = table(hands=(("fate-9",), ()))
    movement = TABLES.heroes["gorm"].movement
    plain = {k.split(":")[2] for k in keys(state) if k.startswith("mv:gorm-3:") and "+" not in k}
    boosted = {k.split(":")[2].split("+")[0] for k in keys(state) if k.startswith("mv:gorm-3:") and "+9" in k}
    assert beside(state) in plain and len(plain) >= 1
    assert boosted and not boosted & plain, f"Movement {movement}; fate card 9 takes Gorm one room further"
    after = act(state, next(k for k in keys(state) if k.startswith("mv:gorm-3:") and "+9" in k))
    assert "fate-9" not in after.hero(0).hand and after.piles.fate_discard[-1] == "fate-9"


def test_entering_a_room_with_an_enemy_stops_the_move() -> None:
    state = table(hands=(("fate-9",), ()))
    around = neighbours(state.dungeon, CENTRE)
    state = replace(state, enemies=tuple(zip(sorted(TABLES.enemies), around, strict=False)))
    reachable = {k.split(":")[2].split("+")[0] for k in keys(state) if k.startswith("mv:")}
    assert reachable == {name(p) for p in around}, "every way out holds an enemy: no further, boost or not"


def test_an_attack_that_reaches_the_defence_eliminates_the_enemy_as_a_trophy() -> None:
    state = replace(table(), enemies=((JACKAL, CENTRE),))
    after = act(state, f"at:gorm-1:{JACKAL}")
    assert after.enemies == () and after.hero(0).trophies == (JACKAL,)


def test_damage_short_of_the_defence_does_nothing_and_boosts_are_discarded() -> None:
    state = replace(table(hands=(("fate-7", "fate-12"), ())), enemies=((KNIGHT, CENTRE),))
    # Skullsplitter 3, +1 from the centre's Battle shrine, +1 from Gorm's free might: 5 against Defence 6
    assert laid_at(state.dungeon, CENTRE).shown().shrine == "battle"
    assert {k for k in keys(state) if k.startswith(f"at:gorm-1:{KNIGHT}")} == {
        f"at:gorm-1:{KNIGHT}",
        f"at:gorm-1:{KNIGHT}+7",
        f"at:gorm-1:{KNIGHT}+12",
    }, "one card is enough, so sets of two are not offered"
    missed = act(state, f"at:gorm-1:{KNIGHT}")
    assert missed.enemies == ((KNIGHT, CENTRE),) and missed.hero(0).trophies == ()
    boosted = act(state, f"at:gorm-1:{KNIGHT}+7")
    assert boosted.enemies == () and boosted.hero(0).hand == ("fate-12",)
    assert boosted.piles.fate_discard[-1] == "fate-7"


def test_boosts_are_offered_only_up_to_what_can_change_the_result() -> None:
    state = replace(table(hands=(("fate-7", "fate-12"), ())), enemies=((JACKAL, CENTRE),))
    assert {k for k in keys(state) if k.startswith(f"at:gorm-1:{JACKAL}")} == {f"at:gorm-1:{JACKAL}"}


def test_heroes_are_never_targets_of_attacks() -> None:
    state = table()
    assert not any(k.startswith("at:") for k in keys(state)), "no enemy here, and the other hero is no target"


def test_three_trophies_and_treasures_at_most_a_fourth_must_go() -> None:
    state = table()
    tokens = tuple(t for t in TABLES.treasures)[:3]
    state = state.with_hero(replace(state.hero(0), treasures=tokens))
    state = replace(state, enemies=((JACKAL, CENTRE),))
    after = act(state, f"at:gorm-1:{JACKAL}")
    assert after.pending is not None and after.pending.kind == "token"
    dropped = act(after, f"drop:{tokens[0]}")
    assert area.tokens(dropped.hero(0)) == 3 and tokens[0] in dropped.piles.treasures


def test_a_search_takes_a_treasure_when_its_points_reach_the_search_value() -> None:
    easy = min(TABLES.treasures, key=lambda t: TABLES.treasures[t].search)
    state = replace(table(), active=1, treasures=((easy, CENTRE),))
    after = act(state, f"se:tansy-1:{easy}", seat=1)
    assert after.hero(1).treasures == (easy,) and after.treasures == ()


def test_prepare_draws_and_only_a_card_that_says_so_discards_down_to_hand_size() -> None:
    state = table()
    gorm = state.hero(0)
    state = state.with_hero(gorm.with_card(replace(gorm.card("gorm-4"), face=1)))
    hand_size = TABLES.heroes["gorm"].hand_size
    state = holding(state, 0, tuple(list(TABLES.fate)[-hand_size:]))
    after = act(state, "pr:gorm-4")
    assert after.pending is not None and after.pending.kind == "drop" and after.pending.count == 3
    assert len(after.hero(0).hand) == hand_size + 3
    kept = act(after, next(k for k in keys(after) if k.startswith("drop:")))
    assert len(kept.hero(0).hand) == hand_size
    gorm = state.hero(0)
    plain = act(state.with_hero(gorm.with_card(replace(gorm.card("gorm-1"), face=1))), "pr:gorm-1")
    assert plain.pending is None and len(plain.hero(0).hand) == hand_size + 2, "Catch Breath keeps all it draws"


def test_a_wounded_card_cannot_be_used_and_heal_removes_wounds() -> None:
    state = table()
    gorm = state.hero(0)
    state = state.with_hero(gorm.with_card(replace(gorm.card("gorm-1"), wounds=1)))
    assert not any(k.startswith(("mv:gorm-1", "at:gorm-1")) for k in keys(state))
    state = state.with_hero(state.hero(0).with_card(replace(state.hero(0).card("gorm-3"), face=1)))
    healed = act(state, "he:gorm-3")
    assert healed.hero(0).card("gorm-1").wounds == 0


def test_one_claim_a_turn_equipment_costs_a_treasure_and_an_action_card_a_trophy() -> None:
    treasure = next(iter(TABLES.treasures))
    state = table()
    state = state.with_hero(replace(state.hero(0), treasures=(treasure,), trophies=(JACKAL,)))
    item = state.piles.equipment_market[0]
    after = act(state, f"cl:{item}:{treasure}")
    assert item in after.hero(0).equipment and treasure in after.piles.treasures
    assert len(after.piles.equipment_market) == 4
    assert not any(k.startswith("cl:") for k in keys(after)), "one claim per turn"
    card = state.piles.action_market[0]
    other = act(state, f"cl:{card}:{JACKAL}")
    assert card in {c.card for c in other.hero(0).cards} and JACKAL in other.piles.enemy_discard[0]


def test_alter_fate_once_a_turn_reads_the_red_text_in_competition_and_the_green_in_cooperation() -> None:
    green = next(c for c in TABLES.fate.values() if c.coop.effect.id == "bolster")
    red = next(c for c in TABLES.fate.values() if c.bane.effect.id == "drain")
    comp = table(hands=((red.id,), ("fate-1",)))
    assert f"af:{red.id[5:]}:s1" in keys(comp)
    after = act(comp, f"af:{red.id[5:]}:s1")
    assert after.hero(1).hand == () and not any(k.startswith("af:") for k in keys(after))
    coop = table(mode="cooperative", hands=((green.id,), ()))
    after = act(coop, f"af:{green.id[5:]}")
    assert all(h.guard == green.coop.effect.amount for h in after.heroes)


# -- the Enemy Phase ------------------------------------------------------------------------------------------


def _top(state: ShadowState, enemy_type: str) -> ShadowState:
    card = next(c for c in TABLES.fate.values() if c.enemy == enemy_type and c.id not in state.hero(0).hand)
    rest = tuple(c for c in state.piles.fate if c != card.id)
    return replace(state, piles=replace(state.piles, fate=(card.id, *rest)))


def test_with_no_enemy_of_the_drawn_type_on_the_board_that_type_spawns_on_its_lairs() -> None:
    state = _top(table(), "beast")
    after = act(state, "end")
    beasts = [t for t, _ in after.enemies if TABLES.enemy_kinds[TABLES.enemies[t].kind].type == "beast"]
    assert beasts and after.active == 1


def test_an_attack_asks_the_attacked_players_defence_on_another_players_turn() -> None:
    state = _top(replace(table(hands=((), ("fate-4",))), active=0), "undead")
    state = replace(state, enemies=((KNIGHT, CENTRE),))
    state = state.with_hero(replace(state.hero(0), place=(0, 0)))
    after = act(state, "end")
    assert after.pending is not None and after.pending.kind == "defend" and after.pending.seat == 1
    assert GAME.to_decide(after) == (1,) and GAME.pass_key(after, 1) == "def"
    defence = TABLES.heroes["tansy"].defence
    blocked = act(after, "def+4", seat=1)
    assert area.wounds_total(blocked.hero(1)) == max(0, 4 - defence - 1)
    assert blocked.hero(1).wounds == area.wounds_total(blocked.hero(1)), "Wounds go on the hero card first"


def test_the_cooperative_game_is_lost_when_the_fate_deck_runs_out() -> None:
    state = table(mode="cooperative")
    state = replace(state, piles=replace(state.piles, fate=()))
    after = act(state, "end")
    assert after.outcome is not None and after.outcome.winners == frozenset()


def test_the_lord_appears_in_the_centre_when_its_whisper_turns_up_and_its_fall_wins_cooperation() -> None:
    state = table(mode="cooperative")
    lord_whisper = next(w for w in TABLES.whispers if TABLES.whispers[w].shards == 3)
    row = state.piles.whisper_row[:3]
    state = refill_row(replace(state, piles=replace(state.piles, whisper_row=row, whispers=(lord_whisper,))))
    assert state.lord.place == CENTRE
    state = replace(state, lord=replace(state.lord, damage=100))
    after = act(state, "at:gorm-1:lord")
    assert after.outcome is not None and after.outcome.winners == {0, 1}


def test_claiming_the_lords_whisper_gives_every_other_player_one_last_turn_then_shards_decide() -> None:
    state = table()
    lord_whisper = next(w for w in TABLES.whispers if TABLES.whispers[w].shards == 3)
    state = replace(state, lord=replace(state.lord, place=CENTRE, damage=100),
                    piles=replace(state.piles, whisper_row=(lord_whisper, *state.piles.whisper_row[:3])))  # fmt: skip
    after = act(state, "at:gorm-1:lord")
    assert lord_whisper in after.hero(0).whispers and after.final_turns == (1,)
    after = act(after, "end")
    while after.outcome is None:
        seat = GAME.to_decide(after)[0]
        options = keys(after, seat)
        after = act(after, "end:rest" if "end:rest" in options else sorted(options)[0], seat=seat)
    assert after.outcome.winners == {0}, "3 shards against none"


def test_a_tie_goes_to_the_player_nearest_the_lords_whisper_claimer_in_turn_order() -> None:
    state = replace(table(), lord_claimer=1)
    assert score(state).winners == {1}
    assert score(replace(state, lord_claimer=0)).winners == {0}


def test_after_the_long_dark_a_tie_goes_by_trophies_and_treasures_then_is_shared() -> None:
    """Ours, rules version 2: with nobody holding the Lord's whisper no seat is nearer to it, so a tie no longer
    goes to the first player (version 1 did, which gave the earliest seats every such tie)."""
    state = replace(table(), rules=2, lord_claimer=None, first=1)
    shared = score(state)
    assert shared.winners == {0, 1} and shared.reason.endswith("they share the win.")
    richer = state.with_hero(replace(state.hero(0), treasures=("treasure-1",)))
    assert score(richer).winners == {0} and "holds more Trophies and Treasures" in score(richer).reason
    assert score(replace(richer, rules=1)).winners == {1}, "version 1: the first player took the tie"
    assert score(replace(richer, lord_claimer=1)).winners == {1}, "a holder of the Lord's whisper: the seed's rule"


def in_the_long_dark(state: ShadowState) -> ShadowState:
    """The fate deck shuffled anew for the third time, the Lord's whisper unclaimed."""
    return replace(state, piles=replace(state.piles, reshuffles=LONG_DARK))


def test_the_long_dark_plays_out_its_round_then_the_game_ends() -> None:
    """Ours, rules version 2: the round the Long Dark falls in is the last, so everyone has had as many turns."""
    last = in_the_long_dark(replace(table(), rules=2, first=0, active=1))  # the second player's turn: the round's last
    transition = GAME.act(last, 1, "end")
    assert transition.state.outcome is not None
    assert "the game ends with this round" in " ".join(entry.public for entry in transition.log)
    first = in_the_long_dark(replace(table(), rules=2, first=0, active=0))  # the first player's turn
    after = act(first, "end")
    assert after.outcome is None and after.active == 1 and after.final_turns == (1,)
    assert act(after, "end", seat=1).outcome is not None, "the second player's turn ends the round and the game"


def test_every_seat_sees_how_near_the_long_dark_is() -> None:
    """The board's status line counts the reshuffles of the three that bring the Long Dark (competitive), from
    every view alike: how often the deck was shuffled anew is public."""
    state = replace(table(), piles=replace(table().piles, reshuffles=2))
    assert {GAME.view(state, seat).reshuffles for seat in (None, 0, 1)} == {2}
    assert GAME.view(in_the_long_dark(table()), None).reshuffles == LONG_DARK


def test_version_one_gives_every_other_player_a_last_turn_after_the_long_dark() -> None:
    """Version 1 (matches started under it): as after the Lord's whisper, so the first player got one turn more
    when the Long Dark fell in the second player's turn."""
    state = in_the_long_dark(replace(table(), rules=1, first=0, active=1))
    after = act(state, "end", seat=1)
    assert after.outcome is None and after.active == 0 and after.final_turns == (0,)


def drafted(mode: str, rules: int) -> ShadowState:
    """A two-hero match through its draft and placing (first options), at the first player's first turn."""
    state = GAME.setup({"mode": mode}, 2, 9, rules_version=rules)
    while state.phase in ("draft", "place"):
        seat = GAME.to_decide(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state
    return state


def test_the_first_players_first_turn_has_one_action_from_version_two() -> None:
    """Ours, rules version 2, competitive: acting first in the race for whispers was worth a win in five."""
    state = drafted("competitive", 2)
    assert state.active == state.first and state.turn == 1 and state.used.actions == 1
    assert "one action left (the first player's first turn has one)" in GAME.prompt(state, state.first)
    move = next(k for k in keys(state, state.first) if k.startswith("mv:"))
    after = act(state, move)
    assert after.active == state.first and not any(
        k.startswith(("mv:", "at:", "se:", "pr:", "he:")) for k in keys(after, state.first)
    )
    second = act(after, "end")
    while second.active == state.first:  # the Enemy Phase's own questions (a defence to boost), answered
        second = act(second, sorted(keys(second, GAME.to_decide(second)[0]))[0])
    assert second.outcome is None and second.used.actions == 0, "the second player has both actions"


def test_the_first_turn_keeps_two_actions_in_co_op_and_under_version_one() -> None:
    assert drafted("cooperative", 2).used.actions == 0
    version_one = drafted("competitive", 1)
    assert version_one.used.actions == 0
    assert "two actions left" in GAME.prompt(version_one, version_one.first)


def test_a_new_match_plays_rules_version_five_and_older_matches_keep_their_own() -> None:
    assert GAME.meta.rules_version == 5 and all(GAME.meta.plays(n) for n in (1, 2, 3, 4))
    assert GAME.setup({"mode": "competitive"}, 2, 5).rules == 5
    assert GAME.setup({"mode": "competitive"}, 2, 5, rules_version=4).rules == 4
    assert GAME.setup({"mode": "competitive"}, 2, 5, rules_version=3).rules == 3
    assert GAME.setup({"mode": "competitive"}, 2, 5, rules_version=1).rules == 1
    assert GAME.setup({"mode": "cooperative"}, 2, 5, rules_version=2).rules == 2


def test_an_illegal_decision_is_refused_and_changes_nothing() -> None:
    state = table()
    with pytest.raises(IllegalAction):
        GAME.act(state, 0, "at:gorm-1:beast-1")
    with pytest.raises(NotYourTurn):
        GAME.act(state, 1, "end")


def test_every_key_the_rulebook_shows_parses_and_prints_back_the_same() -> None:
    """The rulebook's table of keys is what players type: each example must be a key the game reads."""
    text = Path(__file__).resolve().parents[1].joinpath("docs/rules/shadowscape.md").read_text(encoding="utf-8")
    table = text[text.index("## Keys") :]
    rows = [row.split("|")[1] for row in table.splitlines() if row.startswith("| `")]
    examples = [key for cell in rows for key in re.findall(r"`([^`]+)`", cell)]
    assert len(examples) >= 20
    for key in examples:
        assert parse_key(key).key == key, key


def _offered(rules: int) -> set[str]:
    state = GAME.setup({"mode": "competitive"}, 2, 5, rules_version=rules)
    return {k.split(":")[1] for k in keys(state, GAME.to_decide(state)[0])}


def test_version_four_drafts_the_redesigned_mournwell_and_older_matches_the_old_one() -> None:
    """Ours, rules version 4: Sister Mournwell won 20 of her 157 games (0.37 of a fair share), so she moves 2 and
    one healing face became a search. A match begun before keeps the card it drafted from."""
    new, old = TABLES.heroes["mournwell-r4"], TABLES.heroes["mournwell"]
    assert (old.movement, new.movement) == (1, 2) and new.name == old.name
    assert "search" in [face.action for card in TABLES.hero_cards("mournwell-r4") for face in card.faces]
    assert "search" not in [face.action for card in TABLES.hero_cards("mournwell") for face in card.faces]
    for rules in (1, 2, 3):
        assert "mournwell" in _offered(rules) and "mournwell-r4" not in _offered(rules)
    assert "mournwell-r4" in _offered(4) and "mournwell" not in _offered(4)
    assert all(len(_offered(rules)) == 13 for rules in (1, 2, 3, 4)), "the seed's 13 heroes in every version"


def test_a_version_three_match_that_drafted_the_old_mournwell_plays_on_with_her() -> None:
    state = GAME.setup({"mode": "competitive"}, 2, 5, rules_version=3)
    seat = GAME.to_decide(state)[0]
    state = act(state, "hero:mournwell:-", seat=seat)
    assert state.hero(seat).hero == "mournwell" and state.hero(seat).cards[0].card == "mournwell-1"
    with pytest.raises(IllegalAction):
        GAME.act(GAME.setup({"mode": "competitive"}, 2, 5), seat, "hero:mournwell:-")
