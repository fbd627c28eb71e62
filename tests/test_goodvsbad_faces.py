"""Every printed face of Good vs Bad played (issue 42): for each Item, Event and Encounter card, each level of a
Good and a Bad space and each Special, a position where it can be used is set up, it is used through the game's
own keys (``legal_actions`` / ``act``), and what its text promises is asserted: spaces moved, damage taken, a
hand grown, a stat raised. The checks read the cards' figures from the data (a boot's dice, an Encounter's
strength, damage, reward and penalty), and every play a face offers must change the match.

The help the players read comes from the same faces: the card gallery is generated from them, and the
rulebook's tables of levels and Specials print their very words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.content import Face
from engine.frozen import replace
from engine.games.goodvsbad.destiny import lift
from engine.games.goodvsbad.events import happen
from engine.games.goodvsbad.faces import faces
from engine.games.goodvsbad.gallery import gallery
from engine.games.goodvsbad.model import GvbState, Mark, Pending
from engine.games.goodvsbad.spaces import BAD_LEVELS, GOOD_LEVELS, LEVEL_TEXTS, SPECIAL_TILES
from engine.games.goodvsbad.tables import TABLES, TROPHY_RENOWN, Item
from tests.helpers.goodvsbad import (
    GAME,
    act,
    ends,
    holding,
    keys,
    on_top,
    placed,
    rolls,
    steer,
    table,
    walk_onto,
)

ROOT = Path(__file__).resolve().parents[1]
FACES = faces()
HERO, VILLAIN = 0, 1  # Red's pieces


def claimed(kind: str) -> list[object]:
    return [pytest.param(f, id=f.id, marks=pytest.mark.face("goodvsbad", f.id, data=True)) for f in FACES
            if f.kind == kind]  # fmt: skip


def changes(state: GvbState, key: str, seat: int = 0) -> bool:
    """Whether an Event play would change the match (its effect on the state, the generator aside)."""
    card = key.split(":")[1]
    spent = lift(state, seat, card)
    after, _ = happen(spent, seat, key)
    return replace(after, rng=None, pending=None) != replace(spent, rng=None, pending=None) or after.pending is not None


# -- Item cards ------------------------------------------------------------------------------------------------


def _move_length(state: GvbState, card: Item, *, mounted: bool = False) -> None:
    """Roll, move the Hero first, and check the length of its walks against the turn's roll and its own dice."""
    roll, rng = state.rng.dice(2)  # type: ignore[union-attr]
    own, _ = rng.dice(card.power)
    expected = sum(own) if mounted else sum(roll) + sum(own)
    state = act(act(state, "roll"), "first:hero")
    assert set(state.pending.options) == ends(state, "h0", expected), f"{card.name}: a move of {expected}"


def _boots(card: Item) -> None:
    movers = [i for i, c in TABLES.items.items() if c.type in ("boots", "mount")]
    state = act(holding(table(), items=tuple(movers)), f"lay:{card.id}:hero")
    assert card.id in state.piece(0, "hero").items
    assert not keys(state, "lay:") or all(not k.endswith(":hero") for k in keys(state, "lay:")), "no boots or mount"
    assert any(k.endswith(":villain") for k in keys(state, "lay:"))
    _move_length(steer(state, lambda rng: True), card)


def _mount(card: Item) -> None:
    state = act(holding(table(), items=(card.id, "super-armour")), f"lay:{card.id}:hero")
    state = act(state, "lay:super-armour:hero")  # "armour does not slow it"
    _move_length(state, card, mounted=True)


def _encounter_fight(state: GvbState, dice: tuple[int, int], roll: int = 0) -> GvbState:
    """Red's Hero lands on the E square 0.4 (with ``roll`` if its Items change its move) and fights the card on
    top alone, with ``dice``."""
    state = walk_onto(state, "hero", "0.4", roll=roll)
    assert keys(state, "help:") == ["help:alone", "help:aside"]
    return act(steer(state, lambda rng: rolls(rng, dice)), "help:alone")


def _weapon(card: Item) -> None:
    """+power to the stat it fights with (exactly: a point less would lose), and +power damage in a duel."""
    target = TABLES.encounters["bog-wisp"]  # Agility against 9, E
    for short, won in ((0, True), (1, False)):
        agility = target.strength - 4 - card.power - short  # the dice are 2 + 2
        state = placed(table(), 0, "hero", "h0", stats=(agility, 9, 9), start=(agility, 9, 9), items=(card.id,))
        after = _encounter_fight(on_top(state, "bog-wisp", "E"), (2, 2))
        assert (after.player(0).renown > 0) is won, f"{card.name}: 4 + {agility} + {card.power} against 9"
    for weapon in ((), (card.id,)):  # a duel a mile wide: the Hero wins by 5 or more, the loss is 2 plus the Weapon
        state = placed(table(), 0, "hero", "h0", stats=(20, 20, 20), start=(20, 20, 20), items=weapon)
        state = placed(state, 1, "villain", "0.5", stats=(5, 5, 5), start=(5, 5, 5))
        state = act(walk_onto(state, "hero", "0.5"), "duel:might")
        assert sum(state.piece(1, "villain").stats) == 15 - 2 - (card.power if weapon else 0)


def _shield(card: Item) -> None:
    """power less damage when a 5 or 6 shows on the fight's dice, none less otherwise."""
    for dice, saved in (((5, 1), card.power), ((1, 2), 0)):
        state = placed(table(stats=(3, 3, 3)), 0, "hero", "h0", items=(card.id,))
        state = state.with_player(replace(state.player(0), special=0))
        after = _encounter_fight(on_top(state, "world-serpent", "H"), dice)  # 4 damage, against 21
        assert sum(after.piece(0, "hero").stats) == 9 - (4 - saved)


def _armour(card: Item) -> None:
    """power less damage taken (a fight, and from rules version 4 a space), and power less movement a die."""
    state = placed(table(), 0, "hero", "h0", items=(card.id,))
    after = _encounter_fight(on_top(state, "world-serpent", "H"), (1, 2), roll=4 + 2 * card.power)
    assert sum(after.piece(0, "hero").stats) == 9 - (4 - card.power)
    bad = placed(table(), 0, "hero", "h0", items=(card.id,)).with_mark(Mark("0.6", "bad", 4))
    hurt = walk_onto(bad, "hero", "0.6", roll=6 + 2 * card.power)
    assert sum(hurt.piece(0, "hero").stats) == 9, "Bad 4's 1 damage, less the Armour"
    state = steer(placed(table(), 0, "hero", "h0", items=(card.id,)), lambda rng: rolls(rng, 12))
    state = act(act(state, "roll"), "first:hero")
    assert set(state.pending.options) == ends(state, "h0", 12 - 2 * card.power)


def _prophecy(card: Item) -> None:
    state = placed(holding(table(), items=(card.id,)), 1, "villain", "1.9")
    options = keys(state, "prophecy:")
    assert "prophecy:3:h0" in options and "prophecy:3:h1" in options and "prophecy:0:h0" not in options
    after = act(state, "prophecy:3:h0")
    assert after.piece(1, "villain").place == "h0" and after.decks.item_discards == (card.id,)
    assert after.player(0).items == () and after.pending.kind == "roll", "no landing"


def _trap(card: Item) -> None:
    state = placed(holding(table(), items=(card.id,)), 0, "villain", "0.5")
    assert "lay:trap:hero" not in keys(state)
    state = act(state, "lay:trap:villain")
    assert state.fixtures[0].place == "0.5" and state.fixtures[0].item == "trap"
    state = act(act(steer(state, lambda rng: rolls(rng, 7)), "roll"), "first:hero")
    assert set(state.pending.options) == {"0.5", "1.7"}, "the walk along the North Road stops on the Trap"
    state = act(state, "go:0.5")
    assert state.piece(0, "hero").place == "0.5" and state.fixtures == () and card.id in state.decks.item_discards


def _fortification(card: Item) -> None:
    state = placed(holding(table(), items=(card.id,)), 0, "hero", "0.5")
    assert "lay:fortification:villain" not in keys(state)
    state = act(state, "lay:fortification:hero")
    assert state.fixtures[0].place == "0.5" and state.fixtures[0].item == "fortification"
    moving = act(act(state, "roll"), "first:hero")
    assert "go:stay" in keys(moving), "a Hero on it may stay still"
    assert act(moving, "go:stay").piece(0, "hero").place == "0.5"
    state = walk_onto(placed(state, 0, "hero", "h0"), "villain", "0.5")
    assert state.fixtures == () and card.id in state.decks.item_discards
    assert sum(state.piece(0, "villain").stats) == 8, "a Villain that lands on it breaks it and takes 1 damage"


ITEM_CHECKS: dict[str, Callable[[Item], None]] = {
    "boots": _boots, "mount": _mount, "weapon": _weapon, "shield": _shield, "armour": _armour,
    "prophecy": _prophecy, "trap": _trap, "fortification": _fortification,
}  # fmt: skip


@pytest.mark.parametrize("face", claimed("item"))
def test_every_item_card_does_what_it_says(face: Face) -> None:
    card = TABLES.items[face.id.removeprefix("item:")]
    figure = {"boots": f"{card.power}d6", "mount": f"{card.power}d6", "weapon": f"+{card.power}",
              "shield": f"{card.power} less", "armour": f"{card.power} less"}.get(card.type, "")  # fmt: skip
    assert figure in face.text, "the printed figure is the card's power"
    ITEM_CHECKS[card.type](card)


# -- Event cards -----------------------------------------------------------------------------------------------


def played(state: GvbState, key: str) -> GvbState:
    """Red plays an Event (nobody else holds a card, so the window settles at once); every other play of that
    card offered here would change the match too."""
    card = key.split(":")[1]
    offered = [k for k in keys(state, "event:") if k.split(":")[1] == card]
    assert key in offered and all(changes(state, k) for k in offered), "a card is offered only where it works"
    return act(state, key)


def _extension(face: Face) -> None:
    state = played(holding(table(), events=("extension",)), "event:extension")
    assert state.lengths == (23, 23)
    full = holding(replace(table(), lengths=(29, 29)), events=("extension",))
    assert keys(full, "event:") == [], "nothing shorter than 29: not offered"


def _negation(face: Face) -> None:
    state = holding(holding(table(), events=("goodness",)), 1, events=("negation",))
    state = act(state, "event:goodness:0.5")
    assert GAME.to_decide(state) == (1,) and keys(state) == ["answer:pass", "answer:negate"]
    state = act(state, "answer:negate")
    assert state.mark_at("0.5") is None and state.player(1).events == () and state.pending.kind == "roll"
    chain = holding(holding(table(), events=("goodness", "negation")), 1, events=("negation",))
    chain = act(act(chain, "event:goodness:0.5"), "answer:negate")
    assert GAME.to_decide(chain) == (0,), "a Negation too can be Negated"
    chain = act(chain, "answer:negate")
    assert chain.mark_at("0.5") is not None and chain.decks.event_discards.count("negation") == 2


def _wave(face: Face) -> None:
    side = "good" if "goodness" in face.id else "bad"
    other = "bad" if side == "good" else "good"
    marks = (Mark("0.5", side, 2), Mark("0.6", side, 5), Mark("0.7", side, 5), Mark("0.9", other, 2))
    state = holding(table(), events=(face.id.removeprefix("event:"),))
    for mark in marks:
        state = state.with_mark(mark)
    state = played(state, f"event:{face.id.removeprefix('event:')}")
    assert state.mark_at("0.5").level == 3 and state.mark_at("0.9").level == 2, "its own side only"
    first, second = [k.removeprefix("wave:") for k in keys(state, "wave:")][:2]
    state = act(act(state, f"wave:{first}"), f"wave:{second}")
    assert (state.mark_at("0.6").special, state.mark_at("0.7").special) == (first, second), "each chosen by you"
    assert state.player(0).renown == 4 and state.pending.kind == "roll"
    assert keys(holding(table(), events=(face.id.removeprefix("event:"),)), "event:") == [], "no space of its side"


def _one_space(face: Face) -> None:
    card = face.id.removeprefix("event:")
    side = "good" if card == "goodness" else "bad"
    state = holding(table(), events=(card, card, card)).with_mark(Mark("0.6", side, 3)).with_mark(Mark("0.7", side, 5))
    state = state.with_mark(Mark("0.9", "good" if side == "bad" else "bad", 2))
    assert f"event:{card}:0.9" not in keys(state), "not the other side's space"
    state = played(state, f"event:{card}:0.5")
    state = played(state, f"event:{card}:0.6")
    state = played(state, f"event:{card}:0.7:home" if side == "bad" else f"event:{card}:0.7:restore")
    assert state.mark_at("0.5") == Mark("0.5", side, 1, maker=0) and state.mark_at("0.6").level == 4
    assert state.mark_at("0.7").level == 6 and state.player(0).renown == 2


def _teleport(face: Face) -> None:
    state = placed(holding(table(), events=("teleport",)), 1, "hero", "0.5")
    assert keys(state, "event:") == ["event:teleport:1"], "Red's pieces stand together: no swap to offer"
    state = played(state, "event:teleport:1")
    assert state.piece(1, "villain").place == "0.5" and state.piece(1, "hero").place == "h1"


def _monsters(face: Face) -> None:
    card = face.id.removeprefix("event:")
    weaker = card == "weak-monsters"
    state = played(holding(table(), events=(card,)), f"event:{card}")
    square = "0.8" if weaker else "0.4"  # an F square, an E square
    state = walk_onto(state, "hero", square)
    drawn = GAME.view(state, 0).facing
    assert TABLES.encounters[drawn].deck == ("E" if weaker else "F")
    bound = holding(replace(table(), shift=-3 if weaker else 3), events=(card,))
    assert keys(bound, "event:") == [], "every square draws from the end deck already"


def _crown(face: Face) -> None:
    """Lies face up; played while your piece's three stats together are more than every other of its kind's; the
    champion goes home, and reaching every other Home Base wins (a lost duel ends it: test_goodvsbad_destiny)."""
    kind = "hero" if face.id.endswith("god") else "villain"
    card = face.id.removeprefix("event:")
    state = replace(table(), round=5)  # from the round after the first third of the match
    assert card in state.destinies and card not in state.decks.events, "it lies face up"
    assert keys(state, "event:") == [], "nobody stands above the others of its kind"
    state = placed(state, 0, kind, "0.9", stats=(5, 4, 3), start=(5, 4, 3))  # 12 against Blue's 9
    state = played(state, f"event:{card}")
    piece = state.piece(0, kind)
    assert piece.role == ("protector" if kind == "hero" else "supervillain") and piece.place == "h0"
    assert card not in state.destinies
    state = steer(placed(state, 0, kind, "0.16"), lambda rng: rolls(rng, 2))
    state = act(act(state, "roll"), f"first:{kind}")
    state = act(state, "go:h1")
    assert state.outcome is not None and state.outcome.winners == frozenset({0}), "every other Home Base reached"


EVENT_CHECKS: dict[str, Callable[[Face], None]] = {
    "extension": _extension, "negation": _negation, "wave-of-badness": _wave, "wave-of-goodness": _wave,
    "badness": _one_space, "goodness": _one_space, "teleport": _teleport, "weak-monsters": _monsters,
    "strong-monsters": _monsters, "topple-the-new-god": _crown, "defeat-the-supervillain": _crown,
}  # fmt: skip


@pytest.mark.parametrize("face", claimed("event"))
def test_every_event_card_does_what_it_says(face: Face) -> None:
    EVENT_CHECKS[face.id.removeprefix("event:")](face)


# -- Encounter cards -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", claimed("encounter"))
def test_every_encounter_card_rewards_punishes_and_marks_the_road_as_printed(face: Face) -> None:
    """Beaten by a Hero far too strong for it, and beating one far too weak (with snake eyes): the Renown of its
    deck and its reward, or its damage and its penalty; and, win or lose, its mark on the road."""
    card = TABLES.encounters[face.id.removeprefix("encounter:")]
    assert face.text == f"Deck {card.deck}. {card.rules_text[0].upper()}{card.rules_text[1:]}. {card.flavour}"
    road = (Mark("0.6", "good", 2), Mark("0.7", "bad", 2))
    drops = {"good": (card.mark == "blight"), "bad": (card.mark == "bless")}

    def marked(state: GvbState, extra: int = 0) -> None:
        good, bad = state.mark_at("0.6"), state.mark_at("0.7")
        assert (good.level if good else 0) == 2 - drops["good"] - extra
        assert (bad.level if bad else 0) == 2 - drops["bad"]

    strong = placed(table(), 0, "hero", "h0", stats=(20, 18, 20), start=(20, 20, 20))
    strong = on_top(strong.with_mark(road[0]).with_mark(road[1]), card.id, card.deck)
    strong = strong.with_player(replace(strong.player(0), special=20))
    won = _encounter_fight(strong, (1, 1))
    hero, before = won.piece(0, "hero"), strong.piece(0, "hero")
    assert won.player(0).renown == TROPHY_RENOWN[card.deck] + (card.reward == "renown")
    assert len(won.player(0).items) == (card.reward == "item") and len(won.player(0).events) == (card.reward == "event")
    if card.reward == "heal":
        assert hero.stats == before.start
    elif card.reward == "raise_stat":
        assert hero.start == (21, 20, 20) and hero.stats == (21, 18, 20), "the lowest starting stat (first on a tie)"
    else:
        assert hero.stats == before.stats and hero.start == before.start
    marked(won)

    weak = placed(table(stats=(6, 6, 6)), 0, "hero", "h0", items=("shield",))  # no 5 or 6 will show
    weak = on_top(weak.with_mark(road[0]).with_mark(road[1]), card.id, card.deck)
    weak = weak.with_player(replace(weak.player(0), special=1))
    lost = _encounter_fight(weak, (1, 1))
    hero = lost.piece(0, "hero")
    assert lost.player(0).renown == 0 and sum(hero.stats) == 18 - card.damage
    assert (hero.items == ()) is (card.penalty == "break_item")
    assert lost.player(0).special == (0 if card.penalty == "hurt_special" else 1)
    assert hero.lose_turns == (card.penalty == "lose_turn")
    assert hero.place == ("h0" if card.penalty == "scatter" else "0.4")
    marked(lost, extra=card.penalty == "blight")


# -- The levels of a space, and the Specials -----------------------------------------------------------------


def level_of(face: Face) -> tuple[str, int]:
    _, side, level = face.id.split(":")
    return side, int(level)


def _lands(face: Face, mark: Mark, **fields: object) -> GvbState:
    """The piece of the other side (so that it may not raise the space) walks onto ``mark``'s space 0.5."""
    kind = "villain" if mark.side == "good" else "hero"
    state = placed(table(), 0, kind, "h0", **fields).with_mark(mark)
    return walk_onto(state, kind, "0.5")


def _next_turn(state: GvbState) -> GvbState:
    """Red's next turn begins in this very position (the rest of this turn skipped by hand)."""
    return replace(state, pending=Pending("roll"), agenda=(), moved=(), used=(), active=0)


@pytest.mark.parametrize("face", claimed("level"))
def test_every_level_of_the_seeds_table_does_what_it_says(face: Face) -> None:
    side, level = level_of(face)
    effect = (GOOD_LEVELS if side == "good" else BAD_LEVELS)[level]
    assert face.text.endswith(f"{LEVEL_TEXTS[effect]}.")
    mover = "villain" if side == "good" else "hero"
    piece = 1 if mover == "villain" else 0
    if effect in ("nudge1", "nudge2"):
        state = _lands(face, Mark("0.5", side, level))
        reach = level
        assert set(keys(state, "nudge:")) == {"nudge:stay", *(f"nudge:{p}" for p in ends(state, "0.5", reach))}
        assert act(state, "nudge:stay").pieces[piece].place == "0.5", "it may stay"
        far = "0.6" if reach == 1 else "0.7"
        assert act(state, f"nudge:{far}").pieces[piece].place == far
    elif effect in ("heal1", "heal2"):
        state = _lands(face, Mark("0.5", side, level), stats=(0, 1, 3), start=(3, 3, 3))
        assert sum(state.pieces[piece].stats) == 4 + int(effect[-1])
    elif effect == "reroll":
        state = _lands(face, Mark("0.5", side, level))
        assert keys(state, "reroll:") == ["reroll:reroll", "reroll:stay"]
        again = sum(state.rng.dice(2)[0])
        state = act(state, "reroll:reroll")
        assert set(state.pending.options) == ends(state, "0.5", again), "it rolls and moves again"
    elif effect == "slow":
        state = _next_turn(_lands(face, Mark("0.5", side, level)))
        assert state.pieces[piece].slowed == 1
        state = act(act(steer(state, lambda rng: rolls(rng, 9)), "roll"), "first:hero")
        assert set(state.pending.options) == ends(state, "0.5", 8), "1 off its next roll"
    elif effect in ("worse1", "worse2"):
        worse = {"0.6": Mark("0.6", side, 4), "0.7": Mark("0.7", side, 5)}
        state = table().with_mark(worse["0.6"]).with_mark(worse["0.7"])
        state = walk_onto(state.with_mark(Mark("0.5", side, level)), "hero", "0.5")
        assert state.pieces[piece].place == ("0.6" if effect == "worse1" else "0.7"), "to the worst within reach"
    elif effect == "hurt":
        assert sum(_lands(face, Mark("0.5", side, level)).pieces[piece].stats) == 8
    else:
        state = _lands(face, Mark("0.5", side, level))
        assert state.pieces[piece].lose_turns == 1
        state = act(_next_turn(state), "roll")
        assert state.pieces[piece].place == "0.5" and state.pending.kind == "path", "only the Villain moves"


@pytest.mark.parametrize("face", claimed("special"))
def test_every_special_does_what_it_says(face: Face) -> None:
    _, side, effect = face.id.split(":")
    name, text = SPECIAL_TILES[effect]
    assert face.name == name and text in face.text
    mark = Mark("0.5", side, 6, effect)  # type: ignore[arg-type]
    state = placed(table(), 0, "hero", "h0", stats=(1, 2, 3), start=(3, 3, 3)).with_mark(mark)
    if effect == "lose_d6":
        state = walk_onto(state, "hero", "0.5", then=lambda rng: rng.dice(1)[0] == (4,))
    else:
        state = walk_onto(state, "hero", "0.5")
    hero, player = state.piece(0, "hero"), state.player(0)
    if effect == "draw_item":
        assert len(player.items) == 1
    elif effect == "draw_event":
        assert len(player.events) == 1
    elif effect == "restore":
        assert hero.stats == (3, 3, 3)
    elif effect == "raise":
        assert keys(state) == ["stat:agility", "stat:might", "stat:smarts"]
        hero = act(state, "stat:smarts").piece(0, "hero")
        assert hero.stats == (1, 2, 4) and hero.start == (3, 3, 4), "one non-Special stat, for good"
    elif effect == "wound":
        assert hero.stats == (1, 2, 2)
    elif effect == "lose_d6":
        assert hero.lose_turns == 4
    else:
        assert hero.place == "h0" and hero.lose_turns == 1


def test_in_random_matches_every_event_offered_would_change_the_match() -> None:
    """The data check of plays that do nothing: in random matches of the current version, every Event play
    offered before a roll has an effect."""
    for seed in range(2):
        pick = random.Random(seed)
        state = GAME.setup({"rounds": 6}, 3, 900 + seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_decide(state)[0]
            options = GAME.legal_actions(state, seat)
            if state.window is None and state.pending is not None and state.pending.kind == "roll":
                assert all(changes(state, k, seat) for k in options if k.startswith("event:"))
            state = GAME.act(state, seat, pick.choice(options)).state


# -- What players read comes from the same faces ---------------------------------------------------------------


def test_the_card_gallery_is_generated_from_the_faces() -> None:
    page = ROOT / "docs" / "good-vs-bad-cards.md"
    assert page.read_text(encoding="utf-8") == gallery(), "rerun: python -m engine.games.goodvsbad.gallery"
    assert all(f"**{face.name}**" in gallery() or face.text in gallery() for face in FACES)


def test_the_rulebook_tables_print_the_levels_and_the_specials_in_the_faces_words() -> None:
    book = (ROOT / "docs" / "rules" / "good-vs-bad.md").read_text(encoding="utf-8")
    rows = {int(m[1]): m[0] for m in re.finditer(r"^\| (\d) \|.*$", book, re.MULTILINE)}
    for level in range(1, 6):
        good, bad = LEVEL_TEXTS[GOOD_LEVELS[level]], LEVEL_TEXTS[BAD_LEVELS[level]]
        assert good in rows[level] and bad in rows[level], rows[level]
    for name, text in SPECIAL_TILES.values():
        assert f"*{name}*: {text}" in book
