"""A Shadowscape decision built in steps, the way a player thinks of it: an action card (or Move), then its
target (and where a shoved enemy goes), then the fate cards to boost it with, picked together in one
multi-select.

Fragments: the first step offers ``mv`` (Move), ``cl`` (Claim), ``af`` (Alter Fate), a card id (that card's
face action) and whole keys (``end``); the following steps offer an argument each (a room, a card, a target,
``-`` for none); the boost step's picks are fate card ids joined by ``+``, or ``0`` for no boost. A step with
a single option is skipped, so a player never clicks through a choice that is not one. Decisions that do not
fit this shape (the order of cards put back, where Wounds go) are left to the generic picker
(``engine/steps.py``), which lists them whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core import Choice, Step
from ...errors import MalformedKey
from . import area
from .dungeon import laid_at, parse
from .keys import ShadowAction
from .labels import target_label
from .model import ShadowState
from .tables import TABLES

NO_BOOST = "0"
TOP = {"mv": "Move…", "cl": "Claim…", "af": "Alter Fate…"}
FACE_KINDS = ("at", "se", "pr", "he", "sp")
GONE = "That choice isn't on offer any more; open the picker again."

Part = Callable[[ShadowAction], str]
Stage = tuple[str, Part, Callable[[str], str]]


def steps(
    state: ShadowState, seat: int, legal: Sequence[ShadowAction], prompt: str, path: tuple[str, ...]
) -> Step | str | None:
    """The next step after ``path`` among ``legal``, the whole key it completes, or ``None`` for decisions the
    generic picker lists whole."""
    if len(legal) < 2:
        return None  # nothing to build: the generic picker shows the one decision
    kinds = {a.kind for a in legal}
    if state.pending is None and state.phase == "action":
        return _action_phase(state, seat, legal, prompt, path)
    if kinds == {"def"} or (kinds == {"drop"} and all(a.boosts for a in legal)):
        return _chain(legal, path, (), prompt)
    if kinds == {"hit"}:
        stages: tuple[Stage, ...] = (
            ("Which enemy attacks next?", lambda a: a.a, lambda t: target_label(state, t)),
            ("Whom does it attack?", lambda a: a.b, lambda t: target_label(state, t)),
        )
        return _chain(legal, path, stages, prompt)
    if kinds == {"hero"}:
        stages = (
            ("Which hero?", lambda a: a.a, _hero_label),
            ("Which cards start on their back face?", lambda a: a.b or "-", _flip_label(path)),
        )
        return _chain(legal, path, stages, prompt)
    return None


def _action_phase(
    state: ShadowState, seat: int, legal: Sequence[ShadowAction], prompt: str, path: tuple[str, ...]
) -> Step | str:
    hero = state.hero(seat)

    def rooms(target: str) -> str:
        return "Nothing" if target == "-" else target_label(state, target)

    def card_name(card: str) -> str:
        return area.face(hero.card(card)).name

    if not path:
        options = [Choice(fragment, label) for fragment, label in TOP.items() if any(a.kind == fragment for a in legal)]
        cards = dict.fromkeys(a.a for a in legal if a.kind in FACE_KINDS)
        options += [Choice(card, f"{card_name(card)} ({area.face(hero.card(card)).action})…") for card in cards]
        options += [
            Choice(a.key, "End your turn without an Enemy Phase" if a.a else "End your Action Phase")
            for a in legal
            if a.kind == "end"
        ]
        return Step(prompt, tuple(options))
    head, rest = path[0], path[1:]
    if head.startswith("end"):
        if rest or head not in {a.key for a in legal if a.kind == "end"}:
            raise MalformedKey(GONE)
        return head

    if head == "mv":
        chosen = [a for a in legal if a.kind == "mv"]
        stages: tuple[Stage, ...] = (
            ("Move to which room?", lambda a: a.b, lambda r: _room_label(state, r)),
            ("Which card does the Move spend?", lambda a: a.a, card_name),
        )
    elif head == "cl":
        chosen = [a for a in legal if a.kind == "cl"]
        stages = (
            ("Claim what?", lambda a: a.a, _claim_label),
            ("Pay with which token?", lambda a: a.b or "-", rooms),
        )
    elif head == "af":
        chosen = [a for a in legal if a.kind == "af"]
        stages = (
            ("Play which fate card for its text?", lambda a: a.a, lambda c: TABLES.fate[c].name),
            ("At what?", lambda a: a.b.partition(">")[0] or "-", rooms),
            (
                "Where to?",
                lambda a: a.b.partition(">")[2] or "-",
                lambda r: "It stays" if r == "-" else _room_label(state, r),
            ),
        )
    else:
        chosen = [a for a in legal if a.kind in FACE_KINDS and a.a == head]
        stages = (
            ("Which target?", lambda a: a.b.partition(">")[0] or "-", rooms),
            (
                "Where does it go?",
                lambda a: a.b.partition(">")[2] or "-",
                lambda r: "It stays" if r == "-" else _room_label(state, r),
            ),
        )
    if not chosen:
        raise MalformedKey(GONE)
    return _chain(chosen, rest, stages, prompt)


def _chain(
    actions: Sequence[ShadowAction], rest: tuple[str, ...], stages: tuple[Stage, ...], prompt: str
) -> Step | str:
    """Walk ``stages`` (each one argument of the key; a stage with one value is skipped), then the boost."""
    remaining = list(actions)
    used = 0
    for question, part, label in stages:
        values = list(dict.fromkeys(part(a) for a in remaining))
        if len(values) == 1:
            continue
        if used == len(rest):
            return Step(question, tuple(Choice(v, label(v)[:100]) for v in values))
        remaining = [a for a in remaining if part(a) == rest[used]]
        used += 1
        if not remaining:
            raise MalformedKey(GONE)
    return _boost(remaining, rest[used:], prompt)


def _boost(actions: list[ShadowAction], rest: tuple[str, ...], prompt: str) -> Step | str:
    """The fate cards to discard: one multi-select (``0``: none), or the key itself when there is no choice."""
    if len(actions) == 1 and not rest:
        return actions[0].key
    if not rest:
        cards = list(dict.fromkeys(c for a in actions for c in a.boosts))
        options = [Choice(c, TABLES.fate[c].name) for c in cards]
        least = min(len(a.boosts) for a in actions)
        if least == 0:
            options.insert(0, Choice(NO_BOOST, "No fate cards"))
        question = "Discard which fate cards?" if actions[0].kind == "drop" else "Boost with which fate cards?"
        return Step(
            question if len(actions) > 1 else prompt,
            tuple(options),
            max(1, least),
            max(1, *(len(a.boosts) for a in actions)),
        )
    if len(rest) > 1:
        raise MalformedKey(GONE)
    picks = rest[0].split("+")
    wanted = frozenset() if picks == [NO_BOOST] else frozenset(picks)
    for action in actions:
        if frozenset(action.boosts) == wanted and len(action.boosts) == len(picks if wanted else ()):
            return action.key
    raise MalformedKey("Those fate cards are not a boost on offer: pick cards, or “No fate cards” alone.")


def _room_label(state: ShadowState, room: str) -> str:
    place = parse(room)
    return room if place is None else f"{room}: {laid_at(state.dungeon, place).shown().name}"


def _hero_label(hero_id: str) -> str:
    hero = TABLES.heroes[hero_id]
    return f"{hero.name} ({hero.profession})"


def _flip_label(path: tuple[str, ...]) -> Callable[[str], str]:
    def label(flips: str) -> str:
        if flips == "-" or not path:
            return "None: every card on its front face"
        cards = [TABLES.actions[f"{path[0]}-{digit}"].faces[0].name for digit in flips]
        return "Turn " + ", ".join(cards)

    return label


def _claim_label(item: str) -> str:
    if item in TABLES.whispers:
        return f"The whisper {TABLES.whispers[item].name} ({TABLES.whispers[item].shards} shards)"
    if item in TABLES.equipment:
        return f"{TABLES.equipment[item].name} (for a treasure)"
    return f"{TABLES.actions[item].faces[0].name} (for a trophy)"
