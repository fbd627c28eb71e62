"""Metamorph's move notation: one compact key per decision, typed or built in stages.

school:reptilian          pick a school (Specialization)
move:L:f7:ne              move by land (L), water (W) or air (A) to f7, ending facing north-east
move:A:off                leave the map
cast:morph:giant-spider   cast Morph (target shape), Heal, Slow:blue, Restrict:blue, Teleport:f7
special:rest              a special: rest, sprint, ink, survival, pickup:key, breathe:blue, web:red …
attack:blue               a hand-to-hand attack, with a strike special: attack:blue:bite; an artifact: attack:key
land / drop:key / rise:up / rise:down / end

The picker builds a move, a Morph or a Teleport in stages, each a decision of its own: ``move:L`` (the mode),
``move:L:f7`` (the hex), then ``move:L:f7:ne``; ``cast:morph`` then ``cast:morph:rat``; ``cast:teleport`` then
``cast:teleport:f7``. ``back`` takes the last stage back. A whole key may be typed at any stage.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...errors import MalformedKey

FACINGS = ("e", "ne", "nw", "w", "sw", "se")
FACING_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
Kind = Literal["school", "move", "cast", "special", "attack", "land", "drop", "rise", "end", "back"]
_PARTS = {"school": 1, "move": (1, 2, 3), "cast": (1, 2), "special": (1, 2), "attack": (1, 2), "drop": 1, "rise": 1}
STAGED_SPELLS = ("morph", "teleport")  # spells whose target is a stage of its own


class MetaAction(NamedTuple):
    """A decision: its kind and up to three arguments, exactly as the key spells them. A named tuple, as a turn
    lists hundreds of them and hashes each: a tuple's hash is the interpreter's own."""

    kind: Kind
    a: str = ""
    b: str = ""
    c: str = ""

    @property
    def key(self) -> str:
        return ":".join([part for part in self if part])


def parse(key: str) -> MetaAction:
    """The action a key names; the check of what is legal is the rules' (``MalformedKey`` for non-keys)."""
    parts = key.strip().lower().split(":")
    kind, args = parts[0], parts[1:]
    if kind in ("land", "end", "back"):
        if args:
            raise MalformedKey(f"{kind!r} takes nothing after it.")
        return MetaAction(kind)  # type: ignore[arg-type]
    if kind not in _PARTS:
        raise MalformedKey(f"{key!r} is not a Metamorph move (try move:, cast:, special:, attack:, land or end).")
    allowed = _PARTS[kind]
    counts = allowed if isinstance(allowed, tuple) else (allowed,)
    if len(args) not in counts or not all(args):
        raise MalformedKey(f"{key!r} is not a Metamorph move.")
    if kind == "move" and (args[0].upper() not in ("L", "W", "A") or (len(args) == 3 and args[2] not in FACINGS)):
        raise MalformedKey("A move's mode is L, W or A and its facing one of e, ne, nw, w, sw, se.")
    if kind == "move":
        args[0] = args[0].upper()
    return MetaAction(kind, *args)  # type: ignore[arg-type]


def is_whole(action: MetaAction) -> bool:
    """Whether ``action`` is a whole decision of the rules, not a stage of one (``move:L``, ``move:L:f7``,
    ``cast:morph``, ``cast:teleport``, or ``back``)."""
    if action.kind == "move":
        return bool(action.c) or action.b == "off"
    if action.kind == "cast":
        return bool(action.b) or action.a not in STAGED_SPELLS
    return action.kind != "back"


def parent(action: MetaAction) -> MetaAction | None:
    """The stage ``action`` is picked from (``move:L:f7`` for ``move:L:f7:ne``); ``None`` for a first choice."""
    if action.kind == "move" and action.b:
        return MetaAction("move", action.a, "" if action.b == "off" or not action.c else action.b)
    if action.kind == "cast" and action.a in STAGED_SPELLS and action.b:
        return MetaAction("cast", action.a)
    return None


def stages(action: MetaAction) -> tuple[MetaAction, ...]:
    """The decisions that build ``action`` in the picker, first to last (``move:L``, ``move:L:f7``,
    ``move:L:f7:ne``); an action without stages is its own one decision."""
    chain = [action]
    while (before := parent(chain[-1])) is not None:
        chain.append(before)
    return tuple(reversed(chain))
