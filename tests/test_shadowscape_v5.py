"""Shadowscape's rules version 5, rule by rule, each beside the version 4 it replaces (matches begun under 4
keep it to their end): the player places Wounds and chooses which a Heal removes, a card with a Heal face is
never disabled, an enemy spawned in an Enemy Phase does not act in it, and a cooperative match is lost at any
draw from an empty fate deck. (What each face does is in the ``test_shadowscape_faces*`` modules.)"""

from __future__ import annotations

from dataclasses import replace

from engine.games.shadowscape import area
from engine.games.shadowscape.keys import ShadowAction
from engine.games.shadowscape.model import Pending, ShadowState
from engine.games.shadowscape.tables import TABLES
from engine.games.shadowscape.turns import end_actions
from tests.helpers.shadowscape import act, arena, home_room, keys, with_card


def attacked(rules: int, damage: int, *, wounded_card: str | None = None) -> ShadowState:
    """Gorm attacked by the Lord for ``damage`` (his Defence is 3), ready to answer without a boost."""
    state = arena(("gorm", "tansy"), rules=rules)
    state = replace(state, lord=replace(state.lord, place=home_room(state)))
    return replace(state, pending=Pending("defend", 0, attacker="lord", damage=damage, resume=True))


def test_the_player_chooses_where_wounds_land_hero_card_or_action_cards() -> None:
    after = act(attacked(5, 3 + 2), "def")
    assert after.pending is not None and after.pending.kind == "wounds" and after.pending.count == 2
    options = keys(after)
    assert {"wd:gorm-1.gorm-2", "wd:hero.hero", "wd:hero.gorm-1"} <= options
    on_cards = act(after, "wd:gorm-1.gorm-2")
    assert on_cards.hero(0).wounds == 0 and not area.usable(on_cards.hero(0).card("gorm-1"))
    assert act(after, "wd:hero.hero").hero(0).wounds == 2


def test_under_version_four_wounds_went_on_the_hero_card_first_unasked() -> None:
    after = act(attacked(4, 3 + 2), "def")
    assert after.pending is None and after.hero(0).wounds == 2


def test_a_card_with_a_heal_face_takes_no_wound() -> None:
    """Gorm's gorm-3 heals on its back: from version 5 no Wound may go on it, so he always has a way back."""
    state = attacked(5, 3 + 1)
    full = state.with_hero(replace(state.hero(0), wounds=TABLES.heroes["gorm"].wounds))
    after = act(full, "def")
    assert all("gorm-3" not in key for key in keys(after)), "never on the card that heals"
    old = attacked(4, 3 + 4)
    old = old.with_hero(replace(old.hero(0), wounds=TABLES.heroes["gorm"].wounds))
    placed = act(old, "def")
    assert any("gorm-3" in key for key in keys(placed)), "version 4 let it be disabled"


def test_a_heal_lets_its_player_choose_which_wounds_come_off() -> None:
    state = arena(("gorm", "tansy"))
    hero = state.hero(0)
    hurt = hero.with_card(replace(hero.card("gorm-1"), wounds=1)).with_card(replace(hero.card("gorm-2"), wounds=1))
    state = with_card(state.with_hero(replace(hurt, wounds=1)), 0, "gen-1", 1)  # remove 2 Wounds
    asked = act(state, "he:gen-1")
    assert asked.pending is not None and asked.pending.kind == "mend" and asked.pending.count == 2
    assert "mn:gorm-1.gorm-2" in keys(asked) and "mn:gorm-2.hero" in keys(asked)
    chosen = act(asked, "mn:gorm-2.hero")
    assert chosen.hero(0).wounds == 0 and chosen.hero(0).card("gorm-1").wounds == 1
    old = act(replace(state, rules=4), "he:gen-1")
    assert old.pending is None and old.hero(0).card("gorm-1").wounds == 0 and old.hero(0).wounds == 1


def test_an_enemy_spawned_in_an_enemy_phase_does_not_act_in_it() -> None:
    """Two fate cards of the same type, none of its enemies out: the first spawns them on their Lairs, the
    second (version 5) leaves them where they spawned; version 4 let them walk at once."""
    def phase(rules: int) -> tuple[ShadowState, ShadowState]:
        state = arena(("gorm", "tansy"), mode="cooperative", rules=rules)
        state = replace(state, options=state.options.model_copy(update={"double_fate": True}))
        beasts = [f for f, row in TABLES.fate.items() if row.enemy == "beast"][:2]
        fate = (*beasts, *(f for f in state.piles.fate if f not in beasts))
        state = replace(state, piles=replace(state.piles, fate=fate))
        spawned_only = end_actions(replace(state, options=state.options.model_copy(update={"double_fate": False})),
                                   0, ShadowAction("end"))[0]  # fmt: skip
        return spawned_only, end_actions(state, 0, ShadowAction("end"))[0]

    once, twice = phase(5)
    assert dict(twice.enemies) == dict(once.enemies), "where they spawned, unmoved"
    once, twice = phase(4)
    assert dict(twice.enemies) != dict(once.enemies), "version 4: they walked on the second card"


def test_a_cooperative_match_is_lost_at_any_draw_from_an_empty_deck() -> None:
    for rules, lost in ((5, True), (4, False)):
        state = arena(("gorm", "tansy"), mode="cooperative", rules=rules)
        state = replace(state, piles=replace(state.piles, fate=(), fate_discard=tuple(TABLES.fate)))
        drawn = act(with_card(state, 0, "gen-3", 1), "pr:gen-3")  # draw 3 fate cards
        assert (drawn.outcome is not None) is lost, rules
        if lost:
            assert drawn.outcome.winners == frozenset() and "fate deck ran out" in drawn.outcome.reason
            assert drawn.pending is None and drawn.phase == "over"
