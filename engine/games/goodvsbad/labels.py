"""How Good vs Bad's decisions read: a label and a picker group per key, the prompt, and the purchase built in
steps (Agility, then Might, then Smarts, then the Special), since 1,001 purchases fit no select."""

from __future__ import annotations

from ...clocks import plural
from ...core import Choice, Step
from ...errors import MalformedKey
from .board import CROSSROADS, is_encounter, layout, parse_space
from .encounters import seen_card
from .model import DEALT_FOR_BUYING, KINDS, SEAT_NAMES, GvbState
from .spaces import SPECIAL_NAMES
from .tables import TABLES

STAT_NAMES = ("Agility", "Might", "Smarts", "Special")


def place_name(state: GvbState, place: str) -> str:
    """``0.7`` → "North Road 7 (Encounter)"; ``h1`` → "Blue's Home Base"; ``x`` → "the Crossroads"."""
    return board_place_name(len(state.players), place)


def board_place_name(players: int, place: str) -> str:
    """``place_name`` on a board of ``players`` (what a renderer, which sees views, not states, can ask)."""
    if place == CROSSROADS:
        return "the Crossroads"
    found = parse_space(place)
    if found is None:
        return f"{SEAT_NAMES[int(place[1:])]}'s Home Base"
    connector, position = found
    road = layout(players, SEAT_NAMES)[connector].name
    return f"{road} {position}{' (Encounter)' if is_encounter(position) else ''}"


def purchase_label(numbers: str) -> str:
    """``3.2.1.2`` → "Buy Agility +3, Might +2, Smarts +1, Special +2; keep 2 cards" (the same in every match)."""
    counts = [int(n) for n in numbers.split(".")]
    bought = ", ".join(f"{STAT_NAMES[i]} +{n}" for i, n in enumerate(counts) if n) or "nothing"
    return f"Buy {bought}; keep {plural(DEALT_FOR_BUYING - sum(counts), 'card')}"


def label(state: GvbState, key: str) -> tuple[str, str]:
    """The label and group of a legal key."""
    kind, _, rest = key.partition(":")
    if kind == "name":
        return f"Name your Special: {rest.title()}", "Special"
    if kind == "buy":
        return purchase_label(rest), "Buy"
    if kind == "roll":
        return "Roll 2d6", "Turn"
    if kind == "first":
        return f"Move your {rest.title()} first", "Turn"
    if kind == "go":
        return ("Stay still on the Fortification" if rest == "stay" else f"Move to {place_name(state, rest)}"), "Move"
    if kind == "lay":
        item_id, _, piece = rest.partition(":")
        return f"Lay {TABLES.items[item_id].name} with your {piece.title()}", "Items"
    if kind == "prophecy":
        piece, _, home = rest.partition(":")
        seat, which = divmod(int(piece), 2)
        return f"Prophecy: {SEAT_NAMES[seat]}'s {KINDS[which].title()} to {place_name(state, home)}", "Items"
    if kind == "event":
        parts = rest.split(":")
        name = TABLES.events[parts[0]].name
        if parts[0] == "teleport":
            return f"{name}: {SEAT_NAMES[int(parts[1])]}'s Hero and Villain swap", "Events"
        target = f" on {place_name(state, parts[1])}" if parts[0] in ("goodness", "badness") else ""
        special = f" → {SPECIAL_NAMES[parts[-1]]}" if parts[-1] in SPECIAL_NAMES and len(parts) > 1 else ""
        return f"Play {name}{target}{special}", "Events"
    if kind == "escape":
        return ("Try to flee the Supervillain (5 or 6 on a die)" if rest == "flee" else "Stand and duel"), "Duel"
    if kind == "rally":
        return ("Rally the Villains on this road" if rest == "call" else "Face the Protector alone"), "Duel"
    if kind == "help":
        if rest == "alone" and state.pending is not None and "call" not in state.pending.options:
            return "Fight it", "Encounter"
        words = {"call": "Call for help", "alone": "Fight it alone", "join": "Join the fight", "decline": "Stay away",
                 "aside": "Stand aside"}  # fmt: skip
        return words[rest], "Encounter"
    if kind == "answer":
        return ("Let it stand" if rest == "pass" else "Play a Negation"), "Answer"
    if kind == "discard":
        card = TABLES.items.get(rest) or TABLES.events[rest]
        return f"Discard {card.name}", "Hand"
    if kind == "wave":
        assert state.pending is not None and state.pending.spaces, "a Wave's Special is named for a space"
        return f"Make {place_name(state, state.pending.spaces[0])} a Special: {SPECIAL_NAMES[rest]}", "Space"
    if kind == "raise":
        if rest == "keep":
            return "Leave the space as it is", "Space"
        special = rest.partition(":")[2]
        return (f"Make it a Special: {SPECIAL_NAMES[special]}" if special else "Raise the space a level"), "Space"
    if kind == "home":
        return ("Draw an Event card" if rest == "event" else "Raise your Special by 1"), "Home"
    if kind == "nudge":
        return ("Stay here" if rest == "stay" else f"Move on to {place_name(state, rest)}"), "Space"
    if kind == "worse":
        return f"Be dragged to {place_name(state, rest)}", "Space"
    if kind == "reroll":
        return ("Roll again and move again" if rest == "reroll" else "Stay here"), "Space"
    if kind == "stat":
        return f"Raise {rest.title()} by 1 for good", "Space"
    if kind == "duel":
        return f"Duel in {rest.title()}", "Duel"
    if kind == "flee":
        return ("Try to flee (5 or 6 on a die)" if rest == "flee" else "Fight it"), "Encounter"
    raise MalformedKey(f"{key!r} isn't a Good vs Bad move.")


def prompt(state: GvbState, seat: int) -> str:
    """What ``seat`` is deciding now."""
    if state.stage == "name":
        return "Name your Special."
    if state.stage == "buy":
        return f"Buy stats with the {DEALT_FOR_BUYING} Item cards you were dealt face down (in secret)."
    seen = seen_card(state)
    if state.call is not None:
        caller = state.pieces[state.call.hero]
        against = "the Protector" if state.call.challenger >= 0 else card_text(seen) if seen else "an Encounter"
        return f"{SEAT_NAMES[caller.seat]}'s {caller.kind.title()} calls for help against {against}: join the fight?"
    if state.window is not None:
        card = TABLES.events[state.window.key.split(":")[1]].name
        against = "a Negation against " if state.window.negations else ""
        return f"{SEAT_NAMES[state.window.against]} played {against}{card}: let it stand, or play a Negation?"
    pending = state.pending
    if pending is None or pending.kind == "roll":
        return "Your turn: play cards, or roll 2d6."
    if pending.kind == "order":
        return f"You rolled {state.roll}: which piece moves first?"
    if pending.kind == "wave":
        where, more = place_name(state, pending.spaces[0]), len(pending.spaces) - 1
        after = f" ({plural(more, 'more space')} to name after it)" if more else ""
        return f"Your Wave makes {where} a Special{after}: which one?"
    if pending.piece < 0:
        return "Your decision."
    piece = state.pieces[pending.piece]
    yours = f"Your {piece.kind.title()}"
    if pending.kind == "path":
        steps = max(map(len, pending.paths), default=state.roll)  # a Trap may cut some walks short; "stay" is none
        return f"{yours} moves {steps} from {place_name(state, piece.place)}: where does it go?"
    if seen:
        choices = "fight it, call the Heroes on this road, or" if "call" in pending.options else "fight it or"
        where = place_name(state, piece.place)
        return f"{yours}, on {where}, meets {card_text(seen)}: {choices} stand aside?"
    return f"{yours}, on {place_name(state, piece.place)}: {_PROMPTS.get(pending.kind, 'your decision.')}"


def card_text(card_id: str) -> str:
    """An Encounter card as a player weighs it, its printed rules whole: "Bog Wisp (E: Agility against 9;
    beaten: +2 Renown; if it wins: 1 damage to each piece that fought)"."""
    card = TABLES.encounters[card_id]
    return f"{card.name} ({card.deck}: {card.rules_text})"


_PROMPTS = {
    "raise": "raise this space a level?",
    "home": "you are home.",
    "nudge": "this Good space lets you move on, or stay.",
    "worse": "this Bad space drags you: where to?",
    "reroll": "this Good space lets you roll again.",
    "stat": "which stat does the Training Ground raise?",
    "duel": "a duel! Which stat do you fight with?",
    "flee": "flee the Encounter, or fight it?",
    "help": "call the Heroes on this road to help against the Encounter, or fight it alone?",
    "escape": "the Supervillain! Flee, or stand and duel?",
    "rally": "the Protector! Rally the Villains on this road against it?",
    "discard": "your hand is over the limit: discard a card.",
}


def purchase_steps(path: tuple[str, ...]) -> Step | str:
    """The purchase in four steps: cards for Agility, Might, Smarts, then the Special (what is left caps each)."""
    spent = sum(int(n) for n in path)
    if len(path) == 4:
        return "buy:" + ".".join(path)
    left = DEALT_FOR_BUYING - spent
    stat = STAT_NAMES[len(path)]
    options = tuple(Choice(str(n), f"{stat} +{n} ({plural(left - n, 'card')} left)") for n in range(left + 1))
    return Step(f"How many of your unseen cards do you spend on {stat}?", options)
