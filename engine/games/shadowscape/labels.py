"""How a Shadowscape decision reads in the picker: a short label (at most 100 characters) and its group (the
card it uses, or the kind of decision), so a long list splits into readable sections."""

from __future__ import annotations

from ...core import LABEL_LIMIT, Choice
from . import area
from .keys import ShadowAction
from .model import ShadowState
from .powers import enemy_name, hero_name, seat_of
from .tables import TABLES
from .wounds import HERO


def describe_action(state: ShadowState, seat: int, action: ShadowAction) -> Choice:
    label, group = _label(state, seat, action)
    if len(label) > LABEL_LIMIT:
        label = label[: LABEL_LIMIT - 1] + "…"
    return Choice(action.key, label, group)


def _boost_words(action: ShadowAction) -> str:
    if not action.boosts:
        return ""
    return " + " + ", ".join(TABLES.fate[c].name for c in action.boosts)


def _card(state: ShadowState, seat: int, card: str) -> str:
    return area.face(state.hero(seat).card(card)).name


def target_label(state: ShadowState, target: str) -> str:
    """A target as a player reads it: a hero's or an enemy's name, a treasure, a card, a room."""
    if target.startswith("s") and target[1:].isdigit():
        return hero_name(state, seat_of(target))
    if ">" in target:
        thing, _, room = target.partition(">")
        who = hero_name(state, seat_of(thing)) if thing.startswith("s") and thing[1:].isdigit() else enemy_name(thing)
        return f"{who} → {room}"
    if target in TABLES.enemies or target == "lord":
        return enemy_name(target)
    if target in TABLES.treasures:
        return f"treasure (Search {TABLES.treasures[target].search})"
    if target in TABLES.actions:
        return area.face(state.hero(state.active).card(target)).name if state.phase == "action" else target
    return target


def _spots_label(state: ShadowState, seat: int, action: ShadowAction) -> str:
    """``Wounds on your hero card and Skullsplitter`` / ``Remove the Wounds on Skullsplitter``."""
    pending = state.pending
    owner = pending.patient if action.kind == "mn" and pending is not None and pending.patient >= 0 else seat
    spots = action.a.split(".")
    words = []
    for spot in dict.fromkeys(spots):
        times = spots.count(spot)
        what = "the hero card" if spot == HERO else _card(state, owner, spot)
        words.append(what if times == 1 else f"{what} ({times})")
    joined = ", ".join(words)
    return f"Remove the Wounds on {joined}" if action.kind == "mn" else f"Wounds on {joined}"


def _label(state: ShadowState, seat: int, action: ShadowAction) -> tuple[str, str | None]:
    kind = action.kind
    if kind == "hero":
        hero = TABLES.heroes[action.a]
        flips = f", cards {', '.join(action.b)} turned" if action.b else ""
        return f"{hero.name} ({hero.profession}){flips}", hero.name
    if kind == "start":
        return f"Start in {action.a}", None
    if kind == "mv":
        return f"Move to {action.b} using {_card(state, seat, action.a)}{_boost_words(action)}", "Move"
    if kind in ("at", "se", "he", "sp", "pr"):
        verb = {"at": "Attack", "se": "Search", "he": "Heal", "sp": "Use", "pr": "Prepare with"}[kind]
        target = f" → {target_label(state, action.b)}" if action.b else ""
        name = _card(state, seat, action.a)
        return f"{verb} {name}{target}{_boost_words(action)}", name
    if kind == "cl":
        if action.a in TABLES.whispers:
            whisper = TABLES.whispers[action.a]
            return f"Claim the whisper {whisper.name} ({whisper.shards} shards)", "Claim"
        if action.a in TABLES.equipment:
            return f"Claim {TABLES.equipment[action.a].name} for a treasure", "Claim"
        trophy = enemy_name(action.b)
        return f"Claim {TABLES.actions[action.a].faces[0].name} for your {trophy} trophy", "Claim"
    if kind == "af":
        target = f" → {target_label(state, action.b)}" if action.b else ""
        return f"Alter Fate: {TABLES.fate[action.a].name}{target}", "Alter Fate"
    if kind == "end":
        return ("End your turn without an Enemy Phase", None) if action.a == "rest" else ("End your Action Phase", None)
    if kind == "def":
        return (f"Defend{_boost_words(action)}" if action.boosts else "Defend without fate cards"), None
    if kind in ("wd", "mn"):
        return _spots_label(state, seat, action), None
    if kind == "hit":
        return f"{enemy_name(action.a).capitalize()} attacks {target_label(state, action.b)}", None
    if kind == "drop":
        if action.boosts:
            return "Discard " + ", ".join(TABLES.fate[c].name for c in action.boosts), None
        return f"Give up the {target_label(state, action.a)}", None
    return "Put back: " + ", ".join(TABLES.fate[c].name for c in action.boosts), None
