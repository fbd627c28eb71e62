"""How a match ended, named as the game's rulebook names its endings, for bench/balance.py's endings tables.

A game's engine says who won and why in a sentence (``Outcome.reason``); the balance bench needs a few stable
names to count, so each game here maps a final state to one of its rulebook's endings. A sentence no pattern
knows is reported as itself, so a new ending shows up in the table instead of vanishing into another column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

UNFINISHED = "unfinished (decision cap)"


def _by_reason(patterns: tuple[tuple[str, str], ...]) -> Callable[[Any], str]:
    """An ending namer that looks for the first pattern found in the outcome's reason."""

    def name(state: Any) -> str:
        reason = state.outcome.reason
        return next((ending for fragment, ending in patterns if fragment in reason), reason)

    return name


def _shadowscape(state: Any) -> str:
    """Competitive: the Lord slain (his whisper claimed, then one more turn each) or the Long Dark (our backstop:
    the fate deck's third reshuffle). Co-op: the Lord slain, or the fate deck running out."""
    reason = state.outcome.reason
    if "gave up" in reason or "resign" in reason:
        return "resignation"
    if state.cooperative:
        return "Lord slain" if state.outcome.winners else "fate deck ran out"
    return "Lord slain" if state.lord_claimer is not None else "Long Dark"


def _goodvsbad(state: Any) -> str:
    reason = state.outcome.reason
    if "Protector has reached every Home Base" in reason:
        return "Protector's tour"
    if "Supervillain has reached every Home Base" in reason:
        return "Supervillain's tour"
    if "the tour's extra rounds" in reason:
        return "Renown after a tour's extra rounds"
    if reason.startswith("After round"):
        return f"Renown after round {state.rounds}"
    return reason


NAMERS: dict[str, Callable[[Any], str]] = {
    "wars": _by_reason((
        ("king.", "king destroyed"),
        ("home row", "king home"),
        ("third time", "repetition (draw)"),
        ("without a move or an attack", "quiet turns (draw)"),
        ("resign", "resignation"),
    )),
    "metamorph": _by_reason((
        ("last wizard standing", "last wizard standing"),
        ("carrying the Key", "Key carried off"),
        ("No wizard is left standing", "no wizard standing (draw)"),
        ("rounds have passed", "round limit (draw)"),
        ("resigned", "resignation"),
    )),
    "swartzblak": _by_reason((
        ("reached Tile 5", "Tile 5 escape"),
        ("still Disabled at its end", "Shapeshifter disabled"),
        ("came through the sixth round", "town safe after round 6"),
        ("sixth round ended with Townspeople harmed", "town harmed by round 6"),
        ("resign", "resignation"),
    )),
    "goodvsbad": _goodvsbad,
    "shadowscape": _shadowscape,
}


def ending(game_id: str, state: Any) -> str:
    """The rulebook's name for how ``state`` (a final state, or one cut at the decision cap) ended."""
    if getattr(state, "outcome", None) is None:
        return UNFINISHED
    return NAMERS[game_id](state)
