"""SQLite schema migrations: numbered, applied in order at start-up, each recorded in ``schema_migrations``.

Append a new ``Migration`` to change the schema; never edit one that has shipped. A database whose recorded
version is above ``LATEST`` was written by newer code and is refused untouched.

Times are integer microseconds since the Unix epoch (UTC): compact and exact. Seats are a JSON list of
``[user_id, ai_level]`` pairs (and, from migration 5, rows of ``seats`` kept equal to it by triggers, so
"the matches of this user" and "matches with an AI seat" are index look-ups); options and outcomes are JSON
objects.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]


# The seat rows of one match: (match, seat number, user, AI level) from its seats_json.
_SEATS_OF = (
    "SELECT {match}, CAST(j.key AS INTEGER), json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]') FROM {source}"
)
_SEATS_OF_NEW = _SEATS_OF.format(match="new.id", source="json_each(new.seats_json) j")

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "matches, their append-only action log, snapshots",
        (
            """
            CREATE TABLE matches (
                id            TEXT PRIMARY KEY,
                game          TEXT NOT NULL,
                guild_id      INTEGER,
                channel_id    INTEGER NOT NULL,
                host_id       INTEGER NOT NULL,
                options_json  TEXT NOT NULL,
                players       INTEGER NOT NULL,
                seats_json    TEXT NOT NULL,
                status        TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'ended', 'aborted')),
                version       INTEGER NOT NULL,
                revision      INTEGER NOT NULL,
                seed          INTEGER,
                rules_version INTEGER NOT NULL,
                outcome_json  TEXT,
                created_at    INTEGER NOT NULL,
                updated_at    INTEGER NOT NULL
            )
            """,
            # At most one open match per channel, enforced by the database itself.
            "CREATE UNIQUE INDEX matches_open_channel ON matches (channel_id) WHERE status IN ('lobby', 'active')",
            "CREATE INDEX matches_guild ON matches (guild_id, updated_at)",
            "CREATE INDEX matches_guild_open ON matches (guild_id, updated_at) WHERE status IN ('lobby', 'active')",
            """
            CREATE TABLE actions (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seq      INTEGER NOT NULL,
                seat     INTEGER,
                key      TEXT NOT NULL,
                at       INTEGER NOT NULL,
                PRIMARY KEY (match_id, seq)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE snapshots (
                match_id   TEXT NOT NULL REFERENCES matches (id),
                seq        INTEGER NOT NULL,
                state_json TEXT NOT NULL,
                PRIMARY KEY (match_id, seq)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        2,
        "bookmarks: where a front end last showed each match",
        (
            """
            CREATE TABLE bookmarks (
                match_id   TEXT NOT NULL REFERENCES matches (id),
                kind       TEXT NOT NULL,
                channel_id INTEGER NOT NULL,
                message_id INTEGER NOT NULL,
                version    INTEGER NOT NULL,
                PRIMARY KEY (match_id, kind)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        3,
        "turn clocks: the lobby's time control, the clocks' state, when each match is next due; players",
        (
            "ALTER TABLE matches ADD COLUMN time_control_json TEXT",
            "ALTER TABLE matches ADD COLUMN clock_json TEXT",
            # Microseconds: the next reminder, deadline or vacation end of an active match (NULL: nothing due).
            "ALTER TABLE matches ADD COLUMN due_at INTEGER",
            "CREATE INDEX matches_due ON matches (due_at) WHERE due_at IS NOT NULL",
            """
            CREATE TABLE players (
                user_id        INTEGER PRIMARY KEY,
                remind_by      TEXT NOT NULL DEFAULT 'channel' CHECK (remind_by IN ('channel', 'dm')),
                vacation_from  INTEGER,
                vacation_until INTEGER,
                vacation_year  INTEGER,
                vacation_days  INTEGER NOT NULL DEFAULT 0
            )
            """,
        ),
    ),
    Migration(
        4,
        "keyed generators: which generator a match draws from, and the secret key of the keyed one",
        (
            # 1: SplitMix64 from the integer in ``seed`` (every match before this migration); 2: keyed BLAKE2b
            # from ``match_key``, 256 bits in hex (SQLite integers hold only 64).
            "ALTER TABLE matches ADD COLUMN generator INTEGER NOT NULL DEFAULT 1 CHECK (generator IN (1, 2))",
            "ALTER TABLE matches ADD COLUMN match_key TEXT",
        ),
    ),
    Migration(
        5,
        "seats: who holds each seat of each match, indexed by user and by AI, kept by triggers from seats_json",
        (
            """
            CREATE TABLE seats (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seat     INTEGER NOT NULL,
                user_id  INTEGER,
                ai_level TEXT,
                PRIMARY KEY (match_id, seat)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
            "CREATE INDEX seats_ai ON seats (match_id) WHERE ai_level IS NOT NULL",
            # The row's seats_json stays what the service reads; the database keeps this table equal to it.
            f"""
            CREATE TRIGGER matches_seats_insert AFTER INSERT ON matches BEGIN
                INSERT INTO seats (match_id, seat, user_id, ai_level) {_SEATS_OF_NEW};
            END
            """,
            f"""
            CREATE TRIGGER matches_seats_update AFTER UPDATE OF seats_json ON matches
            WHEN new.seats_json IS NOT old.seats_json BEGIN
                DELETE FROM seats WHERE match_id = new.id;
                INSERT INTO seats (match_id, seat, user_id, ai_level) {_SEATS_OF_NEW};
            END
            """,
            "INSERT INTO seats (match_id, seat, user_id, ai_level) "
            + _SEATS_OF.format(match="m.id", source="matches m, json_each(m.seats_json) j"),
        ),
    ),
    Migration(
        6,
        "auto-pass: a player's choice to decline reaction windows at once",
        ("ALTER TABLE players ADD COLUMN auto_pass INTEGER NOT NULL DEFAULT 0 CHECK (auto_pass IN (0, 1))",),
    ),
    Migration(
        7,
        "jobs: work a write leaves for the front end (reminders, boards), held by one process at a time; leases",
        (
            """
            CREATE TABLE jobs (
                match_id  TEXT NOT NULL REFERENCES matches (id),
                revision  INTEGER NOT NULL,
                work_json TEXT NOT NULL,
                holder    TEXT NOT NULL,
                until     INTEGER NOT NULL,
                PRIMARY KEY (match_id, revision)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX jobs_until ON jobs (until)",
            # Who drives a match's AI now: one process at a time, any other once the lease lapses.
            """
            CREATE TABLE leases (
                name   TEXT PRIMARY KEY,
                holder TEXT NOT NULL,
                until  INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        8,
        "results and ratings: who entered each match, what each ended match did to them, the ladders",
        (
            # ``results.seq`` numbers the results in the order they were rated: the order a rebuild rates them in.
            # Who held each seat when the match began: a seat a player resigns is the AI's from then on, and
            # the result still counts it as theirs (a loss). Kept by a trigger as the match starts.
            """
            CREATE TABLE entrants (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seat     INTEGER NOT NULL,
                user_id  INTEGER,
                ai_level TEXT,
                PRIMARY KEY (match_id, seat)
            ) WITHOUT ROWID
            """,
            f"""
            CREATE TRIGGER matches_entrants AFTER UPDATE OF status ON matches
            WHEN old.status = 'lobby' AND new.status = 'active' BEGIN
                INSERT OR REPLACE INTO entrants (match_id, seat, user_id, ai_level) {_SEATS_OF_NEW};
            END
            """,
            # Matches begun before this migration: their seats now are the best record of who entered.
            "INSERT INTO entrants (match_id, seat, user_id, ai_level) SELECT s.match_id, s.seat, s.user_id, "
            "s.ai_level FROM seats s JOIN matches m ON m.id = s.match_id WHERE m.status IN ('active', 'ended')",
            """
            CREATE TABLE results (
                match_id    TEXT PRIMARY KEY REFERENCES matches (id),
                seq         INTEGER NOT NULL UNIQUE,
                game        TEXT NOT NULL,
                guild_id    INTEGER,
                ended_at    INTEGER NOT NULL,
                rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
                cooperative INTEGER NOT NULL CHECK (cooperative IN (0, 1)),
                difficulty  TEXT NOT NULL,
                decisions   INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE result_seats (
                match_id     TEXT NOT NULL REFERENCES results (match_id),
                seat         INTEGER NOT NULL,
                user_id      INTEGER NOT NULL,
                game         TEXT NOT NULL,
                guild_id     INTEGER,
                ended_at     INTEGER NOT NULL,
                place        INTEGER NOT NULL,
                won          INTEGER NOT NULL CHECK (won IN (0, 1)),
                resigned     INTEGER NOT NULL CHECK (resigned IN (0, 1)),
                shown_before INTEGER,
                shown_after  INTEGER,
                PRIMARY KEY (match_id, seat)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX result_seats_user ON result_seats (user_id, ended_at)",
            """
            CREATE TABLE ratings (
                scope       INTEGER NOT NULL,
                game        TEXT NOT NULL,
                user_id     INTEGER NOT NULL,
                mu          REAL NOT NULL,
                sigma       REAL NOT NULL,
                ordinal     REAL NOT NULL,
                matches     INTEGER NOT NULL,
                wins        INTEGER NOT NULL,
                streak      INTEGER NOT NULL,
                best_streak INTEGER NOT NULL,
                last_at     INTEGER,
                listed      INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
                PRIMARY KEY (scope, game, user_id)
            ) WITHOUT ROWID
            """,
            # ``listed``: 0 while the player hides (``players.hidden``), kept equal to it by the stores; in the
            # ladder's index, so a page, a count and a rank are ranges of it, with no look-up a row.
            "CREATE INDEX ratings_ladder ON ratings (scope, game, listed, ordinal DESC, user_id)",
            "CREATE INDEX ratings_user ON ratings (user_id)",
            # A player may keep off the ladders (``/game settings``): still rated, never listed.
            "ALTER TABLE players ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))",
            # The host's choice (``/game new rated:``): a match of people only is rated unless it is turned off.
            "ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1))",
        ),
    ),
)

LATEST = MIGRATIONS[-1].version

BOOKKEEPING = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
