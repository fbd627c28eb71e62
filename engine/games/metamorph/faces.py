"""Every printed face of Metamorph's content (the face audit, issue 42): each shape's row of figures, each special,
each spell, each terrain and each artifact, as a player reads them.

Shape rows and terrain are printed from their data here (the figures are the rules a player reads: speeds, wits,
body, upkeep, specials; what a terrain costs, hides and favours). Specials, spells and artifacts print the text
their data file gives, beside their cost; ``tests/test_metamorph_faces.py`` plays each and checks that what the
text promises happens. Ids are stable: ``shape:giant-spider``, ``special:bite``, ``spell:slow``,
``terrain:forest``, ``artifact:key``.
"""

from __future__ import annotations

from ...content import Face
from .model import slug
from .tables import CLASS_NAMES, TABLES, ArtifactKind, Shape, Special, Spell, Terrain

FIGURES = ("int_", "ls", "ws", "as_", "arm", "agi", "att", "hlt", "cst")
FIGURE_NAMES = ("INT", "LS", "WS", "AS", "ARM", "AGI", "ATT", "HLT", "CST")


def faces() -> list[Face]:
    """Every face, in a fixed order: shapes (the table's order), specials, spells, terrain, artifacts."""
    found = [Face(f"shape:{slug(s.name)}", "shape", s.name, shape_text(s)) for s in TABLES.shapes.values()]
    found += [Face(f"special:{s.id}", "special", s.name, special_text(s)) for s in TABLES.specials.values()]
    found += [Face(f"spell:{s.id}", "spell", s.name, spell_text(s)) for s in TABLES.spells.values()]
    found += [Face(f"terrain:{t.id}", "terrain", t.name, terrain_text(t)) for t in TABLES.terrain.values()]
    found += [Face(f"artifact:{a.id}", "artifact", a.name, artifact_text(a)) for a in TABLES.artifacts.values()]
    return found


def shape_text(shape: Shape) -> str:
    """A shape's row: "Large Mammal: INT 5, LS 3, … CST 0. Specials: Hands, Rest."."""
    figures = ", ".join(f"{name} {getattr(shape, field)}" for field, name in zip(FIGURES, FIGURE_NAMES, strict=True))
    specials = ", ".join(TABLES.specials[s].name for s in shape.specials) or "none"
    return f"{shape.size} {CLASS_NAMES[shape.shape_class]}: {figures}. Specials: {specials}."


def special_text(special: Special) -> str:
    """A special's text and what it costs (passives cost nothing and are never spent)."""
    if special.kind == "passive":
        return special.text
    return f"{special.text} Costs {special.cost} mana."


def spell_text(spell: Spell) -> str:
    """A spell's level (the intelligence it needs and the mana it costs) and its text."""
    return f"Level {spell.level}: needs intelligence {spell.level} and costs {spell.level} mana. {spell.text}"


def terrain_text(terrain: Terrain) -> str:
    """What a terrain does, from its row: walking (and climbing) in, swimming, sight, the classes it favours."""
    walk = f"walking in costs {terrain.land_cost}" if terrain.land_cost else "no walking in"
    if terrain.climb_cost != terrain.land_cost:
        walk += f" ({terrain.climb_cost} with Climb)" if terrain.climb_cost else " (none with Climb)"
    swim = "swimmers may enter and a Mana Font here gives nothing" if terrain.water else "no swimming in"
    sight = "it blocks sight" if terrain.blocks_sight else "it does not block sight"
    favoured = " and ".join(CLASS_NAMES[c] for c in terrain.favoured) or "no class"
    return (
        f"{terrain.name} ({terrain.letter}): {walk}; {swim}; flying in costs 1; {sight}. Favoured by {favoured}"
        " shapes: +1 to hit from it and their full facing changes."
    )


def artifact_text(artifact: ArtifactKind) -> str:
    return artifact.text
