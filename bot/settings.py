"""The bot's settings: the engine's (where matches are stored) plus what only the Discord adapter needs."""

from __future__ import annotations

import logging
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import NoDecode

from engine.settings import Settings as EngineSettings


class Settings(EngineSettings):
    """From the environment and ``.env`` (see ``.env.example``). The token is a ``SecretStr``: never printed."""

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Sharding, for a bot in more guilds than one gateway connection may hold (Discord: 2,500 each). Every
    # process names the same count and its own shards, "0,1"; unset, discord.py asks Discord for the count and
    # runs them all. Any process serves any match: only the database is shared.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None

    @field_validator("discord_token", "dev_guild_id", "shard_count", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """An empty line in .env means "not set", not an empty token."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        """``CHANGELING_SHARD_IDS=0,1`` (spaces allowed; empty: all of them)."""
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            return tuple(int(part) for part in parts) if parts else None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("CHANGELING_SHARD_IDS needs CHANGELING_SHARD_COUNT (the same in every process)")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong or len(set(self.shard_ids)) != len(self.shard_ids) or not self.shard_ids:
                raise ValueError(f"CHANGELING_SHARD_IDS must be distinct shards from 0 to {self.shard_count - 1}")
        return self

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands with Discord: only one need, the one holding
        shard 0 (or every shard)."""
        return self.shard_ids is None or 0 in self.shard_ids

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
