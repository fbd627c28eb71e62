"""The lobby, a part of ``MatchService``: opening a lobby, taking and giving up seats, AI seats, options, the
clock and rematches. Every change is planned against the live match and written with the same
compare-and-set as any other change of a match (``LiveMatches.change``)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .ai.levels import LEVEL_NAMES
from .clocks import EXPIRY_POLICIES, TimeControl
from .core import Game
from .errors import InvalidSetup
from .live import ATTEMPTS, Change, Live, LiveMatches
from .matches import (
    EMPTY_SEAT,
    AlreadySeated,
    ChannelBusy,
    MatchInfo,
    NotAPlayer,
    NotHost,
    Seat,
    SeatUnavailable,
    Status,
)
from .planning import Planner, game_of, in_lobby
from .registry import get_game
from .store import ChannelOccupied, DuplicateMatchId, StoreError

ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's base 32, lower case: URL and custom_id safe


def new_match_id() -> str:
    """Ten characters, 50 random bits: short enough to type, too many to guess or collide in practice."""
    return "".join(ID_ALPHABET[byte & 31] for byte in secrets.token_bytes(10))


class Lobby:
    """Lobby operations on the service's live matches, planned with its ``Planner``."""

    def __init__(self, live: LiveMatches, planner: Planner) -> None:
        self.live = live
        self.planner = planner

    async def create(
        self,
        *,
        channel_id: int,
        host_id: int,
        game_id: str,
        guild_id: int | None = None,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
        host_plays: bool = True,
        host_seat: int = 0,
        rated: bool = True,
    ) -> MatchInfo:
        """Open a lobby in a channel (``ChannelBusy`` if it has one); the host takes ``host_seat`` (the first
        by default) unless ``host_plays`` is false. ``players`` defaults to the most the options allow, and a
        count the default options do not fit picks options that do (``Game.options_for_seats``)."""
        game = get_game(game_id)
        fitting = game.options_for_seats(players) if players is not None else {}
        parsed = game.parse_options({**fitting, **(options or {})})
        low, high = game.seats_for(parsed)
        count = high if players is None else players
        if not low <= count <= high:
            raise InvalidSetup(f"{_for_players(game, low, high)}, not {count}.")
        if not 0 <= host_seat < count:
            raise SeatUnavailable(f"{game.meta.title} has seats 1–{count}; there is no seat {host_seat + 1}.")
        seats = [EMPTY_SEAT] * count
        if host_plays:
            seats[host_seat] = Seat(host_id)
        now = self.planner.now()
        match = MatchInfo(
            id=new_match_id(),
            game=game.meta.id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            options=parsed.model_dump(mode="json"),
            seats=tuple(seats),
            status=Status.LOBBY,
            version=0,
            revision=0,
            key=None,
            rules_version=game.meta.rules_version,
            outcome=None,
            created_at=now,
            updated_at=now,
            rated=rated,
        )
        return await self._insert(match)

    async def rematch(self, match_id: str, user_id: int) -> MatchInfo:
        """A new lobby in the same channel with the same game, options and seats, hosted by ``user_id``."""
        old = await self.live.row(match_id)
        if user_id != old.host_id and not old.seats_of(user_id):
            raise NotAPlayer()
        if old.status.open:
            raise ChannelBusy(old.id)
        now = self.planner.now()
        match = replace(
            old,
            id=new_match_id(),
            seats=tuple(Seat(seat.user_id) if seat.user_id is not None else seat for seat in old.seats),
            host_id=user_id,
            status=Status.LOBBY,
            version=0,
            revision=0,
            key=None,
            rules_version=get_game(old.game).meta.rules_version,
            outcome=None,
            created_at=now,
            updated_at=now,
        )
        return await self._insert(match)

    async def _insert(self, match: MatchInfo) -> MatchInfo:
        for _ in range(ATTEMPTS):
            try:
                await self.live.store.insert_match(match)
            except DuplicateMatchId:
                match = replace(match, id=new_match_id())
                continue
            except ChannelOccupied as exc:
                raise ChannelBusy(exc.match_id) from None
            self.live.remember(Live(match, None))
            return match
        raise StoreError("could not draw an unused match id")

    async def join(self, match_id: str, user_id: int, seat: int | None = None, *, hotseat: bool = False) -> MatchInfo:
        """Take ``seat`` (or the first free one) in a lobby; ``hotseat`` lets a user take a second seat.

        A player holding one seat who names another free seat moves to it (the host starts in the first
        seat, and this is how they play another side, against the AI say)."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            held = match.seats_of(user_id)
            game = game_of(match)
            if held and hotseat and not game.meta.hotseat:
                raise SeatUnavailable(f"{game.meta.title} is played one seat per person.")
            if held and not hotseat:
                names = game_of(match).seat_names(match.players)
                if seat is None or len(held) > 1:
                    raise AlreadySeated(names[held[0]])
                if seat in held:
                    raise AlreadySeated(names[seat])
                return self._reseat(match, {held[0]: EMPTY_SEAT, self._free_seat(match, seat): Seat(user_id)})
            index = self._free_seat(match, seat)
            return self._reseat(match, {index: Seat(user_id)})

        return (await self.live.change(match_id, plan)).match

    async def solo(self, match_id: str, user_id: int) -> MatchInfo:
        """**Play solo**: the host, alone in the lobby of a game one person may play alone, takes a second seat
        under the game's solo options (``Game.solo_options``); the caller then starts the match."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            game = game_of(match)
            solo = game.solo_options()
            if user_id != match.host_id:
                raise NotHost("play solo")
            if solo is None:
                raise InvalidSetup(f"{game.meta.title} is not played alone.")
            if any(not s.empty and s.user_id != user_id for s in match.seats):
                raise InvalidSetup("Someone else has joined: start the match together instead.")
            options = game.parse_options({**match.options, **solo}).model_dump(mode="json")
            held = match.seats_of(user_id)
            seats = [Seat(user_id) if i in held else EMPTY_SEAT for i in range(match.players)]
            for index in [i for i, s in enumerate(seats) if s.empty][: max(0, 2 - len(held))]:
                seats[index] = Seat(user_id)  # two hands in one: the seats the host holds, and free ones to two
            return Change(self.planner.touch(match, options=options, seats=tuple(seats)), None)

        return (await self.live.change(match_id, plan)).match

    async def seat_ai(self, match_id: str, user_id: int, level: str, seat: int | None = None) -> MatchInfo:
        """The host puts an AI of ``level`` in ``seat`` (or the first free one)."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            if user_id != match.host_id:
                raise NotHost("add an AI player")
            if level not in LEVEL_NAMES:
                raise InvalidSetup(f"That is not an AI level: choose {', '.join(LEVEL_NAMES)}.")
            return self._reseat(match, {self._free_seat(match, seat): Seat(ai_level=level)})

        return (await self.live.change(match_id, plan)).match

    async def clear_seat(self, match_id: str, user_id: int, seat: int) -> MatchInfo:
        """The host takes an AI out of ``seat`` in the lobby, leaving the seat open."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            if user_id != match.host_id:
                raise NotHost("remove an AI player")
            if not 0 <= seat < match.players or match.seats[seat].ai_level is None:
                raise SeatUnavailable("There is no AI player in that seat.")
            return self._reseat(match, {seat: EMPTY_SEAT})

        return (await self.live.change(match_id, plan)).match

    async def leave(self, match_id: str, user_id: int) -> MatchInfo:
        """Give up every seat ``user_id`` holds in a lobby (after the start, resign instead)."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            held = match.seats_of(user_id)
            if not held:
                raise NotAPlayer()
            return self._reseat(match, dict.fromkeys(held, EMPTY_SEAT))

        return (await self.live.change(match_id, plan)).match

    async def set_options(self, match_id: str, user_id: int, changes: Mapping[str, Any]) -> MatchInfo:
        """The host changes lobby options; the merged options must still fit the game (else ``InvalidSetup``)."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            if user_id != match.host_id:
                raise NotHost("change the options")
            merged = {**match.options, **changes}
            game = game_of(match)
            parsed = game.parse_options(merged)
            low, high = game.seats_for(parsed)
            if not low <= match.players <= high:
                raise InvalidSetup(f"{_for_players(game, low, high)}: this lobby has {match.players} seats.")
            return Change(self.planner.touch(match, options=parsed.model_dump(mode="json")), None)

        return (await self.live.change(match_id, plan)).match

    async def set_clock(
        self, match_id: str, user_id: int, *, preset: str | None = None, expiry: str | None = None
    ) -> MatchInfo:
        """The host chooses the clock (a preset of ``clocks.presets()``) and what happens when time runs out."""

        def plan(live: Live) -> Change:
            match = in_lobby(live)
            if user_id != match.host_id:
                raise NotHost("change the clock")
            control = match.time_control
            if preset is not None:
                control = TimeControl.from_preset(preset, control.expiry)
            if expiry is not None:
                if expiry not in EXPIRY_POLICIES:
                    raise InvalidSetup("That is not one of the choices for when time runs out.")
                if expiry == "claim" and game_of(match).meta.cooperative:
                    raise InvalidSetup("In a cooperative game nobody can claim a win.")
                control = replace(control, expiry=expiry)  # type: ignore[arg-type]
            return Change(self.planner.touch(match, time_control=control), None)

        return (await self.live.change(match_id, plan)).match

    def _free_seat(self, match: MatchInfo, seat: int | None) -> int:
        if seat is None:
            free = [i for i, s in enumerate(match.seats) if s.empty]
            if not free:
                raise SeatUnavailable("This match is full.")
            return free[0]
        if not 0 <= seat < match.players:
            raise SeatUnavailable(f"This match has seats 1–{match.players}; there is no seat {seat + 1}.")
        if not match.seats[seat].empty:
            raise SeatUnavailable(f"The {game_of(match).seat_names(match.players)[seat]} seat is taken.")
        return seat

    def _reseat(self, match: MatchInfo, occupants: Mapping[int, Seat]) -> Change:
        """``match`` with the seats numbered in ``occupants`` given to them, in one revision."""
        seats = tuple(occupants.get(i, s) for i, s in enumerate(match.seats))
        return Change(self.planner.touch(match, seats=seats), None)


def _for_players(game: Game, low: int, high: int) -> str:
    """``Metamorph is for 2–6 players``, or with options that narrow it, ``… with these options, exactly 2``."""
    span = f"exactly {low}" if low == high else f"{low}–{high}"
    narrowed = (low, high) != (game.meta.min_players, game.meta.max_players)
    return f"{game.meta.title}{' with these options' if narrowed else ''} is for {span} players"
