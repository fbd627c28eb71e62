"""Good vs Bad's state: the players (hands, Specials, Renown), their Heroes and Villains, the board's lengths and
marked spaces, the decks, and whose turn and which decision it is. Everything is immutable;
``engine.frozen.replace`` makes the next state.

Hidden information: each player's hand, the ten Item cards dealt face down for buying (unseen even by their
owner), a purchase sealed until every player has bought, and the order of every deck. Views show hands to
their owners and the rest as counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import Outcome
from ...frozen import replace
from ...rng import MatchRng
from .tables import DECKS, Deck

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SPECIAL_NAMES = ("Fire", "Frost", "Flight", "Shadow", "Thunder", "Venom", "Charm", "Iron", "Time", "Beasts", "Storms",
                 "Dreams")  # fmt: skip
DEALT_FOR_BUYING = 10
STARTING_STAT = 1
LAST_ROUND = 12
# The rules version from which the first player passes on each round: round r begins with the seat r - 1 places
# after the rolled first player (ours, against the later seats' edge between hard players).
ROTATING_FIRST = 2
# The rules version from which a Hero sees an Encounter's card before it fights, and may stand aside (ours: the
# Villain has its flight on a die, the Hero judges the foe it can see).
SIZING_UP = 3
# The rules version from which every printed word happens as printed (issue 42): Good 2 moves exactly two spaces,
# Bad 2 and 3 drag either way, a Wave's player names each Special it makes, Armour takes a point off every damage,
# a Trap stops every move past it, every fighter's Weapon counts in an Encounter, and no card is offered where it
# would do nothing.
AS_PRINTED = 4
# The rules version from which the two winning cards lie face up as Destiny cards, the champion is the piece whose
# stats together stand above every other piece of its kind, and a champion that loses a duel is defeated (ours,
# issue 44: the seed's only endings, which matches never reached).
DESTINIES = 5
# The rules version from which a tour under way when the last round ends plays on, for at most OVERTIME rounds
# more (ours, issue 44: four players' champions, crowned from round 5, had some fifty spaces to walk).
TOUR_PLAYS_ON = 6
OVERTIME = 3
DESTINY_CARDS = ("topple-the-new-god", "defeat-the-supervillain")
Kind = Literal["hero", "villain"]
KINDS: tuple[Kind, ...] = ("hero", "villain")
Side = Literal["good", "bad"]
SPECIAL_LEVEL = 6
Stage = Literal["name", "buy", "turn", "over"]


class GoodVsBadOptions(BaseModel):
    """Lobby options: how many rounds the default end comes after."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int = Field(LAST_ROUND, ge=6, le=20, description="Rounds before the game ends on Renown")


@dataclass(frozen=True, slots=True)
class Piece:
    """A Hero or a Villain. ``stats`` are Agility, Might and Smarts now; ``start`` their starting level (what
    healing restores; a Good Special's raise lifts it)."""

    seat: int
    kind: Kind
    place: str
    stats: tuple[int, int, int]
    start: tuple[int, int, int]
    items: tuple[str, ...] = ()  # Item cards laid beside it
    lose_turns: int = 0
    slowed: int = 0  # taken off its next move (a Bad 1 space)
    role: Literal["", "protector", "supervillain"] = ""
    toured: tuple[str, ...] = ()  # the other Home Bases a Protector or Supervillain has reached

    @property
    def id(self) -> int:
        return piece_id(self.seat, self.kind)

    @property
    def defeated(self) -> bool:
        return not any(self.stats)


@dataclass(frozen=True, slots=True)
class Player:
    """A seat: its Special, its hand (secret), its Renown, and while buying its unseen cards and sealed choice."""

    seat: int
    special_name: str = ""
    special: int = STARTING_STAT
    items: tuple[str, ...] = ()  # Item cards in hand (secret)
    events: tuple[str, ...] = ()  # Event cards in hand (secret)
    renown: int = 0
    dealt: tuple[str, ...] = ()  # the ten Item cards dealt face down for buying (secret even from the owner)
    purchase: tuple[int, int, int, int] | None = None  # sealed until every player has bought

    @property
    def hand_size(self) -> int:
        return len(self.items) + len(self.events)


@dataclass(frozen=True, slots=True)
class Mark:
    """A space made Good or Bad: its level (1–5), or at 6 the Special chosen for it; ``maker`` is the seat
    whose piece made or last raised it (ties of the default end count them)."""

    place: str
    side: Side
    level: int
    special: str = ""
    maker: int = -1


@dataclass(frozen=True, slots=True)
class Fixture:
    """An Item left on a space: a Villain's Trap or a Hero's Fortification."""

    place: str
    item: Literal["trap", "fortification"]
    seat: int


@dataclass(frozen=True, slots=True)
class Decks:
    """Every face-down pile (orders secret) and the discard piles (public)."""

    items: tuple[str, ...]
    events: tuple[str, ...]
    encounters: tuple[tuple[str, ...], ...]  # E, F, G, H
    item_discards: tuple[str, ...] = ()
    event_discards: tuple[str, ...] = ()

    def encounter_deck(self, grade: Deck) -> tuple[str, ...]:
        return self.encounters[DECKS.index(grade)]


@dataclass(frozen=True, slots=True)
class Task:
    """Work the turn still has to do, in order (``GvbState.agenda``): move a piece, resolve where it arrived,
    or pass the turn. Decisions stop the work; the driver (``turns.run``) picks it up after each one."""

    kind: Literal["move", "arrive", "effect", "encounter", "duel", "next_piece", "end_turn"]
    piece: int = -1
    came_from: str | None = None  # the place it stepped from onto its place (no doubling back)
    effect: str = ""  # for "effect": what the space it landed on does (its level when it landed)
    at: str = ""  # where it landed: an effect, encounter or duel waits only while the piece is still there


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the active player owes now, with its options (keys after the kind's prefix)."""

    kind: Literal[
        "roll",
        "order",
        "path",
        "raise",
        "home",
        "nudge",
        "worse",
        "reroll",
        "stat",
        "duel",
        "flee",
        "help",
        "escape",
        "rally",
        "discard",
        "wave",
    ]
    piece: int = -1
    options: tuple[str, ...] = ()
    paths: tuple[tuple[str, ...], ...] = ()  # for a path: each option's walk (the places entered, in order)
    seat: int = -1  # who decides, when not the active player (a Hero fleeing the Supervillain, a rally)
    challenger: int = -1  # for a rally: the piece that moved into the duel (it names the stat)
    spaces: tuple[str, ...] = ()  # for a wave: the spaces still to be named a Special, the first one now


@dataclass(frozen=True, slots=True)
class Window:
    """An Event in play and the answers to it: ``answers[seat]`` is None while that seat must still answer,
    "" for a seat not asked; ``negations`` counts Negations that have stood so far; ``against`` is the seat
    whose card (the Event, or the last Negation) the open window contests."""

    key: str
    player: int
    against: int
    answers: tuple[str | None, ...]
    negations: int = 0


@dataclass(frozen=True, slots=True)
class Call:
    """A call for help: a Hero's against an Encounter, or a Villain's rally against the Protector.
    ``answers[seat]`` is None while that seat's piece (on the same Connector) must still answer, "" for a seat
    not asked, else "join" or "decline" (public)."""

    hero: int  # the piece that called (a Hero in an Encounter, a Villain dueling the Protector)
    answers: tuple[str | None, ...]
    challenger: int = -1  # for a rally: the piece that moved into the duel, which names its stat


@dataclass(frozen=True, slots=True)
class GvbState:
    """The whole match."""

    players: tuple[Player, ...]
    pieces: tuple[Piece, ...]  # Red's Hero, Red's Villain, Blue's Hero, …
    lengths: tuple[int, ...]
    marks: tuple[Mark, ...]  # sorted by place
    fixtures: tuple[Fixture, ...]
    decks: Decks
    stage: Stage
    rounds: int
    round: int = 1
    first: int = 0
    active: int = 0
    roll: int = 0
    moved: tuple[int, ...] = ()  # pieces that have moved this turn
    shift: int = 0  # Weak Monsters (−) and Strong Monsters (+) waiting for the next Encounter
    pending: Pending | None = None
    window: Window | None = None  # an Event in play, open to Negation
    call: Call | None = None  # a call for help, being answered
    allies: tuple[int, ...] = ()  # Villains rallied to a duel against the Protector, until it is fought
    agenda: tuple[Task, ...] = ()
    used: tuple[tuple[int, str], ...] = ()  # (piece, "nudge" or "reroll"): once a turn each
    outcome: Outcome | None = None
    rng: MatchRng | None = None
    rules: int = 1
    destinies: tuple[str, ...] = ()  # the winning cards lying face up, for any champion's player (version 5)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    @property
    def starter(self) -> int:
        """The seat that begins the current round: the rolled first player, or from rules version 2 the seat
        ``round - 1`` places after it."""
        if self.rules < ROTATING_FIRST:
            return self.first
        return (self.first + self.round - 1) % len(self.players)

    def piece(self, seat: int, kind: Kind) -> Piece:
        return self.pieces[piece_id(seat, kind)]

    def with_player(self, player: Player) -> GvbState:
        return replace(self, players=_swap(self.players, player.seat, player))

    def with_piece(self, piece: Piece) -> GvbState:
        return replace(self, pieces=_swap(self.pieces, piece.id, piece))

    def answered(self) -> tuple[GvbState, Pending, Piece]:
        """The state with its pending decision taken off, that decision, and the piece it is about."""
        assert self.pending is not None, "no decision is pending"
        return replace(self, pending=None), self.pending, self.pieces[self.pending.piece]

    def discarded(self, *, items: tuple[str, ...] = (), events: tuple[str, ...] = ()) -> GvbState:
        """Cards onto the discard piles, face up."""
        decks = self.decks
        piles = replace(
            decks, item_discards=(*decks.item_discards, *items), event_discards=(*decks.event_discards, *events)
        )
        return replace(self, decks=piles)

    def spend(self, seat: int, card: str) -> GvbState:
        """One copy of ``card`` from ``seat``'s hand onto its discard pile (played, or discarded to the limit)."""
        player = self.players[seat]
        if card in player.items:
            hand = list(player.items)
            hand.remove(card)
            return self.with_player(replace(player, items=tuple(hand))).discarded(items=(card,))
        hand = list(player.events)
        hand.remove(card)
        return self.with_player(replace(player, events=tuple(hand))).discarded(events=(card,))

    def mark_at(self, place: str) -> Mark | None:
        return next((m for m in self.marks if m.place == place), None)

    def with_mark(self, mark: Mark) -> GvbState:
        kept = tuple(m for m in self.marks if m.place != mark.place)
        return replace(self, marks=tuple(sorted((*kept, mark), key=lambda m: m.place)))

    def without_mark(self, place: str) -> GvbState:
        return replace(self, marks=tuple(m for m in self.marks if m.place != place))

    @property
    def seats(self) -> range:
        return range(len(self.players))


def piece_id(seat: int, kind: Kind) -> int:
    return 2 * seat + KINDS.index(kind)


def piece_name(seat: int, kind: Kind) -> str:
    return f"{SEAT_NAMES[seat]}'s {kind.title()}"


def _swap(rows: tuple, index: int, row: object) -> tuple:  # type: ignore[type-arg]
    return (*rows[:index], row, *rows[index + 1 :])
