"""Good vs Bad's cards as data: Curufea's counts, credits and licences, and four Encounter decks of ours."""

from __future__ import annotations

from engine.games.goodvsbad.tables import DECKS, TABLES

ITEM_COPIES = {  # Curufea's Item cards page
    "boots-7": 2, "boots-14": 2, "boots-21": 1, "pony": 2, "horse": 2, "brumby": 1, "weapon": 4,
    "super-weapon": 1, "shield": 4, "super-shield": 1, "armour": 4, "super-armour": 1, "prophecy": 10,
    "trap": 4, "fortification": 4,
}  # fmt: skip
EVENT_COPIES = {  # Curufea's Event cards page
    "extension": 5, "negation": 10, "wave-of-badness": 1, "wave-of-goodness": 1, "badness": 10, "goodness": 10,
    "teleport": 10, "weak-monsters": 5, "strong-monsters": 5, "topple-the-new-god": 1,
    "defeat-the-supervillain": 1,
}  # fmt: skip


def test_item_and_event_cards_have_curufeas_counts_and_credit() -> None:
    assert {i: card.copies for i, card in TABLES.items.items()} == ITEM_COPIES
    assert {i: card.copies for i, card in TABLES.events.items()} == EVENT_COPIES
    assert len(TABLES.copies("items")) == 43 and len(TABLES.copies("events")) == 59
    for kind in ("items", "events"):
        assert TABLES.files[kind].credit == "Curufea (curufea.com)"
        assert TABLES.files[kind].license == "CC BY-NC-SA 2.5"


def test_traps_are_the_villains_and_fortifications_the_heroes() -> None:
    assert TABLES.items["trap"].who == "villain" and TABLES.items["fortification"].who == "hero"
    assert {card.who for i, card in TABLES.items.items() if i not in ("trap", "fortification")} == {"any"}


def test_encounter_decks_are_ours_with_at_least_eight_cards_each_graded_as_the_reference_says() -> None:
    assert TABLES.files["encounters"].credit.startswith("Changeling")
    for grade in DECKS:
        assert len(TABLES.deck(grade)) >= 8
    cards = TABLES.encounters.values()
    e = [c for c in cards if c.deck == "E"]
    assert all(len(c.stats) == 1 and c.penalty is None and c.mark is None for c in e), "E: weak, no special attacks"
    g = [c for c in cards if c.deck == "G"]
    assert all(len(c.stats) >= 2 for c in g), "G: several stats"
    h = [c for c in cards if c.deck == "H"]
    assert all(len(c.stats) >= 2 and "special" in c.stats and c.mark for c in h), "H: Special, always changes the board"
    strength = {grade: min(c.strength for c in cards if c.deck == grade) for grade in DECKS}
    assert strength["E"] < strength["F"] < strength["G"] < strength["H"]
