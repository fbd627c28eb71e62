"""Metamorph's rules version 3 (ours, issue 42: every printed word happens): each change against the rulebook or
the seed, tested under version 3 and, where the old behaviour stays for matches started before it, under the
version before (``docs/rules/metamorph.md``, Rules versions).

Positions are built by hand (``tests/helpers/metamorph.py``); dice are fixed by choosing a generator that rolls them.
"""

from __future__ import annotations

from dataclasses import replace

from engine import get_game
from engine.games.metamorph.board import parse_hex
from engine.games.metamorph.model import Artifact
from engine.games.metamorph.movement import speed
from tests.helpers.metamorph import act, keys, near, position, wizard

GAME = get_game("metamorph")
OLD = 2  # the version before


def test_the_keys_ward_halves_land_speed_only_so_a_bearer_can_swim() -> None:
    """Rulebook: a wizard carrying the Key has its **land speed** halved. Version 2 halved every speed, so a
    Human bearer (WS 1) could never cross water; from version 3 it swims at its full WS."""
    grid = ("PPPPSSSSPPPP",) * 8
    key = (Artifact("key", None, carrier=0),)
    new = position(wizard(0, "d4", facing=0), wizard(1, "k8"), artifacts=key, scenario="key", grid=grid)
    old = replace(new, rules_version=OLD)
    bearer = new.wizard(0)
    assert (speed(new, bearer, "L"), speed(new, bearer, "W")) == (1, 1)
    assert (speed(old, bearer, "L"), speed(old, bearer, "W")) == (1, 0)
    swim = f"move:W:{near('d4', 0)}:e"  # into the swamp beside it
    assert swim in keys(new) and not any(k.startswith("move:W") for k in keys(old))
    swum, log = act(new, swim)
    assert swum.wizard(0).hex == parse_hex(near("d4", 0)) and "swims" in log
