"""Reading what a component sends: select values and custom ids, checked before anything is done with them.

Discord sends back whatever values a client claims to have picked, and a button posted by an older version of
the bot carries an id no item of today claims. Both are read here, inside the flow's guard, so a forged or
outdated input gets the same private answer as a malformed move, and nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine import MalformedKey

UNREADABLE = "That choice could not be read (the menu may be out of date), so nothing was changed."
OUTDATED = "This button is out of date (it may come from an older version of Changeling), so nothing was changed."
ID_PREFIX = "chg:"
MATCH_ID = re.compile(r"[a-z0-9]{1,16}")
AI_VALUE = re.compile(r"(?P<seat>\d)(?::(?P<level>[a-z]{1,20}))?")


class UnreadableInput(MalformedKey):
    """A select value or a custom id that no well-behaved client could have sent."""

    def __init__(self, text: str = UNREADABLE) -> None:
        super().__init__(text)


def one_value(values: Sequence[str]) -> str:
    """The single value of a single-choice select."""
    if len(values) != 1 or not isinstance(values[0], str):
        raise UnreadableInput()
    return values[0]


def ai_seat_value(value: str, seats: int) -> tuple[int, str]:
    """The lobby's AI select value ``seat:level`` (or ``seat:open``) as a seat index below ``seats`` and a
    word; the level itself is the lobby's to check."""
    found = AI_VALUE.fullmatch(value)
    if found is None or found["level"] is None or int(found["seat"]) >= seats:
        raise UnreadableInput()
    return int(found["seat"]), found["level"]


def claimed(custom_id: str, templates: Iterable[re.Pattern[str]]) -> bool:
    """Whether one of today's components answers ``custom_id`` (discord.py matches their templates whole)."""
    return any(template.fullmatch(custom_id) for template in templates)


def match_ids_in(custom_id: str) -> list[str]:
    """The parts of an old ``chg:`` id that could name a match, most likely first (the part after the kind, as
    every id of ours has it), case folded: an id typed in capitals still finds its match."""
    parts = custom_id.split(":")[1:]
    words = [part.lower() for part in parts if part and len(part) <= 16 and part.isalnum() and part.isascii()]
    return [word for word in dict.fromkeys(words) if MATCH_ID.fullmatch(word)]
