"""Where Teleport can take a wizard: any empty hex in sight its shape can stand on (any hex for a flier), never
in the Key's ward (rules version 2).

The list runs to hundreds of hexes and needs the whole map's sight from the wizard's hex, so it is worked out
only when asked for (the Teleport stage, a typed key), once per hex and shape; whether Teleport is on offer at
all is answered from the wizard's neighbours first.
"""

from __future__ import annotations

import functools

from ...errors import MalformedKey
from ...geometry.hexes import Hex, within
from .board import hex_name, hexes_of, landing_hexes, on_map, parse_hex, visible_from
from .keys import MetaAction
from .model import MetaState, Wizard, intelligence
from .tables import TABLES


def castable(state: MetaState, wizard: Wizard) -> bool:
    """Whether the wizard may cast Teleport now, wherever to: the spell is unspent, known and paid for, and it
    does not bear the Key under its ward."""
    spell = TABLES.spells["teleport"]
    if state.done.cast or spell.level > intelligence(state, wizard) or spell.level > wizard.mana:
        return False
    return not (state.key_ward and state.carries_key(wizard.seat))


def can_teleport(state: MetaState, wizard: Wizard) -> bool:
    """Whether Teleport is castable now with somewhere to go. A free hex beside the wizard answers at once (a
    neighbour is always in sight); only when none is free is the whole map's sight worked out."""
    if not castable(state, wizard):
        return False
    assert wizard.hex is not None
    ward, taken = warded(state), {w.hex for w in state.standing()}
    landing = None if wizard.flying else landing_hexes(state.grid, wizard.shape)
    for near in wizard.hex.neighbours():
        lands = on_map(state.grid, near) if landing is None else near in landing
        if lands and near not in ward and near not in taken:
            return True
    index, _ = _landing(state, wizard)
    return len(index) > sum(w.hex in index for w in state.standing())  # a hex nobody stands on is left


def can_teleport_to(state: MetaState, wizard: Wizard, name: str) -> bool:
    """Whether a Teleport to the hex called ``name`` is legal now (a lookup, not the list of every hex)."""
    if not castable(state, wizard):
        return False
    try:
        hex_ = parse_hex(name)
    except MalformedKey:
        return False
    index, _ = _landing(state, wizard)
    return hex_ in index and all(w.hex != hex_ for w in state.standing())


KEY_WARD = 3  # hexes around the Key on the ground that no Teleport may end in


def warded(state: MetaState) -> frozenset[Hex]:
    """Hexes no Teleport may end in (rules version 2): within ``KEY_WARD`` of the Key while it lies on the
    ground. Without the ward, the first wizard to act teleported beside the Key, picked it up and walked off
    the map in one turn."""
    if not state.key_ward:
        return frozenset()
    keys = tuple(a.hex for a in state.artifacts if a.kind == "key" and a.hex is not None and not a.destroyed)
    return _ward(state.grid, keys)


@functools.lru_cache(maxsize=256)
def _ward(grid: tuple[str, ...], keys: tuple[Hex, ...]) -> frozenset[Hex]:
    """``warded`` on plain values, memoised: the Key lies still for many decisions, and every one asks."""
    return frozenset(h for key in keys for h in within(key, KEY_WARD) if on_map(grid, h))


def teleports(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """Teleport to each empty hex in sight where the wizard's shape can be (any hex, for a flier)."""
    index, actions = _landing(state, wizard)
    found = list(actions)
    for position in sorted((index[w.hex] for w in state.standing() if w.hex in index), reverse=True):
        del found[position]  # another wizard stands there (a few at most: cheaper than filtering hundreds)
    return found


def _landing(state: MetaState, wizard: Wizard) -> tuple[dict[Hex, int], tuple[MetaAction, ...]]:
    """``_teleport_list`` for this wizard now (nothing while it carries the Key under its ward)."""
    assert wizard.hex is not None
    if state.key_ward and state.carries_key(wizard.seat):
        return {}, ()
    origin, shape = (None, None) if wizard.flying else (wizard.hex, wizard.shape)
    return _teleport_list(state.grid, origin, shape, warded(state))


@functools.lru_cache(maxsize=512)
def _teleport_list(
    grid: tuple[str, ...], origin: Hex | None, shape: str | None, ward: frozenset[Hex]
) -> tuple[dict[Hex, int], tuple[MetaAction, ...]]:
    """Where Teleport may end before other wizards are counted: every unwarded hex for a flier (``origin`` and
    ``shape`` None), else the hexes ``origin`` sees that ``shape`` can stand on; each hex's place in the list.
    Memoised (read-only): a wizard asks from the same hex for many decisions, and the list runs to hundreds."""
    if origin is None or shape is None:
        hexes = tuple(h for h in hexes_of(grid) if h not in ward)
    else:
        landing = landing_hexes(grid, shape) - ward
        hexes = visible_from(grid, origin, [h for h in hexes_of(grid) if h in landing])
    return {h: n for n, h in enumerate(hexes)}, tuple(_teleport_to(h) for h in hexes)


@functools.lru_cache(maxsize=16384)
def _teleport_to(hex_: Hex) -> MetaAction:
    """The Teleport to ``hex_``, made once: the same hexes are listed from many places."""
    return MetaAction("cast", "teleport", hex_name(hex_))
