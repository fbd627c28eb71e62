"""Where Teleport can take a wizard: any empty hex in sight its shape can stand on (any hex for a flier), never
in the Key's ward (rules version 2).

The list runs to hundreds of hexes and needs the whole map's sight from the wizard's hex, so it is worked out
only when asked for (the Teleport stage, a typed key), once per hex and shape; whether Teleport is on offer at
all is answered from the wizard's neighbours first.
"""

from __future__ import annotations

import functools

from ...errors import MalformedKey
from ...geometry.hexes import PACKED_DIRECTIONS, Hex, pack, unpack, within
from .board import hex_name, landing_cells, map_cells, on_map, parse_hex, visible_cells
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
    ward, taken = warded(state), {pack(w.hex) for w in state.standing() if w.hex is not None}
    ends = landing_cells(state.grid, None if wizard.flying else wizard.shape)
    here = pack(wizard.hex)
    if any(here + step in ends and here + step not in ward and here + step not in taken for step in PACKED_DIRECTIONS):
        return True
    index, _ = _landing(state, wizard)
    return len(index) > len(taken & index.keys())  # a hex nobody stands on is left


def can_teleport_to(state: MetaState, wizard: Wizard, name: str) -> bool:
    """Whether a Teleport to the hex called ``name`` is legal now (a lookup, not the list of every hex)."""
    if not castable(state, wizard):
        return False
    try:
        hex_ = parse_hex(name)
    except MalformedKey:
        return False
    index, _ = _landing(state, wizard)
    return pack(hex_) in index and all(w.hex != hex_ for w in state.standing())


KEY_WARD = 3  # hexes around the Key on the ground that no Teleport may end in


def warded(state: MetaState) -> frozenset[int]:
    """Hexes (packed) no Teleport may end in (rules version 2): within ``KEY_WARD`` of the Key while it lies on
    the ground. Without the ward, the first wizard to act teleported beside the Key, picked it up and walked
    off the map in one turn."""
    if not state.key_ward:
        return frozenset()
    keys = tuple(a.hex for a in state.artifacts if a.kind == "key" and a.hex is not None and not a.destroyed)
    return _ward(state.grid, keys)


@functools.lru_cache(maxsize=256)
def _ward(grid: tuple[str, ...], keys: tuple[Hex, ...]) -> frozenset[int]:
    """``warded`` on plain values, memoised: the Key lies still for many decisions, and every one asks."""
    return frozenset(pack(h) for key in keys for h in within(key, KEY_WARD) if on_map(grid, h))


def teleports(state: MetaState, wizard: Wizard) -> list[MetaAction]:
    """Teleport to each empty hex in sight where the wizard's shape can be (any hex, for a flier)."""
    index, actions = _landing(state, wizard)
    found = list(actions)
    taken = (index.get(pack(w.hex)) for w in state.standing() if w.hex is not None)
    for position in sorted((n for n in taken if n is not None), reverse=True):
        del found[position]  # another wizard stands there (a few at most: cheaper than filtering hundreds)
    return found


def _landing(state: MetaState, wizard: Wizard) -> tuple[dict[int, int], tuple[MetaAction, ...]]:
    """``_teleport_list`` for this wizard now (nothing while it carries the Key under its ward)."""
    assert wizard.hex is not None
    if state.key_ward and state.carries_key(wizard.seat):
        return {}, ()
    origin, shape = (None, None) if wizard.flying else (wizard.hex, wizard.shape)
    return _teleport_list(state.grid, origin, shape, warded(state))


@functools.lru_cache(maxsize=512)
def _teleport_list(
    grid: tuple[str, ...], origin: Hex | None, shape: str | None, ward: frozenset[int]
) -> tuple[dict[int, int], tuple[MetaAction, ...]]:
    """Where Teleport may end before other wizards are counted: every unwarded hex for a flier (``origin`` and
    ``shape`` None), else the hexes ``origin`` sees that ``shape`` can stand on; each hex's place in the list,
    by its packed hex. Memoised (read-only): a wizard asks from the same hex for many decisions, and the list
    runs to hundreds; hexes are handled packed, as ints hash in C."""
    landing = landing_cells(grid, shape)
    cells = [cell for cell in map_cells(grid) if cell in landing and cell not in ward]
    if origin is not None:
        cells = visible_cells(grid, origin, cells)
    return {cell: n for n, cell in enumerate(cells)}, tuple(_teleport_to(cell) for cell in cells)


@functools.lru_cache(maxsize=16384)
def _teleport_to(cell: int) -> MetaAction:
    """The Teleport to the packed hex ``cell``, made once: the same hexes are listed from many places."""
    return MetaAction("cast", "teleport", hex_name(unpack(cell)))
