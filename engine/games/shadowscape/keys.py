"""Shadowscape's decisions and their compact keys (what ``/game move`` takes and the picker builds in steps).

| key | decision |
|---|---|
| ``hero:gorm:24`` | (draft) take Gorm Halfhelm, with his cards 2 and 4 turned to their back face (``-``: none) |
| ``start:a1`` | place your hero in the starting room a1 |
| ``mv:gorm-1:b3+12.40`` | Move, spending card gorm-1, to room b3, boosted with fate cards 12 and 40 |
| ``at:gorm-3:beast-4+7`` | attack (or magic) with card gorm-3 at enemy token beast-4 (``lord``: the Dungeon Lord) |
| ``se:tansy-2:treasure-3`` | search with tansy-2 for a treasure token (a room name: search there without one) |
| ``pr:gorm-1`` / ``he:gorm-3+9`` | prepare / heal |
| ``sp:wenna-2:gorm-4`` | a special action (its target, if it has one: a card, an enemy, a seat ``s1`` or a room) |
| ``sp:gen-3:beast-4>b3`` | a target and where it goes: shove an enemy into room b3 (also an attack's shove rider) |
| ``cl:equipment-3:treasure-1`` | claim: equipment for a treasure, a general action card for a trophy, or a whisper |
| ``af:31:beast-2`` | Alter Fate: play fate card 31 for its text (with its target, if any) |
| ``end`` / ``end:rest`` | end the Action Phase (``rest``: skip the Enemy Phase, allowed in the final turns) |
| ``def+5.18`` | defend against an attack, boosting Defence with fate cards 5 and 18 (``def``: no boost) |
| ``hit:brigand-2:s1`` | (Enemy Phase) the next attack: which activated enemy, at which hero |
| ``drop:3.9`` / ``drop:undead-1`` | discard fate cards 3 and 9 down to your Hand Size / a token over the limit of 3 |
| ``wd:hero.gorm-3`` | where Wounds go (``hero``: the hero card; to version 4, only cards a full hero card spills on) |
| ``mn:gorm-2.hero`` | (version 5) the Wounds a Heal removes: a card's, or the hero card's |
| ``ord+12.40.7`` | (after a look at the fate deck) the order the top cards go back in, top first |

Fate cards are written by number (``12`` is ``fate-12``); boosts follow a ``+``, joined by dots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import MalformedKey

KINDS = (
    "hero", "start", "mv", "at", "se", "pr", "he", "sp", "cl", "af", "end", "def", "hit", "drop", "ord", "wd", "mn"
)  # fmt: skip
_ID = r"[a-z][a-z0-9-]*"
_KEY = re.compile(
    rf"^(?P<kind>[a-z]+)(?::(?P<a>{_ID}(?:>[0-9])?|[0-9]+))?(?::(?P<b>{_ID}(?:>[a-e][1-5])?|[0-9.]+|-))?(?:\+(?P<boost>[0-9.]+))?$"
)
_DROP = re.compile(r"^drop:(?P<cards>[0-9]+(?:\.[0-9]+)*)$")
_WOUNDS = re.compile(r"^(?P<kind>wd|mn):(?P<cards>[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*)$")


@dataclass(frozen=True, slots=True)
class ShadowAction:
    """A decision: its kind, up to two arguments (card, target, room, seat), and the fate cards it spends."""

    kind: str
    a: str = ""
    b: str = ""
    boosts: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        if self.kind == "drop" and self.boosts:  # fate cards discarded down to the Hand Size
            return "drop:" + ".".join(_short(card) for card in self.boosts)
        text = self.kind
        if self.a:
            text += f":{_short(self.a)}"
        if self.b:
            text += f":{_short(self.b)}"
        if self.boosts:
            text += "+" + ".".join(_short(card) for card in self.boosts)
        return text


def fate_id(number: str) -> str:
    return f"fate-{int(number)}"


def _short(text: str) -> str:
    """``fate-12`` → ``12`` (fate cards are written by number); anything else as it is."""
    return text[5:] if text.startswith("fate-") else text


def parse(key: str) -> ShadowAction:
    """The action a key names; anything else raises ``MalformedKey`` with an example."""
    text = key.strip().lower()
    wounded = _WOUNDS.match(text)
    if wounded:
        return ShadowAction(wounded["kind"], wounded["cards"])
    dropped = _DROP.match(text)
    if dropped:
        return ShadowAction("drop", boosts=tuple(fate_id(n) for n in dropped["cards"].split(".")))
    match = _KEY.match(text)
    if not match or match["kind"] not in KINDS:
        raise MalformedKey(
            f"“{key[:24]}” isn't a Shadowscape choice. Examples: mv:gorm-1:b3, at:gorm-3:beast-4+7, pr:gorm-1, end."
        )
    kind, a, b = match["kind"], match["a"] or "", match["b"] or ""
    if kind == "af" and a.isdigit():
        a = fate_id(a)
    if kind == "hero" and b == "-":
        b = ""
    boosts = tuple(fate_id(n) for n in match["boost"].split(".") if n) if match["boost"] else ()
    return ShadowAction(kind, a, b, boosts)
