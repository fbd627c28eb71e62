"""Settings read from the environment (or a ``.env`` file), prefixed ``CHANGELING_``.

Only what the engine needs lives here: where matches are stored. The bot issue extends this class with its own
settings, so keep it minimal and every field defaulted.
"""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Configuration; ``CHANGELING_DATABASE`` names the database: a SQLite file (relative paths: the working
    directory), or a PostgreSQL server as ``postgresql://user:password@host/database`` for several processes.
    A text, not a path: a path would fold a URL's ``//``."""

    model_config = SettingsConfigDict(env_prefix="CHANGELING_", env_file=".env", extra="ignore")

    database: str = "changeling.db"
