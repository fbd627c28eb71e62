"""How Metamorph's decisions read in the picker: a label per action, and the steps a turn is built in.

Steps: what to do (move, cast, special, attack, or a one-click declaration); for a move, the mode, then the
destination (grouped by direction from the wizard when there are more than a select holds), then the facing;
for a spell or a special, its target. Path fragments are short, so a picker's custom id stays under 100.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core import STEP_LIMIT, Choice, Step
from ...errors import MalformedKey
from ...geometry.hexes import DIRECTION_NAMES, Hex, sector
from .actions import SEAT_SLUGS
from .board import hex_name, parse_hex
from .keys import FACING_WORDS, FACINGS, MetaAction
from .model import FLIGHT_CHANGE_DAMAGE, MODE_NAMES, SCHOOL_BY_SLUG, SEAT_NAMES, SHAPE_BY_SLUG, MetaState, article
from .tables import SCHOOL_NAMES, TABLES, chart_distance

TOP = {"move": "m", "cast": "c", "special": "s", "attack": "a"}
TOP_LABELS = {"m": "Move…", "c": "Cast a spell…", "s": "Use a special…", "a": "Attack hand to hand…"}


def target_name(state: MetaState, target: str) -> str:
    if target in SEAT_SLUGS:
        return SEAT_NAMES[SEAT_SLUGS.index(target)]
    return state.artifact(target).name


def is_plain(action: MetaAction) -> bool:
    """Whether the action's label depends on the action alone (a move, a Teleport), so it can be made once."""
    return action.kind == "move" or (action.kind == "cast" and action.a == "teleport")


def plain_label(action: MetaAction) -> tuple[str, str]:
    """The label and group of a move or a Teleport (``is_plain``): the same whoever acts and from wherever."""
    if action.kind == "cast":
        return f"{TABLES.spells['teleport'].name} → {action.b}", "Spell"
    verb = {"L": "Walk", "W": "Swim", "A": "Fly"}[action.a]
    if action.b == "off":
        return f"{verb} off the map", f"Move by {MODE_NAMES[action.a]}"
    return f"{verb} to {action.b}, facing {FACING_WORDS[FACINGS.index(action.c)]}", f"Move by {MODE_NAMES[action.a]}"


def label(state: MetaState, seat: int, action: MetaAction) -> tuple[str, str]:
    """The label and picker group of a legal action."""
    wizard = state.wizard(seat)
    kind = action.kind
    if kind == "school":
        return f"Study the {SCHOOL_NAMES[SCHOOL_BY_SLUG[action.a]]} school", "School"
    if is_plain(action):
        return plain_label(action)
    if kind == "cast":
        spell = TABLES.spells[action.a]
        if spell.id == "morph":
            shape = SHAPE_BY_SLUG[action.b]
            turns = chart_distance(wizard.shape, shape) if wizard.body.cell else 1
            cost = 1 + wizard.damage + (FLIGHT_CHANGE_DAMAGE if wizard.flying else 0)
            plural = "s" if turns > 1 else ""
            return f"Morph into {article(shape)} ({turns} turn{plural}, {cost} mana)", "Spell"
        if action.b:
            return f"{spell.name} → {action.b if spell.id == 'teleport' else target_name(state, action.b)}", "Spell"
        return f"{spell.name} ({spell.level} mana)", "Spell"
    if kind == "special":
        if action.a == "pickup":
            return f"Pick up {target_name(state, action.b)}", "Special"
        special = TABLES.specials[action.a]
        target = f" → {target_name(state, action.b)}" if action.b else ""
        return f"{special.name}{target} ({special.cost} mana)", "Special"
    if kind == "attack":
        strike = f" with {TABLES.specials[action.b].name}" if action.b else ""
        return f"Attack {target_name(state, action.a)}{strike}", "Attack"
    if kind == "drop":
        return f"Put down {target_name(state, action.a)}", "Other"
    if kind == "rise":
        return ("Climb high (takes the move)" if action.a == "up" else "Descend (takes the move)"), "Move"
    return ("Land" if kind == "land" else "End the turn"), "Other"


def steps(state: MetaState, seat: int, legal: Sequence[MetaAction], path: tuple[str, ...]) -> Step | str:
    """The next step after ``path`` among ``legal``, or the whole key ``path`` completes."""
    if not path:
        return _top(state, seat, legal)
    head, rest = path[0], path[1:]
    if head not in TOP_LABELS:
        if rest or head not in {a.key for a in legal}:
            raise MalformedKey("That choice isn't on offer any more.")
        return head
    kind = next(k for k, v in TOP.items() if v == head)
    chosen = [a for a in legal if a.kind == kind]
    if not chosen:
        raise MalformedKey("That choice isn't on offer any more.")
    if kind == "move":
        return _move_steps(state, seat, chosen, rest)
    if kind == "cast" and rest[:1] == ("morph",):
        return _morph_steps(state, seat, chosen, rest)
    if kind == "cast" and rest[:1] == ("teleport",):
        hexes = [a for a in chosen if a.a == "teleport"]
        return _hex_steps(state, seat, hexes, rest[1:], lambda h: MetaAction("cast", "teleport", hex_name(h)).key)
    return _by_argument(state, seat, chosen, rest, f"{TOP_LABELS[head][:-1]}: which?")


def _top(state: MetaState, seat: int, legal: Sequence[MetaAction]) -> Step:
    options: list[Choice] = []
    for kind, fragment in TOP.items():
        if any(a.kind == kind for a in legal):
            options.append(Choice(fragment, TOP_LABELS[fragment]))
    for action in legal:
        if action.kind not in TOP:
            options.append(Choice(action.key, label(state, seat, action)[0]))
    return Step("What will your wizard do?", tuple(options))


def _by_argument(
    state: MetaState, seat: int, chosen: list[MetaAction], rest: tuple[str, ...], prompt: str
) -> Step | str:
    """Spells, specials and attacks: the first argument, then (where several share it) the second."""
    level = chosen
    for depth, fragment in enumerate(rest):
        level = [a for a in level if ((a.a, a.b)[depth] or "-") == fragment]
        if not level:
            raise MalformedKey("That choice isn't on offer any more.")
    if len(level) == 1 and len(rest) >= 1:
        return level[0].key
    depth = len(rest)
    if depth >= 2:
        raise MalformedKey("That choice isn't on offer any more.")
    options: dict[str, str] = {}
    for action in level:
        fragment = (action.a, action.b)[depth] or "-"
        if depth == 1 and fragment == "-":
            options[fragment] = "Plain attack" if action.kind == "attack" else label(state, seat, action)[0]
        elif action.kind == "attack" and depth == 0:
            options.setdefault(fragment, target_name(state, fragment))
        elif depth == 1 and action.kind == "attack":
            options[fragment] = f"With {TABLES.specials[fragment].name} ({TABLES.specials[fragment].cost} mana)"
        else:
            options.setdefault(fragment, _argument_label(state, seat, action, depth))
    return Step(prompt, tuple(Choice(k, v) for k, v in options.items()))


def _argument_label(state: MetaState, seat: int, action: MetaAction, depth: int) -> str:
    if depth == 0 and action.b and action.kind == "cast":
        return f"{TABLES.spells[action.a].name}…"
    if depth == 0 and action.b and action.kind == "special":
        return "Pick up…" if action.a == "pickup" else f"{TABLES.specials[action.a].name}…"
    return label(state, seat, action)[0]


def _morph_steps(state: MetaState, seat: int, chosen: list[MetaAction], rest: tuple[str, ...]) -> Step | str:
    """Morph: the class region of the chart, then the shape."""
    shapes = [a for a in chosen if a.a == "morph"]
    if len(rest) == 1:
        classes = dict.fromkeys(TABLES.shapes[SHAPE_BY_SLUG[a.b]].shape_class for a in shapes)
        return Step("Morph into a shape of which class?", tuple(Choice(c.lower(), c) for c in classes))
    cls = rest[1]
    members = [a for a in shapes if TABLES.shapes[SHAPE_BY_SLUG[a.b]].shape_class.lower() == cls]
    if len(rest) == 2 and members:
        return Step("Which shape?", tuple(Choice(a.b, label(state, seat, a)[0]) for a in members))
    picked = [a for a in members if len(rest) == 3 and a.b == rest[2]]
    if not picked:
        raise MalformedKey("That shape isn't on offer any more.")
    return picked[0].key


def _move_steps(state: MetaState, seat: int, moves: list[MetaAction], rest: tuple[str, ...]) -> Step | str:
    """A move: mode, then destination (by direction when many), then facing."""
    if not rest:
        options = {a.a: f"By {MODE_NAMES[a.a]}" for a in moves if a.kind == "move"}
        for action in moves:
            if action.kind == "rise":
                options[action.key] = label(state, seat, action)[0]
        return Step("How will you move?", tuple(Choice(k, v) for k, v in options.items()))
    if rest[0].startswith("rise:"):
        if len(rest) == 1 and rest[0] in {a.key for a in moves}:
            return rest[0]
        raise MalformedKey("That choice isn't on offer any more.")
    mode_moves = [a for a in moves if a.kind == "move" and a.a == rest[0]]
    if not mode_moves:
        raise MalformedKey("That mode isn't on offer any more.")
    if rest[1:] == ("off",) and any(a.b == "off" for a in mode_moves):
        return MetaAction("move", rest[0], "off").key
    return _hex_steps(state, seat, mode_moves, rest[1:], None)


def _hex_steps(
    state: MetaState,
    seat: int,
    actions: list[MetaAction],
    rest: tuple[str, ...],
    make_key: Callable[[Hex], str] | None,
) -> Step | str:
    """Destinations grouped by direction from the wizard (a group per direction, split by distance when a
    direction holds more than a select), then, for moves, the facing at the chosen hex."""
    origin = state.wizard(seat).hex
    assert origin is not None
    by_hex: dict[str, list[MetaAction]] = {}
    for action in actions:
        target = action.b
        by_hex.setdefault(target, []).append(action)
    names = [n for n in by_hex if n != "off"]
    groups = _groups(origin, names)
    if len(groups) > 1:
        if not rest:
            options = [Choice(f"~{i}", title) for i, (title, _) in enumerate(groups)]
            if "off" in by_hex:
                options.append(Choice("off", "Leave the map"))
            return Step("Where to? Pick a direction.", tuple(options))
        if rest[0] == "off" and "off" in by_hex:
            return by_hex["off"][0].key
        if not (rest[0].startswith("~") and rest[0][1:].isdigit() and int(rest[0][1:]) < len(groups)):
            raise MalformedKey("That direction isn't on offer any more.")
        names = groups[int(rest[0][1:])][1]
        rest = rest[1:]
    if not rest:
        options = [Choice(n, f"{n} ({parse_hex(n).distance(origin)} away)") for n in names]
        if len(groups) <= 1 and "off" in by_hex:
            options.append(Choice("off", "Leave the map"))
        return Step("Which hex?", tuple(options))
    if rest[0] == "off" and "off" in by_hex:
        return by_hex["off"][0].key
    if rest[0] not in names:
        raise MalformedKey("That hex isn't on offer any more.")
    here = by_hex[rest[0]]
    if make_key is not None:
        return make_key(parse_hex(rest[0]))
    if len(rest) == 1:
        return Step("Facing which way?", tuple(Choice(a.c, f"Face {FACING_WORDS[FACINGS.index(a.c)]}") for a in here))
    picked = [a for a in here if a.c == rest[1]]
    if len(rest) != 2 or not picked:
        raise MalformedKey("That facing isn't on offer any more.")
    return picked[0].key


def _groups(origin: Hex, names: list[str]) -> list[tuple[str, list[str]]]:
    """Hex names in select-sized groups: all at once if they fit, else by direction, then by distance."""
    if len(names) <= STEP_LIMIT - 1:
        return [("", names)]
    here = [n for n in names if parse_hex(n) == origin]
    by_direction: dict[int, list[str]] = {}
    for name in names:
        hex_ = parse_hex(name)
        if hex_ != origin:
            by_direction.setdefault(sector(origin, hex_), []).append(name)
    groups: list[tuple[str, list[str]]] = []
    if here:
        groups.append(("Stay here (turn only)", here))
    for direction in sorted(by_direction):
        members = sorted(by_direction[direction], key=lambda n: parse_hex(n).distance(origin))
        for start in range(0, len(members), STEP_LIMIT):
            chunk = members[start : start + STEP_LIMIT]
            near, far = parse_hex(chunk[0]).distance(origin), parse_hex(chunk[-1]).distance(origin)
            span = f"{near}" if near == far else f"{near}–{far}"
            groups.append((f"{DIRECTION_NAMES[direction].capitalize()}, {span} hexes", chunk))
    return groups
