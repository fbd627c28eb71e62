"""Keys and labels: how a decision is typed (``C>d4``) and how a player reads it ("Watch Captain: d1 → d4").

| key | decision |
|---|---|
| ``pick3`` | (Adversary, secret) Varmint 3 hides the Shapeshifter |
| ``C>d4`` ``v2>f8`` ``B>c5`` | move a figure (the Beast: the square of its south-west corner) |
| ``C!v3`` ``v1!W`` ``B!t2`` | attack |
| ``W!hex:v3`` | the Hedge Witch's Hex |
| ``C!cmd:t2`` then ``t2>e5`` | Command a Townsperson, then say where it goes |
| ``R!rec`` | Recover |
| ``W!aid:t3`` | (rules version 3) Tend: help a Disabled Townsperson up |
| ``flee:away`` | Flee (``safe`` ``away`` ``n`` ``e`` ``s`` ``w``) |
| ``tw:A`` then ``tw:A:2:4:r90`` | Twists and Turns on an Alleyway, then the layout |
| ``bop:c4`` | You've Got a Big Old Problem (the Beast's south-west square) |
| ``ec:d5:3`` | Everything Changes: the Varmint comes back on d5, Varmint 3 is secretly the Shapeshifter |
| ``sc>c4`` / ``stay`` | Scurry, or not |
| ``keep`` | decline Quick Change Artist |
| ``end`` | end the turn |
"""

from __future__ import annotations

import functools
import re

from ...errors import MalformedKey
from .board import ALLEY_KEYS, ALLEY_NAMES, SQUARE_INDEX, SQUARE_PATTERN, SQUARES
from .model import SwAction
from .twists import TRANSFORM_WORDS, TRANSFORMS

_UNIT = r"[cwrb]|v[1-6]"
_ANY = r"[cwrb]|[vt][1-6]"
_SQ = SQUARE_PATTERN
_TRANSFORM = "|".join(TRANSFORMS)
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(f"^(?:{pattern})$"))
    for kind, pattern in (
        ("pick", r"pick([1-6])"),
        ("move", rf"({_UNIT})>({_SQ})"),
        ("recover", rf"({_UNIT})!rec"),
        ("hex", rf"({_UNIT})!hex:(v[1-6]|b)"),
        ("command", rf"({_UNIT})!cmd:(t[1-6])"),
        ("aid", rf"({_UNIT})!aid:(t[1-6])"),
        ("attack", rf"({_UNIT})!({_ANY})"),
        ("lead", rf"(t[1-6])>({_SQ})"),
        ("flee", r"flee:(safe|away|n|e|s|w)"),
        ("twists", r"tw:([ati])"),
        ("layout", rf"tw:([ati]):([0-5]):([0-5*]):({_TRANSFORM})"),
        ("bop", rf"bop:({_SQ})"),
        ("change", rf"ec:({_SQ}):([1-6])"),
        ("scurry", rf"sc>({_SQ})"),
        ("stay", r"stay"),
        ("keep", r"keep"),
        ("end", r"end"),
    )
)


def _uid(token: str) -> str:
    """Canonical figure id: Heroes and the Beast in capitals, Varmints and Townspeople as v3, t2."""
    return token.upper() if len(token) == 1 else token


def action_key(action: SwAction) -> str:
    kind = action.kind
    sq = SQUARES[action.square] if action.square >= 0 else ""
    if kind == "pick":
        return f"pick{action.target[1]}"
    if kind in ("move", "lead"):
        return f"{action.unit or action.target}>{sq}"
    if kind == "attack":
        return f"{action.unit}!{action.target}"
    if kind == "hex":
        return f"{action.unit}!hex:{action.target}"
    if kind == "command":
        return f"{action.unit}!cmd:{action.target}"
    if kind == "aid":
        return f"{action.unit}!aid:{action.target}"
    if kind == "recover":
        return f"{action.unit}!rec"
    if kind == "flee":
        return f"flee:{action.code}"
    if kind in ("twists", "layout"):
        return f"tw:{action.code}"
    if kind == "bop":
        return f"bop:{sq}"
    if kind == "change":
        return f"ec:{sq}:{action.target[1]}"
    if kind == "scurry":
        return f"sc>{sq}"
    return kind


@functools.lru_cache(maxsize=4096)
def parse_key(key: str) -> SwAction:
    text = key.strip().lower()
    for kind, pattern in _PATTERNS:
        match = pattern.match(text)
        if not match:
            continue
        g = match.groups()
        if kind == "pick":
            return SwAction("pick", target=f"v{g[0]}")
        if kind == "move":
            return SwAction("move", unit=_uid(g[0]), square=SQUARE_INDEX[g[1]])
        if kind == "lead":
            return SwAction("lead", target=g[0], square=SQUARE_INDEX[g[1]])
        if kind in ("attack", "hex", "command", "aid"):
            return SwAction(kind, unit=_uid(g[0]), target=_uid(g[1]))
        if kind == "recover":
            return SwAction("recover", unit=_uid(g[0]))
        if kind == "flee":
            return SwAction("flee", code=g[0])
        if kind == "twists":
            return SwAction("twists", code=g[0].upper())
        if kind == "layout":
            return SwAction("layout", code=f"{g[0].upper()}:{g[1]}:{g[2]}:{g[3]}")
        if kind == "bop":
            return SwAction("bop", square=SQUARE_INDEX[g[0]])
        if kind == "change":
            return SwAction("change", target=f"v{g[1]}", square=SQUARE_INDEX[g[0]])
        if kind == "scurry":
            return SwAction("scurry", square=SQUARE_INDEX[g[0]])
        return SwAction(kind)
    raise MalformedKey(
        f"“{key[:20]}” isn't a Swartzblak choice. Examples: C>d4 (move), C!v3 (attack), C!cmd:t2 (command), "
        "flee:away, tw:A (Twists and Turns), end."
    )


def alley_name(key: str) -> str:
    return ALLEY_NAMES[ALLEY_KEYS.index(key)]


def twist_words(arm: str, transform: str, anchor: str) -> str:
    """ "the Tile 4 end turns a quarter left about Tile 2" / "everything turns right round about Tile 2"."""
    what = "everything else" if arm == "*" else f"the Tile {arm} end"
    return f"{what} {TRANSFORM_WORDS[transform]} about Tile {anchor}"
