"""How Metamorph's decisions read in the picker: a label per action, and the steps of the longer stages.

A move, a Morph or a Teleport is decided in stages (keys.py): the mode, then the hex, then the facing; the spell,
then its target. Most stages fit one select; the picker's own steps (``steps``) split the two long ones: a hex
(grouped by direction from the wizard when there are more than a select holds) and a shape (its class region of
the chart first). Path fragments are short, so a picker's custom id stays under 100.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import STEP_LIMIT, Choice, Step
from ...errors import MalformedKey
from ...geometry.hexes import DIRECTION_NAMES, Hex, sector
from .actions import SEAT_SLUGS
from .board import hex_name, parse_hex
from .keys import FACING_WORDS, FACINGS, MetaAction
from .model import (
    FLIGHT_CHANGE_DAMAGE,
    MODE_NAMES,
    SCHOOL_BY_SLUG,
    SEAT_NAMES,
    SHAPE_BY_SLUG,
    MetaState,
    article,
    morph_cost,
)
from .tables import CLASS_NAMES, SCHOOL_NAMES, TABLES, chart_distance

VERBS = {"L": "Walk", "W": "Swim", "A": "Fly"}  # a move's verb by its mode


def target_name(state: MetaState, target: str) -> str:
    if target in SEAT_SLUGS:
        return SEAT_NAMES[SEAT_SLUGS.index(target)]
    return state.artifact(target).name


def is_plain(action: MetaAction) -> bool:
    """Whether the action's label depends on the action alone (a move or a stage of one, a Teleport, ``back``),
    so it can be made once."""
    return action.kind in ("move", "back") or (action.kind == "cast" and action.a == "teleport")


def plain_label(action: MetaAction) -> tuple[str, str]:
    """The label and group of a move or a Teleport (``is_plain``): the same whoever acts and from wherever."""
    if action.kind == "back":
        return "← Back", "Other"
    if action.kind == "cast":
        teleport = TABLES.spells["teleport"]
        if not action.b:
            return f"{teleport.name}… ({teleport.level} mana)", "Spell"
        return f"{teleport.name} → {action.b}", "Spell"
    verb = VERBS[action.a]
    if not action.b:
        return f"{verb}…", "Move"
    if not action.c and action.b != "off":
        return f"{verb} to {action.b}…", f"Move by {MODE_NAMES[action.a]}"
    if action.b == "off":
        return f"{verb} off the map", f"Move by {MODE_NAMES[action.a]}"
    return f"{verb} to {action.b}, facing {FACING_WORDS[FACINGS.index(action.c)]}", f"Move by {MODE_NAMES[action.a]}"


def in_place(state: MetaState, seat: int, action: MetaAction) -> tuple[str, str] | None:
    """The label and group of a move that ends where the wizard stands (a turn in place), which the plain label
    would call a move "to" its own hex; ``None`` for any other action."""
    if action.kind != "move" or not action.c or action.b != hex_name(state.wizard(seat).hex):  # type: ignore[arg-type]
        return None
    word = FACING_WORDS[FACINGS.index(action.c)]
    lands = state.wizard(seat).flying and action.a != "A"
    return f"{'Land and turn' if lands else 'Turn in place'} to face {word}", f"Move by {MODE_NAMES[action.a]}"


def label(state: MetaState, seat: int, action: MetaAction) -> tuple[str, str]:
    """The label and picker group of a legal action."""
    wizard = state.wizard(seat)
    kind = action.kind
    if kind == "school":
        if action.a not in SCHOOL_BY_SLUG:
            return "Study no school (every shape costs what it says)", "School"
        return f"Study the {SCHOOL_NAMES[SCHOOL_BY_SLUG[action.a]]} school", "School"
    if is_plain(action):
        return plain_label(action)
    if kind == "cast":
        spell = TABLES.spells[action.a]
        if spell.id == "morph":
            if not action.b:
                flight = f", {FLIGHT_CHANGE_DAMAGE} damage in flight" if wizard.flying else ""
                return f"Morph… ({morph_cost(wizard)} mana{flight})", "Spell"
            return morph_label(wizard.shape, action.b, morph_cost(wizard), wizard.flying), "Spell"
        if action.b:
            return f"{spell.name} → {target_name(state, action.b)} ({spell.level} mana)", "Spell"
        return f"{spell.name} ({spell.level} mana)", "Spell"
    if kind == "special":
        if action.a == "pickup":
            return f"Pick up {target_name(state, action.b)}", "Special"
        special = TABLES.specials[action.a]
        target = f" → {target_name(state, action.b)}" if action.b else ""
        return f"{special.name}{target} ({special.cost} mana)", "Special"
    if kind == "attack":
        strike = TABLES.specials[action.b] if action.b else None
        with_what = f" with {strike.name} ({strike.cost} mana)" if strike else ""
        return f"Attack {target_name(state, action.a)}{with_what}", "Attack"
    if kind == "drop":
        return f"Put down {target_name(state, action.a)}", "Other"
    if kind == "rise":
        return ("Climb high (takes the move)" if action.a == "up" else "Descend (takes the move)"), "Move"
    return ("Land" if kind == "land" else "End the turn"), "Other"


def stage_prompt(state: MetaState) -> str | None:
    """The question a picked stage asks (``None`` with nothing picked)."""
    if not state.pending:
        return None
    pending = MetaAction(*state.pending)  # type: ignore[arg-type]
    if pending.kind == "cast":
        return "Morph into which shape?" if pending.a == "morph" else "Teleport to which hex?"
    verb = VERBS[pending.a]
    if pending.b == hex_name(state.wizard(state.active).hex):  # type: ignore[arg-type]
        return f"Turn in place at {pending.b}: facing which way?"
    return f"{verb} to {pending.b}: facing which way?" if pending.b else f"{verb} to which hex?"


def morph_label(shape: str, target: str, cost: int, flying: bool) -> str:
    """A Morph's label: the words depend on the shape, the target, the cost and whether it is cast in flight
    alone. In flight it says so: the change deals 4 damage first."""
    into = SHAPE_BY_SLUG[target]
    turns = chart_distance(shape, into) if TABLES.shapes[shape].cell else 1
    plural = "s" if turns > 1 else ""
    flight = f", {FLIGHT_CHANGE_DAMAGE} damage in flight" if flying else ""
    return f"Morph into {article(into)} ({turns} turn{plural}, {cost} mana{flight})"


def steps(state: MetaState, seat: int, offered: Sequence[MetaAction], path: tuple[str, ...]) -> Step | str | None:
    """The picker's steps for the two long stages, a hex and a shape (``None`` for any other: it fits a select,
    or the generic sections split it by group)."""
    if not state.pending or len(state.pending) > 2:
        return None
    back = Choice("back", "← Back")
    if path == ("back",):
        return "back"
    if state.pending == ("cast", "morph"):
        return _morph_steps(state, seat, [a for a in offered if a.kind == "cast"], path, back)
    prompt = stage_prompt(state) or "Which hex?"
    return _hex_steps(state, seat, [a for a in offered if a.kind != "back"], path, back, prompt)


def _morph_steps(
    state: MetaState, seat: int, shapes: list[MetaAction], path: tuple[str, ...], back: Choice
) -> Step | str:
    """Morph: the class region of the chart, then the shape."""
    if not path:
        classes = dict.fromkeys(TABLES.shapes[SHAPE_BY_SLUG[a.b]].shape_class for a in shapes)
        options = (*(Choice(c.lower(), CLASS_NAMES[c]) for c in classes), back)
        return Step("Morph into which shape? Pick its class.", options)
    members = [a for a in shapes if TABLES.shapes[SHAPE_BY_SLUG[a.b]].shape_class.lower() == path[0]]
    if len(path) == 1 and members:
        return Step("Morph into which shape?", tuple(Choice(a.b, label(state, seat, a)[0]) for a in members))
    picked = [a for a in members if len(path) == 2 and a.b == path[1]]
    if not picked:
        raise MalformedKey("That shape isn't on offer any more.")
    return picked[0].key


def _hex_steps(  # noqa: PLR0917 (the stage's actions, the path so far, and how its steps read)
    state: MetaState, seat: int, actions: list[MetaAction], path: tuple[str, ...], back: Choice, prompt: str
) -> Step | str:
    """A hex to move or teleport to, grouped by direction from the wizard (a group per direction, split by
    distance when a direction holds more than a select) when they are more than a select holds."""
    origin = state.wizard(seat).hex
    assert origin is not None
    by_hex = {action.b: action for action in actions}
    off = by_hex.pop("off", None)
    extras = [Choice("off", "Leave the map")] if off is not None else []
    extras.append(back)
    if path == ("off",) and off is not None:
        return off.key
    groups = _groups(origin, list(by_hex), room=len(extras))
    names = groups[0][1]
    if len(groups) > 1:
        if not path:
            options = [Choice(f"~{i}", title) for i, (title, _) in enumerate(groups)]
            return Step(f"{prompt} Pick a direction.", (*options, *extras))
        head = path[0]
        if not (head.startswith("~") and head[1:].isdigit() and int(head[1:]) < len(groups)):
            raise MalformedKey("That direction isn't on offer any more.")
        names, path, extras = groups[int(head[1:])][1], path[1:], []
    if not path:
        options = [Choice(n, _hex_words(n, origin)) for n in names]
        return Step(prompt, (*options, *extras))
    if len(path) != 1 or path[0] not in names:
        raise MalformedKey("That hex isn't on offer any more.")
    return by_hex[path[0]].key


def _hex_words(name: str, origin: Hex) -> str:
    """A hex option: how far it is, or that it is where the wizard stands (a move there only turns it)."""
    away = parse_hex(name).distance(origin)
    return f"{name} (here: turn in place)" if away == 0 else f"{name} ({away} away)"


def _groups(origin: Hex, names: list[str], *, room: int) -> list[tuple[str, list[str]]]:
    """Hex names in select-sized groups: all at once if they fit beside ``room`` other options, else by
    direction, then by distance."""
    if len(names) <= STEP_LIMIT - room:
        return [("", names)]
    here = [n for n in names if parse_hex(n) == origin]
    by_direction: dict[int, list[str]] = {}
    for name in names:
        hex_ = parse_hex(name)
        if hex_ != origin:
            by_direction.setdefault(sector(origin, hex_), []).append(name)
    groups: list[tuple[str, list[str]]] = []
    if here:
        groups.append(("Stay here (turn in place)", here))
    for direction in sorted(by_direction):
        for chunk in _rings(origin, by_direction[direction]):
            near, far = parse_hex(chunk[0]).distance(origin), parse_hex(chunk[-1]).distance(origin)
            span = f"{near} hex" if near == far == 1 else f"{near} hexes" if near == far else f"{near}–{far} hexes"
            groups.append((f"{DIRECTION_NAMES[direction].capitalize()}, {span}", chunk))
    return groups


def _rings(origin: Hex, names: list[str]) -> list[list[str]]:
    """``names`` nearest first, in select-sized groups that never split a distance between two of them (two
    groups both reading "4 hexes" would leave a player hunting in both), unless one distance alone is too
    many for a select."""
    rings: dict[int, list[str]] = {}
    for name in names:
        rings.setdefault(parse_hex(name).distance(origin), []).append(name)
    chunks: list[list[str]] = []
    current: list[str] = []
    for away in sorted(rings):
        ring = rings[away]
        if current and len(current) + len(ring) > STEP_LIMIT:
            chunks.append(current)
            current = []
        while len(current) + len(ring) > STEP_LIMIT:
            chunks.append(ring[:STEP_LIMIT])
            ring = ring[STEP_LIMIT:]
        current += ring
    return [*chunks, current] if current else chunks
