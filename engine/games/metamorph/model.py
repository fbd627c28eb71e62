"""Metamorph's state: wizards, artifacts, the map and the turn in progress, all immutable.

Nothing here is hidden: Metamorph is a game of perfect information (the target shape is declared on the
public chart), so every seat's view is the whole position but the generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, model_validator

from ...core import Outcome
from ...frozen import replace
from ...geometry.hexes import Hex
from ...rng import MatchRng
from .tables import BLOB, HUMAN, SCHOOLS, TABLES, ConditionKind, Shape

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_SLUGS = tuple(name.lower() for name in SEAT_NAMES)
DIE = 6  # a die's worth of turns is 1 to 6
MAX_MANA = 50
START_MANA = 50
KEY_WARD_VERSION = 2  # the rules version that brought the Key's ward (docs/rules/metamorph.md)
PRINTED_VERSION = 3  # the rules version in which every printed word happens (issue 42; docs/rules/metamorph.md)
Scenario = Literal["duel", "war", "key"]
Mode = Literal["L", "W", "A"]
MODE_NAMES = {"L": "land", "W": "water", "A": "air"}


class MetamorphOptions(BaseModel):
    """Lobby options: the scenario, its variant, and the seed's two optional rules."""

    model_config = {"frozen": True, "extra": "forbid"}
    scenario: Literal["duel", "war", "key"] = "duel"
    human_kills: bool = False  # duel variant: a kill counts only if the killer or the victim is Human
    central_font: bool = False  # war variant: one Font at the centre instead of one carried by each wizard
    specialization: bool = False
    flying_high: bool = False
    rounds: Literal[10, 20, 30, 60] = 60  # ours: the match is drawn when this many rounds pass without a winner

    @model_validator(mode="after")
    def _variant_fits(self) -> MetamorphOptions:
        if self.human_kills and self.scenario != "duel":
            raise ValueError("human_kills is a variant of the duel")
        if self.central_font and self.scenario != "war":
            raise ValueError("central_font is a variant of the Wizard War")
        return self


@dataclass(frozen=True, slots=True)
class Condition:
    """A lasting effect on a wizard: ``turns`` of its own turns left (counted down as each ends)."""

    kind: ConditionKind
    turns: int


@dataclass(frozen=True, slots=True)
class Wizard:
    """One wizard. ``shape`` is the body it has now (the Blob while changing); ``target`` and ``cell`` are its
    declared target shape and the chart cell its change has reached (``None`` when not changing)."""

    seat: int
    shape: str
    hex: Hex | None  # None once dead or off the map
    facing: int
    damage: int = 0
    mana: int = START_MANA
    alive: bool = True
    left_map: bool = False
    target: str | None = None
    cell: tuple[int, int] | None = None
    flying: bool = False
    high: bool = False
    rising: int = 0  # flying high: +1 climbing, -1 descending; takes effect as its next turn begins
    school: str | None = None
    conditions: tuple[Condition, ...] = ()
    struck: tuple[int, ...] = ()  # seats it attacked hand to hand in its last turn

    @property
    def body(self) -> Shape:
        return TABLES.shapes[self.shape]

    @property
    def on_board(self) -> bool:
        return self.alive and not self.left_map and self.hex is not None

    @property
    def health(self) -> int:
        return self.body.hlt - self.damage

    @property
    def changing(self) -> bool:
        return self.target is not None

    @property
    def pinned(self) -> bool:
        """Whether a hold, a web or a constriction keeps it from moving (on its next turn, or this one)."""
        return bool(self.conditions) and any(self.condition(c) for c in ("held", "web", "constrict"))

    def condition(self, kind: str) -> int:
        """Turns left of a condition (0 if it has none; most wizards have none, asked many times a decision)."""
        if not self.conditions:
            return 0
        return max((c.turns for c in self.conditions if c.kind == kind), default=0)

    def with_condition(self, kind: str, turns: int) -> Wizard:
        """The wizard with ``kind`` lasting ``turns`` more of its turns (the longer of old and new)."""
        kept = tuple(c for c in self.conditions if c.kind != kind)
        turns = max(turns, self.condition(kind))
        return replace(self, conditions=tuple(sorted((*kept, Condition(kind, turns)), key=lambda c: c.kind)))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Artifact:
    """The Key of Solomon or a Mana Font: on the ground at ``hex``, or carried by ``carrier``."""

    id: str  # "key", "font1" … (a Font's number is its first owner's seat + 1; 0 for the central one)
    hex: Hex | None
    carrier: int | None = None
    damage: int = 0
    destroyed: bool = False

    @property
    def kind(self) -> Literal["key", "font"]:
        return "key" if self.id == "key" else "font"

    @property
    def toughness(self) -> int:
        return TABLES.artifacts[self.kind].toughness

    @property
    def name(self) -> str:
        if self.kind == "key":
            return "the Key of Solomon"
        return "the central Mana Font" if self.id == "font0" else f"Mana Font {self.id[4:]}"


@dataclass(frozen=True, slots=True)
class TurnDone:
    """What the active wizard has used this turn, and what it saw when the turn began."""

    moved: bool = False
    cast: bool = False
    special: bool = False
    attacked: bool = False
    sprint: bool = False
    charge_run: int = 0  # hexes between start and end of a forward move (Charge needs 3)
    seen: tuple[int, ...] = ()  # seats in sight as the turn began
    struck: tuple[int, ...] = ()  # seats attacked hand to hand this turn
    rising: bool = False  # climbing or descending (flying high) instead of moving
    teleported: bool = False  # no hand-to-hand attack after a Teleport in the same turn (ours)


@dataclass(frozen=True, slots=True)
class MetaState:
    """A whole match. ``grid`` is the map as rows of terrain letters in offset coordinates ('.' is no map)."""

    options: MetamorphOptions
    rules_version: int
    grid: tuple[str, ...]
    geomorphs: tuple[str, ...]  # the layout, for the log and the board: "id@col,row[^]" (^ turned)
    wizards: tuple[Wizard, ...]
    artifacts: tuple[Artifact, ...]
    order: tuple[int, ...]  # this round's turn order
    index: int  # whose turn in ``order``
    round: int
    turns: int  # wizard turns begun so far
    done: TurnDone
    rng: MatchRng
    choosing_school: bool = False
    outcome: Outcome | None = None
    last_path: tuple[Hex, ...] = ()  # the last move's start and end, for the board's highlight
    pending: tuple[str, ...] = ()  # the stages of a move, Morph or Teleport picked so far (keys.py): ("move", "L")

    @property
    def active(self) -> int:
        return self.order[self.index]

    def wizard(self, seat: int) -> Wizard:
        return self.wizards[seat]

    def with_wizard(self, wizard: Wizard) -> MetaState:
        wizards = list(self.wizards)
        wizards[wizard.seat] = wizard
        return replace(self, wizards=tuple(wizards))

    def with_artifact(self, artifact: Artifact) -> MetaState:
        return replace(self, artifacts=tuple(artifact if a.id == artifact.id else a for a in self.artifacts))

    def artifact(self, artifact_id: str) -> Artifact:
        return next(a for a in self.artifacts if a.id == artifact_id)

    def held_by(self, seat: int) -> tuple[Artifact, ...]:
        return tuple(a for a in self.artifacts if a.carrier == seat and not a.destroyed)

    def carries_key(self, seat: int) -> bool:
        """Whether ``seat``'s wizard holds the Key of Solomon (its INT bonus, the ward, the way off the map)."""
        for artifact in self.artifacts:  # a loop, not a generator: asked for every speed and every spell
            if artifact.id == "key":
                return artifact.carrier == seat and not artifact.destroyed
        return False

    @property
    def key_ward(self) -> bool:
        """Rules version 2 (ours): the Key's ward, a slow bearer, the Key near the centre."""
        return self.rules_version >= KEY_WARD_VERSION

    @property
    def as_printed(self) -> bool:
        """Rules version 3 (ours): every printed word happens, and nothing is offered that cannot have its
        effect (docs/rules/metamorph.md, Rules versions)."""
        return self.rules_version >= PRINTED_VERSION

    def standing(self) -> tuple[Wizard, ...]:
        return tuple([w for w in self.wizards if w.on_board])  # a list first: quicker than a generator


FLIGHT_CHANGE_DAMAGE = 4  # the seed: changing shape in flight without landing first


def morph_cost(wizard: Wizard) -> int:
    """The mana a Morph costs the wizard now: 1, its damage, and in flight the 4 damage the change adds first."""
    return 1 + wizard.damage + (FLIGHT_CHANGE_DAMAGE if wizard.flying else 0)


def can_morph(state: MetaState, wizard: Wizard) -> bool:
    """Whether Morph is on offer at all (its level and the turn's spell aside): not while a change is under way,
    and only while the mana covers it. From rules version 3 the whole price in flight, and never when the 4 damage
    of changing in flight would kill: a Morph that can only kill its caster, or turn it back to Human whatever
    shape it names, is no play (land first). Version 2 offered it whenever 1 + the damage was covered."""
    if wizard.changing:
        return False
    if not state.as_printed:
        return wizard.mana >= 1 + wizard.damage
    survives = not wizard.flying or wizard.damage + FLIGHT_CHANGE_DAMAGE < wizard.body.hlt
    return survives and wizard.mana >= morph_cost(wizard)


def intelligence(state: MetaState, wizard: Wizard) -> int:
    """The shape's intelligence, +1 while carrying the Key of Solomon (data/artifacts.json)."""
    return wizard.body.int_ + (TABLES.artifacts["key"].int_bonus if state.carries_key(wizard.seat) else 0)


def article(name: str) -> str:
    """ "a Rat", "an Eel", "a Unicorn": a shape's name with its indefinite article (by the sound: "Uni" reads
    "you")."""
    vowel = name[0] in "AEIOU" and not name.startswith("Uni")
    return f"{'an' if vowel else 'a'} {name}"


def slug(name: str) -> str:
    """A shape's name as a key fragment: "Giant Spider" → "giant-spider"."""
    return name.lower().replace(" ", "-")


SHAPE_BY_SLUG = {slug(name): name for name in TABLES.shapes}
SCHOOL_BY_SLUG = {school.lower(): school for school in SCHOOLS}
NO_SCHOOL = "none"  # Specialization, rules version 3: a wizard *can* belong to a school (the seed), so it may not


def maintenance(wizard: Wizard, specialization: bool) -> int:
    """Mana the wizard's shape costs each turn; Human and the Blob cost nothing. Specialists pay 1 less for
    their school's shapes (at least 1) and 1 more for the other schools'."""
    body = wizard.body
    if body.name in (HUMAN, BLOB) or not specialization or wizard.school is None:
        return body.cst
    return max(1, body.cst - 1) if body.shape_class == wizard.school else body.cst + 1
