"""Every printed face of Shadowscape, for the face audit (``tests/test_faces.py``) and anything that lists them:
hero abilities, both faces of every action card, the green and red text of every fate card, enemy and Lord
abilities, equipment, whispers and shrines. Ids are stable: ``gorm-3/1`` is the second face of card gorm-3,
``fate-9/bane`` a fate card's red text, ``hero:gorm`` a hero's ability."""

from __future__ import annotations

from ...content import Face
from . import texts
from .cards import SHRINE_KINDS
from .tables import TABLES, Tables


def faces(tables: Tables = TABLES) -> list[Face]:
    found = [Face(f"hero:{h.id}", "ability", h.ability_name, h.ability_text) for h in tables.heroes.values()]
    for card in tables.actions.values():
        found += [Face(f"{card.id}/{n}", "action", side.name, side.text) for n, side in enumerate(card.faces)]
    for fate in tables.fate.values():
        found += [Face(f"{fate.id}/coop", "coop", fate.name, fate.coop.text)]
        found += [Face(f"{fate.id}/bane", "bane", fate.name, fate.bane.text)]
    found += [Face(f"enemy:{k.id}", "enemy", k.name, k.ability_text) for k in tables.enemy_kinds.values()]
    for lord in tables.lords.values():
        for mode, side in (("competitive", lord.competitive), ("cooperative", lord.cooperative)):
            found.append(Face(f"lord:{lord.id}/{mode}", "lord", lord.name, side.text))
    found += [Face(item.id, "equipment", item.name, item.text) for item in tables.equipment.values()]
    found += [Face(w.id, "whisper", w.name, w.text) for w in tables.whispers.values()]
    found += [Face(f"shrine:{kind}", "shrine", f"{kind.title()} shrine", texts.shrine(kind)) for kind in SHRINE_KINDS]
    return found
