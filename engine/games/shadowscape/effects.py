"""The vocabulary of Shadowscape's effects: every effect id a data file may name, where it may appear, and
what it does in our words. The rules implement each id as code; the content test proves that every id in
the data is listed here and used where it belongs.

Parameters come from the row's ``Effect``: ``amount`` (a number), ``symbol`` (a boost symbol), ``enemy`` (an
enemy type) and ``skill`` (a skill symbol). "Where" is one or more of: ``hero`` (a hero's ability, never
disabled), ``action`` (an action card face: a special action, or a rider on another action), ``coop`` (a fate
card's green text), ``bane`` (a fate card's red text), ``equipment``, ``enemy`` (a Regular Enemy card of the
advanced game) and ``lord`` (a Dungeon Lord side).
"""

from __future__ import annotations

from dataclasses import dataclass

Where = str


@dataclass(frozen=True)
class Meaning:
    """Where an effect may appear and which parameters it reads; its words are in ``texts.py``."""

    where: tuple[Where, ...]
    params: tuple[str, ...]
    text: str = ""  # a note for whoever writes content: what the code does (players read ``texts.py``)


VOCABULARY: dict[str, Meaning] = {
    # -- the active hero's own play -----------------------------------------------------------------------
    "free_symbol": Meaning(
        ("hero", "equipment"), ("symbol", "amount"), "Once per turn, generate `amount` of `symbol` without a card."
    ),
    "extra_move": Meaning(("hero", "equipment"), ("amount",), "Move actions generate `amount` more movement."),
    "defence_bonus": Meaning(
        ("hero", "equipment"),
        ("amount", "enemy"),
        "+`amount` Defence when attacked (only by `enemy` enemies, if given; by the Dungeon Lord too if not).",
    ),
    "trophy_draw": Meaning(
        ("hero", "equipment"), ("amount",), "When you eliminate an enemy, draw `amount` fate cards."
    ),
    "reach_adjacent": Meaning(
        ("hero", "equipment"),
        ("symbol",),
        "Your actions boosted by `symbol` (attacks, magic or searches) may target an adjacent room.",
    ),
    "slip_past": Meaning(
        ("hero", "equipment"), (), "Once per turn, entering a room with enemies does not stop your move."
    ),
    "hand_bonus": Meaning(("hero", "equipment"), ("amount",), "+`amount` Hand Size when you Prepare."),
    "skill_bonus": Meaning(("hero", "equipment"), ("skill",), "Counts as one more `skill` symbol in your Hero Area."),
    "mend_on_prepare": Meaning(("hero", "equipment"), ("amount",), "When you Prepare, also remove `amount` Wounds."),
    "treasure_eye": Meaning(("hero", "equipment"), ("amount",), "Your searches generate `amount` more points."),
    "bane_ward": Meaning(("hero", "equipment"), (), "Red (Bane) texts played by rivals cannot target you."),
    "overkill_draw": Meaning(
        ("hero",), (), "When an attack deals at least 2 more than the target's Defence, draw 1 fate card."
    ),
    # -- riders and special actions on action cards ---------------------------------------------------------
    "draw": Meaning(("action", "coop"), ("amount",), "Draw `amount` fate cards."),
    "draw_to_hand": Meaning(("action",), ("amount",), "Draw `amount` fate cards, then discard down to your Hand Size."),
    "sweep": Meaning(("action",), (), "The attack deals its full damage to every enemy in the target room."),
    "shove": Meaning(("action", "coop"), (), "Move one enemy in your room to an adjacent room of your choice."),
    "blink": Meaning(("action",), ("amount",), "Move to any room up to `amount` rooms away, ignoring enemies."),
    "mend_ally": Meaning(
        ("action", "coop"), ("amount",), "Remove up to `amount` Wounds from one hero in your room (you included)."
    ),
    "ready_card": Meaning(("action",), (), "Ready one of your other exhausted action cards (it may be used again)."),
    "foresee": Meaning(
        ("action", "coop"), ("amount",), "Look at the top `amount` fate cards and put them back in any order."
    ),
    "pierce": Meaning(("action",), ("amount",), "The target's Defence counts as `amount` less for this attack."),
    "mend_self": Meaning(
        ("action",), ("amount",), "After the action, remove up to `amount` Wounds from your Hero Area."
    ),
    "loot": Meaning(
        ("action",), (), "If this attack eliminates its target, you may also take a Treasure in that room."
    ),
    "guard": Meaning(("action",), ("amount",), "Until your next turn, +`amount` Defence for every hero in your room."),
    # -- fate cards: green (cooperative) ---------------------------------------------------------------------
    "mend_any": Meaning(("coop",), ("amount",), "One hero anywhere removes up to `amount` Wounds."),
    "stun": Meaning(
        ("coop", "bane"), (), "One enemy does not activate in the coming Enemy Phase (in a bane: an enemy you choose)."
    ),
    "haste": Meaning(("coop",), ("amount",), "Move one hero up to `amount` rooms (enemies stop it as usual)."),
    "weaken": Meaning(("coop",), ("amount",), "One enemy's Defence is `amount` lower until the end of the turn."),
    "delay_fate": Meaning(("coop",), (), "Put the top card of the fate discard pile at the bottom of the fate deck."),
    "bolster": Meaning(("coop",), ("amount",), "Every hero gets +`amount` Defence until your next turn."),
    # -- fate cards: red (competitive, Bane) ----------------------------------------------------------------
    "curse_wound": Meaning(
        ("bane",), ("amount",), "A rival hero in a room with an enemy takes `amount` damage (Defence applies)."
    ),
    "lure": Meaning(("bane",), (), "Move one enemy to an adjacent room that holds a rival hero."),
    "summon": Meaning(("bane",), ("enemy",), "Place an enemy token of type `enemy` in an empty room."),
    "rob": Meaning(
        ("bane",), (), "A rival in your room discards one Treasure token of their choice (back into the pile)."
    ),
    "drain": Meaning(("bane",), ("amount",), "A rival discards `amount` fate cards at random."),
    "collapse": Meaning(
        ("bane",), (), "A rival in an empty-of-enemies room may not leave it with their next Move action."
    ),
    # -- Regular Enemy cards (advanced game) ---------------------------------------------------------------
    "armoured": Meaning(("enemy", "lord"), ("amount",), "Attacks boosted by might deal `amount` less to it."),
    "warded": Meaning(("enemy", "lord"), ("amount",), "Magic attacks deal `amount` less to it."),
    "pack": Meaning(("enemy",), (), "+1 attack for each other enemy of its type in its room."),
    "venom": Meaning(("enemy", "lord"), (), "A hero it wounds also discards 1 fate card."),
    "swift": Meaning(("enemy",), (), "It follows its door symbols twice."),
    "ambush": Meaning(("enemy",), (), "It attacks a hero who enters its room, at once (once per turn)."),
    "regrow": Meaning(
        ("enemy",), (), "When it is eliminated (a Trophy as usual), a new enemy of its type spawns on an empty Lair."
    ),
    "fearsome": Meaning(("enemy", "lord"), (), "A hero in its room cannot boost Defence."),
    "skulk": Meaning(("enemy",), (), "It does not stop for heroes in range while it still has symbols to follow."),
    # -- Dungeon Lords ---------------------------------------------------------------------------------------
    "double_strike": Meaning(("lord",), (), "It attacks twice: two heroes in its room, or one hero twice."),
    "sweep_room": Meaning(("lord",), (), "Its attack hits every hero in its room."),
    "call_minions": Meaning(
        ("lord",), ("enemy",), "Each Enemy Phase, an enemy of type `enemy` spawns in the centre room if none is there."
    ),
    "dark_ward": Meaning(("lord",), ("amount",), "It removes `amount` damage from itself at each Enemy Phase."),
    "dread_reach": Meaning(("lord",), (), "It attacks heroes in adjacent rooms as well as its own."),
    # -- equipment only --------------------------------------------------------------------------------------
    "extra_damage": Meaning(
        ("equipment",), ("amount", "symbol"), "Your actions boosted by `symbol` deal `amount` more."
    ),
    "second_weapon": Meaning(
        ("equipment",), (), "A second weapon: when you hold two, your first attack each turn deals 1 more."
    ),
}


def misplaced(effect_id: str, where: Where) -> str | None:
    """Why ``effect_id`` may not appear ``where`` (``None`` if it may)."""
    meaning = VOCABULARY.get(effect_id)
    if meaning is None:
        return f"{effect_id}: no such effect"
    if where not in meaning.where:
        return f"{effect_id}: not for {where} (only {', '.join(meaning.where)})"
    return None
