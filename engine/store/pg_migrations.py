"""PostgreSQL schema migrations: numbered, applied in order at start-up, each recorded in ``schema_migrations``.

The same rules as SQLite's (``migrations.py``): append, never edit one that has shipped, refuse a database from
newer code. PostgreSQL's list starts where SQLite's stood when it was added, in one step: version 1 here is
SQLite's version 6, column for column (the same names, integer microseconds, JSON as text), so that
``engine.store.migrate`` copies rows across unchanged; later ones follow SQLite's (2 is SQLite's 7, 3 is 8). Discord
ids and times are ``BIGINT``.

The ``seats`` rows are kept equal to ``seats_json`` by a trigger, as in SQLite.
"""

from __future__ import annotations

from .migrations import Migration

PG_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "matches, their log and snapshots, bookmarks, clocks, keyed generators, seats, players (SQLite's 1-6)",
        (
            """
            CREATE TABLE matches (
                id                TEXT PRIMARY KEY,
                game              TEXT NOT NULL,
                guild_id          BIGINT,
                channel_id        BIGINT NOT NULL,
                host_id           BIGINT NOT NULL,
                options_json      TEXT NOT NULL,
                players           INTEGER NOT NULL,
                seats_json        TEXT NOT NULL,
                status            TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'ended', 'aborted')),
                version           INTEGER NOT NULL,
                revision          INTEGER NOT NULL,
                seed              BIGINT,
                rules_version     INTEGER NOT NULL,
                outcome_json      TEXT,
                created_at        BIGINT NOT NULL,
                updated_at        BIGINT NOT NULL,
                time_control_json TEXT,
                clock_json        TEXT,
                due_at            BIGINT,
                generator         INTEGER NOT NULL DEFAULT 1 CHECK (generator IN (1, 2)),
                match_key         TEXT
            )
            """,
            "CREATE UNIQUE INDEX matches_open_channel ON matches (channel_id) WHERE status IN ('lobby', 'active')",
            "CREATE INDEX matches_guild ON matches (guild_id, updated_at)",
            "CREATE INDEX matches_guild_open ON matches (guild_id, updated_at) WHERE status IN ('lobby', 'active')",
            "CREATE INDEX matches_due ON matches (due_at) WHERE due_at IS NOT NULL",
            """
            CREATE TABLE actions (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seq      INTEGER NOT NULL,
                seat     INTEGER,
                key      TEXT NOT NULL,
                at       BIGINT NOT NULL,
                PRIMARY KEY (match_id, seq)
            )
            """,
            """
            CREATE TABLE snapshots (
                match_id   TEXT NOT NULL REFERENCES matches (id),
                seq        INTEGER NOT NULL,
                state_json TEXT NOT NULL,
                PRIMARY KEY (match_id, seq)
            )
            """,
            """
            CREATE TABLE bookmarks (
                match_id   TEXT NOT NULL REFERENCES matches (id),
                kind       TEXT NOT NULL,
                channel_id BIGINT NOT NULL,
                message_id BIGINT NOT NULL,
                version    INTEGER NOT NULL,
                PRIMARY KEY (match_id, kind)
            )
            """,
            """
            CREATE TABLE players (
                user_id        BIGINT PRIMARY KEY,
                remind_by      TEXT NOT NULL DEFAULT 'channel' CHECK (remind_by IN ('channel', 'dm')),
                vacation_from  BIGINT,
                vacation_until BIGINT,
                vacation_year  INTEGER,
                vacation_days  INTEGER NOT NULL DEFAULT 0,
                auto_pass      INTEGER NOT NULL DEFAULT 0 CHECK (auto_pass IN (0, 1))
            )
            """,
            """
            CREATE TABLE seats (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seat     INTEGER NOT NULL,
                user_id  BIGINT,
                ai_level TEXT,
                PRIMARY KEY (match_id, seat)
            )
            """,
            "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
            "CREATE INDEX seats_ai ON seats (match_id) WHERE ai_level IS NOT NULL",
            """
            CREATE FUNCTION matches_seats() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'UPDATE' THEN
                    IF NEW.seats_json IS NOT DISTINCT FROM OLD.seats_json THEN
                        RETURN NEW;
                    END IF;
                    DELETE FROM seats WHERE match_id = NEW.id;
                END IF;
                INSERT INTO seats (match_id, seat, user_id, ai_level)
                SELECT NEW.id, (j.ord - 1)::INTEGER, (j.value ->> 0)::BIGINT, j.value ->> 1
                FROM jsonb_array_elements(NEW.seats_json::jsonb) WITH ORDINALITY AS j (value, ord);
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER matches_seats AFTER INSERT OR UPDATE OF seats_json ON matches
            FOR EACH ROW EXECUTE FUNCTION matches_seats()
            """,
        ),
    ),
    Migration(
        2,
        "jobs held by one process at a time, and leases (SQLite's 7)",
        (
            """
            CREATE TABLE jobs (
                match_id  TEXT NOT NULL REFERENCES matches (id),
                revision  INTEGER NOT NULL,
                work_json TEXT NOT NULL,
                holder    TEXT NOT NULL,
                until     BIGINT NOT NULL,
                PRIMARY KEY (match_id, revision)
            )
            """,
            "CREATE INDEX jobs_until ON jobs (until)",
            "CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until BIGINT NOT NULL)",
        ),
    ),
    Migration(
        3,
        "results and ratings: entrants, results, their seats, the ladders; players may hide (SQLite's 8)",
        (
            """
            CREATE TABLE entrants (
                match_id TEXT NOT NULL REFERENCES matches (id),
                seat     INTEGER NOT NULL,
                user_id  BIGINT,
                ai_level TEXT,
                PRIMARY KEY (match_id, seat)
            )
            """,
            """
            CREATE FUNCTION matches_entrants() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF OLD.status = 'lobby' AND NEW.status = 'active' THEN
                    DELETE FROM entrants WHERE match_id = NEW.id;
                    INSERT INTO entrants (match_id, seat, user_id, ai_level)
                    SELECT NEW.id, (j.ord - 1)::INTEGER, (j.value ->> 0)::BIGINT, j.value ->> 1
                    FROM jsonb_array_elements(NEW.seats_json::jsonb) WITH ORDINALITY AS j (value, ord);
                END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER matches_entrants AFTER UPDATE OF status ON matches
            FOR EACH ROW EXECUTE FUNCTION matches_entrants()
            """,
            "INSERT INTO entrants (match_id, seat, user_id, ai_level) SELECT s.match_id, s.seat, s.user_id, "
            "s.ai_level FROM seats s JOIN matches m ON m.id = s.match_id WHERE m.status IN ('active', 'ended')",
            """
            CREATE TABLE results (
                match_id    TEXT PRIMARY KEY REFERENCES matches (id),
                seq         BIGINT NOT NULL UNIQUE,
                game        TEXT NOT NULL,
                guild_id    BIGINT,
                ended_at    BIGINT NOT NULL,
                rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
                cooperative INTEGER NOT NULL CHECK (cooperative IN (0, 1)),
                difficulty  TEXT NOT NULL,
                decisions   INTEGER NOT NULL
            )
            """,
            # Drawn after the ratings a result changes are locked: of two results sharing a player, the one
            # rated first has the lower number, so a rebuild in this order rates them as they were rated.
            "CREATE SEQUENCE results_seq",
            """
            CREATE TABLE result_seats (
                match_id     TEXT NOT NULL REFERENCES results (match_id),
                seat         INTEGER NOT NULL,
                user_id      BIGINT NOT NULL,
                game         TEXT NOT NULL,
                guild_id     BIGINT,
                ended_at     BIGINT NOT NULL,
                place        INTEGER NOT NULL,
                won          INTEGER NOT NULL CHECK (won IN (0, 1)),
                resigned     INTEGER NOT NULL CHECK (resigned IN (0, 1)),
                shown_before INTEGER,
                shown_after  INTEGER,
                PRIMARY KEY (match_id, seat)
            )
            """,
            "CREATE INDEX result_seats_user ON result_seats (user_id, ended_at)",
            """
            CREATE TABLE ratings (
                scope       BIGINT NOT NULL,
                game        TEXT NOT NULL,
                user_id     BIGINT NOT NULL,
                mu          DOUBLE PRECISION NOT NULL,
                sigma       DOUBLE PRECISION NOT NULL,
                ordinal     DOUBLE PRECISION NOT NULL,
                matches     INTEGER NOT NULL,
                wins        INTEGER NOT NULL,
                streak      INTEGER NOT NULL,
                best_streak INTEGER NOT NULL,
                last_at     BIGINT,
                listed      INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
                PRIMARY KEY (scope, game, user_id)
            )
            """,
            # ``listed``: 0 while the player hides (``players.hidden``), kept equal to it by the stores; in the
            # ladder's index, so a page, a count and a rank are ranges of it, with no look-up a row.
            "CREATE INDEX ratings_ladder ON ratings (scope, game, listed, ordinal DESC, user_id)",
            "CREATE INDEX ratings_user ON ratings (user_id)",
            "ALTER TABLE players ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))",
            "ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1))",
        ),
    ),
)

PG_LATEST = PG_MIGRATIONS[-1].version

PG_BOOKKEEPING = (
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)"
)
