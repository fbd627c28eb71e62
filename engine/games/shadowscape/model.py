"""Shadowscape's state: the dungeon, the heroes (each a seat), the tokens on the board, the decks and markets,
the Dungeon Lord, and whose turn and which stage it is. Everything is immutable; ``dataclasses.replace``
makes the next state.

Hidden information: each hero's hand of fate cards, and the order of every face-down pile (fate deck, enemy
piles, treasure pile, equipment, action and whisper decks). Views (``views.py``) show hands to their owners
and piles only as counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import Outcome
from ...frozen import replace
from ...rng import MatchRng
from .dungeon import Laid, Place

Mode = Literal["competitive", "cooperative"]
Difficulty = Literal["standard", "challenging", "difficult", "very_difficult"]
DIFFICULTY_DISCARDS: dict[str, int] = {"standard": 0, "challenging": 5, "difficult": 10, "very_difficult": 15}
Phase = Literal["draft", "place", "action", "enemy", "over"]
TOKEN_LIMIT = 3  # trophies and treasures together in a Hero Area
LONG_DARK = 3  # competitive: the fate deck's third reshuffle starts the final turns, Lord or not (ours)
# The rules version from which the Long Dark is even-handed: the round it falls in plays out (everyone has had as
# many turns), and a tie after it goes by tokens, then is shared.
FAIR_LONG_DARK = 2
# The rules version from which the first player's first turn of a competitive game has one action, not two.
FIRST_TURN_HANDICAP = 2
# The rules version (3 alone) whose cooperative game lays a third of the whispers the competitive one removes under
# the deck (the rest on top), rather than all of them on top: fewer to dig through before the Lord's.
LORD_NEARER = 3
# The rules version from which every face does what its text says: riders on every action, the player choosing
# where Wounds land and which a Heal removes, heal cards never disabled, curses that wound, spawns that wait
# (docs/rules/shadowscape.md, Rules versions: version 5).
PRINTED_WORD = 5
ACTIONS_PER_TURN = 2
DECK_RAN_OUT = Outcome(frozenset(), "The fate deck ran out: the dungeon keeps the heroes.")  # co-op's defeat
MARKET = 4


class ShadowOptions(BaseModel):
    """Lobby options: the mode, and for the cooperative game its difficulty and the seed's two extra dials."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode = Field("competitive", description="Competitive (most Shadow Shards) or cooperative (slay the Lord)")
    difficulty: Difficulty = Field("standard", description="Co-op: fate cards discarded at setup (0, 5, 10, 15)")
    advanced: bool = Field(False, description="Advanced enemies: the Regular Enemy cards' abilities")
    double_fate: bool = Field(False, description="Co-op: the Enemy Phase draws two fate cards")


@dataclass(frozen=True, slots=True)
class CardState:
    """An action card in a Hero Area: which face is up, whether it is exhausted this turn, its Wounds."""

    card: str
    face: int = 0
    exhausted: bool = False
    wounds: int = 0


@dataclass(frozen=True, slots=True)
class HeroState:
    """One seat's hero. ``hand`` is secret (fate card ids); the rest of the Hero Area is public."""

    seat: int
    hero: str | None = None  # chosen in the draft
    place: Place | None = None  # placed after the draft
    cards: tuple[CardState, ...] = ()
    wounds: int = 0  # on the hero card
    hand: tuple[str, ...] = ()
    trophies: tuple[str, ...] = ()  # enemy token ids
    treasures: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    whispers: tuple[str, ...] = ()
    guard: int = 0  # extra Defence until this hero's player's next turn (guard, bolster)
    stuck: bool = False  # collapse: the next Move may not leave the room

    def card(self, card_id: str) -> CardState:
        return next(c for c in self.cards if c.card == card_id)

    def with_card(self, changed: CardState) -> HeroState:
        return replace(self, cards=tuple(changed if c.card == changed.card else c for c in self.cards))


@dataclass(frozen=True, slots=True)
class Piles:
    """Decks (top first; their order is secret), discard piles and face-up markets."""

    fate: tuple[str, ...]
    fate_discard: tuple[str, ...] = ()
    enemies: tuple[tuple[str, ...], ...] = ((), (), ())  # face-down pile per enemy type (beast, brigand, undead)
    enemy_discard: tuple[tuple[str, ...], ...] = ((), (), ())
    treasures: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    equipment_market: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    action_market: tuple[str, ...] = ()
    whispers: tuple[str, ...] = ()
    whisper_row: tuple[str, ...] = ()
    reshuffles: int = 0  # times the fate deck was rebuilt from its discard pile (competitive)


def topped_up(market: tuple[str, ...], deck: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A face-up market refilled from the top of its deck to four cards (as far as the deck goes)."""
    taken = max(0, MARKET - len(market))
    return (*market, *deck[:taken]), deck[taken:]


@dataclass(frozen=True, slots=True)
class LordState:
    lord: str
    place: Place | None = None  # on the board once its whisper is revealed
    damage: int = 0  # stays until it is eliminated (ours)
    slain_by: int | None = None  # the seat whose hero dealt the final blow


@dataclass(frozen=True, slots=True)
class Used:
    """What the active player has used this turn."""

    actions: int = 0
    claimed: bool = False
    altered: bool = False
    free_symbols: tuple[str, ...] = ()  # symbols whose once-per-turn free boost was already spent
    slipped: bool = False  # slip_past spent
    searched: tuple[Place, ...] = ()  # rooms searched this turn (whispers that ask for a Search there)
    attacked: bool = False  # an attack was made this turn (Second Weapon adds to the first)
    ambushed: tuple[str, ...] = ()  # enemies that have sprung their ambush this turn


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the rules wait for that is not the active player's ordinary choice.

    ``defend``: the attacked hero's player boosts Defence (a reaction on another player's turn); ``wounds``:
    that player says which action cards take the Wounds the hero card cannot; ``hit``: the active player picks
    the next activated enemy's attack and target; ``lair``: which Lair stays empty when tokens run short;
    ``drop``: discard down to the Hand Size after a Prepare; ``token``: discard a trophy or treasure over the
    limit of 3; ``foresee``: put the top fate cards back in an order; ``mend``: which Wounds a Heal removes
    (from version 5, where ``wounds`` also covers the hero card: the player chooses every spot)."""

    kind: Literal["defend", "wounds", "hit", "lair", "drop", "token", "foresee", "mend"]
    seat: int
    attacker: str = ""  # an enemy token id, or "lord"
    damage: int = 0
    count: int = 0  # cards to drop, Wounds to place or remove, cards to order
    queue: tuple[str, ...] = ()  # activated enemies that have still to attack
    resume: bool = False  # an attack in the Action Phase (an ambush): the turn goes on after it
    patient: int = -1  # mend: whose Wounds the deciding player removes


@dataclass(frozen=True, slots=True)
class ShadowState:
    options: ShadowOptions
    dungeon: tuple[Laid, ...]
    heroes: tuple[HeroState, ...]
    enemies: tuple[tuple[str, Place], ...]  # tokens on the board
    treasures: tuple[tuple[str, Place], ...]  # treasure tokens on the board
    piles: Piles
    lord: LordState
    first: int  # the first player (seat)
    active: int
    phase: Phase
    turn: int
    used: Used
    pending: Pending | None
    final_turns: tuple[int, ...] | None  # seats still owed their last turn, once the Lord's whisper is claimed
    lord_claimer: int | None
    outcome: Outcome | None
    rng: MatchRng
    rules: int = 1
    stunned: tuple[str, ...] = ()  # enemies that skip the coming Enemy Phase
    weakened: tuple[tuple[str, int], ...] = ()  # enemies' Defence lowered until the end of the turn

    def hero(self, seat: int) -> HeroState:
        return self.heroes[seat]

    def with_hero(self, changed: HeroState) -> ShadowState:
        return replace(self, heroes=tuple(changed if h.seat == changed.seat else h for h in self.heroes))

    @property
    def cooperative(self) -> bool:
        return self.options.mode == "cooperative"

    @property
    def short_first_turn(self) -> bool:
        """Whether the first player's first turn has one action, not two (ours: competitive, rules version 2)."""
        return not self.cooperative and self.rules >= FIRST_TURN_HANDICAP
