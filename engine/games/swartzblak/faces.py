"""Every printed face of The Shapeshifter of Swartzblak (issue 42): the powers the scenario prints for the
Shapeshifter, the Varmints, the Townspeople and the town, our Heroes' abilities, the actions of our skirmish
system a player reads as rules, and the scenario's three ways to win.

Swartzblak has no card data: its powers are code (``rules.py``, ``actions.py``), and their words are the
rulebook's (``docs/rules/swartzblak.md``, which ``/game rules`` pages): each face's text is a sentence of it,
word for word, so the two cannot drift (``tests/test_swartzblak_faces.py`` checks both that and what each face
does). Ids are ``<who>:<power>``.
"""

from __future__ import annotations

from ...content import Face

_FACES = (
    ("captain:guard", "ability", "Guard",
     "while she stands, the Beast cannot attack a Townsperson adjacent to her."),
    ("witch:hex", "ability", "Hex",
     "a Varmint or the Beast she could attack is Hexed until the end of this turn; every attack on it has "
     "Advantage."),
    ("ratcatcher:vermin-wise", "ability", "Vermin-wise", "his attacks on Varmints always have Advantage."),
    ("beast:beast", "power", "Beast", "the Beast cannot be Disabled except by an attack made with Advantage."),
    ("beast:large", "power", "Large",
     "The Beast covers 2 × 2 squares and charges: up to 3 squares in one straight line (north, east, south or "
     "west), leaping over Varmints and Disabled figures, pushing nothing. Standing Heroes and standing "
     "Townspeople stop it, and it must end on four empty squares."),
    ("beast:quick-change-artist", "power", "Quick Change Artist",
     "if the Shapeshifter (the Beast) becomes Wounded, it may at once use Everything Changes without paying "
     "(!)(!)."),
    ("beast:everything-changes", "power", "Everything Changes",
     "remove the Beast from play and place a Varmint from out of play on one of the squares the Beast covered, "
     "then secretly pick one of the Varmints in play as the Shapeshifter in disguise"),
    ("varmint:minion", "power", "Minion", "Varmints are Minions. A Minion that would be Wounded is Disabled instead."),
    ("varmint:mortal", "power", "Mortal", "Varmints cannot Recover."),
    ("varmint:scurry", "power", "Scurry", "a Varmint that successfully defends may move up to 3 at once"),
    ("varmint:big-old-problem", "power", "You've Got a Big Old Problem",
     "reveal which number Varmint is the Shapeshifter, remove that Varmint from play, and place the Beast where "
     "it was"),
    ("town:targetless", "power", "Targetless",
     "Heroes cannot target Townspeople for attacks. Varmints cannot target Townspeople for attacks. The Beast "
     "can: if its attack on a Townsperson hits, the Townsperson is Disabled and the Beast loses the Wounded "
     "condition if it had it."),
    ("town:blocking", "power", "Blocking",
     "Standing figures block the way (friend or foe; Townspeople especially, they are blocking)."),
    ("town:obscuring", "power", "Obscuring",
     "Standing Townspeople on it obscure it: the target rolls one extra defence die."),
    ("town:flee", "power", "Flee", "move all Townspeople up to six spaces each."),
    ("town:command", "power", "Command",
     "any unit (any standing Hero, Varmint or the Beast) commands a standing Townsperson within six spaces of "
     "it, as a stunt, and the Townsperson moves up to three squares"),
    ("town:alleyways", "terrain", "Alleyways",
     "Each is six tiles numbered 0–5, laid on squares of the grid. Every tile is adjacent to at least one other "
     "tile of its Alleyway, and one or more of its tiles is adjacent to an empty tile."),
    ("town:twists-and-turns", "terrain", "Twists and Turns",
     "rearrange a single Alleyway by placing its tiles in new positions without rotating them. The order of the "
     "tiles is preserved, and so is which figures stand on which tiles (they ride along). If a figure is on "
     "several tiles (the Beast), those tiles keep their positions. At least one tile that is adjacent to an "
     "empty tile stays where it is."),
    ("action:move", "action", "Move", "A figure walks up to its move, one edge step at a time."),
    ("action:attack", "action", "Attack",
     "The attack hits if the attacker's highest die is higher than the defender's highest die; ties go to the "
     "defender."),
    ("action:advantage", "action", "Advantage",
     "An attack has Advantage if the target is Hexed, or the Ratcatcher attacks a Varmint, or another standing "
     "figure of the attacker's side is adjacent to the target (flanking)."),
    ("action:recover", "action", "Recover",
     "a Wounded figure becomes healthy; a Disabled figure becomes Wounded, but only if no standing enemy is "
     "adjacent to it. Heroes and the Beast can Recover."),
    ("action:tend", "action", "Tend",
     "a standing Hero helps a Disabled Townsperson adjacent to it back on its feet, unharmed, provided the Beast "
     "is not standing beside that Townsperson."),
    ("win:disabled", "win", "The Shapeshifter kept down",
     "If the Shapeshifter is Disabled at the beginning of one of the Adversary's turns, and Disabled at the end "
     "of that same turn, the Adversary loses"),
    ("win:escape", "win", "The Shapeshifter escapes",
     "If the Shapeshifter is on Tile 5 of an Alleyway that connects to no other Alleyway, in animal form, with "
     "no Hero adjacent, at the end of one of the Heroes' turns, the Adversary wins."),
    ("win:town", "win", "The town unharmed",
     "If all six Townspeople are neither Wounded nor Disabled at the end of the Sixth Round, the Hero player "
     "wins."),
)  # fmt: skip


def faces() -> list[Face]:
    """Every face, in the rulebook's order of figures, town, actions and winning."""
    return [Face(face_id, kind, name, text) for face_id, kind, name, text in _FACES]
