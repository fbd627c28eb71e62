"""The bot's settings: the engine's (where matches are stored) plus what only the Discord adapter needs."""

from __future__ import annotations

import logging

from pydantic import Field, SecretStr, field_validator

from engine.settings import Settings as EngineSettings


class Settings(EngineSettings):
    """From the environment and ``.env`` (see ``.env.example``). The token is a ``SecretStr``: never printed."""

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @field_validator("discord_token", "dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """An empty line in .env means "not set", not an empty token."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}")
        return level

    @property
    def sandbox(self) -> bool:
        """Without a token the bot runs against SimCord's simulated Discord."""
        return self.discord_token is None
