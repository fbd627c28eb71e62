"""A match row, a player row and their columns, as every store writes and reads them: the same values in SQLite
and PostgreSQL, so a database moves from one to the other column for column.

Times are integer microseconds since the Unix epoch (UTC); options, seats, outcomes and clocks are compact JSON
text; the keyed generator's 256-bit secret is hex.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..clocks import ClockState, PlayerSettings, TimeControl
from ..codec import from_json, to_json
from ..core import Outcome
from ..matches import MatchInfo, Seat, Status
from ..rng import KEYED, LEGACY, MatchKey

NAMES = (
    "id", "game", "guild_id", "channel_id", "host_id", "options_json", "players", "seats_json", "status", "version",
    "revision", "seed", "rules_version", "outcome_json", "created_at", "updated_at", "time_control_json",
    "clock_json", "due_at", "generator", "match_key", "rated",
)  # fmt: skip
COLUMNS = ", ".join(NAMES)
FIXED = ("id", "game", "guild_id", "channel_id", "created_at")  # set once, at insert
PLAYER_COLUMNS = (
    "user_id, remind_by, vacation_from, vacation_until, vacation_year, vacation_days, auto_pass, hidden"
)
OPEN = "status IN ('lobby', 'active')"


def micros(moment: datetime) -> int:
    delta = moment - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def moment(micros: int) -> datetime:
    return datetime.fromtimestamp(micros // 1_000_000, UTC).replace(microsecond=micros % 1_000_000)


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _seats_json(seats: tuple[Seat, ...]) -> str:
    return dumps([[seat.user_id, seat.ai_level] for seat in seats])


def optional_micros(moment: datetime | None) -> int | None:
    return None if moment is None else micros(moment)


def optional_moment(micros: int | None) -> datetime | None:
    return None if micros is None else moment(micros)


def row_values(match: MatchInfo) -> dict[str, Any]:
    """The row of ``match``, by column name."""
    seed, generator, hex_key = _key_columns(match.key)
    return {
        "id": match.id,
        "game": match.game,
        "guild_id": match.guild_id,
        "channel_id": match.channel_id,
        "host_id": match.host_id,
        "options_json": dumps(dict(match.options)),
        "players": match.players,
        "seats_json": _seats_json(match.seats),
        "status": match.status.value,
        "version": match.version,
        "revision": match.revision,
        "seed": seed,
        "rules_version": match.rules_version,
        "outcome_json": None if match.outcome is None else dumps(to_json(match.outcome)),
        "created_at": micros(match.created_at),
        "updated_at": micros(match.updated_at),
        "time_control_json": dumps(match.time_control.to_json()) if match.time_control.timed else None,
        "clock_json": None if match.clock.empty else dumps(match.clock.to_json()),
        "due_at": optional_micros(match.due_at),
        "generator": generator,
        "match_key": hex_key,
        "rated": int(match.rated),
    }


def _key_columns(key: MatchKey | None) -> tuple[int | None, int, str | None]:
    """``seed``, ``generator`` and ``match_key`` of a match key: the old generator's seed fits an integer
    column, the keyed generator's 256-bit secret is stored as hex."""
    if key is None:
        return (None, KEYED, None)
    if key.generator == LEGACY:
        return (key.secret, LEGACY, None)
    return (None, KEYED, f"{key.secret:064x}")


def _key(seed: int | None, generator: int, hex_key: str | None) -> MatchKey | None:
    if generator == LEGACY:
        return None if seed is None else MatchKey(seed, LEGACY)
    return None if hex_key is None else MatchKey(int(hex_key, 16), KEYED)


def match_of(row: Mapping[str, Any]) -> MatchInfo:
    """A ``MatchInfo`` from a row selected with ``COLUMNS`` (an ``sqlite3.Row`` or an ``asyncpg.Record``)."""
    return MatchInfo(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        options=json.loads(row["options_json"]),
        seats=tuple(Seat(user, ai) for user, ai in json.loads(row["seats_json"])),
        status=Status(row["status"]),
        version=row["version"],
        revision=row["revision"],
        key=_key(row["seed"], row["generator"], row["match_key"]),
        rules_version=row["rules_version"],
        outcome=None if row["outcome_json"] is None else from_json(Outcome, json.loads(row["outcome_json"])),
        created_at=moment(row["created_at"]),
        updated_at=moment(row["updated_at"]),
        time_control=TimeControl.from_json(loads(row["time_control_json"])),
        clock=ClockState.from_json(loads(row["clock_json"])),
        rated=bool(row["rated"]),
    )


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def player_of(row: Mapping[str, Any]) -> PlayerSettings:
    return PlayerSettings(
        row["user_id"],
        row["remind_by"],
        optional_moment(row["vacation_from"]),
        optional_moment(row["vacation_until"]),
        row["vacation_year"],
        row["vacation_days"],
        bool(row["auto_pass"]),
        bool(row["hidden"]),
    )


def player_values(player: PlayerSettings) -> tuple[Any, ...]:
    """A player's settings as a row, in ``PLAYER_COLUMNS`` order."""
    return (
        player.user_id,
        player.remind_by,
        optional_micros(player.vacation_from),
        optional_micros(player.vacation_until),
        player.vacation_year,
        player.vacation_days,
        int(player.auto_pass),
        int(player.hidden),
    )
