"""The rules text of every Shadowscape face, written from its data: a card says what its numbers and its effect
do, so the words a player reads cannot drift from what the rules play (the face tests play every face).

A row may carry ``flavour``, a line of colour in front of the rules text; it names no number and no rule (a
content test holds it to that). Everything here is a pure function of a row's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import ActionSide, Effect, LordSide, Need, Place, Whisper

SYMBOL_WORDS = {"might": "Might", "arcane": "Arcane", "search": "Search", "move": "Move", "heal": "Heal"}
SYMBOL_WORDS["defence"] = "Defence"
TYPE_WORDS = {"beast": "Beast", "brigand": "Brigand", "undead": "Undead"}
DEFAULT_BOOST = {"attack": "might", "magic": "arcane", "search": "search", "heal": "heal"}


def count(amount: int, noun: str) -> str:
    """``1 fate card``, ``2 fate cards``, ``2 Trophies``."""
    if amount == 1:
        return f"1 {noun}"
    return f"{amount} {noun[:-1]}ies" if noun.endswith("y") else f"{amount} {noun}s"


NUMBER_WORDS = ("no", "one", "two", "three", "four")


def held(amount: int, noun: str) -> str:
    """``a weapon``, ``an Undead Trophy``, ``two Treasures``: what a whisper asks you to hold."""
    if amount == 1:
        return f"{'an' if noun[:1] in 'AEIOUaeiou' else 'a'} {noun}"
    return count(amount, noun).replace(str(amount), NUMBER_WORDS[amount], 1)


def printed(flavour: str, rules: str) -> str:
    """What a face reads: its flavour, then its rules."""
    return f"{flavour} {rules}" if flavour else rules


# -- abilities: heroes, equipment, enemies, Lords --------------------------------------------------------------


def _defence_bonus(e: Effect) -> str:
    if e.enemy is None:
        return f"You have +{e.amount} Defence against every attack, the Dungeon Lord's included."
    return f"You have +{e.amount} Defence against attacks by {TYPE_WORDS[e.enemy]} enemies."


ABILITIES: dict[str, Callable[[Effect], str]] = {
    "free_symbol": lambda e: (
        f"Once per turn, you generate {e.amount} {SYMBOL_WORDS[e.symbol or '']} without discarding a fate card."
    ),
    "extra_move": lambda e: f"Your Move actions generate {count(e.amount, 'more movement point')}.",
    "defence_bonus": _defence_bonus,
    "trophy_draw": lambda e: f"Each time you eliminate an enemy, draw {count(e.amount, 'fate card')}.",
    "reach_adjacent": lambda e: f"Your actions boosted by {SYMBOL_WORDS[e.symbol or '']} may target an adjacent room.",
    "slip_past": lambda e: "Once per turn, entering a room with enemies does not stop your Move.",
    "hand_bonus": lambda e: f"Your Hand Size is {e.amount} higher when you Prepare.",
    "skill_bonus": lambda e: f"You count one more {e.skill} symbol in your Hero Area.",
    "mend_on_prepare": lambda e: (
        f"Whenever you Prepare, you also remove {count(e.amount, 'Wound')} from your Hero Area."
    ),
    "treasure_eye": lambda e: f"Your Search actions generate {count(e.amount, 'more search point')}.",
    "bane_ward": lambda e: "Red (Bane) texts played by your rivals cannot target you.",
    "overkill_draw": lambda e: (
        "When one of your attacks deals at least 2 more damage than its target's Defence, draw 1 fate card."
    ),
    "extra_damage": lambda e: (
        f"Your attacks boosted by {SYMBOL_WORDS[e.symbol or '']} deal {e.amount} more damage."
    ),
    "second_weapon": lambda e: "While you hold two weapons, your first attack each turn deals 1 more damage.",
    # the advanced game's enemies, and the Lords
    "pack": lambda e: "It gets +1 attack for each other enemy of its type in its room.",
    "venom": lambda e: "When it wounds you, you also discard 1 fate card at random.",
    "swift": lambda e: "When activated, it follows its door symbols twice.",
    "ambush": lambda e: "When you enter its room, it attacks you at once (once per turn).",
    "skulk": lambda e: "It does not stop for heroes in range while it still has door symbols to follow.",
    "warded": lambda e: f"Magic attacks deal {e.amount} less damage to it.",
    "regrow": lambda e: (
        "When it is eliminated (a Trophy as usual), another of its type spawns on an empty Lair of that type."
    ),
    "fearsome": lambda e: "You cannot boost your Defence against its attacks.",
    "armoured": lambda e: f"Attacks boosted by Might deal {e.amount} less damage to it.",
    "double_strike": lambda e: "It attacks twice: at two heroes in range, or at one hero twice.",
    "sweep_room": lambda e: "Its attack hits every hero in its room.",
    "call_minions": lambda e: (
        f"Each Enemy Phase, a {TYPE_WORDS[e.enemy or 'beast']} spawns in the centre room if no enemy is there."
    ),
    "dark_ward": lambda e: f"At each Enemy Phase, it removes {e.amount} damage from itself.",
    "dread_reach": lambda e: "It attacks heroes in adjacent rooms as well as in its own.",
}


def ability(effect: Effect) -> str:
    """A hero's, an equipment card's, an enemy's or a Lord's ability."""
    return ABILITIES[effect.id](effect)


def lord_side(side: LordSide) -> str:
    """A Dungeon Lord card's side: its figures are on the board; the text is its ability."""
    return ability(side.effect)


# -- fate cards: the green (co-op) and red (Bane) texts ---------------------------------------------------------

FATE: dict[str, Callable[[Effect], str]] = {
    "draw": lambda e: f"Draw {count(e.amount, 'fate card')}.",
    "foresee": lambda e: f"Look at the top {e.amount} fate cards and put them back in any order.",
    "delay_fate": lambda e: "Put this card at the bottom of the fate deck, not on the discard pile.",
    "bolster": lambda e: f"Every hero gets +{e.amount} Defence until your next turn.",
    "mend_any": lambda e: f"One hero anywhere in the dungeon removes up to {count(e.amount, 'Wound')}.",
    "mend_ally": lambda e: f"One hero in your room (you too) removes up to {count(e.amount, 'Wound')}.",
    "weaken": lambda e: f"One enemy's Defence is {e.amount} lower until the end of this turn.",
    "stun": lambda e: "Choose an enemy: it does not activate in the coming Enemy Phase.",
    "haste": lambda e: f"Move one hero up to {count(e.amount, 'room')}; enemies stop them as usual.",
    "shove": lambda e: "Move one enemy in your room to an adjacent room of your choice.",
    "curse_wound": lambda e: f"A rival in a room with an enemy takes {e.amount} damage (their Defence applies).",
    "lure": lambda e: "Move one enemy into an adjacent room that holds a rival hero.",
    "summon": lambda e: f"Place a {TYPE_WORDS[e.enemy or 'beast']} enemy in an empty room.",
    "rob": lambda e: "A rival in your room puts the first Treasure token they took back on the pile.",
    "drain": lambda e: f"A rival discards {count(e.amount, 'fate card')} from their hand at random.",
    "collapse": lambda e: "A rival in a room without enemies cannot leave it with their next Move action.",
}


def fate(effect: Effect) -> str:
    return FATE[effect.id](effect)


# -- action card faces ------------------------------------------------------------------------------------------


def _amount(side: ActionSide, unit: str) -> str:
    """``3 damage``; ``1 damage, plus 1 for each valor symbol in your Hero Area,`` (the comma closes it)."""
    if side.per_skill:
        return f"{side.value} {unit}, plus 1 for each {side.per_skill} symbol in your Hero Area,"
    return f"{side.value} {unit}"


def _where(side: ActionSide) -> str:
    return "your room or an adjacent room" if side.reach == "adjacent" else "your room"


def _strike(side: ActionSide) -> str:
    """An attack or magic attack: how much, and at whom."""
    unit = "magic damage" if side.action == "magic" else "damage"
    effect = side.effect.id if side.effect else None
    if effect == "sweep":
        adjacent = side.reach == "adjacent"
        whom = "every enemy in one room: yours or an adjacent one" if adjacent else "every enemy in your room"
        return f"Deal {_amount(side, unit)} to {whom}."
    return f"Deal {_amount(side, unit)} to one enemy in {_where(side)}."


def _search(side: ActionSide) -> str:
    if side.per_skill:
        return f"Search {_where(side)} for {side.value}, plus 1 for each {side.per_skill} symbol in your Hero Area."
    return f"Search {_where(side)} for {side.value}."


def _heal(side: ActionSide) -> str:
    whom = "one hero in your room (you too)" if side.effect and side.effect.id == "mend_ally" else "your Hero Area"
    if side.per_skill:
        return f"Remove {side.value} Wound from {whom}, plus 1 for each {side.per_skill} symbol there."
    return f"Remove {count(side.value, 'Wound')} from {whom}."


def _prepare(side: ActionSide) -> str:
    cards = f"{side.value} fate card{'' if side.value == 1 and not side.per_skill else 's'}"
    if side.per_skill:
        cards = f"{side.value} fate card, plus 1 for each {side.per_skill} symbol in your Hero Area"
    down = side.effect is not None and side.effect.id == "draw_to_hand"
    return f"Draw {cards}, then discard down to your Hand Size." if down else f"Draw {cards}."


SPECIAL: dict[str, Callable[[Effect], str]] = {
    "draw": lambda e: f"Draw {count(e.amount, 'fate card')}.",
    "blink": lambda e: f"Move to any room up to {count(e.amount, 'room')} away, ignoring enemies.",
    "ready_card": lambda e: "Ready one of your other exhausted action cards: you may use it again this turn.",
    "shove": lambda e: "Move one enemy in your room to an adjacent room of your choice.",
    "mend_ally": lambda e: f"Remove up to {count(e.amount, 'Wound')} from one hero in your room (you too).",
    "guard": lambda e: f"Until your next turn, every hero in your room has +{e.amount} Defence.",
    "foresee": lambda e: f"Look at the top {e.amount} fate cards and put them back in any order.",
}

RIDERS: dict[str, Callable[[ActionSide, Effect], str]] = {
    "pierce": lambda s, e: f"{'Their' if _sweeps(s) else 'Its'} Defence counts as {e.amount} less against this attack.",
    "loot": lambda s, e: "If it falls, you may also take a Treasure token in its room.",
    "shove": lambda s, e: "If it survives, you may shove it into an adjacent room.",
    "guard": lambda s, e: f"Then, until your next turn, every hero in your room has +{e.amount} Defence.",
    "draw": lambda s, e: f"Then draw {count(e.amount, 'fate card')}.",
    "mend_self": lambda s, e: f"Then remove up to {count(e.amount, 'Wound')} from your Hero Area.",
    "foresee": lambda s, e: f"Then look at the top {e.amount} fate cards and put them back in any order.",
}
OWN_WORDS = {"sweep", "draw_to_hand"}  # effects the action's own sentence already says
HEAL_TARGETING = "mend_ally"  # on a Heal face: the heal may go to another hero in the room


def _sweeps(side: ActionSide) -> bool:
    return side.effect is not None and side.effect.id == "sweep"


def action(side: ActionSide) -> str:
    """An action card face's rules: what the action does, then its rider, then a boost that is not the usual."""
    if side.action == "special":
        assert side.effect is not None
        return SPECIAL[side.effect.id](side.effect)
    words = {"attack": _strike, "magic": _strike, "search": _search, "heal": _heal, "prepare": _prepare}
    parts = [words[side.action](side)]
    effect = side.effect
    targeting = side.action == "heal" and effect is not None and effect.id == HEAL_TARGETING
    if effect is not None and effect.id not in OWN_WORDS and not targeting:
        parts.append(RIDERS[effect.id](side, effect))
    usual = DEFAULT_BOOST.get(side.action)
    if side.boost != usual and side.boost is not None and usual is not None:
        parts.append(f"Boost it with {SYMBOL_WORDS[side.boost]}, not {SYMBOL_WORDS[usual]}.")
    return " ".join(parts)


# -- shrines ----------------------------------------------------------------------------------------------------

SHRINES = {
    "arcane": "A hero in this room adds 1 to every action boosted by Arcane.",
    "battle": "A hero in this room adds 1 to every action boosted by Might.",
    "health": "A hero in this room adds 1 to every action boosted by Heal.",
    "armour": "A hero in this room has +1 Defence.",
    "foresight": "A hero who Prepares in this room draws 1 more fate card, and may keep 1 more.",
    "hero": "A hero who Moves from this room has 1 more movement point.",
}


def shrine(kind: str) -> str:
    return SHRINES[kind]


# -- whispers --------------------------------------------------------------------------------------------------


def _place(place: Place) -> str:
    if place.kind == "lair":
        return f"in {'an' if place.enemy == 'undead' else 'a'} {TYPE_WORDS[place.enemy or 'beast']} lair"
    if place.kind == "shrine":
        shrine = (place.shrine or "").capitalize()
        return f"at {'an' if shrine[:1] in 'AEIOU' else 'a'} {shrine} shrine"
    return {
        "shard": "in a Shadow Shard room",
        "start": "in a starting room",
        "centre": "in the centre room",
        "treasure": "in a room with a treasure spot",
    }[place.kind]


def _holding(need: Need) -> str:
    what = {"trophy": "Trophy", "treasure": "Treasure", "equipment": "equipment card"}[need.kind]
    if need.kind == "equipment" and need.slot:
        return held(need.count, need.slot)
    kind = TYPE_WORDS[need.enemy] + " " if need.enemy else ""
    return held(need.count, kind + what)


def whisper(row: Whisper) -> str:
    """Where and with what a whisper is claimed (a claim is a turn's one claim), and what it is worth."""
    kinds = {need.kind for need in row.needs}
    held = " and ".join(_holding(n) for n in row.needs if n.kind not in ("lord", "search"))
    where = _place(row.place) if row.place else ""
    if "lord" in kinds:
        rule = "Slay the Dungeon Lord and it is yours at once."
    elif "search" in kinds:
        rule = f"Claim it in a turn in which you have searched {where.removeprefix('in ').removeprefix('at ')}."
    elif held and where:
        rule = f"Claim it {where} while you hold {held}."
    elif held:
        rule = f"Claim it anywhere while you hold {held}."
    else:
        rule = f"Claim it while you stand {where}."
    return f"{rule} Worth {count(row.shards, 'Shadow Shard')}."
