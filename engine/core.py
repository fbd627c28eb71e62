"""The interface every game implements and every other part of Changeling uses.

A game is a stateless object of rules; a match is a sequence of immutable states. The bot, the match service
and the AI only ever talk to a game through this class, so a new game needs no change outside its module.

Order of the interface, as in each game module: metadata, setup, who decides, legal choices and keys, apply,
outcome, views, AI hooks, JSON.
"""

from __future__ import annotations

import json
import typing
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from .codec import from_json, to_json
from .errors import GameOver, IncompatibleState, InvalidSetup, MalformedKey, NotYourTurn
from .rng import MatchKey, MatchRng, Rng

S = TypeVar("S")  # the game's full state (with secrets and the generator)
A = TypeVar("A")  # the game's action type
V = TypeVar("V", bound="View")  # what one seat (or a spectator) may see

KEY_LIMIT = 100  # what Discord allows in a select value and a command choice
LABEL_LIMIT = 100
STEP_LIMIT = 25  # options in one select


class NoOptions(BaseModel):
    """Options of a game that has none."""

    model_config = {"frozen": True, "extra": "forbid"}


@dataclass(frozen=True)
class GameMeta:
    """What a lobby, a help page or a picker needs to know about a game before any match exists."""

    id: str
    title: str
    summary: str
    seat_names: tuple[str, ...]
    min_players: int
    max_players: int
    rules_version: int  # the version new matches play
    max_decisions: int
    options: type[BaseModel] = NoOptions
    cooperative: bool = False
    hidden_information: bool = False
    older_rules: tuple[int, ...] = ()  # earlier versions that matches started under still play to their end
    hotseat: bool = False  # one user may hold several seats (a solo game of two hands)
    natural_players: int = 2  # the seats of a lobby the AI fills when no count is asked for (Metamorph's duel: two)

    def plays(self, rules_version: int) -> bool:
        """Whether this code can play (and load) a match started under ``rules_version``."""
        return rules_version == self.rules_version or rules_version in self.older_rules


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal decision as a player sees it: a stable key, a readable label, and a picker group."""

    key: str
    label: str
    group: str | None = None

    def __post_init__(self) -> None:
        if not self.key or len(self.key) > KEY_LIMIT:
            raise ValueError(f"choice key must be 1..{KEY_LIMIT} characters: {self.key!r}")
        if not self.label or len(self.label) > LABEL_LIMIT:
            raise ValueError(f"choice label must be 1..{LABEL_LIMIT} characters: {self.label!r}")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a decision made in steps: a prompt and up to 25 options (a select's worth), of which the
    seat picks between ``least`` and ``most`` (a multi-select when ``most`` > 1). Option keys are fragments
    of a path, not whole keys; see ``engine/steps.py``."""

    prompt: str
    options: tuple[Choice, ...]
    least: int = 1
    most: int = 1

    def __post_init__(self) -> None:
        if not 1 <= len(self.options) <= STEP_LIMIT:
            raise ValueError(f"a step offers 1..{STEP_LIMIT} options, not {len(self.options)}")
        if not 0 <= self.least <= self.most <= len(self.options) or self.most < 1:
            raise ValueError(f"a step picks {self.least}..{self.most} of {len(self.options)} options")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A line of the match log: what everyone reads, and what particular seats read instead."""

    public: str
    private: tuple[tuple[int, str], ...] = ()

    @classmethod
    def secret(cls, public: str, private: Mapping[int, str]) -> LogEntry:
        """An entry whose owners read their own text (``private``) and everyone else reads ``public``."""
        return cls(public, tuple(sorted(private.items())))

    def line_for(self, seat: int | None) -> str:
        """The text this seat reads (``None`` is a spectator)."""
        for owner, text in self.private:
            if owner == seat:
                return text
        return self.public

    def line_for_seats(self, seats: Collection[int]) -> str:
        """The text the holder of ``seats`` reads: each held seat's own text (in seat order, once each), else
        the public text. A user playing two hands reads both."""
        own = [text for owner, text in self.private if owner in seats]
        return "\n".join(dict.fromkeys(own)) if own else self.public


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: the winning seats (one, a team, or none), whether it was a draw, and why."""

    winners: frozenset[int]
    reason: str
    draw: bool = False

    @classmethod
    def win(cls, *seats: int, reason: str) -> Outcome:
        return cls(frozenset(seats), reason)

    @classmethod
    def drawn(cls, reason: str) -> Outcome:
        return cls(frozenset(), reason, draw=True)


@dataclass(frozen=True, slots=True)
class View:
    """Fields every view shares; each game's view type extends it with its own board.

    A view holds only what ``viewer`` may know (``None`` is the public view for spectators): never the
    generator, never another seat's secret. The renderer and the bot are handed views, never states.
    """

    game: str
    viewer: int | None
    seat_names: tuple[str, ...]
    turn: int
    to_decide: tuple[int, ...]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The result of ``apply``: the next state and the log entries the decision produced."""

    state: S
    log: tuple[LogEntry, ...] = field(default_factory=tuple)


class Game(ABC, Generic[S, A, V]):
    """Rules of one game. Stateless: every method is a pure function of its arguments."""

    meta: ClassVar[GameMeta]
    state_type: ClassVar[type]
    view_type: ClassVar[type]

    # -- setup ---------------------------------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        """Validate lobby options into the game's options model; bad values raise ``InvalidSetup``."""
        if isinstance(raw, self.meta.options):
            return raw
        try:
            return self.meta.options.model_validate(_from_text(self.meta.options, dict(raw or {})))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise InvalidSetup(f"Those options don't fit {self.meta.title}: {problems}") from exc

    def seat_names(self, players: int) -> tuple[str, ...]:
        """Names of the seats in a match of ``players`` players."""
        return self.meta.seat_names[:players]

    def setup(
        self,
        options: Mapping[str, Any] | BaseModel | None,
        players: int,
        seed: int | MatchKey,
        *,
        rules_version: int | None = None,
    ) -> S:
        """The opening state of a match; checks the player count, then defers to ``initial_state``.

        ``seed`` is the match's key (``MatchKey``: its generator and secret); a plain integer is the secret
        of a keyed generator, for tests and benches. ``rules_version`` is the version the match was started
        under (default: the current one); a match keeps it to its end."""
        if not self.meta.min_players <= players <= self.meta.max_players:
            raise InvalidSetup(
                f"{self.meta.title} needs {self.meta.min_players}–{self.meta.max_players} players, not {players}."
            )
        version = self.meta.rules_version if rules_version is None else rules_version
        if not self.meta.plays(version):
            raise IncompatibleState(f"this Changeling cannot play version {version} of {self.meta.title}")
        rng = seed.rng() if isinstance(seed, MatchKey) else Rng(seed)
        return self.initial_state(self.parse_options(options), players, rng, version)

    @abstractmethod
    def initial_state(self, options: Any, players: int, rng: MatchRng, rules_version: int) -> S:
        """The opening state, drawing any setup randomness from ``rng``; a game with older rules versions
        keeps ``rules_version`` in the state and reads it through ``rules_version_of``."""

    def rules_version_of(self, state: S) -> int:
        """The rules version ``state`` is played under (games with a single version need not override)."""
        return self.meta.rules_version

    # -- who decides ---------------------------------------------------------------------------------------

    @abstractmethod
    def to_decide(self, state: S) -> tuple[int, ...]:
        """Seats that must decide now, in seat order; empty exactly when the match is over."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The 1-based turn counter players see."""

    # -- legal choices and keys ----------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every legal action of ``seat`` in a fixed, deterministic order (empty if it need not decide).

        A game that builds long decisions in stages lists the current stage's decisions (Metamorph: a move's
        mode, then its hex, then its facing); it accepts the whole decision at any stage too, and its AI may
        play that."""

    @abstractmethod
    def action_key(self, action: A) -> str:
        """The compact, stable key of an action (at most 100 characters)."""

    @abstractmethod
    def parse_key(self, key: str) -> A:
        """The action a key names; text that is no key of this game raises ``MalformedKey``."""

    @abstractmethod
    def describe(self, state: S, seat: int, action: A) -> Choice:
        """The key, human label and picker group of a legal action, as ``seat`` sees it."""

    def choices(self, state: S, seat: int) -> list[Choice]:
        """The legal choices of ``seat``, in the order of ``legal_actions``."""
        return [self.describe(state, seat, action) for action in self.legal_actions(state, seat)]

    def suggestions(self, state: S, seat: int, typed: str) -> list[Choice]:
        """What a typed move (``/game move``) suggests for the text typed so far: the choices whose label or key
        holds it. A game of stages adds the whole decisions the text begins (Metamorph: ``move:L:f7`` offers
        the facings at f7, though the stage asks for the mode)."""
        needle = typed.strip().lower()
        return [c for c in self.choices(state, seat) if needle in c.label.lower() or needle in c.key.lower()]

    def pass_key(self, state: S, seat: int) -> str | None:
        """In a reaction window (a decision another seat's action opened, which ``seat`` may decline), the key
        that declines it; ``None`` for an ordinary decision. A window asks every seat that could respond, not
        only those holding a fitting card, so being asked says nothing of a hand; players who chose auto-pass
        answer with this key at once."""
        return None

    def position_key(self, state: S, seat: int) -> Hashable | None:
        """A key equal for any two states in which ``seat`` has the same legal actions, so that a search may
        list them once per position and not once per visit (``None``: no such key, list them every time)."""
        return None

    def prompt(self, state: S, seat: int) -> str:
        """One line telling ``seat`` what kind of decision it faces now, shown above its choices.

        Shown only to that seat, so it may mention what the seat alone knows; games override the default.
        """
        return "Your decision."

    def steps(self, state: S, seat: int, path: tuple[str, ...]) -> Step | str | None:
        """A decision of the game's own built in steps (card, then target, then the cards to discard): the next
        ``Step`` after the fragments in ``path``, or the whole key once ``path`` completes a decision.

        ``None`` (the default): the game has no steps of its own, and ``engine.steps`` splits the legal
        choices into select-sized steps by group. A multi-select step's picks are one path fragment, joined
        with ``+``."""
        return None

    # -- apply ---------------------------------------------------------------------------------------------

    def apply(self, state: S, seat: int, action: A) -> Transition[S]:
        """Play ``action`` for ``seat``: checks whose decision it is, then the rules of the game.

        Pure: ``state`` is untouched. An illegal action raises a typed ``EngineError`` with a reason a player
        can read.
        """
        if self.outcome(state) is not None:
            raise GameOver("This match is over; no more moves can be made.")
        if seat not in self.to_decide(state):
            raise NotYourTurn("It isn't your turn to decide.")
        return self.apply_legal(state, seat, action)

    def apply_listed(self, state: S, seat: int, action: A) -> Transition[S]:
        """Play an action that ``legal_actions(state, seat)`` listed for this very state, as search does; a game
        may skip checking it again (the default checks, like ``apply``)."""
        return self.apply(state, seat, action)

    @abstractmethod
    def apply_legal(self, state: S, seat: int, action: A) -> Transition[S]:
        """Check ``action`` against the rules (raising ``IllegalAction`` with the reason) and play it."""

    def act(self, state: S, seat: int, key: str) -> Transition[S]:
        """Parse ``key`` and apply it: the one call a front end needs."""
        if not isinstance(key, str):
            raise MalformedKey("That choice could not be read.")
        return self.apply(state, seat, self.parse_key(key.strip()))

    # -- outcome -------------------------------------------------------------------------------------------

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or ``None`` while it goes on."""

    # -- views ---------------------------------------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: the public view). Never the generator or another seat's secret."""

    def view_of_seats(self, state: S, seats: Sequence[int]) -> V:
        """What the holder of ``seats`` may see: the public view for none, ``view`` for one. A game that lets
        one user hold several seats with secrets (a solo game of two hands) overrides this to show them all;
        others have no such user, or nothing secret to merge."""
        if not seats:
            return self.view(state, None)
        if len(seats) > 1 and self.meta.hidden_information:
            raise NotImplementedError(f"{self.meta.id}: one user holds seats {list(seats)}; override view_of_seats")
        return self.view(state, seats[0])

    def commitments(self, view: V) -> list[str]:
        """The match's commitments in full, as lines a viewer can check (the **Verify seals** button): the log
        shows only a short fingerprint of each. Read from a view, so a seat sees what it may: a seal always, its opening
        only once the view holds it. Empty for a game that seals nothing."""
        return []

    def view_fields(self, state: S, seat: int | None, seat_names: tuple[str, ...]) -> dict[str, Any]:
        """The fields every view shares (``View``), filled the same way for every game: spread them into the
        game's own view type."""
        return {
            "game": self.meta.id,
            "viewer": seat,
            "seat_names": seat_names,
            "turn": self.turn_number(state),
            "to_decide": self.to_decide(state),
            "outcome": self.outcome(state),
        }

    # -- lobbies -----------------------------------------------------------------------------------------

    def seats_for(self, options: BaseModel) -> tuple[int, int]:
        """The seat counts these lobby options allow (Metamorph's duel: two); the game's range by default."""
        return self.meta.min_players, self.meta.max_players

    def options_for_seats(self, players: int) -> Mapping[str, Any]:
        """Lobby options that fit ``players`` seats where the defaults do not (a Metamorph lobby for four
        opens on the Wizard War, not the duel); none by default."""
        return {}

    def solo_options(self) -> Mapping[str, Any] | None:
        """The lobby options of a game one person plays alone holding two seats (Shadowscape's cooperative
        game of two heroes), or ``None`` where nobody plays alone. The lobby's **Play solo** applies them."""
        return None

    # -- resignation -------------------------------------------------------------------------------------

    def concede(self, state: S, seats: Collection[int], players: int) -> Outcome | None:
        """What the resignation of ``seats`` (one user's) does, by the rules: the ``Outcome`` that ends the
        match, or ``None`` when the seats drop out and the match goes on (the service hands them to the AI).

        Default: in a cooperative game the team loses together; when the resigners leave a single seat, it
        wins; with two or more seats left, the resigners drop out. Games override this to do otherwise."""
        names = " and ".join(self.seat_names(players)[s] for s in sorted(seats))
        if self.meta.cooperative:
            return Outcome(frozenset(), f"{names} resigned.")
        others = [s for s in range(players) if s not in seats]
        if len(others) <= 1:
            return Outcome.win(*others, reason=f"{names} resigned.")
        return None

    # -- AI hooks ------------------------------------------------------------------------------------------

    def evaluate(self, state: S, seat: int) -> float | None:
        """A heuristic value of ``state`` for ``seat`` in [-1, 1], or ``None`` if the game offers none."""
        return None

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``seat``'s view, its hidden parts sampled from ``rng``.

        Games of perfect information return ``state`` itself; hidden-information games must override.
        """
        if self.meta.hidden_information:
            raise NotImplementedError(f"{self.meta.id} must implement determinize")
        return state

    # -- JSON ----------------------------------------------------------------------------------------------

    def state_to_json(self, state: S) -> dict[str, Any]:
        """Plain JSON data for ``state``, stamped with the game id and the rules version it is played under."""
        return {"game": self.meta.id, "rules_version": self.rules_version_of(state), "state": to_json(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """The state stored by ``state_to_json``; data of another game or of a version not played is refused."""
        if data.get("game") != self.meta.id:
            raise IncompatibleState(f"stored state belongs to {data.get('game')!r}, not {self.meta.id!r}")
        version = data.get("rules_version")
        if not isinstance(version, int) or not self.meta.plays(version):
            raise IncompatibleState(
                f"stored state uses rules version {version}, this code plays version {self.meta.rules_version}"
                + (f" (and {', '.join(map(str, self.meta.older_rules))})" if self.meta.older_rules else "")
            )
        state = from_json(self.state_type, data["state"])
        if self.rules_version_of(state) != version:
            raise IncompatibleState(f"stored state says rules version {version} but holds another")
        return state

    def view_to_json(self, view: V) -> dict[str, Any]:
        return to_json(view)

    def view_from_json(self, data: Mapping[str, Any]) -> V:
        return from_json(self.view_type, data)


def canonical(data: Any) -> str:
    """A canonical JSON text: equal data gives byte-identical text (used for replays and leak tests)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def replay(
    game: Game[S, Any, Any],
    options: Mapping[str, Any] | BaseModel | None,
    players: int,
    seed: int | MatchKey,
    moves: Iterable[tuple[int, str]],
    *,
    rules_version: int | None = None,
) -> tuple[S, list[LogEntry]]:
    """Rebuild a match from its setup and its (seat, key) decisions: the basis of storage and audits."""
    state = game.setup(options, players, seed, rules_version=rules_version)
    log: list[LogEntry] = []
    for seat, key in moves:
        transition = game.act(state, seat, key)
        state = transition.state
        log.extend(transition.log)
    return state, log


def replay_views(
    game: Game[S, Any, V],
    options: Mapping[str, Any] | BaseModel | None,
    players: int,
    seed: int | MatchKey,
    moves: Iterable[tuple[int, str]],
    *,
    seat: int | None = None,
    rules_version: int | None = None,
) -> list[tuple[V, tuple[LogEntry, ...]]]:
    """What ``seat`` saw at the start and after each decision, with that decision's log: replay frames."""
    state = game.setup(options, players, seed, rules_version=rules_version)
    frames: list[tuple[V, tuple[LogEntry, ...]]] = [(game.view(state, seat), ())]
    for mover, key in moves:
        transition = game.act(state, mover, key)
        state = transition.state
        frames.append((game.view(state, seat), transition.log))
    return frames


def _from_text(model: type[BaseModel], raw: dict[str, Any]) -> dict[str, Any]:
    """Options as a chat's select sends them, as text, made the values of their fixed lists: a list of numbers
    (Metamorph's ``rounds``: 10, 20, 30 or 60) would otherwise refuse "10", which pydantic does not read as 10."""
    for name, value in raw.items():
        field = model.model_fields.get(name)
        if field is not None and isinstance(value, str) and typing.get_origin(field.annotation) is typing.Literal:
            raw[name] = next((a for a in typing.get_args(field.annotation) if str(a) == value), value)
    return raw
