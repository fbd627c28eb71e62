"""The models of Shadowscape's content rows: heroes, action cards, fate cards, enemies, rooms, treasures,
equipment, whispers and Dungeon Lords (``tables.py`` reads the files into them).

Rows are frozen pydantic models. Anything a card *does* beyond its printed numbers is an ``Effect``: an id
from ``effects.VOCABULARY`` plus its parameters, so effects are code keyed by id and a test proves every id in
the data has a meaning.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...content import ContentRow
from . import texts

Symbol = Literal["might", "arcane", "search", "move", "heal", "defence"]  # boost symbols on fate cards
Skill = Literal["valor", "faith", "guile", "lore"]  # skill symbols on action cards, counted in a Hero Area
ActionKind = Literal["attack", "magic", "search", "prepare", "heal", "special"]
Profession = Literal["Fighter", "Cleric", "Rogue", "Wizard"]
EnemyType = Literal["beast", "brigand", "undead"]
DoorSymbol = Literal["sun", "moon", "star", "crown"]
Side = Literal["n", "e", "s", "w"]
ShrineKind = Literal["arcane", "battle", "health", "armour", "foresight", "hero"]
Slot = Literal["weapon", "clothing", "trinket"]
Reach = Literal["room", "adjacent"]

Flavour = Annotated[str, Field(max_length=120, pattern=r"^[^0-9]*$")]  # colour only: no number, so no rule


SYMBOLS: tuple[Symbol, ...] = ("might", "arcane", "search", "move", "heal", "defence")
SYMBOL_NAMES: dict[str, str] = {symbol: symbol.capitalize() for symbol in SYMBOLS}  # as players read them
SKILLS: tuple[Skill, ...] = ("valor", "faith", "guile", "lore")
ENEMY_TYPES: tuple[EnemyType, ...] = ("beast", "brigand", "undead")
DOOR_SYMBOLS: tuple[DoorSymbol, ...] = ("sun", "moon", "star", "crown")
SIDES: tuple[Side, ...] = ("n", "e", "s", "w")
SHRINE_KINDS: tuple[ShrineKind, ...] = ("arcane", "battle", "health", "armour", "foresight", "hero")
BOOST_OF: dict[ActionKind, Symbol | None] = {  # the symbol that usually boosts each action (a card may differ)
    "attack": "might",
    "magic": "arcane",
    "search": "search",
    "prepare": None,
    "heal": "heal",
    "special": None,
}


class Effect(ContentRow):
    """What a card does beyond its numbers: an id with code behind it, and that code's parameters."""

    id: str
    amount: int = Field(default=0, ge=0)
    symbol: Symbol | None = None
    enemy: EnemyType | None = None
    skill: Skill | None = None


class ActionSide(ContentRow):
    """One face of an action card. ``value`` is the base amount (damage, search points, cards drawn, wounds
    healed); with ``per_skill`` the amount adds one per such skill symbol in the Hero Area. ``boost`` is the
    symbol that boosts it (``None``: it cannot be boosted). ``wounds`` is how many Wound slots the face has."""

    name: str
    action: ActionKind
    value: int = Field(ge=0)
    per_skill: Skill | None = None
    boost: Symbol | None
    reach: Reach = "room"
    skills: tuple[Skill, ...] = Field(default=(), max_length=2)
    wounds: int = Field(ge=0, le=2)
    effect: Effect | None = None
    flavour: Flavour = ""

    @property
    def rules(self) -> str:
        """What the face does, in words written from its fields (``texts.action``)."""
        return texts.action(self)

    @property
    def text(self) -> str:
        return texts.printed(self.flavour, self.rules)

    @model_validator(mode="after")
    def _heal_cannot_be_disabled(self) -> ActionSide:
        if self.action == "heal" and self.wounds:
            raise ValueError(f"{self.name}: a Heal face has no Wound slots (Heal cards cannot be disabled)")
        if self.action == "special" and self.effect is None:
            raise ValueError(f"{self.name}: a special action needs an effect")
        return self


class ActionCard(ContentRow):
    """A double-sided action card: a hero's own (``hero`` is its id) or a General Action card (``None``)."""

    id: str
    hero: str | None
    faces: tuple[ActionSide, ActionSide]


class Hero(ContentRow):
    """A hero card: attributes, Wound slots on the card itself, and a special ability that is never disabled."""

    id: str
    name: str
    profession: Profession
    movement: int = Field(ge=1, le=3)
    defence: int = Field(ge=0, le=4)
    hand_size: int = Field(ge=2, le=6)
    wounds: int = Field(ge=1, le=6)
    ability: Effect
    ability_name: str
    ability_flavour: Flavour = ""
    first_rules: int = Field(default=1, ge=1)  # drafts offer the hero from this rules version …
    last_rules: int | None = None  # … through this one: a redesign is a new row, and old matches keep the old

    @property
    def ability_text(self) -> str:
        return texts.printed(self.ability_flavour, texts.ability(self.ability))

    def offered_in(self, rules: int) -> bool:
        """Whether a draft under rules version ``rules`` offers this hero."""
        return self.first_rules <= rules and (self.last_rules is None or rules <= self.last_rules)


class FateText(ContentRow):
    """A fate card's green or red text: an effect, in words written from it."""

    effect: Effect

    @property
    def text(self) -> str:
        return texts.fate(self.effect)


class FateCard(ContentRow):
    """A fate card: boost symbols, the cooperative (green) and competitive (red, Bane) texts, and the enemy
    type the Enemy Phase activates when it is drawn there."""

    id: str
    name: str
    symbols: tuple[Symbol, ...] = Field(min_length=1, max_length=2)
    enemy: EnemyType
    coop: FateText
    bane: FateText


class EnemyKind(ContentRow):
    """A named kind of enemy: several tokens share it (and its advanced ability card)."""

    id: str
    name: str
    type: EnemyType
    defence: int = Field(ge=1, le=8)
    attack: int = Field(ge=1, le=6)
    ranged: bool
    ability: Effect  # the advanced game's Regular Enemy card
    ability_flavour: Flavour = ""

    @property
    def ability_text(self) -> str:
        return texts.printed(self.ability_flavour, texts.ability(self.ability))


class EnemyToken(ContentRow):
    """One enemy token: its kind and the door symbols it follows, left to right."""

    id: str
    kind: str
    doors: tuple[DoorSymbol, ...] = Field(min_length=1, max_length=3)


class RoomFace(ContentRow):
    """What a room shows: a door symbol per side (``None``: a wall), and its features. Sides are as the card
    is printed; the dungeon may turn a card a quarter at a time."""

    name: str
    doors: dict[Side, DoorSymbol | None]
    lair: EnemyType | None = None
    treasure: bool = False
    shard: bool = False
    shrine: ShrineKind | None = None

    @model_validator(mode="after")
    def _four_sides(self) -> RoomFace:
        if set(self.doors) != set(SIDES):
            raise ValueError(f"{self.name}: doors must name all four sides (null for a wall)")
        symbols = [d for d in self.doors.values() if d is not None]
        if len(symbols) != len(set(symbols)):
            raise ValueError(f"{self.name}: a room's doors show different symbols (enemies follow one)")
        return self


class Room(ContentRow):
    """A room card; a starting corner has a second face (``back``) and exactly two doors on each face."""

    id: str
    start: bool = False
    face: RoomFace
    back: RoomFace | None = None


class Treasure(ContentRow):
    id: str
    search: int = Field(ge=1, le=7)  # the search points needed to take it


class Equipment(ContentRow):
    id: str
    name: str
    slot: Slot
    professions: tuple[Profession, ...] = Field(min_length=1)  # who gets its benefit (anyone may hold it)
    shards: int = Field(ge=0, le=1)
    effect: Effect
    flavour: Flavour = ""

    @property
    def text(self) -> str:
        return texts.printed(self.flavour, texts.ability(self.effect))


class Place(ContentRow):
    """Where a whisper must be claimed: a room with this feature (``kind``), of this sort."""

    kind: Literal["lair", "shrine", "shard", "start", "centre", "treasure"]
    enemy: EnemyType | None = None
    shrine: ShrineKind | None = None


class Need(ContentRow):
    """What a whisper asks you to hold (or do): ``count`` of a kind of thing."""

    kind: Literal["trophy", "treasure", "equipment", "search", "lord"]
    count: int = Field(default=1, ge=1, le=4)
    enemy: EnemyType | None = None  # trophies of this type (any type if None)
    slot: Slot | None = None  # equipment of this slot (any if None)


class Whisper(ContentRow):
    id: str
    name: str
    shards: int = Field(ge=1, le=3)
    place: Place | None = None
    needs: tuple[Need, ...] = Field(default=(), max_length=3)
    flavour: Flavour = ""

    @property
    def text(self) -> str:
        return texts.printed(self.flavour, texts.whisper(self))


class LordSide(ContentRow):
    defence: int = Field(ge=1, le=20)
    attack: int = Field(ge=1, le=8)
    ranged: bool = False
    effect: Effect
    flavour: Flavour = ""

    @property
    def text(self) -> str:
        return texts.printed(self.flavour, texts.lord_side(self))


class Lord(ContentRow):
    id: str
    name: str
    competitive: LordSide
    cooperative: LordSide
